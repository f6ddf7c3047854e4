//! A layered file's layers made into a project: each layer's pixels written as a PNG in a folder
//! beside the project (so the project stays a normal, portable `.limber` that references PNGs),
//! then each part meshed and weighed at the place its layer sits on the canvas.
//!
//! The PNGs are written into a fresh hidden staging folder beside the project (made by this run,
//! [`staging_folder`]) and the parts are made from there; only when every part is made is the
//! folder renamed, as a whole, to `NAME_layers` — or, when that name is taken by anything (an
//! earlier import's folder, a user's folder, a file), to the first free `NAME_layers 2`,
//! `NAME_layers 3`, … So an existing folder and every file in it stay as they were, an import that
//! fails or is cancelled leaves nothing (the staging folder, which holds only what this run wrote,
//! goes), and the parts of an earlier import keep their images.
//!
//! Parts are made in parallel only while their memory fits one budget for the whole run: a part of
//! `P` pixels weighed on `B` bones costs `(B + PIXEL_COST_IN_BONES) × P` bone-pixels, and parts run
//! together in batches whose costs sum to at most the weights budget (a part over it alone runs
//! alone), whatever the number of threads.

use std::fs::OpenOptions;
use std::io::Write;
use std::ops::Range;
use std::path::{Path, PathBuf};

use image::ImageEncoder;
use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use rayon::prelude::*;

use super::{Layer, Layered};
use crate::animation::AnimationError;
use crate::assets::AssetStore;
use crate::atomic_file::staging_folder;
use crate::error::CoreError;
use crate::limits::{Limits, PIXEL_COST_IN_BONES};
use crate::over_limit::OverBudget;
use crate::part_build::{PartRecipe, make_part_at};
use crate::progress::Progress;
use crate::project::{Part, Project, check_part_keys, relative_image_path};
use crate::rig::Rig;
use crate::slots::{SlotError, SlotSet};

/// Why a layered file's layers could not be made into a project: one line, naming the layer when
/// one is at fault (the caller names the file).
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    #[error("{0}")]
    Budget(#[from] OverBudget),
    #[error("cannot make a folder in {}: {source}", beside.display())]
    Staging {
        beside: PathBuf,
        source: std::io::Error,
    },
    #[error("layer \"{layer}\": cannot encode PNG: {source}")]
    Encode {
        layer: String,
        source: image::ImageError,
    },
    #[error("cannot write {}: {source}", path.display())]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("layer \"{layer}\": {source}")]
    Part { layer: String, source: CoreError },
    #[error("the rig's clips do not fit the layers: {0}")]
    Clips(AnimationError),
    #[error("the rig and the layered file both have a slot \"{0}\"")]
    SlotTwice(String),
    #[error("the rig and the layered file both have a skin \"{0}\"")]
    SkinTwice(String),
    #[error("the rig's slots and clips do not fit the layers: {0}")]
    Slots(SlotError),
    #[error(
        "{} and {MAX_FOLDER_NUMBER} numbered folders beside it exist; choose another output",
        .0.display()
    )]
    NoFreeFolder(PathBuf),
    #[error("cannot make folder {}: {source}", folder.display())]
    Rename {
        folder: PathBuf,
        source: std::io::Error,
    },
}

/// How many numbered names (`NAME_layers 2` …) are tried for the layers folder.
const MAX_FOLDER_NUMBER: u32 = 1000;

/// The folder the layers' PNGs go in when the name is free: `NAME_layers` beside `NAME.limber`.
pub fn layers_folder(project_path: &Path) -> PathBuf {
    let stem = project_path
        .file_stem()
        .map_or_else(|| "project".into(), |s| s.to_string_lossy().into_owned());
    project_path.with_file_name(format!("{stem}_layers"))
}

/// [`layers_folder`], or the first of `NAME_layers 2`, `NAME_layers 3`, … that names nothing yet.
fn free_layers_folder(project_path: &Path) -> Result<PathBuf, ImportError> {
    let first = layers_folder(project_path);
    let taken = |p: &Path| std::fs::symlink_metadata(p).is_ok();
    if !taken(&first) {
        return Ok(first);
    }
    let name = first.file_name().unwrap_or_default().to_string_lossy();
    (2..=MAX_FOLDER_NUMBER)
        .map(|n| first.with_file_name(format!("{name} {n}")))
        .find(|p| !taken(p))
        .ok_or_else(|| ImportError::NoFreeFolder(first.clone()))
}

