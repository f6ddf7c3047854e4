//! What the loader checks of slots, attachments, skins and slot keys: first against the skeleton
//! ([`check_rig`], with the rig), then against the parts ([`check_project`]). Every problem is one
//! line naming the slot, skin or key.

use std::collections::{HashMap, HashSet};

use super::SlotError;
use super::records::{
    AttachmentKind, AttachmentRecord, DEFAULT_SKIN, PolygonBinding, SlotRecord, SlotSet,
};
use super::resolve::{SlotSource, SlotView, slot_list};
use crate::animation::Clip;
use crate::animation::clip::MAX_KEY_ROTATE;
use crate::limits::Limits;
use crate::part::Part;
use crate::skeleton::{MAX_COORDINATE, Skeleton};
use crate::weights::{Binding, BindingError, check_binding_on};

/// Refuses counts over `limits` before anything else is checked.
pub fn check_budgets(set: &SlotSet, limits: &Limits) -> Result<(), SlotError> {
    let attachments: usize = set.slots.iter().map(|s| s.attachments.len()).sum();
    let entries: usize = set
        .skins
        .iter()
        .flat_map(|s| s.slots.values())
        .map(|m| m.len())
        .sum();
    let counts = [
        ("slots", set.slots.len(), limits.slots),
        ("attachments", attachments, limits.attachments),
        ("skins", set.skins.len(), limits.skins),
        ("skin entries", entries, limits.skin_entries),
    ];
    for (what, count, limit) in counts {
        Limits::check_count(what, count, limit)?;
    }
    for slot in &set.slots {
        for a in &slot.attachments {
            let what = format!(
                "vertices in attachment \"{}\" of slot \"{}\"",
                a.name(),
                slot.name
            );
            Limits::check_count(&what, a.vertices().len(), limits.polygon_vertices)?;
        }
    }
    Ok(())
}

/// Checks what can be checked without the parts: names, colours, each attachment's fields and
/// bones, skins naming written slots' attachments, the active skin.
pub fn check_rig(set: &SlotSet, skeleton: &Skeleton) -> Result<(), SlotError> {
    check_budgets(set, &Limits::current())?;
    let mut names = HashSet::new();
    for slot in &set.slots {
        let bad = |problem: String| SlotError::Slot {
            slot: slot.name.clone(),
            problem,
        };
        if slot.name.trim().is_empty() {
            return Err(SlotError::EmptyName("a slot"));
        }
        if !names.insert(slot.name.as_str()) {
            return Err(bad("two slots have this name".into()));
        }
        if !slot.color.iter().all(|c| (0.0..=1.0).contains(c)) {
            return Err(bad(format!(
                "colour {:?} has a component outside 0 to 1",
                slot.color
            )));
        }
        let mut attachment_names = HashSet::new();
        for a in &slot.attachments {
            if a.name().trim().is_empty() {
                return Err(bad("an attachment has an empty name".into()));
            }
            if !attachment_names.insert(a.name()) {
                return Err(bad(format!("two attachments are named \"{}\"", a.name())));
            }
            check_attachment(a, skeleton)
                .map_err(|p| bad(format!("attachment \"{}\": {p}", a.name())))?;
        }
    }
    let mut skin_names = HashSet::new();
    // Each written slot's attachment names (the first slot of a name, as a search finds it).
    let mut attachment_names: HashMap<&str, HashSet<&str>> = HashMap::new();
    for slot in &set.slots {
        attachment_names
            .entry(slot.name.as_str())
            .or_insert_with(|| slot.attachments.iter().map(|a| a.name()).collect());
    }
    for skin in &set.skins {
        let bad = |problem: String| SlotError::Skin {
            skin: skin.name.clone(),
            problem,
        };
        if skin.name.trim().is_empty() {
            return Err(SlotError::EmptyName("a skin"));
        }
        if skin.name == DEFAULT_SKIN {
            return Err(bad(
                "this name is the skin of every attachment by its own name; give the skin another"
                    .into(),
            ));
        }
        if !skin_names.insert(skin.name.as_str()) {
            return Err(bad("two skins have this name".into()));
        }
        for (slot, map) in &skin.slots {
            if let Some(names) = attachment_names.get(slot.as_str()) {
                for target in map.values() {
                    if !names.contains(target.as_str()) {
                        return Err(bad(format!(
                            "slot \"{slot}\" has no attachment \"{target}\""
                        )));
                    }
                }
            }
        }
    }
    if let Some(active) = &set.active_skin
        && set.skin(active).is_none()
    {
        return Err(SlotError::Other(format!(
            "the active skin \"{active}\" is not one of the skins ({})",
            set.skin_names().join(", ")
        )));
    }
    Ok(())
}

