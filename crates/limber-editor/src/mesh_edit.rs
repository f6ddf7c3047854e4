//! Editing a part's mesh by hand in Mesh mode: add a vertex, move one, delete the selected one (the
//! clicks and drags that call these are [`crate::tools::vertex`]). Each is one [`Edit::ReplaceMesh`] (one undo
//! step) with the weights carried over ([`mesh_edit::carry_edited_binding`]) and the deform keys
//! carried by the edit itself; a refused edit leaves the document unchanged and says why.

use glam::DVec2;

use super::editor::Editor;
use limber_core::edit::Edit;
use limber_core::mesh_edit::{self, Edited, MeshEditError};

/// How near (screen points) the pointer must be to a vertex to pick it.
pub const VERTEX_REACH: f64 = 8.0;

impl Editor {
    /// The vertex (part, index) under `point` (image pixels, rest pose) in the current view.
    pub fn mesh_vertex_at(&self, point: DVec2) -> Option<(usize, usize)> {
        self.vertex_at(point, VERTEX_REACH / self.view().camera().zoom)
    }

    /// The front-most part whose mesh contains `point` (rest pose).
    pub fn part_at(&self, point: DVec2) -> Option<usize> {
        let parts = &self.document.project.parts;
        (0..parts.len())
            .filter(|&p| mesh_edit::contains(&parts[p].mesh, point.to_array()))
            .max_by_key(|&p| (parts[p].draw_order, p))
    }

    /// Adds a vertex at `point` to part `part`'s mesh and selects it.
    pub fn add_mesh_vertex(&mut self, part: usize, point: DVec2) -> bool {
        let done = self.edit_mesh(part, |mesh| mesh_edit::add_vertex(mesh, point.to_array()));
        if done {
            let last = self.document.project.parts[part].mesh.positions.len() - 1;
            self.selection.set_vertex(Some((part, last)));
            self.status = format!("added vertex {last}");
        }
        done
    }

    /// Moves vertex `vertex` of part `part` to `to` (image pixels).
    pub fn move_mesh_vertex(&mut self, part: usize, vertex: usize, to: DVec2) -> bool {
        let done = self.edit_mesh(part, |mesh| {
            mesh_edit::move_vertex(mesh, vertex, to.to_array())
        });
        if done {
            self.selection.set_vertex(Some((part, vertex)));
            self.status = format!("moved vertex {vertex}");
        }
        done
    }

    /// Removes the selected vertex (Delete in Mesh mode). Returns whether one was removed.
    pub fn delete_selected_vertex(&mut self) -> bool {
        let Some((part, vertex)) = self.selection().vertex() else {
            self.status = "select a vertex to delete".into();
            return false;
        };
        let done = self.edit_mesh(part, |mesh| mesh_edit::remove_vertex(mesh, vertex));
        if done {
            self.selection.set_vertex(None);
            self.status = format!("deleted vertex {vertex}");
        }
        done
    }

    /// Applies a mesh edit made by `make` on part `part` as one [`Edit::ReplaceMesh`].
    fn edit_mesh(
        &mut self,
        part: usize,
        make: impl FnOnce(&limber_core::Mesh) -> Result<Edited, MeshEditError>,
    ) -> bool {
        let Some(current) = self.document.project.parts.get(part) else {
            self.status = format!("no part {part}");
            return false;
        };
        let edited = match make(&current.mesh) {
            Ok(edited) => edited,
            Err(e) => {
                self.status = format!("mesh edit refused: {e}");
                return false;
            }
        };
        let binding = mesh_edit::carry_edited_binding(&current.mesh, &current.binding, &edited);
        let settings = current.mesh_settings.clone();
        let done = self.apply(Edit::ReplaceMesh {
            part,
            mesh: std::sync::Arc::new(edited.mesh),
            settings,
            hand_edited: true,
            binding,
        });
        if done {
            self.weights.clear();
        }
        done
    }
}
