//! The four slot blend modes on premultiplied colour: the GPU blend states that draw them and their
//! CPU twin (the reference the GPU is checked against), side by side.
//!
//! Normal, multiply and screen are the separable W3C compositing formulas with the backdrop's
//! alpha, as Photoshop and the PSD/ORA files limber imports define them: with premultiplied source
//! S (alpha αs), backdrop D (alpha αd) and the straight blend function B,
//! `S (1 − αd) + D (1 − αs) + αs αd B`, and alpha `αs + αd (1 − αs)`. Written out:
//!
//! | mode | colour | alpha | GPU draws |
//! |---|---|---|---|
//! | normal | S + D (1 − αs) | αs + αd (1 − αs) | one |
//! | additive | min(1, S + D) | αs + αd (1 − αs) | one |
//! | multiply | S D + D (1 − αs) + S (1 − αd) | αs + αd (1 − αs) | two |
//! | screen | S + D (1 − S) | αs + αd (1 − αs) | one |
//!
//! Multiply takes two draws of the same triangles: the first writes S D + D (1 − αs) and keeps the
//! backdrop's alpha, the second adds S (1 − αd) where the backdrop was transparent (fixed blending
//! has no single factor for D + 1 − αd). Over an opaque backdrop the second adds nothing, which is
//! Spine's multiply.
//!
//! Additive is the game runtimes' add (Spine, Pixi): S + D, clipped at white. It equals Photoshop's
//! linear dodge wherever no channel's sum passes white; where one does under a semi-transparent
//! source or backdrop, Photoshop mixes the clipped sum by opacity and limber's result is brighter
//! (fixed blending cannot clip before mixing).
//!
//! A slot's colour tints before blending: the premultiplied texel times (r a, g a, b a, a).

use limber_core::slots::Blend;
use wgpu::{BlendComponent, BlendFactor, BlendOperation, BlendState};

/// Every blend mode.
pub const BLENDS: [Blend; 4] = [
    Blend::Normal,
    Blend::Additive,
    Blend::Multiply,
    Blend::Screen,
];

const fn component(src: BlendFactor, dst: BlendFactor) -> BlendComponent {
    BlendComponent {
        src_factor: src,
        dst_factor: dst,
        operation: BlendOperation::Add,
    }
}

const OVER: BlendComponent = component(BlendFactor::One, BlendFactor::OneMinusSrcAlpha);

/// Every GPU blend state a draw uses, in the order pipelines are indexed by [`draws`].
pub const DRAW_STATES: [BlendState; 5] = [
    // Normal.
    BlendState::PREMULTIPLIED_ALPHA_BLENDING,
    // Additive.
    BlendState {
        color: component(BlendFactor::One, BlendFactor::One),
        alpha: OVER,
    },
    // Multiply, first draw: S D + D (1 − αs), the backdrop's alpha kept for the second.
    BlendState {
        color: component(BlendFactor::Dst, BlendFactor::OneMinusSrcAlpha),
        alpha: component(BlendFactor::Zero, BlendFactor::One),
    },
    // Multiply, second draw: + S (1 − αd), and the alpha.
    BlendState {
        color: component(BlendFactor::OneMinusDstAlpha, BlendFactor::One),
        alpha: component(BlendFactor::OneMinusDstAlpha, BlendFactor::One),
    },
    // Screen.
    BlendState {
        color: component(BlendFactor::One, BlendFactor::OneMinusSrc),
        alpha: OVER,
    },
];

/// The indices in [`DRAW_STATES`] of the draws that composite `blend`, in order.
pub fn draws(blend: Blend) -> std::ops::Range<usize> {
    match blend {
        Blend::Normal => 0..1,
        Blend::Additive => 1..2,
        Blend::Multiply => 2..4,
        Blend::Screen => 4..5,
    }
}

/// A slot colour (straight RGBA, 0–1) as the premultiplied tint the shader multiplies by.
pub fn premultiplied_tint(color: [f64; 4]) -> [f32; 4] {
    let a = color[3];
    [color[0] * a, color[1] * a, color[2] * a, a].map(|c| c as f32)
}

