//! Exports from the editor: the rendered ones (GIF, sprite sheet, PNG frames) start an
//! [`ExportJob`] whose progress and Cancel the status bar shows; glTF and Spine JSON are written at
//! once (they take milliseconds). Each format's Export dialog (`export_dialog.rs`) chooses how and
//! where.

use std::path::Path;
use std::sync::Arc;

use super::editor::Editor;
use super::export_job::{ExportJob, ExportKind, ExportOutcome, ExportRenderer, ExportRequest};

impl Editor {
    /// Gives the editor what renders its GIF, sheet and frame exports (the window's GPU renderer);
    /// without one, a rendered export is refused with a message.
    pub fn set_export_renderer(&mut self, renderer: Arc<dyn ExportRenderer>) {
        self.jobs.set_renderer(renderer);
    }

    /// Starts rendering the current clip into `out` (a file, or a folder for PNG frames) on a worker
    /// thread. Refused while another export runs.
    pub fn start_export(&mut self, kind: ExportKind, out: &Path) {
        if self.jobs().export().is_some() {
            self.status = "an export is already running: wait for it or cancel it".into();
            return;
        }
        let Some(renderer) = self.jobs().renderer() else {
            self.status = format!("{}: this editor has no renderer for exports", out.display());
            return;
        };
        let request = ExportRequest {
            kind,
            options: self.jobs().export_options(),
            project: self.document.project.clone(),
            project_path: self.document.base_path(),
            clip: self.playback().clip(),
            out: out.to_path_buf(),
        };
        let job = ExportJob::start(renderer, request);
        *self.jobs.export_slot() = Some(job);
        self.status = format!("exporting {} …", out.display());
    }

    /// Starts `request` (from the Export dialog, which has checked it) on a worker thread.
    pub(crate) fn start_export_request(&mut self, request: ExportRequest) {
        let Some(renderer) = self.jobs().renderer() else {
            return;
        };
        self.status = format!("exporting {} …", request.out.display());
        *self.jobs.export_slot() = Some(ExportJob::start(renderer, request));
    }

    /// The running export's frames rendered and total.
    pub fn export_progress(&self) -> Option<(usize, usize)> {
        self.jobs().export().map(ExportJob::counts)
    }

    /// Stops the running export before its next frame; nothing is written.
    pub fn cancel_export(&mut self) {
        if let Some(job) = self.jobs().export() {
            job.cancel();
            self.status = format!("cancelling the {} export…", job.kind().noun());
        }
    }

    /// Takes in the export's outcome if it has ended (called every frame).
    pub fn poll_export(&mut self) {
        if self.jobs().export().is_some_and(ExportJob::is_finished)
            && let Some(job) = self.jobs.export_slot().take()
        {
            self.status = job.wait().message().to_string();
        }
    }

    /// Waits for the running export and returns how it ended (for tests and headless use).
    pub fn finish_export(&mut self) -> Option<ExportOutcome> {
        let outcome = self.jobs.export_slot().take()?.wait();
        self.status = outcome.message().to_string();
        Some(outcome)
    }

    /// Writes the project, every clip, as glTF 2.0 at `out` (`.glb`, or `.gltf` with side files).
    pub fn export_gltf(&mut self, out: &Path) {
        self.export_gltf_with(out, &limber_export::gltf::GltfOptions::default());
    }

    /// [`Editor::export_gltf`] with `options` (the Export dialog's); whether it was written.
    pub fn export_gltf_with(
        &mut self,
        out: &Path,
        options: &limber_export::gltf::GltfOptions,
    ) -> bool {
        let base = self.document.base_path();
        let mut written = false;
        self.status = match limber_export::gltf::export(&self.document.project, &base, out, options)
        {
            Ok(file) => {
                written = true;
                format!("exported {} ({} bytes)", out.display(), file.bytes)
            }
            // These name the file themselves.
            Err(
                e @ (limber_export::gltf::ExportError::Overwrite(_)
                | limber_export::gltf::ExportError::Write { .. }),
            ) => e.to_string(),
            Err(e) => format!("{}: {e}", out.display()),
        };
        written
    }

    /// Writes the project, every clip, as Spine 4.2 JSON with its atlas and pages into the folder
    /// `out` (see `docs/SPINE.md`); what it bakes is listed in the status line.
    pub fn export_spine(&mut self, out: &Path) {
        self.export_spine_with(out, &limber_export::spine::SpineOptions::default());
    }

    /// [`Editor::export_spine`] with `options` (the Export dialog's); whether it was written.
    pub fn export_spine_with(
        &mut self,
        out: &Path,
        options: &limber_export::spine::SpineOptions,
    ) -> bool {
        let base = self.document.base_path();
        let mut ok = false;
        self.status =
            match limber_export::spine::export(&self.document.project, &base, out, options) {
                Ok(written) => {
                    ok = true;
                    let baked = if written.warnings.is_empty() {
                        String::new()
                    } else {
                        format!("; {}", written.warnings.join("; "))
                    };
                    format!(
                        "exported {} files into {} ({} bytes){baked}",
                        written.files.len(),
                        out.display(),
                        written.bytes
                    )
                }
                Err(e) => format!("{}: {}", out.display(), in_dialog_terms(&e)),
            };
        ok
    }
}

/// A Spine export's refusal in the Export dialog's words (its "Largest page" field, not the
/// command line's `--max-page`).
fn in_dialog_terms(error: &limber_export::spine::SpineError) -> String {
    use limber_export::spine::SpineError;
    match error {
        SpineError::RegionTooLarge {
            part,
            width,
            height,
            max_page,
            fits,
        } => format!(
            "part \"{part}\" is {width} x {height} px after trimming, too large for the largest page \
             of {max_page} px with its 2 px padding: {}",
            match fits {
                Some(fits) => format!("set Largest page to {fits} px"),
                None => "no page size holds it; scale the part down".to_string(),
            }
        ),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::Document;

    #[test]
    fn spine_export_writes_the_skeleton_atlas_and_pages_or_says_why_not() {
        let path =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/projects/zombie.limber");
        let mut editor = Editor::new(Document::open(&path).unwrap());
        let out = std::env::temp_dir().join(format!("limber-editor-spine-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&out);
        editor.export_spine(&out);
        assert!(
            editor.status.starts_with("exported 3 files"),
            "{}",
            editor.status
        );
        for file in ["zombie.json", "zombie.atlas", "zombie_0.png"] {
            assert!(out.join(file).exists(), "{file}");
        }
        // A folder that cannot be made: the status says so and names it.
        let blocked = out.join("zombie.json").join("inside");
        editor.export_spine(&blocked);
        assert!(editor.status.contains("cannot write"), "{}", editor.status);
        // A page too small for the part: the advice names the dialog's field, not the flag.
        let small = limber_export::spine::SpineOptions {
            max_page: 64,
            ..Default::default()
        };
        assert!(!editor.export_spine_with(&out.join("small"), &small));
        assert!(
            editor.status.contains("set Largest page to 128 px")
                || editor.status.contains("set Largest page to 256 px"),
            "{}",
            editor.status
        );
        assert!(!editor.status.contains("--max-page"), "{}", editor.status);
        let _ = std::fs::remove_dir_all(&out);
    }
}
