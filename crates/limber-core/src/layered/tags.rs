//! Import tags in layer and group names, and the slots and skins they make.
//!
//! A tag starts a name (case ignored, spaces around it trimmed):
//! - `[ignore]` on a layer or a group: the layer, or everything in the group, is not imported;
//! - `[slot] NAME` on a group: its layers are the attachments of one slot `NAME` (each named like
//!   its layer), hidden ones included; the top visible one is the setup attachment;
//! - `[skin] NAME` on a group: its layers, hidden ones included, are the attachments of skin
//!   `NAME` (`[skin] default` makes skin `default 2`, with a warning: `default` is every project's
//!   own skin). A layer in a skin group belongs to the slot of the `[slot]` group around it, else to
//!   the slot named like the layer; its attachment is named `SKIN/LAYER`, and the skin maps the
//!   layer's name (the placeholder) to it. So the same layer name in several skin groups is one
//!   slot with one attachment per skin, not a duplicate. The top visible skin layer's skin becomes
//!   the project's active skin.
//!
//! Outside tagged groups a layer is a part of its own; one whose opacity is under 100 % or whose
//! blend mode is not normal gets a slot of its own to carry that colour and blend mode. A slot's
//! colour alpha and blend mode come from its shown layer (else its first).

use std::collections::BTreeMap;

use super::names::{Taken, clean_text};
use crate::slots::{AttachmentRecord, Blend, SkinRecord, SlotRecord, SlotSet};

/// What a tag in a name asks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Tag {
    Ignore,
    Slot(String),
    Skin(String),
}

/// The tag `name` starts with, if any (`[slot]` and `[skin]` need a name after them).
pub(super) fn tag(name: &str) -> Option<Tag> {
    let trimmed = name.trim_start();
    let rest = |key: &str| {
        trimmed
            .get(..key.len())
            .filter(|head| head.eq_ignore_ascii_case(key))
            .map(|_| clean_text(&trimmed[key.len()..]))
    };
    if rest("[ignore]").is_some() {
        return Some(Tag::Ignore);
    }
    if let Some(slot) = rest("[slot]").filter(|n| !n.is_empty()) {
        return Some(Tag::Slot(slot));
    }
    rest("[skin]").filter(|n| !n.is_empty()).map(Tag::Skin)
}

/// Whether a layer named `name` in `groups` (outermost first) is skipped by an `[ignore]` tag.
pub(super) fn ignored(name: &str, groups: &[String]) -> bool {
    std::iter::once(name)
        .chain(groups.iter().map(String::as_str))
        .any(|n| tag(n) == Some(Tag::Ignore))
}

/// Where a layer sits among tagged groups: the innermost `[slot]` and `[skin]` around it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct Role {
    pub slot: Option<String>,
    pub skin: Option<String>,
    /// Its skin group was named `default`, the skin every project has: the skin is imported as
    /// [`RENAMED_DEFAULT`] (and one warning says so).
    pub renamed_default: bool,
}

/// What a `[skin] default` group's skin is named instead: `default` is every project's own skin,
/// which no skin record may take.
pub(super) const RENAMED_DEFAULT: &str = "default 2";

impl Role {
    /// The role of a layer in `groups` (outermost first).
    pub fn of(groups: &[String]) -> Role {
        let mut role = Role::default();
        for group in groups {
            match tag(group) {
                Some(Tag::Slot(s)) => role.slot = Some(s),
                Some(Tag::Skin(s)) if s == crate::slots::DEFAULT_SKIN => {
                    role.skin = Some(RENAMED_DEFAULT.to_string());
                    role.renamed_default = true;
                }
                Some(Tag::Skin(s)) => {
                    role.skin = Some(s);
                    role.renamed_default = false;
                }
                _ => {}
            }
        }
        role
    }

    /// Whether it is in a `[slot]` or `[skin]` group (imported even when hidden).
    pub fn is_tagged(&self) -> bool {
        self.slot.is_some() || self.skin.is_some()
    }

    /// The part's name before it is made unique: `SLOT/LAYER`, `SKIN/LAYER`, `SLOT/SKIN/LAYER`, or
    /// the layer's own name outside tagged groups.
    pub fn part_name(&self, layer: &str) -> String {
        [self.slot.as_deref(), self.skin.as_deref(), Some(layer)]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join("/")
    }
}

