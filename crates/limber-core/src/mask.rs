//! The sprite's visible region: alpha ≥ threshold, then padded outward by a distance.
//!
//! [`AlphaMask`] marks the pixels whose alpha reaches the threshold. [`PaddedField`] holds, for each
//! pixel centre, the signed *margin* `(padding + 0.5) − d`, where `d` is the Euclidean distance to the
//! nearest masked pixel centre. The outline traced at margin 0 lies `padding` pixels beyond the masked
//! pixels' own edges, so antialiased fringes fall inside the mesh; linear interpolation of the margin
//! between pixel centres gives a smooth, sub-pixel outline instead of a pixel staircase.
//!
//! Rows are independent in both passes, so they run in parallel (rayon); the result does not depend
//! on the number of threads.

use image::DynamicImage;
use rayon::prelude::*;

use super::error::{CoreError, CoreResult};

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
        if !(0.0..=1.0).contains(&threshold) {
            return Err(CoreError::InvalidSetting(format!(
                "alpha threshold {threshold} is not a fraction between 0 and 1"
            )));
        }
        let (width, height) = (image.width() as usize, image.height() as usize);
        let inside: Vec<bool> = match image {
            DynamicImage::ImageRgba8(buffer) => {
                let min = quantised_threshold(threshold, 255.0) as u8;
                buffer.pixels().map(|p| p.0[3] >= min).collect()
            }
            DynamicImage::ImageLumaA8(buffer) => {
                let min = quantised_threshold(threshold, 255.0) as u8;
                buffer.pixels().map(|p| p.0[1] >= min).collect()
            }
            DynamicImage::ImageRgba16(buffer) => {
                let min = quantised_threshold(threshold, 65535.0) as u16;
                buffer.pixels().map(|p| p.0[3] >= min).collect()
            }
            DynamicImage::ImageLumaA16(buffer) => {
                let min = quantised_threshold(threshold, 65535.0) as u16;
                buffer.pixels().map(|p| p.0[1] >= min).collect()
            }
            DynamicImage::ImageRgba32F(buffer) => buffer
                .pixels()
                .map(|p| f64::from(p.0[3]) >= threshold)
                .collect(),
            other if other.color().has_alpha() => {
                let min = quantised_threshold(threshold, 255.0) as u8;
                other.to_rgba8().pixels().map(|p| p.0[3] >= min).collect()
            }
            _ => vec![true; width * height],
        };
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

