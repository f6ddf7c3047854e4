//! The timeline through the editor's egui UI (egui_kittest, no window): the dopesheet's rubber band
//! (Shift + drag), moving the selected keys together, Ctrl+C / Ctrl+V at the playhead, Delete — each
//! one undo step — the clip's frame rate snapping the playhead, keys and playback, and a click on
//! the ruler landing on a frame (a hundredth of a second without a rate; 0 at its start). More in the
//! modules: the ruler's labels, key navigation, rows and their headers (`navigation.rs`), the
//! divider (`layout.rs`), copy and paste without a clipboard (`clipboard.rs`), and rotating a bone
//! by angle in the viewport (`rotation.rs`).

use eframe::egui::{self, Event, Key, Modifiers, PointerButton, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use limber::app::timeline::key_position;
use limber::editor::commands::Command;
use limber::editor::document::Document;
use limber::editor::editor::Editor;

use crate::common::editor_harness;
use editor_harness::{drag_with, harness};
use limber::editor::commands::FileCommand;

mod clipboard;
mod layout;
mod navigation;
mod rotation;

fn at(harness: &Harness<'_, Editor>, row: usize, t: f64) -> Pos2 {
    key_position(&harness.ctx, row, t).expect("the dopesheet was drawn")
}

fn click(harness: &mut Harness<'_, Editor>, p: Pos2) {
    harness.event(Event::PointerMoved(p));
    harness.run_steps(1);
    for pressed in [true, false] {
        harness.event(Event::PointerButton {
            pos: p,
            button: PointerButton::Primary,
            pressed,
            modifiers: Modifiers::NONE,
        });
        harness.run_steps(1);
    }
}

/// (bone, time) of every key of the current clip, sorted.
fn keys(editor: &Editor) -> Vec<(String, f64)> {
    let mut keys: Vec<(String, f64)> = editor
        .current_clip()
        .unwrap()
        .to_record()
        .keys
        .into_iter()
        .map(|k| (k.bone, k.time))
        .collect();
    keys.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.total_cmp(&b.1)));
    keys
}

fn id(bone: &str, t: f64) -> (String, f64) {
    (bone.to_string(), t)
}

/// Shift + drag a box around hip's and head's keys at 0.6 s (rows 0 and 2).
fn band_select(harness: &mut Harness<'_, Editor>) {
    let from = at(harness, 0, 0.45) - egui::vec2(0.0, 8.0);
    let to = at(harness, 2, 0.75) + egui::vec2(0.0, 8.0);
    drag_with(harness, from, to, Modifiers::SHIFT);
}

#[test]
fn a_rubber_band_selects_keys_and_dragging_one_moves_them_together() {
    let mut harness = harness();
    band_select(&mut harness);
    let mut selected = harness.state().animation().selected_keys();
    selected.sort_by(|a, b| a.0.cmp(&b.0));
    assert_eq!(selected, vec![id("head", 0.6), id("hip", 0.6)]);

    let before = keys(harness.state());
    let from = at(&harness, 0, 0.6);
    let to = at(&harness, 0, 0.8);
    drag_with(&mut harness, from, to, Modifiers::NONE);
    let after = keys(harness.state());
    assert_eq!(after.len(), before.len());
    for bone in ["hip", "head"] {
        assert!(after.contains(&id(bone, 0.8)), "{bone} moved: {after:?}");
        assert!(
            !after.contains(&id(bone, 0.6)),
            "{bone} left 0.6: {after:?}"
        );
    }
    assert!(after.contains(&id("arm_l", 0.6)), "unselected keys stay");
    assert_eq!(
        harness.state().animation().selected_keys().len(),
        2,
        "the moved keys stay selected"
    );
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(1);
    assert_eq!(keys(harness.state()), before, "one undo step");
}

