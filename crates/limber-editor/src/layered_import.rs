//! File → Import layered file… (and dropping a `.psd`/`.ora` on the window): on a document with
//! parts, a question first — open the file as a new document (named after it, on its canvas) or
//! add its layers to this one; then the file's visible pixel layers become parts, each where its
//! layer sits on the canvas. The layers' PNGs go in `NAME_layers/` beside the layered file. The
//! work runs on a worker thread with progress and Cancel ([`ImportJob`], `import_job.rs`), like
//! adding a part; the parts arrive together as one undo step, and a bad file changes nothing (one
//! status line naming it).

use std::path::Path;

use limber_core::edit::Edit;

use super::editor::Editor;
use super::import_slots::merge_imported_slots;

pub use super::import_job::{ImportJob, ImportedLayers, LayeredImportError, import_layers};

impl Editor {
    /// File > Import layered file: into a document with parts this asks first whether to open the
    /// file as a new document or to add its layers to this one ([`Editor::answer_layered_question`]);
    /// into an empty document it opens the file as the document.
    pub fn import_layered_asking(&mut self, path: &Path) {
        if self.document.project.parts.is_empty() {
            self.open_layered_as_new(path);
        } else {
            self.jobs.set_layered_question(Some(path.to_path_buf()));
        }
    }

    /// Answers the question: `new_document` opens the file as a new, unsaved document named after
    /// it on the file's canvas; otherwise its layers are added as parts of this one. Refused (the
    /// question stays) for a new document while this one has unsaved changes.
    pub fn answer_layered_question(&mut self, new_document: bool) {
        let Some(path) = self.jobs().layered_question().cloned() else {
            return;
        };
        if new_document && self.document.is_dirty() {
            self.status = "save this project first: a new document would lose its changes".into();
            return;
        }
        self.jobs.set_layered_question(None);
        if new_document {
            self.open_layered_as_new(&path);
        } else {
            self.import_layered_file(&path);
        }
    }

    /// Whether the editor replaced its document since the last call (the window then uploads the
    /// new one).
    pub fn take_new_document(&mut self) -> bool {
        self.jobs.take_new_document()
    }

    /// Forgets the question; nothing is imported.
    pub fn cancel_layered_question(&mut self) {
        self.jobs.set_layered_question(None);
    }

    /// Replaces the document with an empty one named after `path` and imports the file into it.
    fn open_layered_as_new(&mut self, path: &Path) {
        let name = path
            .file_stem()
            .map_or_else(|| "untitled".into(), |s| s.to_string_lossy().into_owned());
        let jobs = self.jobs.for_new_document();
        *self = Self::new(super::document::Document::empty(&name));
        self.jobs = jobs;
        self.jobs.mark_new_document();
        if self.import_layered_file(path)
            && let Some(job) = self.jobs.import_slot().as_mut()
        {
            job.new_document = true;
        }
    }

    /// Starts importing the layered file at `path` into the document (in the background). Returns
    /// whether the import started.
    pub fn import_layered_file(&mut self, path: &Path) -> bool {
        if self.jobs().import().is_some() {
            self.status = "a layered file is being imported: wait for it or cancel it".into();
            return false;
        }
        let skeleton = self.document.project.rig.skeleton.clone();
        *self.jobs.import_slot() = Some(ImportJob::start(path, skeleton));
        self.status = format!("importing {} …", path.display());
        true
    }

    /// The import in progress: finished and total units.
    pub fn import_progress(&self) -> Option<(usize, usize)> {
        self.jobs().import().map(ImportJob::counts)
    }

    /// Stops the import; the document stays as it is and the PNGs written are removed.
    pub fn cancel_import(&mut self) {
        if let Some(job) = self.jobs().import() {
            job.worker.progress().cancel();
            self.status = "cancelling the import…".into();
        }
    }

    /// Takes the imported parts in once the job has ended (called every frame; waits while a drag
    /// is open, so the import stays an undo step of its own).
    pub fn poll_import_job(&mut self) {
        if self.jobs().import().is_some_and(|j| j.worker.is_finished())
            && !self.document.in_transaction()
            && let Some(job) = self.jobs.import_slot().take()
        {
            self.take_import(job);
        }
    }

    /// Waits for the import (and any restart it leads to) and takes its parts in: for tests.
    pub fn finish_import_job(&mut self) {
        while let Some(job) = self.jobs.import_slot().take() {
            self.take_import(job);
        }
    }

    fn take_import(&mut self, job: ImportJob) {
        let path = job.path.clone();
        let job_new_document = job.new_document;
        let cancelled = job.is_cancelled();
        let result = job.wait();
        if cancelled {
            self.status = "import cancelled: nothing changed".into();
            return;
        }
        match result {
            Ok(Some(layers)) if layers.skeleton != self.document.project.rig.skeleton => {
                // The bones changed meanwhile: weigh the parts on the new skeleton.
                let skeleton = self.document.project.rig.skeleton.clone();
                let mut again = ImportJob::start(&path, skeleton);
                again.new_document = job_new_document;
                *self.jobs.import_slot() = Some(again);
            }
            Ok(Some(layers)) if job_new_document => {
                // The document made for the file has the file's canvas, not one grown to fit.
                self.document.project.canvas = Some(layers.canvas);
                self.add_imported(&path, layers);
            }
            Ok(Some(layers)) => self.add_imported(&path, layers),
            Ok(None) => self.status = "import cancelled: nothing changed".into(),
            Err(e) => self.status = e.to_string(),
        }
    }

    /// Adds the parts in front of the others, names made unique, as one undo step.
    fn add_imported(&mut self, path: &Path, layers: ImportedLayers) {
        let front = self
            .document
            .project
            .parts
            .iter()
            .map(|p| p.draw_order + 1)
            .max()
            .unwrap_or(0);
        let count = layers.parts.len();
        let mut step = self.step();
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
        step.commit();
        self.weights.clear();
        self.view.request_fit();
        let mut status = format!("imported {added} of {count} layers from {}", path.display());
        if let Some(first) = layers.warnings.first() {
            status.push_str(&format!(" (warning: {first}"));
            if layers.warnings.len() > 1 {
                status.push_str(&format!(" and {} more", layers.warnings.len() - 1));
            }
            status.push(')');
        }
        self.status = status;
    }
}
