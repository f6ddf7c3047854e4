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
//! edge are settled a word at a time, and only the band of pixels along the edge keeps a margin of
//! its own: the field costs two bits a pixel plus the band.

use image::DynamicImage;
use rayon::prelude::*;

use super::error::{CoreError, CoreResult};
use super::marching_squares::Samples;
use super::mask_bits::{MaskBits, nearest_in_row};

/// Pixels whose alpha reaches a threshold. Row-major, `inside[y * width + x]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AlphaMask {
    pub width: usize,
    pub height: usize,
    pub inside: Vec<bool>,
}

impl AlphaMask {
    /// The mask packed 64 pixels to a word.
    pub fn bits(&self) -> MaskBits {
        MaskBits::new(self.width, self.height, &self.inside)
    }

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

/// The padded mask as a signed margin field (see the module docs), stored sparsely: a masked pixel's
/// margin is the constant `padding + 0.5`, a pixel with no masked pixel within the distance window
/// reads the constant far margin, and only the pixels in between (a band along the mask's edge) keep
/// a margin of their own. Nothing is stored per pixel beyond two bits.
#[derive(Debug, Clone)]
pub struct PaddedField {
    pub width: usize,
    pub height: usize,
    /// Outward padding in pixels.
    pub padding: f64,
    /// The masked pixels (margin [`PaddedField::inside`]).
    mask: MaskBits,
    /// Unmasked pixels with a masked pixel in their window, packed like `mask`: their margins are
    /// `values`, in row-major order.
    band: Vec<u64>,
    /// Per word of `band`, the index in `values` of its first pixel.
    band_start: Vec<usize>,
    values: Vec<f32>,
    inside: f32,
    far: f32,
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
        Self::from_bits(mask.bits(), padding, Vec::new())
    }

    /// [`PaddedField::new`] on a packed mask, the band's margins written into `buffer` (whose memory
    /// is reused).
    pub fn from_bits(mask: MaskBits, padding: f64, buffer: Vec<f32>) -> CoreResult<Self> {
        if !(0.0..=64.0).contains(&padding) {
            return Err(CoreError::InvalidSetting(format!(
                "padding {padding} px is not between 0 and 64"
            )));
        }
        let (width, height) = (mask.width, mask.height);
        let reach = padding + 0.5;
        let window = (reach + 1.5).ceil() as usize;
        // Squared distances (row distances capped at the window) are small integers: look their
        // margins up instead of taking roots.
        let capped = window * window + 1;
        let margin_of: Vec<f32> = (0..=capped)
            .map(|d2| ((reach - (d2 as f64).sqrt()) as f32).max(-1.0))
            .collect();
        // A masked pixel is at distance 0; one with no masked pixel in its window reads the capped
        // row distance, `window`, on its own row.
        let (inside, far) = (margin_of[0], margin_of[window * window]);
        let words = mask.words_per_row;
        let mut band = vec![0u64; words * height];
        let mut values = buffer;
        values.clear();
        if words > 0 {
            // Bits past the last column are not pixels (the dilation may spill into them).
            let last = match width % 64 {
                0 => u64::MAX,
                r => (1u64 << r) - 1,
            };
            let rows: Vec<Vec<f32>> = band
                .par_chunks_exact_mut(words)
                .enumerate()
                .map_init(
                    || (vec![0u64; words], vec![0u64; words]),
                    |(column, near), (y, out)| {
                        mask.dilated_row(y, window, column, near);
                        let mut row_values = Vec::new();
                        for (i, (word, (&near, &set))) in
                            out.iter_mut().zip(near.iter().zip(mask.row(y))).enumerate()
                        {
                            let valid = if i + 1 == words { last } else { u64::MAX };
                            *word = near & !set & valid;
                            let mut todo = *word;
                            while todo != 0 {
                                let j = todo.trailing_zeros() as usize;
                                todo &= todo - 1;
                                let d2 = nearest_squared(&mask, i * 64 + j, y, window);
                                row_values.push(margin_of[d2]);
                            }
                        }
                        row_values
                    },
                )
                .collect();
            values.extend(rows.into_iter().flatten());
        }
        let mut band_start = Vec::with_capacity(band.len());
        let mut total = 0usize;
        for word in &band {
            band_start.push(total);
            total += word.count_ones() as usize;
        }
        Ok(Self {
            width,
            height,
            padding,
            mask,
            band,
            band_start,
            values,
            inside,
            far,
        })
    }

    /// The margin at pixel centre (x, y) (within the image).
    pub fn margin(&self, x: usize, y: usize) -> f32 {
        let (i, j) = (x / 64, x % 64);
        if self.mask.row(y)[i] >> j & 1 == 1 {
            return self.inside;
        }
        let k = y * self.mask.words_per_row + i;
        let band = self.band[k];
        if band >> j & 1 == 1 {
            let before = (band & ((1u64 << j) - 1)).count_ones() as usize;
            self.values[self.band_start[k] + before]
        } else {
            self.far
        }
    }

    /// Every margin, row-major (`width · height` values; for tests and comparisons: the field
    /// itself never stores them all).
    pub fn margins(&self) -> Vec<f32> {
        (0..self.height)
            .flat_map(|y| (0..self.width).map(move |x| self.margin(x, y)))
            .collect()
    }

    /// Bit `x % 64` of word `y · ⌈width / 64⌉ + x / 64` set where the margin at (x, y) is at least
    /// `level`; bits past the last column are 0.
    pub fn bits_at_least(&self, level: f32) -> Vec<u64> {
        let words = self.mask.words_per_row;
        let last = match self.width % 64 {
            0 => u64::MAX,
            r => (1u64 << r) - 1,
        };
        let mut out = Vec::with_capacity(self.band.len());
        for y in 0..self.height {
            for (i, &set) in self.mask.row(y).iter().enumerate() {
                let k = y * words + i;
                let band = self.band[k];
                let valid = if i + 1 == words { last } else { u64::MAX };
                let mut word = 0;
                if self.inside >= level {
                    word |= set;
                }
                if self.far >= level {
                    word |= !set & !band & valid;
                }
                let mut todo = band;
                let mut index = self.band_start[k];
                while todo != 0 {
                    let j = todo.trailing_zeros();
                    todo &= todo - 1;
                    if self.values[index] >= level {
                        word |= 1 << j;
                    }
                    index += 1;
                }
                out.push(word);
            }
        }
        out
    }

    /// Gives back the band's buffer, for the next field to reuse.
    pub fn into_buffer(self) -> Vec<f32> {
        self.values
    }

    /// Whether the pixel centre at (x, y) lies inside the padded outline.
    pub fn is_inside(&self, x: usize, y: usize) -> bool {
        self.margin(x, y) >= 0.0
    }
}

impl Samples for PaddedField {
    fn size(&self) -> (usize, usize) {
        (self.width, self.height)
    }

    fn value(&self, x: usize, y: usize) -> f32 {
        self.margin(x, y)
    }

    fn bits_at_least(&self, level: f32) -> Vec<u64> {
        PaddedField::bits_at_least(self, level)
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
