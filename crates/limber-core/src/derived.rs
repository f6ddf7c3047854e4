//! Keeping derived data honest: a part whose image changed since its mesh was made gets a new mesh
//! and automatic weights from its stored settings, rather than being used stale.
//!
//! The clips' deform keys on such a part are carried to the new vertices as re-meshing carries them
//! (each new vertex blends the offsets of the old triangle it lies in: `Edit::ReplaceMesh`).

use std::path::Path;

use super::assets::AssetStore;
use super::edit::{Edit, apply};
use super::error::CoreError;
use super::part_build::{PartRecipe, make_part_at};
use super::progress::Progress;
use super::project::Project;

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
) -> Result<Vec<Refreshed>, String> {
    refresh_stale_parts_with(&AssetStore::new(), project, project_path)
}

/// [`refresh_stale_parts`] reading the images through `store` (so the editor that opens the project
/// next finds them decoded).
pub fn refresh_stale_parts_with(
    store: &AssetStore,
    project: &mut Project,
    project_path: &Path,
) -> Result<Vec<Refreshed>, String> {
    let mut refreshed = Vec::new();
    let mut updated = project.clone();
    for i in 0..project.parts.len() {
        let part = &project.parts[i];
        let image_path = project.image_path(project_path, i);
        let asset = store.image(&image_path).map_err(|e| {
            let problem = if matches!(e, CoreError::Io(_)) {
                "not found at"
            } else {
                "unusable at"
            };
            format!(
                "image of part \"{}\" {problem} {}: {e}",
                part.name,
                image_path.display()
            )
        })?;
        if !part.is_stale(&asset.bytes) {
            let actual = [asset.image.width(), asset.image.height()];
            if actual != [part.mesh.width, part.mesh.height] {
                return Err(format!(
                    "part \"{}\": image_size is {} x {} but the image at {} is {} x {}",
                    part.name,
                    part.mesh.width,
                    part.mesh.height,
                    image_path.display(),
                    actual[0],
                    actual[1]
                ));
            }
            continue;
        }
        // The part made again as a new part would be, from its own settings.
        let recipe = PartRecipe {
            mesh_settings: part.mesh_settings.clone(),
            metric: part.weight_settings.metric,
            smoothness: Some(part.weight_settings.smoothness),
        };
        let made = make_part_at(
            store,
            &image_path,
            part.mesh.offset,
            &recipe,
            &project.rig.skeleton,
            &Progress::new(),
        )
        .map_err(|e| format!("{}: {e}", image_path.display()))?
        .ok_or_else(|| format!("{}: rebuilding was cancelled", image_path.display()))?;
        // The new mesh and weights, with the part's deform keys carried to the new vertices.
        let replace = Edit::ReplaceMesh {
            part: i,
            mesh: made.part.mesh,
            settings: part.mesh_settings.clone(),
            hand_edited: false,
            binding: made.part.binding,
        };
        apply(&mut updated, replace).map_err(|e| {
            format!(
                "part \"{}\": its image changed and its rebuilt mesh could not replace the old: {e}",
                part.name
            )
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