/// The layers folder an import made, and the files in it this import wrote.
#[derive(Debug)]
pub struct LayersFolder {
    path: PathBuf,
    files: Vec<PathBuf>,
}

impl LayersFolder {
    /// Where it is.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Removes the files this import wrote, then the folder if that left it empty (for a project
    /// whose save failed). Nothing else is touched.
    pub fn remove(self) {
        for file in &self.files {
            let _ = std::fs::remove_file(file);
        }
        let _ = std::fs::remove_dir(&self.path);
    }
}

/// A project made from a layered file, and the folder its PNGs are in.
#[derive(Debug)]
pub struct Imported {
    pub project: Project,
    pub folder: LayersFolder,
}

/// [`import_layered_into`] without the folder: for callers that keep it whatever happens next.
pub fn import_layered(
    layered: &Layered,
    project_path: &Path,
    rig: Rig,
    recipe: &PartRecipe,
    progress: &Progress,
) -> Result<Option<Project>, ImportError> {
    Ok(import_layered_into(layered, project_path, rig, recipe, progress)?.map(|i| i.project))
}

/// Writes every layer's PNG and makes one part per layer (bottom layer first, draw order 0, 1, ...)
/// with `recipe`, weighed on `rig`'s skeleton, each part's image in the layers folder beside
/// `project_path` (see the module doc). The project's canvas is the layered file's. `Ok(None)` once
/// `progress` is cancelled. On an error or a cancel nothing is left behind. Errors are one line,
/// naming the layer when one is at fault (the caller names the file).
pub fn import_layered_into(
    layered: &Layered,
    project_path: &Path,
    mut rig: Rig,
    recipe: &PartRecipe,
    progress: &Progress,
) -> Result<Option<Imported>, ImportError> {
    Limits::current().check_parts(layered.layers.len())?;
    let beside = match project_path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    // Removed with everything in it when dropped: on every error or cancel below.
    let staging = staging_folder(&beside).map_err(|source| ImportError::Staging {
        beside: beside.clone(),
        source,
    })?;
    let file_names: Vec<String> = layered
        .layers
        .iter()
        .map(|l| format!("{}.png", l.file_stem))
        .collect();
    let staged: Vec<PathBuf> = file_names.iter().map(|n| staging.path().join(n)).collect();
    let Some(mut parts) = make_parts(layered, &staged, &rig, recipe, progress)? else {
        return Ok(None);
    };
    check_part_keys(&rig.clips, &parts).map_err(ImportError::Clips)?;
    merge_slots(&mut rig.slots, &layered.slots)?;
    crate::slots::validate::check_budgets(&rig.slots, &Limits::current())
        .and_then(|()| crate::slots::validate::check_project(&rig.slots, &rig.clips, &parts))
        .map_err(ImportError::Slots)?;
    let folder = free_layers_folder(project_path)?;
    let files: Vec<PathBuf> = file_names.iter().map(|n| folder.join(n)).collect();
    for (part, file) in parts.iter_mut().zip(&files) {
        part.image = relative_image_path(file, project_path);
    }
    std::fs::rename(staging.path(), &folder).map_err(|source| ImportError::Rename {
        folder: folder.clone(),
        source,
    })?;
    // Renamed: nothing is left at the staging path to remove.
    let _ = staging.keep();
    let project = Project {
        rig,
        parts,
        canvas: Some(layered.canvas),
        exports: Default::default(),
    };
    Ok(Some(Imported {
        project,
        folder: LayersFolder {
            path: folder,
            files,
        },
    }))
}

/// Adds the layered file's slots and skins (from its tags, opacities and blend modes) to the rig's:
/// a slot or skin both name is refused; the rig's active skin wins over the file's.
fn merge_slots(rig: &mut SlotSet, layered: &SlotSet) -> Result<(), ImportError> {
    for slot in &layered.slots {
        if rig.slots.iter().any(|s| s.name == slot.name) {
            return Err(ImportError::SlotTwice(slot.name.clone()));
        }
    }
    for skin in &layered.skins {
        if rig.skin(&skin.name).is_some() {
            return Err(ImportError::SkinTwice(skin.name.clone()));
        }
    }
    rig.slots.extend(layered.slots.iter().cloned());
    rig.skins.extend(layered.skins.iter().cloned());
    if rig.active_skin.is_none() {
        rig.active_skin.clone_from(&layered.active_skin);
    }
    Ok(())
}

