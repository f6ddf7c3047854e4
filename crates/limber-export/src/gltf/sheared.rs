//! Bones one glTF node cannot hold: a node is translation × rotation × scale, which has no shear,
//! so a bone with shear keys, one that a constraint may shear (a transform constraint's shear mix,
//! a physics constraint's `shear_x`, a path constraint, which sets each of its bones' world
//! transform outright), or one that does not take all of its parent's transform (its inheritance
//! mode, [`limber_core::inherit`], in the rig or keyed by a clip), cannot be one node under its parent's. Such a bone
//! is two nodes: an outer node (translation, a rotation, a scale along two axes) under the parent's
//! joint, and the bone's joint node under it (a second rotation). Any 2 × 2 linear map is a rotation
//! × a scale × a rotation (its singular value decomposition), so the pair holds the bone's whole
//! transform relative to its parent's joint — `parent world⁻¹ × world`, sampled from the posed
//! skeleton at the bake times — and its children hang from the joint as usual.

use glam::{DAffine2, DMat2};

use limber_core::rig::Rig;

/// Which bones are two nodes: a bone with a parent whose inheritance is not normal, that any clip
/// keys the shear of or keys to take less than everything, or that a constraint may shear.
pub fn sheared_bones(rig: &Rig) -> Vec<bool> {
    let mut sheared: Vec<bool> = rig
        .skeleton
        .bones
        .iter()
        .map(|b| b.parent.is_some() && !b.inherit.is_normal())
        .collect();
    for clip in &rig.clips {
        for key in clip.bone_keys() {
            let Some(b) = rig.skeleton.index_of(&key.bone) else {
                continue;
            };
            // A root's keyed mode changes nothing (its parent is the image).
            let has_parent = rig.skeleton.bones[b].parent.is_some();
            let keyed_partly = has_parent && key.inherit.is_some_and(|m| !m.is_normal());
            if key.shear.is_some() || keyed_partly {
                sheared[b] = true;
            }
        }
    }
    let transforms = rig.transforms.iter().filter(|t| t.shear_mix > 0.0);
    let physics = rig.physics.iter().filter(|p| p.settings.shear_x > 0.0);
    let constrained = transforms
        .map(|t| t.bone)
        .chain(physics.map(|p| p.bone))
        .chain(rig.paths.iter().flat_map(|p| p.bones.iter().copied()));
    for b in constrained {
        if let Some(flag) = sheared.get_mut(b) {
            *flag = true;
        }
    }
    sheared
}

/// A bone's transform relative to its parent's joint as the two nodes hold it, in glTF's frame
/// (y up; angles about +z in radians): the outer node's translation (image pixels, still to be
/// mapped), rotation and scale, then the joint's rotation.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Split {
    pub translation: [f64; 2],
    pub outer_angle: f64,
    pub scale: [f64; 2],
    pub inner_angle: f64,
}

impl Split {
    /// Splits `local` (image frame) as rotation(outer) × scale × rotation(inner) in glTF's frame;
    /// `previous`, the split at the sample before, keeps the angles continuous (so that a
    /// player's interpolation between samples turns the short way) and picks the split where the
    /// two scales are equal and any angle would do.
    pub fn of(local: &DAffine2, previous: Option<&Split>) -> Split {
        // glTF's frame is the image's with y flipped: conjugate the linear map.
        let m = local.matrix2;
        let m = DMat2::from_cols(
            glam::DVec2::new(m.x_axis.x, -m.x_axis.y),
            glam::DVec2::new(-m.y_axis.x, m.y_axis.y),
        );
        let (a, b, c, d) = (m.x_axis.x, m.y_axis.x, m.x_axis.y, m.y_axis.y);
        let (e, f, g, h) = ((a + d) / 2.0, (a - d) / 2.0, (c + b) / 2.0, (c - b) / 2.0);
        let (q, r) = (e.hypot(h), f.hypot(g));
        let near = |angle: f64, to: f64| {
            angle + ((to - angle) / std::f64::consts::TAU).round() * std::f64::consts::TAU
        };
        let previous_sums =
            previous.map(|p| (p.outer_angle - p.inner_angle, p.outer_angle + p.inner_angle));
        // a1 is undefined when the scales are equal (r = 0): keep the previous one.
        let mut a1 = if r > 1e-12 * q.max(1e-300) {
            g.atan2(f)
        } else {
            previous_sums.map_or(0.0, |(difference, _)| difference)
        };
        let mut a2 = h.atan2(e);
        if let Some((difference, sum)) = previous_sums {
            a1 = near(a1, difference);
            a2 = near(a2, sum);
        }
        Split {
            translation: local.translation.to_array(),
            outer_angle: (a2 + a1) / 2.0,
            scale: [q + r, q - r],
            inner_angle: (a2 - a1) / 2.0,
        }
    }

    /// The linear map the split holds, in glTF's frame (for checks).
    pub fn linear(&self) -> DMat2 {
        DMat2::from_angle(self.outer_angle)
            * DMat2::from_diagonal(glam::DVec2::from(self.scale))
            * DMat2::from_angle(self.inner_angle)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::DVec2;

    fn flipped(m: DMat2) -> DMat2 {
        DMat2::from_cols(
            DVec2::new(m.x_axis.x, -m.x_axis.y),
            DVec2::new(-m.y_axis.x, m.y_axis.y),
        )
    }

    #[test]
    fn a_split_holds_any_linear_map_sheared_mirrored_or_conformal() {
        let maps = [
            DMat2::from_cols(DVec2::new(1.2, 0.3), DVec2::new(-0.5, 0.9)),
            DMat2::from_cols(DVec2::new(-1.0, 0.2), DVec2::new(0.4, 1.5)),
            DMat2::from_angle(2.5) * 1.7,
            DMat2::from_angle(-0.3) * DMat2::from_diagonal(DVec2::new(2.0, 0.5)),
        ];
        for m in maps {
            let local = DAffine2::from_mat2_translation(m, DVec2::new(3.0, -4.0));
            let split = Split::of(&local, None);
            assert!(split.linear().abs_diff_eq(flipped(m), 1e-12), "{m}");
            assert_eq!(split.translation, [3.0, -4.0]);
        }
    }

    #[test]
    fn angles_follow_the_sample_before() {
        let mut previous: Option<Split> = None;
        for k in 0..200 {
            let turn = k as f64 * 0.1;
            let m = DMat2::from_angle(turn) * DMat2::from_cols(DVec2::X, DVec2::new(0.3, 1.0));
            let split = Split::of(&DAffine2::from_mat2(m), previous.as_ref());
            assert!(split.linear().abs_diff_eq(flipped(m), 1e-9));
            if let Some(p) = previous {
                assert!((split.outer_angle - p.outer_angle).abs() < 0.2, "{k}");
                assert!((split.inner_angle - p.inner_angle).abs() < 0.2, "{k}");
            }
            previous = Some(split);
        }
        // Equal scales: the split before picks the angles.
        let before = Split::of(
            &DAffine2::from_mat2(DMat2::from_cols(DVec2::new(1.0, 0.0), DVec2::new(0.1, 1.0))),
            None,
        );
        let round = Split::of(&DAffine2::from_mat2(DMat2::from_angle(0.05)), Some(&before));
        assert!(
            (round.outer_angle - round.inner_angle - (before.outer_angle - before.inner_angle))
                .abs()
                < 1e-12
        );
    }
}
