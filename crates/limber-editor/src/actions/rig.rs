//! The constraint commands of the Rig inspector: the choices a new constraint is made from, a
//! constraint's settings, removing one, a child-of's inverse, a mix (or a path's position or
//! spacing) keyed at the playhead, and which path's points the viewport edits.
//! Adding one is a plain command ([`Command::AddIk`](crate::commands::Command::AddIk), …). Carried out
//! by the rig feature (`rigging.rs`), returning its [`RigError`].

use limber_core::animation::PathChannel;
use limber_core::rig::ConstraintRecords;

use crate::editor::Editor;
use crate::rigging::{self, ConstraintRef, RigChoices, RigError};

/// One edit of the rig's constraints or of the choices a new one is made from.
#[derive(Debug, Clone, PartialEq)]
pub enum RigCommand {
    /// The target, chain length and other choices the Add commands use (editor state).
    SetChoices(RigChoices),
    /// Every constraint's settings as the inspector shows them (one undo step).
    SetConstraints(Box<ConstraintRecords>),
    Remove(ConstraintRef),
    /// Child-of `index` keeps (or drops) the offset it had when it was made.
    SetChildOfInverse {
        index: usize,
        set: bool,
    },
    /// Constraint `name`'s mix keyed at the playhead.
    KeyMix {
        name: String,
        mix: f64,
    },
    /// Constraint `name`'s mix key at the playhead removed.
    UnkeyMix {
        name: String,
    },
    /// Path `name`'s position or spacing keyed at the playhead.
    KeyPath {
        name: String,
        channel: PathChannel,
        value: f64,
    },
    /// Path `name`'s key of its position or spacing at the playhead removed (the key goes when it
    /// holds nothing else).
    UnkeyPath {
        name: String,
        channel: PathChannel,
    },
    /// Path constraint `index`'s anchors and handles are shown and dragged in the viewport (Bones
    /// and Animate modes), or none (editor state).
    EditPathPoints(Option<usize>),
}

impl RigCommand {
    /// What it does, in a few words.
    pub fn name(&self) -> &'static str {
        match self {
            Self::SetChoices(_) => "set constraint choices",
            Self::SetConstraints(_) => "edit constraint",
            Self::Remove(_) => "remove constraint",
            Self::SetChildOfInverse { .. } => "set child-of inverse",
            Self::KeyMix { .. } => "key constraint mix",
            Self::UnkeyMix { .. } => "remove constraint mix key",
            Self::KeyPath { .. } => "key path position or spacing",
            Self::UnkeyPath { .. } => "remove path position or spacing key",
            Self::EditPathPoints(_) => "edit path points",
        }
    }

    /// Carries the edit out; whether anything changed, or why not.
    pub(crate) fn run(self, editor: &mut Editor) -> Result<bool, RigError> {
        match self {
            Self::SetChoices(choices) => editor.tools.set_rig_choices(choices),
            Self::SetConstraints(records) => {
                rigging::set_constraints(&mut editor.document, *records)?
            }
            Self::Remove(which) => rigging::remove_constraint(&mut editor.document, which)?,
            Self::SetChildOfInverse { index, set } => {
                return rigging::set_child_of_inverse(editor.step(), index, set);
            }
            Self::KeyMix { name, mix } => {
                return crate::constraint_keys::key_constraint_mix(editor.step(), &name, mix);
            }
            Self::KeyPath {
                name,
                channel,
                value,
            } => return crate::path_rigging::key_path_value(editor.step(), &name, channel, value),
            Self::UnkeyMix { name } => {
                return crate::constraint_keys::unkey_constraint_mix(editor.step(), &name);
            }
            Self::UnkeyPath { name, channel } => {
                return crate::path_rigging::unkey_path_value(editor.step(), &name, channel);
            }
            Self::EditPathPoints(path) => {
                let name = path
                    .and_then(|i| editor.document.project.rig.paths.get(i))
                    .map(|p| p.name.clone());
                editor.tools.set_editing_path(name);
            }
        }
        Ok(true)
    }
}
