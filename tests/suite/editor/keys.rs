//! Keys through the editor's UI (egui_kittest) on the bundled sample, in Animate mode with a bone
//! selected: typing a value in the inspector's key fields keys that channel only, the key buttons
//! show and change whether a channel is keyed at the playhead, K keys every channel of a moved
//! bone, and the scale tool (S) keys scale by dragging, Esc cancelling it. Each action is exactly
//! one undo step.

use eframe::egui::{Event, Key, Modifiers, PointerButton};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use glam::DVec2;
use limber::core::animation::KeyRecord;
use limber::editor::editor::{AnimateTool, Editor, Mode};

use crate::common::editor_harness;
use editor_harness::{drag, drag_with, harness, pos};

/// The bone keyed (the sample's spine) and a time where it has no key.
const BONE: usize = 1;
const T: f64 = 0.55;

/// The sample in Animate mode, `BONE` selected, the playhead at `T` (where `BONE` has no key).
fn animating() -> Harness<'static, Editor> {
    let mut harness = harness();
    harness
        .state_mut()
        .run(limber::editor::commands::Command::Bone(
            limber::editor::commands::BoneCommand::Select { bone: Some(BONE) },
        ));
    harness
        .state_mut()
        .run(limber::editor::commands::Command::Clip(
            limber::editor::commands::ClipCommand::SetTime { time: T },
        ));
    harness.run_steps(2);
    assert_eq!(harness.state().tools().mode(), Mode::Animate);
    assert_eq!(harness.state().bone_keys(BONE).key(), None);
    assert!(!harness.state().document().can_undo());
    harness
}

/// Clicks the key field named `name`, types `text` over its value and presses Enter.
fn type_into(harness: &mut Harness<'_, Editor>, name: &str, text: &str) {
    harness.get_by_label(name).click();
    harness.run_steps(2);
    harness.get_by_label(name).type_text(text);
    harness.run_steps(1);
    harness.key_press(Key::Enter);
    harness.run_steps(2);
}

fn key(harness: &Harness<'_, Editor>) -> KeyRecord {
    harness
        .state()
        .bone_keys(BONE)
        .key()
        .expect("a key at the playhead")
}

/// Undoes once: the project is `before` again and there is nothing more to undo (one step).
fn undo_is_one_step(harness: &mut Harness<'_, Editor>, before: &limber::core::project::Project) {
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(1);
    assert_eq!(&harness.state().document().project, before, "undo restores");
    assert!(
        !harness.state().document().can_undo(),
        "the action was one undo step"
    );
}

/// Whether the key button of `channel` (as the UI names it) shows keyed or not.
fn shows_keyed(harness: &Harness<'_, Editor>, channel: &str) -> bool {
    let keyed = harness
        .query_by_label(&format!("Remove {channel} key"))
        .is_some();
    let unkeyed = harness.query_by_label(&format!("Key {channel}")).is_some();
    assert!(keyed != unkeyed, "one button for {channel}");
    keyed
}

#[test]
fn typing_a_rotation_keys_the_rotation_only() {
    let mut harness = animating();
    let before = harness.state().document().project.clone();
    assert!(!shows_keyed(&harness, "rotation"));
    type_into(&mut harness, "Rotation", "33");
    let key = key(&harness);
    assert_eq!(key.rotate, Some(33.0));
    assert_eq!((key.translate, key.scale), (None, None));
    assert!(shows_keyed(&harness, "rotation"), "the diamond fills");
    assert!(!shows_keyed(&harness, "translation"));
    assert!(!shows_keyed(&harness, "scale"));
    undo_is_one_step(&mut harness, &before);
}

#[test]
fn typing_translate_x_keys_the_translation() {
    let mut harness = animating();
    let before = harness.state().document().project.clone();
    let y = harness.state().bone_keys(BONE).values().translate[1];
    type_into(&mut harness, "Translate x", "12");
    let key = key(&harness);
    assert_eq!(key.translate, Some([12.0, y]));
    assert_eq!((key.rotate, key.scale), (None, None));
    assert!(shows_keyed(&harness, "translation"));
    undo_is_one_step(&mut harness, &before);
}

#[test]
fn typing_a_scale_keys_the_scale() {
    let mut harness = animating();
    let before = harness.state().document().project.clone();
    let x = harness.state().bone_keys(BONE).values().scale[0];
    type_into(&mut harness, "Scale y", "1.5");
    let key = key(&harness);
    assert_eq!(key.scale, Some([x, 1.5]));
    assert_eq!((key.rotate, key.translate), (None, None));
    assert!(shows_keyed(&harness, "scale"));
    // The view samples it: the bone's frame is 1.5 times as wide across.
    let frame = harness.state().frame().unwrap();
    let across = frame.world[BONE].matrix2.y_axis.length();
    assert!((across - 1.5).abs() < 1e-6, "across {across}");
    undo_is_one_step(&mut harness, &before);
}

#[test]
fn the_key_button_keys_the_value_shown_and_a_second_click_removes_it() {
    let mut harness = animating();
    let before = harness.state().document().project.clone();
    let sampled = harness.state().bone_keys(BONE).values();
    harness.get_by_label("Key scale").click();
    harness.run_steps(2);
    let key = key(&harness);
    assert_eq!(key.scale, Some(sampled.scale));
    assert_eq!((key.rotate, key.translate), (None, None));
    assert!(shows_keyed(&harness, "scale"));
    let keyed = harness.state().document().project.clone();
    harness.get_by_label("Remove scale key").click();
    harness.run_steps(2);
    assert_eq!(harness.state().bone_keys(BONE).key(), None);
    assert!(!shows_keyed(&harness, "scale"));
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(1);
    assert_eq!(
        harness.state().document().project,
        keyed,
        "removing was one step"
    );
    undo_is_one_step(&mut harness, &before);
}

