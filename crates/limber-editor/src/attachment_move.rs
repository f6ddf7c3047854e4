//! Moving a bounding-box, point or clipping attachment to another slot (the attachment's menu in
//! the slots panel, "Move to slot"), as part of the slots feature. A new shape gets a slot of its
//! own (`attachment_shapes.rs`); an artist who wants it in a slot that already exists moves it
//! there. One undo step: the attachment leaves its slot (which then shows nothing if it showed
//! it), joins the other under a name unused there (shown at setup when that slot shows nothing),
//! and stays selected for editing. Refused, with the reason, for a mesh (its part's slot is its
//! place) and for an attachment a clip keys or a skin names, which would lose those references.

use limber_core::edit::Edit;
use limber_core::slots::AttachmentKind;
use limber_core::slots::SlotSource;
use limber_core::slots::slot_edits::written_slot_for_part;

use super::attachment_actions::push_attachment;
use super::shape_state::ShapeRef;
use super::slot_actions::{SlotError, Slots, writable};
use super::step::Step;

impl Slots<'_> {
    /// The slots attachment `attachment` of slot `slot` can move to: every other slot, when it is
    /// a bounding box, point or clipping; none for a mesh or an unknown attachment.
    pub fn move_targets(&self, slot: &str, attachment: &str) -> Vec<String> {
        let slots = self.project.slots();
        let movable = slots
            .iter()
            .find(|v| v.name == slot)
            .and_then(|v| v.record)
            .and_then(|r| r.attachments.iter().find(|a| a.name() == attachment))
            .is_some_and(|a| a.kind() != AttachmentKind::Mesh);
        if !movable {
            return Vec::new();
        }
        slots
            .iter()
            .filter(|v| v.name != slot)
            .map(|v| v.name.to_string())
            .collect()
    }
}

/// Moves attachment `attachment` of slot `slot` into slot `to`. One undo step; `false` when `to`
/// is `slot`.
pub(crate) fn move_attachment(
    mut step: Step,
    slot: &str,
    attachment: &str,
    to: &str,
) -> Result<bool, SlotError> {
    if slot == to {
        return Ok(false);
    }
    let project = &step.document.project;
    let (mut set, from) = writable(project, slot)?;
    let index = set.slots[from]
        .attachments
        .iter()
        .position(|a| a.name() == attachment)
        .ok_or_else(|| SlotError::NoAttachment {
            slot: slot.to_string(),
            attachment: attachment.to_string(),
        })?;
    if set.slots[from].attachments[index].kind() == AttachmentKind::Mesh {
        return Err(SlotError::MeshStays(attachment.to_string()));
    }
    let in_skin = set.skins.iter().any(|skin| {
        skin.slots
            .get(slot)
            .is_some_and(|e| e.iter().any(|(k, v)| k == attachment || v == attachment))
    });
    let keyed = project.rig.clips.iter().any(|clip| {
        clip.to_record().slots.iter().any(|k| {
            k.slot == slot && k.attachment.as_ref().and_then(|a| a.as_deref()) == Some(attachment)
        })
    });
    if in_skin || keyed {
        return Err(SlotError::AttachmentBound {
            slot: slot.to_string(),
            attachment: attachment.to_string(),
        });
    }
    // The target slot, written out first when it is a part's own.
    let target = match set.slots.iter().position(|s| s.name == to) {
        Some(i) => i,
        None => {
            let part = project.slots().into_iter().find_map(|v| match v.source {
                SlotSource::Part(part) if v.name == to => Some(part),
                _ => None,
            });
            let part = part.ok_or_else(|| SlotError::NoSlot(to.to_string()))?;
            set.slots.push(written_slot_for_part(&project.parts[part]));
            set.slots.len() - 1
        }
    };
    let record = set.slots[from].attachments.remove(index);
    if set.slots[from].setup.as_deref() == Some(attachment) {
        set.slots[from].setup = None;
    }
    let name = push_attachment(&mut set, target, record);
    step.document.apply(Edit::SetSlots(Box::new(set)))?;
    step.status = format!("moved {attachment} from {slot} to {to} (as {name})");
    step.tools.shapes_mut().set_selected(Some(ShapeRef {
        slot: to.to_string(),
        attachment: name,
    }));
    step.commit();
    Ok(true)
}
