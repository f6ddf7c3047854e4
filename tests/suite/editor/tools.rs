//! Esc during a drag in the real editor, driven through its egui UI with egui_kittest on the
//! bundled zombie sample: a bone being rotated in the viewport and a mesh slider being dragged go
//! back to where they were, and a key dragged in the dopesheet stays, with no undo step left; the
//! rest of the drag changes nothing. (The tools themselves are unit-tested without a window in the
//! editor crate.)

use eframe::egui::{Event, Key};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use glam::DVec2;
use limber::app::timeline::key_position;
use limber::editor::editor::{Editor, Mode};

use crate::common::editor_harness;
use editor_harness::{button, harness, pos};

/// Presses at `from` and moves to `to` in four steps, leaving the button down.
fn press_and_move(harness: &mut Harness<'_, Editor>, from: DVec2, to: DVec2) {
    harness.event(Event::PointerMoved(pos(from)));
    harness.run_steps(1);
    button(harness, from, true);
    for i in 1..=4 {
        let p = from + (to - from) * (f64::from(i) / 4.0);
        harness.event(Event::PointerMoved(pos(p)));
        harness.run_steps(1);
    }
}

/// Presses Esc, moves on to `then`, and releases there.
fn escape_then_release(harness: &mut Harness<'_, Editor>, then: DVec2) {
    harness.key_press(Key::Escape);
    harness.run_steps(1);
    harness.event(Event::PointerMoved(pos(then)));
    harness.run_steps(1);
    button(harness, then, false);
    harness.run_steps(2);
}

#[test]
fn esc_while_rotating_a_bone_restores_the_pose_and_leaves_no_undo_step() {
    let mut harness = harness();
    let before = harness.state().document().project.clone();
    let rotation = harness.state().bone_keys(0).rotation();
    let selected = harness.state().selection().bone();
    let frame = harness.state().frame().unwrap();
    let bone = &before.rig.skeleton.bones[0];
    let (head, tail) = (
        frame.palette[0].transform_point2(bone.head()),
        frame.palette[0].transform_point2(bone.tail()),
    );
    let grab = head + (tail - head) * 0.8;
    let arm = grab - head;
    let turned = head + DVec2::new(-arm.y, arm.x);
    let (from, to) = (
        harness.state().screen_of(grab),
        harness.state().screen_of(turned),
    );
    press_and_move(&mut harness, from, to);
    let turn = harness.state().bone_keys(0).rotation() - rotation;
    assert!(turn.abs() > 30.0, "the drag rotates the bone: {turn}°");
    assert!(harness.state().document().in_transaction());
    escape_then_release(&mut harness, to + DVec2::new(-30.0, 20.0));
    let editor = harness.state();
    assert!(editor.tools().drag().is_none());
    assert!(!editor.document().in_transaction());
    assert_eq!(
        editor.document().project,
        before,
        "the pose is back exactly"
    );
    assert_eq!(editor.bone_keys(0).rotation(), rotation);
    assert!(!editor.document().can_undo(), "no undo step is left");
    assert_eq!(
        editor.selection().bone(),
        selected,
        "the selection is back too"
    );
}

#[test]
fn esc_while_dragging_a_mesh_slider_restores_the_mesh_and_leaves_no_undo_step() {
    let mut harness = harness();
    harness.key_press(Key::Num4);
    harness.run_steps(4);
    assert_eq!(harness.state().tools().mode(), Mode::Mesh);
    let before = harness.state().document().project.clone();
    let slider = harness
        .get_by_role_and_label(eframe::egui::accesskit::Role::Slider, "tolerance (px)")
        .accesskit_node()
        .bounding_box()
        .expect("the slider has a rectangle");
    let start = DVec2::new(
        slider.x0 + 0.3 * slider.width(),
        0.5 * (slider.y0 + slider.y1),
    );
    press_and_move(&mut harness, start, start + DVec2::new(40.0, 0.0));
    assert_ne!(
        harness.state().document().project,
        before,
        "the drag re-meshes while it moves"
    );
    escape_then_release(&mut harness, start + DVec2::new(60.0, 0.0));
    let editor = harness.state();
    assert!(!editor.document().in_transaction());
    assert_eq!(
        editor.document().project,
        before,
        "the mesh is back exactly"
    );
    assert!(!editor.document().can_undo(), "no undo step is left");
}

#[test]
fn esc_while_dragging_a_key_in_the_dopesheet_leaves_it_where_it_was() {
    let mut harness = harness();
    assert!(harness.state().animation().selected_keys().is_empty());
    assert_eq!(harness.state().selection().bone(), None);
    let before = harness.state().document().project.clone();
    let key = |h: &Harness<'_, Editor>, t: f64| {
        let p = key_position(&h.ctx, 0, t).expect("the dopesheet was drawn");
        DVec2::new(f64::from(p.x), f64::from(p.y))
    };
    // hip's key at 0.6 s towards 0.8 s.
    let (from, to) = (key(&harness, 0.6), key(&harness, 0.8));
    press_and_move(&mut harness, from, to);
    escape_then_release(&mut harness, to + DVec2::new(10.0, 0.0));
    let editor = harness.state();
    assert_eq!(editor.document().project, before, "the key did not move");
    assert!(
        editor.animation().selected_keys().is_empty(),
        "the selection the drag made is undone"
    );
    assert_eq!(editor.selection().bone(), None);
    assert!(!editor.document().can_undo(), "no undo step");
    // The same drag without Esc moves the key.
    press_and_move(&mut harness, from, to);
    button(&mut harness, to, false);
    harness.run_steps(2);
    assert_ne!(
        harness.state().document().project,
        before,
        "a drag moves it"
    );
    assert!(harness.state().document().can_undo());
}
