//! What a transform constraint adds to its source before moving the bone toward it (format version
//! 8), as Spine's transform constraint has it: a rotation (degrees, counter-clockwise on screen), a
//! point in the source bone's own frame (pixels along and across it) that the bone's head is moved
//! toward instead of the source's head, amounts added to the source's world scale along and
//! across it, and (format version 13) an angle added to the source's shear between its axes. All
//! zero by default, which is a transform constraint of earlier versions.

use serde::{Deserialize, Serialize};

/// The largest offset accepted, in degrees or pixels (as bone keys are bounded).
const MOST_OFFSET: f64 = 1e6;
/// The largest scale offset accepted.
const MOST_SCALE_OFFSET: f64 = 1000.0;

/// A transform constraint's offsets, as written (`"offsets": {"rotate", "translate", "scale",
/// "shear"}`).
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct TransformOffsets {
    /// Degrees, counter-clockwise on screen, added to the source's world rotation.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub rotate: f64,
    /// A point in the source bone's frame (x along it, y across it, pixels at its scale).
    #[serde(default, skip_serializing_if = "is_origin")]
    pub translate: [f64; 2],
    /// Added to the source's world scale along and across it.
    #[serde(default, skip_serializing_if = "is_origin")]
    pub scale: [f64; 2],
    /// Degrees, counter-clockwise on screen, added to the source's shear: the angle between its
    /// axes beyond a right angle (Spine's `shearY` offset; version 13).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub shear: f64,
}

fn is_zero(value: &f64) -> bool {
    *value == 0.0
}

fn is_origin(value: &[f64; 2]) -> bool {
    *value == [0.0, 0.0]
}

impl TransformOffsets {
    /// Whether every offset is zero (nothing is written).
    pub fn is_none(&self) -> bool {
        *self == Self::default()
    }

    /// Whether every offset is finite and within its bound.
    pub fn in_range(&self) -> bool {
        let within = |v: f64, most: f64| v.is_finite() && v.abs() <= most;
        within(self.rotate, MOST_OFFSET)
            && within(self.shear, MOST_OFFSET)
            && self.translate.iter().all(|&v| within(v, MOST_OFFSET))
            && self.scale.iter().all(|&v| within(v, MOST_SCALE_OFFSET))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::animation::{TransformConstraint, TransformRecord, apply_limits_and_transforms};
    use crate::pose::{Pose, PoseSolver};
    use crate::skeleton::{Bone, Skeleton};
    use glam::DVec2;

    #[test]
    fn offsets_and_separate_mixes_move_the_bone_toward_the_offset_source() {
        // arm along +x from (10, 0); leader pointing down the screen from (50, 50).
        let skeleton = Skeleton::new(vec![
            Bone::new("root", None, [0.0, 0.0], [10.0, 0.0]),
            Bone::new("arm", Some(0), [10.0, 0.0], [20.0, 0.0]),
            Bone::new("leader", None, [50.0, 50.0], [50.0, 60.0]),
        ])
        .unwrap();
        let record: TransformRecord = serde_json::from_str(
            r#"{"name": "copy", "bone": "arm", "source": "leader", "rotate_mix": 1,
                "translate_mix": 1, "translate_mix_y": 0.5, "scale_mix": 1, "scale_mix_y": 0,
                "offsets": {"rotate": 45, "translate": [5, 2], "scale": [0.5, 0]}}"#,
        )
        .unwrap();
        let constraint = TransformConstraint::from_record(&record, &skeleton).unwrap();
        assert_eq!(constraint.to_record(&skeleton), record, "round trip");
        let solver = PoseSolver::new(&skeleton).unwrap();
        let mut pose = Pose::rest(&skeleton);
        apply_limits_and_transforms(&solver, &skeleton, &mut pose, &[], &[constraint]);
        let arm = solver.world(&pose)[1];
        // Down the screen turned 45° counter-clockwise on screen: down and to the right.
        let along = arm.matrix2.x_axis;
        assert!((along.normalize() - DVec2::new(1.0, 1.0).normalize()).length() < 1e-12);
        // The leader's point 5 px along it and 2 px across (its y axis, toward −x here) is
        // (48, 55); the head goes all the way in x and half way in y from (10, 0).
        assert!((arm.translation - DVec2::new(48.0, 27.5)).length() < 1e-9);
        // The scale along becomes the leader's 1 plus the 0.5 offset; across it is not mixed.
        assert!((along.length() - 1.5).abs() < 1e-12);
        assert!((arm.matrix2.y_axis.length() - 1.0).abs() < 1e-12);
    }

