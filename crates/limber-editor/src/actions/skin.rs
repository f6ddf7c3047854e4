//! The skins' commands (the slots panel's skin row), carried out by `skin_actions.rs`.

use crate::editor::Editor;

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

    /// Carries the edit out; whether anything changed.
    pub(crate) fn run(self, editor: &mut Editor) -> bool {
        match self {
            Self::Add => editor.add_skin(),
            Self::Duplicate { skin } => editor.duplicate_skin(&skin),
            Self::Delete { skin } => editor.delete_skin(&skin),
            Self::Rename { skin, to } => editor.rename_skin(&skin, &to),
            Self::SetActive { skin } => editor.set_active_skin(&skin),
        }
    }
}
