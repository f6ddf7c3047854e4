//! The editor's background work, one slot per [`JobKind`]: weights (`weights_job.rs`), a rendered
//! export (`export_job.rs`, through the renderer the window hands in), a new part (`part_job.rs`)
//! and a layered import (`import_job.rs`), with the settings they start from, and the questions
//! that lead to them (the open Export dialog, a layered file's "new document or add?"). One job API
//! for all four: [`Jobs::progress`] and [`Jobs::is_cancelled`] for the status bar,
//! [`Editor::cancel_job`] for its Cancel, [`Editor::poll_jobs`] every frame (and
//! [`Editor::finish_job`] to wait), each ended job handed to its feature (`weighting.rs`,
//! `exports.rs`, `parts.rs`, `layered_import.rs`).

use std::sync::Arc;

use std::path::PathBuf;

use super::export_dialog::ExportDialog;
use super::export_job::{ExportJob, ExportOptions, ExportOutcome, ExportRenderer};
use super::import_job::ImportJob;
use super::part_job::PartJob;
use super::weights_job::WeightsJob;
use super::worker::BackgroundJob;

/// Which background job.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum JobKind {
    /// Automatic weights (`weighting.rs`).
    Weights,
    /// A part made from a large PNG (`parts.rs`).
    Part,
    /// A layered file's layers (`layered_import.rs`).
    Import,
    /// A rendered GIF, sprite sheet or PNG frames (`exports.rs`).
    Export,
}

impl JobKind {
    /// Every kind, in the status bar's order.
    pub const ALL: [Self; 4] = [Self::Weights, Self::Part, Self::Import, Self::Export];
}

/// Parts whose images together have at most this many pixels get missing distance fields computed
/// at once on the UI thread (a few frames at most); larger ones in the background
/// ([`crate::Editor::recompute_weights`]).
pub const SYNC_WEIGHT_PIXELS: u64 = 512 * 512;

/// The running jobs and their settings.
pub struct Jobs {
    pub(crate) weights: Option<WeightsJob>,
    pub(crate) export: Option<ExportJob>,
    pub(crate) part: Option<PartJob>,
    pub(crate) import: Option<ImportJob>,
    /// How rendered exports are framed and whether sheets are trimmed (a setting, not saved).
    export_options: ExportOptions,
    /// What renders GIF, sheet and frame exports (the window's).
    renderer: Option<Arc<dyn ExportRenderer>>,
    /// The open Export dialog, if any.
    export_dialog: Option<ExportDialog>,
    /// A layered file waiting for the answer to "new document or add its layers?".
    layered_question: Option<PathBuf>,
    /// The editor replaced its document itself (a layered file opened as a new one): the window
    /// uploads it afresh.
    new_document: bool,
    /// Images up to this many pixels (all parts together) get their weights on the UI thread.
    sync_weight_pixels: u64,
    /// How the last export ended.
    pub(crate) last_export: Option<ExportOutcome>,
}

impl Default for Jobs {
    fn default() -> Self {
        Self {
            weights: None,
            export: None,
            part: None,
            import: None,
            export_options: ExportOptions::default(),
            renderer: None,
            export_dialog: None,
            layered_question: None,
            new_document: false,
            sync_weight_pixels: SYNC_WEIGHT_PIXELS,
            last_export: None,
        }
    }
}

impl Jobs {
    /// Whether any job runs.
    pub fn any(&self) -> bool {
        JobKind::ALL.into_iter().any(|kind| self.is_running(kind))
    }

    /// The job of `kind` (as its common part: progress, Cancel, end), if one runs.
    fn job(&self, kind: JobKind) -> Option<&dyn BackgroundJobState> {
        match kind {
            JobKind::Weights => self.weights.as_ref().map(|j| j as &dyn BackgroundJobState),
            JobKind::Part => self.part.as_ref().map(|j| j as &dyn BackgroundJobState),
            JobKind::Import => self.import.as_ref().map(|j| j as &dyn BackgroundJobState),
            JobKind::Export => self.export.as_ref().map(|j| j as &dyn BackgroundJobState),
        }
    }

    /// Whether a job of `kind` runs.
    pub fn is_running(&self, kind: JobKind) -> bool {
        self.job(kind).is_some()
    }

    /// The running job of `kind`: finished and total units of work.
    pub fn progress(&self, kind: JobKind) -> Option<(usize, usize)> {
        self.job(kind).map(BackgroundJobState::counts)
    }

    /// Whether the job of `kind` was cancelled (its Cancel is then disabled).
    pub fn is_cancelled(&self, kind: JobKind) -> bool {
        self.job(kind).is_some_and(BackgroundJobState::is_cancelled)
    }

