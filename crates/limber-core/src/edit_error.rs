//! Why an edit was refused: [`EditError`], shared by the edits (`edit.rs`) and the slot edits
//! they call (`slots/slot_edits.rs`), which would otherwise import each other in a circle.

use thiserror::Error;

use super::animation::AnimationError;
use super::rig::RigError;

/// Why an edit was refused (the project is unchanged).
#[derive(Debug, Error)]
pub enum EditError {
    #[error("no bone named \"{0}\"")]
    NoBone(String),
    #[error("no clip named \"{0}\"")]
    NoClip(String),
    #[error("no constraint named \"{0}\"")]
    NoConstraint(String),
    #[error("no part {0}")]
    NoPart(usize),
    #[error("{0}")]
    Rig(#[from] RigError),
    #[error("{0}")]
    Animation(#[from] AnimationError),
    #[error("invalid weights: {0}")]
    Weights(String),
    #[error("{0}")]
    Part(String),
    #[error("invalid slots: {0}")]
    Slots(#[from] crate::slots::SlotError),
}
