//! The editor's background work, one slot per kind: weights (`weights_job.rs`), a rendered export
//! (`export_job.rs`, through the renderer the window hands in), a new part (`part_job.rs`) and a
//! layered import (`import_job.rs`), with the settings they start from, and the questions that
//! lead to them (the open Export dialog, a layered file's "new document or add?"). The status bar shows
//! their progress and Cancel; the editor starts and polls them (`weighting.rs`, `exports.rs`,
//! `parts.rs`, `layered_import.rs`).

use std::sync::Arc;

use std::path::PathBuf;

use super::export_dialog::ExportDialog;
use super::export_job::{ExportJob, ExportOptions, ExportRenderer};
use super::import_job::ImportJob;
use super::part_job::PartJob;
use super::weights_job::WeightsJob;

/// Parts whose images together have at most this many pixels get missing distance fields computed
/// at once on the UI thread (a few frames at most); larger ones in the background
/// ([`crate::Editor::recompute_weights`]).
pub const SYNC_WEIGHT_PIXELS: u64 = 512 * 512;

/// The running jobs and their settings.
pub struct Jobs {
    weights: Option<WeightsJob>,
    export: Option<ExportJob>,
    part: Option<PartJob>,
    import: Option<ImportJob>,
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
        }
    }
}

impl Jobs {
    /// Whether any job runs.
    pub fn any(&self) -> bool {
        self.weights.is_some()
            || self.export.is_some()
            || self.part.is_some()
            || self.import.is_some()
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

    pub(crate) fn export_slot(&mut self) -> &mut Option<ExportJob> {
        &mut self.export
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
