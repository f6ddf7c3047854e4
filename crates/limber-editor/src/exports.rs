//! Exports from the editor: the rendered ones (GIF, sprite sheet, PNG frames) start an
//! [`ExportJob`] ([`crate::jobs::JobKind::Export`]) whose progress and Cancel the status bar shows;
//! glTF and Spine JSON are written at once (they take milliseconds). Each format's Export dialog
//! (`export_dialog.rs`, `export_dialog_actions.rs`) chooses how and where; a refusal is an
//! [`ExportError`].

use std::path::{Path, PathBuf};
use std::sync::Arc;

use limber_export::gltf::GltfOptions;
use limber_export::spine::{SpineError, SpineOptions};

use super::document::Document;
use super::editor::Editor;
use super::export_job::{ExportJob, ExportKind, ExportRenderer, ExportRequest, RenderFailure};

/// Why an export did not start or was not written: one line, naming the file when it is about it.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    #[error("choose where to export to")]
    NoDestination,
    /// A number field holds a value out of its range (the line names the field and the range).
    #[error("{0}")]
    OutOfRange(String),
    #[error("an export is already running: wait for it or cancel it")]
    Busy,
    /// Over an export budget: what to lower, in the dialog's terms.
    #[error(transparent)]
    OverBudget(#[from] RenderFailure),
    #[error("{}: this editor has no renderer for exports", .0.display())]
    NoRenderer(PathBuf),
    #[error("{}", gltf_message(out, source))]
    Gltf {
        out: PathBuf,
        source: limber_export::gltf::ExportError,
    },
    #[error("{}: {}", out.display(), in_dialog_terms(source))]
    Spine { out: PathBuf, source: SpineError },
}

/// A glTF export's refusal: the file named once (some errors name it themselves).
fn gltf_message(out: &Path, error: &limber_export::gltf::ExportError) -> String {
    use limber_export::gltf::ExportError;
    match error {
        ExportError::Overwrite(_) | ExportError::Write { .. } => error.to_string(),
        other => format!("{}: {other}", out.display()),
    }
}

impl Editor {
    /// Gives the editor what renders its GIF, sheet and frame exports (the window's GPU renderer);
    /// without one, a rendered export is refused with a message.
    pub fn set_export_renderer(&mut self, renderer: Arc<dyn ExportRenderer>) {
        self.jobs.set_renderer(renderer);
    }
}

/// Starts rendering the current clip with the menu's export options into `out` (a file, or a
/// folder for PNG frames) on a worker thread. Refused while another export runs.
pub(crate) fn render(editor: &mut Editor, kind: ExportKind, out: &Path) -> Result<(), ExportError> {
    let request = ExportRequest {
        kind,
        options: editor.jobs().export_options(),
        project: editor.document.project.clone(),
        project_path: editor.document.base_path(),
        clip: editor.playback().clip(),
        out: out.to_path_buf(),
    };
    start(editor, request)
}

/// Starts `request` on a worker thread. Refused while another export runs or with no renderer.
pub(crate) fn start(editor: &mut Editor, request: ExportRequest) -> Result<(), ExportError> {
    if editor.jobs().export().is_some() {
        return Err(ExportError::Busy);
    }
    let Some(renderer) = editor.jobs().renderer() else {
        return Err(ExportError::NoRenderer(request.out));
    };
    editor.status = format!("exporting {} …", request.out.display());
    editor
        .jobs
        .start_export(ExportJob::start(renderer, request));
    Ok(())
}

/// Writes the project, every clip, as glTF 2.0 at `out` (`.glb`, or `.gltf` with side files) with
/// `options`; what the status line says then.
pub(crate) fn gltf(
    document: &Document,
    out: &Path,
    options: &GltfOptions,
) -> Result<String, ExportError> {
    let file = limber_export::gltf::export(&document.project, &document.base_path(), out, options)
        .map_err(|source| ExportError::Gltf {
            out: out.to_path_buf(),
            source,
        })?;
    Ok(format!("exported {} ({} bytes)", out.display(), file.bytes))
}

/// Writes the project, every clip, as Spine 4.2 JSON with its atlas and pages into the folder
/// `out` (see `docs/SPINE.md`) with `options`; what the status line says then (what it baked).
pub(crate) fn spine(
    document: &Document,
    out: &Path,
    options: &SpineOptions,
) -> Result<String, ExportError> {
    let written =
        limber_export::spine::export(&document.project, &document.base_path(), out, options)
            .map_err(|source| ExportError::Spine {
                out: out.to_path_buf(),
                source,
            })?;
    let said: Vec<&str> = written
        .warnings
        .iter()
        .chain(&written.notes)
        .map(String::as_str)
        .collect();
    let baked = if said.is_empty() {
        String::new()
    } else {
        format!("; {}", said.join("; "))
    };
    Ok(format!(
        "exported {} files into {} ({} bytes){baked}",
        written.files.len(),
        out.display(),
        written.bytes
    ))
}

/// A Spine export's refusal in the Export dialog's words (its "Largest page" field, not the
/// command line's `--max-page`).
fn in_dialog_terms(error: &SpineError) -> String {
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

    #[test]
    fn spine_export_writes_the_skeleton_atlas_and_pages_or_says_why_not() {
        let path =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/projects/zombie.limber");
        let document = Document::open(&path).unwrap();
        let out = std::env::temp_dir().join(format!("limber-editor-spine-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&out);
        let written = spine(&document, &out, &SpineOptions::default()).unwrap();
        assert!(written.starts_with("exported 3 files"), "{written}");
        for file in ["zombie.json", "zombie.atlas", "zombie_0.png"] {
            assert!(out.join(file).exists(), "{file}");
        }
        // A folder that cannot be made: the error says so and names it.
        let blocked = out.join("zombie.json").join("inside");
        let error = spine(&document, &blocked, &SpineOptions::default())
            .unwrap_err()
            .to_string();
        assert!(error.contains("cannot write"), "{error}");
        // A page too small for the part: the advice names the dialog's field, not the flag.
        let small = SpineOptions {
            max_page: 64,
            ..Default::default()
        };
        let error = spine(&document, &out.join("small"), &small)
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("set Largest page to 128 px")
                || error.contains("set Largest page to 256 px"),
            "{error}"
        );
        assert!(!error.contains("--max-page"), "{error}");
        let _ = std::fs::remove_dir_all(&out);
    }
}
