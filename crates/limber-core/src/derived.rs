//! Keeping derived data honest: a part whose image changed since its mesh was made gets a new mesh
//! and automatic weights from its stored settings, rather than being used stale.
//!
//! The clips' deform keys on such a part are carried to the new vertices as re-meshing carries them
//! (each new vertex blends the offsets of the old triangle it lies in: `Edit::ReplaceMesh`).

use std::path::Path;
use std::sync::Arc;

use super::edit::{Edit, apply};
use super::error::CoreError;
use super::image_io::{decode_png, read_png_file};
use super::pipeline::build_mesh_and_grid;
use super::project::Project;
use super::weights::weigh;

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
    let mut refreshed = Vec::new();
    let mut updated = project.clone();
    for i in 0..project.parts.len() {
        let part = &project.parts[i];
        let image_path = project.image_path(project_path, i);
        let bytes = read_png_file(&image_path).map_err(|e| {
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
        if !part.is_stale(&bytes) {
            continue;
        }
        let image = decode_png(&bytes).map_err(|e| format!("{}: {e}", image_path.display()))?;
        let (mesh, grid, _) = build_mesh_and_grid(&image, &part.mesh_settings)
            .map_err(|e| format!("{}: {e}", image_path.display()))?;
        let binding = weigh(
            &grid,
            &project.rig.skeleton,
            &mesh.positions,
            part.weight_settings.metric,
            part.weight_settings.smoothness,
        );
        // The new mesh and weights, with the part's deform keys carried to the new vertices.
        let replace = Edit::ReplaceMesh {
            part: i,
            mesh: Arc::new(mesh),
            settings: part.mesh_settings.clone(),
            hand_edited: false,
            binding,
        };
        apply(&mut updated, replace).map_err(|e| {
            format!(
                "part \"{}\": its image changed and its rebuilt mesh could not replace the old: {e}",
                part.name
            )
        })?;
        updated.parts[i].image_crc32 = crc32fast::hash(&bytes);
        refreshed.push(Refreshed {
            part: part.name.clone(),
            hand_edits_replaced: part.mesh_edited,
        });
    }
    *project = updated;
    Ok(refreshed)
}
