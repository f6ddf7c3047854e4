//! The 30-layer 4096 x 4096 figure that `benches/import.rs` times and `tests/spine_runtime.rs`
//! packs: 30 soft-edged ellipses from 300 to 1000 px, spread over the canvas (a character's pieces).

use image::{Rgba, RgbaImage};
use limber::core::layered::write::LayerSpec;

/// The canvas's width and height.
pub const CANVAS: u32 = 4096;

/// The layers; `colour(layer, x, y)` colours each pixel of each layer.
pub fn layers(colour: impl Fn(u32, u32, u32) -> [u8; 3]) -> Vec<LayerSpec> {
    (0..30u32)
        .map(|i| {
            let w = 300 + (i * 97) % 700;
            let h = 300 + (i * 61) % 700;
            let image = RgbaImage::from_fn(w, h, |x, y| {
                let dx = (f64::from(x) + 0.5) / f64::from(w) * 2.0 - 1.0;
                let dy = (f64::from(y) + 0.5) / f64::from(h) * 2.0 - 1.0;
                let r = (dx * dx + dy * dy).sqrt();
                let alpha = ((1.0 - r) * 40.0).clamp(0.0, 1.0);
                let [red, green, blue] = colour(i, x, y);
                Rgba([red, green, blue, (alpha * 255.0) as u8])
            });
            let left = ((i * 523) % (CANVAS - w)) as i32;
            let top = ((i * 331) % (CANVAS - h)) as i32;
            LayerSpec::new(&format!("layer {i:02}"), left, top, image)
        })
        .collect()
}
