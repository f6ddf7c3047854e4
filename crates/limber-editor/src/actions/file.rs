//! What the window's file dialog answered, carried out on the document: save to a chosen path,
//! import a layered file's layers, add a part or a slot's attachment from a PNG. Opening a
//! project replaces the editor and stays the window's.

use std::path::PathBuf;

use crate::editor::Editor;
use crate::run_command::IntoOutcome;

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
            Self::CancelLayered => "cancel import",
        }
    }

    /// Carries it out; whether it did (saved, started the import or the part).
    pub(crate) fn run(self, editor: &mut Editor) -> bool {
        match self {
            Self::SaveAs(path) => editor.save_as(&path),
            Self::ImportLayered(path) => {
                editor.import_layered_asking(&path);
                true
            }
            Self::AddPart(path) => editor.add_part(&path),
            Self::AddAttachment(path) => {
                crate::slot_actions::add_attachment_to_selected(editor, &path)
                    .into_outcome(editor)
                    .is_done()
            }
            Self::AnswerLayered { new_document } => {
                editor.answer_layered_question(new_document);
                true
            }
            Self::CancelLayered => {
                editor.cancel_layered_question();
                true
            }
        }
    }
}
