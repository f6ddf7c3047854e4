//! The Cut tool (Weights mode, with Cut on): a drag draws a cut along where two limbs touch; the
//! release adds it, simplified, and recomputes the weights in the drag's one undo step
//! ([`crate::cutting::add_cut`]). Esc drops the stroke.

use glam::DVec2;

pub use super::drag_state::CutDrag;
use super::{Press, Tool};
use crate::cutting;
use crate::editor::Editor;
use crate::outcome::IntoOutcome;

/// Pointer positions closer than this to the last one kept are not recorded (image px).
const MIN_STEP: f64 = 0.5;

impl Tool for CutDrag {
    fn start(_editor: &mut Editor, press: Press) -> Option<Self> {
        Some(Self {
            points: vec![press.point],
        })
    }

    fn drag_to(&mut self, _editor: &mut Editor, point: DVec2) {
        if self
            .points
            .last()
            .is_none_or(|p| p.distance(point) >= MIN_STEP)
        {
            self.points.push(point);
        }
    }

    fn finish(self, editor: &mut Editor) {
        let points: Vec<[f64; 2]> = self.points.iter().map(|p| p.to_array()).collect();
        cutting::add_cut(editor, &points).into_outcome(editor);
    }

    fn cancel(self, _editor: &mut Editor) {}
}
