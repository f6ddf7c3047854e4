//! The selected bone's bind-pose handles drawn over the viewport in Bones mode: a ring at its head
//! and a disc at its tail (what a press grabs, see [`limber_editor::tools::bind_pose`]), highlighted while
//! a bind-pose drag holds them.

use eframe::egui::{Color32, Painter, Pos2, Stroke};
use glam::DVec2;

use limber_editor::editor::{Drag, Editor, Mode};
use limber_editor::tools::bind_pose::{HANDLE_REACH, Handle};

const HANDLE: Color32 = Color32::from_rgb(235, 235, 235);
const HELD: Color32 = Color32::from_rgb(255, 160, 30);

fn pos(v: DVec2) -> Pos2 {
    Pos2::new(v.x as f32, v.y as f32)
}

/// Draws the selected bone's head and tail handles (Bones mode only).
pub fn draw(painter: &Painter, editor: &Editor, center: DVec2) {
    if editor.tools().mode() != Mode::Bones {
        return;
    }
    let Some(bone) = editor
        .selection()
        .bone()
        .and_then(|b| editor.document().project.rig.skeleton.bones.get(b))
    else {
        return;
    };
    let held = match &editor.tools().drag() {
        Some(Drag::BindPose(drag)) => Some(drag.handle),
        _ => None,
    };
    let colour = |handle: Handle| {
        if held == Some(handle) || held == Some(Handle::Body) {
            HELD
        } else {
            HANDLE
        }
    };
    let screen = |p: DVec2| pos(editor.view().camera().to_screen(p, center));
    let (head, tail) = (screen(bone.head()), screen(bone.tail()));
    let radius = HANDLE_REACH as f32 - 1.0;
    if held == Some(Handle::Body) {
        painter.line_segment([head, tail], Stroke::new(2.0, HELD));
    }
    painter.circle_stroke(head, radius, Stroke::new(2.0, colour(Handle::Head)));
    painter.circle_filled(tail, radius - 1.0, colour(Handle::Tail));
    painter.circle_stroke(tail, radius, Stroke::new(1.0, Color32::BLACK));
}
