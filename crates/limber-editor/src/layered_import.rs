//! File → Import layered file… (and dropping a `.psd`/`.ora` on the window): on a document with
//! parts, a question first — open the file as a new document (named after it, on its canvas) or
//! add its layers to this one; then the file's visible pixel layers become parts, each where its
//! layer sits on the file's canvas, that canvas centred on the document's when it is smaller (a
//! part is moved afterwards by dragging it in Mesh mode, `tools/part_move.rs`). The layers' PNGs go in `NAME_layers/` beside the layered file. The
//! work runs on a worker thread with progress and Cancel ([`ImportJob`], `import_job.rs`), like
//! adding a part; the parts arrive together as one undo step, and a bad file changes nothing (one
//! status line naming it, a [`LayeredImportError`]).

use std::path::Path;

use limber_core::edit::Edit;

use super::editor::Editor;
use super::import_slots::merge_imported_slots;
use super::worker::BackgroundJob;

pub use super::import_job::{ImportJob, ImportedLayers, LayeredImportError, import_layers};

/// File > Import layered file: into a document with parts this asks first whether to open the
/// file as a new document or to add its layers to this one ([`answer`]); into an empty document it
/// opens the file as the document.
pub(crate) fn ask(editor: &mut Editor, path: &Path) -> Result<(), LayeredImportError> {
    if editor.document.project.parts.is_empty() {
        open_as_new(editor, path)
    } else {
        editor.jobs.set_layered_question(Some(path.to_path_buf()));
        Ok(())
    }
}

/// Answers the question: `new_document` opens the file as a new, unsaved document named after it
/// on the file's canvas; otherwise its layers are added as parts of this one. Refused (the
/// question stays) for a new document while this one has unsaved changes, unless `discard` says
/// the artist chose to drop them. Whether an import started.
pub(crate) fn answer(
    editor: &mut Editor,
    new_document: bool,
    discard: bool,
) -> Result<bool, LayeredImportError> {
    let Some(path) = editor.jobs().layered_question().cloned() else {
        return Ok(false);
    };
    if new_document && editor.document.is_dirty() && !discard {
        return Err(LayeredImportError::Unsaved);
    }
    editor.jobs.set_layered_question(None);
    if new_document {
        open_as_new(editor, &path)?;
    } else {
        start(editor, &path)?;
    }
    Ok(true)
}

/// Replaces the document with an empty one named after `path` and imports the file into it.
fn open_as_new(editor: &mut Editor, path: &Path) -> Result<(), LayeredImportError> {
    let name = path
        .file_stem()
        .map_or_else(|| "untitled".into(), |s| s.to_string_lossy().into_owned());
    let jobs = editor.jobs.for_new_document();
    *editor = Editor::new(super::document::Document::empty(&name));
    editor.jobs = jobs;
    editor.jobs.mark_new_document();
    start(editor, path)?;
    if let Some(job) = editor.jobs.import_slot().as_mut() {
        job.new_document = true;
    }
    Ok(())
}

/// Starts importing the layered file at `path` into the document (in the background,
/// [`crate::jobs::JobKind::Import`]).
fn start(editor: &mut Editor, path: &Path) -> Result<(), LayeredImportError> {
    if editor.jobs().import().is_some() {
        return Err(LayeredImportError::Busy);
    }
    let skeleton = editor.document.project.rig.skeleton.clone();
    *editor.jobs.import_slot() = Some(ImportJob::start(path, skeleton));
    editor.status = format!("importing {} …", path.display());
    Ok(())
}

