//! The slots panel's actions: a slot's setup attachment, colour and blend mode (keyed at the playhead
//! instead when animating a clip), renaming, reordering and deleting slots and attachments, and a
//! new attachment from a PNG. Each is one undo step. A part's own slot is written out as a slot of
//! its own the first time one of these changes it ([`written_slot_for_part`]), which renders the
//! same. Skins are `skin_actions.rs`.

use std::collections::HashSet;
use std::path::Path;

use super::editor::{Editor, Mode};
use super::part_job::{PartJob, build_part, image_pixels};
use limber_core::animation::slot_keys::SlotKeyRecord;
use limber_core::edit::Edit;
use limber_core::progress::Progress;
use limber_core::slots::slot_edits::written_slot_for_part;
use limber_core::slots::{
    AttachmentKind, AttachmentRecord, Blend, DEFAULT_SKIN, SlotFrame, SlotSet, SlotSource,
    sample_slots,
};

/// What the panel shows of one slot.
#[derive(Debug, Clone, PartialEq)]
pub struct SlotRow {
    pub name: String,
    /// Whether it is a part's own slot (not yet written out).
    pub own: bool,
    /// Its attachments' names (a part's own slot: the part's name).
    pub attachments: Vec<String>,
    /// What it shows now (the setup, or the clip at the playhead when animating).
    pub shown: Option<String>,
    /// Its colour now, straight RGBA 0–1.
    pub color: [f64; 4],
    pub blend: Blend,
    pub draw_order: i32,
}

impl Editor {
    /// Whether slot actions key the clip at the playhead (Animate mode; the first key without a
    /// clip makes one, [`Editor::clip_to_key`]) rather than change the setup.
    pub fn slots_keyed(&self) -> bool {
        self.mode() == Mode::Animate
    }

    /// Every slot, front-most first, as it is now (at the playhead when animating a clip).
    pub fn slot_rows(&self) -> Vec<SlotRow> {
        let project = &self.document.project;
        let clip = self.current_clip().filter(|_| self.slots_keyed());
        let frames = sample_slots(project, &[], clip, self.playhead());
        let views = project.slots();
        let mut rows: Vec<(usize, SlotRow)> = views
            .iter()
            .zip(&frames)
            .enumerate()
            .map(|(i, (view, frame))| (i, row(view, frame)))
            .collect();
        rows.sort_by(|(ia, a), (ib, b)| b.draw_order.cmp(&a.draw_order).then(ib.cmp(ia)));
        rows.into_iter().map(|(_, r)| r).collect()
    }

    /// The written slots with slot `name` written out if it is a part's own, and its index there.
    pub(crate) fn writable_slots(&self, name: &str) -> Option<(SlotSet, usize)> {
        let project = &self.document.project;
        let mut set = project.rig.slots.clone();
        if let Some(i) = set.slots.iter().position(|s| s.name == name) {
            return Some((set, i));
        }
        let view = project.slots().into_iter().find(|v| v.name == name)?;
        let SlotSource::Part(part) = view.source else {
            return None;
        };
        set.slots.push(written_slot_for_part(&project.parts[part]));
        let index = set.slots.len() - 1;
        Some((set, index))
    }

    /// Applies `set` as one undo step, saying `done` in the status.
    pub(crate) fn apply_slots(&mut self, set: SlotSet, done: String) -> bool {
        let applied = self.apply(Edit::SetSlots(Box::new(set)));
        if applied {
            self.status = done;
        }
        applied
    }

    /// Keys `key` in the current clip, or in a clip made for it (one undo step).
    fn key_slot(&mut self, key: SlotKeyRecord, done: String) -> bool {
        let mut step = self.step();
        let Some(clip) = step.clip_to_key() else {
            return false;
        };
        if !step.apply(Edit::SetSlotKey { clip, key }) {
            return false;
        }
        step.commit();
        self.status = done;
        true
    }

    fn slot_key(&self, slot: &str) -> SlotKeyRecord {
        SlotKeyRecord {
            slot: slot.to_string(),
            time: self.playhead(),
            attachment: None,
            color: None,
            draw_order: None,
            interp: Default::default(),
        }
    }

