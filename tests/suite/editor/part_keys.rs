//! Part keys in the dopesheet through the editor's egui UI (egui_kittest, no window): deform keys
//! and a draw-order key of the zombie's part get their own row below the bones; a click selects one
//! (the inspector says what it holds and deletes it), a drag moves it in time (its deform goes with
//! it; landing on another key of the part merges them, as bone keys do), Delete and right-click
//! delete, a rubber band takes bone and part keys together, and Ctrl+C / Ctrl+V paste them both —
//! each one undo step.

use eframe::egui::{self, Key, Modifiers, PointerButton, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use limber::app::timeline::{key_position, part_key_position};
use limber::core::animation::{ClipRecord, DeformRecord, PartKeyRecord};
use limber::core::edit::Edit;
use limber::editor::editor::Editor;

use crate::common::editor_harness;
use editor_harness::{drag_with, harness, press_with};

fn part(harness: &Harness<'_, Editor>) -> String {
    harness.state().document().project.parts[0].name.clone()
}

fn record(harness: &Harness<'_, Editor>) -> ClipRecord {
    harness.state().current_clip().unwrap().to_record()
}

/// (part, time) of every part key of the current clip, sorted.
fn part_keys(harness: &Harness<'_, Editor>) -> Vec<(String, f64)> {
    let mut keys: Vec<(String, f64)> = record(harness)
        .parts
        .into_iter()
        .map(|k| (k.part, k.time))
        .collect();
    keys.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.total_cmp(&b.1)));
    keys
}

fn id(name: &str, t: f64) -> (String, f64) {
    (name.to_string(), t)
}

/// The sample with, in "shamble", deform keys at 0.3 s (vertices 0 and 4) and 1.0 s (vertex 4) and
/// a draw-order key (2) at 0.6 s keyed as the Parts list's "Key order" does; the dopesheet scrolled
/// down so the part row shows.
fn keyed_harness() -> Harness<'static, Editor> {
    let mut harness = harness();
    let name = part(&harness);
    assert!(
        part_key_position(&harness.ctx, &name, 0.3).is_none(),
        "no part row without part keys"
    );
    let editor = harness.state_mut();
    let mut clip = editor.current_clip().unwrap().to_record();
    for (time, vertices, offsets) in [
        (0.3, vec![0, 4], vec![[3.0, 0.0], [0.0, -2.0]]),
        (1.0, vec![4], vec![[0.0, 6.0]]),
    ] {
        clip.parts.push(PartKeyRecord {
            part: name.clone(),
            time,
            draw_order: None,
            visible: None,
            deform: Some(DeformRecord { vertices, offsets }),
            interp: Default::default(),
        });
    }
    let clip_name = clip.name.clone();
    assert!(editor.apply(Edit::ReplaceClip {
        name: clip_name,
        clip
    }));
    editor.run(limber::editor::commands::Command::Clip(
        limber::editor::commands::ClipCommand::SetTime { time: 0.6 },
    ));
    assert!(editor.key_draw_order(0, 2));
    // The new part row is scrolled into view (the 180-point timeline shows about eight rows).
    harness.run_steps(10);
    harness
}

fn at(harness: &Harness<'_, Editor>, t: f64) -> Pos2 {
    part_key_position(&harness.ctx, &part(harness), t).expect("the dopesheet has a part row")
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
fn a_part_row_shows_the_part_keys_and_a_click_selects_one_for_the_inspector() {
    let mut harness = keyed_harness();
    let name = part(&harness);
    let p = at(&harness, 0.3);
    let last_bone = key_position(&harness.ctx, 6, 0.3).unwrap();
    assert!(p.y > last_bone.y, "the part row is below the bone rows");
    assert_eq!(p.x, last_bone.x, "on the same time axis");

    click(&mut harness, p);
    assert_eq!(
        harness.state().animation().selected_part_keys(),
        vec![id(&name, 0.3)]
    );
    assert!(
        harness.state().animation().selected_keys().is_empty(),
        "no bone key"
    );
    harness.get_by_label("Part key");
    harness.get_by_label_contains("deforms 2 vertices");

    let q = at(&harness, 0.6);
    click(&mut harness, q);
    assert_eq!(
        harness.state().animation().selected_part_keys(),
        vec![id(&name, 0.6)]
    );
    harness.get_by_label("draw order 2");
    // The inspector's button deletes it, one undo step.
    let before = record(&harness);
    harness.get_by_label("Delete key").click();
    harness.run_steps(2);
    assert_eq!(part_keys(&harness), vec![id(&name, 0.3), id(&name, 1.0)]);
    undo(&mut harness);
    assert_eq!(record(&harness), before);
    // Shift + click adds another one.
    click(&mut harness, q);
    press(&mut harness, p, PointerButton::Primary, Modifiers::SHIFT);
    assert_eq!(harness.state().animation().selected_part_keys().len(), 2);
    harness.get_by_label_contains("2 keys selected");
}

#[test]
fn dragging_a_part_key_moves_it_and_its_deform_in_time_in_one_undo_step() {
    let mut harness = keyed_harness();
    let name = part(&harness);
    let before = record(&harness);
    let sample = |harness: &Harness<'_, Editor>, t: f64| {
        harness
            .state()
            .current_clip()
            .unwrap()
            .sample_part(&name, t)
            .deform
    };
    let old = sample(&harness, 0.3);
    assert_ne!(
        sample(&harness, 0.5),
        old,
        "0.5 s is between two deform keys"
    );

    let (from, to) = (at(&harness, 0.3), at(&harness, 0.5));
    drag_with(&mut harness, from, to, Modifiers::NONE);
    assert_eq!(
        part_keys(&harness),
        vec![id(&name, 0.5), id(&name, 0.6), id(&name, 1.0)]
    );
    assert_eq!(sample(&harness, 0.5), old, "the deform moved with its key");
    assert_eq!(
        harness.state().animation().selected_part_keys(),
        vec![id(&name, 0.5)]
    );
    assert_eq!(record(&harness).keys, before.keys, "bone keys untouched");
    undo(&mut harness);
    assert_eq!(record(&harness), before, "one undo step");

    // Dropped on the draw-order key of the same part, the two merge (as bone keys do).
    let (from, to) = (at(&harness, 0.3), at(&harness, 0.6));
    drag_with(&mut harness, from, to, Modifiers::NONE);
    let merged = record(&harness);
    assert_eq!(merged.parts.len(), 2, "{:?}", merged.parts);
    let key = merged.parts.iter().find(|k| k.time == 0.6).unwrap();
    assert_eq!(key.draw_order, Some(2));
    assert_eq!(key.deform.as_ref().unwrap().vertices, vec![0, 4]);
    undo(&mut harness);
    assert_eq!(record(&harness), before);
}

