//! Several keys of the current clip at once: the dopesheet's selection (click, Shift + click, the
//! Shift + drag rubber band), moving the selected keys together, deleting them, and copying them to
//! paste at the playhead with their relative times. Bone keys and part keys (`part_key_selection.rs`)
//! are selected, moved, deleted, copied and pasted together. Each change is one `ReplaceClip` edit,
//! so one undo step, refused as a whole.

use super::editor::Editor;
use super::part_key_selection::{
    PartKeyId, copied_parts, moved_parts, pasted_parts, times, without_parts,
};
use super::timed_keys::{self, TimedKey, TrackKeyId};
use limber_core::animation::{ClipRecord, KeyRecord, PartKeyRecord};
use limber_core::edit::Edit;

/// A key of the current clip: bone name and time.
pub type KeyId = TrackKeyId;

/// A diamond of the dopesheet: a bone's key or a part's key.
#[derive(Debug, Clone, PartialEq)]
pub enum KeyRef {
    Bone(KeyId),
    Part(PartKeyId),
}

/// The selected keys (besides [`Editor::selected_key`], the one the inspector shows) and the
/// copied keys.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct KeySelection {
    pub selected: Vec<KeyId>,
    /// Selected part keys.
    pub parts: Vec<PartKeyId>,
    /// Copied keys, times relative to the earliest copied key (bone or part).
    pub copied: Vec<KeyRecord>,
    /// Copied part keys, times relative to the same earliest key.
    pub copied_parts: Vec<PartKeyRecord>,
}

/// Rounds away floating-point noise from a sum of times (to a microsecond).
fn clean(t: f64) -> f64 {
    (t * 1e6).round() / 1e6
}

impl TimedKey for KeyRecord {
    fn track(&self) -> &str {
        &self.bone
    }

    fn time(&self) -> f64 {
        self.time
    }

    fn at(&self, time: f64) -> Self {
        KeyRecord {
            time,
            ..self.clone()
        }
    }

    /// As [`Edit::SetKey`] does: the channels `key` has replace those of a key at its place.
    fn merge_into(keys: &mut Vec<Self>, key: Self) {
        KeyRecord::merge_into(keys, key);
    }
}

/// `record` with the keys `ids` moved by `delta` seconds (limited so that none leaves the clip);
/// returns the record and the moved keys' new ids.
pub fn moved(record: &ClipRecord, ids: &[KeyId], delta: f64) -> (ClipRecord, Vec<KeyId>) {
    let times = bone_times(record, ids);
    let earliest = times.iter().copied().fold(f64::INFINITY, f64::min);
    let latest = times.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let delta = if times.is_empty() {
        0.0
    } else {
        delta.clamp(-earliest, record.duration - latest)
    };
    let (keys, new_ids) = timed_keys::moved(&record.keys, ids, delta, record.duration, clean);
    (
        ClipRecord {
            keys,
            ..record.clone()
        },
        new_ids,
    )
}

/// `record` without the keys `ids`.
pub fn without(record: &ClipRecord, ids: &[KeyId]) -> ClipRecord {
    ClipRecord {
        keys: timed_keys::without(&record.keys, ids),
        ..record.clone()
    }
}

/// The keys `ids` of `record`, times relative to the earliest of them.
pub fn copied(record: &ClipRecord, ids: &[KeyId]) -> Vec<KeyRecord> {
    let earliest = bone_times(record, ids)
        .into_iter()
        .fold(f64::INFINITY, f64::min);
    copied_from(record, ids, earliest)
}

/// The times of the keys `ids` in `record` (those that exist).
fn bone_times(record: &ClipRecord, ids: &[KeyId]) -> Vec<f64> {
    timed_keys::times_of(&record.keys, ids)
}

/// The keys `ids` of `record`, times relative to `earliest`.
fn copied_from(record: &ClipRecord, ids: &[KeyId], earliest: f64) -> Vec<KeyRecord> {
    timed_keys::copied(&record.keys, ids, earliest, clean)
}

