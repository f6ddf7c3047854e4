//! What a transform constraint adds to its source before moving the bone toward it (format version
//! 8), as Spine's transform constraint has it: a rotation (degrees, counter-clockwise on screen), a
//! point in the source bone's own frame (pixels along and across it) that the bone's head is moved
//! toward instead of the source's head, and amounts added to the source's world scale along and
//! across it. All zero by default, which is a transform constraint of earlier versions.

use serde::{Deserialize, Serialize};

/// The largest offset accepted, in degrees or pixels (as bone keys are bounded).
const MOST_OFFSET: f64 = 1e6;
/// The largest scale offset accepted.
const MOST_SCALE_OFFSET: f64 = 1000.0;

/// A transform constraint's offsets, as written (`"offsets": {"rotate", "translate", "scale"}`).
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
        }
        let huge = TransformOffsets {
            scale: [0.0, 1001.0],
            ..some
        };
        assert!(!huge.in_range());
    }
}
