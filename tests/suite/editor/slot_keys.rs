//! Slot keys in the dopesheet through the editor's egui UI (egui_kittest, no window): the
//! attachment and colour keys that the slots panel makes get a row per slot below the bones (and
//! the part rows); a click selects one (the inspector says what it holds, its colour interpolation
//! and Delete), a drag moves it in time (Esc mid-drag puts everything back), Delete and right-click
//! delete, the row header selects the row, and a rubber band takes bone and slot keys together to
//! move, copy and paste them — each change one undo step. A click on the attachment already shown
//! keys it at the playhead.

use eframe::egui::{self, Event, Key, Modifiers, PointerButton, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use limber::app::timeline::{key_position, slot_key_position, slot_row_header};
use limber::core::animation::ClipRecord;
use limber::editor::commands::{Command, SlotCommand};
use limber::editor::editor::Editor;

use crate::common::editor_harness;
use editor_harness::{drag_with, harness, press_with, undo_depth};

/// The sample's one part, which is its own slot.
const SLOT: &str = "kenney_zombie_walk0";

fn record(harness: &Harness<'_, Editor>) -> ClipRecord {
    harness.state().current_clip().expect("a clip").to_record()
}

/// A slot key's time, attachment (`Some(None)`: keyed to show nothing) and colour.
type SlotKeyView = (f64, Option<Option<String>>, Option<[f64; 4]>);

/// (time, attachment, colour) of every slot key of the current clip, by time.
fn slot_keys(harness: &Harness<'_, Editor>) -> Vec<SlotKeyView> {
    let mut keys: Vec<_> = record(harness)
        .slots
        .into_iter()
        .map(|k| (k.time, k.attachment, k.color))
        .collect();
    keys.sort_by(|a, b| a.0.total_cmp(&b.0));
    keys
}

fn id(t: f64) -> (String, f64) {
    (SLOT.to_string(), t)
}

/// The sample animating "shamble" with, keyed as the slots panel does: the slot hidden at 0.3 s,
/// tinted red at 0.6 s and shown again at 1.0 s; the new slot row scrolled into view.
fn keyed_harness() -> Harness<'static, Editor> {
    let mut harness = harness();
    assert!(
        slot_key_position(&harness.ctx, SLOT, 0.3).is_none(),
        "no slot row without slot keys"
    );
    let editor = harness.state_mut();
    editor.run(limber::editor::commands::Command::Clip(
        limber::editor::commands::ClipCommand::SetTime { time: 0.3 },
    ));
    assert!(
        editor
            .run(Command::Slot(SlotCommand::Show {
                slot: SLOT.into(),
                attachment: None
            }))
            .is_done(),
        "{}",
        editor.status()
    );
    editor.run(limber::editor::commands::Command::Clip(
        limber::editor::commands::ClipCommand::SetTime { time: 0.6 },
    ));
    assert!(
        editor
            .run(Command::Slot(SlotCommand::SetColor {
                slot: SLOT.into(),
                color: [1.0, 0.0, 0.0, 1.0]
            }))
            .is_done(),
        "{}",
        editor.status()
    );
    editor.run(limber::editor::commands::Command::Clip(
        limber::editor::commands::ClipCommand::SetTime { time: 1.0 },
    ));
    assert!(
        editor
            .run(Command::Slot(SlotCommand::Show {
                slot: SLOT.into(),
                attachment: Some(SLOT.into())
            }))
            .is_done(),
        "{}",
        editor.status()
    );
    harness.run_steps(10);
    harness
}

fn at(harness: &Harness<'_, Editor>, t: f64) -> Pos2 {
    slot_key_position(&harness.ctx, SLOT, t).expect("the dopesheet has a slot row")
}

fn press(harness: &mut Harness<'_, Editor>, p: Pos2, button: PointerButton, modifiers: Modifiers) {
    press_with(harness, p, button, modifiers);
}

fn click(harness: &mut Harness<'_, Editor>, p: Pos2) {
    press(harness, p, PointerButton::Primary, Modifiers::NONE);
}

fn undo(harness: &mut Harness<'_, Editor>) {
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(1);
}

