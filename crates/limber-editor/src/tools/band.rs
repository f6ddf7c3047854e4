//! The bone rubber band (Animate and Bones modes, Ctrl + drag): a rectangle from the press to the
//! pointer; on release the bones whose drawn head or tail lies inside it are selected (added to the
//! selection when Shift was held at the press). The document does not change; Esc puts the
//! selection back as it was.

use glam::DVec2;

pub use super::drag_state::BandDrag;
use super::{Press, Tool};
use crate::editor::Editor;

impl BandDrag {
    /// The bones whose drawn head or tail lies inside the band.
    pub fn bones_inside(&self, editor: &Editor) -> Vec<usize> {
        let (lo, hi) = (self.start.min(self.end), self.start.max(self.end));
        let inside = |p: DVec2| p.cmpge(lo).all() && p.cmple(hi).all();
        let palette = editor.palette();
        editor
            .document
            .project
            .rig
            .skeleton
            .bones
            .iter()
            .enumerate()
            .filter(|(i, bone)| {
                let m = palette.get(*i).copied().unwrap_or_default();
                inside(m.transform_point2(bone.head())) || inside(m.transform_point2(bone.tail()))
            })
            .map(|(i, _)| i)
            .collect()
    }
}

impl Tool for BandDrag {
    fn start(editor: &mut Editor, press: Press) -> Option<Self> {
        press.ctrl.then(|| Self {
            start: press.point,
            end: press.point,
            add: press.shift,
            selection_before: editor.selection().clone(),
        })
    }

    fn drag_to(&mut self, _editor: &mut Editor, point: DVec2) {
        self.end = point;
    }

    fn finish(self, editor: &mut Editor) {
        let inside = self.bones_inside(editor);
        let bones: Vec<usize> = if self.add {
            let before = self.selection_before.bones().iter().copied();
            before.chain(inside).collect()
        } else {
            inside
        };
        editor.selection.set_bones(bones);
        let count = editor.selection().bones().len();
        editor.status = format!("{count} bone{} selected", if count == 1 { "" } else { "s" });
    }

    fn cancel(self, editor: &mut Editor) {
        editor.selection = self.selection_before;
    }
}
