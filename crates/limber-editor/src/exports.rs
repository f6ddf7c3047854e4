//! Exports from the editor: the rendered ones (GIF, sprite sheet, PNG frames) start an
//! [`ExportJob`] whose progress and Cancel the status bar shows; glTF is written at once (it takes
//! milliseconds). The window's dialogs only choose where.

use std::path::Path;

use super::editor::Editor;
use super::export_job::{ExportJob, ExportKind, ExportOutcome};

impl Editor {
    /// Starts rendering the current clip into `out` (a file, or a folder for PNG frames) on a worker
    /// thread. Refused while another export runs.
    pub fn start_export(&mut self, kind: ExportKind, out: &Path) {
        if self.export_job.is_some() {
            self.status = "an export is already running: wait for it or cancel it".into();
            return;
        }
        let job = ExportJob::start(
            kind,
            self.export_options,
            self.document.project.clone(),
            self.document.base_path(),
            self.clip,
            out.to_path_buf(),
        );
        self.export_job = Some(job);
        self.status = format!("exporting {} …", out.display());
    }

    /// The running export's frames rendered and total.
    pub fn export_progress(&self) -> Option<(usize, usize)> {
        self.export_job.as_ref().map(ExportJob::counts)
    }

    /// Stops the running export before its next frame; nothing is written.
    pub fn cancel_export(&mut self) {
        if let Some(job) = &self.export_job {
            job.cancel();
            self.status = format!("cancelling the {} export…", job.kind().noun());
        }
    }

    /// Takes in the export's outcome if it has ended (called every frame).
    pub fn poll_export(&mut self) {
        if self.export_job.as_ref().is_some_and(ExportJob::is_finished)
            && let Some(job) = self.export_job.take()
        {
            self.status = job.wait().message().to_string();
        }
    }

    /// Waits for the running export and returns how it ended (for tests and headless use).
    pub fn finish_export(&mut self) -> Option<ExportOutcome> {
        let outcome = self.export_job.take()?.wait();
        self.status = outcome.message().to_string();
        Some(outcome)
    }

    /// Writes the project, every clip, as glTF 2.0 at `out` (`.glb`, or `.gltf` with side files).
    pub fn export_gltf(&mut self, out: &Path) {
        let base = self.document.base_path();
        let options = limber_export::gltf::GltfOptions::default();
        self.status =
            match limber_export::gltf::export(&self.document.project, &base, out, &options) {
                Ok(written) => format!("exported {} ({} bytes)", out.display(), written.bytes),
                // These name the file themselves.
                Err(
                    e @ (limber_export::gltf::ExportError::Overwrite(_)
                    | limber_export::gltf::ExportError::Write { .. }),
                ) => e.to_string(),
                Err(e) => format!("{}: {e}", out.display()),
            };
    }
}
