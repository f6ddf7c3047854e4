//! The sprite's visible region: alpha ≥ threshold, then padded outward by a distance.
//!
//! [`AlphaMask`] marks the pixels whose alpha reaches the threshold. [`PaddedField`] holds, for each
//! pixel centre, the signed *margin* `(padding + 0.5) − d`, where `d` is the Euclidean distance to the
//! nearest masked pixel centre. The outline traced at margin 0 lies `padding` pixels beyond the masked
//! pixels' own edges, so antialiased fringes fall inside the mesh; linear interpolation of the margin
//! between pixel centres gives a smooth, sub-pixel outline instead of a pixel staircase.
//!
//! Rows are independent, so they run in parallel (rayon); the result does not depend on the number
//! of threads. The mask is packed 64 pixels to a word ([`MaskBits`]), so that pixels far from its
//! edge are settled a word at a time.

use image::DynamicImage;
use rayon::prelude::*;

use super::error::{CoreError, CoreResult};
use super::mask_bits::{MaskBits, nearest_in_row};

/// Pixels whose alpha reaches a threshold. Row-major, `inside[y * width + x]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AlphaMask {
    pub width: usize,
    pub height: usize,
    pub inside: Vec<bool>,
}

impl AlphaMask {
    /// Marks pixels with `alpha / max_alpha >= threshold` (`threshold` a fraction in 0–1). Images with no
    /// alpha channel are fully opaque.
    pub fn from_image(image: &DynamicImage, threshold: f64) -> CoreResult<Self> {
        let bits = MaskBits::from_image(image, threshold)?;
        let (width, height) = (bits.width, bits.height);
        let inside = (0..height)
            .flat_map(|y| (0..width).map(move |x| (x, y)))
            .map(|(x, y)| bits.get(x, y))
            .collect();
        Ok(Self {
            width,
            height,
            inside,
        })
    }

    /// Number of masked pixels.
    pub fn count(&self) -> usize {
        self.inside.iter().filter(|&&b| b).count()
    }
}

/// The padded mask as a signed margin field (see the module docs). Row-major like [`AlphaMask`].
#[derive(Debug, Clone)]
pub struct PaddedField {
    pub width: usize,
    pub height: usize,
    /// Outward padding in pixels.
    pub padding: f64,
    /// `(padding + 0.5) − distance to the nearest masked pixel centre`, clamped below at −1.
    pub margin: Vec<f32>,
}

impl PaddedField {
    /// Builds the margin field. Distances are exact Euclidean distances up to `padding + 2` px; farther
    /// pixels all read as margin −1 (they are outside, and only the sign near the outline matters).
    ///
    /// Only pixels near the mask's edge cost a distance search: a masked pixel's margin is
    /// `padding + 0.5`, and a pixel with no masked pixel within its window (found 64 at a time by a
    /// dilation of the packed mask) reads −1. The rest take the nearest masked pixel of each row in
    /// the window, also found by words.
    pub fn new(mask: &AlphaMask, padding: f64) -> CoreResult<Self> {
        Self::from_bits(&MaskBits::new(mask), padding, Vec::new())
    }

    /// [`PaddedField::new`] on a packed mask, the margins written into `buffer` (whose memory is
    /// reused: a field as large as the last one needs no new pages).
    pub fn from_bits(bits: &MaskBits, padding: f64, buffer: Vec<f32>) -> CoreResult<Self> {
        if !(0.0..=64.0).contains(&padding) {
            return Err(CoreError::InvalidSetting(format!(
                "padding {padding} px is not between 0 and 64"
            )));
        }
        let (width, height) = (bits.width, bits.height);
        let reach = padding + 0.5;
        let window = (reach + 1.5).ceil() as usize;
        // Squared distances (row distances capped at the window) are small integers: look their
        // margins up instead of taking roots.
        let capped = window * window + 1;
        let margin_of: Vec<f32> = (0..=capped)
            .map(|d2| ((reach - (d2 as f64).sqrt()) as f32).max(-1.0))
            .collect();
        // Every margin is written below: only a buffer of another size needs (re)filling.
        let mut margin = buffer;
        if margin.len() != width * height {
            margin = vec![0.0; width * height];
        }
        if width == 0 || height == 0 {
            return Ok(Self {
                width,
                height,
                padding,
                margin,
            });
        }
        // A masked pixel is at distance 0; one with no masked pixel in its window reads the capped
        // row distance, `window`, on its own row.
        let (inside, far) = (margin_of[0], margin_of[window * window]);
        let words = bits.words_per_row;
        margin
            .par_chunks_exact_mut(width)
            .enumerate()
            .for_each_init(
                || (vec![0u64; words], vec![0u64; words]),
                |(column, near), (y, out)| {
                    bits.dilated_row(y, window, column, near);
                    let own = bits.row(y);
                    for (i, (chunk, (&near, &set))) in
                        out.chunks_mut(64).zip(near.iter().zip(own)).enumerate()
                    {
                        if set == u64::MAX {
                            chunk.fill(inside);
                            continue;
                        }
                        chunk.fill(far);
                        let mut todo = near;
                        while todo != 0 {
                            let j = todo.trailing_zeros() as usize;
                            todo &= todo - 1;
                            let Some(m) = chunk.get_mut(j) else {
                                break;
                            };
                            *m = if set >> j & 1 == 1 {
                                inside
                            } else {
                                margin_of[nearest_squared(bits, i * 64 + j, y, window)]
                            };
                        }
                    }
                },
            );
        Ok(Self {
            width,
            height,
            padding,
            margin,
        })
    }

    /// Whether the pixel centre at (x, y) lies inside the padded outline.
    pub fn is_inside(&self, x: usize, y: usize) -> bool {
        self.margin[y * self.width + x] >= 0.0
    }
}

/// The least `dx² + dy²` over the rows within `window` of `y`, where `dx` is the distance from column
/// `x` to that row's nearest masked pixel, capped at `window`, and `dy` the row offset: a squared
/// Euclidean distance, exact up to `window`.
fn nearest_squared(bits: &MaskBits, x: usize, y: usize, window: usize) -> usize {
    let mut best = window * window + 1;
    for dy in 0..=window {
        if dy * dy >= best {
            break;
        }
        for source in [y.checked_sub(dy), Some(y + dy).filter(|_| dy > 0)] {
            if let Some(source) = source.filter(|&s| s < bits.height) {
                let dx = nearest_in_row(bits.row(source), x, window);
                best = best.min(dx * dx + dy * dy);
            }
        }
    }
    best
}

#[cfg(test)]
mod tests;
