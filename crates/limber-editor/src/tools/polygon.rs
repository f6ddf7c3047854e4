//! The attachment shape tools in the viewport (any mode): while a bounding box or clipping polygon
//! is being drawn, a press adds a point (held, it follows the pointer) or, on the first point,
//! closes the polygon; while a point attachment is being drawn, a press places it and dragging aims
//! it, and the release adds it (one undo step). Otherwise a press on a handle of the shape selected
//! for editing drags it (one undo step): a polygon's point, or a point attachment's position or the
//! tip of its direction line (its aim). Esc drops a drawing, or puts a dragged
//! point back. The actions themselves are `attachment_shapes.rs`; a
//! refused one says why in the status through [`IntoOutcome`].

use glam::DVec2;
use limber_core::slots::AttachmentKind;

pub use super::drag_state::ShapeDrag;
use super::{Drag, Press, Tool, start};
use crate::attachment_shapes;
use crate::editor::Editor;
use crate::outcome::IntoOutcome;

impl Tool for ShapeDrag {
    fn start(editor: &mut Editor, press: Press) -> Option<Self> {
        if let Some(drawing) = editor.tools.shapes().drawing() {
            if drawing.kind == AttachmentKind::Point {
                return Some(ShapeDrag::Aim {
                    at: press.point,
                    toward: None,
                });
            }
            editor.tools.shapes_mut().add_point(press.point);
            return Some(ShapeDrag::NewPoint);
        }
        let (shape, index, drawn) = attachment_shapes::handle_at(editor, press.point)?;
        Some(ShapeDrag::Vertex {
            shape,
            index,
            offset: drawn - press.point,
        })
    }

    fn drag_to(&mut self, editor: &mut Editor, point: DVec2) {
        match self {
            ShapeDrag::NewPoint => editor.tools.shapes_mut().move_last_point(point),
            ShapeDrag::Aim { toward, .. } => *toward = Some(point),
            ShapeDrag::Vertex {
                shape,
                index,
                offset,
            } => {
                let moved = attachment_shapes::move_vertex(editor, shape, *index, point + *offset);
                moved.into_outcome(editor);
            }
        }
    }

    fn finish(self, editor: &mut Editor) {
        match self {
            ShapeDrag::NewPoint => {}
            ShapeDrag::Aim { at, toward } => {
                attachment_shapes::place_point(editor, at, toward).into_outcome(editor);
            }
            ShapeDrag::Vertex { shape, .. } => {
                editor.set_status(format!("moved a point of {}", shape.attachment));
            }
        }
    }

    fn cancel(self, editor: &mut Editor) {
        if !matches!(self, ShapeDrag::Vertex { .. }) {
            attachment_shapes::cancel(editor);
        }
    }
}

/// A press in the viewport while a shape is being drawn or on a handle of the selected polygon:
/// `Some` with the drag it started (or none: the polygon was closed) when a shape tool took it,
/// `None` when the mode's tool should have it.
pub(super) fn press(editor: &mut Editor, press: Press) -> Option<Option<Drag>> {
    if attachment_shapes::closes_at(editor, press.point) {
        attachment_shapes::close(editor).into_outcome(editor);
        return Some(None);
    }
    if editor.tools.shapes().drawing().is_some()
        || attachment_shapes::handle_at(editor, press.point).is_some()
    {
        return Some(start(editor, press, Drag::Shape));
    }
    None
}

/// A click in the viewport while a shape is being drawn: adds the polygon's point (or closes it on
/// its first point), or places the point attachment aimed along +x. Returns whether it took the
/// click.
pub(super) fn click(editor: &mut Editor, press: Press) -> bool {
    let Some(drawing) = editor.tools.shapes().drawing() else {
        return false;
    };
    if drawing.kind == AttachmentKind::Point {
        attachment_shapes::place_point(editor, press.point, None).into_outcome(editor);
    } else if attachment_shapes::closes_at(editor, press.point) {
        attachment_shapes::close(editor).into_outcome(editor);
    } else {
        editor.tools.shapes_mut().add_point(press.point);
    }
    true
}
