//! The slots panel and the skins list, driven through the editor's UI (egui_kittest) on the bundled
//! sample: the part's own slot is written out the first time it changes (blend, colour, name), a
//! PNG becomes a second attachment, choosing an attachment sets the setup or, animating, keys it at
//! the playhead, colour fields key the colour, skins show their own attachment in place of the
//! setup one, and a deleted slot takes its parts with it. Every action is one undo step. At
//! 1024 × 640 every slot control is reached by scrolling the left panel, never sideways, and a long
//! slot name ends in an ellipsis at the panel's edge (whole on hover).

use std::path::{Path, PathBuf};

use eframe::egui::{Event, Key, Modifiers, PointerButton, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use limber::core::slots::Blend;
use limber::editor::commands::{Command, FileCommand};
use limber::editor::editor::{Editor, Mode};

use crate::common::editor_harness;
use editor_harness::{click_point, harness_sized, sample_editor, undo_depth};
use limber::editor::jobs::JobKind;

const PART: &str = "kenney_zombie_walk0";

fn key_png() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/sprites/kenney_keyBlue.png")
}

/// Clicks the topmost widget labelled `label`.
fn click(harness: &mut Harness<'_, Editor>, label: &str) {
    let at = center(harness, label);
    click_point(harness, at);
}

fn center(harness: &Harness<'_, Editor>, label: &str) -> Pos2 {
    harness
        .get_all_by_label(label)
        .map(|n| n.rect().center())
        .min_by(|a, b| a.y.total_cmp(&b.y))
        .unwrap_or_else(|| panic!("a widget labelled {label:?}"))
}

/// The sample (which opens animating its clip) in Bones mode, where the panel sets the setup; its
/// one slot's section shows open (a project of few slots starts so).
fn opened() -> Harness<'static, Editor> {
    // Tall enough that the slot's whole section shows above the timeline without scrolling.
    let size = eframe::egui::Vec2::new(1280.0, 1200.0);
    let mut harness = harness_sized(sample_editor(), size);
    harness
        .state_mut()
        .run(limber::editor::commands::Command::SetMode(Mode::Bones));
    harness.run_steps(1);
    assert!(
        harness.query_by_label("Delete slot").is_some(),
        "the section is open"
    );
    harness
}

/// Chooses `choice` in the combo box labelled `label`.
fn choose(harness: &mut Harness<'_, Editor>, label: &str, choice: &str) {
    click(harness, label);
    let at = harness
        .get_all_by_label(choice)
        .map(|n| n.rect().center())
        .max_by(|a, b| a.y.total_cmp(&b.y))
        .unwrap_or_else(|| panic!("a choice {choice:?}"));
    click_point(harness, at);
}

/// Types `text` into the field labelled `label` (all of its text replaced) and presses Enter.
fn type_into(harness: &mut Harness<'_, Editor>, label: &str, text: &str) {
    click(harness, label);
    harness.event(Event::Key {
        key: Key::A,
        physical_key: None,
        pressed: true,
        repeat: false,
        modifiers: Modifiers::COMMAND,
    });
    harness.run_steps(1);
    harness.event(Event::Text(text.to_string()));
    harness.run_steps(1);
    harness.key_press(Key::Enter);
    harness.run_steps(2);
}

/// The document's written slots.
fn written_slots<'a>(harness: &'a Harness<'_, Editor>) -> &'a [limber::core::slots::SlotRecord] {
    &harness.state().document().project.rig.slots.slots
}

#[test]
fn blend_writes_the_parts_slot_out_in_one_undo_step() {
    let mut harness = opened();
    assert!(written_slots(&harness).is_empty());
    let steps = undo_depth(harness.state_mut());
    choose(&mut harness, "Blend", "multiply");
    let slots = &harness.state().document().project.rig.slots.slots;
    assert_eq!(slots.len(), 1, "{}", harness.state().status());
    assert_eq!(slots[0].name, PART);
    assert_eq!(slots[0].blend, Blend::Multiply);
    assert_eq!(slots[0].attachments[0].part(), Some(PART));
    assert_eq!(slots[0].setup.as_deref(), Some(PART));
    assert_eq!(undo_depth(harness.state_mut()), steps + 1);
    harness.state_mut().undo();
    assert!(written_slots(&harness).is_empty());
}