#[test]
fn a_slot_row_shows_attachment_and_colour_keys_and_a_click_selects_one() {
    let mut harness = keyed_harness();
    let p = at(&harness, 0.3);
    let last_bone = key_position(&harness.ctx, 6, 0.3).expect("the last bone's row");
    assert!(p.y > last_bone.y, "the slot row is below the bone rows");
    assert_eq!(p.x, last_bone.x, "on the same time axis");

    click(&mut harness, p);
    assert_eq!(harness.state().selected_slot_keys(), vec![id(0.3)]);
    assert!(
        harness.state().animation().selected_keys().is_empty(),
        "no bone key"
    );
    harness.get_by_label("Slot key");
    harness.get_by_label("shows nothing");

    let q = at(&harness, 0.6);
    click(&mut harness, q);
    assert_eq!(harness.state().selected_slot_keys(), vec![id(0.6)]);
    harness.get_by_label("colour #ff0000ff");
    // A colour key offers its interpolation toward the next colour key.
    harness.get_by_label("to the next colour key");
    // The inspector's button deletes it, one undo step.
    let before = record(&harness);
    let steps = undo_depth(harness.state_mut());
    harness.get_by_label("Delete key").click();
    harness.run_steps(2);
    let times: Vec<f64> = slot_keys(&harness).iter().map(|k| k.0).collect();
    assert_eq!(times, vec![0.3, 1.0]);
    assert_eq!(undo_depth(harness.state_mut()), steps + 1);
    undo(&mut harness);
    assert_eq!(record(&harness), before);

    // The row header selects every key of the row.
    let header = slot_row_header(&harness.ctx, SLOT).expect("a slot row header");
    click(&mut harness, header);
    assert_eq!(
        harness.state().selected_slot_keys(),
        vec![id(0.3), id(0.6), id(1.0)]
    );
    assert!(
        harness
            .get_all_by_label_contains("3 keys selected")
            .next()
            .is_some(),
        "the inspector and the status say so"
    );
}

#[test]
fn dragging_a_slot_key_moves_it_in_one_step_and_esc_mid_drag_restores_all() {
    let mut harness = keyed_harness();
    let before = record(&harness);
    let steps = undo_depth(harness.state_mut());
    let (from, to) = (at(&harness, 0.3), at(&harness, 0.5));
    drag_with(&mut harness, from, to, Modifiers::NONE);
    let keys = slot_keys(&harness);
    assert_eq!(keys[0].0, 0.5, "{keys:?}");
    assert_eq!(keys[0].1, Some(None), "the hide moved with its key");
    assert_eq!(record(&harness).keys, before.keys, "bone keys untouched");
    assert_eq!(harness.state().selected_slot_keys(), vec![id(0.5)]);
    assert_eq!(undo_depth(harness.state_mut()), steps + 1, "one undo step");
    undo(&mut harness);
    assert_eq!(record(&harness), before);

    // Esc in the middle of a drag: the keys, the selection and the history are as before.
    let selection = harness.state().selection().clone();
    let from = at(&harness, 0.6);
    harness.event(Event::PointerMoved(from));
    harness.run_steps(1);
    harness.event(Event::PointerButton {
        pos: from,
        button: PointerButton::Primary,
        pressed: true,
        modifiers: Modifiers::NONE,
    });
    harness.run_steps(1);
    for i in 1..=5 {
        harness.event(Event::PointerMoved(from + egui::vec2(12.0 * i as f32, 0.0)));
        harness.run_steps(1);
    }
    harness.key_press(Key::Escape);
    harness.run_steps(1);
    harness.event(Event::PointerButton {
        pos: from + egui::vec2(60.0, 0.0),
        button: PointerButton::Primary,
        pressed: false,
        modifiers: Modifiers::NONE,
    });
    harness.run_steps(2);
    assert_eq!(
        record(&harness),
        before,
        "Esc left the keys where they were"
    );
    assert_eq!(harness.state().selection(), &selection);
    assert_eq!(undo_depth(harness.state_mut()), steps, "no undo step");
}

#[test]
fn delete_and_right_click_remove_slot_keys_and_one_undo_restores_them() {
    let mut harness = keyed_harness();
    let before = record(&harness);
    let p = at(&harness, 0.3);
    click(&mut harness, p);
    for t in [0.6, 1.0] {
        let q = at(&harness, t);
        press(&mut harness, q, PointerButton::Primary, Modifiers::SHIFT);
    }
    assert_eq!(harness.state().selected_slot_keys().len(), 3);
    harness.key_press(Key::Delete);
    harness.run_steps(2);
    let after = record(&harness);
    assert!(after.slots.is_empty(), "{:?}", after.slots);
    assert_eq!(after.keys, before.keys, "bone keys untouched");
    assert!(
        slot_key_position(&harness.ctx, SLOT, 0.3).is_none(),
        "the slot row is gone"
    );
    undo(&mut harness);
    assert_eq!(record(&harness), before, "one undo restores them exactly");

    harness.run_steps(10);
    let q = at(&harness, 0.6);
    press(&mut harness, q, PointerButton::Secondary, Modifiers::NONE);
    let times: Vec<f64> = slot_keys(&harness).iter().map(|k| k.0).collect();
    assert_eq!(times, vec![0.3, 1.0]);
    undo(&mut harness);
    assert_eq!(record(&harness), before);
}

