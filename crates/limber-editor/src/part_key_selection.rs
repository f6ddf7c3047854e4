//! Part keys in the dopesheet's selection: a part's keyed draw order, visibility and deform offsets
//! (`PartKeyRecord`), selected, moved, deleted, copied and pasted next to the bone keys. The pure
//! functions here rewrite a clip record; `key_selection.rs` joins them with the bone keys so that
//! each change is one `ReplaceClip` edit.

use super::editor::Editor;
use super::timed_keys::{self, TimedKey, TrackKeyId};
use limber_core::animation::{ClipRecord, PartKeyRecord};
use limber_core::edit::Edit;

/// A part key of the current clip: part name and time.
pub type PartKeyId = TrackKeyId;

impl TimedKey for PartKeyRecord {
    fn track(&self) -> &str {
        &self.part
    }

    fn time(&self) -> f64 {
        self.time
    }

    fn at(&self, time: f64) -> Self {
        PartKeyRecord {
            time,
            ..self.clone()
        }
    }

    /// As keying a draw order at a part key's time does: what `key` holds replaces what the key at
    /// its place has (like bone keys' channels).
    fn merge_into(keys: &mut Vec<Self>, key: Self) {
        merge_part(keys, key);
    }
}

/// Puts `key` into `keys`: on a key of the same part and time, what `key` holds replaces what that
/// key has.
pub fn merge_part(keys: &mut Vec<PartKeyRecord>, key: PartKeyRecord) {
    match keys
        .iter_mut()
        .find(|k| k.part == key.part && k.time == key.time)
    {
        Some(existing) => {
            existing.draw_order = key.draw_order.or(existing.draw_order);
            existing.visible = key.visible.or(existing.visible);
            existing.deform = key.deform.or(existing.deform.take());
            existing.interp = key.interp;
        }
        None => keys.push(key),
    }
}

/// The times of the part keys `ids` in `record` (those that exist).
pub fn times(record: &ClipRecord, ids: &[PartKeyId]) -> Vec<f64> {
    timed_keys::times_of(&record.parts, ids)
}

/// `record` with the part keys `ids` moved by `delta` seconds (the caller keeps them inside the
/// clip; times are clamped to it); a moved key landing on another key of its part merges with it.
/// Returns the record and the moved keys' new ids.
pub fn moved_parts(
    record: &ClipRecord,
    ids: &[PartKeyId],
    delta: f64,
    clean: impl Fn(f64) -> f64,
) -> (ClipRecord, Vec<PartKeyId>) {
    let (parts, new_ids) = timed_keys::moved(&record.parts, ids, delta, record.duration, clean);
    (
        ClipRecord {
            parts,
            ..record.clone()
        },
        new_ids,
    )
}

/// `record` without the part keys `ids`.
pub fn without_parts(record: &ClipRecord, ids: &[PartKeyId]) -> ClipRecord {
    ClipRecord {
        parts: timed_keys::without(&record.parts, ids),
        ..record.clone()
    }
}

/// The part keys `ids` of `record`, times relative to `earliest`.
pub fn copied_parts(
    record: &ClipRecord,
    ids: &[PartKeyId],
    earliest: f64,
    clean: impl Fn(f64) -> f64,
) -> Vec<PartKeyRecord> {
    timed_keys::copied(&record.parts, ids, earliest, clean)
}

/// `record` with the part keys `keys` (relative times) pasted from time `at` (the caller checks
/// that they fit); returns the record and the pasted keys' ids.
pub fn pasted_parts(
    record: &ClipRecord,
    keys: &[PartKeyRecord],
    at: f64,
    clean: impl Fn(f64) -> f64,
) -> (ClipRecord, Vec<PartKeyId>) {
    let (parts, ids) = timed_keys::pasted(&record.parts, keys, at, record.duration, clean);
    (
        ClipRecord {
            parts,
            ..record.clone()
        },
        ids,
    )
}

/// What a part key holds, in a few words: "draw order 2, hidden, deforms 14 vertices".
pub fn describe(key: &PartKeyRecord) -> String {
    let mut parts = Vec::new();
    if let Some(order) = key.draw_order {
        parts.push(format!("draw order {order}"));
    }
    if let Some(visible) = key.visible {
        parts.push(if visible { "shown" } else { "hidden" }.to_string());
    }
    if let Some(deform) = &key.deform {
        let n = deform.vertices.len();
        parts.push(format!(
            "deforms {n} vert{}",
            if n == 1 { "ex" } else { "ices" }
        ));
    }
    if parts.is_empty() {
        "nothing keyed".into()
    } else {
        parts.join(", ")
    }
}

impl Editor {
    /// The names of the parts that have keys in the current clip: the project's parts in order,
    /// then any other name the keys use. The dopesheet shows a row for each.
    pub fn keyed_parts(&self) -> Vec<String> {
        let Some(clip) = self.current_clip() else {
            return Vec::new();
        };
        let keys = clip.part_keys();
        let mut names: Vec<String> = self
            .document
            .project
            .parts
            .iter()
            .filter(|p| keys.iter().any(|k| k.part == p.name))
            .map(|p| p.name.clone())
            .collect();
        for key in keys {
            if !names.contains(&key.part) {
                names.push(key.part.clone());
            }
        }
        names
    }

