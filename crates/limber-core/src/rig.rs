//! RIG.json: bones written by hand or by scripts, the input to `limber new`.
//!
//! ```json
//! {"bones": [{"name": "hip", "parent": null, "head": [48, 70], "tail": [48, 40], "smoothness": 20},
//!            {"name": "chest", "parent": "hip", "head": [48, 40], "tail": [48, 20]}]}
//! ```
//! Coordinates are image pixels as in the mesh; `parent` names another bone (or is null);
//! `smoothness` (px) and `deform` (default true) are optional. Optional arrays hold IK constraints
//! (`ik`, [`IkRecord`]), rotation limits (`limits`), transform constraints (`transforms`), springs
//! (`springs`), look-at and child-of constraints (`look_at`, `child_of`), physics constraints
//! (`physics`, [`crate::animation::physics`]), path constraints (`paths`,
//! [`crate::animation::path`]), animation clips (`clips`,
//! [`ClipRecord`], with slot keys) and slots, skins and the active skin (`slots`, `skins`,
//! `active_skin`: [`crate::slots`]) and cuts, polylines distance may not cross (`cuts`:
//! `[[[x, y], …], …]`, [`crate::cuts`]). The project file stores its skeleton, clips, slots and cuts
//! in the same form.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::animation::{
    AnimationError, ChildOfRecord, Clip, ClipRecord, ConstraintError, FollowConstraint, FollowKind,
    IkConstraint, IkRecord, LimitRecord, LookAtRecord, PathConstraint, PathRecord,
    PhysicsConstraint, PhysicsRecord, RotationLimit, Spring, SpringRecord, TransformConstraint,
    TransformRecord, check_mix_keys, check_path_keys, clips_from_records, follows_from_records,
    limits_and_transforms_from_records, paths_from_records, physics_from_records,
};
use super::cuts::{Cut, CutError, check_cuts};
use super::inherit::Inherit;
use super::limits::Limits;
use super::skeleton::{Bone, Skeleton, SkeletonError};
use super::slots::{SkinRecord, SlotError, SlotRecord, SlotSet};

/// Largest rig file accepted, in bytes.
pub const MAX_RIG_BYTES: u64 = 64 << 20;

/// One bone as written in JSON: the parent by name.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BoneRecord {
    pub name: String,
    #[serde(default)]
    pub parent: Option<String>,
    pub head: [f64; 2],
    pub tail: [f64; 2],
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub smoothness: Option<f64>,
    #[serde(default = "default_deform")]
    pub deform: bool,
    /// What the bone takes of its parent (format version 11; absent: everything).
    #[serde(default, skip_serializing_if = "Inherit::is_normal")]
    pub inherit: Inherit,
}

fn default_deform() -> bool {
    true
}

/// The rig in its written form: RIG.json, and the rig part of the project file. Bones, constraints and
/// clips refer to bones by name.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct RigFile {
    /// Version-1 project files called this `skeleton`.
    #[serde(alias = "skeleton")]
    pub bones: Vec<BoneRecord>,
    #[serde(default)]
    pub ik: Vec<IkRecord>,
    #[serde(default)]
    pub limits: Vec<LimitRecord>,
    #[serde(default)]
    pub transforms: Vec<TransformRecord>,
    #[serde(default)]
    pub springs: Vec<SpringRecord>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub look_at: Vec<LookAtRecord>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub child_of: Vec<ChildOfRecord>,
    /// Physics constraints (format version 10; [`crate::animation::physics`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub physics: Vec<PhysicsRecord>,
    /// Path constraints (format version 12; [`crate::animation::path`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub paths: Vec<PathRecord>,
    #[serde(default)]
    pub clips: Vec<ClipRecord>,
    /// Slots with their attachments (format version 5; [`crate::slots`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub slots: Vec<SlotRecord>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub skins: Vec<SkinRecord>,
    /// The skin shown; absent: `default`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub active_skin: Option<String>,
    /// Polylines (canvas pixels) that distance may not cross (format version 9; [`crate::cuts`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cuts: Vec<Cut>,
}

