//! The one way to make a part from a PNG: read and decode it through the [`AssetStore`], mesh it,
//! and weigh it automatically on a skeleton. The editor's new documents and added parts, `limber
//! new`, the demo and the refresh of stale parts ([`crate::derived`]) all call [`make_part`].

use std::borrow::Cow;
use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

use super::assets::{AssetStore, ImageAsset};
use super::cuts::{Cut, cuts_moved, split_mesh, wall_off, weight_points};
use super::distance::{InsideGrid, Metric};
use super::error::{CoreError, CoreResult};
use super::mesh::Mesh;
use super::pipeline::{MeshSettings, StageTimings};
use super::progress::Progress;
use super::project::Part;
use super::skeleton::Skeleton;
use super::weights::{DistanceCache, WeightSettings, auto_smoothness, auto_weights};

/// How to make a part: its mesh settings and how its weights are measured.
#[derive(Debug, Clone, PartialEq)]
pub struct PartRecipe {
    pub mesh_settings: MeshSettings,
    pub metric: Metric,
    /// Weight falloff in px; `None` picks one from the image size ([`auto_smoothness`]).
    pub smoothness: Option<f64>,
    /// The rig's cuts (canvas pixels): distance is measured around them ([`crate::cuts`]).
    pub cuts: Vec<Cut>,
}

impl Default for PartRecipe {
    /// Default mesh settings, geodesic distances, smoothness from the image size.
    fn default() -> Self {
        Self {
            mesh_settings: MeshSettings::default(),
            metric: Metric::Geodesic,
            smoothness: None,
            cuts: Vec::new(),
        }
    }
}

/// A part made by [`make_part`], with what the making produced on the way.
pub struct MadePart {
    /// Named after the image's file stem, draw order 0, its image path as given.
    pub part: Part,
    /// The decoded image (its bytes too, for pictures that embed them).
    pub asset: Arc<ImageAsset>,
    /// The mask the mesh was made from (the weights walked it with the recipe's cuts walled off).
    pub grid: Arc<InsideGrid>,
    /// Wall-clock time of each stage: `decode`, the meshing stages, `distance`, `weights`.
    pub timings: StageTimings,
}

/// Makes a part from the PNG at `path` with `recipe`, weighted on `skeleton` (no bones: every vertex
/// without influences). Reports a unit of `progress` for the mesh, then one per distance field;
/// `Ok(None)` once `progress` is cancelled. Errors are the file's or the settings' problem; the
/// caller names the file.
pub fn make_part(
    store: &AssetStore,
    path: &Path,
    recipe: &PartRecipe,
    skeleton: &Skeleton,
    progress: &Progress,
) -> CoreResult<Option<MadePart>> {
    make_part_at(store, path, [0, 0], recipe, skeleton, progress)
}

/// [`make_part`] for an image whose top-left corner sits at `offset` on the canvas: the mesh is
/// made and weighed in the image's own pixels (the skeleton moved by `-offset`), then placed.
pub fn make_part_at(
    store: &AssetStore,
    path: &Path,
    offset: [u32; 2],
    recipe: &PartRecipe,
    skeleton: &Skeleton,
    progress: &Progress,
) -> CoreResult<Option<MadePart>> {
    let moved;
    let skeleton = if offset == [0, 0] {
        skeleton
    } else {
        moved = skeleton_moved(skeleton, offset);
        &moved
    };
    progress.add_total(1);
    let start = Instant::now();
    let asset = store.image(path)?;
    crate::limits::Limits::current()
        .check_weights(skeleton.bones.len(), [asset.width(), asset.height()])
        .map_err(|e| CoreError::Budget(e.to_string()))?;
    let decode_time = start.elapsed();
    let smoothness = recipe
        .smoothness
        .unwrap_or_else(|| auto_smoothness(asset.width(), asset.height()));
    if !(smoothness.is_finite() && smoothness > 0.0) {
        return Err(CoreError::InvalidSetting(format!(
            "smoothness {smoothness} must be a positive number of pixels"
        )));
    }
    let staged = store.mesh_of(&asset, &recipe.mesh_settings)?;
    let mut timings = staged.timings;
    timings.stages.insert(0, ("decode", decode_time));
    progress.finish_one();
    if progress.is_cancelled() {
        return Ok(None);
    }
    let weight_settings = WeightSettings {
        metric: recipe.metric,
        smoothness,
    };
    let at = [f64::from(offset[0]), f64::from(offset[1])];
    let (mesh, walled) = if recipe.cuts.is_empty() {
        (staged.mesh, None)
    } else {
        // The mesh is in the image's pixels here: the cuts are moved there to split it.
        let cuts = cuts_moved(&recipe.cuts, at);
        let mesh = timings.time("split", || split_mesh(&staged.mesh, &cuts));
        let mesh = mesh.map_err(|e| CoreError::Triangulation(e.to_string()))?;
        (mesh, Some(wall_off(&staged.grid, &cuts, [0.0, 0.0])))
    };
    let walk = walled.as_ref().unwrap_or(staged.grid.as_ref());
    let points = weight_points(&mesh);
    let mut cache = DistanceCache::new();
    let Some(distances) = timings.time("distance", || {
        cache.distances_with(walk, skeleton, &points, weight_settings, progress)
    }) else {
        return Ok(None);
    };
    let binding = timings.time("weights", || {
        auto_weights(skeleton, &distances, &points, smoothness)
    });
    let name = path.file_stem().map_or_else(
        || "sprite".to_string(),
        |s| s.to_string_lossy().into_owned(),
    );
    let part = Part {
        name,
        draw_order: 0,
        image: path.to_path_buf(),
        image_crc32: asset.crc32,
        mesh_settings: recipe.mesh_settings.clone(),
        mesh_edited: false,
        weight_settings,
        mesh: Arc::new(mesh.placed_at(offset)),
        binding,
        pixel_art: false,
    };
    Ok(Some(MadePart {
        part,
        asset,
        grid: staged.grid,
        timings,
    }))
}

