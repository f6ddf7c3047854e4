//! CPU skinning in f64, the reference the GPU shader is checked against.
//!
//! - Linear blend (LBS): p′ = Σ wᵢ (Mᵢ p), with Mᵢ the palette (world × inverse rest).
//! - Dual quaternion (DQS), restricted to the plane: each Mᵢ is split into a rigid part (rotation Rᵢ,
//!   translation tᵢ — the closest rotation, by polar decomposition) and a stretch Kᵢ = Rᵢᵀ Aᵢ. The
//!   stretches are blended linearly and applied first, in rest space; the rigid parts are blended as
//!   unit dual quaternions about z (each taking the sign that agrees with the vertex's first bone),
//!   normalised, and applied after. Without scale or shear this is plain DQS; a single bone gives
//!   exactly Mᵢ p.

use glam::{DAffine2, DMat2, DVec2};

use super::weights::Binding;

/// Skinning method.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SkinningMode {
    #[default]
    LinearBlend,
    DualQuaternion,
}

/// Skinned positions of `rest` (image pixels) under `palette`. A vertex without influences stays
/// where it is.
pub fn skin(
    rest: &[[f64; 2]],
    binding: &Binding,
    palette: &[DAffine2],
    mode: SkinningMode,
) -> Vec<[f64; 2]> {
    rest.iter()
        .zip(&binding.vertices)
        .map(|(&p, influences)| {
            if influences.is_empty() {
                return p;
            }
            let p = DVec2::from(p);
            let moved = match mode {
                SkinningMode::LinearBlend => influences
                    .iter()
                    .map(|&(bone, w)| transform_of(palette, bone).transform_point2(p) * w)
                    .sum::<DVec2>(),
                SkinningMode::DualQuaternion => dual_quaternion_point(p, influences, palette),
            };
            moved.to_array()
        })
        .collect()
}

/// How skinning maps a small displacement of a vertex in rest space (a deform offset) to its
/// displacement on screen, for a vertex with `influences`: both methods are affine in the rest
/// position for fixed weights, so this is exact. Linear blend: Σ wᵢ Aᵢ; dual quaternion: the
/// blended rotation times the blended stretch.
pub fn displacement_map(
    influences: &[(usize, f64)],
    palette: &[DAffine2],
    mode: SkinningMode,
) -> DMat2 {
    if influences.is_empty() {
        return DMat2::IDENTITY;
    }
    match mode {
        SkinningMode::LinearBlend => influences.iter().fold(DMat2::ZERO, |m, &(bone, w)| {
            m + transform_of(palette, bone).matrix2 * w
        }),
        SkinningMode::DualQuaternion => {
            let (stretch, rigid) = dual_quaternion_blend(influences, palette);
            rigid.rotation() * stretch
        }
    }
}

/// Bone `bone`'s palette matrix; identity for an index the palette does not have (a binding made
/// for a skeleton that has since changed), so skinning never panics.
fn transform_of(palette: &[DAffine2], bone: usize) -> DAffine2 {
    palette.get(bone).copied().unwrap_or(DAffine2::IDENTITY)
}

/// A planar rigid transform as a unit dual quaternion about z: real part (w, z) = (cos θ/2, sin θ/2),
/// dual part (x, y) = ½ t ⊗ real.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlanarDualQuaternion {
    pub real: DVec2,
    pub dual: DVec2,
}

impl PlanarDualQuaternion {
    /// The rotation by `angle` (radians) followed by the translation.
    pub fn from_rigid(angle: f64, translation: DVec2) -> Self {
        let (s, c) = (angle / 2.0).sin_cos();
        let t = translation;
        Self {
            real: DVec2::new(c, s),
            dual: DVec2::new(t.x * c + t.y * s, -t.x * s + t.y * c) * 0.5,
        }
    }

    /// Applies the (normalised) transform to `p`.
    pub fn transform(self, p: DVec2) -> DVec2 {
        let norm = self.real.length();
        let (c, s) = (self.real.x / norm, self.real.y / norm);
        let (dx, dy) = (self.dual.x / norm, self.dual.y / norm);
        let translation = DVec2::new(dx * c - dy * s, dx * s + dy * c) * 2.0;
        self.rotation() * p + translation
    }

    /// The (normalised) rotation part, as a matrix.
    pub fn rotation(self) -> DMat2 {
        let norm = self.real.length();
        let (c, s) = (self.real.x / norm, self.real.y / norm);
        DMat2::from_cols(
            DVec2::new(c * c - s * s, 2.0 * c * s),
            DVec2::new(-2.0 * c * s, c * c - s * s),
        )
    }
}