/// A point on `BONE` near its tail and its posed head, in image pixels.
fn grab_and_head(editor: &Editor) -> (DVec2, DVec2) {
    let frame = editor.frame().unwrap();
    let bone = &editor.document().project.rig.skeleton.bones[BONE];
    let head = frame.palette[BONE].transform_point2(bone.head());
    let tail = frame.palette[BONE].transform_point2(bone.tail());
    (head + (tail - head) * 0.8, head)
}

#[test]
fn k_keys_every_channel_of_a_moved_bone() {
    let mut harness = animating();
    // Shift + drag moves the bone: its translation is keyed at T.
    let (grab, _) = grab_and_head(harness.state());
    let from = harness.state().screen_of(grab);
    let to = from + DVec2::new(20.0, 10.0);
    drag_with(&mut harness, pos(from), pos(to), Modifiers::SHIFT);
    assert_eq!(harness.state().selection().bone(), Some(BONE));
    let moved = key(&harness)
        .translate
        .expect("the move keyed a translation");
    // Later, the translation holds; K keys it with the rotation and scale there.
    harness
        .state_mut()
        .run(limber::editor::commands::Command::Clip(
            limber::editor::commands::ClipCommand::SetTime { time: 0.8 },
        ));
    harness.run_steps(1);
    assert_eq!(harness.state().bone_keys(BONE).key(), None);
    let sampled = harness.state().bone_keys(BONE).values();
    assert_eq!(sampled.translate, moved);
    let before = harness.state().document().project.clone();
    harness.key_press(Key::K);
    harness.run_steps(1);
    let key = key(&harness);
    assert_eq!(key.translate, Some(moved), "K keeps the move");
    assert_eq!(key.rotate, Some(sampled.rotate));
    assert_eq!(key.scale, Some(sampled.scale));
    for channel in ["rotation", "translation", "scale"] {
        assert!(shows_keyed(&harness, channel), "{channel}");
    }
    undo_is_one_step_after(&mut harness, &before);
}

/// Undoes once and checks the project is `before` (other steps came earlier).
fn undo_is_one_step_after(
    harness: &mut Harness<'_, Editor>,
    before: &limber::core::project::Project,
) {
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(1);
    assert_eq!(
        &harness.state().document().project,
        before,
        "one undo restores"
    );
}

#[test]
fn the_scale_tool_keys_scale_by_dragging() {
    let mut harness = animating();
    let before = harness.state().document().project.clone();
    let start = harness.state().bone_keys(BONE).scale();
    harness.key_press(Key::S);
    harness.run_steps(1);
    assert_eq!(harness.state().tools().animate_tool(), AnimateTool::Scale);
    let (grab, head) = grab_and_head(harness.state());
    let editor = harness.state();
    let (from, to) = (
        editor.screen_of(grab),
        editor.screen_of(head + (grab - head) * 1.5),
    );
    drag(&mut harness, from, to);
    let key = key(&harness);
    let scale = key.scale.expect("the drag keyed scale");
    assert!((scale[0] - start[0] * 1.5).abs() < 0.02, "{scale:?}");
    assert!(
        (scale[1] - start[1]).abs() < 1e-9,
        "pressed on the axis: across stays"
    );
    assert_eq!((key.rotate, key.translate), (None, None));
    undo_is_one_step(&mut harness, &before);
    // R picks the rotate tool again: the same drag turns the bone instead.
    harness.key_press(Key::R);
    harness.run_steps(1);
    assert_eq!(harness.state().tools().animate_tool(), AnimateTool::Rotate);
}

#[test]
fn esc_cancels_a_scale_drag_exactly() {
    let mut harness = animating();
    let before = harness.state().document().project.clone();
    harness
        .get_by_role_and_label(eframe::egui::accesskit::Role::Button, "Scale")
        .click();
    harness.run_steps(1);
    assert_eq!(harness.state().tools().animate_tool(), AnimateTool::Scale);
    let (grab, head) = grab_and_head(harness.state());
    let from = harness.state().screen_of(grab);
    let to = harness.state().screen_of(head + (grab - head) * 2.0);
    harness.event(Event::PointerMoved(pos(from)));
    harness.run_steps(1);
    let button = |pressed, at| Event::PointerButton {
        pos: pos(at),
        button: PointerButton::Primary,
        pressed,
        modifiers: Modifiers::NONE,
    };
    harness.event(button(true, from));
    harness.run_steps(1);
    for i in 1..=6 {
        harness.event(Event::PointerMoved(pos(
            from + (to - from) * (f64::from(i) / 6.0)
        )));
        harness.run_steps(1);
    }
    assert!(harness.state().bone_keys(BONE).key().is_some(), "scaling");
    harness.key_press(Key::Escape);
    harness.run_steps(1);
    harness.event(button(false, to));
    harness.run_steps(2);
    assert_eq!(harness.state().document().project, before, "Esc restores");
    assert!(!harness.state().document().can_undo(), "and leaves no step");
}