/// `skeleton` with every bone moved by `-offset` (into the pixels of an image placed at `offset`).
pub fn skeleton_moved(skeleton: &Skeleton, offset: [u32; 2]) -> Skeleton {
    let [dx, dy] = offset.map(f64::from);
    let mut moved = skeleton.clone();
    for bone in &mut moved.bones {
        bone.head = [bone.head[0] - dx, bone.head[1] - dy];
        bone.tail = [bone.tail[0] - dx, bone.tail[1] - dy];
    }
    moved
}

/// The skeleton in the pixels of `mesh`'s image (moved by `-offset`), which the image's mask (and
/// so its distance fields) is in. Borrowed when the offset is zero.
pub fn skeleton_in_image<'a>(skeleton: &'a Skeleton, mesh: &Mesh) -> Cow<'a, Skeleton> {
    if mesh.offset == [0, 0] {
        Cow::Borrowed(skeleton)
    } else {
        Cow::Owned(skeleton_moved(skeleton, mesh.offset))
    }
}

/// Where `mesh`'s vertices read their weights ([`weight_points`]: their positions, the two sides
/// of a cut apart), in the pixels of the mesh's image.
pub fn weight_points_in_image(mesh: &Mesh) -> Vec<[f64; 2]> {
    let [dx, dy] = mesh.offset.map(f64::from);
    let mut points = weight_points(mesh);
    for p in &mut points {
        *p = [p[0] - dx, p[1] - dy];
    }
    points
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pipeline::build_mesh_and_grid;
    use crate::rig::load_rig;
    use crate::weights::weigh;

    #[test]
    fn a_made_part_is_the_mesh_and_weights_of_the_separate_stages() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let path = root.join("assets/sprites/kenney_zombie_walk0.png");
        let skeleton = load_rig(&root.join("assets/rigs/kenney_zombie_walk0.json"))
            .unwrap()
            .skeleton;
        let store = AssetStore::new();
        let progress = Progress::new();
        let made = make_part(&store, &path, &PartRecipe::default(), &skeleton, &progress)
            .unwrap()
            .unwrap();
        let image = crate::image_io::load_png(&path).unwrap();
        let (mesh, grid, _) = build_mesh_and_grid(&image, &MeshSettings::default()).unwrap();
        let smoothness = auto_smoothness(image.width(), image.height());
        assert_eq!(*made.part.mesh, mesh);
        assert_eq!(*made.grid, grid);
        assert_eq!(made.part.weight_settings.smoothness, smoothness);
        let binding = weigh(
            &grid,
            &skeleton,
            &mesh.positions,
            Metric::Geodesic,
            smoothness,
        );
        assert_eq!(made.part.binding, binding);
        assert_eq!(made.part.name, "kenney_zombie_walk0");
        assert_eq!(
            made.part.image_crc32,
            crc32fast::hash(&std::fs::read(&path).unwrap())
        );
        // The mesh, then the fields (pruned, then completed where needed); all finished.
        let (done, total) = progress.counts();
        assert_eq!(done, total);
        assert!(total > 1 + skeleton.bones.len() / 2, "{total} units");
        let stages: Vec<&str> = made.timings.stages.iter().map(|s| s.0).collect();
        assert_eq!(stages.first(), Some(&"decode"));
        assert!(stages.contains(&"distance") && stages.contains(&"weights"));
        // Without bones: no influences, no field.
        let bare = make_part(
            &store,
            &path,
            &PartRecipe::default(),
            &Skeleton::default(),
            &Progress::new(),
        )
        .unwrap()
        .unwrap();
        assert!(bare.part.binding.vertices.iter().all(Vec::is_empty));
        assert_eq!(bare.part.binding.vertices.len(), mesh.positions.len());
        assert_eq!(store.stats().reads, 1, "the second part read no file");
        // A cancelled request makes nothing; a bad smoothness is refused.
        let cancelled = Progress::new();
        cancelled.cancel();
        let none = make_part(&store, &path, &PartRecipe::default(), &skeleton, &cancelled);
        assert!(none.unwrap().is_none());
        let bad = PartRecipe {
            smoothness: Some(-1.0),
            ..PartRecipe::default()
        };
        assert!(make_part(&store, &path, &bad, &skeleton, &Progress::new()).is_err());
    }
}
