//! Several keys of the current clip at once: the dopesheet's selection (click, Shift + click, the
//! Shift + drag rubber band), moving the selected keys together, deleting them, and copying them to
//! paste at the playhead with their relative times. Bone keys, part keys (`part_key_selection.rs`)
//! and slot keys (`slot_key_selection.rs`) are selected, moved, deleted, copied and pasted together. Each change is one core key edit
//! (`Edit::MoveKeys`, `RemoveKeys`, `PasteKeys`), so one undo step, refused as a whole; the same core
//! functions (`limber_core::animation::key_edits`) say which keys to select afterwards.

use super::editor::Editor;
use limber_core::animation::key_edits;
use limber_core::animation::{KeySet, TimedKey, TrackKeyId};
use limber_core::edit::Edit;

pub use crate::selection::{KeyId, KeyRef, KeySelection};

impl Editor {
    /// The selected keys of the current clip: the rubber band's and the inspector's, each once,
    /// only those that exist.
    pub fn selected_keys(&self) -> Vec<KeyId> {
        let Some(clip) = self.current_clip() else {
            return Vec::new();
        };
        let record = clip.to_record();
        let mut ids: Vec<KeyId> = self.selection().keys().selected.clone();
        ids.extend(self.selection().key().cloned());
        let mut out: Vec<KeyId> = Vec::new();
        for id in ids {
            let exists = record.keys.iter().any(|k| k.bone == id.0 && k.time == id.1);
            if exists && !out.contains(&id) {
                out.push(id);
            }
        }
        out
    }

    /// Whether the key is selected.
    pub fn is_key_selected(&self, bone: &str, time: f64) -> bool {
        self.selection()
            .keys()
            .selected
            .iter()
            .chain(self.selection().key())
            .any(|(b, t)| b == bone && *t == time)
    }

    /// Whether a dopesheet diamond is selected.
    pub fn is_selected(&self, key: &KeyRef) -> bool {
        match key {
            KeyRef::Bone((bone, time)) => self.is_key_selected(bone, *time),
            KeyRef::Part((part, time)) => self.is_part_key_selected(part, *time),
            KeyRef::Slot((slot, time)) => self.is_slot_key_selected(slot, *time),
        }
    }

    /// Whether any key, bone, part or slot, is selected.
    pub fn has_selected_keys(&self) -> bool {
        !self.selected_set().is_empty()
    }

    /// Selects exactly the bone keys `ids` (no part or slot keys); one key also goes to the
    /// inspector.
    pub fn select_keys(&mut self, ids: Vec<KeyId>) {
        self.select_set(KeySet {
            bones: ids,
            ..KeySet::default()
        });
    }

    /// Selects exactly the keys of `set`; a lone bone key also goes to the inspector.
    pub fn select_set(&mut self, set: KeySet) {
        let lone = set.len() == 1 && set.bones.len() == 1;
        self.selection.set_key(lone.then(|| set.bones[0].clone()));
        let keys = self.selection.keys_mut();
        keys.selected = set.bones;
        keys.parts = set.parts;
        keys.slots = set.slots;
    }

    /// Selects exactly the dopesheet diamonds `refs` (a click, the rubber band).
    pub fn select_refs(&mut self, refs: Vec<KeyRef>) {
        let mut set = KeySet::default();
        for r in refs {
            match r {
                KeyRef::Bone(id) => set.bones.push(id),
                KeyRef::Part(id) => set.parts.push(id),
                KeyRef::Slot(id) => set.slots.push(id),
            }
        }
        self.select_set(set);
    }

    /// Adds a key to the selection or takes it out (Shift + click).
    pub fn toggle_key(&mut self, id: KeyId) {
        self.toggle(KeyRef::Bone(id));
    }

    /// Adds a diamond, bone, part or slot key, to the selection or takes it out (Shift + click).
    pub fn toggle(&mut self, key: KeyRef) {
        let mut set = self.selected_set();
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
        self.select_set(set);
    }

    /// The selected keys, bone, part and slot keys, as one set (only those that exist).
    pub fn selected_set(&self) -> KeySet {
        KeySet {
            bones: self.selected_keys(),
            parts: self.selected_part_keys(),
            slots: self.selected_slot_keys(),
        }
    }