/// Shift + drag a box from head's row (2) to the slot row around 0.6 s.
fn band_select(harness: &mut Harness<'_, Editor>) {
    let from = key_position(&harness.ctx, 2, 0.55).expect("head's row") - egui::vec2(0.0, 8.0);
    let to = at(harness, 0.65) + egui::vec2(0.0, 8.0);
    drag_with(harness, from, to, Modifiers::SHIFT);
}

#[test]
fn a_rubber_band_takes_bone_and_slot_keys_which_move_and_paste_together() {
    let mut harness = keyed_harness();
    let before = record(&harness);
    band_select(&mut harness);
    let bones = harness.state().animation().selected_keys();
    assert!(
        bones.iter().any(|(b, t)| b == "head" && *t == 0.6),
        "{bones:?}"
    );
    assert_eq!(harness.state().selected_slot_keys(), vec![id(0.6)]);
    let count = bones.len() + 1;
    harness.get_by_label_contains(&format!("{count} keys selected"));

    // Dragging the slot key moves the bone keys with it.
    let (from, to) = (at(&harness, 0.6), at(&harness, 0.8));
    drag_with(&mut harness, from, to, Modifiers::NONE);
    let moved = record(&harness);
    assert!(
        moved
            .slots
            .iter()
            .any(|k| k.time == 0.8 && k.color == Some([1.0, 0.0, 0.0, 1.0]))
    );
    assert!(moved.keys.iter().any(|k| k.bone == "head" && k.time == 0.8));
    assert!(!moved.keys.iter().any(|k| k.bone == "head" && k.time == 0.6));
    undo(&mut harness);
    assert_eq!(record(&harness), before, "one undo step");

    // Copied and pasted at the playhead, the slot key comes along.
    band_select(&mut harness);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::C);
    harness
        .state_mut()
        .run(limber::editor::commands::Command::Clip(
            limber::editor::commands::ClipCommand::SetTime { time: 0.2 },
        ));
    harness.key_press_modifiers(Modifiers::COMMAND, Key::V);
    harness.run_steps(1);
    let pasted = record(&harness);
    assert_eq!(pasted.keys.len(), before.keys.len() + bones.len());
    let key = pasted
        .slots
        .iter()
        .find(|k| k.time == 0.2)
        .expect("a pasted slot key");
    assert_eq!(key.color, Some([1.0, 0.0, 0.0, 1.0]));
    assert_eq!(harness.state().selected_slot_keys(), vec![id(0.2)]);
    undo(&mut harness);
    assert_eq!(record(&harness), before, "the paste is one undo step");
}

#[test]
fn clicking_the_attachment_already_shown_keys_it_at_the_playhead() {
    use egui_kittest::kittest::NodeT;
    // Tall enough that the slot's whole section shows without scrolling.
    let mut harness = editor_harness::harness_sized(
        editor_harness::sample_editor(),
        egui::Vec2::new(1280.0, 1400.0),
    );
    harness
        .state_mut()
        .run(limber::editor::commands::Command::Clip(
            limber::editor::commands::ClipCommand::SetTime { time: 0.5 },
        ));
    harness.run_steps(2);
    assert!(slot_keys(&harness).is_empty(), "no slot key yet");
    let depth = undo_depth(harness.state_mut());
    harness
        .get_all_by_label(SLOT)
        .find(|n| n.accesskit_node().role() == egui::accesskit::Role::RadioButton)
        .expect("the shown attachment's radio button")
        .click();
    harness.run_steps(2);
    assert_eq!(
        slot_keys(&harness),
        [(0.5, Some(Some(SLOT.to_string())), None)],
        "{}",
        harness.state().status()
    );
    assert_eq!(undo_depth(harness.state_mut()), depth + 1, "one step");
    // A second click on it changes nothing more.
    harness
        .get_all_by_label(SLOT)
        .find(|n| n.accesskit_node().role() == egui::accesskit::Role::RadioButton)
        .expect("the radio button")
        .click();
    harness.run_steps(2);
    assert_eq!(slot_keys(&harness).len(), 1);
    assert_eq!(undo_depth(harness.state_mut()), depth + 1);
}