    #[test]
    fn offsets_are_written_only_when_set_and_bounded() {
        let none = TransformOffsets::default();
        assert!(none.is_none() && none.in_range());
        assert_eq!(serde_json::to_string(&none).unwrap(), "{}");
        let some = TransformOffsets {
            rotate: 30.0,
            translate: [0.0, 0.0],
            scale: [0.5, 0.0],
            shear: 0.0,
        };
        assert_eq!(
            serde_json::to_string(&some).unwrap(),
            r#"{"rotate":30.0,"scale":[0.5,0.0]}"#
        );
        assert!(some.in_range());
        for bad in [f64::NAN, f64::INFINITY, 2e6] {
            let wrong = TransformOffsets {
                rotate: bad,
                ..some
            };
            assert!(!wrong.in_range(), "{bad}");
            let sheared = TransformOffsets { shear: bad, ..some };
            assert!(!sheared.in_range(), "shear {bad}");
        }
        let huge = TransformOffsets {
            scale: [0.0, 1001.0],
            ..some
        };
        assert!(!huge.in_range());
    }
}

#[cfg(test)]
mod shear_tests {
    use crate::animation::{TransformConstraint, TransformRecord, apply_limits_and_transforms};
    use crate::pose::{Pose, PoseSolver};
    use crate::skeleton::{Bone, Skeleton};

    /// The arm (sheared 10° beforehand) after a transform constraint toward the unsheared leader
    /// with `mixes` (JSON fields); returns its world angle from x axis to y axis, counter-clockwise
    /// on screen in degrees, its x axis and the length of its y axis, and its shear y in degrees.
    fn sheared(mixes: &str) -> (f64, glam::DVec2, f64, f64) {
        let skeleton = Skeleton::new(vec![
            Bone::new("root", None, [0.0, 0.0], [10.0, 0.0]),
            Bone::new("arm", Some(0), [10.0, 0.0], [20.0, 0.0]),
            Bone::new("leader", None, [50.0, 50.0], [50.0, 60.0]),
        ])
        .unwrap();
        let record: TransformRecord = serde_json::from_str(&format!(
            r#"{{"name": "copy", "bone": "arm", "source": "leader", {mixes}}}"#
        ))
        .unwrap();
        let constraint = TransformConstraint::from_record(&record, &skeleton).unwrap();
        assert_eq!(constraint.to_record(&skeleton), record, "round trip");
        let solver = PoseSolver::new(&skeleton).unwrap();
        let mut pose = Pose::rest(&skeleton);
        pose.bones[1].shear = [0.0, 10f64.to_radians()];
        apply_limits_and_transforms(&solver, &skeleton, &mut pose, &[], &[constraint]);
        let world = solver.world(&pose)[1];
        let m = world.matrix2;
        // In Spine's frame (y up), where an unsheared bone's axes are 90° apart.
        let w = crate::animation::spine_world::to_spine(&world);
        let between = (w.d.atan2(w.b) - w.c.atan2(w.a)).to_degrees();
        (
            between,
            m.x_axis,
            m.y_axis.length(),
            pose.bones[1].shear[1].to_degrees(),
        )
    }

    #[test]
    fn the_shear_mix_and_offset_shear_the_bone_in_each_of_spines_modes() {
        let close = |a: f64, b: f64| (a - b).abs() < 1e-9;
        // World, absolute: from 100° toward the leader's 90° plus 30°, all the way.
        let (between, x_axis, y_length, _) = sheared(r#""shear_mix": 1, "offsets": {"shear": 30}"#);
        assert!(close(between, 120.0), "{between}");
        assert!((x_axis - glam::DVec2::X).length() < 1e-12, "x axis kept");
        assert!(close(y_length, 1.0), "y axis length kept");
        // Half way: 100 + (120 − 100) / 2.
        let (half, ..) = sheared(r#""shear_mix": 0.5, "offsets": {"shear": 30}"#);
        assert!(close(half, 110.0), "{half}");
        // World, relative: the leader's shear beyond a right angle (none) plus 30, added.
        let (relative, ..) =
            sheared(r#""relative": true, "shear_mix": 1, "offsets": {"shear": 30}"#);
        assert!(close(relative, 130.0), "{relative}");
        // Local, absolute: shear y 10 → 10 + (0 − 10 + 30) × 0.5; relative: 10 + 30 × 0.5.
        let (_, _, _, local) =
            sheared(r#""local": true, "shear_mix": 0.5, "offsets": {"shear": 30}"#);
        assert!(close(local, 20.0), "{local}");
        let (_, _, _, local_relative) = sheared(
            r#""local": true, "relative": true, "shear_mix": 0.5, "offsets": {"shear": 30}"#,
        );
        assert!(close(local_relative, 25.0), "{local_relative}");
        // No shear mix: the bone keeps its own shear.
        let (kept, ..) = sheared(r#""rotate_mix": 0, "offsets": {"shear": 30}"#);
        assert!(close(kept, 100.0), "{kept}");
    }
}
