//! Taking finished background jobs in: [`Editor::poll_jobs`] (each frame), [`Editor::cancel_job`]
//! (the status bar's Cancel) and [`Editor::finish_job`] (tests, saving), which hand each job's
//! result to its feature (weights, parts, layered imports) or report an export's end. Apart from
//! `jobs.rs`, which holds the jobs' state and so imports no feature.

use crate::editor::Editor;
use crate::jobs::JobKind;

impl Editor {
    /// Takes in every background job that has ended (called every frame). A job that changes the
    /// document waits while a drag is open, so its result stays an undo step of its own.
    pub fn poll_jobs(&mut self) {
        for kind in JobKind::ALL {
            let waits = kind != JobKind::Export && self.document.in_transaction();
            if self.jobs.has_ended(kind) && !waits {
                take_in(self, kind);
            }
        }
    }

    /// The status bar's Cancel for the job of `kind`: it stops at its next unit of work and the
    /// document stays as it is (an export writes nothing).
    pub fn cancel_job(&mut self, kind: JobKind) {
        if let Some(message) = self.jobs.cancel(kind) {
            self.status = message;
        }
    }

    /// Waits for the job of `kind` (and any restart it leads to) and takes its result in: for
    /// tests, saving and headless use.
    pub fn finish_job(&mut self, kind: JobKind) {
        while take_in(self, kind) {}
    }
}

/// Waits for the job of `kind` and hands its result to its feature; whether one ran.
fn take_in(editor: &mut Editor, kind: JobKind) -> bool {
    match kind {
        JobKind::Weights => {
            let Some(job) = editor.jobs.weights.take() else {
                return false;
            };
            crate::weighting::take_result(editor, job.wait());
        }
        JobKind::Part => {
            let Some(job) = editor.jobs.part.take() else {
                return false;
            };
            crate::parts::take_part(editor, job);
        }
        JobKind::Import => {
            let Some(job) = editor.jobs.import.take() else {
                return false;
            };
            crate::layered_import::take_import(editor, job);
        }
        JobKind::Export => {
            let Some(job) = editor.jobs.export.take() else {
                return false;
            };
            let outcome = job.wait();
            editor.status = outcome.message().to_string();
            editor.jobs.last_export = Some(outcome);
        }
    }
    true
}