/// `record` with `keys` (relative times) pasted from time `at`; an error when one would fall after
/// the clip's end.
pub fn pasted(
    record: &ClipRecord,
    keys: &[KeyRecord],
    at: f64,
) -> Result<(ClipRecord, Vec<KeyId>), String> {
    let span = keys.iter().map(|k| k.time).fold(0.0, f64::max);
    if at + span > record.duration + 1e-9 {
        return Err(format!(
            "the copied keys span {span:.2} s and do not fit between {at:.2} s and the clip's end ({:.2} s)",
            record.duration
        ));
    }
    let (keys, ids) = timed_keys::pasted(&record.keys, keys, at, record.duration, clean);
    Ok((
        ClipRecord {
            keys,
            ..record.clone()
        },
        ids,
    ))
}

impl Editor {
    /// The selected keys of the current clip: the rubber band's and the inspector's, each once,
    /// only those that exist.
    pub fn selected_keys(&self) -> Vec<KeyId> {
        let Some(clip) = self.current_clip() else {
            return Vec::new();
        };
        let record = clip.to_record();
        let mut ids: Vec<KeyId> = self.keys.selected.clone();
        ids.extend(self.selected_key.clone());
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
        self.keys
            .selected
            .iter()
            .chain(self.selected_key.as_ref())
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
        self.selected_key = (ids.len() == 1 && parts.is_empty()).then(|| ids[0].clone());
        self.keys.selected = ids;
        self.keys.parts = parts;
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

    /// Replaces the current clip with `record` (one undo step); returns whether it applied.
    fn replace_current_clip(&mut self, record: ClipRecord) -> bool {
        let Some(name) = self.clip_name().map(str::to_string) else {
            return false;
        };
        self.apply(Edit::ReplaceClip { name, clip: record })
    }

    /// Moves the selected keys, bone and part keys, together by `delta` seconds (kept inside the
    /// clip), one undo step. A key landing on another of its bone or part merges with it.
    pub fn move_selected_keys(&mut self, delta: f64) -> bool {
        let ids = self.selected_keys();
        let parts = self.selected_part_keys();
        let Some(clip) = self.current_clip() else {
            return false;
        };
        if (ids.is_empty() && parts.is_empty()) || delta == 0.0 {
            return false;
        }
        let record = clip.to_record();
        let all = [bone_times(&record, &ids), times(&record, &parts)].concat();
        let earliest = all.iter().copied().fold(f64::INFINITY, f64::min);
        let latest = all.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let delta = delta.clamp(-earliest, record.duration - latest);
        if delta == 0.0 {
            return false;
        }
        let (record, new_ids) = moved(&record, &ids, delta);
        let (record, new_parts) = moved_parts(&record, &parts, delta, clean);
        if self.replace_current_clip(record) {
            self.select_all(new_ids, new_parts);
            return true;
        }
        false
    }

    /// Deletes the selected keys, bone and part keys, one undo step.
    pub fn delete_selected_keys(&mut self) -> bool {
        let ids = self.selected_keys();
        let parts = self.selected_part_keys();
        let Some(clip) = self.current_clip() else {
            return false;
        };
        let count = ids.len() + parts.len();
        if count == 0 {
            return false;
        }
        let record = without_parts(&without(&clip.to_record(), &ids), &parts);
        if self.replace_current_clip(record) {
            self.status = format!("deleted {count} key{}", plural(count));
            self.select_keys(Vec::new());
            return true;
        }
        false
    }

    /// Copies the selected keys, bone and part keys (Ctrl+C); the document does not change.
    pub fn copy_selected_keys(&mut self) -> bool {
        let ids = self.selected_keys();
        let parts = self.selected_part_keys();
        let Some(clip) = self.current_clip() else {
            return false;
        };
        let count = ids.len() + parts.len();
        if count == 0 {
            self.status = "select keys to copy".into();
            return false;
        }
        let record = clip.to_record();
        let earliest = [bone_times(&record, &ids), times(&record, &parts)]
            .concat()
            .into_iter()
            .fold(f64::INFINITY, f64::min);
        self.keys.copied = copied_from(&record, &ids, earliest);
        self.keys.copied_parts = copied_parts(&record, &parts, earliest, clean);
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
        if self.keys.copied.is_empty() && self.keys.copied_parts.is_empty() {
            self.status = "nothing copied: select keys and press Ctrl+C".into();
            return false;
        }
        let at = self.playhead();
        let record = clip.to_record();
        let span = self
            .keys
            .copied_parts
            .iter()
            .map(|k| k.time)
            .fold(0.0, f64::max);
        if at + span > record.duration + 1e-9 {
            self.status = format!(
                "the copied keys span {span:.2} s and do not fit between {at:.2} s and the clip's end ({:.2} s)",
                record.duration
            );
            return false;
        }
        match pasted(&record, &self.keys.copied, at) {
            Ok((record, ids)) => {
                let (record, parts) = pasted_parts(&record, &self.keys.copied_parts, at, clean);
                let count = ids.len() + parts.len();
                if self.replace_current_clip(record) {
                    self.select_all(ids, parts);
                    self.status = format!("pasted {count} key{} at {at:.2} s", plural(count));
                    return true;
                }
                false
            }
            Err(e) => {
                self.status = e;
                false
            }
        }
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

#[cfg(test)]
mod tests {
    use super::*;
    use limber_core::animation::Interpolation;

    fn key(bone: &str, time: f64, rotate: f64) -> KeyRecord {
        KeyRecord {
            bone: bone.into(),
            time,
            rotate: Some(rotate),
            translate: None,
            scale: None,
            interp: Interpolation::LINEAR,
        }
    }

    fn clip() -> ClipRecord {
        ClipRecord {
            name: "c".into(),
            duration: 1.0,
            looping: true,
            keys: vec![key("a", 0.1, 1.0), key("a", 0.5, 2.0), key("b", 0.3, 3.0)],
            parts: vec![],
            constraints: vec![],
            fps: None,
        }
    }

    #[test]
    fn moving_keeps_spacing_and_stays_inside_the_clip() {
        let ids = vec![("a".to_string(), 0.1), ("b".to_string(), 0.3)];
        let (record, new) = moved(&clip(), &ids, 0.2);
        assert_eq!(new, vec![("a".to_string(), 0.3), ("b".to_string(), 0.5)]);
        assert_eq!(record.keys.len(), 3);
        assert!(record.keys.iter().any(|k| k.bone == "a" && k.time == 0.5));
        // Limited at the start: the earliest key stops at 0.
        let (_, new) = moved(&clip(), &ids, -5.0);
        assert_eq!(new, vec![("a".to_string(), 0.0), ("b".to_string(), 0.2)]);
        // A key landing on another of its bone merges with it (its channels win).
        let (record, _) = moved(&clip(), &[("a".to_string(), 0.1)], 0.4);
        let at = record
            .keys
            .iter()
            .filter(|k| k.bone == "a")
            .collect::<Vec<_>>();
        assert_eq!(at.len(), 1);
        assert_eq!(at[0].rotate, Some(1.0));
    }

    #[test]
    fn copies_paste_with_relative_times_and_refuse_past_the_end() {
        let ids = vec![("a".to_string(), 0.5), ("b".to_string(), 0.3)];
        let copy = copied(&clip(), &ids);
        let times: Vec<f64> = copy.iter().map(|k| k.time).collect();
        assert_eq!(times, vec![0.2, 0.0]);
        let (record, new) = pasted(&clip(), &copy, 0.7).unwrap();
        assert_eq!(record.keys.len(), 5);
        assert_eq!(new, vec![("a".to_string(), 0.9), ("b".to_string(), 0.7)]);
        assert!(pasted(&clip(), &copy, 0.9).is_err());
        let left = without(&clip(), &ids);
        assert_eq!(left.keys, vec![key("a", 0.1, 1.0)]);
    }
}
