//! Crash recovery: while a document has unsaved changes its project is written, atomically, to a
//! recovery file beside it (at most once a second, so every structural edit lands within a second);
//! a clean save or close deletes it. On the next start a recovery file newer than its project is
//! offered.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use thiserror::Error;

use super::document::{Document, DocumentError};
use limber_core::atomic_file::write_atomic_replacing;

/// The recovery file for a project at `project` (`NAME.limber` → `NAME.recovery.limber` beside it),
/// or for a never-saved project, `limber-untitled.recovery.limber` in the temporary folder.
pub fn recovery_path(project: Option<&Path>) -> PathBuf {
    match project {
        Some(path) => {
            let stem = path
                .file_stem()
                .map_or_else(|| "project".into(), |s| s.to_string_lossy().into_owned());
            path.with_file_name(format!("{stem}.recovery.limber"))
        }
        None => std::env::temp_dir().join("limber-untitled.recovery.limber"),
    }
}

/// Why a recovery file could not be written or removed (the document itself is unaffected).
#[derive(Debug, Error)]
pub enum RecoveryError {
    #[error("{}: cannot write recovery file: {error}", path.display())]
    Write {
        path: PathBuf,
        error: std::io::Error,
    },
    #[error("{}: cannot remove recovery file: {error}", path.display())]
    Remove {
        path: PathBuf,
        error: std::io::Error,
    },
}

/// Writes recovery files as the document changes.
pub struct Autosave {
    written_revision: Option<u64>,
    last_write: Option<Instant>,
    pub interval: Duration,
}

impl Default for Autosave {
    fn default() -> Self {
        Self {
            written_revision: None,
            last_write: None,
            interval: Duration::from_secs(1),
        }
    }
}

impl Autosave {
    /// Writes the recovery file if the document has changed since the last write and the interval
    /// has passed; deletes it once the document is saved. An error is for the status bar.
    pub fn update(
        &mut self,
        document: &Document,
        revision: u64,
        now: Instant,
    ) -> Result<(), RecoveryError> {
        let path = recovery_path(document.path.as_deref());
        if !document.is_dirty() {
            if self.written_revision.take().is_some() && path.exists() {
                std::fs::remove_file(&path).map_err(|error| RecoveryError::Remove {
                    path: path.clone(),
                    error,
                })?;
            }
            return Ok(());
        }
        let due = self
            .last_write
            .is_none_or(|t| now.duration_since(t) >= self.interval);
        if self.written_revision != Some(revision) && due {
            // A failed write waits for the interval too, rather than being retried every frame.
            self.last_write = Some(now);
            write_atomic_replacing(&path, &document.recovery_bytes())
                .map_err(|error| RecoveryError::Write { path, error })?;
            self.written_revision = Some(revision);
        }
        Ok(())
    }

    /// Deletes the recovery file (the user chose to discard the changes on closing).
    pub fn discard(&mut self, document: &Document) {
        let _ = std::fs::remove_file(recovery_path(document.path.as_deref()));
        self.written_revision = None;
    }
}

/// A recovery file for the project at `project` (or an untitled one) that is newer than the project
/// itself, if there is one.
pub fn pending_recovery(project: Option<&Path>) -> Option<PathBuf> {
    let recovery = recovery_path(project);
    let recovered_at = std::fs::metadata(&recovery).ok()?.modified().ok()?;
    match project.and_then(|p| std::fs::metadata(p).ok()?.modified().ok()) {
        Some(saved_at) if saved_at > recovered_at => None,
        _ => Some(recovery),
    }
}

/// Opens a recovery file as the document for `project`: its contents, with the project's path, and
/// marked unsaved.
pub fn recover(recovery: &Path, project: Option<&Path>) -> Result<Document, DocumentError> {
    let mut document = Document::open(recovery)?;
    if let Some(path) = project {
        // The recovery file sits beside the project, so its relative image paths resolve the same.
        document.path = Some(path.to_path_buf());
    } else {
        document.path = None;
    }
    document.mark_dirty();
    Ok(document)
}
