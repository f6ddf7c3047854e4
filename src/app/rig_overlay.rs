//! Constraints drawn over the view: each IK chain (its bones traced, a dashed line from the tip to
//! the target and a ring on the target), look-at and child-of links (dashed lines from the bone to
//! its target), each path constraint's curve as its carrying bone moves it (anchors dotted; the
//! path being edited with its anchors as squares and its handles on their lines, to drag), and
//! the selected bone's rotation limit as an arc at its head with a handle at each
//! end (drag a handle in Bones mode to set that end).

use eframe::egui::{self, Color32, Pos2, Stroke};
use glam::DVec2;

use crate::core::animation::{FollowKind, PathConstraint};
use crate::core::frame::Frame;
use limber_editor::editor::Editor;
use limber_editor::tools::path_point::edited_path;

const IK_COLOUR: Color32 = Color32::from_rgb(255, 170, 40);
const LOOK_AT_COLOUR: Color32 = Color32::from_rgb(80, 220, 255);
const CHILD_OF_COLOUR: Color32 = Color32::from_rgb(120, 230, 120);
const LIMIT_COLOUR: Color32 = Color32::from_rgb(255, 90, 200);
const PATH_COLOUR: Color32 = Color32::from_rgb(250, 240, 90);

/// Draws the rig's constraints for `frame`, with the view centred at `center` (screen points).
pub fn draw(painter: &egui::Painter, editor: &Editor, frame: &Frame, center: DVec2) {
    let camera = editor.view().camera();
    let screen = |p: DVec2| {
        let s = camera.to_screen(p, center);
        Pos2::new(s.x as f32, s.y as f32)
    };
    let rig = &editor.document().project.rig;
    let head = |bone: usize| frame.world.get(bone).map(|w| w.translation);
    let tail = |bone: usize| {
        let b = rig.skeleton.bones.get(bone)?;
        let w = frame.world.get(bone)?;
        Some(
            w.transform_point2(w.inverse().transform_point2(w.translation) + DVec2::X * b.length()),
        )
    };
    for ik in &rig.ik {
        for &bone in &ik.chain {
            if let (Some(a), Some(b)) = (head(bone), tail(bone)) {
                painter.line_segment([screen(a), screen(b)], Stroke::new(2.0, IK_COLOUR));
            }
        }
        let tip = ik.chain.last().and_then(|&b| tail(b));
        if let (Some(tip), Some(target)) = (tip, head(ik.target)) {
            dashed(painter, screen(tip), screen(target), IK_COLOUR);
            painter.circle_stroke(screen(target), 7.0, Stroke::new(2.0, IK_COLOUR));
        }
    }
    for follow in &rig.follows {
        let colour = match follow.kind {
            FollowKind::LookAt => LOOK_AT_COLOUR,
            FollowKind::ChildOf => CHILD_OF_COLOUR,
        };
        if let (Some(from), Some(to)) = (head(follow.bone), head(follow.target)) {
            dashed(painter, screen(from), screen(to), colour);
            painter.circle_stroke(screen(to), 4.0, Stroke::new(1.5, colour));
        }
    }
    for (index, path) in rig.paths.iter().enumerate() {
        let Some(points) = drawn_points(editor, frame, path, center) else {
            continue;
        };
        let n = points.len();
        let mut cubics: Vec<[Pos2; 4]> = (0..n / 3 - 1)
            .map(|k| {
                [
                    points[3 * k + 1],
                    points[3 * k + 2],
                    points[3 * k + 3],
                    points[3 * k + 4],
                ]
            })
            .collect();
        if path.closed && n >= 6 {
            cubics.push([points[n - 2], points[n - 1], points[0], points[1]]);
        }
        for cubic in cubics {
            painter.add(egui::epaint::CubicBezierShape::from_points_stroke(
                cubic,
                false,
                Color32::TRANSPARENT,
                Stroke::new(1.5, PATH_COLOUR),
            ));
        }
        // The edited path's points are drawn over the bones' handles ([`draw_edited_points`]).
        if edited_path(editor) != Some(index) {
            for anchor in points.iter().skip(1).step_by(3) {
                painter.circle_filled(*anchor, 3.0, PATH_COLOUR);
            }
        }
    }
    if let Some(arc) = editor
        .selection()
        .bone()
        .and_then(|b| editor.rig().limit_arc(frame, b))
    {
        let steps = ((arc.max - arc.min).abs() / 4.0).ceil().max(1.0) as usize;
        let points: Vec<Pos2> = (0..=steps)
            .map(|k| arc.min + (arc.max - arc.min) * k as f64 / steps as f64)
            .map(|deg| screen(arc.point_at(deg)))
            .collect();
        painter.add(egui::Shape::line(points, Stroke::new(2.0, LIMIT_COLOUR)));
        for end in [arc.min, arc.max] {
            let p = screen(arc.point_at(end));
            painter.line_segment([screen(arc.head), p], Stroke::new(1.0, LIMIT_COLOUR));
            painter.circle_filled(p, 5.0, LIMIT_COLOUR);
        }
    }
}

/// The anchors and handles of the path whose points are being edited (the path inspector's "Edit
/// points"), as its carrying bone moves them in `frame`: drawn last, over the bones' own handles
/// where an anchor sits on a joint, and whether or not the bone overlay is shown.
pub fn draw_edited_points(painter: &egui::Painter, editor: &Editor, frame: &Frame, center: DVec2) {
    let Some(path) = edited_path(editor).and_then(|i| editor.document().project.rig.paths.get(i))
    else {
        return;
    };
    if let Some(points) = drawn_points(editor, frame, path, center) {
        draw_handles(painter, &points);
    }
}

/// `path`'s points on the screen (three per anchor), carried by its bone as posed in `frame`.
fn drawn_points(
    editor: &Editor,
    frame: &Frame,
    path: &PathConstraint,
    center: DVec2,
) -> Option<Vec<Pos2>> {
    let carry = frame.palette.get(path.path_bone)?;
    let camera = editor.view().camera();
    let points = path.points.iter().map(|p| {
        let s = camera.to_screen(carry.transform_point2(DVec2::from(*p)), center);
        Pos2::new(s.x as f32, s.y as f32)
    });
    Some(points.collect())
}

/// The edited path's points (screen, three per anchor): each handle on a line from its anchor, the
/// anchors as squares.
fn draw_handles(painter: &egui::Painter, points: &[Pos2]) {
    for triple in points.chunks(3) {
        let [before, anchor, after] = triple else {
            continue;
        };
        for handle in [before, after] {
            painter.line_segment([*anchor, *handle], Stroke::new(1.0, PATH_COLOUR));
            painter.circle_stroke(*handle, 4.0, Stroke::new(1.5, PATH_COLOUR));
        }
        let square = egui::Rect::from_center_size(*anchor, egui::vec2(9.0, 9.0));
        painter.rect_filled(square, 0.0, PATH_COLOUR);
    }
}

/// A dashed line from `a` to `b`.
fn dashed(painter: &egui::Painter, a: Pos2, b: Pos2, colour: Color32) {
    painter.extend(egui::Shape::dashed_line(
        &[a, b],
        Stroke::new(1.5, colour),
        6.0,
        4.0,
    ));
}
