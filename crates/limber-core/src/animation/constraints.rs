//! Constraints after IK: rotation limits, then transform constraints, each in list order. The whole
//! order of a frame is: clip → springs → IK (in order) → limits → transform constraints → child-of
//! → look-at ([`super::follow`]) → path constraints ([`super::path_apply`]) → physics → world →
//! palette.
//!
//! - A rotation limit clamps a bone's rotation offset (degrees, counter-clockwise on screen) to
//!   [min, max].
//! - A transform constraint moves a bone's rotation, head position and/or scale toward another
//!   bone's (or adds the other's), in the world or locally, by its mixes (0–1), by changing the
//!   bone's own offsets, so its children follow ([`super::transform`], [`super::transform_modes`]).

use serde::{Deserialize, Serialize};

use super::constraint_error::ConstraintError;
use super::transform::bone_index;
pub use super::transform::{TransformConstraint, TransformRecord};
pub use super::transform_offsets::TransformOffsets;
use crate::pose::{Pose, PoseSolver};
use crate::skeleton::Skeleton;

/// A rotation limit as written.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LimitRecord {
    pub bone: String,
    /// Degrees.
    pub min: f64,
    /// Degrees.
    pub max: f64,
}

/// Validated rotation limit.
#[derive(Debug, Clone, PartialEq)]
pub struct RotationLimit {
    pub bone: usize,
    pub min_degrees: f64,
    pub max_degrees: f64,
}

impl RotationLimit {
    pub fn from_record(record: &LimitRecord, skeleton: &Skeleton) -> Result<Self, ConstraintError> {
        let bone = bone_index(skeleton, &record.bone, "a rotation limit")?;
        if !(record.min.is_finite() && record.max.is_finite() && record.min <= record.max) {
            return Err(ConstraintError::BadLimit {
                bone: record.bone.clone(),
            });
        }
        Ok(Self {
            bone,
            min_degrees: record.min,
            max_degrees: record.max,
        })
    }

    pub fn to_record(&self, skeleton: &Skeleton) -> LimitRecord {
        LimitRecord {
            bone: skeleton.bones[self.bone].name.clone(),
            min: self.min_degrees,
            max: self.max_degrees,
        }
    }
}

/// The whole constraint stage of a frame: IK (in order), then rotation limits, then transform
/// constraints.
pub fn apply_constraints(
    solver: &PoseSolver,
    skeleton: &Skeleton,
    pose: &Pose,
    ik: &[super::ik::IkConstraint],
    limits: &[RotationLimit],
    transforms: &[TransformConstraint],
) -> Pose {
    let mut pose = super::ik::apply_ik_with(solver, skeleton, pose, ik);
    apply_limits_and_transforms(solver, skeleton, &mut pose, limits, transforms);
    pose
}

/// The IK and transform constraints with the mixes `clip` keys at time `t`: a keyed mix replaces an
/// IK constraint's mix and scales a transform constraint's rotate and translate mixes.
pub fn with_keyed_mix(
    clip: &super::clip::Clip,
    t: f64,
    ik: &[super::ik::IkConstraint],
    transforms: &[TransformConstraint],
) -> (Vec<super::ik::IkConstraint>, Vec<TransformConstraint>) {
    let ik = ik
        .iter()
        .map(|c| {
            let mut c = c.clone();
            if let Some(mix) = clip.sample_mix(&c.name, t) {
                c.mix = mix;
            }
            c
        })
        .collect();
    let transforms = transforms
        .iter()
        .map(|c| {
            let mut c = c.clone();
            if let Some(mix) = clip.sample_mix(&c.name, t) {
                c.rotate_mix *= mix;
                c.translate_mix *= mix;
                c.translate_mix_y *= mix;
                c.scale_mix *= mix;
                c.scale_mix_y *= mix;
                c.shear_mix *= mix;
            }
            c
        })
        .collect();
    (ik, transforms)
}