    /// Shows `attachment` (or nothing) in slot `slot`: keyed at the playhead when animating a clip,
    /// else as the slot's setup. One undo step.
    pub fn show_attachment(&mut self, slot: &str, attachment: Option<&str>) -> bool {
        let what = attachment.unwrap_or("nothing");
        if self.slots_keyed() {
            let key = SlotKeyRecord {
                attachment: Some(attachment.map(str::to_string)),
                ..self.slot_key(slot)
            };
            let time = key.time;
            return self.key_slot(key, format!("keyed {slot} to show {what} at {time:.2} s"));
        }
        let Some((mut set, i)) = self.writable_slots(slot) else {
            return false;
        };
        set.slots[i].setup = attachment.map(str::to_string);
        self.apply_slots(set, format!("{slot} shows {what} at setup"))
    }

    /// Sets slot `slot`'s colour (straight RGBA 0–1): keyed at the playhead when animating a clip,
    /// else its setup colour. One undo step.
    pub fn set_slot_color(&mut self, slot: &str, color: [f64; 4]) -> bool {
        let color = color.map(|c| c.clamp(0.0, 1.0));
        if self.slots_keyed() {
            let key = SlotKeyRecord {
                color: Some(color),
                ..self.slot_key(slot)
            };
            let time = key.time;
            return self.key_slot(key, format!("keyed {slot}'s colour at {time:.2} s"));
        }
        let Some((mut set, i)) = self.writable_slots(slot) else {
            return false;
        };
        set.slots[i].color = color;
        self.apply_slots(set, format!("{slot}'s setup colour set"))
    }

    /// Sets slot `slot`'s blend mode. One undo step.
    pub fn set_slot_blend(&mut self, slot: &str, blend: Blend) -> bool {
        let Some((mut set, i)) = self.writable_slots(slot) else {
            return false;
        };
        set.slots[i].blend = blend;
        self.apply_slots(set, format!("{slot} blends {}", blend.name()))
    }

    /// A new empty slot in front of every other ("slot", "slot 2", …). One undo step.
    pub fn add_slot(&mut self) -> bool {
        let taken: HashSet<String> = self.slot_rows().into_iter().map(|r| r.name).collect();
        let name = unused(&taken, "slot");
        let front = self.slot_rows().first().map_or(0, |r| r.draw_order + 1);
        let mut set = self.document.project.rig.slots.clone();
        set.slots.push(limber_core::slots::SlotRecord {
            name: name.clone(),
            draw_order: front,
            attachments: Vec::new(),
            setup: None,
            color: limber_core::slots::WHITE,
            blend: Blend::Normal,
        });
        self.apply_slots(set, format!("added slot {name}"))
    }

    /// Renames slot `from` (its keys and skin entries follow). One undo step.
    pub fn rename_slot(&mut self, from: &str, to: &str) -> bool {
        let to = to.trim();
        if to.is_empty() || to == from {
            return false;
        }
        let done = self.apply(Edit::RenameSlot {
            from: from.to_string(),
            to: to.to_string(),
        });
        if done {
            self.status = format!("renamed slot {from} to {to}");
        }
        done
    }

    /// Moves slot `slot` one place toward the front (or the back) of the draw order, swapping orders
    /// with its neighbour. One undo step.
    pub fn move_slot(&mut self, slot: &str, toward_front: bool) -> bool {
        let rows = self.slot_rows();
        let Some(at) = rows.iter().position(|r| r.name == slot) else {
            return false;
        };
        let other = if toward_front {
            at.checked_sub(1)
        } else {
            Some(at + 1).filter(|&i| i < rows.len())
        };
        let Some(other) = other else {
            return false;
        };
        let (mine, theirs) = (rows[at].draw_order, rows[other].draw_order);
        let (new_mine, new_theirs) = if mine == theirs {
            let step = if toward_front { 1 } else { -1 };
            (mine + step, theirs)
        } else {
            (theirs, mine)
        };
        let other_name = rows[other].name.clone();
        let mut step = self.step();
        let moved =
            step.set_slot_order(slot, new_mine) && step.set_slot_order(&other_name, new_theirs);
        if moved {
            step.commit();
            self.status = format!(
                "moved {slot} {}",
                if toward_front { "forward" } else { "back" }
            );
        }
        moved
    }

