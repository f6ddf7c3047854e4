//! Long work on a thread of its own, with a shared progress and cancel flag, and [`BackgroundJob`]:
//! what the editor's four background jobs (weights, a new part, a layered import, an export) have
//! in common — their progress, Cancel and whether they have ended, forwarded to their [`Worker`]
//! once here. A worker dropped unfinished (the window closed, another document opened) is asked to
//! stop at its next unit of work.

use std::sync::Arc;
use std::thread::JoinHandle;

use limber_core::progress::Progress;

/// How a worker ended without a result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WorkerFailure {
    /// The system would not start a thread.
    NoThread,
    /// The work panicked.
    Panicked,
}

/// A thread computing a `T`, reporting to a [`Progress`] it shares with the UI.
pub struct Worker<T> {
    progress: Arc<Progress>,
    handle: Option<JoinHandle<T>>,
}

impl<T: Send + 'static> Worker<T> {
    /// Starts `work` on a thread named `name`, handing it the shared progress.
    pub fn spawn(name: &str, work: impl FnOnce(&Progress) -> T + Send + 'static) -> Self {
        let progress = Arc::new(Progress::new());
        let shared = Arc::clone(&progress);
        let handle = std::thread::Builder::new()
            .name(name.into())
            .spawn(move || work(&shared))
            .ok();
        Self { progress, handle }
    }
}

impl<T> Worker<T> {
    /// The progress the work reports to (and the flag that cancels it).
    pub fn progress(&self) -> &Progress {
        &self.progress
    }

    /// Whether the work has finished (or never started).
    pub fn is_finished(&self) -> bool {
        self.handle.as_ref().is_none_or(JoinHandle::is_finished)
    }

    /// Waits for the work and returns its result.
    pub fn join(mut self) -> Result<T, WorkerFailure> {
        match self.handle.take().map(JoinHandle::join) {
            Some(Ok(result)) => Ok(result),
            Some(Err(_)) => Err(WorkerFailure::Panicked),
            None => Err(WorkerFailure::NoThread),
        }
    }
}

/// A background job: what it runs on, and the progress, Cancel and end every job reports the same
/// way through its worker.
pub trait BackgroundJob {
    /// What its worker hands back.
    type Output;

    /// The thread doing the work.
    fn worker(&self) -> &Worker<Self::Output>;

    /// Finished and total units of work (0 of 0 until it knows its size).
    fn counts(&self) -> (usize, usize) {
        self.worker().progress().counts()
    }

    /// Asks the work to stop at its next unit; the document stays as it is.
    fn cancel(&mut self) {
        self.worker().progress().cancel();
    }

    /// Whether the user cancelled it.
    fn is_cancelled(&self) -> bool {
        self.worker().progress().is_cancelled()
    }

    /// Whether the worker has finished (or could not start).
    fn is_finished(&self) -> bool {
        self.worker().is_finished()
    }
}

impl<T> Drop for Worker<T> {
    fn drop(&mut self) {
        if self.handle.is_some() {
            self.progress.cancel();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_worker_reports_progress_returns_its_result_and_is_cancelled_when_dropped() {
        let worker = Worker::spawn("test", |progress: &Progress| {
            progress.add_total(2);
            progress.finish_one();
            progress.finish_one();
            7
        });
        assert_eq!(worker.join(), Ok(7));

        let (seen, told) = std::sync::mpsc::channel();
        let (go, wait) = std::sync::mpsc::channel::<()>();
        let worker = Worker::spawn("test", move |progress: &Progress| {
            let _ = wait.recv();
            let _ = seen.send(progress.is_cancelled());
        });
        drop(worker);
        let _ = go.send(());
        assert_eq!(
            told.recv(),
            Ok(true),
            "dropping an unfinished worker cancels it"
        );
    }
}
