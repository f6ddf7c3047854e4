//! What the editor's slot edits do to the written records ([`crate::edit::Edit::SetSlots`],
//! `RenameSlot` — [`rename_in_records`] — and `RemoveParts`): a part's own slot written out as a
//! slot of its own, a slot renamed with everything that names it, keys of slots that are gone
//! dropped, and removed parts forgotten by the slots and skins that showed them.

use std::collections::HashSet;

use super::SlotError;
use super::records::{AttachmentKind, AttachmentRecord, Blend, SkinRecord, SlotRecord, WHITE};
use crate::animation::ClipRecord;
use crate::edit_error::EditError;
use crate::project::{Part, Project};
use crate::rig::RigFile;

/// The written slot that shows what part `part`'s own slot shows: named like the part, one mesh
/// attachment named like the part and set up to show it, white, normal blend, the part's draw order.
/// Written into the set, it renders exactly as the part's own slot did.
pub fn written_slot_for_part(part: &Part) -> SlotRecord {
    SlotRecord {
        name: part.name.clone(),
        draw_order: part.draw_order,
        attachments: vec![AttachmentRecord::mesh(&part.name, &part.name)],
        setup: Some(part.name.clone()),
        color: WHITE,
        blend: Blend::Normal,
    }
}

/// Renames written slot `from` to `to` in the slots, the skins' entries, the clips' slot keys and
/// the clipping attachments that end at it.
pub fn rename_slot(
    slots: &mut [SlotRecord],
    skins: &mut [SkinRecord],
    clips: &mut [ClipRecord],
    from: &str,
    to: &str,
) {
    for slot in slots.iter_mut() {
        if slot.name == from {
            slot.name = to.to_string();
        }
        for attachment in &mut slot.attachments {
            if let AttachmentRecord::Clipping { end, .. } = attachment
                && end == from
            {
                *end = to.to_string();
            }
        }
    }
    for skin in skins {
        if let Some(entries) = skin.slots.remove(from) {
            skin.slots.insert(to.to_string(), entries);
        }
    }
    for key in clips.iter_mut().flat_map(|c| c.slots.iter_mut()) {
        if key.slot == from {
            key.slot = to.to_string();
        }
    }
}

/// The name of every slot of a project with `parts` and written `slots`: the written slots and the
/// parts no written mesh attachment claims.
pub fn slot_names(parts: &[Part], slots: &[SlotRecord]) -> HashSet<String> {
    let claimed: HashSet<&str> = slots
        .iter()
        .flat_map(|s| &s.attachments)
        .filter(|a| a.kind() == AttachmentKind::Mesh)
        .filter_map(|a| a.part())
        .collect();
    parts
        .iter()
        .map(|p| p.name.as_str())
        .filter(|name| !claimed.contains(name))
        .chain(slots.iter().map(|s| s.name.as_str()))
        .map(str::to_string)
        .collect()
}

/// Drops the clips' slot keys and the skins' entries of slots not in `names`. A clipping
/// attachment that ends at a slot not in `names` is left for the check to refuse (a clipping needs
/// its end slot: the edit is refused naming it, and the document stays as it was).
pub fn drop_orphans(skins: &mut [SkinRecord], clips: &mut [ClipRecord], names: &HashSet<String>) {
    for clip in clips {
        clip.slots.retain(|k| names.contains(&k.slot));
    }
    for skin in skins {
        skin.slots.retain(|slot, _| names.contains(slot));
    }
}

/// Forgets the parts named in `removed`: written slots lose the mesh attachments that show them
/// (and a setup naming one of those), skins lose entries mapping to them, and keys that show them
/// show nothing instead.
pub fn forget_parts(
    slots: &mut [SlotRecord],
    skins: &mut [SkinRecord],
    clips: &mut [ClipRecord],
    removed: &HashSet<String>,
) {
    for slot in slots.iter_mut() {
        let gone: HashSet<String> = slot
            .attachments
            .iter()
            .filter(|a| a.kind() == AttachmentKind::Mesh)
            .filter(|a| a.part().is_some_and(|p| removed.contains(p)))
            .map(|a| a.name().to_owned())
            .collect();
        if gone.is_empty() {
            continue;
        }
        slot.attachments.retain(|a| !gone.contains(a.name()));
        if slot.setup.as_ref().is_some_and(|s| gone.contains(s)) {
            slot.setup = None;
        }
        for skin in skins.iter_mut() {
            if let Some(entries) = skin.slots.get_mut(&slot.name) {
                entries.retain(|_, target| !gone.contains(target));
            }
        }
        for key in clips.iter_mut().flat_map(|c| c.slots.iter_mut()) {
            if key.slot == slot.name
                && let Some(Some(shown)) = &key.attachment
                && gone.contains(shown)
            {
                key.attachment = Some(None);
            }
        }
    }
    for skin in skins {
        skin.slots.retain(|_, entries| !entries.is_empty());
    }
}

/// [`crate::edit::Edit::RenameSlot`] on the records being edited: a written slot is renamed in
/// place; a part's own slot is written out first, so the part keeps its name.
pub(crate) fn rename_in_records(
    project: &Project,
    records: &mut RigFile,
    from: &str,
    to: &str,
) -> Result<(), EditError> {
    let names = slot_names(&project.parts, &records.slots);
    if !names.contains(from) {
        return Err(EditError::Slots(SlotError::Other(format!(
            "no slot named \"{from}\""
        ))));
    }
    if to.trim().is_empty() || (to != from && names.contains(to)) {
        return Err(EditError::Slots(SlotError::Other(format!(
            "a slot needs a name no other slot has (\"{to}\")"
        ))));
    }
    if !records.slots.iter().any(|s| s.name == from)
        && let Some(part) = project.parts.iter().find(|p| p.name == from)
    {
        records.slots.push(written_slot_for_part(part));
    }
    rename_slot(
        &mut records.slots,
        &mut records.skins,
        &mut records.clips,
        from,
        to,
    );
    Ok(())
}
