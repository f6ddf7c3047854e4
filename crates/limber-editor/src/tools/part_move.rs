//! The part move tool (Mesh mode): Shift+drag on a part, or a drag that starts inside it but off its
//! vertices, moves the whole part on the canvas — its image's place, in whole pixels, shown live — and on release its
//! automatic weights are made again for where it now lies under the bones, all one undo step (Esc
//! puts it back). Used to place a layer added to a document, or a part made from another PNG.

use glam::DVec2;
use limber_core::edit::Edit;

pub use super::drag_state::PartDrag;
use super::{Press, Tool};
use crate::editor::Editor;

impl Tool for PartDrag {
    fn start(editor: &mut Editor, press: Press) -> Option<Self> {
        let part = editor.rig().part_at(press.point)?;
        let offset = editor.document.project.parts.get(part)?.mesh.offset;
        Some(Self {
            part,
            from: press.point,
            offset_before: offset,
            offset,
        })
    }

    fn drag_to(&mut self, editor: &mut Editor, point: DVec2) {
        let offset = self.offset_for(point);
        if offset == self.offset {
            return;
        }
        let Some(part) = editor.document.project.parts.get(self.part) else {
            return;
        };
        let mut mesh = (*part.mesh).clone().placed_at(offset);
        // A move leaves the texture where it was on the mesh: the UVs exactly as they were, not
        // worked out again from moved positions (no rounding creeps in over many moves).
        mesh.uvs.clone_from(&part.mesh.uvs);
        let edit = Edit::ReplaceMesh {
            part: self.part,
            mesh: std::sync::Arc::new(mesh),
            settings: part.mesh_settings.clone(),
            hand_edited: part.mesh_edited,
            binding: part.binding.clone(),
        };
        if editor.apply(edit) {
            self.offset = offset;
        }
    }

    fn finish(self, editor: &mut Editor) {
        if self.offset == self.offset_before {
            return;
        }
        let name = editor.document.project.parts[self.part].name.clone();
        let dx = i64::from(self.offset[0]) - i64::from(self.offset_before[0]);
        let dy = i64::from(self.offset[1]) - i64::from(self.offset_before[1]);
        // Its weights were measured where it was: made again where it is.
        editor.weights.clear();
        editor.recompute_weights();
        editor.status = format!("moved part {name} by ({dx}, {dy}) px");
    }

    fn cancel(self, _editor: &mut Editor) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_offset_follows_in_whole_pixels_and_stops_at_the_canvas_corner() {
        let drag = PartDrag {
            part: 0,
            from: DVec2::new(50.0, 50.0),
            offset_before: [10, 20],
            offset: [10, 20],
        };
        assert_eq!(drag.offset_for(DVec2::new(53.4, 47.6)), [13, 18]);
        assert_eq!(
            drag.offset_for(DVec2::new(0.0, 0.0)),
            [0, 0],
            "clamped at 0"
        );
        assert_eq!(drag.offset_for(DVec2::new(50.4, 50.4)), [10, 20]);
    }
}
