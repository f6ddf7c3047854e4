//! The bind pose, deform and weight locks in the real UI on the bundled sample: dragging a selected
//! bone's tail handle moves it (the bone attached there follows) and its weights follow, as one undo
//! step; Esc mid-drag restores; a length typed in the inspector changes the bone; unticking
//! "deform" in the skeleton list takes all weight off the bone (undo gives it back); a locked bone
//! keeps its weights through a brush stroke and through recomputed automatic weights.

use eframe::egui::{Event, Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use glam::DVec2;
use limber::editor::editor::{Drag, Editor, Mode};

use super::support::{
    bone, column, escape, key, press_and_move, release, rest, segment_distance, weight,
};
use crate::common::editor_harness::{button, drag, harness};

/// Bones mode (key 2) with bone `name` selected by a click on its middle in the view.
fn select_in_bones_mode(harness: &mut Harness<'_, Editor>, name: &str) -> usize {
    key(harness, Key::Num2);
    assert_eq!(harness.state().tools().mode(), Mode::Bones);
    let b = bone(harness.state(), name);
    let (head, tail) = rest(harness.state(), b);
    let at = harness.state().screen_of((head + tail) / 2.0);
    button(harness, at, true);
    button(harness, at, false);
    harness.run_steps(1);
    assert_eq!(
        harness.state().selection().bone(),
        Some(b),
        "the click selects {name}"
    );
    b
}

/// A vertex of part 0 that `arm`'s tail can be moved onto: 12–25 px from its head, little weighted
/// by it now, as far as can be from the other bones.
fn target_vertex(editor: &Editor, arm: usize) -> usize {
    let (head, _) = rest(editor, arm);
    let bones = &editor.document().project.rig.skeleton.bones;
    let mesh = &editor.document().project.parts[0].mesh;
    (0..mesh.positions.len())
        .filter(|&v| {
            let p = DVec2::from(mesh.positions[v]);
            let d = (p - head).length();
            (12.0..=25.0).contains(&d) && weight(editor, v, arm) < 0.2
        })
        .max_by(|&a, &b| {
            let clearance = |v: usize| {
                let p = DVec2::from(mesh.positions[v]);
                (0..bones.len())
                    .filter(|&o| o != arm)
                    .map(|o| segment_distance(p, bones[o].head(), bones[o].tail()))
                    .fold(f64::INFINITY, f64::min)
            };
            clearance(a).total_cmp(&clearance(b))
        })
        .expect("the sample has a vertex near the arm")
}

#[test]
fn dragging_a_tail_handle_moves_the_bone_and_its_weights_follow_in_one_step() {
    let mut harness = harness();
    let arm = select_in_bones_mode(&mut harness, "arm_r");
    let before = harness.state().document().project.clone();
    let (head, tail) = rest(harness.state(), arm);
    let v = target_vertex(harness.state(), arm);
    let target = DVec2::from(before.parts[0].mesh.positions[v]);
    let was = weight(harness.state(), v, arm);
    let (from, to) = (
        harness.state().screen_of(tail),
        harness.state().screen_of(target),
    );
    drag(&mut harness, from, to);
    let editor = harness.state();
    let (new_head, new_tail) = rest(editor, arm);
    assert_eq!(new_head, head, "a tail drag leaves the head");
    assert!(
        (new_tail - target).length() < 0.5,
        "the tail is where it was dropped: {new_tail} vs {target}"
    );
    let now = weight(editor, v, arm);
    assert!(
        now > was + 0.3,
        "the vertex under the new tail follows the arm: {was} → {now}"
    );
    // One undo takes the move and the weights back together.
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(2);
    assert_eq!(harness.state().document().project, before);
    assert!(!harness.state().document().can_undo(), "it was one step");
}

#[test]
fn a_tail_drag_takes_the_attached_bone_along_unless_alt_is_held() {
    let mut harness = harness();
    let hip = select_in_bones_mode(&mut harness, "hip");
    let spine = bone(harness.state(), "spine");
    let before = harness.state().document().project.clone();
    let (_, tail) = rest(harness.state(), hip);
    let (spine_head, spine_tail) = rest(harness.state(), spine);
    let offset = DVec2::new(4.0, 0.0);
    let (from, to) = (
        harness.state().screen_of(tail),
        harness.state().screen_of(tail + offset),
    );
    press_and_move(&mut harness, from, to, Modifiers::NONE);
    release(&mut harness, to);
    let moved = rest(harness.state(), spine);
    assert!(
        (moved.0 - (spine_head + offset)).length() < 0.5,
        "{moved:?}"
    );
    assert!(
        (moved.1 - (spine_tail + offset)).length() < 0.5,
        "{moved:?}"
    );
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(2);
    assert_eq!(harness.state().document().project, before);

    press_and_move(&mut harness, from, to, Modifiers::ALT);
    release(&mut harness, to);
    assert!((rest(harness.state(), hip).1 - (tail + offset)).length() < 0.5);
    assert_eq!(
        rest(harness.state(), spine),
        (spine_head, spine_tail),
        "with Alt the spine stays"
    );
}

#[test]
fn esc_mid_drag_puts_the_bone_back_with_no_undo_step() {
    let mut harness = harness();
    let arm = select_in_bones_mode(&mut harness, "arm_r");
    let before = harness.state().document().project.clone();
    let (head, tail) = rest(harness.state(), arm);
    let (from, to) = (
        harness.state().screen_of((head + tail) / 2.0),
        harness
            .state()
            .screen_of((head + tail) / 2.0 + DVec2::new(5.0, -8.0)),
    );
    press_and_move(&mut harness, from, to, Modifiers::NONE);
    assert!(matches!(
        harness.state().tools().drag(),
        Some(Drag::BindPose(_))
    ));
    let moving = rest(harness.state(), arm);
    assert!(
        (moving.0 - head - DVec2::new(5.0, -8.0)).length() < 0.5,
        "the whole bone moves while dragging: {moving:?}"
    );
    escape(&mut harness);
    release(&mut harness, to + DVec2::new(10.0, 0.0));
    let editor = harness.state();
    assert!(editor.tools().drag().is_none());
    assert_eq!(
        editor.document().project,
        before,
        "the bone is back exactly"
    );
    assert!(!editor.document().can_undo(), "no undo step is left");
}

#[test]
fn a_length_typed_in_the_inspector_changes_the_bone_in_one_step() {
    let mut harness = harness();
    let arm = select_in_bones_mode(&mut harness, "arm_r");
    let before = harness.state().document().project.clone();
    let (head, tail) = rest(harness.state(), arm);
    let field = harness.get_by_label("length");
    field.focus();
    harness.run_steps(2);
    harness.event(Event::Text("40".into()));
    harness.run_steps(1);
    harness.key_press(Key::Enter);
    harness.run_steps(2);
    let (new_head, new_tail) = rest(harness.state(), arm);
    assert_eq!(new_head, head);
    assert!(
        ((new_tail - new_head).length() - 40.0).abs() < 1e-9,
        "length {}",
        (new_tail - new_head).length()
    );
    let direction = (tail - head).normalize();
    assert!(
        ((new_tail - head).normalize() - direction).length() < 1e-9,
        "the angle is kept"
    );
    assert_ne!(
        harness.state().document().project.parts[0].binding,
        before.parts[0].binding,
        "the weights follow"
    );
    assert!(harness.state_mut().document_mut().undo());
    assert_eq!(harness.state().document().project, before, "one step");
}

#[test]
fn unticking_deform_takes_every_weight_off_the_bone_and_undo_gives_it_back() {
    let mut harness = harness();
    let arm = bone(harness.state(), "arm_r");
    let before = harness.state().document().project.clone();
    assert!(column(harness.state(), arm).iter().any(|&w| w > 0.5));
    harness.get_by_label("deform arm_r").click();
    harness.run_steps(2);
    let editor = harness.state();
    assert!(!editor.document().project.rig.skeleton.bones[arm].deform);
    assert!(
        column(editor, arm).iter().all(|&w| w == 0.0),
        "a non-deforming bone has no weight at any vertex"
    );
    for influences in &editor.document().project.parts[0].binding.vertices {
        let sum: f64 = influences.iter().map(|p| p.1).sum();
        assert!((sum - 1.0).abs() < 1e-12, "the others share it: {sum}");
    }
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(2);
    assert_eq!(harness.state().document().project, before, "one undo step");
}

#[test]
fn a_locked_bone_keeps_its_weights_under_the_brush_and_through_recomputed_weights() {
    let mut harness = harness();
    let hip = bone(harness.state(), "hip");
    let spine = bone(harness.state(), "spine");
    harness.get_by_label("lock hip").click();
    harness.run_steps(2);
    assert!(harness.state().tools().is_locked(hip));
    let hip_weights = column(harness.state(), hip);
    let spine_weights = column(harness.state(), spine);

    // Weights mode with spine selected (] twice from none), a stroke down the hip.
    key(&mut harness, Key::Num3);
    key(&mut harness, Key::CloseBracket);
    key(&mut harness, Key::CloseBracket);
    assert_eq!(harness.state().selection().bone(), Some(spine));
    let (head, tail) = rest(harness.state(), hip);
    let (from, to) = (
        harness.state().screen_of(head),
        harness.state().screen_of(tail),
    );
    drag(&mut harness, from, to);
    assert_ne!(
        column(harness.state(), spine),
        spine_weights,
        "spine painted"
    );
    assert_eq!(column(harness.state(), hip), hip_weights, "hip kept");

    // A new global smoothness recomputes the weights: hip keeps its own.
    let painted = harness.state().document().project.parts[0].binding.clone();
    harness
        .state_mut()
        .run(limber::editor::commands::Command::Mesh(
            limber::editor::commands::MeshCommand::SetSmoothness {
                part: 0,
                smoothness: 30.0,
            },
        ));
    harness.run_steps(1);
    let editor = harness.state();
    assert_ne!(editor.document().project.parts[0].binding, painted);
    assert_eq!(column(editor, hip), hip_weights, "hip kept by auto-weights");
    for influences in &editor.document().project.parts[0].binding.vertices {
        assert!(influences.len() <= 4);
        let sum: f64 = influences.iter().map(|p| p.1).sum();
        assert!((sum - 1.0).abs() < 1e-12, "{sum}");
    }
    // L unlocks it (the command table's shortcut for the selected bone): recomputing changes it.
    key(&mut harness, Key::OpenBracket);
    assert_eq!(harness.state().selection().bone(), Some(hip));
    key(&mut harness, Key::L);
    assert!(!harness.state().tools().is_locked(hip));
    harness.get_by_label("Recompute automatic weights").click();
    harness.run_steps(2);
    assert_ne!(
        column(harness.state(), hip),
        hip_weights,
        "unlocked, it is recomputed"
    );
}
