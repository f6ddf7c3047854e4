//! Editing a path constraint's curve in the viewport: while the path inspector's "Edit points" is
//! on, the path's anchors and handles are drawn as handles, and a press on one drags it (Bones and
//! Animate modes, ahead of the mode's own tool). An anchor carries its two handles with it, so the
//! curve keeps its shape through the anchor; a handle moves alone. The points are the path's rest
//! shape, in canvas pixels: in Animate mode the pointer is taken back through the carrying bone's
//! pose, so the point stays under the pointer. One drag is one undo step; Esc puts the path back.

use glam::{DAffine2, DVec2};

pub use super::drag_state::PathPointDrag;
use super::{Press, Tool};
use crate::editor::Editor;
use crate::outcome::IntoOutcome;
use crate::rigging;

/// How near (screen points) a press must be to a path point to grab it.
const POINT_REACH: f64 = 8.0;

/// The index of the path whose points are being edited, while "Edit points" is on and the path
/// exists (found by name: deleting, adding or undoing other paths does not change which).
pub fn edited_path(editor: &Editor) -> Option<usize> {
    let name = editor.tools().editing_path()?;
    let paths = &editor.document().project.rig.paths;
    paths.iter().position(|p| p.name == name)
}

/// The path being edited: its index, the carrying bone's skinning matrix as drawn (rest → view)
/// and its points at rest.
fn edited(editor: &Editor) -> Option<(usize, DAffine2, Vec<[f64; 2]>)> {
    let index = edited_path(editor)?;
    let path = editor.document().project.rig.paths.get(index)?;
    let carry = *editor.frame()?.palette.get(path.path_bone)?;
    Some((index, carry, path.points.clone()))
}

/// The point of `points` (drawn through `carry`) nearest `at` within `reach`; anchors win a tie
/// with their handles (a handle pulled onto its anchor can still be moved by the anchor).
pub fn point_near(points: &[[f64; 2]], carry: &DAffine2, at: DVec2, reach: f64) -> Option<usize> {
    points
        .iter()
        .enumerate()
        .map(|(i, p)| (i, carry.transform_point2(DVec2::from(*p)).distance(at)))
        .filter(|&(_, d)| d <= reach)
        .min_by(|a, b| {
            let anchor_first = |i: usize| if i % 3 == 1 { 0 } else { 1 };
            a.1.total_cmp(&b.1)
                .then(anchor_first(a.0).cmp(&anchor_first(b.0)))
        })
        .map(|(i, _)| i)
}

/// `points` with point `index` moved to `to` (rest pixels): an anchor takes its handles along.
pub fn moved_points(points: &[[f64; 2]], index: usize, to: DVec2) -> Vec<[f64; 2]> {
    let mut out = points.to_vec();
    let Some(&from) = points.get(index) else {
        return out;
    };
    let shift = to - DVec2::from(from);
    let moved: Vec<usize> = if index % 3 == 1 {
        vec![index - 1, index, index + 1]
    } else {
        vec![index]
    };
    for i in moved {
        if let Some(p) = out.get_mut(i) {
            *p = (DVec2::from(*p) + shift).to_array();
        }
    }
    out
}

impl Tool for PathPointDrag {
    fn start(editor: &mut Editor, press: Press) -> Option<Self> {
        let (path, carry, points) = edited(editor)?;
        let reach = POINT_REACH / editor.view().camera().zoom;
        let point = point_near(&points, &carry, press.point, reach)?;
        let drawn = carry.transform_point2(DVec2::from(points[point]));
        Some(Self {
            path,
            point,
            grab: (press.point - drawn).to_array(),
        })
    }

    fn drag_to(&mut self, editor: &mut Editor, point: DVec2) {
        let Some((path, carry, points)) = edited(editor).filter(|(p, ..)| *p == self.path) else {
            return;
        };
        // A carrier scaled to nothing has no way back to rest: the point stays.
        if carry.matrix2.determinant().abs() < 1e-12 {
            return;
        }
        let drawn = point - DVec2::from(self.grab);
        let rest = carry.inverse().transform_point2(drawn);
        let mut records = editor.rig().constraint_records();
        let Some(record) = records.paths.get_mut(path) else {
            return;
        };
        record.path.points = moved_points(&points, self.point, rest);
        rigging::set_constraints(&mut editor.document, records).into_outcome(editor);
    }

    fn finish(self, editor: &mut Editor) {
        let Some(record) = editor.document().project.rig.paths.get(self.path) else {
            return;
        };
        let what = if self.point % 3 == 1 {
            "anchor"
        } else {
            "handle"
        };
        editor.status = format!("path \"{}\": {what} moved", record.name);
    }

    fn cancel(self, _editor: &mut Editor) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two anchors with their handles.
    const POINTS: [[f64; 2]; 6] = [
        [-10.0, 0.0],
        [0.0, 0.0],
        [10.0, 0.0],
        [90.0, 0.0],
        [100.0, 0.0],
        [110.0, 0.0],
    ];

    #[test]
    fn an_anchor_carries_its_handles_and_a_handle_moves_alone() {
        let anchor = moved_points(&POINTS, 4, DVec2::new(100.0, 20.0));
        assert_eq!(&anchor[3..], &[[90.0, 20.0], [100.0, 20.0], [110.0, 20.0]]);
        assert_eq!(&anchor[..3], &POINTS[..3]);
        let handle = moved_points(&POINTS, 2, DVec2::new(15.0, 5.0));
        assert_eq!(handle[2], [15.0, 5.0]);
        assert_eq!(handle[1], POINTS[1]);
        assert_eq!(moved_points(&POINTS, 9, DVec2::ZERO), POINTS.to_vec());
    }

    #[test]
    fn the_nearest_point_within_reach_is_grabbed_through_the_carrier() {
        let identity = DAffine2::IDENTITY;
        assert_eq!(
            point_near(&POINTS, &identity, DVec2::new(98.0, 1.0), 5.0),
            Some(4)
        );
        assert_eq!(
            point_near(&POINTS, &identity, DVec2::new(50.0, 0.0), 5.0),
            None
        );
        // The carrier moved 200 px right: the same point is grabbed where it is drawn.
        let carried = DAffine2::from_translation(DVec2::new(200.0, 0.0));
        assert_eq!(
            point_near(&POINTS, &carried, DVec2::new(309.0, 0.0), 5.0),
            Some(5)
        );
        // A handle on its anchor: the anchor wins.
        let mut stacked = POINTS;
        stacked[5] = stacked[4];
        assert_eq!(
            point_near(&stacked, &identity, DVec2::new(100.0, 0.0), 5.0),
            Some(4)
        );
    }
}