#[test]
fn attachment_from_png_then_setup_and_keyed_swaps() {
    let mut harness = opened();
    click(&mut harness, "+ attachment");
    assert_eq!(harness.state().selection().slot(), Some(PART));
    let steps = undo_depth(harness.state_mut());
    assert!(
        harness
            .state_mut()
            .run(Command::File(FileCommand::AddAttachment(key_png())))
            .is_done(),
        "{}",
        harness.state().status()
    );
    harness.run_steps(2);
    assert_eq!(
        undo_depth(harness.state_mut()),
        steps + 1,
        "one step for part and slot"
    );
    let project = &harness.state().document().project;
    assert_eq!(project.parts.len(), 2);
    let slot = &project.rig.slots.slots[0];
    let names: Vec<&str> = slot.attachments.iter().map(|a| a.name()).collect();
    assert_eq!(names, [PART, "kenney_keyBlue"]);
    assert_eq!(slot.setup.as_deref(), Some(PART), "the setup stays");

    // Setup: choose the new attachment.
    click(&mut harness, "kenney_keyBlue");
    let slot = &harness.state().document().project.rig.slots.slots[0];
    assert_eq!(slot.setup.as_deref(), Some("kenney_keyBlue"));
    harness.state_mut().undo();
    let slot = &harness.state().document().project.rig.slots.slots[0];
    assert_eq!(slot.setup.as_deref(), Some(PART));

    // Animating: the choice keys the clip at the playhead; before it the setup shows.
    harness
        .state_mut()
        .run(limber::editor::commands::Command::SetMode(Mode::Animate));
    harness
        .state_mut()
        .run(limber::editor::commands::Command::Clip(
            limber::editor::commands::ClipCommand::SetTime { time: 0.5 },
        ));
    harness.run_steps(2);
    click(&mut harness, "kenney_keyBlue");
    let editor = harness.state();
    let clip = editor.current_clip().expect("the sample has a clip");
    let keys = &clip.to_record().slots;
    assert_eq!(keys.len(), 1, "{}", editor.status());
    assert_eq!(keys[0].time, editor.animation().playhead());
    assert_eq!(keys[0].attachment, Some(Some("kenney_keyBlue".to_string())));
    let shown = |editor: &Editor| editor.slots().rows()[0].shown.clone();
    assert_eq!(shown(editor).as_deref(), Some("kenney_keyBlue"));
    assert_eq!(
        editor.document().project.rig.slots.slots[0]
            .setup
            .as_deref(),
        Some(PART),
        "animating does not change the setup"
    );
}

#[test]
fn colour_field_keys_the_colour_at_the_playhead() {
    let mut harness = opened();
    harness
        .state_mut()
        .run(limber::editor::commands::Command::SetMode(Mode::Animate));
    harness
        .state_mut()
        .run(limber::editor::commands::Command::Clip(
            limber::editor::commands::ClipCommand::SetTime { time: 0.25 },
        ));
    harness.run_steps(2);
    let steps = undo_depth(harness.state_mut());
    let at = center(&harness, "A");
    // A drag of the alpha field to the left: one undo step for the whole drag.
    harness.event(Event::PointerMoved(at));
    harness.run_steps(1);
    harness.event(Event::PointerButton {
        pos: at,
        button: PointerButton::Primary,
        pressed: true,
        modifiers: Modifiers::NONE,
    });
    harness.run_steps(1);
    for i in 1..=10 {
        harness.event(Event::PointerMoved(
            at - eframe::egui::vec2(6.0 * i as f32, 0.0),
        ));
        harness.run_steps(1);
    }
    harness.event(Event::PointerButton {
        pos: at - eframe::egui::vec2(60.0, 0.0),
        button: PointerButton::Primary,
        pressed: false,
        modifiers: Modifiers::NONE,
    });
    harness.run_steps(2);
    let editor = harness.state();
    let keys = editor.current_clip().expect("a clip").to_record().slots;
    assert_eq!(keys.len(), 1, "{}", editor.status());
    let color = keys[0].color.expect("a colour key");
    assert_eq!(&color[..3], &[1.0, 1.0, 1.0]);
    assert!(color[3] < 0.9 && color[3] >= 0.0, "alpha {}", color[3]);
    let row = &editor.slots().rows()[0];
    assert!((row.color[3] - color[3]).abs() < 1e-12);
    assert!(
        editor.document().project.rig.slots.slots.is_empty(),
        "keying leaves the part's own slot as it was"
    );
    assert_eq!(
        undo_depth(harness.state_mut()),
        steps + 1,
        "one drag, one step"
    );
}