/// Checks that every mix key of every clip names a constraint whose mix a clip may key: an IK,
/// transform, look-at, child-of, path or physics constraint (`names`, every such constraint's name).
pub fn check_mix_keys<'a>(
    clips: &[super::clip::Clip],
    names: impl Iterator<Item = &'a str>,
) -> Result<(), ConstraintError> {
    let names: std::collections::HashSet<&str> = names.collect();
    for clip in clips {
        for name in clip.mix_key_names() {
            if !names.contains(name) {
                return Err(ConstraintError::UnknownMixTarget {
                    clip: clip.name.clone(),
                    name: name.to_string(),
                });
            }
        }
    }
    Ok(())
}

/// Checks that every path key of every clip names a path constraint (`paths`, their names).
pub fn check_path_keys<'a>(
    clips: &[super::clip::Clip],
    paths: impl Iterator<Item = &'a str>,
) -> Result<(), ConstraintError> {
    let paths: std::collections::HashSet<&str> = paths.collect();
    for clip in clips {
        if let Some(key) = clip
            .path_keys()
            .all()
            .iter()
            .find(|k| !paths.contains(k.path.as_str()))
        {
            return Err(ConstraintError::UnknownPathKeyTarget {
                clip: clip.name.clone(),
                name: key.path.clone(),
            });
        }
    }
    Ok(())
}

/// The look-at and child-of constraints with the mixes `clip` keys at time `t` (a keyed mix replaces
/// the constraint's own).
pub fn with_keyed_follow_mix(
    clip: &super::clip::Clip,
    t: f64,
    follows: &[super::follow::FollowConstraint],
) -> Vec<super::follow::FollowConstraint> {
    follows
        .iter()
        .map(|c| {
            let mut c = c.clone();
            if let Some(mix) = clip.sample_mix(&c.name, t) {
                c.mix = mix;
            }
            c
        })
        .collect()
}

/// Validates limit and transform records against a skeleton.
pub fn limits_and_transforms_from_records(
    limits: &[LimitRecord],
    transforms: &[TransformRecord],
    skeleton: &Skeleton,
) -> Result<(Vec<RotationLimit>, Vec<TransformConstraint>), ConstraintError> {
    let limits = limits
        .iter()
        .map(|r| RotationLimit::from_record(r, skeleton))
        .collect::<Result<Vec<_>, _>>()?;
    let transforms = transforms
        .iter()
        .map(|r| TransformConstraint::from_record(r, skeleton))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((limits, transforms))
}