    /// Whether the job of `kind` has ended and waits to be taken in.
    pub(crate) fn has_ended(&self, kind: JobKind) -> bool {
        self.job(kind).is_some_and(BackgroundJobState::is_finished)
    }

    /// Cancels the job of `kind`; what the status line says then, if one ran.
    pub(crate) fn cancel(&mut self, kind: JobKind) -> Option<String> {
        let message = match kind {
            JobKind::Weights => {
                self.weights.as_mut()?.cancel();
                "cancelling the weights…".to_string()
            }
            JobKind::Part => {
                self.part.as_mut()?.cancel();
                "cancelling the new part…".to_string()
            }
            JobKind::Import => {
                self.import.as_mut()?.cancel();
                "cancelling the import…".to_string()
            }
            JobKind::Export => {
                let job = self.export.as_mut()?;
                job.cancel();
                format!("cancelling the {} export…", job.kind().noun())
            }
        };
        Some(message)
    }

    /// How the last export ended (kept after it is taken in).
    pub fn last_export(&self) -> Option<&ExportOutcome> {
        self.last_export.as_ref()
    }

    pub fn weights(&self) -> Option<&WeightsJob> {
        self.weights.as_ref()
    }

    pub fn export(&self) -> Option<&ExportJob> {
        self.export.as_ref()
    }

    pub fn part(&self) -> Option<&PartJob> {
        self.part.as_ref()
    }

    pub fn import(&self) -> Option<&ImportJob> {
        self.import.as_ref()
    }

    pub(crate) fn weights_slot(&mut self) -> &mut Option<WeightsJob> {
        &mut self.weights
    }

    /// Runs `job` as the export (the last one's outcome forgotten).
    pub(crate) fn start_export(&mut self, job: ExportJob) {
        self.export = Some(job);
        self.last_export = None;
    }

    pub(crate) fn part_slot(&mut self) -> &mut Option<PartJob> {
        &mut self.part
    }

    pub(crate) fn import_slot(&mut self) -> &mut Option<ImportJob> {
        &mut self.import
    }

    pub fn export_options(&self) -> ExportOptions {
        self.export_options
    }

    pub(crate) fn export_options_mut(&mut self) -> &mut ExportOptions {
        &mut self.export_options
    }

    pub fn renderer(&self) -> Option<Arc<dyn ExportRenderer>> {
        self.renderer.clone()
    }

    pub fn set_renderer(&mut self, renderer: Arc<dyn ExportRenderer>) {
        self.renderer = Some(renderer);
    }

    pub fn export_dialog(&self) -> Option<&ExportDialog> {
        self.export_dialog.as_ref()
    }

    pub(crate) fn export_dialog_mut(&mut self) -> Option<&mut ExportDialog> {
        self.export_dialog.as_mut()
    }

    pub(crate) fn set_export_dialog(&mut self, dialog: Option<ExportDialog>) {
        self.export_dialog = dialog;
    }

    /// The layered file whose import waits for "new document or add?".
    pub fn layered_question(&self) -> Option<&PathBuf> {
        self.layered_question.as_ref()
    }

    pub(crate) fn set_layered_question(&mut self, path: Option<PathBuf>) {
        self.layered_question = path;
    }

    pub(crate) fn mark_new_document(&mut self) {
        self.new_document = true;
    }

    /// Whether the editor replaced its document since the last call (for the window).
    pub(crate) fn take_new_document(&mut self) -> bool {
        std::mem::take(&mut self.new_document)
    }

    /// The most pixels whose weights are computed on the UI thread.
    pub fn sync_weight_pixels(&self) -> u64 {
        self.sync_weight_pixels
    }

    pub fn set_sync_weight_pixels(&mut self, pixels: u64) {
        self.sync_weight_pixels = pixels;
    }

    /// What a new document keeps: the running export (it has its own copy of the project) and the
    /// renderer; other jobs belong to the old document and stop, the settings start afresh.
    pub(crate) fn for_new_document(&mut self) -> Self {
        Self {
            export: self.export.take(),
            renderer: self.renderer.take(),
            ..Self::default()
        }
    }
}

/// A job's progress, Cancel state and end, whatever it hands back ([`BackgroundJob`] without its
/// output type, so the four slots are read alike).
trait BackgroundJobState {
    fn counts(&self) -> (usize, usize);
    fn is_cancelled(&self) -> bool;
    fn is_finished(&self) -> bool;
}

impl<J: BackgroundJob> BackgroundJobState for J {
    fn counts(&self) -> (usize, usize) {
        BackgroundJob::counts(self)
    }

    fn is_cancelled(&self) -> bool {
        BackgroundJob::is_cancelled(self)
    }

    fn is_finished(&self) -> bool {
        BackgroundJob::is_finished(self)
    }
}
