//! One undo step per user action, in five panels of the real editor UI (egui_kittest, no window):
//! the key fields, the bone inspector, the event inspector (its payload too), the skins and slots
//! panel (a slot's colour fields) and the constraints panel. A button is one step; a value typed
//! into a field is one step when the field is left (Enter), however many keys were typed; a drag
//! of a slider or a number field is one step. Each action is checked by the history's depth before
//! and after, and by one undo putting the project back.

use eframe::egui::{Key, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use glam::DVec2;
use limber::core::project::Project;
use limber::core::rig::RigFile;
use limber::editor::commands::{BoneCommand, Command};
use limber::editor::editor::{Editor, Mode};

use crate::common::editor_harness;
use editor_harness::{drag, harness, undo_depth};

/// The bone the panels act on (one with a parent, so it can take constraints and keys).
const BONE: usize = 1;

/// What one action did to the history: it added exactly one step, and undoing it gives `before`
/// back (then it is redone, so the next action starts from it).
fn one_step(harness: &mut Harness<'_, Editor>, depth: usize, before: &Project, what: &str) {
    let after = harness.state().document().project.clone();
    assert_ne!(&after, before, "{what} changed the project");
    assert_eq!(
        undo_depth(harness.state_mut()),
        depth + 1,
        "{what} is one undo step"
    );
    assert!(harness.state_mut().document_mut().undo());
    assert_eq!(
        &harness.state().document().project,
        before,
        "undoing {what} restores"
    );
    assert!(harness.state_mut().document_mut().redo());
    assert_eq!(harness.state().document().project, after);
    harness.run_steps(2);
}

/// Runs `action` on the harness and checks it was one undo step.
fn check(
    harness: &mut Harness<'static, Editor>,
    what: &str,
    action: impl FnOnce(&mut Harness<'static, Editor>),
) {
    let depth = undo_depth(harness.state_mut());
    let before = harness.state().document().project.clone();
    action(harness);
    one_step(harness, depth, &before, what);
}

/// The centre of the first widget labelled `label`.
fn centre(harness: &Harness<'_, Editor>, label: &str) -> DVec2 {
    let at = harness
        .query_all_by_label(label)
        .next()
        .unwrap_or_else(|| panic!("no widget labelled {label}"))
        .rect()
        .center();
    DVec2::new(f64::from(at.x), f64::from(at.y))
}

/// Clicks the first widget labelled `label`, runs two frames.
fn click(harness: &mut Harness<'_, Editor>, label: &str) {
    harness
        .query_all_by_label(label)
        .next()
        .unwrap_or_else(|| panic!("no widget labelled {label}"))
        .click();
    harness.run_steps(2);
}

/// Clicks the first field labelled `label`, selects what it holds, types `text` one key at a time
/// (a frame after each) and presses Enter.
fn type_into(harness: &mut Harness<'_, Editor>, label: &str, text: &str) {
    click(harness, label);
    type_text(harness, text);
}

/// Selects what the field with the keyboard holds, types `text` one key at a time (a frame after
/// each) and presses Enter.
fn type_text(harness: &mut Harness<'_, Editor>, text: &str) {
    harness.key_press_modifiers(eframe::egui::Modifiers::COMMAND, Key::A);
    harness.run_steps(1);
    for c in text.chars() {
        harness.event(eframe::egui::Event::Text(c.to_string()));
        harness.run_steps(1);
    }
    harness.key_press(Key::Enter);
    harness.run_steps(2);
}

/// Drags the first widget labelled `label` sideways by `dx` points.
fn drag_sideways(harness: &mut Harness<'_, Editor>, label: &str, dx: f64) {
    let from = centre(harness, label);
    drag(harness, from, from + DVec2::new(dx, 0.0));
    harness.run_steps(2);
}

/// The sample with `BONE` selected in `mode`, in a window tall enough for every section.
fn on_bone(mode: Mode) -> Harness<'static, Editor> {
    let mut harness = harness();
    harness.set_size(Vec2::new(1280.0, 1400.0));
    let editor = harness.state_mut();
    editor.run(Command::Bone(BoneCommand::Select { bone: Some(BONE) }));
    editor.run(Command::SetMode(mode));
    harness.run_steps(3);
    harness
}

#[test]
fn the_key_fields_type_drag_and_key_one_step_each() {
    let mut harness = on_bone(Mode::Animate);
    check(&mut harness, "typing a translation", |h| {
        type_into(h, "Translate x", "12")
    });
    check(&mut harness, "dragging the rotation field", |h| {
        drag_sideways(h, "Rotation", 40.0)
    });
    check(&mut harness, "the scale's key button", |h| {
        click(h, "Key scale")
    });
}

#[test]
fn the_bone_inspector_renames_drags_and_deletes_one_step_each() {
    let mut harness = on_bone(Mode::Bones);
    // "Name" is also each slot's field on the left: the inspector's is the right-most.
    check(&mut harness, "typing a bone name", |h| {
        let field = h
            .query_all_by_label("Name")
            .max_by(|a, b| a.rect().center().x.total_cmp(&b.rect().center().x))
            .expect("the inspector's Name field");
        field.click();
        h.run_steps(2);
        type_text(h, "forearm");
    });
    assert_eq!(
        harness.state().document().project.rig.skeleton.bones[BONE].name,
        "forearm"
    );
    check(&mut harness, "dragging the bone smoothness", |h| {
        drag_sideways(h, "bone smoothness (px)", -60.0)
    });
    check(&mut harness, "Delete bone", |h| click(h, "Delete bone"));
}

#[test]
fn the_event_inspector_types_a_name_a_time_and_a_payload_one_step_each() {
    let mut harness = on_bone(Mode::Animate);
    check(&mut harness, "+ event", |h| click(h, "+ event"));
    check(&mut harness, "typing an event name", |h| {
        type_into(h, "Event name", "footstep")
    });
    // The time is typed key by key into a field that takes each key as it comes.
    check(&mut harness, "typing an event time", |h| {
        type_into(h, "Event time", "0.25")
    });
    let event = harness
        .state()
        .current_clip()
        .and_then(|c| c.events.first().cloned())
        .expect("the event");
    assert_eq!((event.name.as_str(), event.time), ("footstep", 0.25));
    check(&mut harness, "the int payload", |h| click(h, "int"));
}

#[test]
fn the_skins_panel_adds_renames_and_duplicates_one_step_each() {
    let mut harness = on_bone(Mode::Animate);
    check(&mut harness, "+ skin", |h| click(h, "+ skin"));
    check(&mut harness, "typing a skin name", |h| {
        type_into(h, "Skin name", "winter")
    });
    assert!(
        harness
            .state()
            .document()
            .project
            .rig
            .slots
            .skins
            .iter()
            .any(|s| s.name == "winter")
    );
    check(&mut harness, "Duplicate skin", |h| {
        click(h, "Duplicate skin")
    });
    check(&mut harness, "+ slot", |h| click(h, "+ slot"));
}

#[test]
fn the_constraints_panel_adds_types_and_drags_one_step_each() {
    let mut harness = on_bone(Mode::Bones);
    check(&mut harness, "Add rotation limit", |h| {
        click(h, "Add rotation limit")
    });
    // A number field that takes each key as it comes: "-30" is three changes, one step.
    check(&mut harness, "typing a limit", |h| {
        type_into(h, "min / max (°)", "-30")
    });
    let rig = RigFile::from_rig(&harness.state().document().project.rig);
    assert_eq!(rig.constraints().limits[0].min, -30.0);
    check(&mut harness, "the Spring switch", |h| click(h, "Spring"));
    check(&mut harness, "dragging the spring mix", |h| {
        drag_sideways(h, "spring mix", -50.0)
    });
}

#[test]
fn every_name_field_refuses_an_empty_name_and_commits_on_enter() {
    let mut harness = on_bone(Mode::Animate);
    let clip = |h: &Harness<'_, Editor>| {
        h.state()
            .animation()
            .clip_name()
            .map(str::to_string)
            .expect("a clip")
    };
    let before = clip(&harness);
    let depth = undo_depth(harness.state_mut());
    // The clip's name field ("name" in the timeline): emptied and left, nothing changes.
    click(&mut harness, "name");
    harness.key_press_modifiers(eframe::egui::Modifiers::COMMAND, Key::A);
    harness.key_press(Key::Backspace);
    harness.run_steps(1);
    harness.key_press(Key::Enter);
    harness.run_steps(2);
    assert_eq!(clip(&harness), before, "an empty clip name is refused");
    assert_eq!(undo_depth(harness.state_mut()), depth, "and makes no step");
    // A real name commits once.
    check(&mut harness, "typing a clip name", |h| {
        type_into(h, "name", "stroll")
    });
    assert_eq!(clip(&harness), "stroll");
}

