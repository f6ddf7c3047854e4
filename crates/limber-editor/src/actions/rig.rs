//! The constraint commands of the Rig inspector: the choices a new constraint is made from, a
//! constraint's settings, removing one, a child-of's inverse, and a mix keyed at the playhead.
//! Adding one is a plain command ([`Command::AddIk`](crate::commands::Command::AddIk), …). Carried out
//! by `rigging.rs`.

use limber_core::rig::ConstraintRecords;

use crate::editor::Editor;
use crate::rigging::{ConstraintRef, RigChoices};

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
        }
    }

    /// Carries the edit out; whether anything changed.
    pub(crate) fn run(self, editor: &mut Editor) -> bool {
        match self {
            Self::SetChoices(choices) => {
                editor.set_rig_choices(choices);
                true
            }
            Self::SetConstraints(records) => editor.set_constraint_records(*records),
            Self::Remove(which) => editor.remove_constraint(which),
            Self::SetChildOfInverse { index, set } => editor.set_child_of_inverse(index, set),
            Self::KeyMix { name, mix } => editor.key_constraint_mix(&name, mix),
        }
    }
}