/// The smallest integer alpha value `a` with `a / max >= threshold`; a threshold of 0 still needs
/// alpha ≥ 0, which every pixel has.
fn quantised_threshold(threshold: f64, max: f64) -> f64 {
    (threshold * max - 1e-9).ceil().clamp(0.0, max)
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
    pub fn new(mask: &AlphaMask, padding: f64) -> CoreResult<Self> {
        if !(0.0..=64.0).contains(&padding) {
            return Err(CoreError::InvalidSetting(format!(
                "padding {padding} px is not between 0 and 64"
            )));
        }
        let (width, height) = (mask.width, mask.height);
        let reach = padding + 0.5;
        let window = (reach + 1.5).ceil() as usize;
        let row_distance = horizontal_distances(mask, window);
        // Squared distances are small integers: look their margins up instead of taking roots.
        let capped = (window * window + 1) as u16;
        let margin_of: Vec<f32> = (0..=capped)
            .map(|d2| ((reach - f64::from(d2).sqrt()) as f32).max(-1.0))
            .collect();
        let mut margin = vec![-1.0f32; width * height];
        margin
            .par_chunks_exact_mut(width)
            .enumerate()
            .for_each_init(
                || vec![capped; width],
                |best, (y, out)| {
                    best.fill(capped);
                    let lo = y.saturating_sub(window);
                    let hi = (y + window).min(height - 1);
                    for source_y in lo..=hi {
                        let dy = source_y.abs_diff(y) as u16;
                        let row = &row_distance[source_y * width..(source_y + 1) * width];
                        for (b, &dx) in best.iter_mut().zip(row) {
                            let dx = u16::from(dx);
                            *b = (*b).min(dx * dx + dy * dy);
                        }
                    }
                    for (m, &d2) in out.iter_mut().zip(best.iter()) {
                        *m = margin_of[usize::from(d2.min(capped))];
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

/// For every pixel, the horizontal distance (in pixels, capped at `cap`) to the nearest masked pixel
/// in the same row. This is the first pass of an exact Euclidean distance transform.
fn horizontal_distances(mask: &AlphaMask, cap: usize) -> Vec<u8> {
    let cap = cap.min(255) as u8;
    let width = mask.width;
    let mut distance = vec![cap; mask.inside.len()];
    mask.inside
        .par_chunks_exact(width)
        .zip(distance.par_chunks_exact_mut(width))
        .for_each(|(row, out)| {
            let mut run = cap;
            for (o, &inside) in out.iter_mut().zip(row) {
                run = if inside {
                    0
                } else {
                    run.saturating_add(1).min(cap)
                };
                *o = run;
            }
            let mut run = cap;
            for (o, &inside) in out.iter_mut().zip(row).rev() {
                run = if inside {
                    0
                } else {
                    run.saturating_add(1).min(cap)
                };
                *o = (*o).min(run);
            }
        });
    distance
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{ImageBuffer, Luma, LumaA, Rgba};

    fn mask_from(width: usize, height: usize, pixels: &[(usize, usize)]) -> AlphaMask {
        let mut inside = vec![false; width * height];
        for &(x, y) in pixels {
            inside[y * width + x] = true;
        }
        AlphaMask {
            width,
            height,
            inside,
        }
    }

    #[test]
    fn threshold_is_inclusive_and_a_fraction() {
        let image = DynamicImage::ImageRgba8(ImageBuffer::from_fn(3, 1, |x, _| {
            Rgba([0, 0, 0, [127u8, 128, 255][x as usize]])
        }));
        let mask = AlphaMask::from_image(&image, 128.0 / 255.0).unwrap();
        assert_eq!(mask.inside, vec![false, true, true]);
        assert!(AlphaMask::from_image(&image, 1.5).is_err());
        assert!(AlphaMask::from_image(&image, f64::NAN).is_err());
    }

    #[test]
    fn images_without_alpha_are_opaque_and_16_bit_alpha_is_read() {
        let grey = DynamicImage::ImageLuma8(ImageBuffer::from_pixel(2, 2, Luma([0])));
        assert_eq!(AlphaMask::from_image(&grey, 1.0).unwrap().count(), 4);
        let grey_alpha = DynamicImage::ImageLumaA16(ImageBuffer::from_fn(2, 1, |x, _| {
            LumaA([0, if x == 0 { 100 } else { 60000 }])
        }));
        let mask = AlphaMask::from_image(&grey_alpha, 0.5).unwrap();
        assert_eq!(mask.inside, vec![false, true]);
    }

    #[test]
    fn margin_is_padding_plus_half_minus_euclidean_distance() {
        let mask = mask_from(9, 9, &[(4, 4)]);
        let field = PaddedField::new(&mask, 2.0).unwrap();
        let at = |x: usize, y: usize| field.margin[y * 9 + x];
        assert_eq!(at(4, 4), 2.5);
        assert_eq!(at(6, 4), 0.5);
        assert!((at(6, 6) - (2.5 - 8f32.sqrt())).abs() < 1e-6);
        assert!(field.is_inside(4, 2) && !field.is_inside(4, 1));
        assert_eq!(at(0, 0), -1.0);
    }

    #[test]
    fn zero_padding_keeps_exactly_the_mask() {
        let mask = mask_from(5, 4, &[(1, 1), (2, 1), (3, 2)]);
        let field = PaddedField::new(&mask, 0.0).unwrap();
        for y in 0..4 {
            for x in 0..5 {
                assert_eq!(field.is_inside(x, y), mask.inside[y * 5 + x]);
            }
        }
    }
}