/// Everything a rig constrains its bones with, in written form: what
/// [`crate::edit::Edit::SetConstraints`] replaces at once.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ConstraintRecords {
    pub ik: Vec<IkRecord>,
    pub limits: Vec<LimitRecord>,
    pub transforms: Vec<TransformRecord>,
    pub springs: Vec<SpringRecord>,
    pub look_at: Vec<LookAtRecord>,
    pub child_of: Vec<ChildOfRecord>,
    pub physics: Vec<PhysicsRecord>,
    pub paths: Vec<PathRecord>,
}

impl ConstraintRecords {
    /// Every constraint's name (IK, transform, look-at, child-of, path and physics: the ones clips
    /// key mixes of).
    pub fn names(&self) -> impl Iterator<Item = &str> {
        let ik = self.ik.iter().map(|c| c.name.as_str());
        let transforms = self.transforms.iter().map(|c| c.name.as_str());
        let look_at = self.look_at.iter().map(|c| c.name.as_str());
        let child_of = self.child_of.iter().map(|c| c.name.as_str());
        let physics = self.physics.iter().map(|c| c.name.as_str());
        let paths = self.paths.iter().map(|c| c.name.as_str());
        ik.chain(transforms)
            .chain(look_at)
            .chain(child_of)
            .chain(physics)
            .chain(paths)
    }

    /// `stem` if no constraint has that name, else `stem 2`, `stem 3`, …
    pub fn unused_name(&self, stem: &str) -> String {
        let taken = |name: &str| self.names().any(|n| n == name);
        if !taken(stem) {
            return stem.to_string();
        }
        (2..)
            .map(|i| format!("{stem} {i}"))
            .find(|name| !taken(name))
            .unwrap_or_else(|| stem.to_string())
    }
}

/// A validated rig: the skeleton, its IK constraints (applied in order) and its clips.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Rig {
    pub skeleton: Skeleton,
    pub ik: Vec<IkConstraint>,
    pub limits: Vec<RotationLimit>,
    pub transforms: Vec<TransformConstraint>,
    pub springs: Vec<Spring>,
    /// Child-of constraints, then look-at constraints (the order they are applied in).
    pub follows: Vec<FollowConstraint>,
    /// Applied last, after every other constraint ([`crate::animation::physics_run`]).
    pub physics: Vec<PhysicsConstraint>,
    /// Applied after the look-ats, before physics ([`crate::animation::path_apply`]).
    pub paths: Vec<PathConstraint>,
    pub clips: Vec<Clip>,
    /// Slots, skins and the active skin (empty: every part its own slot).
    pub slots: SlotSet,
    /// Where automatic weights may not reach across (checked by [`check_cuts`]).
    pub cuts: Vec<Cut>,
}

/// Validates spring records against a skeleton.
pub fn springs_from_records(
    records: &[SpringRecord],
    skeleton: &Skeleton,
) -> Result<Vec<Spring>, ConstraintError> {
    records
        .iter()
        .map(|r| Spring::from_record(r, skeleton))
        .collect()
}

/// Validates IK records against a skeleton.
pub fn ik_from_records(
    records: &[IkRecord],
    skeleton: &Skeleton,
) -> Result<Vec<IkConstraint>, ConstraintError> {
    records
        .iter()
        .map(|r| IkConstraint::from_record(r, skeleton))
        .collect()
}

