//! A slot's attachments, as part of the slots feature ([`Slots`](crate::slot_actions::Slots) is
//! what the panels read): renaming one (its setup, skin entries and keys follow), deleting one (and
//! its part when no other slot shows it), a new one from a PNG (meshed and weighted like a part,
//! on a worker thread for a large image), and the rules every new attachment follows
//! ([`push_attachment`]). Each action is one undo step over the open [`Step`], returning a
//! [`SlotError`].

use std::collections::HashSet;
use std::path::Path;

use limber_core::edit::Edit;
use limber_core::slots::{AttachmentRecord, DEFAULT_SKIN, SlotSet};

use super::editor::Editor;
use super::slot_actions::{SlotError, unshown_parts, unused, writable, writable_slots};
use super::step::Step;

fn no_attachment(slot: &str, attachment: &str) -> SlotError {
    SlotError::NoAttachment {
        slot: slot.to_string(),
        attachment: attachment.to_string(),
    }
}

/// Deletes attachment `attachment` of slot `slot` (and its part when no other slot shows it).
/// One undo step.
pub(crate) fn delete_attachment(
    mut step: Step,
    slot: &str,
    attachment: &str,
) -> Result<(), SlotError> {
    let (mut set, i) = writable(&step.document.project, slot)?;
    let a = set.slots[i]
        .attachments
        .iter()
        .position(|x| x.name() == attachment)
        .ok_or_else(|| no_attachment(slot, attachment))?;
    let removed = set.slots[i].attachments.remove(a);
    if set.slots[i].setup.as_deref() == Some(attachment) {
        set.slots[i].setup = None;
    }
    for skin in &mut set.skins {
        if let Some(entries) = skin.slots.get_mut(slot) {
            entries.retain(|from, to| from != attachment && to != attachment);
        }
    }
    let parts = unshown_parts(&step.document.project, std::slice::from_ref(&removed), &set);
    step.document.apply(Edit::SetSlots(Box::new(set)))?;
    if !parts.is_empty() {
        step.document.apply(Edit::RemoveParts { parts })?;
    }
    step.selection.set_vertex(None);
    step.weights.clear();
    step.status = format!("deleted attachment {attachment} of {slot}");
    step.commit();
    Ok(())
}

/// Renames attachment `from` of slot `slot` (its setup, skin entries and keys follow). One undo
/// step; `false` when `to` is empty or the same.
pub(crate) fn rename_attachment(
    mut step: Step,
    slot: &str,
    from: &str,
    to: &str,
) -> Result<bool, SlotError> {
    let to = to.trim();
    if to.is_empty() || to == from {
        return Ok(false);
    }
    let (mut set, i) = writable(&step.document.project, slot)?;
    let record = &mut set.slots[i];
    if record.attachments.iter().any(|a| a.name() == to) {
        return Err(SlotError::AttachmentTaken {
            slot: slot.to_string(),
            attachment: to.to_string(),
        });
    }
    let a = record
        .attachments
        .iter_mut()
        .find(|a| a.name() == from)
        .ok_or_else(|| no_attachment(slot, from))?;
    a.set_name(to);
    if record.setup.as_deref() == Some(from) {
        record.setup = Some(to.to_string());
    }
    for skin in &mut set.skins {
        if let Some(entries) = skin.slots.get_mut(slot) {
            let renamed: Vec<(String, String)> = std::mem::take(entries)
                .into_iter()
                .map(|(k, v)| {
                    (
                        if k == from { to.into() } else { k },
                        if v == from { to.into() } else { v },
                    )
                })
                .collect();
            entries.extend(renamed);
        }
    }
    let clips = step.document.project.rig.clips.clone();
    step.document.apply(Edit::SetSlots(Box::new(set)))?;
    for clip in &clips {
        let mut record = clip.to_record();
        let mut changed = false;
        for key in record.slots.iter_mut().filter(|k| k.slot == slot) {
            if key.attachment == Some(Some(from.to_string())) {
                key.attachment = Some(Some(to.to_string()));
                changed = true;
            }
        }
        if changed {
            let name = record.name.clone();
            step.document
                .apply(Edit::ReplaceClip { name, clip: record })?;
        }
    }
    step.status = format!("renamed attachment {from} of {slot} to {to}");
    step.commit();
    Ok(true)
}

/// Adds the PNG at `path` to the selected slot ([`add_attachment`]): what the window does with
/// the file chosen after the panel's "+ attachment".
pub(crate) fn add_attachment_to_selected(
    editor: &mut Editor,
    path: &Path,
) -> Result<bool, SlotError> {
    let slot = editor
        .selection
        .slot()
        .map(str::to_string)
        .ok_or(SlotError::NoSlotSelected)?;
    add_attachment(editor, &slot, path)
}

/// Adds the PNG at `path` as a new attachment of slot `slot`, meshed and weighted like a part
/// (on a worker thread for a large image); with a skin active, the skin shows it in place of the
/// slot's setup attachment. One undo step when it arrives.
pub(crate) fn add_attachment(
    editor: &mut Editor,
    slot: &str,
    path: &Path,
) -> Result<bool, SlotError> {
    if editor.jobs().part().is_some() {
        return Err(SlotError::PartBeingAdded);
    }
    writable(&editor.document.project, slot)?;
    Ok(crate::parts::build_or_start(editor, path, Some(slot))?)
}

impl Editor {
    /// Makes the part just added (named `part`) an attachment of slot `slot`, within the open step.
    pub(crate) fn attach_part(&mut self, slot: &str, part: &str) -> bool {
        let Some((mut set, i)) = writable_slots(&self.document.project, slot) else {
            return false;
        };
        push_attachment(&mut set, i, AttachmentRecord::mesh(part, part));
        self.apply(Edit::SetSlots(Box::new(set)))
    }
}

/// Adds `record` to slot `index` of `set` under its name made unused in that slot, by the rules of
/// a new attachment: it becomes the setup when the slot shows nothing, and with a skin active that
/// skin shows it in place of the setup attachment. Returns the name it got.
pub(crate) fn push_attachment(
    set: &mut SlotSet,
    index: usize,
    mut record: AttachmentRecord,
) -> String {
    let slot = &mut set.slots[index];
    let taken: HashSet<String> = slot
        .attachments
        .iter()
        .map(|a| a.name().to_owned())
        .collect();
    let name = unused(&taken, record.name());
    record.set_name(name.clone());
    slot.attachments.push(record);
    let placeholder = slot.setup.clone();
    if placeholder.is_none() {
        slot.setup = Some(name.clone());
    }
    let slot_name = slot.name.clone();
    if let Some(skin) = set.active_skin.clone().filter(|s| s != DEFAULT_SKIN)
        && let Some(record) = set.skins.iter_mut().find(|s| s.name == skin)
    {
        let from = placeholder.unwrap_or_else(|| name.clone());
        record
            .slots
            .entry(slot_name)
            .or_default()
            .insert(from, name.clone());
    }
    name
}