    /// Moves the selected keys, bone, part and slot keys, together by `delta` seconds (kept inside the
    /// clip), one undo step. A key landing on another of its bone or part merges with it.
    pub fn move_selected_keys(&mut self, delta: f64) -> bool {
        let keys = self.selected_set();
        let Some(clip) = self.current_clip() else {
            return false;
        };
        let record = clip.to_record();
        if keys.is_empty() || key_edits::limited_delta(&record, &keys, delta) == 0.0 {
            return false;
        }
        let (_, moved) = key_edits::moved(&record, &keys, delta);
        let clip = record.name;
        if self.apply(Edit::MoveKeys { clip, keys, delta }) {
            self.select_set(moved);
            return true;
        }
        false
    }

    /// Deletes the selected keys, bone, part and slot keys, one undo step.
    pub fn delete_selected_keys(&mut self) -> bool {
        let keys = self.selected_set();
        let Some(clip) = self.current_clip() else {
            return false;
        };
        let count = keys.len();
        if count == 0 {
            return false;
        }
        let clip = clip.name.clone();
        if self.apply(Edit::RemoveKeys { clip, keys }) {
            self.status = format!("deleted {count} key{}", plural(count));
            self.select_keys(Vec::new());
            return true;
        }
        false
    }

    /// Deletes one key, bone, part or slot (a right-click on its diamond), one undo step.
    pub fn delete_key(&mut self, key: &KeyRef) -> bool {
        let Some(record) = self.current_clip().map(|c| c.to_record()) else {
            return false;
        };
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
            self.status = format!("{track} has no key at {time:.2} s");
            return false;
        }
        let mut left = self.selected_set();
        let clip = record.name;
        if self.apply(Edit::RemoveKeys { clip, keys: one }) {
            for list in [&mut left.bones, &mut left.parts, &mut left.slots] {
                list.retain(|k| *k != (track.clone(), time));
            }
            self.select_set(left);
            self.status = format!("deleted {track}'s key at {time:.2} s");
            return true;
        }
        false
    }

    /// Copies the selected keys, bone, part and slot keys (Ctrl+C); with no key selected, the selected
    /// bones' keys at the playhead. The document does not change.
    pub fn copy_selected_keys(&mut self) -> bool {
        let mut keys = self.selected_set();
        if keys.is_empty() {
            keys.bones = self
                .selection()
                .bones()
                .iter()
                .filter_map(|&b| self.bone_keys(b).key())
                .map(|k| (k.bone, k.time))
                .collect();
        }
        let Some(clip) = self.current_clip() else {
            return false;
        };
        let count = keys.len();
        if count == 0 {
            self.status = "select keys to copy".into();
            return false;
        }
        self.selection.keys_mut().copied = key_edits::copied(&clip.to_record(), &keys);
        self.status = format!("copied {count} key{}", plural(count));
        true
    }

    /// Pastes the copied keys at the playhead, keeping their relative times (Ctrl+V), one undo step;
    /// the pasted keys become the selection. Refused when they would run past the clip's end or name
    /// a bone or part this project lacks.
    pub fn paste_keys(&mut self) -> bool {
        let Some(clip) = self.current_clip() else {
            self.status = "no clip to paste into: add one in the timeline".into();
            return false;
        };
        if self.selection().keys().copied.is_empty() {
            self.status = "nothing copied: select keys and press Ctrl+C".into();
            return false;
        }
        // Pasted key times are kept to the microsecond: the playhead moves there too, so the
        // first pasted key is at the playhead exactly and the inspector shows it as keyed.
        let at = (self.playhead() * 1e6).round() / 1e6;
        let record = clip.to_record();
        let pasted = match key_edits::pasted(&record, &self.selection().keys().copied, at) {
            Ok((_, pasted)) => pasted,
            Err(e) => {
                self.status = e.to_string();
                return false;
            }
        };
        let count = pasted.len();
        let edit = Edit::PasteKeys {
            clip: record.name,
            keys: self.selection().keys().copied.clone(),
            at,
        };
        if self.apply(edit) {
            self.playback.set_time(at);
            self.select_set(pasted);
            self.status = format!("pasted {count} key{} at {at:.2} s", plural(count));
            return true;
        }
        false
    }
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
