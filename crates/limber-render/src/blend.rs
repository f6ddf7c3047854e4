//! The four slot blend modes on premultiplied colour, as Spine defines them: the GPU blend state
//! and its CPU twin (the reference the GPU is checked against), side by side.
//!
//! | mode | colour | alpha |
//! |---|---|---|
//! | normal | src + dst (1 − αs) | αs + αd (1 − αs) |
//! | additive | src + dst | αs + αd |
//! | multiply | src · dst + dst (1 − αs) | αs + αd (1 − αs) |
//! | screen | src + dst (1 − src) | αs + αd (1 − αs) |
//!
//! A slot's colour tints before blending: the premultiplied texel times (r a, g a, b a, a).

use limber_core::slots::Blend;
use wgpu::{BlendComponent, BlendFactor, BlendOperation, BlendState};

/// Every blend mode, in the order pipelines are indexed by [`index`].
pub const BLENDS: [Blend; 4] = [
    Blend::Normal,
    Blend::Additive,
    Blend::Multiply,
    Blend::Screen,
];

/// The index of `blend` in [`BLENDS`].
pub fn index(blend: Blend) -> usize {
    match blend {
        Blend::Normal => 0,
        Blend::Additive => 1,
        Blend::Multiply => 2,
        Blend::Screen => 3,
    }
}

const fn component(src: BlendFactor, dst: BlendFactor) -> BlendComponent {
    BlendComponent {
        src_factor: src,
        dst_factor: dst,
        operation: BlendOperation::Add,
    }
}

/// The GPU blend state of `blend`.
pub fn blend_state(blend: Blend) -> BlendState {
    let over = component(BlendFactor::One, BlendFactor::OneMinusSrcAlpha);
    match blend {
        Blend::Normal => BlendState::PREMULTIPLIED_ALPHA_BLENDING,
        Blend::Additive => BlendState {
            color: component(BlendFactor::One, BlendFactor::One),
            alpha: component(BlendFactor::One, BlendFactor::One),
        },
        Blend::Multiply => BlendState {
            color: component(BlendFactor::Dst, BlendFactor::OneMinusSrcAlpha),
            alpha: over,
        },
        Blend::Screen => BlendState {
            color: component(BlendFactor::One, BlendFactor::OneMinusSrc),
            alpha: over,
        },
    }
}

/// A slot colour (straight RGBA, 0–1) as the premultiplied tint the shader multiplies by.
pub fn premultiplied_tint(color: [f64; 4]) -> [f32; 4] {
    let a = color[3];
    [color[0] * a, color[1] * a, color[2] * a, a].map(|c| c as f32)
}

/// The CPU twin of [`blend_state`]: premultiplied `src` (already tinted) over premultiplied `dst`,
/// clamped to 0–1 as a unorm target stores it.
pub fn composite(src: [f64; 4], dst: [f64; 4], blend: Blend) -> [f64; 4] {
    let (sa, da) = (src[3], dst[3]);
    let color = |i: usize| match blend {
        Blend::Normal => src[i] + dst[i] * (1.0 - sa),
        Blend::Additive => src[i] + dst[i],
        Blend::Multiply => src[i] * dst[i] + dst[i] * (1.0 - sa),
        Blend::Screen => src[i] + dst[i] * (1.0 - src[i]),
    };
    let alpha = match blend {
        Blend::Additive => sa + da,
        _ => sa + da * (1.0 - sa),
    };
    [color(0), color(1), color(2), alpha].map(|c| c.clamp(0.0, 1.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cpu_twin_follows_the_documented_equations() {
        let src = [0.5, 0.25, 0.0, 0.5];
        let dst = [0.2, 0.4, 0.6, 1.0];
        let expected = [
            (Blend::Normal, [0.6, 0.45, 0.3, 1.0]),
            (Blend::Additive, [0.7, 0.65, 0.6, 1.0]),
            (Blend::Multiply, [0.2, 0.3, 0.3, 1.0]),
            (Blend::Screen, [0.6, 0.55, 0.6, 1.0]),
        ];
        for (blend, want) in expected {
            let got = composite(src, dst, blend);
            assert!(
                got.iter().zip(want).all(|(g, w)| (g - w).abs() < 1e-12),
                "{blend:?}: {got:?}"
            );
        }
        assert_eq!(
            premultiplied_tint([1.0, 0.5, 0.0, 0.5]),
            [0.5, 0.25, 0.0, 0.5]
        );
        // Normal over nothing is the source itself, for every mode but additive's alpha too.
        for blend in BLENDS {
            assert_eq!(composite(src, [0.0; 4], blend)[3], 0.5);
            assert_eq!(BLENDS[index(blend)], blend);
        }
    }
}