    /// Sets a slot's setup draw order (a part's own slot: its part's).
    fn set_slot_order(&mut self, slot: &str, order: i32) -> bool {
        let project = &self.document.project;
        if let Some(part) = project
            .slots()
            .iter()
            .find(|v| v.name == slot && v.record.is_none())
            .and_then(|v| match v.source {
                SlotSource::Part(p) => Some(p),
                SlotSource::Written(_) => None,
            })
        {
            return project.parts[part].draw_order == order || self.set_draw_order(part, order);
        }
        let Some((mut set, i)) = self.writable_slots(slot) else {
            return false;
        };
        if set.slots[i].draw_order == order {
            return true;
        }
        set.slots[i].draw_order = order;
        self.apply(Edit::SetSlots(Box::new(set)))
    }

    /// Deletes slot `slot` with its attachments, the parts only they showed, its keys and skin
    /// entries. One undo step.
    pub fn delete_slot(&mut self, slot: &str) -> bool {
        let Some((mut set, i)) = self.writable_slots(slot) else {
            return false;
        };
        let removed = set.slots.remove(i);
        let parts = self.unshown_parts(&removed.attachments, &set);
        let mut step = self.step();
        if !step.apply(Edit::SetSlots(Box::new(set)))
            || (!parts.is_empty() && !step.apply(Edit::RemoveParts { parts }))
        {
            return false;
        }
        step.commit();
        self.select_refs(Vec::new());
        self.selection.set_vertex(None);
        self.weights.clear();
        self.status = format!("deleted slot {slot}");
        true
    }

    /// Deletes attachment `attachment` of slot `slot` (and its part when no other slot shows it).
    /// One undo step.
    pub fn delete_attachment(&mut self, slot: &str, attachment: &str) -> bool {
        let Some((mut set, i)) = self.writable_slots(slot) else {
            return false;
        };
        let Some(a) = set.slots[i]
            .attachments
            .iter()
            .position(|x| x.name == attachment)
        else {
            return false;
        };
        let removed = set.slots[i].attachments.remove(a);
        if set.slots[i].setup.as_deref() == Some(attachment) {
            set.slots[i].setup = None;
        }
        for skin in &mut set.skins {
            if let Some(entries) = skin.slots.get_mut(slot) {
                entries.retain(|from, to| from != attachment && to != attachment);
            }
        }
        let parts = self.unshown_parts(std::slice::from_ref(&removed), &set);
        let mut step = self.step();
        if !step.apply(Edit::SetSlots(Box::new(set))) {
            return false;
        }
        if !parts.is_empty() && !step.apply(Edit::RemoveParts { parts }) {
            return false;
        }
        step.commit();
        self.selection.set_vertex(None);
        self.weights.clear();
        self.status = format!("deleted attachment {attachment} of {slot}");
        true
    }

