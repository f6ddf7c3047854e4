//! The skins' commands (the slots panel's skin row), carried out by `skin_actions.rs`.

use crate::editor::Editor;
use crate::skin_actions::{self, SkinError};

/// One edit of the skins.
#[derive(Debug, Clone, PartialEq)]
pub enum SkinCommand {
    /// A new skin, made active.
    Add,
    Duplicate {
        skin: String,
    },
    Delete {
        skin: String,
    },
    Rename {
        skin: String,
        to: String,
    },
    /// The skin the view shows and new attachments join.
    SetActive {
        skin: String,
    },
}

impl SkinCommand {
    /// What it does, in a few words.
    pub fn name(&self) -> &'static str {
        match self {
            Self::Add => "add skin",
            Self::Duplicate { .. } => "duplicate skin",
            Self::Delete { .. } => "delete skin",
            Self::Rename { .. } => "rename skin",
            Self::SetActive { .. } => "choose skin",
        }
    }

    /// Carries the edit out; whether anything changed, or why not.
    pub(crate) fn run(self, editor: &mut Editor) -> Result<bool, SkinError> {
        let step = editor.step();
        match self {
            Self::Add => skin_actions::add(step)?,
            Self::Duplicate { skin } => skin_actions::duplicate(step, &skin)?,
            Self::Delete { skin } => skin_actions::delete(step, &skin)?,
            Self::Rename { skin, to } => return skin_actions::rename(step, &skin, &to),
            Self::SetActive { skin } => return skin_actions::set_active(step, &skin),
        }
        Ok(true)
    }
}
