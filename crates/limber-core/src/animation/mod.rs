//! Animation: clips of keyed bone offsets, part states (draw order, visibility, vertex deform) and
//! slot states (attachment, colour, draw order),
//! their interpolation curves, IK, and sampling as a pure function of time.

pub mod channel;
pub mod channel_sample;
pub mod clip;
pub mod constraint_error;
pub mod constraints;
pub mod curve;
mod error;
pub mod events;
pub mod follow;
pub mod ik;
pub mod key_edits;
pub mod part_keys;
pub mod path;
pub mod path_apply;
pub mod path_curve;
pub mod path_keys;
pub mod physics;
pub mod physics_run;
pub mod physics_step;
#[cfg(test)]
mod physics_tests;
pub mod records;
pub mod secondary;
pub mod slot_index;
pub mod slot_keys;
pub mod spine_world;
pub mod transform;
pub mod transform_modes;
pub mod transform_offsets;

pub use channel::{Channel, ChannelGroup};
pub use clip::{
    AnimationError, Clip, ClipRecord, KeyRecord, MAX_FPS, MixKeyRecord, clips_from_records,
};
pub use constraint_error::ConstraintError;
pub use constraints::{
    LimitRecord, RotationLimit, TransformConstraint, TransformOffsets, TransformRecord,
    apply_constraints, apply_limits_and_transforms, check_mix_keys, check_path_keys,
    limits_and_transforms_from_records, with_keyed_follow_mix, with_keyed_mix,
};
pub use curve::Interpolation;
pub use events::EventRecord;
pub use follow::{
    ChildOfRecord, FollowConstraint, FollowKind, FollowRecord, LookAtRecord, apply_follows,
    follows_from_records,
};
pub use ik::{IkConstraint, IkRecord, apply_ik, apply_ik_with};
pub use key_edits::{CopiedKeys, KeySet, TimedKey, TrackKeyId};
pub use part_keys::{DeformRecord, PartKeyRecord, PartPose};
pub use path::{PathConstraint, PathRecord, PathSettings, paths_from_records};
pub use path_apply::{KeyedPath, apply_paths, keyed_path_values};
pub use path_keys::{PathChannel, PathKeyRecord};
pub use physics::{PhysicsConstraint, PhysicsRecord, PhysicsSettings, physics_from_records};
pub use physics_run::{PhysicsMemo, sample_with_physics};
pub use secondary::{Crossfade, Spring, SpringRecord, blend_poses, sample_with_springs};
pub use slot_keys::{SlotKeyRecord, SlotPose};
