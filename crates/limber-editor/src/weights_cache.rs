//! Automatic weights in the editor: each part's mask and per-bone distance cache kept between
//! requests, so a smoothness slider recomputes weights only (no distance field, no file read) and
//! moving one bone recomputes one field. Masks come from the document's [`AssetStore`], so a new mesh
//! of an unchanged mask (a spacing or tolerance change) reads no file and builds no mask. The cache
//! can be lent to a worker thread ([`super::weights_job`]) and given back with the fields it
//! computed. A part's mask has the rig's cuts walled off ([`limber_core::cuts`]); other cuts make
//! the entry stale, as another mesh does.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use limber_core::assets::AssetStore;
use limber_core::cuts::{Cut, wall_off};
use limber_core::distance::InsideGrid;
use limber_core::error::CoreError;
use limber_core::mesh::Mesh;
use limber_core::part_build::{skeleton_in_image, weight_points_in_image};
use limber_core::progress::Progress;
use limber_core::project::{Part, Project};
use limber_core::skeleton::Skeleton;
use limber_core::weights::{Binding, DistanceCache, auto_weights_into};

/// Why automatic weights could not be computed: one line.
#[derive(Debug, thiserror::Error)]
pub enum WeightsError {
    #[error("weights cancelled")]
    Cancelled,
    #[error("no part {0}")]
    NoPart(usize),
    #[error("{}: {source}", path.display())]
    Mask { path: PathBuf, source: CoreError },
    #[error("the mask could not be made")]
    NoMask,
    #[error("the weight computation failed")]
    Panicked,
    #[error("the weight computation could not start a thread")]
    NoThread,
}

/// One part's mask and distance cache, valid for the mesh and the cuts it was made for.
struct PartWeights {
    /// The mesh the distances were measured at (an undo or re-mesh brings another one).
    mesh: Arc<Mesh>,
    /// The rig's cuts walled off in `grid` (another cut, or none, needs other fields).
    cuts: Vec<Cut>,
    /// Where the vertices read their weights, in the image's pixels ([`weight_points_in_image`]):
    /// made once per entry, not at every smoothness change.
    points: Vec<[f64; 2]>,
    grid: Arc<InsideGrid>,
    cache: DistanceCache,
}

impl PartWeights {
    /// Whether this entry was made for `part` of `project` as it is now.
    fn fits(&self, project: &Project, part: &Part) -> bool {
        Arc::ptr_eq(&self.mesh, &part.mesh) && self.cuts == project.rig.cuts
    }

    /// The weights of `part` from these distances, written over a copy of its current weights: the
    /// same result as a fresh binding, reusing each vertex's list.
    fn weights_from(
        &self,
        skeleton: &Skeleton,
        part: &Part,
        distances: &[Arc<Vec<f64>>],
    ) -> Binding {
        let mut binding = part.binding.clone();
        let smoothness = part.weight_settings.smoothness;
        auto_weights_into(skeleton, distances, &self.points, smoothness, &mut binding);
        binding
    }
}

/// Per part: its mask (made on first use) and distance cache.
#[derive(Default)]
pub struct WeightsCache {
    parts: Vec<Option<PartWeights>>,
    /// Counts [`WeightsCache::clear`]s, so a cache lent before a clear is not taken back.
    generation: u64,
}

impl WeightsCache {
    /// Forgets everything (another project was opened, or a mesh changed).
    pub fn clear(&mut self) {
        self.parts.clear();
        self.generation += 1;
    }

    /// Hands the whole cache over (to a worker thread), leaving an empty one of the same generation.
    pub fn lend(&mut self) -> WeightsCache {
        let generation = self.generation;
        std::mem::replace(
            self,
            WeightsCache {
                parts: Vec::new(),
                generation,
            },
        )
    }

    /// Takes back a cache from [`WeightsCache::lend`]: its parts fill the slots still empty here,
    /// unless this cache was cleared meanwhile.
    pub fn take_back(&mut self, lent: WeightsCache) {
        if lent.generation != self.generation {
            return;
        }
        if self.parts.len() < lent.parts.len() {
            self.parts.resize_with(lent.parts.len(), || None);
        }
        for (slot, part) in self.parts.iter_mut().zip(lent.parts) {
            if slot.is_none() {
                *slot = part;
            }
        }
    }

    /// Automatic weights for part `index` when its mask and every bone's distances are cached
    /// already (no field computed, no file read); `None` when some are missing.
    pub fn cached_weights(&mut self, project: &Project, index: usize) -> Option<Binding> {
        let part = project.parts.get(index)?;
        let entry = self.parts.get_mut(index)?.as_mut()?;
        if !entry.fits(project, part) {
            return None;
        }
        let skeleton = skeleton_in_image(&project.rig.skeleton, &part.mesh);
        let settings = part.weight_settings;
        if !entry
            .cache
            .is_ready(&skeleton, entry.points.len(), settings)
        {
            return None;
        }
        let distances = entry
            .cache
            .distances(&entry.grid, &skeleton, &entry.points, settings);
        Some(entry.weights_from(&skeleton, part, &distances))
    }

