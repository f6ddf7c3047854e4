//! The attachment shape tools' state, not saved: the bounding-box, clipping or point attachment
//! being drawn (its slot, its points so far in view pixels, a clip's chosen end slot) and the
//! polygon or point attachment selected for editing. The drawing's own edits (a point added or
//! moved, a clip's end chosen) are here; what the tools do with it is `attachment_shapes.rs` and
//! `tools/polygon.rs`.

use glam::DVec2;
use limber_core::slots::AttachmentKind;

/// An attachment being drawn in the viewport.
#[derive(Debug, Clone, PartialEq)]
pub struct Drawing {
    /// The slot it will be added to.
    pub slot: String,
    /// Bounding box, clipping or point.
    pub kind: AttachmentKind,
    /// The polygon's points so far, in view pixels (posed when animating); the last one follows
    /// the pointer while its press is held.
    pub points: Vec<DVec2>,
    /// A clipping attachment's end slot (the slot in front of its own unless chosen).
    pub end: Option<String>,
}

/// One attachment of one slot, by name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShapeRef {
    pub slot: String,
    pub attachment: String,
}

/// The shape tools' state.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ShapeState {
    drawing: Option<Drawing>,
    selected: Option<ShapeRef>,
}

impl ShapeState {
    /// The attachment being drawn, if any.
    pub fn drawing(&self) -> Option<&Drawing> {
        self.drawing.as_ref()
    }

    pub(crate) fn set_drawing(&mut self, drawing: Option<Drawing>) {
        self.drawing = drawing;
    }

    /// Drops the drawing, returning it.
    pub(crate) fn take_drawing(&mut self) -> Option<Drawing> {
        self.drawing.take()
    }

    /// Chooses the end slot of the clipping attachment being drawn.
    pub(crate) fn set_drawing_end(&mut self, end: &str) {
        if let Some(drawing) = &mut self.drawing {
            drawing.end = Some(end.to_string());
        }
    }

    /// Adds a point (view pixels) to the polygon being drawn.
    pub(crate) fn add_point(&mut self, point: DVec2) {
        if let Some(drawing) = &mut self.drawing {
            drawing.points.push(point);
        }
    }

    /// Moves the polygon's last point (the one whose press is held) to `point`.
    pub(crate) fn move_last_point(&mut self, point: DVec2) {
        if let Some(last) = self.drawing.as_mut().and_then(|d| d.points.last_mut()) {
            *last = point;
        }
    }

    /// The attachment selected for editing (it may have been removed since: check it).
    pub fn selected(&self) -> Option<&ShapeRef> {
        self.selected.as_ref()
    }

    pub(crate) fn set_selected(&mut self, selected: Option<ShapeRef>) {
        self.selected = selected;
    }
}