/// Why a rig could not be read.
#[derive(Debug, Error)]
pub enum RigError {
    #[error("cannot read file: {0}")]
    Io(#[from] std::io::Error),
    #[error("file is {0} bytes, over the {MAX_RIG_BYTES}-byte limit")]
    TooLarge(u64),
    #[error("not a valid rig: {0}")]
    Json(#[from] serde_json::Error),
    #[error("invalid skeleton: {0}")]
    Skeleton(#[from] SkeletonError),
    #[error("invalid animation: {0}")]
    Animation(#[from] AnimationError),
    #[error("invalid constraint: {0}")]
    Constraint(#[from] ConstraintError),
    #[error("{0}")]
    Read(crate::read_file::ReadError),
    #[error("the rig has {0}")]
    Budget(#[from] crate::over_limit::OverLimit),
    #[error("invalid slots: {0}")]
    Slots(#[from] SlotError),
    #[error("invalid cut: {0}")]
    Cut(#[from] CutError),
}

impl From<crate::read_file::ReadError> for RigError {
    fn from(error: crate::read_file::ReadError) -> Self {
        match error {
            crate::read_file::ReadError::Io(io) => Self::Io(io),
            other => Self::Read(other),
        }
    }
}

/// Bone records → a validated skeleton (parents resolved by name through a map, so a long chain
/// loads in linear time).
pub fn skeleton_from_records(records: &[BoneRecord]) -> Result<Skeleton, SkeletonError> {
    let mut index: std::collections::HashMap<&str, usize> =
        std::collections::HashMap::with_capacity(records.len());
    for (i, r) in records.iter().enumerate() {
        // The first bone of a name wins; `Skeleton::new` refuses the duplicate.
        index.entry(r.name.as_str()).or_insert(i);
    }
    let bones = records
        .iter()
        .map(|r| {
            let parent = match &r.parent {
                None => None,
                Some(name) => Some(index.get(name.as_str()).copied().ok_or_else(|| {
                    SkeletonError::UnknownParent {
                        bone: r.name.clone(),
                        parent: format!("\"{name}\""),
                    }
                })?),
            };
            Ok(Bone {
                name: r.name.clone(),
                parent,
                head: r.head,
                tail: r.tail,
                smoothness: r.smoothness,
                deform: r.deform,
                inherit: r.inherit,
            })
        })
        .collect::<Result<Vec<_>, SkeletonError>>()?;
    Skeleton::new(bones)
}

/// A skeleton → bone records (parents by name).
pub fn records_from_skeleton(skeleton: &Skeleton) -> Vec<BoneRecord> {
    skeleton
        .bones
        .iter()
        .map(|b| BoneRecord {
            name: b.name.clone(),
            parent: b.parent.map(|p| skeleton.bones[p].name.clone()),
            head: b.head,
            tail: b.tail,
            smoothness: b.smoothness,
            deform: b.deform,
            inherit: b.inherit,
        })
        .collect()
}

impl RigFile {
    /// Validates everything (the skeleton, then what refers to it) into a [`Rig`].
    pub fn validate(&self) -> Result<Rig, RigError> {
        self.check_budgets(&Limits::current())?;
        let skeleton = skeleton_from_records(&self.bones)?;
        let ik = ik_from_records(&self.ik, &skeleton)?;
        let (limits, transforms) =
            limits_and_transforms_from_records(&self.limits, &self.transforms, &skeleton)?;
        let springs = springs_from_records(&self.springs, &skeleton)?;
        let follows = follows_from_records(&self.look_at, &self.child_of, &skeleton)?;
        let physics = physics_from_records(&self.physics, &skeleton)?;
        let paths = paths_from_records(&self.paths, &skeleton)?;
        let constraints = self.constraints();
        check_unique_constraint_names(&constraints)?;
        self.check_moved_bones_inherit(&skeleton)?;
        let clips = clips_from_records(&self.clips, &skeleton)?;
        check_mix_keys(&clips, constraints.names())?;
        check_path_keys(&clips, self.paths.iter().map(|p| p.name.as_str()))?;
        let slots = self.slot_set();
        crate::slots::validate::check_rig(&slots, &skeleton)?;
        check_cuts(&self.cuts, &Limits::current())?;
        Ok(Rig {
            skeleton,
            ik,
            limits,
            transforms,
            springs,
            follows,
            physics,
            paths,
            clips,
            slots,
            cuts: self.cuts.clone(),
        })
    }

    /// The slots, skins and active skin, copied out.
    pub fn slot_set(&self) -> SlotSet {
        SlotSet {
            slots: self.slots.clone(),
            skins: self.skins.clone(),
            active_skin: self.active_skin.clone(),
        }
    }

    /// Refuses a rig whose counts are over `limits` (see [`crate::limits`]), before any of it is
    /// validated or solved.
    pub fn check_budgets(&self, limits: &Limits) -> Result<(), RigError> {
        let constraints = self.ik.len()
            + self.limits.len()
            + self.transforms.len()
            + self.look_at.len()
            + self.child_of.len()
            + self.physics.len()
            + self.paths.len();
        let counts = [
            ("bones", self.bones.len(), limits.bones),
            ("constraints", constraints, limits.constraints),
            ("springs", self.springs.len(), limits.springs),
            ("clips", self.clips.len(), limits.clips),
        ];
        for (what, count, limit) in counts {
            Limits::check_count(what, count, limit)?;
        }
        for clip in &self.clips {
            let keys = clip.keys.len()
                + clip.parts.len()
                + clip.constraints.len()
                + clip.events.len()
                + clip.slots.len()
                + clip.paths.len();
            let what = format!("keys in clip \"{}\"", clip.name);
            Limits::check_count(&what, keys, limits.keys_per_clip)?;
        }
        crate::project_checks::check_clip_lists(&self.clips, limits).map_err(RigError::from)
    }

    /// The constraints, copied out.
    pub fn constraints(&self) -> ConstraintRecords {
        ConstraintRecords {
            ik: self.ik.clone(),
            limits: self.limits.clone(),
            transforms: self.transforms.clone(),
            springs: self.springs.clone(),
            look_at: self.look_at.clone(),
            child_of: self.child_of.clone(),
            physics: self.physics.clone(),
            paths: self.paths.clone(),
        }
    }

    /// Replaces every constraint.
    pub fn set_constraints(&mut self, constraints: ConstraintRecords) {
        let ConstraintRecords {
            ik,
            limits,
            transforms,
            springs,
            look_at,
            child_of,
            physics,
            paths,
        } = constraints;
        self.ik = ik;
        self.limits = limits;
        self.transforms = transforms;
        self.springs = springs;
        self.look_at = look_at;
        self.child_of = child_of;
        self.physics = physics;
        self.paths = paths;
    }

    /// The written form of `rig`.
    pub fn from_rig(rig: &Rig) -> Self {
        let skeleton = &rig.skeleton;
        Self {
            bones: records_from_skeleton(skeleton),
            ik: rig.ik.iter().map(|c| c.to_record(skeleton)).collect(),
            limits: rig.limits.iter().map(|c| c.to_record(skeleton)).collect(),
            transforms: rig
                .transforms
                .iter()
                .map(|c| c.to_record(skeleton))
                .collect(),
            springs: rig.springs.iter().map(|c| c.to_record(skeleton)).collect(),
            look_at: rig
                .follows
                .iter()
                .filter(|c| c.kind == FollowKind::LookAt)
                .map(|c| c.to_record(skeleton))
                .collect(),
            child_of: rig
                .follows
                .iter()
                .filter(|c| c.kind == FollowKind::ChildOf)
                .map(|c| c.to_record(skeleton))
                .collect(),
            physics: rig.physics.iter().map(|c| c.to_record(skeleton)).collect(),
            paths: rig.paths.iter().map(|c| c.to_record(skeleton)).collect(),
            clips: rig.clips.iter().map(Clip::to_record).collect(),
            slots: rig.slots.slots.clone(),
            skins: rig.slots.skins.clone(),
            active_skin: rig.slots.active_skin.clone(),
            cuts: rig.cuts.clone(),
        }
    }
}

/// Constraint names key mixes, so two constraints may not share one.
fn check_unique_constraint_names(constraints: &ConstraintRecords) -> Result<(), ConstraintError> {
    let mut seen = std::collections::HashSet::new();
    for name in constraints.names() {
        if !seen.insert(name) {
            return Err(ConstraintError::DuplicateName {
                name: name.to_string(),
            });
        }
    }
    Ok(())
}

/// Parses RIG.json text.
pub fn parse_rig(text: &str) -> Result<Rig, RigError> {
    let file: RigFile = serde_json::from_str(text)?;
    file.validate()
}

/// Reads and parses a RIG.json file.
pub fn load_rig(path: &std::path::Path) -> Result<Rig, RigError> {
    parse_rig(&crate::read_file::read_capped_text(path, MAX_RIG_BYTES)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_documented_example_and_round_trips() {
        let rig = parse_rig(
            r#"{"bones":[{"name":"hip","parent":null,"head":[48,70],"tail":[48,40],"smoothness":20},
                         {"name":"chest","parent":"hip","head":[48,40],"tail":[48,20]}],
                "clips":[{"name":"sway","duration":1.0,"loop":true,
                          "keys":[{"bone":"chest","time":0.5,"rotate":15,"interp":"stepped"}]}]}"#,
        )
        .unwrap();
        let skeleton = rig.skeleton;
        assert_eq!(rig.clips.len(), 1);
        assert_eq!(
            rig.clips[0].sample(0.75).bones[1].rotate,
            15f64.to_radians()
        );
        assert_eq!(skeleton.bones[1].parent, Some(0));
        assert_eq!(skeleton.bones[0].smoothness, Some(20.0));
        assert!(skeleton.bones[1].deform);
        let again = skeleton_from_records(&records_from_skeleton(&skeleton)).unwrap();
        assert_eq!(again, skeleton);
    }

    #[test]
    fn a_long_chain_resolves_parents_through_a_map() {
        // 200 000 bones: a linear search per parent would be 2 * 10^10 comparisons.
        let records: Vec<BoneRecord> = (0..200_000)
            .map(|i| BoneRecord {
                inherit: Default::default(),
                name: format!("b{i}"),
                parent: (i > 0).then(|| format!("b{}", i - 1)),
                head: [0.0, f64::from(i)],
                tail: [0.0, f64::from(i) + 1.0],
                smoothness: None,
                deform: true,
            })
            .collect();
        let skeleton = skeleton_from_records(&records).unwrap();
        assert_eq!(skeleton.bones[199_999].parent, Some(199_998));
        // Through a file, the bone budget refuses it before anything is solved.
        let file = RigFile {
            bones: records,
            ..RigFile::default()
        };
        let error = file.check_budgets(&Limits::DEFAULT).unwrap_err();
        assert_eq!(
            error.to_string(),
            "the rig has 200,000 bones, over the limit of 500"
        );
    }

    #[test]
    fn reports_bad_rigs() {
        assert!(matches!(parse_rig("{"), Err(RigError::Json(_))));
        let unknown = r#"{"bones":[{"name":"a","parent":"ghost","head":[0,0],"tail":[1,0]}]}"#;
        assert!(matches!(
            parse_rig(unknown),
            Err(RigError::Skeleton(SkeletonError::UnknownParent { .. }))
        ));
        let cycle = r#"{"bones":[{"name":"a","parent":"b","head":[0,0],"tail":[1,0]},
                                 {"name":"b","parent":"a","head":[0,0],"tail":[1,0]}]}"#;
        assert!(matches!(
            parse_rig(cycle),
            Err(RigError::Skeleton(SkeletonError::Cycle { .. }))
        ));
        let bad_clip = r#"{"bones":[{"name":"a","head":[0,0],"tail":[1,0]}],
            "clips":[{"name":"c","duration":1,"keys":[{"bone":"zz","time":0,"rotate":1}]}]}"#;
        assert!(matches!(
            parse_rig(bad_clip),
            Err(RigError::Animation(AnimationError::UnknownBone { .. }))
        ));
    }
}
