//! The bone tool (Bones mode): drag to draw a new bone from the selected bone's tail (or from the
//! press when none is selected) to the pointer; on release it is added as the selected bone's child
//! with automatic weights, one undo step. A drag shorter than a pixel adds nothing.

use glam::DVec2;

pub use super::drag_state::BoneDrag;
use super::{Press, Tool};
use crate::editor::Editor;
use crate::hierarchy;
use crate::outcome::IntoOutcome;

impl Tool for BoneDrag {
    fn start(editor: &mut Editor, press: Press) -> Option<Self> {
        let head = editor
            .selection()
            .bone()
            .and_then(|b| editor.document.project.rig.skeleton.bones.get(b))
            .map_or(press.point, |b| b.tail());
        Some(Self {
            head,
            tail: press.point,
        })
    }

    fn drag_to(&mut self, _editor: &mut Editor, point: DVec2) {
        self.tail = point;
    }

    fn finish(self, editor: &mut Editor) {
        if (self.tail - self.head).length() > 1.0 {
            hierarchy::add_bone(editor, self.head, self.tail).into_outcome(editor);
        }
    }

    fn cancel(self, _editor: &mut Editor) {}
}
