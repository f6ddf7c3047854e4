//! The Export dialog's commands: its choices as edited, the destination the file chooser gave,
//! Export and Cancel (carried out by `export_dialog_actions.rs`); and a rendered export of the
//! current clip without the dialog (`exports.rs`). Opening the dialog is a plain command per
//! format ([`Command::ExportGif`](crate::commands::Command::ExportGif), …).

use std::path::PathBuf;

use crate::editor::Editor;
use crate::export_dialog::ExportDialog;
use crate::export_dialog_actions as dialog;
use crate::export_job::ExportKind;
use crate::exports::{self, ExportError};

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
    /// Render the current clip with the menu's options into `out` (a file, or a folder for PNG
    /// frames) in the background, without the dialog (headless use).
    Render { kind: ExportKind, out: PathBuf },
}

impl ExportCommand {
    /// What it does, in a few words.
    pub fn name(&self) -> &'static str {
        match self {
            Self::Edit(_) => "edit export choices",
            Self::SetDestination(_) => "choose export destination",
            Self::Export => "export",
            Self::Close => "close export dialog",
            Self::Render { .. } => "export",
        }
    }

    /// Carries it out; whether anything changed (an export started, for Export), or why it did
    /// not start (a refusal in the dialog stays there).
    pub(crate) fn run(self, editor: &mut Editor) -> Result<bool, ExportError> {
        match self {
            Self::Edit(edited) => return Ok(dialog::edit(&mut editor.jobs, *edited)),
            Self::SetDestination(path) => dialog::set_destination(&mut editor.jobs, &path),
            Self::Export => return Ok(dialog::export(editor)),
            Self::Close => editor.jobs.set_export_dialog(None),
            Self::Render { kind, out } => exports::render(editor, kind, &out)?,
        }
        Ok(true)
    }
}
