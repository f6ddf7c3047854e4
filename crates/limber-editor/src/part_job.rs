//! A new part made from a PNG ([`make_part`], through the document's asset store): read, meshed with default settings and weighted automatically on a
//! skeleton — at once for a small image, or on a worker thread for a large one, reporting progress
//! (the mesh, then a unit per bone's distance field) and stopping when cancelled. Naming the part and
//! adding it to the document is the editor's business (`parts.rs`).

use super::worker::{BackgroundJob, Worker, WorkerFailure};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use limber_core::assets::AssetStore;
use limber_core::cuts::Cut;
use limber_core::error::CoreError;
use limber_core::mesh::Mesh;
use limber_core::part_build::{PartRecipe, make_part};
use limber_core::pipeline::MeshSettings;
use limber_core::progress::Progress;
use limber_core::skeleton::Skeleton;
use limber_core::weights::{Binding, WeightSettings};

/// Why a part could not be added: one line naming the image, or another part still being added.
#[derive(Debug, thiserror::Error)]
pub enum PartError {
    #[error("{}: {source}", path.display())]
    Build { path: PathBuf, source: CoreError },
    #[error("{}: building the part failed", .0.display())]
    Panicked(PathBuf),
    #[error("adding the part could not start a thread")]
    NoThread,
    #[error("a part is being added: wait for it or cancel it")]
    Busy,
}

/// A part built from an image, not yet named or placed in the draw order.
pub struct NewPart {
    /// The image, absolute.
    pub image: PathBuf,
    pub image_crc32: u32,
    pub mesh_settings: MeshSettings,
    pub weight_settings: WeightSettings,
    pub mesh: Arc<Mesh>,
    pub binding: Binding,
    /// The skeleton the weights were computed on.
    pub skeleton: Skeleton,
    /// The cuts the weights were computed around.
    pub cuts: Vec<Cut>,
}

/// The image's width × height from its header (`None` when it cannot be read: the full read then
/// reports why).
pub fn image_pixels(path: &Path) -> Option<u64> {
    let file = std::fs::File::open(path).ok()?;
    let reader =
        image::ImageReader::with_format(std::io::BufReader::new(file), image::ImageFormat::Png);
    let (width, height) = reader.into_dimensions().ok()?;
    Some(u64::from(width) * u64::from(height))
}

/// Reads the PNG at `path` through `store`, meshes it and weights it on `skeleton` around `cuts`
/// ([`make_part`]). `Ok(None)` when `progress` was cancelled; errors are one line naming the file.
pub fn build_part(
    store: &AssetStore,
    path: &Path,
    skeleton: &Skeleton,
    cuts: &[Cut],
    progress: &Progress,
) -> Result<Option<NewPart>, PartError> {
    let image = super::document::absolute(path);
    let recipe = PartRecipe {
        cuts: cuts.to_vec(),
        ..PartRecipe::default()
    };
    let made = make_part(store, &image, &recipe, skeleton, progress).map_err(|source| {
        PartError::Build {
            path: path.to_path_buf(),
            source,
        }
    })?;
    Ok(made.map(|made| NewPart {
        image,
        image_crc32: made.part.image_crc32,
        mesh_settings: made.part.mesh_settings,
        weight_settings: made.part.weight_settings,
        mesh: made.part.mesh,
        binding: made.part.binding,
        skeleton: skeleton.clone(),
        cuts: cuts.to_vec(),
    }))
}

/// A part being built on a worker thread.
pub struct PartJob {
    path: PathBuf,
    /// The slot the part becomes an attachment of, when it is one.
    slot: Option<String>,
    worker: Worker<Result<Option<NewPart>, PartError>>,
}

impl BackgroundJob for PartJob {
    /// Units: the mesh, then a bone's field each; cancelled, nothing is added.
    type Output = Result<Option<NewPart>, PartError>;

    fn worker(&self) -> &Worker<Self::Output> {
        &self.worker
    }
}

impl PartJob {
    /// Starts building a part from the PNG at `path`, weighted on `skeleton` around `cuts`, reading
    /// through `store`.
    pub fn start(path: &Path, skeleton: Skeleton, cuts: Vec<Cut>, store: Arc<AssetStore>) -> Self {
        let worker_path = path.to_path_buf();
        let worker = Worker::spawn("limber-part", move |progress: &Progress| {
            build_part(&store, &worker_path, &skeleton, &cuts, progress)
        });
        Self {
            path: path.to_path_buf(),
            slot: None,
            worker,
        }
    }

    /// The same job, whose part becomes an attachment of slot `slot`.
    pub fn into_slot(mut self, slot: &str) -> Self {
        self.slot = Some(slot.to_string());
        self
    }

    /// The slot the part becomes an attachment of, if any.
    pub fn slot(&self) -> Option<&str> {
        self.slot.as_deref()
    }

    /// The image being added.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Waits for the worker: the part, `Ok(None)` when cancelled, or a one-line error.
    pub fn wait(self) -> Result<Option<NewPart>, PartError> {
        match self.worker.join() {
            Ok(result) => result,
            Err(WorkerFailure::Panicked) => Err(PartError::Panicked(self.path)),
            Err(WorkerFailure::NoThread) => Err(PartError::NoThread),
        }
    }
}
