//! Constraints after IK: rotation limits, then transform constraints, each in list order. The whole
//! order of a frame is: clip → springs → IK (in order) → limits → transform constraints → child-of
//! → look-at ([`super::follow`]) → world → palette.
//!
//! - A rotation limit clamps a bone's rotation offset (degrees, counter-clockwise on screen) to
//!   [min, max].
//! - A transform constraint moves a bone's world rotation, head position and/or scale toward another
//!   bone's, by `rotate_mix`, `translate_mix` and `scale_mix` (0–1), by changing the bone's own
//!   offsets, so its children follow.

use glam::{DMat2, DVec2};
use serde::{Deserialize, Serialize};

use super::constraint_error::ConstraintError;
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

/// A transform constraint as written.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct TransformRecord {
    pub name: String,
    /// The bone that is moved.
    pub bone: String,
    /// The bone it copies from.
    pub source: String,
    #[serde(default)]
    pub rotate_mix: f64,
    #[serde(default)]
    pub translate_mix: f64,
    /// Written only when not 0 (format version 3).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub scale_mix: f64,
    /// The translate mix across the image's y axis, when it differs from `translate_mix` (which is
    /// then x's); format version 8.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub translate_mix_y: Option<f64>,
    /// The scale mix across the bone, when it differs from `scale_mix` (then along); version 8.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scale_mix_y: Option<f64>,
    /// Version 8; written only when some offset is set.
    #[serde(default, skip_serializing_if = "TransformOffsets::is_none")]
    pub offsets: TransformOffsets,
    /// Version 8: mix the bones' local rotation, position and scale (relative to their parents)
    /// instead of their world ones ([`super::transform_modes`]).
    #[serde(default, skip_serializing_if = "is_false")]
    pub local: bool,
    /// Version 8: add the source's transform (times the mixes) instead of moving toward it.
    #[serde(default, skip_serializing_if = "is_false")]
    pub relative: bool,
}

fn is_false(value: &bool) -> bool {
    !*value
}

fn is_zero(value: &f64) -> bool {
    *value == 0.0
}

/// Validated rotation limit.
#[derive(Debug, Clone, PartialEq)]
pub struct RotationLimit {
    pub bone: usize,
    pub min_degrees: f64,
    pub max_degrees: f64,
}

/// Validated transform constraint.
#[derive(Debug, Clone, PartialEq)]
pub struct TransformConstraint {
    pub name: String,
    pub bone: usize,
    pub source: usize,
    pub rotate_mix: f64,
    /// Along the image's x axis.
    pub translate_mix: f64,
    pub translate_mix_y: f64,
    /// Along the bone.
    pub scale_mix: f64,
    /// Across the bone.
    pub scale_mix_y: f64,
    pub offsets: TransformOffsets,
    pub local: bool,
    pub relative: bool,
}

fn bone_index(skeleton: &Skeleton, name: &str, owner: &str) -> Result<usize, ConstraintError> {
    skeleton
        .index_of(name)
        .ok_or_else(|| ConstraintError::UnknownBone {
            owner: owner.to_string(),
            bone: name.to_string(),
        })
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

impl TransformConstraint {
    pub fn from_record(
        record: &TransformRecord,
        skeleton: &Skeleton,
    ) -> Result<Self, ConstraintError> {
        let what = format!("transform constraint \"{}\"", record.name);
        let bone = bone_index(skeleton, &record.bone, &what)?;
        let source = bone_index(skeleton, &record.source, &what)?;
        let mix_ok = |m: f64| (0.0..=1.0).contains(&m);
        let translate_mix_y = record.translate_mix_y.unwrap_or(record.translate_mix);
        let scale_mix_y = record.scale_mix_y.unwrap_or(record.scale_mix);
        let mixes_ok = [
            record.rotate_mix,
            record.translate_mix,
            translate_mix_y,
            record.scale_mix,
            scale_mix_y,
        ]
        .into_iter()
        .all(mix_ok);
        if bone == source || !mixes_ok || !record.offsets.in_range() {
            return Err(ConstraintError::BadTransform {
                name: record.name.clone(),
            });
        }
        Ok(Self {
            name: record.name.clone(),
            bone,
            source,
            rotate_mix: record.rotate_mix,
            translate_mix: record.translate_mix,
            translate_mix_y,
            scale_mix: record.scale_mix,
            scale_mix_y,
            offsets: record.offsets,
            local: record.local,
            relative: record.relative,
        })
    }

    pub fn to_record(&self, skeleton: &Skeleton) -> TransformRecord {
        TransformRecord {
            name: self.name.clone(),
            bone: skeleton.bones[self.bone].name.clone(),
            source: skeleton.bones[self.source].name.clone(),
            rotate_mix: self.rotate_mix,
            translate_mix: self.translate_mix,
            translate_mix_y: (self.translate_mix_y != self.translate_mix)
                .then_some(self.translate_mix_y),
            scale_mix: self.scale_mix,
            scale_mix_y: (self.scale_mix_y != self.scale_mix).then_some(self.scale_mix_y),
            offsets: self.offsets,
            local: self.local,
            relative: self.relative,
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
            }
            c
        })
        .collect();
    (ik, transforms)
}

