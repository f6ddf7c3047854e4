//! One image of a project — [`Part`]: its mesh, weights and settings — as the project, its
//! checks and the slots read it (its own module, so they need not import the project).

use std::path::PathBuf;
use std::sync::Arc;

use super::mesh::Mesh;
use super::pipeline::MeshSettings;
use super::weights::{Binding, WeightSettings};

/// One image of a project with its mesh and weights.
#[derive(Debug, Clone, PartialEq)]
pub struct Part {
    pub name: String,
    /// Parts draw from low to high draw order (clips may key it).
    pub draw_order: i32,
    /// The image, relative to the project file's folder (or absolute when no relative path exists).
    pub image: PathBuf,
    /// CRC-32 of the image file the mesh was made from.
    pub image_crc32: u32,
    pub mesh_settings: MeshSettings,
    /// The mesh was edited by hand (vertices added, moved or removed) since it was made from
    /// `mesh_settings`: re-meshing from the settings would replace those edits.
    pub mesh_edited: bool,
    pub weight_settings: WeightSettings,
    /// Shared, so that undo snapshots of the project do not copy meshes.
    pub mesh: Arc<Mesh>,
    pub binding: Binding,
    /// Pixel art: the image is drawn and rendered with sharp pixels (nearest-neighbour sampling)
    /// instead of smoothly.
    pub pixel_art: bool,
}

impl Part {
    /// Whether the image at `image_path` differs from the one the mesh and weights were made from.
    pub fn is_stale(&self, image_bytes: &[u8]) -> bool {
        crc32fast::hash(image_bytes) != self.image_crc32
    }
}