/// What is wrong with one attachment (the caller names the slot and the attachment). Which fields
/// a kind takes is settled when the file is read ([`super::attachment_fields`]); these need the
/// skeleton or a range.
#[derive(Debug, thiserror::Error)]
enum AttachmentProblem {
    #[error("there is no bone \"{0}\"")]
    UnknownBone(String),
    #[error("a polygon needs at least 3 vertices, not {0}")]
    FewVertices(usize),
    #[error("vertex {0:?} is beyond ±{MAX_COORDINATE} px")]
    VertexBeyond([f64; 2]),
    #[error("{influences} influence lists for {vertices} vertices")]
    InfluenceCount { influences: usize, vertices: usize },
    #[error("{0}")]
    Binding(#[from] BindingError),
    #[error("position {0:?} is beyond ±{MAX_COORDINATE} px")]
    PositionBeyond([f64; 2]),
    #[error("the rotation is beyond ±{MAX_KEY_ROTATE}°")]
    RotationBeyond,
}

fn check_attachment(a: &AttachmentRecord, skeleton: &Skeleton) -> Result<(), AttachmentProblem> {
    let within = |p: [f64; 2]| p.iter().all(|c| c.abs() <= MAX_COORDINATE);
    let known = |bone: &str| -> Result<(), AttachmentProblem> {
        match skeleton.index_of(bone) {
            Some(_) => Ok(()),
            None => Err(AttachmentProblem::UnknownBone(bone.to_string())),
        }
    };
    match a {
        AttachmentRecord::Mesh { .. } => {}
        AttachmentRecord::BoundingBox { polygon, .. }
        | AttachmentRecord::Clipping { polygon, .. } => {
            let vertices = &polygon.vertices;
            if vertices.len() < 3 {
                return Err(AttachmentProblem::FewVertices(vertices.len()));
            }
            if let Some(v) = vertices.iter().find(|v| !within(**v)) {
                return Err(AttachmentProblem::VertexBeyond(*v));
            }
            match &polygon.binding {
                PolygonBinding::Bone(bone) => known(bone)?,
                PolygonBinding::Influences(influences) => {
                    if influences.len() != vertices.len() {
                        return Err(AttachmentProblem::InfluenceCount {
                            influences: influences.len(),
                            vertices: vertices.len(),
                        });
                    }
                    let binding = Binding {
                        vertices: influences.clone(),
                    };
                    check_binding_on(&binding, skeleton)?;
                }
            }
        }
        AttachmentRecord::Point {
            bone,
            position,
            rotation,
            ..
        } => {
            known(bone)?;
            if !within(*position) {
                return Err(AttachmentProblem::PositionBeyond(*position));
            }
            if rotation.is_some_and(|r| r.abs() > MAX_KEY_ROTATE) {
                return Err(AttachmentProblem::RotationBeyond);
            }
        }
    }
    Ok(())
}

/// Checks slots against the parts and clips: mesh attachments name parts (each part at most once),
/// no two slots (written or parts' own) share a name, setup and keyed attachment names resolve in
/// some skin, skins name slots, clipping ends after its own slot, draw orders are keyed where they
/// belong.
pub fn check_project(set: &SlotSet, clips: &[Clip], parts: &[Part]) -> Result<(), SlotError> {
    let slot_error = |slot: &SlotRecord, problem: String| SlotError::Slot {
        slot: slot.name.clone(),
        problem,
    };
    let part_names: HashSet<&str> = parts.iter().map(|p| p.name.as_str()).collect();
    let mut claimed = HashSet::new();
    for slot in &set.slots {
        for a in slot
            .attachments
            .iter()
            .filter(|a| a.kind() == AttachmentKind::Mesh)
        {
            let Some(part) = a.part() else {
                return Err(slot_error(
                    slot,
                    format!(
                        "attachment \"{}\" names an image; in a project a mesh attachment names its \"part\"",
                        a.name()
                    ),
                ));
            };
            if !part_names.contains(part) {
                return Err(slot_error(
                    slot,
                    format!("attachment \"{}\" names no part (\"{part}\")", a.name()),
                ));
            }
            if !claimed.insert(part) {
                return Err(slot_error(
                    slot,
                    format!("part \"{part}\" is the mesh of two attachments"),
                ));
            }
        }
    }
    let slots = slot_list(parts, set);
    let mut names = HashSet::new();
    for view in &slots {
        if !names.insert(view.name) {
            return Err(SlotError::Slot {
                slot: view.name.to_string(),
                problem: "a slot of this name clashes with a part's own slot (a part no slot draws is a slot of its own)".into(),
            });
        }
    }
    // Per slot name (slot names are unique here): its attachments' names, and the placeholders
    // the skins map for it.
    let shown: HashMap<&str, HashSet<&str>> = slots
        .iter()
        .map(|view| (view.name, view.attachment_names().into_iter().collect()))
        .collect();
    let mut placeholders: HashMap<&str, HashSet<&str>> = HashMap::new();
    for skin in &set.skins {
        for (slot, map) in &skin.slots {
            placeholders
                .entry(slot.as_str())
                .or_default()
                .extend(map.keys().map(String::as_str));
        }
    }
    let by_name: HashMap<&str, &SlotView<'_>> = slots.iter().map(|s| (s.name, s)).collect();
    let find = |name: &str| by_name.get(name).copied();
    // A name a slot may show: one of its attachments, or a placeholder some skin maps for it.
    let resolves = |view: &SlotView<'_>, name: &str| {
        shown.get(view.name).is_some_and(|n| n.contains(name))
            || placeholders
                .get(view.name)
                .is_some_and(|n| n.contains(name))
    };
    for view in &slots {
        if let Some(setup) = view.setup()
            && !resolves(view, setup)
        {
            return Err(SlotError::Slot {
                slot: view.name.to_string(),
                problem: format!(
                    "the setup attachment \"{setup}\" is not one of its attachments or skin placeholders"
                ),
            });
        }
    }
    for skin in &set.skins {
        for (slot, map) in &skin.slots {
            let Some(view) = find(slot) else {
                return Err(SlotError::Skin {
                    skin: skin.name.clone(),
                    problem: format!("there is no slot \"{slot}\""),
                });
            };
            let names = shown.get(view.name);
            if let Some(target) = map
                .values()
                .find(|t| !names.is_some_and(|n| n.contains(t.as_str())))
            {
                return Err(SlotError::Skin {
                    skin: skin.name.clone(),
                    problem: format!("slot \"{slot}\" has no attachment \"{target}\""),
                });
            }
        }
    }
    check_clipping_ends(&slots)?;
    check_keys(clips, &slots, &claimed, resolves)
}

