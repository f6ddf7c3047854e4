//! Helpers the rigging tests share: bones by name, selecting one, a bone as drawn or as the core
//! samples it, the undo depth, weights at a
//! vertex, pointer drags held open, Esc, and a bone's weights over the whole mesh.

#![allow(dead_code)]

use eframe::egui::{Event, Key, Modifiers, PointerButton};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use glam::DVec2;
use limber::editor::editor::Editor;

use crate::common::editor_harness::pos;

/// The index of the sample's bone `name`.
pub fn bone(editor: &Editor, name: &str) -> usize {
    editor
        .document()
        .project
        .rig
        .skeleton
        .bones
        .iter()
        .position(|b| b.name == name)
        .unwrap_or_else(|| panic!("the sample has a bone {name}"))
}

/// The head's tip as the core samples the document at the playhead, after `strip` (which may take
/// constraints away, to compare with and without them).
pub fn sampled_head_tip(
    editor: &Editor,
    strip: impl FnOnce(&mut limber::core::project::Project),
) -> DVec2 {
    let mut project = editor.document().project.clone();
    strip(&mut project);
    let solver = limber::core::pose::PoseSolver::new(&project.rig.skeleton).unwrap();
    let clip = editor.animation().clip().expect("a clip").clone();
    let frame = limber::core::frame::Frame::sample(
        &project,
        &solver,
        Some(&clip),
        editor.playback().time(),
    );
    let head = bone(editor, "head");
    let length = project.rig.skeleton.bones[head].length();
    frame.world[head].transform_point2(DVec2::X * length)
}

/// Bone `b`'s head and tail as drawn now (image pixels).
pub fn drawn(editor: &Editor, b: usize) -> (DVec2, DVec2) {
    let frame = editor.frame().expect("a frame");
    let w = frame.world[b];
    let length = editor.document().project.rig.skeleton.bones[b].length();
    (w.translation, w.transform_point2(DVec2::X * length))
}

/// Selects bone `name` (through the editor's command, as a click in the list does).
pub fn select(harness: &mut Harness<'_, Editor>, name: &str) {
    let b = bone(harness.state(), name);
    harness
        .state_mut()
        .run(limber::editor::commands::Command::Bone(
            limber::editor::commands::BoneCommand::Select { bone: Some(b) },
        ));
    harness.run_steps(2);
}

/// Clicks the first constraint's Delete button in the inspector (scrolled to first: the row may
/// lie below the inspector's visible part).
pub fn delete_first_constraint(harness: &mut Harness<'_, Editor>) {
    harness.get_by_label("Delete").scroll_to_me();
    harness.run_steps(30);
    harness.get_by_label("Delete").click();
    harness.run_steps(2);
}

/// How many steps can be undone (undone and redone again, leaving the project as it was).
pub fn undo_depth(editor: &mut Editor) -> usize {
    let saved = editor.document().project.clone();
    let mut depth = 0;
    while editor.document().can_undo() && editor.document_mut().undo() {
        depth += 1;
    }
    for _ in 0..depth {
        editor.document_mut().redo();
    }
    assert_eq!(editor.document().project, saved);
    depth
}

/// Bone `bone`'s rest head and tail.
pub fn rest(editor: &Editor, bone: usize) -> (DVec2, DVec2) {
    let b = &editor.document().project.rig.skeleton.bones[bone];
    (b.head(), b.tail())
}

/// Bone `bone`'s weight at part 0's vertex `v` (0 without an influence).
pub fn weight(editor: &Editor, v: usize, bone: usize) -> f64 {
    editor.document().project.parts[0].binding.vertices[v]
        .iter()
        .find(|p| p.0 == bone)
        .map_or(0.0, |p| p.1)
}

/// Bone `bone`'s weight at every vertex of part 0.
pub fn column(editor: &Editor, bone: usize) -> Vec<f64> {
    let count = editor.document().project.parts[0].binding.vertices.len();
    (0..count).map(|v| weight(editor, v, bone)).collect()
}

/// Presses the primary button at screen point `from` with `modifiers` held and moves to `to` in
/// four steps, leaving the button down.
pub fn press_and_move(
    harness: &mut Harness<'_, Editor>,
    from: DVec2,
    to: DVec2,
    modifiers: Modifiers,
) {
    harness.event(Event::ModifiersChanged(modifiers));
    harness.event(Event::PointerMoved(pos(from)));
    harness.run_steps(1);
    harness.event(Event::PointerButton {
        pos: pos(from),
        button: PointerButton::Primary,
        pressed: true,
        modifiers,
    });
    harness.run_steps(1);
    for i in 1..=4 {
        let p = from + (to - from) * (f64::from(i) / 4.0);
        harness.event(Event::PointerMoved(pos(p)));
        harness.run_steps(1);
    }
}

/// Releases the primary button at `at` and lets the modifiers go.
pub fn release(harness: &mut Harness<'_, Editor>, at: DVec2) {
    harness.event(Event::PointerButton {
        pos: pos(at),
        button: PointerButton::Primary,
        pressed: false,
        modifiers: Modifiers::NONE,
    });
    harness.event(Event::ModifiersChanged(Modifiers::NONE));
    harness.run_steps(2);
}

/// Presses Esc and runs a frame.
pub fn escape(harness: &mut Harness<'_, Editor>) {
    harness.key_press(Key::Escape);
    harness.run_steps(1);
}

/// Presses `key` (no modifier) and runs two frames.
pub fn key(harness: &mut Harness<'_, Editor>, key: Key) {
    harness.key_press(key);
    harness.run_steps(2);
}

/// The distance from `p` to the segment `a`–`b`.
pub fn segment_distance(p: DVec2, a: DVec2, b: DVec2) -> f64 {
    let ab = b - a;
    let t = if ab.length_squared() > 0.0 {
        ((p - a).dot(ab) / ab.length_squared()).clamp(0.0, 1.0)
    } else {
        0.0
    };
    (p - (a + ab * t)).length()
}
