//! Physics constraints: a bone that lags, swings and settles as its parents move, pushed by wind
//! and gravity — Spine 4.2's physics model (see [`super::physics_step`]), so a Spine export keeps
//! it live and a game's own motion drives it.
//!
//! RIG.json and the project file write one as
//! `{"name": "tail sway", "bone": "tail", "rotate": 1, "strength": 80, "damping": 0.9}`: which
//! properties it moves (`x`, `y`, `rotate`, `scale_x`, `shear_x`, each a share 0–1, 0 = not moved)
//! and the model's settings (absent: Spine's defaults). How it is sampled over time is
//! [`super::physics_run`]. A clip may key its mix by its name (a mix key, as for IK), which Spine
//! keys alike.

use serde::{Deserialize, Serialize};

use super::constraint_error::ConstraintError;
use crate::skeleton::Skeleton;

/// Fewest and most simulation steps per second.
pub const FPS_RANGE: std::ops::RangeInclusive<f64> = 1.0..=240.0;

/// The model's settings, as Spine reads them.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct PhysicsSettings {
    /// How much of the bone's horizontal movement it lags behind (0–1, 0 = not moved).
    pub x: f64,
    /// The same for vertical movement.
    pub y: f64,
    /// How much its rotation swings (0–1).
    pub rotate: f64,
    /// How much it stretches along its length (0–1).
    pub scale_x: f64,
    /// How much its x axis alone swings, shearing the bone (0–1; Spine's `shearX`, format version
    /// 13, written only when set). It swings with the rotation: one offset turns the x axis by
    /// `rotate + shear_x` of it and the y axis by `rotate`.
    #[serde(skip_serializing_if = "is_zero")]
    pub shear_x: f64,
    /// How much of the bone's own movement becomes lag (0–1).
    pub inertia: f64,
    /// How hard the offset is pulled back (0–10 000).
    pub strength: f64,
    /// The share of velocity kept each 1/60 s (0–1; 1 = undamped).
    pub damping: f64,
    /// Heavier swings slower (0.001–1 000).
    pub mass: f64,
    /// Sideways force, in units of 100 px (±10 000; positive pushes right).
    pub wind: f64,
    /// Downward force, in units of 100 px (±10 000; positive pulls down on screen).
    pub gravity: f64,
    /// Most px per second the bone's movement pushes the offsets (0–10⁶).
    pub limit: f64,
    /// Simulation steps per second (1–240).
    pub fps: f64,
    /// How much of the result reaches the bone (0–1).
    pub mix: f64,
}

impl Default for PhysicsSettings {
    fn default() -> Self {
        Self::SPINE_DEFAULTS
    }
}

impl PhysicsSettings {
    /// Spine's defaults, with nothing moved.
    pub const SPINE_DEFAULTS: Self = Self {
        x: 0.0,
        y: 0.0,
        rotate: 0.0,
        scale_x: 0.0,
        shear_x: 0.0,
        inertia: 1.0,
        strength: 100.0,
        damping: 1.0,
        mass: 1.0,
        wind: 0.0,
        gravity: 0.0,
        limit: 5000.0,
        fps: 60.0,
        mix: 1.0,
    };

    /// Seconds per simulation step (as Spine computes it from fps).
    pub fn step(&self) -> f64 {
        1.0 / self.fps
    }

    /// Whether every setting is in its range.
    pub fn in_range(&self) -> bool {
        let share = 0.0..=1.0;
        [self.x, self.y, self.rotate, self.scale_x, self.shear_x]
            .iter()
            .all(|v| share.contains(v))
            && share.contains(&self.inertia)
            && share.contains(&self.damping)
            && share.contains(&self.mix)
            && (0.0..=10_000.0).contains(&self.strength)
            && (0.001..=1_000.0).contains(&self.mass)
            && (-10_000.0..=10_000.0).contains(&self.wind)
            && (-10_000.0..=10_000.0).contains(&self.gravity)
            && (0.0..=1e6).contains(&self.limit)
            && FPS_RANGE.contains(&self.fps)
    }

    /// Whether it moves any property (at a mix above 0, which a clip may key).
    pub fn moves_a_property(&self) -> bool {
        [self.x, self.y, self.rotate, self.scale_x, self.shear_x]
            .iter()
            .any(|v| *v > 0.0)
    }

    /// Whether the rotation offset is simulated: it turns the bone, shears it, or both.
    pub fn swings(&self) -> bool {
        self.rotate > 0.0 || self.shear_x > 0.0
    }
}

fn is_zero(value: &f64) -> bool {
    *value == 0.0
}

/// A physics constraint as written.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PhysicsRecord {
    pub name: String,
    pub bone: String,
    #[serde(flatten)]
    pub settings: PhysicsSettings,
}

/// A validated physics constraint.
#[derive(Debug, Clone, PartialEq)]
pub struct PhysicsConstraint {
    pub name: String,
    pub bone: usize,
    pub settings: PhysicsSettings,
}

impl PhysicsConstraint {
    pub fn from_record(
        record: &PhysicsRecord,
        skeleton: &Skeleton,
    ) -> Result<Self, ConstraintError> {
        let bone = skeleton
            .index_of(&record.bone)
            .ok_or_else(|| ConstraintError::UnknownBone {
                owner: format!("physics \"{}\"", record.name),
                bone: record.bone.clone(),
            })?;
        if !record.settings.in_range() {
            return Err(ConstraintError::BadPhysics {
                name: record.name.clone(),
            });
        }
        Ok(Self {
            name: record.name.clone(),
            bone,
            settings: record.settings,
        })
    }

    pub fn to_record(&self, skeleton: &Skeleton) -> PhysicsRecord {
        PhysicsRecord {
            name: self.name.clone(),
            bone: skeleton.bones[self.bone].name.clone(),
            settings: self.settings,
        }
    }
}

/// Validates physics records against a skeleton.
pub fn physics_from_records(
    records: &[PhysicsRecord],
    skeleton: &Skeleton,
) -> Result<Vec<PhysicsConstraint>, ConstraintError> {
    records
        .iter()
        .map(|r| PhysicsConstraint::from_record(r, skeleton))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_reads_with_spine_defaults_and_writes_back_the_same() {
        let record: PhysicsRecord = serde_json::from_str(
            r#"{"name": "sway", "bone": "tail", "rotate": 1, "damping": 0.9}"#,
        )
        .unwrap();
        assert_eq!(record.settings.rotate, 1.0);
        assert_eq!(record.settings.damping, 0.9);
        assert_eq!(record.settings.strength, 100.0);
        assert_eq!(record.settings.fps, 60.0);
        assert!(record.settings.in_range() && record.settings.moves_a_property());
        let again: PhysicsRecord =
            serde_json::from_str(&serde_json::to_string(&record).unwrap()).unwrap();
        assert_eq!(again, record);
    }

    #[test]
    fn out_of_range_settings_are_refused() {
        for bad in [
            PhysicsSettings {
                fps: 0.0,
                ..Default::default()
            },
            PhysicsSettings {
                mass: 0.0,
                ..Default::default()
            },
            PhysicsSettings {
                rotate: f64::NAN,
                ..Default::default()
            },
            PhysicsSettings {
                damping: 1.5,
                ..Default::default()
            },
        ] {
            assert!(!bad.in_range(), "{bad:?}");
        }
    }
}
