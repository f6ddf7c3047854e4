//! A transform constraint's written and validated forms: the bone it moves, the source it copies
//! from, its mixes (rotation; translation x and y; scale along and across the bone; shear between
//! the bone's axes), its offsets
//! ([`super::transform_offsets`]) and Spine's modes (local, relative). How each mode moves the bone
//! is [`super::transform_modes`].

use serde::{Deserialize, Serialize};

use super::constraint_error::ConstraintError;
use super::transform_offsets::TransformOffsets;
use crate::skeleton::Skeleton;

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
    /// How far the shear between the bone's axes moves toward the source's (Spine's `mixShearY`);
    /// version 13, written only when not 0.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub shear_mix: f64,
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
    /// The shear between the bone's axes.
    pub shear_mix: f64,
    pub offsets: TransformOffsets,
    pub local: bool,
    pub relative: bool,
}

/// The index of bone `name`, or an error naming `owner` (the constraint, in words).
pub fn bone_index(skeleton: &Skeleton, name: &str, owner: &str) -> Result<usize, ConstraintError> {
    skeleton
        .index_of(name)
        .ok_or_else(|| ConstraintError::UnknownBone {
            owner: owner.to_string(),
            bone: name.to_string(),
        })
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
            record.shear_mix,
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
            shear_mix: record.shear_mix,
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
            shear_mix: self.shear_mix,
            offsets: self.offsets,
            local: self.local,
            relative: self.relative,
        }
    }
}

/// `angle` wrapped into [−π, π] (as Spine wraps it: once).
pub fn wrap_angle(angle: f64) -> f64 {
    use std::f64::consts::{PI, TAU};
    if angle > PI {
        angle - TAU
    } else if angle < -PI {
        angle + TAU
    } else {
        angle
    }
}
