//! Several keys of the current clip at once: the dopesheet's selection (click, Shift + click, the
//! Shift + drag rubber band), moving the selected keys together, deleting them, and copying them to
//! paste at the playhead with their relative times. Bone keys and part keys (`part_key_selection.rs`)
//! are selected, moved, deleted, copied and pasted together. Each change is one core key edit
//! (`Edit::MoveKeys`, `RemoveKeys`, `PasteKeys`), so one undo step, refused as a whole; the same core
//! functions (`limber_core::animation::key_edits`) say which keys to select afterwards.

use super::editor::Editor;
use limber_core::animation::KeySet;
use limber_core::animation::key_edits;
use limber_core::edit::Edit;

use crate::selection::PartKeyId;
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
        }
    }

    /// Whether any key, bone or part, is selected.
    pub fn has_selected_keys(&self) -> bool {
        !self.selected_keys().is_empty() || !self.selected_part_keys().is_empty()
    }

    /// Selects exactly the bone keys `ids` (no part keys); one key also goes to the inspector.
    pub fn select_keys(&mut self, ids: Vec<KeyId>) {
        self.select_all(ids, Vec::new());
    }

    /// Selects exactly these bone keys and part keys; a lone bone key also goes to the inspector.
    pub fn select_all(&mut self, ids: Vec<KeyId>, parts: Vec<PartKeyId>) {
        self.selection
            .set_key((ids.len() == 1 && parts.is_empty()).then(|| ids[0].clone()));
        self.selection.keys_mut().selected = ids;
        self.selection.keys_mut().parts = parts;
    }

    /// Selects exactly the dopesheet diamonds `refs` (a click, the rubber band).
    pub fn select_refs(&mut self, refs: Vec<KeyRef>) {
        let mut bones = Vec::new();
        let mut parts = Vec::new();
        for r in refs {
            match r {
                KeyRef::Bone(id) => bones.push(id),
                KeyRef::Part(id) => parts.push(id),
            }
        }
        self.select_all(bones, parts);
    }

    /// Adds a key to the selection or takes it out (Shift + click).
    pub fn toggle_key(&mut self, id: KeyId) {
        self.toggle(KeyRef::Bone(id));
    }

    /// Adds a diamond, bone or part key, to the selection or takes it out (Shift + click).
    pub fn toggle(&mut self, key: KeyRef) {
        let mut ids = self.selected_keys();
        let mut parts = self.selected_part_keys();
        let (list, id) = match key {
            KeyRef::Bone(id) => (&mut ids, id),
            KeyRef::Part(id) => (&mut parts, id),
        };
        match list.iter().position(|k| *k == id) {
            Some(i) => {
                list.remove(i);
            }
            None => list.push(id),
        }
        self.select_all(ids, parts);
    }

    /// The selected keys, bone and part keys, as one set.
    fn selected_set(&self) -> KeySet {
        KeySet {
            bones: self.selected_keys(),
            parts: self.selected_part_keys(),
        }
    }

    /// Moves the selected keys, bone and part keys, together by `delta` seconds (kept inside the
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
            self.select_all(moved.bones, moved.parts);
            return true;
        }
        false
    }

    /// Deletes the selected keys, bone and part keys, one undo step.
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

    /// Deletes one key, bone or part (a right-click on its diamond), one undo step.
    pub fn delete_key(&mut self, key: &KeyRef) -> bool {
        let (part, (name, time)) = match key {
            KeyRef::Bone(id) => (false, id),
            KeyRef::Part(id) => (true, id),
        };
        if part {
            return self.delete_part_key(name, *time);
        }
        let Some(clip) = self.clip_name().map(str::to_string) else {
            return false;
        };
        let (bone, time) = (name.clone(), *time);
        self.apply(Edit::RemoveKey { clip, bone, time })
    }

    /// Copies the selected keys, bone and part keys (Ctrl+C); with no key selected, the selected
    /// bones' keys at the playhead. The document does not change.
    pub fn copy_selected_keys(&mut self) -> bool {
        let mut keys = self.selected_set();
        if keys.is_empty() {
            keys.bones = self
                .selection()
                .bones()
                .iter()
                .filter_map(|&b| self.key_at_playhead(b))
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
            self.select_all(pasted.bones, pasted.parts);
            self.status = format!("pasted {count} key{} at {at:.2} s", plural(count));
            return true;
        }
        false
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}
