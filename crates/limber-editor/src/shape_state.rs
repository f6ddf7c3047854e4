//! The attachment shape tools' state, not saved: the bounding-box, clipping or point attachment
//! being drawn (its slot, its points so far in view pixels, a clip's chosen end slot) and the
//! polygon or point attachment selected for editing. What the tools do with it is
//! `attachment_shapes.rs` and `tools/polygon.rs`.

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

    pub(crate) fn drawing_mut(&mut self) -> Option<&mut Drawing> {
        self.drawing.as_mut()
    }

    pub(crate) fn set_drawing(&mut self, drawing: Option<Drawing>) {
        self.drawing = drawing;
    }

    /// The attachment selected for editing (it may have been removed since: check it).
    pub fn selected(&self) -> Option<&ShapeRef> {
        self.selected.as_ref()
    }

    pub(crate) fn set_selected(&mut self, selected: Option<ShapeRef>) {
        self.selected = selected;
    }
}
