//! Automatic weights computed on a worker thread: the editor lends its [`WeightsCache`] and a copy
//! of the project to the job, which measures the missing distance fields (reporting progress, and
//! stopping when cancelled) and hands back the new weights with the cache. What to do with the
//! result is the editor's business (`weighting.rs`).

use super::worker::{BackgroundJob, Worker, WorkerFailure};
use std::path::PathBuf;
use std::sync::Arc;

use super::weights_cache::{WeightsCache, WeightsError};
use limber_core::assets::AssetStore;
use limber_core::cuts::Cut;
use limber_core::mesh::Mesh;
use limber_core::progress::Progress;
use limber_core::project::Project;
use limber_core::skeleton::Skeleton;
use limber_core::weights::{Binding, WeightSettings};

/// What automatic weights depend on: the skeleton, the cuts, and each part's mesh and settings.
#[derive(Clone)]
pub struct WeightInputs {
    skeleton: Skeleton,
    cuts: Vec<Cut>,
    parts: Vec<(Arc<Mesh>, WeightSettings)>,
}

impl WeightInputs {
    pub fn of(project: &Project) -> Self {
        Self {
            skeleton: project.rig.skeleton.clone(),
            cuts: project.rig.cuts.clone(),
            parts: project
                .parts
                .iter()
                .map(|p| (Arc::clone(&p.mesh), p.weight_settings))
                .collect(),
        }
    }

    /// Whether `project` still has these inputs (then weights computed from them are its weights).
    pub fn matches(&self, project: &Project) -> bool {
        self.skeleton == project.rig.skeleton
            && self.cuts == project.rig.cuts
            && self.parts.len() == project.parts.len()
            && self
                .parts
                .iter()
                .zip(&project.parts)
                .all(|((mesh, settings), part)| {
                    Arc::ptr_eq(mesh, &part.mesh) && *settings == part.weight_settings
                })
    }
}

/// What the worker hands back.
pub struct Output {
    cache: WeightsCache,
    /// Per part: its new weights (`None` when cancelled or failed).
    bindings: Vec<Option<Binding>>,
    /// The first error, one line.
    error: Option<WeightsError>,
}

/// A finished job: its result and why it ran.
pub struct Finished {
    pub cache: WeightsCache,
    pub bindings: Vec<Option<Binding>>,
    pub error: Option<WeightsError>,
    /// The inputs the weights were computed from.
    pub inputs: WeightInputs,
    /// The document's revision when the job started.
    pub revision: u64,
    /// Weights were asked for again while it ran (the document changed): compute them again.
    pub again: bool,
    /// The user cancelled it: drop the result.
    pub cancelled: bool,
}

/// A weight computation running on a worker thread.
pub struct WeightsJob {
    worker: Worker<Output>,
    inputs: WeightInputs,
    revision: u64,
    again: bool,
    cancelled: bool,
}

impl BackgroundJob for WeightsJob {
    /// Units: a mask or a bone's field each.
    type Output = Output;

    fn worker(&self) -> &Worker<Output> {
        &self.worker
    }

    /// The user's Cancel: stop at the next field and drop the result.
    fn cancel(&mut self) {
        self.cancelled = true;
        self.worker.progress().cancel();
    }

    /// Whether the user cancelled it (not asked again: that stops it early too).
    fn is_cancelled(&self) -> bool {
        self.cancelled
    }
}

impl WeightsJob {
    /// Starts computing every part's automatic weights for `project` (part images at `images`, the
    /// document at `revision`) with `cache`, which comes back with the result.
    pub fn start(
        project: Project,
        revision: u64,
        images: Vec<PathBuf>,
        mut cache: WeightsCache,
        store: Arc<AssetStore>,
    ) -> Self {
        let inputs = WeightInputs::of(&project);
        let worker = Worker::spawn("limber-weights", move |worker_progress: &Progress| {
            // The whole job's size up front, so the bar does not step back as each part starts.
            let planned = (0..project.parts.len())
                .map(|index| cache.planned_units(&project, index))
                .sum();
            worker_progress.reserve(planned);
            let mut bindings = Vec::with_capacity(project.parts.len());
            let mut error = None;
            for (index, image) in images.iter().enumerate() {
                let binding =
                    match cache.weights_with(&store, &project, index, image, worker_progress) {
                        Ok(binding) => binding,
                        Err(e) => {
                            error.get_or_insert(e);
                            None
                        }
                    };
                bindings.push(binding);
            }
            Output {
                cache,
                bindings,
                error,
            }
        });
        Self {
            worker,
            inputs,
            revision,
            again: false,
            cancelled: false,
        }
    }

    /// The document changed and wants weights again: stop early; the editor recomputes when the
    /// job hands back its cache (with every field finished so far).
    pub fn ask_again(&mut self) {
        self.again = true;
        self.worker.progress().cancel();
    }

    /// Waits for the worker and returns its result.
    pub fn wait(self) -> Finished {
        let failed = |problem: WeightsError| Output {
            cache: WeightsCache::default(),
            bindings: Vec::new(),
            error: Some(problem),
        };
        let output = match self.worker.join() {
            Ok(output) => output,
            Err(WorkerFailure::Panicked) => failed(WeightsError::Panicked),
            Err(WorkerFailure::NoThread) => failed(WeightsError::NoThread),
        };
        Finished {
            cache: output.cache,
            bindings: output.bindings,
            error: output.error,
            inputs: self.inputs.clone(),
            revision: self.revision,
            again: self.again,
            cancelled: self.cancelled,
        }
    }
}