/// The CPU twin of the draws of `blend`: premultiplied `src` (already tinted) over premultiplied
/// `dst`, clamped to 0–1 as a unorm target stores it.
pub fn composite(src: [f64; 4], dst: [f64; 4], blend: Blend) -> [f64; 4] {
    let (sa, da) = (src[3], dst[3]);
    let color = |i: usize| match blend {
        Blend::Normal => src[i] + dst[i] * (1.0 - sa),
        Blend::Additive => src[i] + dst[i],
        Blend::Multiply => src[i] * dst[i] + dst[i] * (1.0 - sa) + src[i] * (1.0 - da),
        Blend::Screen => src[i] + dst[i] * (1.0 - src[i]),
    };
    let alpha = sa + da * (1.0 - sa);
    [color(0), color(1), color(2), alpha].map(|c| c.clamp(0.0, 1.0))
}

/// The W3C separable blend of straight colours `backdrop` and `source` (each RGBA, 0–1) as
/// Photoshop composites it, straight in and straight out: the formula the draws are checked
/// against, written in its own terms.
pub fn w3c_over(source: [f64; 4], backdrop: [f64; 4], blend: Blend) -> [f64; 4] {
    let (sa, ba) = (source[3], backdrop[3]);
    let alpha = sa + ba - sa * ba;
    let mut out = [0.0, 0.0, 0.0, alpha];
    for i in 0..3 {
        let (cs, cb) = (source[i], backdrop[i]);
        let mixed = match blend {
            Blend::Normal => cs,
            Blend::Additive => (cs + cb).min(1.0),
            Blend::Multiply => cs * cb,
            Blend::Screen => cs + cb - cs * cb,
        };
        let premultiplied = sa * (1.0 - ba) * cs + ba * (1.0 - sa) * cb + sa * ba * mixed;
        out[i] = if alpha > 0.0 {
            premultiplied / alpha
        } else {
            0.0
        };
    }
    out
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
        // Over nothing every mode gives the source itself.
        for blend in BLENDS {
            assert_eq!(composite(src, [0.0; 4], blend), src, "{blend:?}");
        }
    }

    fn premultiplied(c: [f64; 4]) -> [f64; 4] {
        [c[0] * c[3], c[1] * c[3], c[2] * c[3], c[3]]
    }

    fn straight(c: [f64; 4]) -> [f64; 4] {
        let a = c[3];
        [c[0] / a, c[1] / a, c[2] / a, a]
    }

    #[test]
    fn half_blue_over_half_red_gives_what_photoshop_gives() {
        // psd-tools' blue-red-1x1 case: a 50 % blue layer over a 50 % red one.
        let red = [1.0, 0.0, 0.0, 0.5];
        let blue = [0.0, 0.0, 1.0, 0.5];
        let as_bytes = |c: [f64; 4]| c.map(|v| (v * 255.0).round() as u8);
        let multiply = straight(composite(
            premultiplied(blue),
            premultiplied(red),
            Blend::Multiply,
        ));
        assert_eq!(as_bytes(multiply), [85, 0, 85, 191]);
        let dodge = straight(composite(
            premultiplied(blue),
            premultiplied(red),
            Blend::Additive,
        ));
        assert_eq!(as_bytes(dodge), [170, 0, 170, 191]);
    }

    #[test]
    fn the_draws_follow_the_w3c_formulas_with_the_backdrops_alpha() {
        let levels = [0.0, 0.2, 0.5, 0.8, 1.0];
        let alphas = [0.1, 0.5, 0.75, 1.0];
        let mut checked = 0;
        for blend in BLENDS {
            for &cs in &levels {
                for &cb in &levels {
                    for &sa in &alphas {
                        for &ba in &alphas {
                            let source = [cs, 1.0 - cs, cs * 0.5, sa];
                            let backdrop = [cb, cb * 0.5, 1.0 - cb, ba];
                            // Additive is clipped at white after mixing, not before (module doc).
                            if blend == Blend::Additive
                                && (0..3).any(|i| source[i] + backdrop[i] > 1.0)
                            {
                                continue;
                            }
                            let want = w3c_over(source, backdrop, blend);
                            let got = straight(composite(
                                premultiplied(source),
                                premultiplied(backdrop),
                                blend,
                            ));
                            for i in 0..4 {
                                assert!(
                                    (got[i] - want[i]).abs() < 1e-9,
                                    "{blend:?} {source:?} over {backdrop:?}: {got:?} != {want:?}"
                                );
                            }
                            checked += 1;
                        }
                    }
                }
            }
        }
        assert!(checked > 1000);
    }
}
