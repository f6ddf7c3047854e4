//! Keeping derived data honest: a part whose image changed since its mesh was made gets a new mesh
//! and automatic weights from its stored settings, rather than being used stale.
//!
//! The clips' deform keys on such a part are carried to the new vertices as re-meshing carries them
//! (each new vertex blends the offsets of the old triangle it lies in: `Edit::ReplaceMesh`).

use std::path::{Path, PathBuf};

use super::assets::AssetStore;
use super::edit::{Edit, EditError, apply};
use super::error::CoreError;
use super::part_build::{PartRecipe, make_part_at};
use super::progress::Progress;
use super::project::Project;

/// Why a stale part could not be rebuilt: one line naming the part or its image.
#[derive(Debug, thiserror::Error)]
pub enum RefreshError {
    #[error("image of part \"{part}\" {problem} {}: {source}", path.display())]
    Image {
        part: String,
        /// "not found at" or "unusable at".
        problem: &'static str,
        path: PathBuf,
        source: CoreError,
    },
    #[error(
        "part \"{part}\": image_size is {} x {} but the image at {} is {} x {}",
        mesh[0],
        mesh[1],
        path.display(),
        image[0],
        image[1]
    )]
    Size {
        part: String,
        mesh: [u32; 2],
        path: PathBuf,
        image: [u32; 2],
    },
    #[error("{}: {source}", path.display())]
    Rebuild { path: PathBuf, source: CoreError },
    #[error("{}: rebuilding was cancelled", .0.display())]
    Cancelled(PathBuf),
    #[error(
        "part \"{part}\": its image changed and its rebuilt mesh could not replace the old: {source}"
    )]
    Replace { part: String, source: EditError },
}

/// A part [`refresh_stale_parts`] rebuilt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refreshed {
    pub part: String,
    /// Its mesh had been edited by hand; the rebuilt mesh comes from its settings instead.
    pub hand_edits_replaced: bool,
}

impl Refreshed {
    /// What happened, in one line for the user.
    pub fn note(&self) -> String {
        let mut note = format!(
            "part \"{}\": image changed since its mesh was made; rebuilt mesh and weights",
            self.part
        );
        if self.hand_edits_replaced {
            note.push_str(" (its hand-edited mesh is replaced by one made from its settings)");
        }
        note
    }
}

/// Rebuilds the mesh and weights of every part whose image (found relative to `project_path`)
/// differs from the one they were made from. Returns the parts rebuilt. On error the project is
/// unchanged.
pub fn refresh_stale_parts(
    project: &mut Project,
    project_path: &Path,
) -> Result<Vec<Refreshed>, RefreshError> {
    refresh_stale_parts_with(&AssetStore::new(), project, project_path)
}

/// [`refresh_stale_parts`] reading the images through `store` (so the editor that opens the project
/// next finds them decoded).
pub fn refresh_stale_parts_with(
    store: &AssetStore,
    project: &mut Project,
    project_path: &Path,
) -> Result<Vec<Refreshed>, RefreshError> {
    let mut refreshed = Vec::new();
    let mut updated = project.clone();
    for i in 0..project.parts.len() {
        let part = &project.parts[i];
        let image_path = project.image_path(project_path, i);
        let asset = store
            .image(&image_path)
            .map_err(|source| RefreshError::Image {
                part: part.name.clone(),
                problem: if matches!(source, CoreError::Io(_)) {
                    "not found at"
                } else {
                    "unusable at"
                },
                path: image_path.clone(),
                source,
            })?;
        if !part.is_stale(&asset.bytes) {
            let actual = [asset.image.width(), asset.image.height()];
            if actual != [part.mesh.width, part.mesh.height] {
                return Err(RefreshError::Size {
                    part: part.name.clone(),
                    mesh: [part.mesh.width, part.mesh.height],
                    path: image_path,
                    image: actual,
                });
            }
            continue;
        }
        // The part made again as a new part would be, from its own settings.
        let recipe = PartRecipe {
            mesh_settings: part.mesh_settings.clone(),
            metric: part.weight_settings.metric,
            smoothness: Some(part.weight_settings.smoothness),
            cuts: project.rig.cuts.clone(),
        };
        let made = make_part_at(
            store,
            &image_path,
            part.mesh.offset,
            &recipe,
            &project.rig.skeleton,
            &Progress::new(),
        )
        .map_err(|source| RefreshError::Rebuild {
            path: image_path.clone(),
            source,
        })?
        .ok_or_else(|| RefreshError::Cancelled(image_path.clone()))?;
        // The new mesh and weights, with the part's deform keys carried to the new vertices.
        let replace = Edit::ReplaceMesh {
            part: i,
            mesh: made.part.mesh,
            settings: part.mesh_settings.clone(),
            hand_edited: false,
            binding: made.part.binding,
        };
        apply(&mut updated, replace).map_err(|source| RefreshError::Replace {
            part: part.name.clone(),
            source,
        })?;
        updated.parts[i].image_crc32 = made.part.image_crc32;
        refreshed.push(Refreshed {
            part: part.name.clone(),
            hand_edits_replaced: part.mesh_edited,
        });
    }
    *project = updated;
    Ok(refreshed)
}
