//! The Export dialog's commands: its choices as edited, the destination the file chooser gave,
//! Export and Cancel. Opening it is a plain command per format
//! ([`Command::ExportGif`](crate::commands::Command::ExportGif), …); carried out by
//! `export_dialog_actions.rs`.

use std::path::PathBuf;

use crate::editor::Editor;
use crate::export_dialog::ExportDialog;

/// One action in the open Export dialog.
#[derive(Debug, Clone, PartialEq)]
pub enum ExportCommand {
    /// The dialog's choices as the window shows them after an edit (its last refusal cleared
    /// when they changed).
    Edit(Box<ExportDialog>),
    /// The destination picked with Browse….
    SetDestination(PathBuf),
    /// Export as the dialog says (a refusal stays in the dialog).
    Export,
    /// Close without exporting.
    Close,
}

impl ExportCommand {
    /// What it does, in a few words.
    pub fn name(&self) -> &'static str {
        match self {
            Self::Edit(_) => "edit export choices",
            Self::SetDestination(_) => "choose export destination",
            Self::Export => "export",
            Self::Close => "close export dialog",
        }
    }

    /// Carries it out; whether anything changed (an export started, for Export).
    pub(crate) fn run(self, editor: &mut Editor) -> bool {
        match self {
            Self::Edit(dialog) => editor.edit_export_dialog(*dialog),
            Self::SetDestination(path) => {
                editor.set_export_destination(&path);
                true
            }
            Self::Export => editor.export_from_dialog(),
            Self::Close => {
                editor.close_export_dialog();
                true
            }
        }
    }
}
