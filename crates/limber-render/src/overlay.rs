//! How a part is drawn: skinning mode, tint, and the weight views the editor shows over it.

use limber_core::skinning::SkinningMode;

/// Which weights to show over a part.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum WeightView {
    #[default]
    None,
    /// A heat map (blue 0 → red 1) of one bone's weights.
    Bone(u32),
    /// Every bone in its own colour ([`bone_color`]), mixed by weight.
    AllBones,
}

/// Per-part drawing settings for one frame.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PartStyle {
    pub mode: SkinningMode,
    /// Multiplies the sprite's premultiplied colour (an onion skin uses alpha < 1).
    pub tint: [f32; 4],
    pub weights: WeightView,
    /// Opacity of the weight view.
    pub weight_opacity: f32,
    /// Premultiplied colour of the wireframe.
    pub wireframe_color: [f32; 4],
    /// The tint of each onion skin slot (premultiplied: colour × opacity, opacity), below
    /// [`super::pipelines::MAX_GHOSTS`]; which slots are drawn is [`super::renderer::Layers::onion`].
    pub onion_tints: [[f32; 4]; super::pipelines::MAX_GHOSTS],
}

/// Onion-skin tint `colour` (straight RGB) at `opacity`, premultiplied.
pub fn onion_tint(colour: [f32; 3], opacity: f32) -> [f32; 4] {
    [
        colour[0] * opacity,
        colour[1] * opacity,
        colour[2] * opacity,
        opacity,
    ]
}

impl Default for PartStyle {
    fn default() -> Self {
        Self {
            mode: SkinningMode::LinearBlend,
            tint: [1.0; 4],
            weights: WeightView::None,
            weight_opacity: 0.75,
            wireframe_color: [0.1, 0.35, 0.9, 0.9],
            onion_tints: [[0.35; 4]; super::pipelines::MAX_GHOSTS],
        }
    }
}

/// The colour the combined weight view gives bone `bone` (straight RGB, 0–1): hues spaced by the
/// golden angle, softened. Twin of `bone_color` in `shaders/skin.wgsl`, so panels can match it.
pub fn bone_color(bone: u32) -> [f32; 3] {
    let hue = (bone as f32 * 0.618_034).fract();
    let k = [0.0, 2.0 / 3.0, 1.0 / 3.0];
    let mut rgb = [0.0f32; 3];
    for (c, offset) in rgb.iter_mut().zip(k) {
        let v = (((hue + offset).fract() * 6.0 - 3.0).abs() - 1.0).clamp(0.0, 1.0);
        *c = (1.0 + (v - 1.0) * 0.85) * 0.95;
    }
    rgb
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbouring_bones_get_clearly_different_colours() {
        for b in 0..32 {
            let (p, q) = (bone_color(b), bone_color(b + 1));
            let d: f32 = p.iter().zip(&q).map(|(a, b)| (a - b).abs()).sum();
            assert!(d > 0.3, "bones {b} and {}: {p:?} {q:?}", b + 1);
        }
    }
}
