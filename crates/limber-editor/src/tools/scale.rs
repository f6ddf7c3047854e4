//! The scale tool (Animate mode, S): drag a bone to scale it along its length and across it, keyed
//! at the playhead of the current clip. Each factor changes by the ratio of the pointer's offset
//! from the posed head, projected on that axis, now to at the press; with Shift held both follow
//! the along-the-length ratio (uniform). The bone pressed (else the selected one) becomes the
//! selected bone.

use glam::DVec2;
use limber_core::animation::clip::MAX_KEY_SCALE;

use super::{Press, Tool};
use crate::editor::Editor;

/// The smallest ratio a drag scales by: the bone shrinks towards, but never through, its head.
const MIN_RATIO: f64 = 0.01;

/// A bone being scaled.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ScaleDrag {
    pub bone: usize,
    /// The posed head (fixed while scaling) and the unit axes along and across the bone, in image
    /// pixels.
    head: DVec2,
    along: DVec2,
    across: DVec2,
    /// The press's offset from the head on each axis; `None` when it is too near the head on that
    /// axis for a ratio (that factor stays).
    start_along: Option<f64>,
    start_across: Option<f64>,
    /// The keyed scale when the drag began.
    start_scale: [f64; 2],
    uniform: bool,
    /// The selected bone before the press (put back when the drag is cancelled).
    selected_before: Option<usize>,
}

impl ScaleDrag {
    /// The scale the pointer at `point` asks for.
    pub fn scale_at(&self, point: DVec2) -> [f64; 2] {
        let offset = point - self.head;
        let ratio = |start: Option<f64>, axis: DVec2| {
            start.map_or(1.0, |s| (offset.dot(axis) / s).max(MIN_RATIO))
        };
        let along = ratio(self.start_along, self.along);
        let across = if self.uniform {
            along
        } else {
            ratio(self.start_across, self.across)
        };
        let scaled = |start: f64, r: f64| (start * r).clamp(-MAX_KEY_SCALE, MAX_KEY_SCALE);
        [
            scaled(self.start_scale[0], along),
            scaled(self.start_scale[1], across),
        ]
    }
}

impl Tool for ScaleDrag {
    fn start(editor: &mut Editor, press: Press) -> Option<Self> {
        if editor.current_clip().is_none() {
            editor.status = "no clip to key: add one in the timeline".into();
            return None;
        }
        let frame = editor.frame()?;
        let bone = editor
            .bone_at(&frame.palette, press.point, editor.bone_reach())
            .or(editor.selected_bone)?;
        let world = frame.world.get(bone)?;
        let along = world.matrix2.x_axis.try_normalize()?;
        let across = along.perp();
        let head = world.translation;
        // Nearer the head than half a pick's reach on an axis, a ratio would jump: that factor stays.
        let least = editor.bone_reach() / 2.0;
        let arm = |axis: DVec2| {
            let d = (press.point - head).dot(axis);
            (d.abs() >= least).then_some(d)
        };
        let selected_before = editor.selected_bone;
        editor.selected_bone = Some(bone);
        Some(Self {
            bone,
            head,
            along,
            across,
            start_along: arm(along),
            start_across: arm(across),
            start_scale: editor.keyed_scale(bone),
            uniform: press.shift,
            selected_before,
        })
    }

    fn drag_to(&mut self, editor: &mut Editor, point: DVec2) {
        let scale = self.scale_at(point);
        editor.key_scale(self.bone, scale);
    }

    fn finish(self, _editor: &mut Editor) {}

    fn cancel(self, editor: &mut Editor) {
        editor.selected_bone = self.selected_before;
    }
}
