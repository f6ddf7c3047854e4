//! Several bones selected at once, through the editor's UI (egui_kittest) on the bundled sample:
//! Shift / Ctrl + click in the skeleton list adds bones, K keys all of them in one undo step, a
//! rotate drag in the view turns all of them by the same angle in one step, Esc mid-drag puts every
//! one back, Ctrl+C / Ctrl+V copies and pastes all their keys at the playhead, and the view draws
//! every selected bone highlighted; undo and redo name the step they took back.

use eframe::egui::{Event, Key, Modifiers, PointerButton, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use glam::DVec2;
use limber::editor::editor::Editor;

use crate::common::editor_harness;
use editor_harness::{harness, pos};

/// The sample's head, arm_l and arm_r (children of the spine), and times where none has a key.
const BONES: [usize; 3] = [2, 3, 4];
const T: f64 = 0.45;
const LATER: f64 = 0.75;

fn name(harness: &Harness<'_, Editor>, bone: usize) -> String {
    harness.state().document().project.rig.skeleton.bones[bone]
        .name
        .clone()
}

/// Clicks `bone`'s entry in the skeleton list (the topmost widget with its name) with `modifiers`.
fn click_in_list(harness: &mut Harness<'_, Editor>, bone: usize, modifiers: Modifiers) {
    let name = name(harness, bone);
    let at = harness
        .get_all_by_label(&name)
        .map(|n| n.rect().center())
        .min_by(|a, b| a.y.total_cmp(&b.y))
        .expect("the bone is listed");
    harness.event(Event::ModifiersChanged(modifiers));
    harness.event(Event::PointerMoved(at));
    harness.run_steps(1);
    for pressed in [true, false] {
        harness.event(Event::PointerButton {
            pos: at,
            button: PointerButton::Primary,
            pressed,
            modifiers,
        });
        harness.run_steps(1);
    }
    harness.event(Event::ModifiersChanged(Modifiers::NONE));
    harness.run_steps(1);
}

/// The sample with the playhead at `T` and the three bones selected in the list: a click, a
/// Shift + click and a Ctrl + click.
fn three_selected() -> Harness<'static, Editor> {
    let mut harness = harness();
    harness
        .state_mut()
        .run(limber::editor::commands::Command::Clip(
            limber::editor::commands::ClipCommand::SetTime { time: T },
        ));
    harness.run_steps(1);
    click_in_list(&mut harness, BONES[0], Modifiers::NONE);
    click_in_list(&mut harness, BONES[1], Modifiers::SHIFT);
    click_in_list(&mut harness, BONES[2], Modifiers::COMMAND);
    let mut selected = harness.state().selection().bones().to_vec();
    selected.sort_unstable();
    assert_eq!(selected, BONES, "{}", harness.state().status());
    for bone in BONES {
        assert_eq!(harness.state().bone_keys(bone).key(), None);
    }
    harness
}

fn rotations(editor: &Editor) -> Vec<f64> {
    BONES
        .iter()
        .map(|&b| editor.bone_keys(b).rotation())
        .collect()
}

/// A point on one of the selected bones that picks it, that bone, and its posed head.
fn grab(editor: &Editor) -> (DVec2, usize, DVec2) {
    let palette = editor.palette();
    let reach = editor.bone_reach();
    BONES
        .iter()
        .rev()
        .find_map(|&b| {
            let bone = &editor.document().project.rig.skeleton.bones[b];
            let (head, tail) = (
                palette[b].transform_point2(bone.head()),
                palette[b].transform_point2(bone.tail()),
            );
            let at = head + (tail - head) * 0.8;
            (editor.rig().bone_at(&palette, at, reach) == Some(b)).then_some((at, b, head))
        })
        .expect("one of the bones can be grabbed")
}

/// Presses on a selected bone and moves round its head by 30°, in steps; releases when `release`.
fn rotate(harness: &mut Harness<'_, Editor>, release: bool) {
    let (at, _, head) = grab(harness.state());
    let screen = |h: &Harness<'_, Editor>, p: DVec2| pos(h.state().screen_of(p));
    let start = screen(harness, at);
    harness.event(Event::PointerMoved(start));
    harness.run_steps(1);
    harness.event(Event::PointerButton {
        pos: start,
        button: PointerButton::Primary,
        pressed: true,
        modifiers: Modifiers::NONE,
    });
    harness.run_steps(1);
    let arm = at - head;
    let mut last: Pos2 = start;
    for i in 1..=6 {
        let turn = 30f64.to_radians() * f64::from(i) / 6.0;
        let p = head + DVec2::from_angle(turn).rotate(arm);
        last = screen(harness, p);
        harness.event(Event::PointerMoved(last));
        harness.run_steps(1);
    }
    if release {
        harness.event(Event::PointerButton {
            pos: last,
            button: PointerButton::Primary,
            pressed: false,
            modifiers: Modifiers::NONE,
        });
        harness.run_steps(2);
    }
}

