//! The attachment shape tools in the viewport (any mode): while a bounding box or clipping polygon
//! is being drawn, a press adds a point (held, it follows the pointer) or, on the first point,
//! closes the polygon; while a point attachment is being drawn, a press places it and dragging aims
//! it, and the release adds it (one undo step). Otherwise a press on a handle of the shape selected
//! for editing drags it (one undo step): a polygon's point, or a point attachment's position or the
//! tip of its direction line (its aim). Esc drops a drawing, or puts a dragged
//! point back. The actions themselves are `attachment_shapes.rs`.

use glam::DVec2;
use limber_core::slots::AttachmentKind;

pub use super::drag_state::ShapeDrag;
use super::{Drag, Press, Tool, start};
use crate::editor::Editor;

impl Tool for ShapeDrag {
    fn start(editor: &mut Editor, press: Press) -> Option<Self> {
        if let Some(drawing) = editor.shape_drawing() {
            if drawing.kind == AttachmentKind::Point {
                return Some(ShapeDrag::Aim {
                    at: press.point,
                    toward: None,
                });
            }
            editor.add_shape_point(press.point);
            return Some(ShapeDrag::NewPoint);
        }
        let (shape, index, drawn) = editor.shape_handle_at(press.point)?;
        Some(ShapeDrag::Vertex {
            shape,
            index,
            offset: drawn - press.point,
        })
    }

    fn drag_to(&mut self, editor: &mut Editor, point: DVec2) {
        match self {
            ShapeDrag::NewPoint => editor.move_last_shape_point(point),
            ShapeDrag::Aim { toward, .. } => *toward = Some(point),
            ShapeDrag::Vertex {
                shape,
                index,
                offset,
            } => {
                editor.move_shape_vertex(shape, *index, point + *offset);
            }
        }
    }

    fn finish(self, editor: &mut Editor) {
        match self {
            ShapeDrag::NewPoint => {}
            ShapeDrag::Aim { at, toward } => {
                editor.place_point(at, toward);
            }
            ShapeDrag::Vertex { shape, .. } => {
                editor.set_status(format!("moved a point of {}", shape.attachment));
            }
        }
    }

    fn cancel(self, editor: &mut Editor) {
        if !matches!(self, ShapeDrag::Vertex { .. }) {
            editor.cancel_shape();
        }
    }
}

/// A press in the viewport while a shape is being drawn or on a handle of the selected polygon:
/// `Some` with the drag it started (or none: the polygon was closed) when a shape tool took it,
/// `None` when the mode's tool should have it.
pub(super) fn press(editor: &mut Editor, press: Press) -> Option<Option<Drag>> {
    if editor.closes_shape_at(press.point) {
        editor.close_shape();
        return Some(None);
    }
    if editor.shape_drawing().is_some() || editor.shape_handle_at(press.point).is_some() {
        return Some(start(editor, press, Drag::Shape));
    }
    None
}

/// A click in the viewport while a shape is being drawn: adds the polygon's point (or closes it on
/// its first point), or places the point attachment aimed along +x. Returns whether it took the
/// click.
pub(super) fn click(editor: &mut Editor, press: Press) -> bool {
    let Some(drawing) = editor.shape_drawing() else {
        return false;
    };
    if drawing.kind == AttachmentKind::Point {
        editor.place_point(press.point, None);
    } else if editor.closes_shape_at(press.point) {
        editor.close_shape();
    } else {
        editor.add_shape_point(press.point);
    }
    true
}
