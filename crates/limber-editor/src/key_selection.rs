//! Several keys of the current clip at once: the dopesheet's selection (click, Shift + click, the
//! Shift + drag rubber band; read on the [`Animation`] view), moving the selected keys together,
//! deleting them, and copying them to paste at the playhead with their relative times — functions
//! over the undo [`Step`] or the [`Selection`] returning a [`KeyError`]. Bone keys, part keys (`part_key_selection.rs`)
//! and slot keys (`slot_key_selection.rs`) are selected, moved, deleted, copied and pasted together. Each change is one core key edit
//! (`Edit::MoveKeys`, `RemoveKeys`, `PasteKeys`), so one undo step, refused as a whole; the same core
//! functions (`limber_core::animation::key_edits`) say which keys to select afterwards.

use super::editor::Editor;
use crate::animate::{Animation, KeyError};
use crate::selection::Selection;
use crate::step::Step;
use limber_core::animation::key_edits;
use limber_core::animation::{ClipRecord, KeySet, TimedKey, TrackKeyId};
use limber_core::edit::Edit;

pub use crate::selection::{KeyId, KeyRef, KeySelection};

impl<'a> Animation<'a> {
    /// The selected keys of the current clip: the rubber band's and the inspector's, each once,
    /// only those that exist.
    pub fn selected_keys(&self) -> Vec<KeyId> {
        let Some(clip) = self.clip() else {
            return Vec::new();
        };
        let record = clip.to_record();
        let mut ids: Vec<KeyId> = self.selection.keys().selected.clone();
        ids.extend(self.selection.key().cloned());
        let mut out: Vec<KeyId> = Vec::new();
        for id in ids {
            let exists = record.keys.iter().any(|k| k.bone == id.0 && k.time == id.1);
            if exists && !out.contains(&id) {
                out.push(id);
            }
        }
        out
    }

    /// Whether the bone key is selected.
    pub fn is_key_selected(&self, bone: &str, time: f64) -> bool {
        self.selection
            .keys()
            .selected
            .iter()
            .chain(self.selection.key())
            .any(|(b, t)| b == bone && *t == time)
    }

    /// Whether a dopesheet diamond is selected.
    pub fn is_selected(&self, key: &KeyRef) -> bool {
        let keys = self.selection.keys();
        let listed = |list: &[TrackKeyId], (track, time): &TrackKeyId| {
            list.iter().any(|(t, at)| t == track && at == time)
        };
        match key {
            KeyRef::Bone((bone, time)) => self.is_key_selected(bone, *time),
            KeyRef::Part(id) => listed(&keys.parts, id),
            KeyRef::Slot(id) => listed(&keys.slots, id),
        }
    }

    /// Whether any key, bone, part or slot, is selected.
    pub fn has_selected_keys(&self) -> bool {
        !self.selected_set().is_empty()
    }

    /// The selected keys, bone, part and slot keys, as one set (only those that exist).
    pub fn selected_set(&self) -> KeySet {
        let slots = self.clip().map_or_else(Vec::new, |clip| {
            existing(clip.slot_keys(), &self.selection.keys().slots)
        });
        KeySet {
            bones: self.selected_keys(),
            parts: self.selected_part_keys(),
            slots,
        }
    }
}

impl Editor {
    /// Selects exactly the dopesheet diamonds `refs` (a click, the rubber band).
    pub fn select_refs(&mut self, refs: Vec<KeyRef>) {
        select_refs(&mut self.selection, refs);
    }
}

/// Selects exactly the dopesheet diamonds `refs` (a click, the rubber band).
pub(crate) fn select_refs(selection: &mut Selection, refs: Vec<KeyRef>) {
    let mut set = KeySet::default();
    for r in refs {
        match r {
            KeyRef::Bone(id) => set.bones.push(id),
            KeyRef::Part(id) => set.parts.push(id),
            KeyRef::Slot(id) => set.slots.push(id),
        }
    }
    select_set(selection, set);
}

/// Selects exactly the keys of `set`; a lone bone key also goes to the inspector.
pub(crate) fn select_set(selection: &mut Selection, set: KeySet) {
    let lone = set.len() == 1 && set.bones.len() == 1;
    selection.set_key(lone.then(|| set.bones[0].clone()));
    let keys = selection.keys_mut();
    keys.selected = set.bones;
    keys.parts = set.parts;
    keys.slots = set.slots;
}

/// Drops the key selection.
pub(crate) fn select_none(selection: &mut Selection) {
    select_set(selection, KeySet::default());
}

/// Adds a diamond, bone, part or slot key, to the selection or takes it out (Shift + click).
pub(crate) fn toggle(editor: &mut Editor, key: KeyRef) {
    let mut set = editor.animation().selected_set();
    let (list, id) = match key {
        KeyRef::Bone(id) => (&mut set.bones, id),
        KeyRef::Part(id) => (&mut set.parts, id),
        KeyRef::Slot(id) => (&mut set.slots, id),
    };
    match list.iter().position(|k| *k == id) {
        Some(i) => {
            list.remove(i);
        }
        None => list.push(id),
    }
    select_set(&mut editor.selection, set);
}

/// The current clip's record, or why there is none.
fn current_record(step: &Step) -> Result<ClipRecord, KeyError> {
    step.current_clip()
        .map(|c| c.to_record())
        .ok_or(KeyError::NoClip)
}