    /// Automatic weights for part `index` of `project` with its current settings, its mask taken
    /// from `store` (which reads `image_path` only when it has not yet, or the file changed).
    pub fn weights(
        &mut self,
        store: &AssetStore,
        project: &Project,
        index: usize,
        image_path: &Path,
    ) -> Result<Binding, WeightsError> {
        self.weights_with(store, project, index, image_path, &Progress::new())?
            .ok_or(WeightsError::Cancelled)
    }

    /// The units of progress [`WeightsCache::weights_with`] will first announce for part `index`:
    /// its mask when not made yet, and each missing field. (Fields completed for per-bone
    /// smoothness after a pruned batch come on top.)
    pub fn planned_units(&self, project: &Project, index: usize) -> usize {
        let Some(part) = project.parts.get(index) else {
            return 0;
        };
        let skeleton = &project.rig.skeleton;
        let metric = part.weight_settings.metric;
        match self.parts.get(index).and_then(Option::as_ref) {
            Some(entry) if entry.fits(project, part) => {
                entry.cache.missing_fields(skeleton, metric)
            }
            _ => 1 + DistanceCache::new().missing_fields(skeleton, metric),
        }
    }

    /// [`WeightsCache::weights`] reporting a unit of `progress` per field and stopping (`Ok(None)`)
    /// once it is cancelled; fields finished before stay cached.
    pub fn weights_with(
        &mut self,
        store: &AssetStore,
        project: &Project,
        index: usize,
        image_path: &Path,
        progress: &Progress,
    ) -> Result<Option<Binding>, WeightsError> {
        let part = project
            .parts
            .get(index)
            .ok_or(WeightsError::NoPart(index))?;
        if self.parts.len() <= index {
            self.parts.resize_with(index + 1, || None);
        }
        let stale = self.parts[index]
            .as_ref()
            .is_none_or(|entry| !entry.fits(project, part));
        if stale {
            self.parts[index] = None;
            // Reading the image and making the mask count as one unit of work.
            progress.add_total(1);
            let grid = store
                .grid(image_path, &part.mesh_settings)
                .map_err(|source| WeightsError::Mask {
                    path: image_path.to_path_buf(),
                    source,
                })?;
            let cuts = project.rig.cuts.clone();
            let grid = if cuts.is_empty() {
                grid
            } else {
                let offset = part.mesh.offset.map(f64::from);
                Arc::new(wall_off(&grid, &cuts, offset))
            };
            self.parts[index] = Some(PartWeights {
                mesh: Arc::clone(&part.mesh),
                points: weight_points_in_image(&part.mesh),
                cuts,
                grid,
                cache: DistanceCache::new(),
            });
            progress.finish_one();
        }
        let Some(entry) = self.parts[index].as_mut() else {
            return Err(WeightsError::NoMask);
        };
        let skeleton = skeleton_in_image(&project.rig.skeleton, &part.mesh);
        let Some(distances) = entry.cache.distances_with(
            &entry.grid,
            &skeleton,
            &entry.points,
            part.weight_settings,
            progress,
        ) else {
            return Ok(None);
        };
        Ok(Some(entry.weights_from(&skeleton, part, &distances)))
    }

    /// Fields computed by this cache's distance caches so far (for tests).
    pub fn fields_computed(&self) -> usize {
        self.parts
            .iter()
            .flatten()
            .map(|entry| entry.cache.fields_computed)
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_planned_units_are_the_units_the_work_announces() {
        let path =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/projects/zombie.limber");
        let mut project = Project::load(&path).expect("the sample loads");
        let image = project.image_path(&path, 0);
        let bones = project.rig.skeleton.bones.len();
        let mut cache = WeightsCache::default();
        // Fresh: the mask and every bone's field.
        assert_eq!(cache.planned_units(&project, 0), 1 + bones);
        // Reserving the plan ahead changes none of the counts the work ends with (the plan is
        // claimed, not counted twice; fields completed for per-bone smoothness come on top).
        let unreserved = Progress::new();
        let store = AssetStore::new();
        WeightsCache::default()
            .weights_with(&store, &project, 0, &image, &unreserved)
            .unwrap();
        let progress = Progress::new();
        progress.reserve(cache.planned_units(&project, 0));
        assert_eq!(progress.counts(), (0, 1 + bones));
        let binding = cache
            .weights_with(&store, &project, 0, &image, &progress)
            .unwrap();
        assert_eq!(
            store.stats().reads,
            1,
            "the second cache found the image decoded"
        );
        assert!(binding.is_some());
        assert_eq!(progress.counts(), unreserved.counts());
        assert_eq!(progress.counts().0, progress.counts().1);
        // Cached: nothing; one bone moved: its field.
        assert_eq!(cache.planned_units(&project, 0), 0);
        project.rig.skeleton.bones[2].tail[0] += 3.0;
        assert_eq!(cache.planned_units(&project, 0), 1);
        assert_eq!(cache.planned_units(&project, 7), 0, "no such part");
    }
}