#[test]
fn copy_paste_at_the_playhead_and_delete_are_one_undo_step_each() {
    let mut harness = harness();
    band_select(&mut harness);
    let before = keys(harness.state());
    harness.key_press_modifiers(Modifiers::COMMAND, Key::C);
    harness.run_steps(1);
    assert_eq!(keys(harness.state()), before, "copying changes nothing");
    harness
        .state_mut()
        .run(limber::editor::commands::Command::Clip(
            limber::editor::commands::ClipCommand::SetTime { time: 0.2 },
        ));
    harness.key_press_modifiers(Modifiers::COMMAND, Key::V);
    harness.run_steps(1);
    let pasted = keys(harness.state());
    assert_eq!(pasted.len(), before.len() + 2);
    assert!(pasted.contains(&id("hip", 0.2)) && pasted.contains(&id("head", 0.2)));
    // The pasted keys carry the copied values.
    let record = harness.state().current_clip().unwrap().to_record();
    let value = |t: f64| {
        record
            .keys
            .iter()
            .find(|k| k.bone == "hip" && k.time == t)
            .and_then(|k| k.rotate)
    };
    assert_eq!(value(0.2), value(0.6));
    // Pasting past the end is refused with a status line.
    harness
        .state_mut()
        .run(limber::editor::commands::Command::Clip(
            limber::editor::commands::ClipCommand::SetTime { time: 1.19 },
        ));
    let revision = harness.state().document().revision();
    // The band's two keys share one time, so they fit anywhere: copy a wider pair first.
    harness
        .state_mut()
        .run(limber::editor::commands::Command::Key(
            limber::editor::commands::KeyCommand::Select(
                vec![id("hip", 0.3), id("hip", 0.9)]
                    .into_iter()
                    .map(limber::editor::key_selection::KeyRef::Bone)
                    .collect(),
            ),
        ));
    harness.key_press_modifiers(Modifiers::COMMAND, Key::C);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::V);
    harness.run_steps(1);
    assert_eq!(harness.state().document().revision(), revision);
    assert!(
        harness.state().status().contains("do not fit"),
        "{}",
        harness.state().status()
    );
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(1);
    assert_eq!(keys(harness.state()), before, "the paste is one undo step");

    band_select(&mut harness);
    // The inspector says what is selected and offers to delete it.
    harness.get_by_label_contains("2 keys selected");
    harness.key_press(Key::Delete);
    harness.run_steps(1);
    let deleted = keys(harness.state());
    assert_eq!(deleted.len(), before.len() - 2);
    assert!(!deleted.contains(&id("hip", 0.6)) && !deleted.contains(&id("head", 0.6)));
    assert_eq!(
        harness.state().document().project.rig.skeleton.bones.len(),
        7,
        "Delete took the keys, not a bone"
    );
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(1);
    assert_eq!(keys(harness.state()), before, "the delete is one undo step");
}