/// Applies the rotation limits, then the transform constraints, to `pose`.
pub fn apply_limits_and_transforms(
    solver: &PoseSolver,
    skeleton: &Skeleton,
    pose: &mut Pose,
    limits: &[RotationLimit],
    transforms: &[TransformConstraint],
) {
    pose.bones.resize(skeleton.bones.len(), Default::default());
    for limit in limits {
        let rotate = &mut pose.bones[limit.bone].rotate;
        *rotate = rotate.clamp(
            limit.min_degrees.to_radians(),
            limit.max_degrees.to_radians(),
        );
    }
    for constraint in transforms {
        super::transform_modes::apply_transform(solver, skeleton, pose, constraint);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::skeleton::Bone;

    fn skeleton() -> Skeleton {
        Skeleton::new(vec![
            Bone::new("root", None, [0.0, 0.0], [10.0, 0.0]),
            Bone::new("arm", Some(0), [10.0, 0.0], [20.0, 0.0]),
            Bone::new("leader", None, [50.0, 50.0], [50.0, 60.0]),
        ])
        .unwrap()
    }

    #[test]
    fn limits_clamp_rotation_offsets() {
        let s = skeleton();
        let solver = PoseSolver::new(&s).unwrap();
        let limit = RotationLimit::from_record(
            &LimitRecord {
                bone: "arm".into(),
                min: -30.0,
                max: 45.0,
            },
            &s,
        )
        .unwrap();
        let mut pose = Pose::rest(&s);
        pose.bones[1].rotate = 2.0;
        apply_limits_and_transforms(&solver, &s, &mut pose, &[limit], &[]);
        assert_eq!(pose.bones[1].rotate, 45f64.to_radians());
        assert!(
            RotationLimit::from_record(
                &LimitRecord {
                    bone: "arm".into(),
                    min: 5.0,
                    max: -5.0
                },
                &s
            )
            .is_err()
        );
    }

    #[test]
    fn a_parent_scaled_to_nothing_leaves_the_constrained_bone_finite() {
        // Found by the project_load fuzz target: a scale key of [0, 1] on the parent made the
        // translate offset NaN (the inverse of collapsed axes).
        let s = skeleton();
        let solver = PoseSolver::new(&s).unwrap();
        let record = TransformRecord {
            name: "follow".into(),
            bone: "arm".into(),
            source: "leader".into(),
            rotate_mix: 1.0,
            translate_mix: 1.0,
            scale_mix: 1.0,
            ..TransformRecord::default()
        };
        let constraint = TransformConstraint::from_record(&record, &s).unwrap();
        for scale in [[0.0, 1.0], [0.0, 0.0], [1.0, 0.0]] {
            let mut pose = Pose::rest(&s);
            pose.bones[0].scale = scale;
            apply_limits_and_transforms(
                &solver,
                &s,
                &mut pose,
                &[],
                std::slice::from_ref(&constraint),
            );
            let arm = pose.bones[1];
            assert!(
                arm.rotate.is_finite() && arm.translate.iter().all(|c| c.is_finite()),
                "{scale:?}: {arm:?}"
            );
            assert!(
                solver.world(&pose).iter().all(|m| m.is_finite()),
                "{scale:?}"
            );
        }
    }

    #[test]
    fn transform_constraints_copy_world_scale_with_mix() {
        let s = skeleton();
        let solver = PoseSolver::new(&s).unwrap();
        let record = TransformRecord {
            name: "grow".into(),
            bone: "arm".into(),
            source: "leader".into(),
            rotate_mix: 0.0,
            translate_mix: 0.0,
            scale_mix: 0.5,
            ..TransformRecord::default()
        };
        let constraint = TransformConstraint::from_record(&record, &s).unwrap();
        let mut pose = Pose::rest(&s);
        pose.bones[2].scale = [3.0, 2.0];
        apply_limits_and_transforms(&solver, &s, &mut pose, &[], &[constraint]);
        let arm = solver.world(&pose)[1].matrix2;
        assert!(
            (arm.x_axis.length() - 2.0).abs() < 1e-12,
            "half way from 1 to 3"
        );
        assert!(
            (arm.y_axis.length() - 1.5).abs() < 1e-12,
            "half way from 1 to 2"
        );
        let too_much = TransformRecord {
            scale_mix: 1.5,
            ..record
        };
        assert!(TransformConstraint::from_record(&too_much, &s).is_err());
    }

    #[test]
    fn transform_constraints_copy_world_rotation_and_position_with_mix() {
        let s = skeleton();
        let solver = PoseSolver::new(&s).unwrap();
        let record = TransformRecord {
            name: "follow".into(),
            bone: "arm".into(),
            source: "leader".into(),
            rotate_mix: 1.0,
            translate_mix: 0.5,
            scale_mix: 0.0,
            ..TransformRecord::default()
        };
        let constraint = TransformConstraint::from_record(&record, &s).unwrap();
        let mut pose = Pose::rest(&s);
        pose.bones[0].rotate = 0.3; // the parent turns, so the arm's offsets act in turned axes
        apply_limits_and_transforms(&solver, &s, &mut pose, &[], &[constraint]);
        let world = solver.world(&pose);
        let (arm, leader) = (world[1], world[2]);
        assert!(
            arm.matrix2.x_axis.angle_to(leader.matrix2.x_axis).abs() < 1e-12,
            "same world rotation"
        );
        let before = solver.world(&{
            let mut p = Pose::rest(&s);
            p.bones[0].rotate = 0.3;
            p
        })[1]
            .translation;
        let expected = before + (leader.translation - before) * 0.5;
        assert!(
            (arm.translation - expected).length() < 1e-9,
            "{} vs {expected}",
            arm.translation
        );
        assert!(
            TransformConstraint::from_record(
                &TransformRecord {
                    source: "arm".into(),
                    ..record
                },
                &s
            )
            .is_err()
        );
    }
}
