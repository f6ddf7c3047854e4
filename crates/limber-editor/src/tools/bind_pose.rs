//! The bind-pose tool (Bones mode): with a bone selected, a press on its head or tail handle, or on
//! its body, drags that end (or the whole bone) in the rest pose. The bones attached at its tail
//! follow rigidly (a whole-bone drag takes its whole subtree), unless Alt is held at the press. The
//! document shows the moved bones while dragging; the release recomputes the weights in the same
//! undo step. A press anywhere else declines, and the bone tool draws a new bone instead.

use glam::DVec2;

pub use super::drag_state::{BindPoseDrag, Handle};
use super::{Press, Tool};
use crate::bind_pose::{self, bone_moves};
use crate::commands::Outcome;
use crate::editor::Editor;
use crate::outcome::IntoOutcome;
use limber_core::distance::segment_distance;

/// How near (screen points) a press must be to the selected bone's head or tail to grab it (the
/// handles are drawn this size).
pub const HANDLE_REACH: f64 = 6.0;
/// How near (screen points) a press must be to the selected bone's body to grab the whole bone: a
/// press a little further off draws a new bone as before.
pub const BODY_REACH: f64 = 4.0;

impl BindPoseDrag {
    /// The handle of the selected bone under `point` (image pixels): the nearer of head and tail
    /// within [`HANDLE_REACH`] screen points, else the body within [`BODY_REACH`].
    pub fn handle_at(editor: &Editor, point: DVec2) -> Option<(usize, Handle)> {
        let bone = editor.selection().bone()?;
        let b = editor.document.project.rig.skeleton.bones.get(bone)?;
        let zoom = editor.view().camera().zoom;
        let (head, tail) = (b.head(), b.tail());
        let (to_head, to_tail) = ((point - head).length(), (point - tail).length());
        if to_head.min(to_tail) <= HANDLE_REACH / zoom {
            let handle = if to_tail <= to_head {
                Handle::Tail
            } else {
                Handle::Head
            };
            return Some((bone, handle));
        }
        let body = segment_distance(point.to_array(), head.to_array(), tail.to_array());
        (body <= BODY_REACH / zoom).then_some((bone, Handle::Body))
    }
}

impl Tool for BindPoseDrag {
    fn start(editor: &mut Editor, press: Press) -> Option<Self> {
        let (bone, handle) = Self::handle_at(editor, press.point)?;
        let b = editor.document.project.rig.skeleton.bones.get(bone)?;
        Some(Self {
            bone,
            handle,
            from: press.point,
            head: b.head(),
            tail: b.tail(),
            alone: press.alt,
            moved: false,
            start: editor.document.project.rig.skeleton.bones.clone(),
        })
    }

    fn drag_to(&mut self, editor: &mut Editor, point: DVec2) {
        let delta = point - self.from;
        let (head, tail) = match self.handle {
            Handle::Head => (self.head + delta, self.tail),
            Handle::Tail => (self.head, self.tail + delta),
            Handle::Body => (self.head + delta, self.tail + delta),
        };
        if (tail - head).length() < 1e-6 {
            return;
        }
        // Absolute moves from the rest pose the drag began at, so the followers are the bones
        // attached then, wherever the pointer has been since.
        let moves = bone_moves(&self.start, self.bone, head, tail, self.alone);
        if bind_pose::apply_bone_moves(editor, &moves).into_outcome(editor) == Outcome::Done {
            self.moved = true;
        }
    }

    fn finish(self, editor: &mut Editor) {
        if self.moved {
            editor.recompute_weights();
        }
    }

    fn cancel(self, _editor: &mut Editor) {}
}
