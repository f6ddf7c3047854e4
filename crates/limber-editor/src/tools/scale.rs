//! The scale tool (Animate mode, S): drag a bone to scale it along its length and across it, keyed
//! at the playhead of the current clip. Each factor changes by the ratio of the pointer's offset
//! from the posed head, projected on that axis, now to at the press; with Shift held both follow
//! the along-the-length ratio (uniform). The bone pressed (else the selected one) becomes the
//! selected bone; a press on one of several selected bones scales each of them by the same ratios.

use glam::DVec2;
use limber_core::animation::clip::MAX_KEY_SCALE;

pub use super::drag_state::ScaleDrag;
use super::{Press, Tool};
use crate::bone_keys::{self, KeyedChannels};
use crate::editor::Editor;

impl Tool for ScaleDrag {
    fn start(editor: &mut Editor, press: Press) -> Option<Self> {
        let frame = editor.frame()?;
        let bone = editor
            .rig()
            .bone_at(&frame.palette, press.point, editor.bone_reach())
            .or(editor.selection().bone())?;
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
        let (selection_before, others) = super::grab_bone(editor, bone);
        let others = others
            .into_iter()
            .map(|b| (b, editor.bone_keys(b).scale()))
            .collect();
        Some(Self {
            bone,
            head,
            along,
            across,
            start_along: arm(along),
            start_across: arm(across),
            start_scale: editor.bone_keys(bone).scale(),
            uniform: press.shift,
            others,
            selection_before,
        })
    }

    fn drag_to(&mut self, editor: &mut Editor, point: DVec2) {
        let scale = self.scale_at(point);
        let _ = bone_keys::key_channels(editor.step(), self.bone, KeyedChannels::scale(scale));
        // The same ratios for the others (a start of 0 keeps its factor).
        let ratio = |now: f64, start: f64| if start == 0.0 { 1.0 } else { now / start };
        let ratios = [
            ratio(scale[0], self.start_scale[0]),
            ratio(scale[1], self.start_scale[1]),
        ];
        for &(bone, [x, y]) in &self.others {
            let scaled = |s: f64, r: f64| (s * r).clamp(-MAX_KEY_SCALE, MAX_KEY_SCALE);
            let scale = [scaled(x, ratios[0]), scaled(y, ratios[1])];
            let _ = bone_keys::key_channels(editor.step(), bone, KeyedChannels::scale(scale));
        }
    }

    fn finish(self, _editor: &mut Editor) {}

    fn cancel(self, editor: &mut Editor) {
        editor.selection = self.selection_before;
    }
}