/// Splits an affine transform into rotation angle, stretch K (so that A = R K) and translation.
pub fn polar(m: &DAffine2) -> (f64, DMat2, DVec2) {
    let a = m.matrix2;
    let angle = (a.x_axis.y - a.y_axis.x).atan2(a.x_axis.x + a.y_axis.y);
    let stretch = DMat2::from_angle(-angle) * a;
    (angle, stretch, m.translation)
}

fn dual_quaternion_point(p: DVec2, influences: &[(usize, f64)], palette: &[DAffine2]) -> DVec2 {
    let (stretch, blended) = dual_quaternion_blend(influences, palette);
    blended.transform(stretch * p)
}

/// The blended stretch (applied first, in rest space) and the blended rigid part of a vertex.
fn dual_quaternion_blend(
    influences: &[(usize, f64)],
    palette: &[DAffine2],
) -> (DMat2, PlanarDualQuaternion) {
    let mut stretch = DMat2::ZERO;
    let mut blended = PlanarDualQuaternion {
        real: DVec2::ZERO,
        dual: DVec2::ZERO,
    };
    let mut first_real = None;
    for &(bone, w) in influences {
        let (angle, k, t) = polar(&transform_of(palette, bone));
        stretch += k * w;
        let q = PlanarDualQuaternion::from_rigid(angle, t);
        let reference = *first_real.get_or_insert(q.real);
        let sign = if q.real.dot(reference) < 0.0 {
            -1.0
        } else {
            1.0
        };
        blended.real += q.real * (w * sign);
        blended.dual += q.dual * (w * sign);
    }
    (stretch, blended)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_displacement_map_is_how_skinning_moves_a_displaced_vertex() {
        // Two bones far apart in rotation, one scaled: the two methods differ, each map must match
        // its own method exactly (both are affine in the rest position).
        let palette = [
            DAffine2::from_scale_angle_translation(DVec2::new(1.3, 0.8), 0.2, DVec2::new(4.0, 1.0)),
            DAffine2::from_angle_translation(2.1, DVec2::new(-3.0, 7.0)),
        ];
        let binding = Binding {
            vertices: vec![vec![(0, 0.65), (1, 0.35)]],
        };
        let rest = DVec2::new(12.0, -5.0);
        let offset = DVec2::new(2.5, -1.5);
        let mut maps = Vec::new();
        for mode in [SkinningMode::LinearBlend, SkinningMode::DualQuaternion] {
            let at = |p: DVec2| DVec2::from(skin(&[p.to_array()], &binding, &palette, mode)[0]);
            let moved = at(rest + offset) - at(rest);
            let map = displacement_map(&binding.vertices[0], &palette, mode);
            assert!(
                (map * offset - moved).length() < 1e-9,
                "{mode:?}: {} vs {moved}",
                map * offset
            );
            maps.push(map);
        }
        assert!(
            !(maps[0] - maps[1]).abs_diff_eq(DMat2::ZERO, 1e-3),
            "the methods differ here"
        );
    }

    #[test]
    fn a_single_bone_gives_its_transform_in_both_modes() {
        let m = DAffine2::from_scale_angle_translation(
            DVec2::new(1.5, 0.5),
            0.7,
            DVec2::new(3.0, -2.0),
        );
        let binding = Binding {
            vertices: vec![vec![(0, 1.0)]],
        };
        let rest = [[4.0, 5.0]];
        let expected = m.transform_point2(DVec2::new(4.0, 5.0));
        for mode in [SkinningMode::LinearBlend, SkinningMode::DualQuaternion] {
            let p = DVec2::from(skin(&rest, &binding, &[m], mode)[0]);
            assert!(
                (p - expected).length() < 1e-9,
                "{mode:?}: {p} vs {expected}"
            );
        }
    }

    #[test]
    fn dual_quaternions_blend_rotations_without_shrinking() {
        // Half way between 0° and 180° about the origin: LBS collapses to the centre, DQS rotates 90°.
        let palette = [
            DAffine2::IDENTITY,
            DAffine2::from_angle(std::f64::consts::PI * 0.999),
        ];
        let binding = Binding {
            vertices: vec![vec![(0, 0.5), (1, 0.5)]],
        };
        let lbs = DVec2::from(
            skin(
                &[[10.0, 0.0]],
                &binding,
                &palette,
                SkinningMode::LinearBlend,
            )[0],
        );
        let dqs = DVec2::from(
            skin(
                &[[10.0, 0.0]],
                &binding,
                &palette,
                SkinningMode::DualQuaternion,
            )[0],
        );
        assert!(lbs.length() < 0.1, "{lbs}");
        assert!((dqs.length() - 10.0).abs() < 1e-9, "{dqs}");
    }
}