#[test]
fn typed_event_payloads_are_one_step_each_when_the_field_is_left() {
    let mut harness = on_bone(Mode::Animate);
    check(&mut harness, "+ event", |h| click(h, "+ event"));
    for payload in ["int", "float", "string"] {
        check(&mut harness, payload, |h| click(h, payload));
    }
    check(&mut harness, "typing an int payload", |h| {
        type_into(h, "Event int", "1234")
    });
    check(&mut harness, "typing a float payload", |h| {
        type_into(h, "Event float", "2.75")
    });
    check(&mut harness, "typing a string payload", |h| {
        type_into(h, "Event string", "step")
    });
    let event = harness
        .state()
        .current_clip()
        .and_then(|c| c.events.first().cloned())
        .expect("the event");
    assert_eq!(
        (event.int, event.float, event.string.as_deref()),
        (Some(1234), Some(2.75), Some("step"))
    );
}

#[test]
fn typed_rest_pose_and_slot_colour_values_are_one_step_each() {
    let mut harness = on_bone(Mode::Bones);
    check(&mut harness, "typing a head x", |h| {
        type_into(h, "head x", "-3.5")
    });
    let head = harness.state().document().project.rig.skeleton.bones[BONE].head();
    assert_eq!(head.x, -3.5);
    check(&mut harness, "typing a slot's red", |h| {
        type_into(h, "R", "0.25")
    });
    let slots = &harness.state().document().project.rig.slots.slots;
    assert_eq!(slots[0].color[0], 0.25, "the typed red is the slot's");
}
