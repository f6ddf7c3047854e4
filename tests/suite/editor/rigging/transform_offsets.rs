//! A transform constraint's offsets and separate mixes (issue 38, items 2 and 7) set in the
//! editor's inspector: "Add copy rotation" on the left leg toward the right one, then in Animate
//! mode a 30° rotation offset typed into the "Offsets" section turns the leg 30° past the right
//! leg's direction, and a "translation mix y" of 1 (with "translation mix" left at 0) moves its
//! head to the right leg's height only. Each is one undo step; undo puts the leg back. A 20° shear
//! offset with a "shear mix" of 1 shears the leg (its axes 110° apart, Spine's `mixShearY`). Ticking
//! "local" and "relative" switches Spine's modes.

use eframe::egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use glam::DVec2;
use limber::editor::commands::{BoneCommand, Command, RigCommand};
use limber::editor::editor::{Editor, Mode};
use limber::editor::rigging::RigChoices;

use super::editor_harness::harness;
use super::support::bone;

/// Bone `b`'s head and direction (head → tail) as drawn now.
fn drawn(editor: &Editor, b: usize) -> (DVec2, DVec2) {
    let w = editor.frame().expect("a frame").world[b];
    (w.translation, w.matrix2.x_axis)
}

/// The angle from bone `b`'s drawn x axis to its y axis, counter-clockwise on screen, in degrees
/// (90 unsheared), as Spine measures it (its frame is y up).
fn axes_angle(editor: &Editor, b: usize) -> f64 {
    let m = editor.frame().expect("a frame").world[b].matrix2;
    (m.y_axis.y.atan2(-m.y_axis.x) - (-m.x_axis.y).atan2(m.x_axis.x)).to_degrees()
}

/// Scrolls the inspector to the field labelled `label`, sets it, and presses Enter, which ends the
/// typing and applies the value.
fn set_field(harness: &mut Harness<'_, Editor>, label: &str, value: f64) {
    // A slider's value box carries its label too: the first is the field or the slider.
    let node = || harness.query_all_by_label(label).next().expect(label);
    node().scroll_to_me();
    harness.run_steps(2);
    let node = || harness.query_all_by_label(label).next().expect(label);
    node().set_value_accesskit(value);
    harness.run_steps(1);
    harness.key_press(Key::Enter);
    harness.run_steps(2);
}

#[test]
fn offsets_and_a_y_only_mix_set_in_the_inspector_move_the_bone_as_spine_would() {
    let mut harness = harness();
    harness.key_press(Key::Num2);
    harness.run_steps(2);
    let (leg_l, leg_r) = (
        bone(harness.state(), "leg_l"),
        bone(harness.state(), "leg_r"),
    );
    harness
        .state_mut()
        .run(Command::Bone(BoneCommand::Select { bone: Some(leg_l) }));
    let choices = harness.state().tools().rig_choices();
    harness
        .state_mut()
        .run(Command::Rig(RigCommand::SetChoices(RigChoices {
            target: Some(leg_r),
            ..choices
        })));
    harness.run_steps(2);
    harness.get_by_label("Add copy rotation").click();
    harness.run_steps(2);
    assert_eq!(harness.state().document().project.rig.transforms.len(), 1);
    harness.key_press(Key::Num1);
    harness.run_steps(2);
    assert_eq!(harness.state().tools().mode(), Mode::Animate);
    // Fully mixed rotation: the left leg points the way the right one does.
    let (_, right) = drawn(harness.state(), leg_r);
    let (head_before, left) = drawn(harness.state(), leg_l);
    assert!(left.angle_to(right).abs() < 1e-9);

    harness.get_by_label("Offsets").click_accesskit();
    // The section opens over a few frames.
    harness.run_steps(10);
    set_field(&mut harness, "rotation", 30.0);
    let record = &harness.state().document().project.rig.transforms[0];
    assert_eq!(record.offsets.rotate, 30.0);
    // 30° counter-clockwise on screen is −30° in the y-down frame.
    let (_, left) = drawn(harness.state(), leg_l);
    assert!(
        (right.angle_to(left) + 30f64.to_radians()).abs() < 1e-9,
        "{left}"
    );

    set_field(&mut harness, "translation mix y", 1.0);
    let record = harness.state().document().project.rig.transforms[0].clone();
    assert_eq!((record.translate_mix, record.translate_mix_y), (0.0, 1.0));
    let (right_head, _) = drawn(harness.state(), leg_r);
    let (head, _) = drawn(harness.state(), leg_l);
    assert!(
        (head.y - right_head.y).abs() < 1e-9,
        "{head} vs {right_head}"
    );
    assert!((head.x - head_before.x).abs() < 1e-9);

    // One step each: two undos put the leg back on the right leg's direction, head unmoved.
    for _ in 0..2 {
        harness.state_mut().document_mut().undo();
    }
    harness.run_steps(2);
    let (head, left) = drawn(harness.state(), leg_l);
    assert!(left.angle_to(right).abs() < 1e-9 && head.distance(head_before) < 1e-9);

    // A shear offset of 20° does nothing until the shear mix is raised; then the leg's axes open
    // to 110°, its x axis kept; one undo step each.
    assert!((axes_angle(harness.state(), leg_l) - 90.0).abs() < 1e-9);
    set_field(&mut harness, "shear", 20.0);
    assert_eq!(
        harness.state().document().project.rig.transforms[0]
            .offsets
            .shear,
        20.0
    );
    assert!((axes_angle(harness.state(), leg_l) - 90.0).abs() < 1e-9);
    set_field(&mut harness, "shear mix", 1.0);
    assert_eq!(
        harness.state().document().project.rig.transforms[0].shear_mix,
        1.0
    );
    let sheared = axes_angle(harness.state(), leg_l);
    assert!((sheared - 110.0).abs() < 1e-6, "{sheared}");
    let (_, left) = drawn(harness.state(), leg_l);
    assert!(left.angle_to(right).abs() < 1e-9, "x axis kept: {left}");
    for _ in 0..2 {
        harness.state_mut().document_mut().undo();
    }
    harness.run_steps(2);
    assert!((axes_angle(harness.state(), leg_l) - 90.0).abs() < 1e-9);

    // "local": the leg takes the right leg's own rotation relative to the hip (both hang from it,
    // so the same direction here) — and "relative" then adds it to its own: another direction.
    harness.get_by_label("local").click_accesskit();
    harness.run_steps(2);
    assert!(harness.state().document().project.rig.transforms[0].local);
    let (_, left) = drawn(harness.state(), leg_l);
    assert!(left.angle_to(right).abs() < 1e-9);
    harness.get_by_label("relative").click_accesskit();
    harness.run_steps(2);
    let (_, left) = drawn(harness.state(), leg_l);
    assert!(left.angle_to(right).abs() > 0.1, "{left} vs {right}");
    harness.state_mut().document_mut().undo();
    harness.run_steps(2);
    assert!(
        !harness.state().document().project.rig.transforms[0].relative,
        "one step"
    );
}