/// Writes each layer's PNG at its path in `staged` and makes its part from it, in budgeted batches.
fn make_parts(
    layered: &Layered,
    staged: &[PathBuf],
    rig: &Rig,
    recipe: &PartRecipe,
    progress: &Progress,
) -> Result<Option<Vec<Part>>, ImportError> {
    progress.add_total(layered.layers.len());
    layered
        .layers
        .par_iter()
        .zip(staged)
        .try_for_each(|(layer, path)| {
            write_png(layer, path)?;
            progress.finish_one();
            Ok::<(), ImportError>(())
        })?;
    if progress.is_cancelled() {
        return Ok(None);
    }
    let bones = rig.skeleton.bones.len() as u64;
    let costs: Vec<u64> = layered
        .layers
        .iter()
        .map(|l| {
            let (w, h) = l.image.dimensions();
            (bones + PIXEL_COST_IN_BONES).saturating_mul(u64::from(w) * u64::from(h))
        })
        .collect();
    let mut parts = Vec::with_capacity(layered.layers.len());
    for batch in batches(&costs, Limits::current().weight_bone_pixels) {
        let made = layered.layers[batch.clone()]
            .par_iter()
            .zip(&staged[batch.clone()])
            .map(|(layer, path)| {
                // One store each: the parts share no image, and so no lock.
                let store = AssetStore::new();
                make_part_at(&store, path, layer.offset, recipe, &rig.skeleton, progress).map_err(
                    |source| ImportError::Part {
                        layer: layer.name.clone(),
                        source,
                    },
                )
            })
            .collect::<Result<Vec<_>, ImportError>>()?;
        for (i, made) in batch.zip(made) {
            let Some(made) = made else {
                return Ok(None);
            };
            let mut part = made.part;
            part.name.clone_from(&layered.layers[i].name);
            part.draw_order = i32::try_from(i).unwrap_or(i32::MAX);
            parts.push(part);
        }
    }
    Ok(Some(parts))
}

/// Consecutive runs of parts whose `costs` sum to at most `budget` (a part over it alone forms a
/// run of its own): the parts made at the same time.
fn batches(costs: &[u64], budget: u64) -> Vec<Range<usize>> {
    let mut runs = Vec::new();
    let (mut start, mut sum) = (0, 0u64);
    for (i, &cost) in costs.iter().enumerate() {
        if i > start && sum.saturating_add(cost) > budget {
            runs.push(start..i);
            (start, sum) = (i, 0);
        }
        sum = sum.saturating_add(cost);
    }
    if start < costs.len() {
        runs.push(start..costs.len());
    }
    runs
}

/// Encodes `layer` as a PNG at `path`, a new file in the staging folder (never through anything
/// already there).
fn write_png(layer: &Layer, path: &Path) -> Result<(), ImportError> {
    let mut bytes = Vec::new();
    let (w, h) = layer.image.dimensions();
    PngEncoder::new_with_quality(&mut bytes, CompressionType::Fast, FilterType::Adaptive)
        .write_image(layer.image.as_raw(), w, h, image::ExtendedColorType::Rgba8)
        .map_err(|source| ImportError::Encode {
            layer: layer.name.clone(),
            source,
        })?;
    OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .and_then(|mut file| file.write_all(&bytes))
        .map_err(|source| ImportError::Write {
            path: path.to_path_buf(),
            source,
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn batches_keep_the_sum_of_costs_within_the_budget() {
        assert_eq!(batches(&[], 10), Vec::<Range<usize>>::new());
        assert_eq!(batches(&[0, 0, 0], 10), vec![0..3; 1]);
        assert_eq!(batches(&[4, 4, 4, 4], 10), [0..2, 2..4]);
        // Over the budget alone: a run of its own.
        assert_eq!(batches(&[3, 20, 3, 3], 10), [0..1, 1..2, 2..4]);
        // Eight parts of 2000 x 2000 px on 500 bones: one at a time under the default budget.
        let cost = (500 + PIXEL_COST_IN_BONES) * 2000 * 2000;
        let eight = batches(&[cost; 8], crate::limits::MAX_WEIGHT_BONE_PIXELS);
        assert_eq!(eight.len(), 8);
    }
}