#[test]
fn adding_an_attachment_moves_nothing_under_the_pointer() {
    let mut harness = opened();
    let delete_before = harness.get_by_label("Delete slot").rect();
    click(&mut harness, "+ attachment");
    let pointer = center(&harness, "+ attachment");
    assert!(
        harness
            .state_mut()
            .run(Command::File(FileCommand::AddAttachment(key_png())))
            .is_done()
    );
    harness.run_steps(2);
    assert!(
        harness.query_by_label("kenney_keyBlue").is_some(),
        "the new attachment is listed"
    );
    // The part's own controls went and the list grew, so the rows under the pointer changed;
    // Delete slot, by the name above them, did not move and is nowhere near the pointer.
    let delete = harness.get_by_label("Delete slot").rect();
    assert_eq!(delete, delete_before);
    assert!(
        !delete.contains(pointer),
        "Delete slot is not under the pointer: {delete:?}"
    );
}

#[test]
fn a_skin_shows_its_own_attachment_in_place_of_the_setup_one() {
    let mut harness = opened();
    click(&mut harness, "+ skin");
    assert_eq!(harness.state().slots().active_skin(), "skin");
    click(&mut harness, "+ attachment");
    assert!(
        harness
            .state_mut()
            .run(Command::File(FileCommand::AddAttachment(key_png())))
            .is_done()
    );
    harness.run_steps(2);
    let set = &harness.state().document().project.rig.slots;
    let skin = set.skin("skin").expect("the new skin");
    assert_eq!(
        skin.slots[PART].get(PART).map(String::as_str),
        Some("kenney_keyBlue"),
        "the skin maps the setup attachment to the new one"
    );
    assert_eq!(
        harness.state().slots().rows()[0].shown.as_deref(),
        Some("kenney_keyBlue")
    );
    choose(&mut harness, "Skin", "default");
    assert_eq!(harness.state().slots().active_skin(), "default");
    assert_eq!(
        harness.state().slots().rows()[0].shown.as_deref(),
        Some(PART)
    );
    choose(&mut harness, "Skin", "skin");
    type_into(&mut harness, "Skin name", "gold");
    assert_eq!(harness.state().slots().active_skin(), "gold");
    click(&mut harness, "Duplicate skin");
    assert_eq!(harness.state().slots().active_skin(), "gold copy");
    assert_eq!(
        harness.state().slots().rows()[0].shown.as_deref(),
        Some("kenney_keyBlue"),
        "the copy maps the same"
    );
    click(&mut harness, "Delete skin");
    assert_eq!(harness.state().slots().skin_names(), ["default", "gold"]);
    assert_eq!(harness.state().slots().active_skin(), "default");
}

#[test]
fn renaming_moving_and_deleting_slots() {
    let mut harness = opened();
    type_into(&mut harness, "Name", "body");
    let set = &harness.state().document().project.rig.slots;
    assert_eq!(set.slots[0].name, "body", "{}", harness.state().status());
    assert_eq!(
        harness.state().document().project.parts[0].name,
        PART,
        "the part keeps its name"
    );
    click(&mut harness, "+ slot");
    let rows = harness.state().slots().rows();
    assert_eq!(rows[0].name, "slot", "the new slot is in front");
    assert!(rows[0].draw_order > rows[1].draw_order);
    // The body slot's section: move it to the front.
    let up = harness
        .get_all_by_label("Forward")
        .map(|n| n.rect().center())
        .max_by(|a, b| a.y.total_cmp(&b.y))
        .expect("the body slot's Forward");
    click_point(&mut harness, up);
    let rows = harness.state().slots().rows();
    assert_eq!(rows[0].name, "body", "{}", harness.state().status());
    let steps = undo_depth(harness.state_mut());
    click(&mut harness, "Delete slot");
    let project = &harness.state().document().project;
    assert!(project.parts.is_empty(), "the slot's part goes with it");
    assert_eq!(project.slots().len(), 1);
    assert_eq!(undo_depth(harness.state_mut()), steps + 1);
    harness.state_mut().undo();
    assert_eq!(harness.state().document().project.parts.len(), 1);
    assert_eq!(harness.state().slots().rows()[0].name, "body");
}

