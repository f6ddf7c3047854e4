//! What the window's file dialog answered, carried out on the document: save to a chosen path
//! ([`save`], also File > Save), import a layered file's layers (`layered_import.rs`), add a part
//! (`parts.rs`) or a slot's attachment from a PNG. Opening a project replaces the editor and stays
//! the window's. A refusal is a [`FileError`], shown in the status line by `Editor::run`.

use std::path::{Path, PathBuf};

use crate::document::DocumentError;
use crate::editor::Editor;
use crate::import_job::LayeredImportError;
use crate::jobs::JobKind;
use crate::part_job::PartError;

/// Why a file command did nothing: one line, naming the file.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    #[error(transparent)]
    Save(#[from] DocumentError),
    #[error(transparent)]
    Part(#[from] PartError),
    #[error(transparent)]
    Import(#[from] LayeredImportError),
}

/// Saves the document to `path`, or to its own file (after waiting for weights being computed, so
/// the file has them).
pub(crate) fn save(editor: &mut Editor, path: Option<&Path>) -> Result<(), DocumentError> {
    editor.finish_job(JobKind::Weights);
    match path {
        Some(path) => editor.document.save_as(path)?,
        None => editor.document.save()?,
    }
    // Where it went (the file-state label beside it already says "saved").
    editor.status = match editor.document.path.as_deref() {
        Some(path) => format!("saved {}", path.display()),
        None => "saved".into(),
    };
    Ok(())
}
use crate::outcome::IntoOutcome;

/// A file chosen for the document.
#[derive(Debug, Clone, PartialEq)]
pub enum FileCommand {
    /// Saves the project to this path (it becomes the document's file).
    SaveAs(PathBuf),
    /// A PSD or ORA file whose layers become parts (it may ask how first).
    ImportLayered(PathBuf),
    /// A PNG as a new part.
    AddPart(PathBuf),
    /// A PNG as a new attachment of the selected slot.
    AddAttachment(PathBuf),
    /// The answer to "open the layered file as a new document, or add its layers?".
    AnswerLayered { new_document: bool },
    /// "Discard and open": the layered file opened as a new document, this one's unsaved changes
    /// dropped (the window offers it beside "Save and open", as Open does).
    OpenLayeredDiscarding,
    /// That question cancelled: nothing is imported.
    CancelLayered,
}

impl FileCommand {
    /// What it does, in a few words.
    pub fn name(&self) -> &'static str {
        match self {
            Self::SaveAs(_) => "save as",
            Self::ImportLayered(_) => "import layered file",
            Self::AddPart(_) => "add part",
            Self::AddAttachment(_) => "add attachment",
            Self::AnswerLayered { .. } => "import layered file",
            Self::OpenLayeredDiscarding => "discard changes and open layered file",
            Self::CancelLayered => "cancel import",
        }
    }

    /// Carries it out; whether it did (saved, started the import or the part), or why not.
    pub(crate) fn run(self, editor: &mut Editor) -> Result<bool, FileError> {
        match self {
            Self::SaveAs(path) => save(editor, Some(&path))?,
            Self::ImportLayered(path) => crate::layered_import::ask(editor, &path)?,
            Self::AddPart(path) => return Ok(crate::parts::add_part(editor, &path)?),
            Self::AddAttachment(path) => {
                return Ok(
                    crate::attachment_actions::add_attachment_to_selected(editor, &path)
                        .into_outcome(editor)
                        .is_done(),
                );
            }
            Self::AnswerLayered { new_document } => {
                crate::layered_import::answer(editor, new_document, false)?;
            }
            Self::OpenLayeredDiscarding => {
                crate::layered_import::answer(editor, true, true)?;
            }
            Self::CancelLayered => editor.jobs.set_layered_question(None),
        }
        Ok(true)
    }
}
