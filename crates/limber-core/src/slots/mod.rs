//! Slots, attachments and skins (format version 5): what a character is made of beyond one image
//! per part.
//!
//! A slot shows one of its attachments or none, with a colour (RGBA, multiplied with the
//! premultiplied texture) and a blend mode; clips key its attachment (stepped), colour
//! (interpolated) and draw order ([`crate::animation::slot_keys`]). Mesh attachments are the
//! project's parts: a part no written slot names is a slot of its own ([`resolve`]), so older files
//! and every part-level API keep working unchanged. Bounding-box and point attachments are posed
//! by [`posed`]; a clipping attachment clips the slots drawn after its own up to its end slot.
//! Skins map a slot's attachment names to other attachments; the active skin is the project's
//! (`--skin` overrides it). [`sample`] gives every slot's state at a time.

pub mod attachment;
mod attachment_fields;
pub mod bone_edits;
pub mod posed;
pub mod records;
pub mod resolve;
pub mod sample;
pub mod sample_index;
pub mod slot_edits;
pub mod validate;

#[cfg(test)]
mod slot_edits_tests;
#[cfg(test)]
mod tests;

use thiserror::Error;

pub use posed::{PosedPoint, contains, posed_point, posed_polygon};
pub use records::{
    AttachmentKind, AttachmentRecord, Blend, DEFAULT_SKIN, MeshSource, Polygon, PolygonBinding,
    SkinRecord, SlotRecord, SlotSet, WHITE,
};
pub use resolve::{Shown, SlotSource, SlotView, slot_list};
pub use sample::{ClipFrame, SlotFrame, sample_slots, sample_slots_with};

/// Why slots, skins or slot keys are invalid.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum SlotError {
    #[error("slot \"{slot}\": {problem}")]
    Slot { slot: String, problem: String },
    #[error("skin \"{skin}\": {problem}")]
    Skin { skin: String, problem: String },
    #[error("clip \"{clip}\": slot \"{slot}\" key at time {time}: {problem}")]
    Key {
        clip: String,
        slot: String,
        time: f64,
        problem: String,
    },
    #[error("no skin named \"{name}\" (skins: {skins})")]
    UnknownSkin { name: String, skins: String },
    #[error("{0} has an empty name")]
    EmptyName(&'static str),
    #[error("the project has {0}")]
    Budget(#[from] crate::over_limit::OverLimit),
    #[error("{0}")]
    Other(String),
}
