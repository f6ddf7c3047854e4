//! The curve editor's drag as a [`Tool`]: a press on a key point drags that key (its time moves the
//! bone's whole key, its value only the channel grabbed), a press on a handle of the selected key
//! reshapes that channel's Bézier curve and no other. The points are screen points in the graph as
//! last drawn ([`crate::curves::GraphFrame`]); the panel only forwards its pointer events here.
//!
//! [`Editor::press_curve`] starts it in the tools' one dispatch, which owns the undo step as for the
//! viewport's drags: it opens at the press, one drag is one undo step, and Esc puts the document
//! back exactly, leaving no step.

use glam::DVec2;

use super::{Drag, Press, Tool};
use crate::curves::{Curve, CurveKeyId, CurveView};
use crate::editor::Editor;

pub use crate::curves::{CurveDrag, CurveHit};

/// How far from a key point or handle a press still picks it (screen points).
pub const PICK_RADIUS: f64 = 7.0;

impl Tool for CurveDrag {
    /// `press.point` is the screen point in the graph.
    fn start(editor: &mut Editor, press: Press) -> Option<Self> {
        let frame = editor.curves.frame?;
        let hit = editor.curve_hit(press.point)?;
        let start = editor.hit_point(&hit)?;
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
                if let Some(moved) = editor.move_curve_key(&self.key, to.x, to.y) {
                    editor.curves.selected = Some(moved.clone());
                    self.key = moved;
                }
            }
            CurveHit::Handle(_, which) => editor.drag_handle(&self.key, which, to),
        }
    }

    fn finish(self, _editor: &mut Editor) {}

    fn cancel(self, editor: &mut Editor) {
        editor.curves.selected = Some(self.hit.key().clone());
    }
}

impl Editor {
    /// What is under screen point `at` in the graph as last drawn: a handle of the selected key
    /// first, then the nearest key point within [`PICK_RADIUS`].
    pub fn curve_hit(&self, at: DVec2) -> Option<CurveHit> {
        let frame = self.curves.frame?;
        let curves = self.curves().ok()?;
        let near = |p: DVec2| {
            let d = frame.to_screen(p).distance(at);
            (d <= PICK_RADIUS).then_some(d)
        };
        for curve in &curves {
            if let Some(i) = self.selected_curve_key(curve)
                && let Some(handles) = curve.handles(i)
            {
                for (which, h) in handles.iter().enumerate() {
                    if near(*h).is_some() {
                        return Some(CurveHit::Handle(id(curve, curve.keys[i].time), which));
                    }
                }
            }
        }
        curves
            .iter()
            .flat_map(|c| c.keys.iter().map(move |k| (c, k)))
            .filter_map(|(c, k)| near(DVec2::new(k.time, k.value)).map(|d| (d, id(c, k.time))))
            .min_by(|a, b| a.0.total_cmp(&b.0))
            .map(|(_, key)| CurveHit::Key(key))
    }

    /// The graph point of what `hit` picked, now.
    fn hit_point(&self, hit: &CurveHit) -> Option<DVec2> {
        let curves = self.curves().ok()?;
        let (key, handle) = match hit {
            CurveHit::Key(key) => (key, None),
            CurveHit::Handle(key, which) => (key, Some(*which)),
        };
        let curve = curves
            .iter()
            .find(|c| c.bone == key.bone && c.channel == key.channel)?;
        let i = curve.key_index(key.time)?;
        match handle {
            None => Some(DVec2::new(key.time, curve.keys[i].value)),
            Some(which) => curve.handles(i).map(|h| h[which]),
        }
    }

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
        let selected = match self.curve_hit(at) {
            Some(CurveHit::Key(key)) => Some(key),
            Some(CurveHit::Handle(..)) => self.curves.selected.clone(),
            None => None,
        };
        self.select_curve_key(selected);
    }

    /// Pans the graph's values by `points` screen points down (a middle-button drag).
    pub fn pan_curve_values(&mut self, points: f64) {
        let (Some(view), Some(frame)) = (self.curves.view, self.curves.frame) else {
            return;
        };
        let [v0, v1] = view.value;
        let shift = points * (v1 - v0) / (frame.max.y - frame.min.y);
        self.set_curve_view_drawn(CurveView {
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
        self.set_curve_view_drawn(CurveView {
            value: [pivot + (v0 - pivot) * factor, pivot + (v1 - pivot) * factor],
            ..view
        });
    }

    /// Sets the view and the drawn frame's view with it (so picks this frame use the new mapping).
    fn set_curve_view_drawn(&mut self, view: CurveView) {
        self.curves.view = Some(view);
        if let Some(frame) = self.curves.frame.as_mut() {
            frame.view = view;
        }
    }
}

fn id(curve: &Curve, time: f64) -> CurveKeyId {
    CurveKeyId {
        bone: curve.bone.clone(),
        time,
        channel: curve.channel,
    }
}

#[cfg(test)]
#[path = "curve_drag_tests.rs"]
mod tests;
