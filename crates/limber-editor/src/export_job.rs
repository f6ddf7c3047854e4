//! A rendered export (GIF, sprite sheet or PNG frames of a clip) on a worker thread. The editor
//! holds no GPU: the window (or a test) hands it an [`ExportRenderer`] that renders the clip frame
//! by frame, reporting one unit of progress per frame and stopping when cancelled, in which case
//! nothing is written. Each format's Export dialog (`export_dialog.rs`) chooses the options and
//! the path; the editor starts, shows and polls the job (`exports.rs`).

use super::worker::{BackgroundJob, Worker, WorkerFailure};
use std::path::PathBuf;
use std::sync::Arc;

use limber_core::progress::Progress;
use limber_core::project::Project;

/// What an export writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExportKind {
    /// An animated GIF (at most 50 fps: whole centiseconds).
    Gif,
    /// A sprite-sheet PNG with its JSON-hash atlas beside it.
    Sheet,
    /// `frame_0000.png`, … in a folder (made when missing).
    Frames,
}

impl ExportKind {
    /// What the status bar calls it.
    pub fn noun(self) -> &'static str {
        match self {
            Self::Gif => "GIF",
            Self::Sheet => "sprite sheet",
            Self::Frames => "PNG frames",
        }
    }
}

/// The canvas a rendered export frames: core's, shared with the renderer and the command line.
pub use limber_core::export_settings::{DEFAULT_MARGIN, Framing};

/// How rendered exports are made: the canvas they frame (the whole animation plus 2 px by default),
/// whether a sprite sheet's frames are trimmed and packed, the scale, the frame rate and the
/// sheet's columns.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ExportOptions {
    pub framing: Framing,
    pub trim: bool,
    /// Output pixels per image pixel.
    pub scale: f64,
    /// Frames per second; `None`: the clip's own (a GIF at most 50).
    pub fps: Option<f64>,
    /// A sheet's frames per row; `None`: the smallest square.
    pub columns: Option<u32>,
}

impl Default for ExportOptions {
    fn default() -> Self {
        Self {
            framing: Framing::default(),
            trim: false,
            scale: 1.0,
            fps: None,
            columns: None,
        }
    }
}

impl ExportOptions {
    /// Switches between the image's rectangle and the animation's bounds (default margin).
    pub fn toggle_image_frame(&mut self) {
        self.framing = match self.framing {
            Framing::Image => Framing::default(),
            Framing::Animation { .. } => Framing::Image,
        };
    }
}

/// One rendered export as the editor asks for it.
#[derive(Debug, Clone)]
pub struct ExportRequest {
    pub kind: ExportKind,
    pub options: ExportOptions,
    /// A copy of the project: the document may change while the export runs.
    pub project: Project,
    /// Where the project is saved (its parts' images are found from there).
    pub project_path: PathBuf,
    /// The clip (index into the project's clips); `None`: the rest pose.
    pub clip: Option<usize>,
    /// The file, or the folder for PNG frames.
    pub out: PathBuf,
}

/// Why a rendered export failed, one line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct RenderFailure {
    pub message: String,
    /// Whether the message already starts with the file or folder it is about.
    pub names_path: bool,
}

/// What renders the editor's exports: implemented by the window over the GPU renderer, so the
/// editor's model depends on no GPU crate. Called on the export's worker thread.
pub trait ExportRenderer: Send + Sync {
    /// Renders `request`, one unit of `progress` per frame, stopping (writing nothing) once it is
    /// cancelled.
    fn render(&self, request: &ExportRequest, progress: &Progress) -> Result<(), RenderFailure>;

    /// Refuses `request` before it starts when it is over the export budgets, saying what to lower
    /// in the Export dialog's terms (scale, fps); at once, on the UI thread.
    fn check(&self, request: &ExportRequest) -> Result<(), RenderFailure> {
        let _ = request;
        Ok(())
    }
}

/// How an export ended, one line for the status bar.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExportOutcome {
    Written(String),
    Cancelled(String),
    Failed(String),
}

impl ExportOutcome {
    pub fn message(&self) -> &str {
        match self {
            Self::Written(m) | Self::Cancelled(m) | Self::Failed(m) => m,
        }
    }
}

/// An export running on a worker thread.
pub struct ExportJob {
    kind: ExportKind,
    out: PathBuf,
    worker: Worker<Result<(), RenderFailure>>,
}

impl BackgroundJob for ExportJob {
    /// Frames rendered (and encoded, for a GIF) of those to do; cancelled, nothing is written.
    type Output = Result<(), RenderFailure>;

    fn worker(&self) -> &Worker<Self::Output> {
        &self.worker
    }
}

impl ExportJob {
    /// Starts `renderer` on `request` on a worker thread.
    pub fn start(renderer: Arc<dyn ExportRenderer>, request: ExportRequest) -> Self {
        let (kind, out) = (request.kind, request.out.clone());
        let worker = Worker::spawn("limber-export", move |progress: &Progress| {
            renderer.render(&request, progress)
        });
        Self { kind, out, worker }
    }

    pub fn kind(&self) -> ExportKind {
        self.kind
    }

    /// Waits for the worker and says how the export ended.
    pub fn wait(self) -> ExportOutcome {
        let out = self.out.display().to_string();
        let cancelled = self.is_cancelled();
        // The message, with the output's name unless it already starts with it.
        let result = match self.worker.join() {
            Ok(Ok(())) => Ok(()),
            Ok(Err(e)) if e.names_path => Err(e.message),
            Ok(Err(e)) => Err(format!("{out}: {}", e.message)),
            Err(WorkerFailure::Panicked) => Err(format!("{out}: the export failed")),
            Err(WorkerFailure::NoThread) => {
                Err(format!("{out}: the export could not start a thread"))
            }
        };
        match result {
            _ if cancelled && result.is_err() => ExportOutcome::Cancelled(format!(
                "{} export cancelled: nothing written",
                self.kind.noun()
            )),
            Ok(()) => ExportOutcome::Written(format!("exported {out}")),
            Err(e) => ExportOutcome::Failed(e),
        }
    }
}
