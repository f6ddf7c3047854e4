//! The editor's slot edits through [`crate::edit::apply`]: renaming a part's own slot writes it out
//! and renders the same, a rename carries keys, skin entries and clipping ends, replacing the slots
//! drops what named a slot that is gone, and removing parts leaves no slot, skin or key showing
//! them.

use super::tests::{EYES, at, project, visible};
use crate::animation::slot_keys::SlotKeyRecord;
use crate::edit::{Edit, apply};

#[test]
fn renaming_a_parts_own_slot_writes_it_out_and_renders_the_same() {
    let mut project = project(EYES).unwrap();
    let before: Vec<_> = [0.0, 1.2, 1.6]
        .iter()
        .map(|&t| visible(&at(&project, t), &project))
        .collect();
    apply(
        &mut project,
        Edit::RenameSlot {
            from: "body".into(),
            to: "torso".into(),
        },
    )
    .unwrap();
    let torso = project
        .rig
        .slots
        .slots
        .iter()
        .find(|s| s.name == "torso")
        .expect("the part's slot is written out under its new name");
    assert_eq!(torso.attachments[0].part(), Some("body"));
    assert_eq!(torso.setup.as_deref(), Some("body"));
    assert_eq!(project.parts[0].name, "body", "the part keeps its name");
    let keys = &project.clip("blink").unwrap().to_record().slots;
    assert!(keys.iter().all(|k| k.slot != "body"));
    assert_eq!(keys.iter().filter(|k| k.slot == "torso").count(), 2);
    let after: Vec<_> = [0.0, 1.2, 1.6]
        .iter()
        .map(|&t| visible(&at(&project, t), &project))
        .collect();
    assert_eq!(after, before);
}

#[test]
fn renaming_a_written_slot_carries_its_skin_entries_and_refuses_a_taken_name() {
    let mut project = project(EYES).unwrap();
    apply(
        &mut project,
        Edit::RenameSlot {
            from: "eyes".into(),
            to: "look".into(),
        },
    )
    .unwrap();
    let red = project.rig.slots.skin("red").unwrap();
    assert_eq!(red.slots["look"]["open"], "red_open");
    assert!(!red.slots.contains_key("eyes"));
    let error = apply(
        &mut project,
        Edit::RenameSlot {
            from: "look".into(),
            to: "body".into(),
        },
    )
    .unwrap_err()
    .to_string();
    assert!(error.contains("no other slot has"), "{error}");
    let error = apply(
        &mut project,
        Edit::RenameSlot {
            from: "nose".into(),
            to: "snout".into(),
        },
    )
    .unwrap_err()
    .to_string();
    assert!(error.contains("no slot named \"nose\""), "{error}");
}

#[test]
fn replacing_the_slots_drops_keys_and_skin_entries_of_a_removed_slot() {
    let mut project = project(EYES).unwrap();
    let mut set = project.rig.slots.clone();
    set.slots.retain(|s| s.name != "eyes");
    apply(&mut project, Edit::SetSlots(Box::new(set))).unwrap();
    let keys = &project.clip("blink").unwrap().to_record().slots;
    assert!(keys.iter().all(|k| k.slot == "body"), "{keys:?}");
    assert!(project.rig.slots.skin("red").unwrap().slots.is_empty());
    // The eyes' parts are slots of their own again.
    let names: Vec<&str> = project.slots().iter().map(|s| s.name).collect();
    assert_eq!(names, ["body", "open", "closed", "red_open"]);
}

#[test]
fn removing_the_slot_a_clipping_ends_at_is_refused_naming_it() {
    let mut project = project(
        r#","slots":[{"name":"mask","draw_order":-1,"attachments":[{"name":"c","type":"clipping","bone":"root","end":"t","vertices":[[0,0],[9,0],[0,9]]}],"setup":"c"},{"name":"t","attachments":[]}]"#,
    )
    .unwrap();
    let before = project.clone();
    let mut set = project.rig.slots.clone();
    set.slots.retain(|s| s.name != "t");
    let error = apply(&mut project, Edit::SetSlots(Box::new(set)))
        .unwrap_err()
        .to_string();
    assert!(error.contains("no end slot \"t\""), "{error}");
    assert!(error.contains("\"c\""), "{error}");
    assert_eq!(project, before, "the project is unchanged");
}

#[test]
fn removed_parts_leave_no_attachment_skin_entry_or_key_showing_them() {
    let mut project = project(EYES).unwrap();
    apply(
        &mut project,
        Edit::SetSlotKey {
            clip: "blink".into(),
            key: SlotKeyRecord {
                slot: "eyes".into(),
                time: 1.8,
                attachment: Some(Some("red_open".into())),
                color: None,
                draw_order: None,
                interp: Default::default(),
            },
        },
    )
    .unwrap();
    let red_open = project
        .parts
        .iter()
        .position(|p| p.name == "red_open")
        .unwrap();
    apply(
        &mut project,
        Edit::RemoveParts {
            parts: vec![red_open],
        },
    )
    .unwrap();
    assert_eq!(project.parts.len(), 3);
    let eyes = &project.rig.slots.slots[0];
    assert!(eyes.attachments.iter().all(|a| a.name() != "red_open"));
    assert!(
        project.rig.slots.skin("red").unwrap().slots.is_empty(),
        "the red skin mapped only to the removed part"
    );
    let key = project
        .clip("blink")
        .unwrap()
        .to_record()
        .slots
        .into_iter()
        .find(|k| k.time == 1.8)
        .unwrap();
    assert_eq!(key.attachment, Some(None), "the key now shows nothing");
    assert!(
        apply(&mut project, Edit::RemoveParts { parts: vec![7] })
            .unwrap_err()
            .to_string()
            .contains("no part 7")
    );
}
