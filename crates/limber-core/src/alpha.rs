//! The alpha test of every image format: which pixels reach an alpha threshold, a row at a time,
//! packed 64 pixels to a word, straight from the decoded image's samples.
//!
//! The threshold is a fraction (0–1); for integer formats it rounds up to the smallest alpha level
//! that reaches it ([`quantised_threshold`]). Images with no alpha channel are fully opaque.

use image::{DynamicImage, RgbaImage};

use super::error::{CoreError, CoreResult};

/// An image's alpha samples and the level they are tested against.
pub enum AlphaRows<'a> {
    U8 {
        samples: &'a [u8],
        channels: usize,
        min: u8,
    },
    U16 {
        samples: &'a [u16],
        channels: usize,
        min: u16,
    },
    F32 {
        samples: &'a [f32],
        channels: usize,
        threshold: f64,
    },
    /// Other formats with alpha, converted to 8-bit RGBA first.
    Converted {
        rgba: RgbaImage,
        min: u8,
    },
    Opaque,
}

impl<'a> AlphaRows<'a> {
    /// The test for `alpha / max_alpha >= threshold` on `image`; an error when `threshold` is not a
    /// fraction.
    pub fn new(image: &'a DynamicImage, threshold: f64) -> CoreResult<Self> {
        if !(0.0..=1.0).contains(&threshold) {
            return Err(CoreError::InvalidSetting(format!(
                "alpha threshold {threshold} is not a fraction between 0 and 1"
            )));
        }
        let min8 = quantised_threshold(threshold, 255.0) as u8;
        let min16 = quantised_threshold(threshold, 65535.0) as u16;
        Ok(match image {
            DynamicImage::ImageRgba8(buffer) => Self::U8 {
                samples: buffer.as_raw(),
                channels: 4,
                min: min8,
            },
            DynamicImage::ImageLumaA8(buffer) => Self::U8 {
                samples: buffer.as_raw(),
                channels: 2,
                min: min8,
            },
            DynamicImage::ImageRgba16(buffer) => Self::U16 {
                samples: buffer.as_raw(),
                channels: 4,
                min: min16,
            },
            DynamicImage::ImageLumaA16(buffer) => Self::U16 {
                samples: buffer.as_raw(),
                channels: 2,
                min: min16,
            },
            DynamicImage::ImageRgba32F(buffer) => Self::F32 {
                samples: buffer.as_raw(),
                channels: 4,
                threshold,
            },
            other if other.color().has_alpha() => Self::Converted {
                rgba: other.to_rgba8(),
                min: min8,
            },
            _ => Self::Opaque,
        })
    }

    /// What the alpha test of `threshold` on `image` depends on: the alpha level it rounds to (the
    /// threshold's bits for float images; 0 for opaque ones). Two thresholds with the same level mark
    /// the same pixels of this image. Cheap: nothing is converted.
    pub fn level(image: &DynamicImage, threshold: f64) -> u64 {
        match image {
            DynamicImage::ImageRgba16(_) | DynamicImage::ImageLumaA16(_) => {
                quantised_threshold(threshold, 65535.0) as u64
            }
            DynamicImage::ImageRgba32F(_) => threshold.to_bits(),
            other if other.color().has_alpha() => quantised_threshold(threshold, 255.0) as u64,
            _ => 0,
        }
    }

    /// Writes row `y` of a `width`-pixel-wide image into `out`: bit `x % 64` of word `x / 64` set
    /// where pixel `x` passes; bits past the last column are 0.
    pub fn pack_row(&self, y: usize, width: usize, out: &mut [u64]) {
        match self {
            Self::U8 {
                samples,
                channels: 4,
                min,
            } => pack_u8::<4>(samples, width, y, out, *min),
            Self::U8 {
                samples,
                channels: 2,
                min,
            } => pack_u8::<2>(samples, width, y, out, *min),
            Self::U8 {
                samples,
                channels,
                min,
            } => pack(samples, *channels, width, y, out, |a| a >= *min),
            Self::U16 {
                samples,
                channels,
                min,
            } => pack(samples, *channels, width, y, out, |a| a >= *min),
            Self::F32 {
                samples,
                channels,
                threshold,
            } => pack(samples, *channels, width, y, out, |a| {
                f64::from(a) >= *threshold
            }),
            Self::Converted { rgba, min } => pack(rgba.as_raw(), 4, width, y, out, |a| a >= *min),
            Self::Opaque => {
                for (i, word) in out.iter_mut().enumerate() {
                    let left = width.saturating_sub(i * 64).min(64);
                    *word = if left == 64 {
                        u64::MAX
                    } else {
                        (1 << left) - 1
                    };
                }
            }
        }
    }
}

/// Packs the last channel (alpha) of row `y` of interleaved `samples` through `passes`.
fn pack<T: Copy>(
    samples: &[T],
    channels: usize,
    width: usize,
    y: usize,
    out: &mut [u64],
    passes: impl Fn(T) -> bool,
) {
    let stride = width * channels;
    let row = &samples[y * stride..(y + 1) * stride];
    for (word, pixels) in out.iter_mut().zip(row.chunks(64 * channels)) {
        *word = pixels
            .chunks_exact(channels)
            .enumerate()
            .fold(0u64, |w, (j, p)| {
                w | (u64::from(passes(p[channels - 1])) << j)
            });
    }
}

/// [`pack`] for 8-bit samples with `C` channels, written so that it compiles to straight-line byte
/// compares: a flag byte per pixel, then eight flags at a time gathered into a byte of the word by
/// one multiplication (flag `i` at bit `8 i` of `x` lands at bit `56 + i` of `x · M`, and no two
/// partial products share a bit, so nothing carries into the top byte).
fn pack_u8<const C: usize>(samples: &[u8], width: usize, y: usize, out: &mut [u64], min: u8) {
    const GATHER: u64 = 0x0102_0408_1020_4080;
    let stride = width * C;
    let row = &samples[y * stride..(y + 1) * stride];
    for (word, pixels) in out.iter_mut().zip(row.chunks(64 * C)) {
        let mut flags = [0u8; 64];
        for (flag, pixel) in flags.iter_mut().zip(pixels.chunks_exact(C)) {
            *flag = u8::from(pixel[C - 1] >= min);
        }
        let mut packed = 0u64;
        for (k, eight) in flags.chunks_exact(8).enumerate() {
            let mut bytes = [0u8; 8];
            bytes.copy_from_slice(eight);
            packed |= (u64::from_le_bytes(bytes).wrapping_mul(GATHER) >> 56) << (8 * k);
        }
        *word = packed;
    }
}

/// The smallest integer alpha value `a` with `a / max >= threshold`; a threshold of 0 still needs
/// alpha ≥ 0, which every pixel has.
pub fn quantised_threshold(threshold: f64, max: f64) -> f64 {
    (threshold * max - 1e-9).ceil().clamp(0.0, max)
}