#[test]
fn delete_and_right_click_remove_part_keys_and_one_undo_restores_them() {
    let mut harness = keyed_harness();
    let name = part(&harness);
    let before = record(&harness);
    let bones = harness.state().document().project.rig.skeleton.bones.len();
    let p = at(&harness, 0.3);
    click(&mut harness, p);
    for t in [0.6, 1.0] {
        let q = at(&harness, t);
        press(&mut harness, q, PointerButton::Primary, Modifiers::SHIFT);
    }
    assert_eq!(harness.state().animation().selected_part_keys().len(), 3);
    harness.key_press(Key::Delete);
    harness.run_steps(2);
    let after = record(&harness);
    assert!(after.parts.is_empty(), "{:?}", after.parts);
    assert_eq!(after.keys, before.keys, "bone keys untouched");
    assert_eq!(
        harness.state().document().project.rig.skeleton.bones.len(),
        bones,
        "Delete took the keys, not a bone"
    );
    assert!(
        part_key_position(&harness.ctx, &name, 0.3).is_none(),
        "the part row is gone"
    );
    undo(&mut harness);
    assert_eq!(record(&harness), before, "one undo restores them exactly");

    // Without part keys the dopesheet was shorter; the row is scrolled into view again.
    harness.run_steps(10);
    let q = at(&harness, 0.6);
    press(&mut harness, q, PointerButton::Secondary, Modifiers::NONE);
    assert_eq!(part_keys(&harness), vec![id(&name, 0.3), id(&name, 1.0)]);
    undo(&mut harness);
    assert_eq!(record(&harness), before);
}

/// Shift + drag a box from head's row (2) to the part row around 0.6 s.
fn band_select(harness: &mut Harness<'_, Editor>) {
    let from = key_position(&harness.ctx, 2, 0.55).unwrap() - egui::vec2(0.0, 8.0);
    let to = at(harness, 0.65) + egui::vec2(0.0, 8.0);
    drag_with(harness, from, to, Modifiers::SHIFT);
}

#[test]
fn a_rubber_band_takes_bone_and_part_keys_which_move_and_paste_together() {
    let mut harness = keyed_harness();
    let name = part(&harness);
    let before = record(&harness);
    band_select(&mut harness);
    let mut bones = harness.state().animation().selected_keys();
    bones.sort_by(|a, b| a.0.cmp(&b.0));
    let expected: Vec<(String, f64)> = ["arm_l", "arm_r", "head", "leg_l", "leg_r"]
        .iter()
        .map(|b| id(b, 0.6))
        .collect();
    assert_eq!(bones, expected);
    assert_eq!(
        harness.state().animation().selected_part_keys(),
        vec![id(&name, 0.6)]
    );
    harness.get_by_label_contains("6 keys selected");

    // Dragging the part key moves the bone keys with it.
    let (from, to) = (at(&harness, 0.6), at(&harness, 0.8));
    drag_with(&mut harness, from, to, Modifiers::NONE);
    let moved = record(&harness);
    assert!(
        moved
            .parts
            .iter()
            .any(|k| k.time == 0.8 && k.draw_order == Some(2))
    );
    for bone in ["head", "leg_r"] {
        assert!(moved.keys.iter().any(|k| k.bone == bone && k.time == 0.8));
        assert!(!moved.keys.iter().any(|k| k.bone == bone && k.time == 0.6));
    }
    assert!(moved.keys.iter().any(|k| k.bone == "hip" && k.time == 0.6));
    undo(&mut harness);
    assert_eq!(record(&harness), before, "one undo step");

    // Copied and pasted at the playhead, the part key comes along.
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
    assert_eq!(pasted.keys.len(), before.keys.len() + 5);
    let key = pasted.parts.iter().find(|k| k.time == 0.2).unwrap();
    assert_eq!(key.draw_order, Some(2));
    assert_eq!(
        harness.state().animation().selected_part_keys(),
        vec![id(&name, 0.2)]
    );
    undo(&mut harness);
    assert_eq!(record(&harness), before, "the paste is one undo step");
}
