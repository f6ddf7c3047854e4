//! The rotation-limit tool (Bones mode): the selected bone's limit is drawn as an arc at its head
//! with a handle at each end; dragging a handle sets that end of the limit to the pointer's
//! direction (the other end stays; min never passes max). One drag is one undo step.

use glam::DVec2;

pub use super::drag_state::{LimitDrag, LimitEnd};
use super::{Press, Tool};
use crate::editor::Editor;
use crate::outcome::IntoOutcome;
use crate::rigging;

/// How near (screen points) a press must be to a limit handle to grab it.
const HANDLE_REACH: f64 = 8.0;

impl Tool for LimitDrag {
    fn start(editor: &mut Editor, press: Press) -> Option<Self> {
        let bone = editor.selection().bone()?;
        let arc = editor.rig().limit_arc(&editor.frame()?, bone)?;
        let reach = HANDLE_REACH / editor.view().camera().zoom;
        let near = |degrees: f64| arc.point_at(degrees).distance(press.point);
        let (to_min, to_max) = (near(arc.min), near(arc.max));
        let end = if to_min <= to_max && to_min <= reach {
            LimitEnd::Min
        } else if to_max <= reach {
            LimitEnd::Max
        } else {
            return None;
        };
        Some(Self { bone, end })
    }

    fn drag_to(&mut self, editor: &mut Editor, point: DVec2) {
        let Some(arc) = editor
            .frame()
            .and_then(|frame| editor.rig().limit_arc(&frame, self.bone))
        else {
            return;
        };
        let degrees = arc.degrees_toward(point);
        let mut records = editor.rig().constraint_records();
        let Some(limit) = records.limits.get_mut(arc.limit) else {
            return;
        };
        match self.end {
            LimitEnd::Min => limit.min = degrees.min(limit.max),
            LimitEnd::Max => limit.max = degrees.max(limit.min),
        }
        rigging::set_constraints(&mut editor.document, records).into_outcome(editor);
    }

    fn finish(self, editor: &mut Editor) {
        if let Some(arc) = editor
            .frame()
            .and_then(|frame| editor.rig().limit_arc(&frame, self.bone))
        {
            editor.status = format!("rotation limit {:.0}° to {:.0}°", arc.min, arc.max);
        }
    }

    fn cancel(self, _editor: &mut Editor) {}
}