#[test]
fn k_keys_every_selected_bone_in_one_step() {
    let mut harness = three_selected();
    harness.key_press(Key::K);
    harness.run_steps(2);
    for bone in BONES {
        assert!(
            harness.state().bone_keys(bone).key().is_some(),
            "bone {bone} keyed: {}",
            harness.state().status()
        );
    }
    harness.state_mut().undo();
    for bone in BONES {
        assert_eq!(harness.state().bone_keys(bone).key(), None, "one undo step");
    }
    assert!(!harness.state().document().can_undo());
}

#[test]
fn a_rotate_drag_turns_every_selected_bone_alike_in_one_step() {
    let mut harness = three_selected();
    let before = rotations(harness.state());
    rotate(&mut harness, true);
    let after = rotations(harness.state());
    let turns: Vec<f64> = after.iter().zip(&before).map(|(a, b)| a - b).collect();
    assert!(turns[0].abs() > 20.0, "turned by {turns:?}");
    assert!(
        turns.iter().all(|t| (t - turns[0]).abs() < 1e-9),
        "each by the same angle: {turns:?}"
    );
    let mut selected = harness.state().selection().bones().to_vec();
    selected.sort_unstable();
    assert_eq!(selected, BONES, "the selection stays");
    harness.state_mut().undo();
    assert_eq!(rotations(harness.state()), before, "one undo step");
    assert!(!harness.state().document().can_undo());
}

#[test]
fn esc_during_a_drag_puts_every_selected_bone_back() {
    let mut harness = three_selected();
    let project = harness.state().document().project.clone();
    let selection = harness.state().selection().clone();
    rotate(&mut harness, false);
    assert_ne!(
        harness.state().document().project,
        project,
        "the drag posed the bones"
    );
    harness.key_press(Key::Escape);
    harness.run_steps(1);
    assert_eq!(harness.state().document().project, project);
    assert_eq!(harness.state().selection(), &selection);
    assert!(!harness.state().document().can_undo());
    assert!(harness.state().tools().drag().is_none());
}

#[test]
fn copy_and_paste_carry_every_selected_bones_keys() {
    let mut harness = three_selected();
    harness.key_press(Key::K);
    harness.run_steps(2);
    let keyed: Vec<_> = BONES
        .iter()
        .map(|&b| harness.state().bone_keys(b).key().expect("keyed"))
        .collect();
    harness.key_press_modifiers(Modifiers::COMMAND, Key::C);
    harness.run_steps(2);
    assert_eq!(harness.state().selection().keys().copied.bones.len(), 3);
    harness
        .state_mut()
        .run(limber::editor::commands::Command::Clip(
            limber::editor::commands::ClipCommand::SetTime { time: LATER },
        ));
    harness.run_steps(1);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::V);
    harness.run_steps(2);
    for (bone, key) in BONES.iter().zip(&keyed) {
        let pasted = harness.state().bone_keys(*bone).key().expect("pasted");
        assert_eq!(
            (pasted.rotate, pasted.translate),
            (key.rotate, key.translate)
        );
    }
    harness.state_mut().undo();
    for bone in BONES {
        assert_eq!(harness.state().bone_keys(bone).key(), None, "one step");
    }
}

#[test]
fn the_view_draws_every_selected_bone_in_the_selected_colour() {
    use limber::app::viewport::{SELECTED_BONE, bone_overlay};
    let harness = three_selected();
    let editor = harness.state();
    let shapes = bone_overlay(editor, &editor.palette(), 1.0);
    let bones = editor.document().project.rig.skeleton.bones.len();
    assert_eq!(shapes.len(), bones * 6, "six vertices per bone");
    let highlighted: Vec<usize> = shapes
        .chunks(6)
        .enumerate()
        .filter(|(_, tris)| tris.iter().all(|v| v.color == SELECTED_BONE))
        .map(|(bone, _)| bone)
        .collect();
    assert_eq!(
        highlighted, BONES,
        "the view highlights what the list selects"
    );
}

#[test]
fn undo_and_redo_say_which_step_they_took_back() {
    let mut harness = three_selected();
    harness.key_press(Key::K);
    harness.run_steps(2);
    let keyed = harness.state().status().to_string();
    assert!(
        keyed.contains("3 bones"),
        "the key says what it did: {keyed}"
    );
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(1);
    assert_eq!(harness.state().status(), format!("undid: {keyed}"));
    harness.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    harness.run_steps(1);
    assert_eq!(harness.state().status(), format!("redid: {keyed}"));
    // A drag's step is named too.
    rotate(&mut harness, true);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(1);
    let undid = harness.state().status().to_string();
    assert!(undid.starts_with("undid: ") && undid.len() > 7, "{undid}");
}
