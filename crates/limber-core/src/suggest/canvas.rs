//! Several parts read as one figure: each part's visible pixels placed where it sits on the canvas,
//! their union searched as one mask, so a character drawn as body, head and legs gets bones in all
//! of them (and bones that cross from one part into the next). Positions come back in canvas
//! pixels.

use image::DynamicImage;

use crate::error::CoreResult;
use crate::image_io::check_dimensions;
use crate::mask::AlphaMask;
use crate::mask_bits::MaskBits;

use super::{FIGURE_ALPHA, SuggestSettings, Suggestion, suggest};

/// One part: its image, where its top-left corner sits on the canvas, and its alpha threshold.
#[derive(Debug, Clone, Copy)]
pub struct CanvasPart<'a> {
    pub image: &'a DynamicImage,
    pub offset: [u32; 2],
    pub alpha_threshold: f64,
}

/// The suggestion for the union of `parts` on the canvas (as large as the parts reach, within
/// the image budget); `settings`' own threshold is not used, each part brings its own (at least
/// [`FIGURE_ALPHA`]).
pub fn suggest_on_canvas(
    parts: &[CanvasPart],
    settings: &SuggestSettings,
) -> CoreResult<Suggestion> {
    let figure = |part: &CanvasPart| part.alpha_threshold.max(FIGURE_ALPHA);
    let threshold = parts
        .iter()
        .map(figure)
        .fold(settings.alpha_threshold, f64::min);
    if let [one] = parts
        && one.offset == [0, 0]
    {
        let bits = MaskBits::from_image(one.image, figure(one))?;
        return suggest(&bits, &settings_with(settings, threshold));
    }
    let (mut width, mut height) = (1u64, 1u64);
    for part in parts {
        width = width.max(u64::from(part.offset[0]) + u64::from(part.image.width()));
        height = height.max(u64::from(part.offset[1]) + u64::from(part.image.height()));
    }
    let side = |v: u64| u32::try_from(v).unwrap_or(u32::MAX);
    check_dimensions(side(width), side(height))?;
    let (w, h) = (width as usize, height as usize);
    let mut union = AlphaMask {
        width: w,
        height: h,
        inside: vec![false; w * h],
    };
    for part in parts {
        let bits = MaskBits::from_image(part.image, figure(part))?;
        let [ox, oy] = part.offset.map(|v| v as usize);
        for y in 0..bits.height {
            let row = &mut union.inside[(oy + y) * w + ox..(oy + y) * w + ox + bits.width];
            for (i, &word) in bits.row(y).iter().enumerate() {
                let mut word = word;
                while word != 0 {
                    row[i * 64 + word.trailing_zeros() as usize] = true;
                    word &= word - 1;
                }
            }
        }
    }
    suggest(&union.bits(), &settings_with(settings, threshold))
}

/// `settings` naming `threshold` in its errors.
fn settings_with(settings: &SuggestSettings, threshold: f64) -> SuggestSettings {
    SuggestSettings {
        alpha_threshold: threshold,
        ..*settings
    }
}