#[test]
fn a_frame_rate_snaps_the_playhead_keys_and_playback_and_is_saved() {
    let mut harness = harness();
    assert_eq!(
        harness
            .state_mut()
            .run(limber::editor::commands::Command::Clip(
                limber::editor::commands::ClipCommand::SetFps { fps: Some(10) }
            )),
        limber::editor::commands::Outcome::Done
    );
    harness.run_steps(1);
    // Scrubbing lands on frames.
    let p = at(&harness, 0, 0.43);
    click(&mut harness, p);
    assert!(
        (harness.state().playback().time() - 0.4).abs() < 1e-12,
        "{}",
        harness.state().playback().time()
    );
    // A dragged key lands on a frame.
    let from = at(&harness, 0, 0.3);
    let to = at(&harness, 0, 0.46);
    drag_with(&mut harness, from, to, Modifiers::NONE);
    let now = keys(harness.state());
    assert!(now.contains(&id("hip", 0.5)), "{now:?}");
    // Playback shows whole frames.
    let editor = harness.state_mut();
    editor.run(limber::editor::commands::Command::Clip(
        limber::editor::commands::ClipCommand::SetTime { time: 0.0 },
    ));
    editor.run(limber::editor::commands::Command::PlayPause);
    editor.tick(0.16);
    assert!((editor.animation().playhead() - 0.1).abs() < 1e-12);
    editor.run(limber::editor::commands::Command::PlayPause);
    assert!(
        (editor.playback().time() - 0.1).abs() < 1e-12,
        "paused on the frame shown"
    );
    // Keys go on the frame shown.
    editor.run(limber::editor::commands::Command::Bone(
        limber::editor::commands::BoneCommand::Select { bone: Some(1) },
    ));
    editor.run(limber::editor::commands::Command::Clip(
        limber::editor::commands::ClipCommand::SetTime { time: 0.27 },
    ));
    editor.run(Command::KeySelected);
    assert!(keys(editor).contains(&id("spine", 0.2)));

    // Saved with the clip; a clip without one saves as before.
    let dir = std::env::temp_dir().join(format!("limber-fps-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("fps.limber");
    assert!(
        editor
            .run(Command::File(FileCommand::SaveAs(path.clone())))
            .is_done()
    );
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(
        text.matches("\"fps\":10").count(),
        1,
        "only shamble has one"
    );
    let reopened = Document::open(&path).unwrap();
    assert_eq!(reopened.project.rig.clips[0].fps, Some(10));
    assert_eq!(reopened.project.rig.clips[1].fps, None);
    // Out of range is refused with a line, the clip unchanged.
    let revision = editor.document().revision();
    assert_eq!(
        editor.run(limber::editor::commands::Command::Clip(
            limber::editor::commands::ClipCommand::SetFps { fps: Some(1000) }
        )),
        limber::editor::commands::Outcome::Unchanged
    );
    assert_eq!(editor.document().revision(), revision);
    assert!(editor.status().contains("fps 1000"), "{}", editor.status());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_click_on_the_ruler_lands_on_a_frame_or_a_hundredth_and_near_the_start_on_zero() {
    use limber::app::timeline::ruler_position;
    let mut harness = harness();
    let ruler = |h: &Harness<'_, Editor>, t: f64| ruler_position(&h.ctx, t).expect("drawn");
    // shamble has no frame rate: a click a point right of the start puts the playhead at 0 …
    harness
        .state_mut()
        .run(limber::editor::commands::Command::Clip(
            limber::editor::commands::ClipCommand::SetTime { time: 0.5 },
        ));
    harness.run_steps(1);
    let start = ruler(&harness, 0.0) + egui::vec2(1.0, 0.0);
    click(&mut harness, start);
    assert_eq!(harness.state().playback().time(), 0.0);
    // … and a key made there is at 0, not at a thousandth of a second.
    harness
        .state_mut()
        .run(limber::editor::commands::Command::Bone(
            limber::editor::commands::BoneCommand::Select { bone: Some(1) },
        ));
    harness.key_press(Key::K);
    harness.run_steps(1);
    assert!(
        keys(harness.state()).contains(&id("spine", 0.0)),
        "{:?}",
        keys(harness.state())
    );
    // Elsewhere on the ruler, a hundredth of a second.
    let p = ruler(&harness, 0.4537);
    click(&mut harness, p);
    let t = harness.state().playback().time();
    assert!((t * 100.0 - (t * 100.0).round()).abs() < 1e-9, "{t}");
    assert!((t - 0.4537).abs() <= 0.01, "{t}");
    // With a frame rate, a frame.
    harness
        .state_mut()
        .run(limber::editor::commands::Command::Clip(
            limber::editor::commands::ClipCommand::SetFps { fps: Some(24) },
        ));
    harness.run_steps(2);
    let p = ruler(&harness, 0.3);
    click(&mut harness, p);
    let frames = harness.state().playback().time() * 24.0;
    assert!((frames - frames.round()).abs() < 1e-9, "frame {frames}");
    assert!((frames - 7.2).abs() <= 1.0, "frame {frames}");
}
