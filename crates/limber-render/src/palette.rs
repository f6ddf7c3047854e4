//! The bone palette for the GPU: f64 palette matrices moved into a part's local frame and split for
//! dual-quaternion skinning, then narrowed to f32 — the only place weights' and transforms' f64
//! becomes f32.
//!
//! A part's local frame has its origin at `origin` (the image centre), so vertex positions stay
//! small and f32 keeps sub-millipixel precision. For a palette matrix p ↦ A p + t the local matrix is
//! p ↦ A p + (A c + t − c). The rigid part (R, t) of the DQS split is conjugated by the same
//! translation — which dual-quaternion blending commutes with — while the stretch K stays about the
//! image origin, exactly as in `core::skinning`; the shader adds (K − I) c for that.

use glam::{DAffine2, DVec2};

use super::gpu_types::GpuBone;
use limber_core::skinning::{PlanarDualQuaternion, polar};

/// The GPU palette of `palette` for a part whose local frame starts at `origin`. Never empty: a
/// skeleton without bones gets one identity entry, so the shader always has a bone 0.
pub fn gpu_palette(palette: &[DAffine2], origin: DVec2) -> Vec<GpuBone> {
    if palette.is_empty() {
        return vec![gpu_bone(&DAffine2::IDENTITY, origin)];
    }
    palette.iter().map(|m| gpu_bone(m, origin)).collect()
}

fn gpu_bone(m: &DAffine2, c: DVec2) -> GpuBone {
    let a = m.matrix2;
    let translation = a * c + m.translation - c;
    let (angle, stretch, rigid_translation) = polar(m);
    let rotation = glam::DMat2::from_angle(angle);
    let local_rigid = rigid_translation + rotation * c - c;
    let dq = PlanarDualQuaternion::from_rigid(angle, local_rigid);
    let f = |v: f64| v as f32;
    GpuBone {
        linear: [f(a.x_axis.x), f(a.x_axis.y), f(a.y_axis.x), f(a.y_axis.y)],
        translation: [f(translation.x), f(translation.y)],
        dq_real: [f(dq.real.x), f(dq.real.y)],
        dq_dual: [f(dq.dual.x), f(dq.dual.y)],
        pad: [0.0; 2],
        stretch: [
            f(stretch.x_axis.x),
            f(stretch.x_axis.y),
            f(stretch.y_axis.x),
            f(stretch.y_axis.y),
        ],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_local_matrix_moves_local_points_as_the_global_one_moves_global_points() {
        let m = DAffine2::from_scale_angle_translation(
            DVec2::new(1.2, 0.9),
            0.8,
            DVec2::new(40.0, -7.0),
        );
        let c = DVec2::new(300.0, 200.0);
        let bone = gpu_palette(&[m], c)[0];
        let p = DVec2::new(310.0, 180.0);
        let local = p - c;
        let a = glam::DMat2::from_cols_array(&bone.linear.map(f64::from));
        let t = DVec2::new(bone.translation[0].into(), bone.translation[1].into());
        let moved = a * local + t + c;
        assert!((moved - m.transform_point2(p)).length() < 1e-3);
    }

    #[test]
    fn an_empty_palette_still_gives_bone_zero() {
        assert_eq!(gpu_palette(&[], DVec2::ZERO).len(), 1);
    }
}