/// Moves the selected keys, bone, part and slot keys, together by `delta` seconds (kept inside the
/// clip), one undo step. A key landing on another of its bone or part merges with it. Whether
/// any moved.
pub(crate) fn move_selected_keys(mut step: Step, delta: f64) -> Result<bool, KeyError> {
    let keys = step.animation().selected_set();
    let record = current_record(&step)?;
    if keys.is_empty() || key_edits::limited_delta(&record, &keys, delta) == 0.0 {
        return Ok(false);
    }
    let (_, moved) = key_edits::moved(&record, &keys, delta);
    let clip = record.name;
    step.document.apply(Edit::MoveKeys { clip, keys, delta })?;
    select_set(&mut step.selection, moved);
    step.commit();
    Ok(true)
}

/// Deletes the selected keys, bone, part and slot keys, one undo step; whether there were any.
pub(crate) fn delete_selected_keys(mut step: Step) -> Result<bool, KeyError> {
    let keys = step.animation().selected_set();
    let clip = current_record(&step)?.name;
    let count = keys.len();
    if count == 0 {
        return Ok(false);
    }
    step.document.apply(Edit::RemoveKeys { clip, keys })?;
    step.status = format!("deleted {count} key{}", plural(count));
    select_none(&mut step.selection);
    step.commit();
    Ok(true)
}

/// Deletes one key, bone, part or slot (a right-click on its diamond), one undo step.
pub(crate) fn delete_key(mut step: Step, key: &KeyRef) -> Result<(), KeyError> {
    let record = current_record(&step)?;
    let (one, (track, time)) = match key.clone() {
        KeyRef::Bone(id) => (
            KeySet {
                bones: vec![id.clone()],
                ..KeySet::default()
            },
            id,
        ),
        KeyRef::Part(id) => (
            KeySet {
                parts: vec![id.clone()],
                ..KeySet::default()
            },
            id,
        ),
        KeyRef::Slot(id) => (
            KeySet {
                slots: vec![id.clone()],
                ..KeySet::default()
            },
            id,
        ),
    };
    if key_edits::times(&record, &one).is_empty() {
        return Err(KeyError::NoKeyAt { track, time });
    }
    let mut left = step.animation().selected_set();
    let clip = record.name;
    step.document.apply(Edit::RemoveKeys { clip, keys: one })?;
    for list in [&mut left.bones, &mut left.parts, &mut left.slots] {
        list.retain(|k| *k != (track.clone(), time));
    }
    select_set(&mut step.selection, left);
    step.status = format!("deleted {track}'s key at {time:.2} s");
    step.commit();
    Ok(())
}

/// Copies the selected keys, bone, part and slot keys (Ctrl+C); with no key selected, the selected
/// bones' keys at the playhead. The document does not change.
pub(crate) fn copy_selected_keys(editor: &mut Editor) -> Result<(), KeyError> {
    let mut keys = editor.animation().selected_set();
    if keys.is_empty() {
        keys.bones = editor
            .selection()
            .bones()
            .iter()
            .filter_map(|&b| editor.bone_keys(b).key())
            .map(|k| (k.bone, k.time))
            .collect();
    }
    let Some(clip) = editor.current_clip() else {
        return Err(KeyError::NoClip);
    };
    let count = keys.len();
    if count == 0 {
        return Err(KeyError::NothingToCopy);
    }
    let copied = key_edits::copied(&clip.to_record(), &keys);
    editor.selection.keys_mut().copied = copied;
    editor.status = format!("copied {count} key{}", plural(count));
    Ok(())
}

/// Pastes the copied keys at the playhead, keeping their relative times (Ctrl+V), one undo step;
/// the pasted keys become the selection. Refused when they would run past the clip's end or name
/// a bone or part this project lacks.
pub(crate) fn paste_keys(mut step: Step) -> Result<(), KeyError> {
    let Some(clip) = step.current_clip() else {
        return Err(KeyError::NoClipToPaste);
    };
    if step.selection().keys().copied.is_empty() {
        return Err(KeyError::NothingCopied);
    }
    // Pasted key times are kept to the microsecond: the playhead moves there too, so the
    // first pasted key is at the playhead exactly and the inspector shows it as keyed.
    let at = (step.animation().playhead() * 1e6).round() / 1e6;
    let record = clip.to_record();
    let (_, pasted) = key_edits::pasted(&record, &step.selection().keys().copied, at)?;
    let count = pasted.len();
    let edit = Edit::PasteKeys {
        clip: record.name,
        keys: step.selection().keys().copied.clone(),
        at,
    };
    step.document.apply(edit)?;
    step.playback.set_time(at);
    select_set(&mut step.selection, pasted);
    step.status = format!("pasted {count} key{} at {at:.2} s", plural(count));
    step.commit();
    Ok(())
}

/// The ids among `ids` whose keys exist in `keys`, each once, in the order of `ids`.
pub(crate) fn existing<K: TimedKey>(keys: &[K], ids: &[TrackKeyId]) -> Vec<TrackKeyId> {
    let mut out: Vec<TrackKeyId> = Vec::new();
    for id in ids {
        if find(keys, id).is_some() && !out.contains(id) {
            out.push(id.clone());
        }
    }
    out
}

/// The names of the tracks that have keys among `keys`: those of `order` first, in its order, then
/// any other name the keys use (a dopesheet row each).
pub(crate) fn keyed_tracks<'a, K: TimedKey>(
    keys: &[K],
    order: impl IntoIterator<Item = &'a str>,
) -> Vec<String> {
    let mut names: Vec<String> = order
        .into_iter()
        .filter(|name| keys.iter().any(|k| k.track() == *name))
        .map(str::to_string)
        .collect();
    for key in keys {
        if !names.iter().any(|n| n == key.track()) {
            names.push(key.track().to_string());
        }
    }
    names
}

/// The key of `keys` that `id` names.
pub(crate) fn find<K: TimedKey>(keys: &[K], (track, time): &TrackKeyId) -> Option<K> {
    keys.iter()
        .find(|k| k.track() == track && k.time() == *time)
        .cloned()
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}
