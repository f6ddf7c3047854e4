//! A vertex budget per part for game exports (`--max-vertices N`, the Export dialog's "Most
//! vertices per part"): a part whose mesh has more vertices is meshed again from its image with a
//! wider spacing (and, when the outline alone is most of the budget, a looser tolerance) until it
//! fits. Its weights and deform keys are carried to the new vertices as the editor's re-mesh does
//! ([`limber_core::edit::Edit::ReplaceMesh`]); the project on disk is not touched. A part whose
//! mesh was edited by hand loses those edits in the export, and the note says so.

use std::borrow::Cow;
use std::path::Path;
use std::sync::Arc;

use image::DynamicImage;
use limber_core::edit::{Edit, apply};
use limber_core::mesh::Mesh;
use limber_core::pipeline::{MeshSettings, build_mesh};
use limber_core::project::Project;
use limber_core::remesh::carry_binding;

use super::SpineError;

/// The budgets `--max-vertices` takes.
pub const MAX_VERTICES_RANGE: (u32, u32) = (1, 1_000_000);

/// How many coarser meshes are tried before a part is said not to fit.
const MAX_TRIES: usize = 24;
/// The loosest outline tolerance tried (the mesh settings' own limit).
const MAX_TOLERANCE: f64 = 64.0;
/// The widest spacing tried (the mesh settings' own limit).
const MAX_SPACING: f64 = 1e6;

/// `project` with every part's mesh within `max` vertices, and a note saying which were meshed
/// again; the project itself when every part fits.
pub fn fit<'a>(
    project: &'a Project,
    project_path: &Path,
    max: u32,
) -> Result<(Cow<'a, Project>, Vec<String>), SpineError> {
    let max = max as usize;
    let mut fitted = Cow::Borrowed(project);
    let mut changed = Vec::new();
    let (mut before, mut after) = (0, 0);
    for (i, part) in project.parts.iter().enumerate() {
        let count = part.mesh.positions.len();
        if count <= max {
            continue;
        }
        let path = project.image_path(project_path, i);
        let image = limber_core::image_io::load_png(&path).map_err(|e| SpineError::Image {
            part: part.name.clone(),
            path: path.clone(),
            message: e.to_string(),
        })?;
        let (mesh, settings) =
            coarser_mesh(&image, &part.mesh_settings, count, max).map_err(|fewest| {
                SpineError::Budget(format!(
                    "part \"{}\" has no mesh of {max} vertices or fewer ({fewest}): allow more \
                     vertices per part",
                    part.name
                ))
            })?;
        // Split along the rig's cuts as the project's own meshes are.
        let mesh =
            limber_core::cuts::split_mesh(&mesh.placed_at(part.mesh.offset), &project.rig.cuts)
                .map_err(|e| SpineError::Budget(format!("part \"{}\": {e}", part.name)))?;
        before += count;
        after += mesh.positions.len();
        let binding = carry_binding(&part.mesh, &part.binding, &mesh.positions);
        let edit = Edit::ReplaceMesh {
            part: i,
            mesh: Arc::new(mesh),
            settings,
            hand_edited: false,
            binding,
        };
        apply(fitted.to_mut(), edit).map_err(|e| {
            SpineError::Budget(format!("part \"{}\": cannot mesh it again: {e}", part.name))
        })?;
        changed.push((part.name.as_str(), part.mesh_edited));
    }
    let mut notes = Vec::new();
    if !changed.is_empty() {
        let names: Vec<String> = changed
            .iter()
            .take(5)
            .map(|(name, _)| format!("\"{name}\""))
            .collect();
        let more = changed.len().saturating_sub(names.len());
        let more = if more > 0 {
            format!(" and {more} more")
        } else {
            String::new()
        };
        notes.push(format!(
            "{} part(s) meshed again to at most {max} vertices each ({before} -> {after} vertices \
             in all, weights and deform keys carried): {}{more}",
            changed.len(),
            names.join(", ")
        ));
        let edited: Vec<&str> = changed
            .iter()
            .filter(|(_, edited)| *edited)
            .map(|(name, _)| *name)
            .collect();
        if !edited.is_empty() {
            notes.push(format!(
                "the hand edits of part(s) {} are not in the export's coarser meshes",
                edited.join(", ")
            ));
        }
    }
    Ok((fitted, notes))
}

/// Why no mesh of a part fits the budget.
#[derive(Debug, thiserror::Error)]
enum NoCoarserMesh {
    #[error("the fewest tried is {0}")]
    Fewest(usize),
    #[error("{0}")]
    Mesh(#[from] limber_core::error::CoreError),
}

/// A mesh of `image` with at most `max` vertices, made with settings coarser than `settings` (whose
/// mesh has `count` vertices), and those settings; or why none was found.
fn coarser_mesh(
    image: &DynamicImage,
    settings: &MeshSettings,
    count: usize,
    max: usize,
) -> Result<(Mesh, MeshSettings), NoCoarserMesh> {
    let mut settings = settings.clone();
    let mut spacing = settings.effective_spacing(image.width(), image.height());
    let mut count = count;
    let mut fewest = count;
    for _ in 0..MAX_TRIES {
        // The interior vertices go as 1 / spacing²: widen by the square root of the excess.
        let growth = (count as f64 / max as f64).sqrt().clamp(1.1, 4.0);
        spacing = (spacing * growth).min(MAX_SPACING);
        settings.spacing = Some(spacing);
        let (mesh, _) = build_mesh(image, &settings)?;
        count = mesh.positions.len();
        fewest = fewest.min(count);
        if count <= max {
            return Ok((mesh, settings));
        }
        // Mostly outline: only a looser tolerance takes outline points away.
        let outline: usize = mesh.boundary_loops.iter().map(Vec::len).sum();
        if outline * 4 > max * 3 {
            if settings.tolerance >= MAX_TOLERANCE && spacing >= MAX_SPACING {
                break;
            }
            settings.tolerance = (settings.tolerance.max(0.5) * 2.0).min(MAX_TOLERANCE);
        }
    }
    Err(NoCoarserMesh::Fewest(fewest))
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{Rgba, RgbaImage};

    /// A 400 px disc.
    fn disc() -> DynamicImage {
        DynamicImage::ImageRgba8(RgbaImage::from_fn(400, 400, |x, y| {
            let (dx, dy) = (f64::from(x) - 199.5, f64::from(y) - 199.5);
            let alpha = if dx.hypot(dy) < 190.0 { 255 } else { 0 };
            Rgba([200, 100, 50, alpha])
        }))
    }

    #[test]
    fn a_dense_mesh_is_made_coarser_until_it_fits() {
        let fine = MeshSettings {
            spacing: Some(6.0),
            ..MeshSettings::default()
        };
        let (dense, _) = build_mesh(&disc(), &fine).unwrap();
        let count = dense.positions.len();
        assert!(count > 1000, "{count}");
        for max in [400, 100, 30] {
            let (mesh, settings) = coarser_mesh(&disc(), &fine, count, max).unwrap();
            assert!(
                mesh.positions.len() <= max,
                "{max}: {}",
                mesh.positions.len()
            );
            // Not needlessly coarse: at least a third of the budget is used.
            assert!(
                mesh.positions.len() * 3 >= max,
                "{max}: {}",
                mesh.positions.len()
            );
            assert!(settings.spacing.unwrap() > 6.0);
        }
        let error = coarser_mesh(&disc(), &fine, count, 2)
            .unwrap_err()
            .to_string();
        assert!(error.contains("the fewest tried is"), "{error}");
    }
}
