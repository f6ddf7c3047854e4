//! The mesh vertex tool (Mesh mode): a click selects the vertex under the pointer, or adds one
//! inside a sprite, or clears the selection; a drag moves the vertex pressed, previewed while
//! dragging and applied on release as one [`limber_core::edit::Edit::ReplaceMesh`] (the mesh edits
//! themselves are in [`crate::mesh_edit`]).

use glam::DVec2;

pub use super::drag_state::VertexDrag;
use super::{Press, Tool};
use crate::editor::Editor;
use crate::mesh_edit;
use crate::outcome::IntoOutcome;

impl Tool for VertexDrag {
    fn start(editor: &mut Editor, press: Press) -> Option<Self> {
        let (part, vertex) = editor.rig().mesh_vertex_at(press.point)?;
        let at = DVec2::from(
            *editor
                .document
                .project
                .parts
                .get(part)?
                .mesh
                .positions
                .get(vertex)?,
        );
        let selected_before = editor.selection().vertex();
        editor.selection.set_vertex(Some((part, vertex)));
        Some(Self {
            part,
            vertex,
            grab: press.point - at,
            to: at,
            from: at,
            selected_before,
        })
    }

    fn drag_to(&mut self, _editor: &mut Editor, point: DVec2) {
        self.to = point - self.grab;
    }

    fn finish(self, editor: &mut Editor) {
        if self.to != self.from {
            mesh_edit::move_vertex(editor, self.part, self.vertex, self.to).into_outcome(editor);
        }
    }

    fn cancel(self, editor: &mut Editor) {
        editor.selection.set_vertex(self.selected_before);
    }
}

impl Editor {
    /// A click in Mesh mode: selects the vertex under the pointer, else adds one there when the
    /// point is inside a sprite, else clears the selection.
    pub fn mesh_click(&mut self, point: DVec2) {
        if let Some(hit) = self.rig().mesh_vertex_at(point) {
            self.selection.set_vertex(Some(hit));
            self.status = format!("vertex {} selected (Delete removes it)", hit.1);
        } else if let Some(part) = self.rig().part_at(point) {
            mesh_edit::add_vertex(self, part, point).into_outcome(self);
        } else {
            self.selection.set_vertex(None);
        }
    }
}
