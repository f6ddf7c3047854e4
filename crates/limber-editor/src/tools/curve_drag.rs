//! The curve editor's drag as a [`Tool`]: a press on a key point drags that key (its time moves the
//! bone's whole key, its value only the channel grabbed), a press on a handle of the selected key
//! reshapes that channel's Bézier curve and no other. The points are screen points in the graph as
//! last drawn ([`crate::curves::GraphFrame`]); the panel only forwards its pointer events here.
//!
//! What a press picks is [`Curves::hit`](crate::curve_graph::Curves::hit); the edits are
//! `curve_edits.rs`'s. [`Editor::press_curve`] starts it in the tools' one dispatch, which owns the undo step as for the
//! viewport's drags: it opens at the press, one drag is one undo step, and Esc puts the document
//! back exactly, leaving no step.

use glam::DVec2;

use super::{Drag, Press, Tool};
use crate::curve_edits;
use crate::curves::CurveView;
use crate::editor::Editor;

pub use crate::curves::{CurveDrag, CurveHit};

/// How far from a key point or handle a press still picks it (screen points).
pub const PICK_RADIUS: f64 = 7.0;

impl Tool for CurveDrag {
    /// `press.point` is the screen point in the graph.
    fn start(editor: &mut Editor, press: Press) -> Option<Self> {
        let frame = editor.curves.frame?;
        let curves = editor.curves();
        let hit = curves.hit(press.point)?;
        let start = curves.hit_point(&hit)?;
        let key = hit.key().clone();
        editor.curves.selected = Some(key.clone());
        Some(CurveDrag {
            hit,
            key,
            from: frame.to_graph(press.point),
            start,
        })
    }

    fn drag_to(&mut self, editor: &mut Editor, point: DVec2) {
        let Some(frame) = editor.curves.frame else {
            return;
        };
        let to = self.start + (frame.to_graph(point) - self.from);
        match self.hit {
            CurveHit::Key(_) => {
                // Refused (a key gone, an edit the document refuses): the key stays where it is.
                if let Ok(moved) = curve_edits::move_key(editor.step(), &self.key, to.x, to.y) {
                    editor.curves.selected = Some(moved.clone());
                    self.key = moved;
                }
            }
            CurveHit::Handle(_, which) => {
                // Refused: the curve keeps its shape.
                let _ = curve_edits::drag_handle(editor.step(), &self.key, which, to);
            }
        }
    }

    fn finish(self, _editor: &mut Editor) {}

    fn cancel(self, editor: &mut Editor) {
        editor.curves.selected = Some(self.hit.key().clone());
    }
}

impl Editor {
    /// A press at screen point `at` in the graph began to drag: picks a key point (selecting it)
    /// or a handle and starts its drag (and its undo step) in the tools' dispatch; the moves,
    /// release and Esc are then [`Editor::drag_to`] (screen points), [`Editor::release`] and
    /// [`Editor::cancel_drag`]. Returns whether a drag started.
    pub fn press_curve(&mut self, at: DVec2) -> bool {
        self.cancel_drag();
        let drag = super::start(self, Press::at(at), |d| Drag::Curve(Box::new(d)));
        *self.tools.drag_slot() = drag;
        self.tools().drag().is_some()
    }

    /// A click (no drag) at screen point `at`: the primary or secondary button selects the key
    /// point there; on a handle the selection stays; elsewhere none is selected.
    pub fn click_curve(&mut self, at: DVec2) {
        let selected = match self.curves().hit(at) {
            Some(CurveHit::Key(key)) => Some(key),
            Some(CurveHit::Handle(..)) => self.curves.selected.clone(),
            None => None,
        };
        self.curves.selected = selected;
    }

    /// Pans the graph's values by `points` screen points down (a middle-button drag).
    pub fn pan_curve_values(&mut self, points: f64) {
        let (Some(view), Some(frame)) = (self.curves.view, self.curves.frame) else {
            return;
        };
        let [v0, v1] = view.value;
        let shift = points * (v1 - v0) / (frame.max.y - frame.min.y);
        self.curves.set_view_drawn(CurveView {
            value: [v0 + shift, v1 + shift],
            ..view
        });
    }

    /// Zooms the graph's values by `factor` about the value under screen point `at` (the wheel).
    pub fn zoom_curve_values(&mut self, at: DVec2, factor: f64) {
        let (Some(view), Some(frame)) = (self.curves.view, self.curves.frame) else {
            return;
        };
        let [v0, v1] = view.value;
        let pivot = frame.to_graph(at).y;
        self.curves.set_view_drawn(CurveView {
            value: [pivot + (v0 - pivot) * factor, pivot + (v1 - pivot) * factor],
            ..view
        });
    }
}

#[cfg(test)]
#[path = "curve_drag_tests.rs"]
mod tests;