/// Whether a layer is imported: not ignored, and visible or in a tagged group.
pub(super) fn wanted(name: &str, groups: &[String], visible: bool) -> bool {
    !ignored(name, groups) && (visible || Role::of(groups).is_tagged())
}

/// One imported layer, as the slots see it.
#[derive(Debug, Clone)]
pub(super) struct Entry {
    /// The layer's cleaned name (an attachment's or a placeholder's name).
    pub layer: String,
    /// The part made from it (unique in the project).
    pub part: String,
    pub role: Role,
    pub visible: bool,
    /// 0–1.
    pub alpha: f64,
    pub blend: Blend,
    /// Its index, bottom first (its draw order).
    pub index: usize,
}

/// A slot being gathered.
struct Gathered {
    name: String,
    /// (entry index, attachment name).
    attachments: Vec<(usize, String)>,
    taken: Taken,
}

/// The slots and skins the tags and layer properties make, and a warning line for each thing that
/// could not be kept as the file says. `names` holds the part names handed out, so a slot never
/// takes a name a part's own slot has.
pub(super) fn build_slots(entries: &[Entry], names: &mut Taken) -> (SlotSet, Vec<String>) {
    let mut warnings = Vec::new();
    if entries.iter().any(|e| e.role.renamed_default) {
        warnings.push(format!(
            "group \"[skin] default\": \"default\" is the skin every project has; its layers are \
             imported as skin \"{RENAMED_DEFAULT}\""
        ));
    }
    let mut gathered: Vec<Gathered> = Vec::new();
    let mut slot_of: BTreeMap<String, usize> = BTreeMap::new();
    let mut skins: Vec<SkinRecord> = Vec::new();
    let mut records = Vec::new();
    for (e, entry) in entries.iter().enumerate() {
        if !entry.role.is_tagged() {
            if entry.alpha < 1.0 || entry.blend != Blend::Normal {
                records.push((
                    entry.index,
                    SlotRecord {
                        name: entry.part.clone(),
                        draw_order: draw_order(entry.index),
                        attachments: vec![mesh(&entry.part, &entry.part)],
                        setup: Some(entry.part.clone()),
                        color: alpha_colour(entry.alpha),
                        blend: entry.blend,
                    },
                ));
            }
            continue;
        }
        let key = entry
            .role
            .slot
            .clone()
            .unwrap_or_else(|| entry.layer.clone());
        let g = *slot_of.entry(key.clone()).or_insert_with(|| {
            gathered.push(Gathered {
                name: key,
                attachments: Vec::new(),
                taken: Taken::default(),
            });
            gathered.len() - 1
        });
        let slot = &mut gathered[g];
        let wanted = match &entry.role.skin {
            Some(skin) => format!("{skin}/{}", entry.layer),
            None => entry.layer.clone(),
        };
        let attachment = slot.taken.claim(&wanted);
        if attachment != wanted {
            warnings.push(format!(
                "slot \"{}\" has two layers named \"{wanted}\": the second is attachment \"{attachment}\"",
                slot.name
            ));
        }
        slot.attachments.push((e, attachment.clone()));
        if let Some(skin) = &entry.role.skin {
            let k = match skins.iter().position(|s| &s.name == skin) {
                Some(k) => k,
                None => {
                    skins.push(SkinRecord {
                        name: skin.clone(),
                        slots: BTreeMap::new(),
                    });
                    skins.len() - 1
                }
            };
            let map = skins[k].slots.entry(slot.name.clone()).or_default();
            if map.contains_key(&entry.layer) {
                warnings.push(format!(
                    "skin \"{skin}\" has two layers \"{}\" for slot \"{}\": the skin shows the first",
                    entry.layer, slot.name
                ));
            } else {
                map.insert(entry.layer.clone(), attachment);
            }
        }
    }
    let mut active: Option<(usize, String)> = None;
    for slot in gathered {
        let shown = slot
            .attachments
            .iter()
            .filter(|(e, _)| entries[*e].visible)
            .max_by_key(|(e, _)| entries[*e].index);
        let (first, _) = slot.attachments[0];
        let (look, setup) = match shown {
            Some((e, name)) => {
                let entry = &entries[*e];
                let setup = if let Some(skin) = &entry.role.skin {
                    if active.as_ref().is_none_or(|(at, _)| entry.index > *at) {
                        active = Some((entry.index, skin.clone()));
                    }
                    entry.layer.clone()
                } else {
                    name.clone()
                };
                (*e, Some(setup))
            }
            // Nothing shown: a skin slot shows its placeholder (whatever the active skin maps).
            None => (
                first,
                entries[first]
                    .role
                    .skin
                    .is_some()
                    .then(|| entries[first].layer.clone()),
            ),
        };
        let differ = slot.attachments.iter().any(|(e, _)| {
            entries[*e].alpha != entries[look].alpha || entries[*e].blend != entries[look].blend
        });
        if differ {
            warnings.push(format!(
                "slot \"{}\": its layers differ in opacity or blend mode; the slot takes layer \"{}\"'s",
                slot.name, entries[look].layer
            ));
        }
        let name = names.claim(&slot.name);
        if name != slot.name {
            warnings.push(format!(
                "a layer is named like slot \"{}\": the slot is imported as \"{name}\"",
                slot.name
            ));
            for skin in &mut skins {
                if let Some(map) = skin.slots.remove(&slot.name) {
                    skin.slots.insert(name.clone(), map);
                }
            }
        }
        records.push((
            entries[look].index,
            SlotRecord {
                name,
                draw_order: draw_order(entries[look].index),
                attachments: slot
                    .attachments
                    .iter()
                    .map(|(e, a)| mesh(a, &entries[*e].part))
                    .collect(),
                setup,
                color: alpha_colour(entries[look].alpha),
                blend: entries[look].blend,
            },
        ));
    }
    records.sort_by_key(|(index, _)| *index);
    let set = SlotSet {
        slots: records.into_iter().map(|(_, r)| r).collect(),
        skins,
        active_skin: active.map(|(_, s)| s),
    };
    (set, warnings)
}