    /// Renames attachment `from` of slot `slot` (its setup, skin entries and keys follow). One undo
    /// step.
    pub fn rename_attachment(&mut self, slot: &str, from: &str, to: &str) -> bool {
        let to = to.trim();
        if to.is_empty() || to == from {
            return false;
        }
        let Some((mut set, i)) = self.writable_slots(slot) else {
            return false;
        };
        let record = &mut set.slots[i];
        if record.attachments.iter().any(|a| a.name == to) {
            self.status = format!("slot {slot} already has an attachment {to}");
            return false;
        }
        let Some(a) = record.attachments.iter_mut().find(|a| a.name == from) else {
            return false;
        };
        a.name = to.to_string();
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
        let mut clips = self.document.project.rig.clips.clone();
        let mut step = self.step();
        if !step.apply(Edit::SetSlots(Box::new(set))) {
            return false;
        }
        for clip in &mut clips {
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
                if !step.apply(Edit::ReplaceClip { name, clip: record }) {
                    return false;
                }
            }
        }
        step.commit();
        self.status = format!("renamed attachment {from} of {slot} to {to}");
        true
    }

    /// The parts shown by `attachments` that no slot of `set` shows.
    fn unshown_parts(&self, attachments: &[AttachmentRecord], set: &SlotSet) -> Vec<usize> {
        let still: HashSet<&str> = set
            .slots
            .iter()
            .flat_map(|s| &s.attachments)
            .filter_map(|a| a.part.as_deref())
            .collect();
        let parts = &self.document.project.parts;
        attachments
            .iter()
            .filter(|a| a.kind == AttachmentKind::Mesh)
            .filter_map(|a| a.part.as_deref())
            .filter(|p| !still.contains(p))
            .filter_map(|p| parts.iter().position(|x| x.name == p))
            .collect()
    }

    /// Selects slot `slot` (where [`Editor::add_attachment_to_selected`] adds).
    pub fn select_slot(&mut self, slot: Option<&str>) {
        self.selection.set_slot(slot.map(str::to_string));
    }

    /// Adds the PNG at `path` to the selected slot ([`Editor::add_attachment`]): what the window
    /// does with the file chosen after the panel's "+ attachment".
    pub fn add_attachment_to_selected(&mut self, path: &Path) -> bool {
        let Some(slot) = self.selection.slot().map(str::to_string) else {
            self.status = "select a slot to add an attachment to".into();
            return false;
        };
        self.add_attachment(&slot, path)
    }

    /// Adds the PNG at `path` as a new attachment of slot `slot`, meshed and weighted like a part
    /// (on a worker thread for a large image); with a skin active, the skin shows it in place of the
    /// slot's setup attachment. One undo step when it arrives.
    pub fn add_attachment(&mut self, slot: &str, path: &Path) -> bool {
        if self.jobs().part().is_some() {
            self.status = "a part is being added: wait for it or cancel it".into();
            return false;
        }
        if self.writable_slots(slot).is_none() {
            return false;
        }
        let skeleton = self.document.project.rig.skeleton.clone();
        if image_pixels(path).is_some_and(|pixels| pixels > self.jobs().sync_weight_pixels()) {
            let store = std::sync::Arc::clone(&self.document.assets);
            let job = PartJob::start(path, skeleton, store).into_slot(slot);
            *self.jobs.part_slot() = Some(job);
            self.status = format!("adding attachment from {} …", path.display());
            return true;
        }
        match build_part(&self.document.assets, path, &skeleton, &Progress::new()) {
            Ok(Some(part)) => self.place_part(part, Some(slot)),
            Ok(None) => false,
            Err(e) => {
                self.status = e.to_string();
                false
            }
        }
    }

    /// Makes the part just added (named `part`) an attachment of slot `slot`, within the open step.
    pub(crate) fn attach_part(&mut self, slot: &str, part: &str) -> bool {
        let Some((mut set, i)) = self.writable_slots(slot) else {
            return false;
        };
        push_attachment(
            &mut set,
            i,
            AttachmentRecord {
                name: part.to_string(),
                kind: AttachmentKind::Mesh,
                part: Some(part.to_string()),
                ..AttachmentRecord::default()
            },
        );
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
    let taken: HashSet<String> = slot.attachments.iter().map(|a| a.name.clone()).collect();
    let name = unused(&taken, &record.name);
    record.name = name.clone();
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

/// `stem` if `taken` lacks it, else `stem 2`, `stem 3`, …
pub(crate) fn unused(taken: &HashSet<String>, stem: &str) -> String {
    if !taken.contains(stem) {
        return stem.to_string();
    }
    (2..)
        .map(|i| format!("{stem} {i}"))
        .find(|name| !taken.contains(name))
        .unwrap_or_else(|| stem.to_string())
}

fn row(view: &limber_core::slots::SlotView<'_>, frame: &SlotFrame) -> SlotRow {
    let shown = frame.shown.and_then(|shown| match shown {
        limber_core::slots::Shown::Part(_) => Some(view.name.to_string()),
        limber_core::slots::Shown::Attachment(a) => view.attachment(a).map(|a| a.name.clone()),
    });
    SlotRow {
        name: view.name.to_string(),
        own: view.record.is_none(),
        attachments: view
            .attachment_names()
            .into_iter()
            .map(str::to_string)
            .collect(),
        shown,
        color: frame.color,
        blend: view.blend(),
        draw_order: frame.draw_order,
    }
}
