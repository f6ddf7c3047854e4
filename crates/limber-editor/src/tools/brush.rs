//! The weight brush tool (Weights mode): a drag paints the selected bone's weights with the brush's
//! settings ([`crate::weighting::paint`]), one dab where it starts and one at each pointer position; the whole
//! stroke is one undo step. Without a selected bone nothing starts.

use glam::DVec2;

pub use super::drag_state::BrushStroke;
use super::{Press, Tool};
use crate::editor::Editor;
use crate::outcome::IntoOutcome;
use crate::weighting;

impl Tool for BrushStroke {
    fn start(editor: &mut Editor, press: Press) -> Option<Self> {
        editor.selection().bone()?;
        weighting::paint(editor, press.point).into_outcome(editor);
        Some(Self { dabs: 1 })
    }

    fn drag_to(&mut self, editor: &mut Editor, point: DVec2) {
        weighting::paint(editor, point).into_outcome(editor);
        self.dabs += 1;
    }

    fn finish(self, _editor: &mut Editor) {}

    fn cancel(self, _editor: &mut Editor) {}
}
