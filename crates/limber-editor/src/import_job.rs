//! A layered file imported on a worker thread ([`ImportJob`], held by [`crate::jobs::Jobs`]): the
//! file read ([`read_layered`]) and its visible pixel layers made into parts ([`import_layered`]),
//! their PNGs in `NAME_layers/` beside the layered file, with progress and Cancel. Taking the parts
//! into the document is the editor's business (`layered_import.rs`).

use std::path::{Path, PathBuf};

use limber_core::layered::import::{ImportError, import_layered};
use limber_core::layered::{LayeredError, read_layered};
use limber_core::part_build::PartRecipe;
use limber_core::progress::Progress;
use limber_core::project::Part;
use limber_core::rig::Rig;
use limber_core::skeleton::Skeleton;
use limber_core::slots::SlotSet;

use super::document::absolute;
use super::worker::{BackgroundJob, Worker, WorkerFailure};

/// Why a layered file could not be imported: one line naming the file, or why the import did not
/// start.
#[derive(Debug, thiserror::Error)]
pub enum LayeredImportError {
    #[error("{}: {source}", path.display())]
    Read { path: PathBuf, source: LayeredError },
    #[error("{}: {source}", path.display())]
    Import { path: PathBuf, source: ImportError },
    #[error("{}: importing failed", .0.display())]
    Panicked(PathBuf),
    #[error("importing could not start a thread")]
    NoThread,
    #[error("a layered file is being imported: wait for it or cancel it")]
    Busy,
    #[error("save this project first: a new document would lose its changes")]
    Unsaved,
}

/// The parts a layered file gave, images absolute, bottom layer first.
pub struct ImportedLayers {
    pub parts: Vec<Part>,
    /// One line per layer whose blend mode or opacity was dropped.
    pub warnings: Vec<String>,
    /// The skeleton the weights were computed on.
    pub skeleton: Skeleton,
    /// The file's canvas in pixels.
    pub canvas: [u32; 2],
    /// The slots and skins its tags, opacities and blend modes made.
    pub slots: SlotSet,
}

/// Reads the layered file at `path` and makes its parts, weighted on `skeleton`. `Ok(None)` once
/// `progress` is cancelled; errors are one line naming the file.
pub fn import_layers(
    path: &Path,
    skeleton: Skeleton,
    progress: &Progress,
) -> Result<Option<ImportedLayers>, LayeredImportError> {
    let path = absolute(path);
    let layered = read_layered(&path).map_err(|source| LayeredImportError::Read {
        path: path.clone(),
        source,
    })?;
    let rig = Rig {
        skeleton: skeleton.clone(),
        ..Rig::default()
    };
    let beside = path.with_extension("limber");
    let folder = path.parent().map(Path::to_path_buf).unwrap_or_default();
    let project = import_layered(&layered, &beside, rig, &PartRecipe::default(), progress)
        .map_err(|source| LayeredImportError::Import {
            path: path.clone(),
            source,
        })?;
    Ok(project.map(|project| ImportedLayers {
        slots: project.rig.slots.clone(),
        parts: project
            .parts
            .into_iter()
            .map(|mut part| {
                part.image = folder.join(&part.image);
                part
            })
            .collect(),
        warnings: layered.warnings,
        skeleton,
        canvas: layered.canvas,
    }))
}

/// A layered file being imported on a worker thread.
pub struct ImportJob {
    pub(crate) path: PathBuf,
    /// The document was made for this file: its canvas becomes the file's.
    pub(crate) new_document: bool,
    worker: Worker<Result<Option<ImportedLayers>, LayeredImportError>>,
}

impl BackgroundJob for ImportJob {
    /// Units: each layer's PNG, then each part's mesh and fields; cancelled, the document stays
    /// as it is.
    type Output = Result<Option<ImportedLayers>, LayeredImportError>;

    fn worker(&self) -> &Worker<Self::Output> {
        &self.worker
    }
}

impl ImportJob {
    pub fn start(path: &Path, skeleton: Skeleton) -> Self {
        let worker_path = path.to_path_buf();
        let worker = Worker::spawn("limber-import", move |progress: &Progress| {
            import_layers(&worker_path, skeleton, progress)
        });
        Self {
            path: path.to_path_buf(),
            new_document: false,
            worker,
        }
    }

    pub(crate) fn wait(self) -> Result<Option<ImportedLayers>, LayeredImportError> {
        match self.worker.join() {
            Ok(result) => result,
            Err(WorkerFailure::Panicked) => Err(LayeredImportError::Panicked(self.path)),
            Err(WorkerFailure::NoThread) => Err(LayeredImportError::NoThread),
        }
    }
}