    /// The selected part keys of the current clip, each once, only those that exist.
    pub fn selected_part_keys(&self) -> Vec<PartKeyId> {
        let Some(clip) = self.current_clip() else {
            return Vec::new();
        };
        let mut out: Vec<PartKeyId> = Vec::new();
        for id in &self.keys.parts {
            let exists = clip
                .part_keys()
                .iter()
                .any(|k| k.part == id.0 && k.time == id.1);
            if exists && !out.contains(id) {
                out.push(id.clone());
            }
        }
        out
    }

    /// Whether the part key is selected.
    pub fn is_part_key_selected(&self, part: &str, time: f64) -> bool {
        self.keys.parts.iter().any(|(p, t)| p == part && *t == time)
    }

    /// The part key the inspector shows: the only selected key, when it is a part key.
    pub fn selected_part_key_record(&self) -> Option<PartKeyRecord> {
        let ids = self.selected_part_keys();
        if ids.len() != 1 || !self.selected_keys().is_empty() {
            return None;
        }
        let (part, time) = &ids[0];
        self.current_clip()?
            .part_keys()
            .iter()
            .find(|k| &k.part == part && k.time == *time)
            .cloned()
    }

    /// Sets the interpolation of the selected part key's deform offsets toward the next deform key,
    /// one undo step.
    pub fn set_part_key_interpolation(&mut self, interp: limber_core::animation::Interpolation) {
        let (Some(key), Some(clip)) = (self.selected_part_key_record(), self.current_clip()) else {
            return;
        };
        if key.interp == interp {
            return;
        }
        let mut record = clip.to_record();
        for k in &mut record.parts {
            if k.part == key.part && k.time == key.time {
                k.interp = interp;
            }
        }
        let name = record.name.clone();
        self.apply(Edit::ReplaceClip { name, clip: record });
    }

    /// Deletes one part key (right-click on its diamond), one undo step.
    pub fn delete_part_key(&mut self, part: &str, time: f64) -> bool {
        let Some(clip) = self.current_clip() else {
            return false;
        };
        let id = (part.to_string(), time);
        let record = clip.to_record();
        if times(&record, std::slice::from_ref(&id)).is_empty() {
            self.status = format!("{part} has no key at {time:.2} s");
            return false;
        }
        let name = record.name.clone();
        let record = without_parts(&record, std::slice::from_ref(&id));
        if self.apply(Edit::ReplaceClip { name, clip: record }) {
            self.keys.parts.retain(|k| *k != id);
            self.status = format!("deleted {part}'s key at {time:.2} s");
            return true;
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use limber_core::animation::{DeformRecord, Interpolation};

    fn key(part: &str, time: f64, order: Option<i32>, deform: bool) -> PartKeyRecord {
        PartKeyRecord {
            part: part.into(),
            time,
            draw_order: order,
            visible: None,
            deform: deform.then(|| DeformRecord {
                vertices: vec![1, 3],
                offsets: vec![[1.0, 0.0], [0.0, 2.0]],
            }),
            interp: Interpolation::LINEAR,
        }
    }

    fn clip() -> ClipRecord {
        ClipRecord {
            name: "c".into(),
            duration: 1.0,
            looping: true,
            keys: vec![],
            parts: vec![
                key("arm", 0.2, None, true),
                key("arm", 0.6, Some(3), false),
                key("leg", 0.4, Some(1), false),
            ],
            constraints: vec![],
            fps: None,
        }
    }

    /// Rounds to a microsecond, as `key_selection.rs` does.
    fn micro(t: f64) -> f64 {
        (t * 1e6).round() / 1e6
    }

    fn id(part: &str, t: f64) -> PartKeyId {
        (part.to_string(), t)
    }

    #[test]
    fn moving_merges_on_a_key_of_the_same_part_and_deleting_removes() {
        let (record, new) = moved_parts(&clip(), &[id("arm", 0.2)], 0.3, micro);
        assert_eq!(new, vec![id("arm", 0.5)]);
        assert_eq!(record.parts.len(), 3);
        // Landing on arm's 0.6 key merges: its draw order stays, the deform joins it.
        let (record, _) = moved_parts(&clip(), &[id("arm", 0.2)], 0.4, micro);
        let arm: Vec<&PartKeyRecord> = record.parts.iter().filter(|k| k.part == "arm").collect();
        assert_eq!(arm.len(), 1);
        assert_eq!(arm[0].draw_order, Some(3));
        assert!(arm[0].deform.is_some());
        let left = without_parts(&clip(), &[id("arm", 0.6), id("leg", 0.4)]);
        assert_eq!(left.parts, vec![key("arm", 0.2, None, true)]);
    }

    #[test]
    fn copies_keep_relative_times_and_paste_at_a_time() {
        let copy = copied_parts(&clip(), &[id("arm", 0.6), id("leg", 0.4)], 0.4, micro);
        assert_eq!(copy.iter().map(|k| k.time).collect::<Vec<_>>(), [0.2, 0.0]);
        let (record, ids) = pasted_parts(&clip(), &copy, 0.1, micro);
        assert_eq!(ids, vec![id("arm", 0.3), id("leg", 0.1)]);
        assert_eq!(record.parts.len(), 5);
        assert_eq!(
            describe(&key("arm", 0.0, Some(2), true)),
            "draw order 2, deforms 2 vertices"
        );
    }
}
