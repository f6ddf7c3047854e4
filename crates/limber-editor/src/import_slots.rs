//! The slots and skins a layered file's tags made (`[slot]`, `[skin]`, opacity as alpha, blend
//! modes), merged into the document's when its layers are added as parts: parts renamed to fit
//! are renamed in the attachments, slots whose names are taken become "NAME 2", …, skins of one
//! name share their entries, and the file's draw orders move in front of the document's. A slot's
//! setup stays when it is one of its attachments or a placeholder its skins name (what the CLI's
//! `limber import` keeps too).

use std::collections::{HashMap, HashSet};

use limber_core::slots::{SkinRecord, SlotSet};

use super::slot_actions::unused;

/// `existing` with `imported` merged in. `renamed`: imported part name → the name it got; parts
/// missing from it were not added, and attachments showing them are dropped. `taken`: every slot
/// name of the document. `front`: added to the imported slots' draw orders.
pub fn merge_imported_slots(
    existing: &SlotSet,
    imported: SlotSet,
    renamed: &HashMap<String, String>,
    taken: &HashSet<String>,
    front: i32,
) -> SlotSet {
    let mut merged = existing.clone();
    let mut taken = taken.clone();
    let mut slot_names: HashMap<String, String> = HashMap::new();
    // What each imported slot's skins name as placeholders: a setup may be one (the `[skin]`
    // groups' `body`), shown through the active skin, not an attachment of the slot.
    let mut placeholders: HashMap<String, HashSet<String>> = HashMap::new();
    for skin in &imported.skins {
        for (slot, entries) in &skin.slots {
            placeholders
                .entry(slot.clone())
                .or_default()
                .extend(entries.keys().cloned());
        }
    }
    for mut slot in imported.slots {
        let skinned = placeholders.remove(&slot.name).unwrap_or_default();
        let name = unused(&taken, &slot.name);
        taken.insert(name.clone());
        slot_names.insert(slot.name.clone(), name.clone());
        slot.name = name;
        slot.draw_order = slot.draw_order.saturating_add(front);
        slot.attachments.retain_mut(|a| match a.part_mut() {
            Some(part) => match renamed.get(part.as_str()) {
                Some(new) => {
                    *part = new.clone();
                    true
                }
                None => false,
            },
            None => true,
        });
        let shown: HashSet<&str> = slot.attachments.iter().map(|a| a.name()).collect();
        if slot
            .setup
            .as_deref()
            .is_some_and(|s| !shown.contains(s) && !skinned.contains(s))
        {
            slot.setup = None;
        }
        merged.slots.push(slot);
    }
    for skin in imported.skins {
        let entries = skin
            .slots
            .into_iter()
            .filter_map(|(slot, map)| slot_names.get(&slot).map(|new| (new.clone(), map)));
        match merged.skins.iter_mut().find(|s| s.name == skin.name) {
            Some(same) => same.slots.extend(entries),
            None => merged.skins.push(SkinRecord {
                name: skin.name,
                slots: entries.collect(),
            }),
        }
    }
    if merged.active_skin.is_none() {
        merged.active_skin = imported.active_skin;
    }
    merged
}

#[cfg(test)]
mod tests {
    use super::*;
    use limber_core::slots::{AttachmentRecord, SlotRecord, WHITE};

    fn slot(name: &str, parts: &[&str]) -> SlotRecord {
        SlotRecord {
            name: name.into(),
            draw_order: 1,
            attachments: parts
                .iter()
                .map(|p| AttachmentRecord::mesh(*p, *p))
                .collect(),
            setup: parts.first().map(|p| p.to_string()),
            color: WHITE,
            blend: Default::default(),
        }
    }

    #[test]
    fn renamed_parts_taken_names_and_shared_skins_are_merged() {
        let existing = SlotSet {
            slots: vec![slot("eyes", &["old"])],
            skins: vec![SkinRecord {
                name: "red".into(),
                slots: [("eyes".to_string(), Default::default())].into(),
            }],
            active_skin: None,
        };
        let imported = SlotSet {
            slots: vec![slot("eyes", &["eyes/open", "eyes/closed"])],
            skins: vec![SkinRecord {
                name: "red".into(),
                slots: [(
                    "eyes".to_string(),
                    [("eyes/open".to_string(), "red/open".to_string())].into(),
                )]
                .into(),
            }],
            active_skin: Some("red".into()),
        };
        let renamed: HashMap<String, String> =
            [("eyes/open".to_string(), "eyes/open2".to_string())].into();
        let taken: HashSet<String> = ["eyes".to_string(), "body".to_string()].into();
        let merged = merge_imported_slots(&existing, imported, &renamed, &taken, 10);
        let new = &merged.slots[1];
        assert_eq!(new.name, "eyes 2");
        assert_eq!(new.draw_order, 11);
        let parts: Vec<_> = new.attachments.iter().map(|a| a.part()).collect();
        assert_eq!(parts, [Some("eyes/open2")], "closed was not added");
        assert_eq!(new.setup.as_deref(), Some("eyes/open"));
        let red = &merged.skins[0];
        assert!(red.slots.contains_key("eyes") && red.slots.contains_key("eyes 2"));
        assert_eq!(merged.skins.len(), 1);
        assert_eq!(merged.active_skin.as_deref(), Some("red"));
    }

    #[test]
    fn a_setup_that_names_a_skin_placeholder_is_kept() {
        let mut body = slot("body", &["light/body", "dark/body"]);
        body.setup = Some("body".into());
        let skin = |name: &str| SkinRecord {
            name: name.into(),
            slots: [(
                "body".to_string(),
                [("body".to_string(), format!("{name}/body"))].into(),
            )]
            .into(),
        };
        let imported = SlotSet {
            slots: vec![body],
            skins: vec![skin("light"), skin("dark")],
            active_skin: Some("light".into()),
        };
        let renamed: HashMap<String, String> = ["light/body", "dark/body"]
            .map(|p| (p.to_string(), p.to_string()))
            .into();
        let merged =
            merge_imported_slots(&SlotSet::default(), imported, &renamed, &HashSet::new(), 0);
        assert_eq!(merged.slots[0].setup.as_deref(), Some("body"));
    }
}
