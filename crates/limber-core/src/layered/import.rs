//! A layered file's layers made into a project: each layer's pixels written as a PNG in a folder
//! beside the project (so the project stays a normal, portable `.limber` that references PNGs),
//! then each part meshed and weighed, in parallel, at the place its layer sits on the canvas.

use std::path::{Path, PathBuf};

use image::ImageEncoder;
use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use rayon::prelude::*;

use super::{Layer, Layered};
use crate::assets::AssetStore;
use crate::atomic_file::write_atomic;
use crate::part_build::{PartRecipe, make_part_at};
use crate::progress::Progress;
use crate::project::{Part, Project, check_part_keys, relative_image_path};
use crate::rig::Rig;

/// The folder the layers' PNGs go in: `NAME_layers` beside `NAME.limber`.
pub fn layers_folder(project_path: &Path) -> PathBuf {
    let stem = project_path
        .file_stem()
        .map_or_else(|| "project".into(), |s| s.to_string_lossy().into_owned());
    project_path.with_file_name(format!("{stem}_layers"))
}

/// Writes every layer's PNG into [`layers_folder`] and makes one part per layer (bottom layer
/// first, draw order 0, 1, ...) with `recipe`, weighed on `rig`'s skeleton. The project's canvas
/// is the layered file's. `Ok(None)` once `progress` is cancelled. On an error or a cancel, the
/// PNGs written (and the folder, when this made it) are removed again. Errors are one line, naming
/// the layer when one is at fault (the caller names the file).
pub fn import_layered(
    layered: &Layered,
    project_path: &Path,
    rig: Rig,
    recipe: &PartRecipe,
    progress: &Progress,
) -> Result<Option<Project>, String> {
    let folder = layers_folder(project_path);
    let made_folder = !folder.exists();
    std::fs::create_dir_all(&folder)
        .map_err(|e| format!("cannot make folder {}: {e}", folder.display()))?;
    let paths: Vec<PathBuf> = layered
        .layers
        .iter()
        .map(|l| folder.join(format!("{}.png", l.name)))
        .collect();
    let result = make_parts(layered, &paths, project_path, &rig, recipe, progress);
    match result {
        Ok(Some(parts)) => {
            let project = Project {
                rig,
                parts,
                canvas: Some(layered.canvas),
            };
            match check_part_keys(&project.rig.clips, &project.parts) {
                Ok(()) => Ok(Some(project)),
                Err(e) => {
                    remove_written(&paths, &folder, made_folder);
                    Err(format!("the rig's clips do not fit the layers: {e}"))
                }
            }
        }
        Ok(None) => {
            remove_written(&paths, &folder, made_folder);
            Ok(None)
        }
        Err(e) => {
            remove_written(&paths, &folder, made_folder);
            Err(e)
        }
    }
}

fn make_parts(
    layered: &Layered,
    paths: &[PathBuf],
    project_path: &Path,
    rig: &Rig,
    recipe: &PartRecipe,
    progress: &Progress,
) -> Result<Option<Vec<Part>>, String> {
    progress.add_total(layered.layers.len());
    layered
        .layers
        .par_iter()
        .zip(paths)
        .try_for_each(|(layer, path)| {
            write_png(layer, path)?;
            progress.finish_one();
            Ok::<(), String>(())
        })?;
    if progress.is_cancelled() {
        return Ok(None);
    }
    let made = layered
        .layers
        .par_iter()
        .zip(paths)
        .enumerate()
        .map(|(i, (layer, path))| {
            // One store each: the parts share no image, and so no lock.
            let store = AssetStore::new();
            let made = make_part_at(&store, path, layer.offset, recipe, &rig.skeleton, progress)
                .map_err(|e| format!("layer \"{}\": {e}", layer.name))?;
            Ok(made.map(|made| {
                let mut part = made.part;
                part.name.clone_from(&layer.name);
                part.draw_order = i32::try_from(i).unwrap_or(i32::MAX);
                part.image = relative_image_path(path, project_path);
                part
            }))
        })
        .collect::<Result<Vec<Option<Part>>, String>>()?;
    Ok(made.into_iter().collect())
}

fn write_png(layer: &Layer, path: &Path) -> Result<(), String> {
    let mut bytes = Vec::new();
    let (w, h) = layer.image.dimensions();
    PngEncoder::new_with_quality(&mut bytes, CompressionType::Fast, FilterType::Adaptive)
        .write_image(layer.image.as_raw(), w, h, image::ExtendedColorType::Rgba8)
        .map_err(|e| format!("layer \"{}\": cannot encode PNG: {e}", layer.name))?;
    write_atomic(path, &bytes).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

fn remove_written(paths: &[PathBuf], folder: &Path, made_folder: bool) {
    for path in paths {
        let _ = std::fs::remove_file(path);
    }
    if made_folder {
        let _ = std::fs::remove_dir(folder);
    }
}
