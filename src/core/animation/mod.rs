//! Animation: clips of keyed bone offsets, their interpolation curves, and sampling as a pure
//! function of time.

pub mod clip;
pub mod curve;
pub mod ik;

pub use clip::{AnimationError, Clip, ClipRecord, KeyRecord, clips_from_records};
pub use curve::Interpolation;
pub use ik::{IkConstraint, IkRecord, apply_ik, apply_ik_with};