fn draw_order(index: usize) -> i32 {
    i32::try_from(index).unwrap_or(i32::MAX)
}

fn mesh(name: &str, part: &str) -> AttachmentRecord {
    AttachmentRecord::mesh(name, part)
}

/// White with `alpha`, rounded to 1/255 steps above 0.999 so an opaque layer stays exactly white.
fn alpha_colour(alpha: f64) -> [f64; 4] {
    let a = alpha.clamp(0.0, 1.0);
    [1.0, 1.0, 1.0, if a > 0.999 { 1.0 } else { a }]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn groups(names: &[&str]) -> Vec<String> {
        names.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn tags_are_read_at_the_start_of_a_name_ignoring_case() {
        assert_eq!(tag("[ignore] notes"), Some(Tag::Ignore));
        assert_eq!(tag("  [IGNORE]"), Some(Tag::Ignore));
        assert_eq!(tag("[slot] eyes"), Some(Tag::Slot("eyes".into())));
        assert_eq!(tag("[Slot]mouth "), Some(Tag::Slot("mouth".into())));
        assert_eq!(tag("[skin] dark\t"), Some(Tag::Skin("dark".into())));
        assert_eq!(tag("[slot]"), None, "a slot needs a name");
        assert_eq!(tag("[skin]   "), None);
        assert_eq!(tag("eyes [slot]"), None);
        assert_eq!(tag("[slots] x"), None);
        assert_eq!(tag("é[slot] x"), None);
        assert_eq!(tag(""), None);
    }

    #[test]
    fn ignore_skips_a_layer_or_everything_in_a_group() {
        assert!(ignored("[ignore] sketch", &[]));
        assert!(ignored("arm", &groups(&["body", "[ignore] refs"])));
        assert!(!ignored("arm", &groups(&["body"])));
        assert!(!wanted("arm", &groups(&["[ignore]"]), true));
        assert!(!wanted("hat", &[], false), "hidden and untagged");
        assert!(wanted("closed", &groups(&["[slot] eyes"]), false));
        assert!(wanted("shirt", &groups(&["[skin] red"]), false));
    }

    #[test]
    fn roles_take_the_innermost_tagged_groups() {
        let role = Role::of(&groups(&["[skin] red", "face", "[slot] eyes"]));
        assert_eq!(role.slot.as_deref(), Some("eyes"));
        assert_eq!(role.skin.as_deref(), Some("red"));
        assert_eq!(role.part_name("open"), "eyes/red/open");
        assert_eq!(
            Role::of(&groups(&["[slot] a", "[slot] b"])).slot.as_deref(),
            Some("b")
        );
        assert_eq!(Role::default().part_name("arm"), "arm");
        assert!(!Role::of(&groups(&["body"])).is_tagged());
    }

    fn entry(layer: &str, role: Role, visible: bool, index: usize) -> Entry {
        Entry {
            layer: layer.into(),
            part: role.part_name(layer),
            role,
            visible,
            alpha: 1.0,
            blend: Blend::Normal,
            index,
        }
    }

    fn role(slot: Option<&str>, skin: Option<&str>) -> Role {
        Role {
            slot: slot.map(String::from),
            skin: skin.map(String::from),
            renamed_default: false,
        }
    }

    #[test]
    fn slot_and_skin_groups_make_slots_attachments_and_skins() {
        let mut faded = entry("glow", Role::default(), true, 0);
        faded.alpha = 0.5;
        faded.blend = Blend::Screen;
        let entries = [
            faded,
            entry("plain", Role::default(), true, 1),
            entry("body", role(None, Some("light")), true, 2),
            entry("body", role(None, Some("dark")), false, 3),
            entry("closed", role(Some("eyes"), None), false, 4),
            entry("open", role(Some("eyes"), None), true, 5),
        ];
        let mut names = Taken::default();
        for e in &entries {
            names.claim(&e.part);
        }
        let (set, warnings) = build_slots(&entries, &mut names);
        assert!(warnings.is_empty(), "{warnings:?}");
        let slots: Vec<(&str, i32, Option<&str>, Vec<&str>)> = set
            .slots
            .iter()
            .map(|s| {
                (
                    s.name.as_str(),
                    s.draw_order,
                    s.setup.as_deref(),
                    s.attachments.iter().map(|a| a.name()).collect(),
                )
            })
            .collect();
        assert_eq!(
            slots,
            [
                ("glow", 0, Some("glow"), vec!["glow"]),
                ("body", 2, Some("body"), vec!["light/body", "dark/body"]),
                ("eyes", 5, Some("open"), vec!["closed", "open"]),
            ]
        );
        assert_eq!(set.slots[0].color, [1.0, 1.0, 1.0, 0.5]);
        assert_eq!(set.slots[0].blend, Blend::Screen);
        assert_eq!(set.slots[1].attachments[1].part(), Some("dark/body"));
        assert_eq!(set.slots[2].attachments[0].part(), Some("eyes/closed"));
        let skins: Vec<&str> = set.skins.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(skins, ["light", "dark"]);
        assert_eq!(set.skins[1].slots["body"]["body"], "dark/body");
        assert_eq!(set.active_skin.as_deref(), Some("light"));
    }

    #[test]
    fn clashes_and_mixed_layers_are_named_in_warnings() {
        let mut dim = entry("b", role(Some("x"), None), false, 1);
        dim.alpha = 0.25;
        let entries = [
            entry("x", Role::default(), true, 0),
            dim,
            entry("a", role(Some("x"), None), true, 2),
            entry("s", role(None, Some("k")), true, 3),
            entry("s", role(None, Some("k")), true, 4),
        ];
        let mut names = Taken::default();
        for e in &entries {
            names.claim(&e.part);
        }
        let (set, warnings) = build_slots(&entries, &mut names);
        let all = warnings.join("\n");
        assert!(
            all.contains("named like slot \"x\": the slot is imported as \"x 2\""),
            "{all}"
        );
        assert!(all.contains("slot \"x\": its layers differ"), "{all}");
        assert!(all.contains("skin \"k\" has two layers \"s\""), "{all}");
        assert!(all.contains("the second is attachment \"k/s 2\""), "{all}");
        assert_eq!(set.slots[0].name, "x 2");
        assert_eq!(set.slots[0].color[3], 1.0, "the shown layer's alpha");
        assert_eq!(set.skins[0].slots["s"]["s"], "k/s");
    }
}
