//! IK that reaches as Spine's does (issue 38, items 1 and 7), made and set in the editor's
//! inspector: a one-bone IK on the left arm ("IK bones" 1) that, with "stretch" and "compress"
//! ticked, grows until its tail is on a target dragged past it and shrinks for one dragged inside
//! it; and a two-bone IK on spine > head whose "softness" field eases the head's tip off a target
//! dragged to full reach, a quarter of the softness short. Each change is one undo step, and undoing puts the pose back.

use eframe::egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use glam::DVec2;
use limber::editor::editor::{Editor, Mode};

use super::editor_harness::{drag, harness};
use super::support::{bone, drawn, select, undo_depth};

fn mode(harness: &mut Harness<'_, Editor>, key: Key, wanted: Mode) {
    harness.key_press(key);
    harness.run_steps(2);
    assert_eq!(harness.state().tools().mode(), wanted);
}

/// Sets the number field labelled `label`, then clicks elsewhere (the "Target" label) so that the
/// field gives the keyboard back and its value applies.
fn set_number(harness: &mut Harness<'_, Editor>, label: &str, value: f64) {
    harness.get_by_label(label).set_value_accesskit(value);
    harness.run_steps(1);
    harness.get_by_label("Target").click();
    harness.run_steps(2);
}

fn click(harness: &mut Harness<'_, Editor>, label: &str) {
    // The inspector may hold it below its visible part.
    harness.get_by_label(label).scroll_to_me();
    harness.run_steps(4);
    harness.get_by_label(label).click();
    harness.run_steps(2);
}

/// Drags `target` in Animate mode by its tail so that its head lands on `wanted`.
fn drag_target_to(harness: &mut Harness<'_, Editor>, target: usize, wanted: DVec2) {
    let (head, tail) = drawn(harness.state(), target);
    let from = harness.state().screen_of(tail);
    let to = harness.state().screen_of(tail + (wanted - head));
    drag(harness, from, to);
    let (moved, _) = drawn(harness.state(), target);
    assert!(moved.distance(wanted) < 0.05, "{moved} vs {wanted}");
}

#[test]
fn a_one_bone_ik_stretches_and_compresses_to_its_dragged_target() {
    let mut harness = harness();
    mode(&mut harness, Key::Num2, Mode::Bones);
    select(&mut harness, "arm_l");
    set_number(&mut harness, "IK bones", 1.0);
    click(&mut harness, "Add IK");
    let arm = bone(harness.state(), "arm_l");
    let ik = harness.state().document().project.rig.ik.clone();
    assert_eq!(ik.len(), 1, "{}", harness.state().status());
    assert_eq!(ik[0].chain, vec![arm], "a one-bone chain");
    let target = ik[0].target;
    let before = undo_depth(harness.state_mut());
    click(&mut harness, "stretch");
    click(&mut harness, "compress");
    let ik = &harness.state().document().project.rig.ik[0];
    assert!(ik.stretch && ik.compress && !ik.uniform);
    assert_eq!(
        undo_depth(harness.state_mut()),
        before + 2,
        "a step per tick"
    );

    // Animate: a target 40 % past the arm's length pulls the tail onto it; one at 60 % pushes it.
    mode(&mut harness, Key::Num1, Mode::Animate);
    let (shoulder, hand) = drawn(harness.state(), arm);
    for reach in [1.4, 0.6] {
        let wanted = shoulder + (hand - shoulder) * reach;
        drag_target_to(&mut harness, target, wanted);
        let editor = harness.state();
        let (_, tip) = drawn(editor, arm);
        assert!(tip.distance(wanted) < 0.05, "reach {reach}: tail {tip}");
        let scale = editor.frame().expect("frame").pose.bones[arm].scale;
        assert!(
            (scale[0] - reach).abs() < 1e-6 && scale[1] == 1.0,
            "{scale:?}"
        );
    }
    // Untick compress (one step): the arm keeps its length and only points at the target.
    click(&mut harness, "compress");
    let (_, tip) = drawn(harness.state(), arm);
    assert!((tip.distance(shoulder) - hand.distance(shoulder)).abs() < 1e-6);
    harness.state_mut().document_mut().undo();
    harness.run_steps(2);
    let (_, tip) = drawn(harness.state(), arm);
    assert!(
        tip.distance(shoulder + (hand - shoulder) * 0.6) < 0.05,
        "undo compresses again"
    );
}

#[test]
fn softness_eases_a_two_bone_chain_off_a_target_at_full_reach() {
    let mut harness = harness();
    mode(&mut harness, Key::Num2, Mode::Bones);
    select(&mut harness, "head");
    click(&mut harness, "Add IK");
    let (spine, head) = (
        bone(harness.state(), "spine"),
        bone(harness.state(), "head"),
    );
    let ik = harness.state().document().project.rig.ik.clone();
    assert_eq!(ik[0].chain, vec![spine, head]);
    let target = ik[0].target;
    // Animate: the target dragged to the chain's full reach, straight up from the spine's head.
    mode(&mut harness, Key::Num1, Mode::Animate);
    let (root, middle) = drawn(harness.state(), spine);
    let (_, tip) = drawn(harness.state(), head);
    let full = root.distance(middle) + middle.distance(tip);
    let wanted = root - DVec2::Y * full;
    drag_target_to(&mut harness, target, wanted);
    let on_target = |editor: &Editor| drawn(editor, head).1.distance(wanted);
    assert!(on_target(harness.state()) < 0.05, "reached");
    let before = undo_depth(harness.state_mut());
    set_number(&mut harness, "softness", 12.0);
    assert_eq!(harness.state().document().project.rig.ik[0].softness, 12.0);
    assert_eq!(undo_depth(harness.state_mut()), before + 1, "one step");
    // Spine's softness: at full reach the tip stops a quarter of the softness short.
    let short = on_target(harness.state());
    assert!((short - 3.0).abs() < 1e-6, "{short} px short");
    harness.state_mut().document_mut().undo();
    harness.run_steps(2);
    assert!(on_target(harness.state()) < 0.05, "undo puts it back");
}
