//! Automatic weights in the editor: each part's mask and per-bone distance cache kept between
//! requests, so a smoothness slider recomputes weights only (no distance field) and moving one
//! bone recomputes one field.

use crate::core::distance::InsideGrid;
use crate::core::image_io::load_png;
use crate::core::pipeline::build_mesh_and_grid;
use crate::core::project::Project;
use crate::core::weights::{Binding, DistanceCache, auto_weights_into};

/// Per part: its mask (made on first use) and distance cache.
#[derive(Default)]
pub struct WeightsCache {
    parts: Vec<Option<(InsideGrid, DistanceCache)>>,
}

impl WeightsCache {
    /// Forgets everything (another project was opened, or a mesh changed).
    pub fn clear(&mut self) {
        self.parts.clear();
    }

    /// Automatic weights for part `index` of `project` with its current settings, its image read
    /// from `image_path` the first time.
    pub fn weights(
        &mut self,
        project: &Project,
        index: usize,
        image_path: &std::path::Path,
    ) -> Result<Binding, String> {
        let part = project
            .parts
            .get(index)
            .ok_or_else(|| format!("no part {index}"))?;
        if self.parts.len() <= index {
            self.parts.resize_with(index + 1, || None);
        }
        if self.parts[index].is_none() {
            let image =
                load_png(image_path).map_err(|e| format!("{}: {e}", image_path.display()))?;
            let (_, grid, _) = build_mesh_and_grid(&image, &part.mesh_settings)
                .map_err(|e| format!("{}: {e}", image_path.display()))?;
            self.parts[index] = Some((grid, DistanceCache::new()));
        }
        let Some((grid, cache)) = self.parts[index].as_mut() else {
            return Err("the mask could not be made".into());
        };
        let skeleton = &project.rig.skeleton;
        let distances = cache.distances(grid, skeleton, &part.mesh.positions, part.weight_settings);
        // Written over a copy of the current weights: the same result as a fresh binding, reusing
        // each vertex's list.
        let mut binding = part.binding.clone();
        auto_weights_into(
            skeleton,
            &distances,
            &part.mesh.positions,
            part.weight_settings.smoothness,
            &mut binding,
        );
        Ok(binding)
    }
}