#[test]
fn a_tagged_layered_file_brings_its_slots_and_skins_into_the_editor() {
    let face = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/tagged_face/face.ora");
    let dir = std::env::temp_dir().join(format!("limber-editor-slots-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let copy = dir.join("face.ora");
    std::fs::copy(&face, &copy).unwrap();
    // Into the sample, beside its part: the file's slots and skins join the document's.
    let mut editor = sample_editor();
    editor.run(Command::File(FileCommand::ImportLayered(copy.clone())));
    let answer = FileCommand::AnswerLayered {
        new_document: false,
    };
    assert!(
        editor.run(Command::File(answer)).is_done(),
        "{}",
        editor.status()
    );
    editor.finish_job(JobKind::Import);
    let set = &editor.document().project.rig.slots;
    let eyes = set
        .slots
        .iter()
        .find(|s| s.name == "eyes")
        .unwrap_or_else(|| panic!("an eyes slot: {}", editor.status()));
    assert!(eyes.attachments.len() >= 2, "open and closed");
    let parts: Vec<&str> = editor
        .document()
        .project
        .parts
        .iter()
        .map(|p| p.name.as_str())
        .collect();
    for attachment in &eyes.attachments {
        let part = attachment.part().expect("a mesh attachment");
        assert!(parts.contains(&part), "{part} is a part: {parts:?}");
    }
    assert_eq!(set.skins.len(), 2, "both [skin] groups");
    assert!(parts.contains(&PART), "the sample's part stays");
    // The panel lists the slot with what it shows.
    let mut harness = editor_harness::harness_with(editor);
    harness.run_steps(2);
    assert!(harness.query_all_by_label_contains("eyes").next().is_some());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn at_1024_by_640_every_slot_control_is_reached_by_scrolling_the_left_panel_never_sideways() {
    let mut harness = harness_sized(sample_editor(), eframe::egui::Vec2::new(1024.0, 640.0));
    harness
        .state_mut()
        .run(limber::editor::commands::Command::SetMode(Mode::Bones));
    harness.run_steps(2);
    let panel_right = limber::app::ui::viewport_rect(&harness.ctx)
        .expect("laid out")
        .left();
    // The last controls of the slot's section: scrolled into view, each lies within the panel.
    for label in ["+ Clip", "+ Box", "Blend", "Delete slot", "+ attachment"] {
        harness.get_by_label(label).scroll_to_me();
        harness.run_steps(3);
        let rect = harness.get_by_label(label).rect();
        assert!(
            rect.right() <= panel_right && rect.left() >= 0.0,
            "{label} at {rect:?}, the panel ends at {panel_right}"
        );
    }
    // The section shows as a whole, not through a slit: with the last control in view, the
    // colour fields above it are in view too, between the menu bar and the timeline.
    harness.get_by_label("+ Clip").scroll_to_me();
    harness.run_steps(3);
    let bottom = limber::app::ui::timeline_rect(&harness.ctx)
        .expect("laid out")
        .top();
    for label in ["+ Clip", "Blend", "Colour"] {
        let rect = harness.get_by_label(label).rect();
        assert!(
            rect.top() >= 30.0 && rect.bottom() <= bottom,
            "{label} in view at once: {rect:?}, the timeline starts at {bottom}"
        );
    }
    // And it works where it is: + Box starts drawing a box.
    harness.get_by_label("+ Box").scroll_to_me();
    harness.run_steps(3);
    let at = harness.get_by_label("+ Box").rect().center();
    click_point(&mut harness, at);
    assert!(
        harness.state().slots().drawing().is_some(),
        "{}",
        harness.state().status()
    );
}

#[test]
fn a_long_slot_name_ends_in_an_ellipsis_within_the_panel() {
    let long = "character_left_forearm_with_bracelet_and_very_long_layer_name";
    let mut editor = sample_editor();
    let rename = limber::editor::commands::SlotCommand::Rename {
        slot: "kenney_zombie_walk0".into(),
        to: long.into(),
    };
    assert!(editor.run(Command::Slot(rename)).is_done());
    let harness = harness_sized(editor, eframe::egui::Vec2::new(1024.0, 640.0));
    let panel_right = limber::app::ui::viewport_rect(&harness.ctx)
        .expect("laid out")
        .left();
    let header = harness
        .get_all_by_label_contains("character_left_forearm")
        .find(|n| n.rect().left() < panel_right && n.value().is_none())
        .expect("the slot's header");
    let rect = header.rect();
    assert!(
        rect.right() <= panel_right + 1.0,
        "{rect:?} passes the panel's edge at {panel_right}"
    );
}