/// Takes in a finished import: its parts added, or the import started again on the new skeleton
/// when the bones changed meanwhile.
pub(crate) fn take_import(editor: &mut Editor, job: ImportJob) {
    let path = job.path.clone();
    let job_new_document = job.new_document;
    let cancelled = job.is_cancelled();
    let result = job.wait();
    if cancelled {
        editor.status = "import cancelled: nothing changed".into();
        return;
    }
    match result {
        Ok(Some(layers)) if layers.skeleton != editor.document.project.rig.skeleton => {
            // The bones changed meanwhile: weigh the parts on the new skeleton.
            let skeleton = editor.document.project.rig.skeleton.clone();
            let mut again = ImportJob::start(&path, skeleton);
            again.new_document = job_new_document;
            *editor.jobs.import_slot() = Some(again);
        }
        Ok(Some(layers)) if job_new_document => {
            // The document made for the file has the file's canvas, not one grown to fit.
            editor.document.project.canvas = Some(layers.canvas);
            add_imported(editor, &path, layers, false);
        }
        Ok(Some(mut layers)) => {
            // Added to a document with parts: the file's canvas sits centred on the document's
            // where it is smaller, each layer in its place on the file's canvas.
            let shift = centring_shift(layers.canvas, editor.document.project.canvas_size());
            let has_parts = !editor.document.project.parts.is_empty();
            if has_parts && shift != [0, 0] {
                for part in &mut layers.parts {
                    let [x, y] = part.mesh.offset;
                    let at = [x.saturating_add(shift[0]), y.saturating_add(shift[1])];
                    part.mesh = std::sync::Arc::new((*part.mesh).clone().placed_at(at));
                }
            }
            add_imported(editor, &path, layers, has_parts && shift != [0, 0]);
        }
        Ok(None) => editor.status = "import cancelled: nothing changed".into(),
        Err(e) => editor.status = e.to_string(),
    }
}

/// How far a file's canvas moves to sit centred on a document's canvas: half the difference on
/// each side where the file's is smaller, nothing where it is as large or larger.
pub fn centring_shift(file: [u32; 2], document: [u32; 2]) -> [u32; 2] {
    [0, 1].map(|axis| document[axis].saturating_sub(file[axis]) / 2)
}

/// Adds the parts in front of the others, names made unique, as one undo step; `reweigh`: the
/// parts moved since they were weighed, and their weights are made again in the same step.
fn add_imported(editor: &mut Editor, path: &Path, layers: ImportedLayers, reweigh: bool) {
    let front = editor
        .document
        .project
        .parts
        .iter()
        .map(|p| p.draw_order + 1)
        .max()
        .unwrap_or(0);
    let count = layers.parts.len();
    let mut step = editor.step();
    let mut added = 0;
    let mut renamed = std::collections::HashMap::new();
    for (i, mut part) in layers.parts.into_iter().enumerate() {
        let parts = &step.document.project.parts;
        let stem = part.name.clone();
        if let Some(name) = std::iter::once(stem.clone())
            .chain((2..).map(|n| format!("{stem}{n}")))
            .find(|n| parts.iter().all(|p| &p.name != n))
        {
            part.name = name;
        }
        part.draw_order = front.saturating_add(i32::try_from(i).unwrap_or(i32::MAX));
        let name = part.name.clone();
        if step.apply(Edit::AddPart(Box::new(part))) {
            added += 1;
            renamed.insert(stem, name);
        }
    }
    if !layers.slots.is_empty() {
        let project = &step.document.project;
        let taken = project.slots().iter().map(|s| s.name.to_string()).collect();
        let merged =
            merge_imported_slots(&project.rig.slots, layers.slots, &renamed, &taken, front);
        if !step.apply(Edit::SetSlots(Box::new(merged))) {
            // The parts stay; the status says why the slots did not.
            step.commit();
            return;
        }
    }
    if reweigh {
        step.weights.clear();
        step.recompute_weights();
    }
    step.commit();
    editor.weights.clear();
    editor.view.request_fit();
    let mut status = format!("imported {added} of {count} layers from {}", path.display());
    if let Some(first) = layers.warnings.first() {
        status.push_str(&format!(" (warning: {first}"));
        if layers.warnings.len() > 1 {
            status.push_str(&format!(" and {} more", layers.warnings.len() - 1));
        }
        status.push(')');
    }
    editor.status = status;
}

impl Editor {
    /// Whether the editor replaced its document since the last call (the window then uploads the
    /// new one).
    pub fn take_new_document(&mut self) -> bool {
        self.jobs.take_new_document()
    }
}

#[cfg(test)]
mod tests {
    use super::centring_shift;

    #[test]
    fn a_smaller_file_canvas_is_centred_and_a_larger_one_stays_at_the_corner() {
        assert_eq!(centring_shift([100, 50], [300, 50]), [100, 0]);
        assert_eq!(centring_shift([101, 50], [300, 51]), [99, 0]);
        assert_eq!(centring_shift([400, 400], [300, 200]), [0, 0]);
    }
}
