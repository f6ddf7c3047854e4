//! Keeping derived data honest: a part whose image changed since its mesh was made gets a new mesh
//! and automatic weights from its stored settings, rather than being used stale.
//!
//! Work that refers to the old mesh's vertices cannot follow automatically yet (carrying weights and
//! deform keys over to a new mesh is the editor's re-meshing work): a clip whose deform keys name
//! vertices the new mesh does not have makes the refresh fail with a clear error.

use std::path::Path;
use std::sync::Arc;

use super::error::CoreError;
use super::image_io::{decode_png, read_png_file};
use super::pipeline::build_mesh_and_grid;
use super::project::{Project, check_part_keys};
use super::weights::weigh;

/// Rebuilds the mesh and weights of every part whose image (found relative to `project_path`)
/// differs from the one they were made from. Returns the names of the parts rebuilt. On error the
/// project is unchanged.
pub fn refresh_stale_parts(
    project: &mut Project,
    project_path: &Path,
) -> Result<Vec<String>, String> {
    let mut refreshed = Vec::new();
    let mut updated = project.clone();
    for (i, part) in updated.parts.iter_mut().enumerate() {
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
        part.binding = weigh(
            &grid,
            &project.rig.skeleton,
            &mesh.positions,
            part.weight_settings.metric,
            part.weight_settings.smoothness,
        );
        part.mesh = Arc::new(mesh);
        part.image_crc32 = crc32fast::hash(&bytes);
        refreshed.push(part.name.clone());
    }
    check_part_keys(&updated.rig.clips, &updated.parts).map_err(|e| {
        format!("{e} (the part's image changed, so its mesh was rebuilt and its deform keys no longer fit)")
    })?;
    *project = updated;
    Ok(refreshed)
}
