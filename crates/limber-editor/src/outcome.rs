//! What running a command comes to: [`Outcome`] (done, unchanged, or a [`WindowRequest`] only the
//! window can carry out, with the [`Purpose`] of a file dialog), and [`IntoOutcome`], the one place
//! a feature's typed error becomes the status line. Below the command table and the features, so
//! both can use it without importing each other.

use crate::editor::Editor;
use crate::export_job::ExportKind;

/// What running a command came to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Carried out (a panel command: something changed).
    Done,
    /// Nothing changed: refused (the status says why) or nothing to do.
    Unchanged,
    /// Only the window can do it: a file dialog, closing.
    Window(WindowRequest),
}

impl Outcome {
    /// The dialog or closing the window must do, if any.
    pub fn window_request(self) -> Option<WindowRequest> {
        match self {
            Self::Window(request) => Some(request),
            Self::Done | Self::Unchanged => None,
        }
    }

    /// Whether the command changed something.
    pub fn is_done(self) -> bool {
        self == Self::Done
    }
}

impl From<bool> for Outcome {
    fn from(done: bool) -> Self {
        if done { Self::Done } else { Self::Unchanged }
    }
}

/// What only the window can do for a command: file dialogs and closing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WindowRequest {
    /// Ask for a file or folder, for `Purpose` (the window's file dialog; the answer comes back
    /// to the window, which acts on it).
    Ask(Purpose),
    /// Open the recent file with this index.
    OpenRecent(usize),
    Quit,
}

/// What a file or folder asked of the user is for: one declaration per dialog, which the window's
/// file dialog titles and filters and whose answer the window carries out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    NewFromImage,
    AddPart,
    /// A PNG as a new attachment of the selected slot (the slots panel's "+ attachment").
    AddAttachment,
    /// A layered PSD or ORA file whose layers become parts.
    ImportLayered,
    Open,
    SaveAs,
    /// Save As from the "Save changes before closing?" prompt: the window closes once saved.
    SaveAsThenClose,
    /// Where the open Export dialog's GIF, sheet or PNG frames go (the dialog itself is the
    /// editor's).
    Export(ExportKind),
    ExportGltf,
    /// The folder for Spine 4.2 JSON, atlas and pages.
    ExportSpine,
}

/// A feature action's result as [`Editor::run`] reports it: the one place a feature's typed error
/// becomes the status line.
pub(crate) trait IntoOutcome {
    fn into_outcome(self, editor: &mut Editor) -> Outcome;
}

impl<E: std::fmt::Display> IntoOutcome for Result<bool, E> {
    fn into_outcome(self, editor: &mut Editor) -> Outcome {
        match self {
            Ok(changed) => changed.into(),
            Err(error) => {
                editor.status = error.to_string();
                Outcome::Unchanged
            }
        }
    }
}

impl<E: std::fmt::Display> IntoOutcome for Result<(), E> {
    fn into_outcome(self, editor: &mut Editor) -> Outcome {
        self.map(|()| true).into_outcome(editor)
    }
}