/// A clipping attachment's end slot exists and comes after its own slot in the setup draw order.
fn check_clipping_ends(slots: &[SlotView<'_>]) -> Result<(), SlotError> {
    let place = |i: usize| (slots[i].draw_order(), i);
    for (own, view) in slots.iter().enumerate() {
        let Some(record) = view.record else { continue };
        for a in record
            .attachments
            .iter()
            .filter(|a| a.kind() == AttachmentKind::Clipping)
        {
            let end = a.end().unwrap_or_default();
            let bad = |problem: String| SlotError::Slot {
                slot: view.name.to_string(),
                problem: format!("clipping attachment \"{}\": {problem}", a.name()),
            };
            let Some(e) = slots.iter().position(|s| s.name == end) else {
                return Err(bad(format!("there is no end slot \"{end}\"")));
            };
            if place(e) <= place(own) {
                return Err(bad(format!(
                    "the end slot \"{end}\" is drawn before its own slot (or is it)"
                )));
            }
        }
    }
    Ok(())
}

fn check_keys(
    clips: &[Clip],
    slots: &[SlotView<'_>],
    claimed: &HashSet<&str>,
    resolves: impl Fn(&SlotView<'_>, &str) -> bool,
) -> Result<(), SlotError> {
    // The first slot of each name, as a search from the front finds it.
    let by_name: HashMap<&str, &SlotView<'_>> = slots.iter().rev().map(|s| (s.name, s)).collect();
    for clip in clips {
        for key in clip.slot_keys() {
            let bad = |problem: String| SlotError::Key {
                clip: clip.name.clone(),
                slot: key.slot.clone(),
                time: key.time,
                problem,
            };
            let Some(&view) = by_name.get(key.slot.as_str()) else {
                return Err(bad("there is no slot of this name".into()));
            };
            if let Some(Some(name)) = &key.attachment
                && !resolves(view, name)
            {
                return Err(bad(format!(
                    "\"{name}\" is not one of the slot's attachments or skin placeholders"
                )));
            }
            if key.draw_order.is_some() && matches!(view.source, SlotSource::Part(_)) {
                return Err(bad(
                    "this is a part's own slot: key its draw order with a part key".into(),
                ));
            }
        }
        for key in clip.part_keys() {
            if key.draw_order.is_some() && claimed.contains(key.part.as_str()) {
                return Err(SlotError::Other(format!(
                    "clip \"{}\": part \"{}\" at time {}: the part is drawn by a slot; key the slot's draw order",
                    clip.name, key.part, key.time
                )));
            }
        }
    }
    Ok(())
}
