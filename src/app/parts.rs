//! Parts in the editor: adding a PNG as a part, its draw order, and re-meshing that carries the
//! weights over.

use std::path::Path;

use super::editor::Editor;
use crate::core::edit::Edit;
use crate::core::weights::WeightSettings;

impl Editor {
    /// Adds the PNG at `path` as a new part drawn in front of the others, meshed with default
    /// settings and weighted automatically on the current skeleton.
    pub fn add_part(&mut self, path: &Path) -> bool {
        match self.build_part(path) {
            Ok(part) => {
                if self.apply(Edit::AddPart(Box::new(part))) {
                    self.weights.clear();
                    self.status = format!("added part from {}", path.display());
                    return true;
                }
                false
            }
            Err(e) => {
                self.status = e;
                false
            }
        }
    }

    fn build_part(&mut self, path: &Path) -> Result<crate::core::project::Part, String> {
        let name = path.display();
        let bytes =
            crate::core::image_io::read_png_file(path).map_err(|e| format!("{name}: {e}"))?;
        let image =
            crate::core::image_io::decode_png(&bytes).map_err(|e| format!("{name}: {e}"))?;
        let settings = crate::core::pipeline::MeshSettings::default();
        let (mesh, grid, _) = crate::core::pipeline::build_mesh_and_grid(&image, &settings)
            .map_err(|e| format!("{name}: {e}"))?;
        let weight_settings = WeightSettings {
            metric: crate::core::distance::Metric::Geodesic,
            smoothness: crate::core::weights::auto_smoothness(image.width(), image.height()),
        };
        let skeleton = &self.document.project.rig.skeleton;
        let binding = crate::core::weights::weigh(
            &grid,
            skeleton,
            &mesh.positions,
            weight_settings.metric,
            weight_settings.smoothness,
        );
        let stem = path
            .file_stem()
            .map_or_else(|| "part".to_string(), |s| s.to_string_lossy().into_owned());
        let parts = &self.document.project.parts;
        let part_name = std::iter::once(stem.clone())
            .chain((2..).map(|i| format!("{stem}{i}")))
            .find(|n| parts.iter().all(|p| &p.name != n))
            .unwrap_or(stem);
        let draw_order = parts
            .iter()
            .map(|p| p.draw_order)
            .max()
            .map_or(0, |o| o + 1);
        Ok(crate::core::project::Part {
            name: part_name,
            draw_order,
            image: super::document::absolute(path),
            image_crc32: crc32fast::hash(&bytes),
            mesh_settings: settings,
            weight_settings,
            mesh: std::sync::Arc::new(mesh),
            binding,
        })
    }

    pub fn set_draw_order(&mut self, part: usize, draw_order: i32) -> bool {
        self.apply(Edit::SetDrawOrder { part, draw_order })
    }

    /// Re-meshes part `index` with `settings`, carrying its weights to the new vertices.
    pub fn remesh(&mut self, index: usize, settings: crate::core::pipeline::MeshSettings) -> bool {
        let Some(part) = self.document.project.parts.get(index) else {
            return false;
        };
        let path = self.document.image_path(index);
        let built = crate::core::image_io::load_png(&path)
            .map_err(|e| format!("{}: {e}", path.display()))
            .and_then(|image| {
                crate::core::pipeline::build_mesh(&image, &settings)
                    .map_err(|e| format!("{}: {e}", path.display()))
            });
        let mesh = match built {
            Ok((mesh, _)) => mesh,
            Err(e) => {
                self.status = e;
                return false;
            }
        };
        let binding =
            crate::core::remesh::carry_binding(&part.mesh, &part.binding, &mesh.positions);
        let done = self.apply(Edit::ReplaceMesh {
            part: index,
            mesh: std::sync::Arc::new(mesh),
            settings,
            binding,
        });
        if done {
            self.weights.clear();
        }
        done
    }
}