/// Checks that every mix key of every clip names an IK, transform, look-at or child-of constraint.
pub fn check_mix_keys(
    clips: &[super::clip::Clip],
    ik: &[super::ik::IkConstraint],
    transforms: &[TransformConstraint],
    follows: &[super::follow::FollowConstraint],
) -> Result<(), ConstraintError> {
    for clip in clips {
        for name in clip.mix_key_names() {
            if !ik.iter().any(|c| c.name == name)
                && !transforms.iter().any(|c| c.name == name)
                && !follows.iter().any(|c| c.name == name)
            {
                return Err(ConstraintError::UnknownMixTarget {
                    clip: clip.name.clone(),
                    name: name.to_string(),
                });
            }
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
        apply_transform(solver, skeleton, pose, constraint);
    }
}

/// One transform constraint in its mode: world or local ([`super::transform_modes`]), absolute or
/// relative.
fn apply_transform(
    solver: &PoseSolver,
    skeleton: &Skeleton,
    pose: &mut Pose,
    constraint: &TransformConstraint,
) {
    match (constraint.local, constraint.relative) {
        (false, false) => apply_absolute_world(solver, skeleton, pose, constraint),
        (false, true) => {
            super::transform_modes::apply_relative_world(solver, skeleton, pose, constraint)
        }
        (true, relative) => super::transform_modes::apply_local(solver, pose, constraint, relative),
    }
}

/// As Spine's absolute world transform constraint computes it: the bone's world rotation turned
/// toward the source's (plus the offset), its head moved toward the source's offset point, its
/// world scale along and across moved toward the source's (plus the offsets), each by its mix;
/// written back as the bone's own offsets, so its children follow.
fn apply_absolute_world(
    solver: &PoseSolver,
    skeleton: &Skeleton,
    pose: &mut Pose,
    constraint: &TransformConstraint,
) {
    let world = solver.world(pose);
    let (bone, source) = (world[constraint.bone], world[constraint.source]);
    let offsets = &constraint.offsets;
    if constraint.rotate_mix > 0.0 {
        // Counter-clockwise on screen is a negative angle in the y-down frame; Spine turns the offset
        // the other way for a mirrored source.
        let mirrored = if source.matrix2.determinant() < 0.0 {
            -1.0
        } else {
            1.0
        };
        let wanted = bone.matrix2.x_axis.angle_to(source.matrix2.x_axis)
            - offsets.rotate.to_radians() * mirrored;
        let turn = wrap_angle(wanted) * constraint.rotate_mix;
        // A bone scaled to nothing has no direction to turn from or to, and is left as it is.
        if turn.is_finite() {
            pose.bones[constraint.bone].rotate -= turn;
        }
    }
    let translate_mix = DVec2::new(constraint.translate_mix, constraint.translate_mix_y);
    if translate_mix != DVec2::ZERO {
        let goal = source.transform_point2(DVec2::from(offsets.translate));
        let shift = (goal - bone.translation) * translate_mix;
        // Offsets translate along the parent's axes.
        let axes: DMat2 = skeleton.bones[constraint.bone]
            .parent
            .map_or(DMat2::IDENTITY, |p| world[p].matrix2);
        let local = axes.inverse() * shift;
        // A parent scaled to nothing (a zero scale key) has collapsed axes: no offset along
        // them reaches the source, so the bone is left where it is rather than sent to NaN.
        if local.is_finite() {
            let t = &mut pose.bones[constraint.bone].translate;
            *t = (DVec2::from(*t) + local).to_array();
        }
    }
    let scale_mix = DVec2::new(constraint.scale_mix, constraint.scale_mix_y);
    if scale_mix != DVec2::ZERO {
        // World scale along the bone and across it: the lengths of its frame's axes.
        let world = solver.world(pose);
        let (bone, source) = (world[constraint.bone], world[constraint.source]);
        let axes = |m: &DMat2| DVec2::new(m.x_axis.length(), m.y_axis.length());
        let (own, wanted) = (axes(&bone.matrix2), axes(&source.matrix2));
        let goal = own + (wanted - own + DVec2::from(offsets.scale)) * scale_mix;
        // An axis scaled to nothing cannot be scaled back by a factor: it is left as it is.
        let factor = DVec2::select(own.cmpeq(DVec2::ZERO), DVec2::ONE, goal / own);
        if factor.is_finite() {
            let scale = &mut pose.bones[constraint.bone].scale;
            *scale = (DVec2::from(*scale) * factor).to_array();
        }
    }
}

/// `angle` wrapped into [−π, π] (as Spine wraps it: once).
pub(super) fn wrap_angle(angle: f64) -> f64 {
    use std::f64::consts::{PI, TAU};
    if angle > PI {
        angle - TAU
    } else if angle < -PI {
        angle + TAU
    } else {
        angle
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
