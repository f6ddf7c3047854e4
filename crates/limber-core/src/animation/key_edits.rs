//! Rewrites of several keys of a clip at once — moving them in time, deleting them, copying them and
//! pasting them elsewhere — for bone, part and slot keys alike, written once over [`TimedKey`].
//! [`crate::edit::Edit::MoveKeys`], [`crate::edit::Edit::RemoveKeys`] and
//! [`crate::edit::Edit::PasteKeys`] apply them; the editor calls the same functions to know which
//! keys to select afterwards.

use super::clip::{AnimationError, ClipRecord, KeyRecord};
use super::part_keys::PartKeyRecord;
use super::slot_keys::SlotKeyRecord;

/// A key of a clip: its track's name (bone, part or slot) and its time.
pub type TrackKeyId = (String, f64);

/// Some keys of a clip: bone, part and slot keys, by track name and time.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct KeySet {
    pub bones: Vec<TrackKeyId>,
    pub parts: Vec<TrackKeyId>,
    pub slots: Vec<TrackKeyId>,
}

impl KeySet {
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn len(&self) -> usize {
        self.bones.len() + self.parts.len() + self.slots.len()
    }
}

/// Copied keys, bone, part and slot, with times relative to the earliest of them.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CopiedKeys {
    pub bones: Vec<KeyRecord>,
    pub parts: Vec<PartKeyRecord>,
    pub slots: Vec<SlotKeyRecord>,
}

impl CopiedKeys {
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn len(&self) -> usize {
        self.bones.len() + self.parts.len() + self.slots.len()
    }

    /// The time from the first copied key to the last.
    pub fn span(&self) -> f64 {
        let bones = self.bones.iter().map(|k| k.time);
        bones
            .chain(self.parts.iter().map(|k| k.time))
            .chain(self.slots.iter().map(|k| k.time))
            .fold(0.0, f64::max)
    }
}

/// A key on a named track at a time, that knows how a second key at the same place merges into it.
pub trait TimedKey: Clone {
    /// The bone's or part's name.
    fn track(&self) -> &str;
    fn time(&self) -> f64;
    /// This key moved to `time`.
    fn at(&self, time: f64) -> Self;
    /// Puts `key` into `keys`; on a key of the same track and time, what `key` holds wins.
    fn merge_into(keys: &mut Vec<Self>, key: Self);
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

    fn merge_into(keys: &mut Vec<Self>, key: Self) {
        KeyRecord::merge_into(keys, key);
    }
}

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

    fn merge_into(keys: &mut Vec<Self>, key: Self) {
        PartKeyRecord::merge_into(keys, key);
    }
}

impl TimedKey for SlotKeyRecord {
    fn track(&self) -> &str {
        &self.slot
    }

    fn time(&self) -> f64 {
        self.time
    }

    fn at(&self, time: f64) -> Self {
        SlotKeyRecord {
            time,
            ..self.clone()
        }
    }

    fn merge_into(keys: &mut Vec<Self>, key: Self) {
        SlotKeyRecord::merge_into(keys, key);
    }
}

/// Rounds away floating-point noise from a sum of times (to a microsecond).
fn clean(t: f64) -> f64 {
    (t * 1e6).round() / 1e6
}

/// Whether `key` is one of `ids`.
pub fn is_in<K: TimedKey>(key: &K, ids: &[TrackKeyId]) -> bool {
    ids.iter()
        .any(|(track, time)| track == key.track() && *time == key.time())
}

/// The times of the keys `ids` among `keys` (those that exist).
fn times_of<K: TimedKey>(keys: &[K], ids: &[TrackKeyId]) -> Vec<f64> {
    keys.iter()
        .filter(|k| is_in(*k, ids))
        .map(TimedKey::time)
        .collect()
}

/// The times of the keys of `set` that exist in `record`: bone keys, then part and slot keys.
pub fn times(record: &ClipRecord, set: &KeySet) -> Vec<f64> {
    let mut all = times_of(&record.keys, &set.bones);
    all.extend(times_of(&record.parts, &set.parts));
    all.extend(times_of(&record.slots, &set.slots));
    all
}

/// `delta` limited so that none of the keys of `set` leaves the clip (0 when none exists).
pub fn limited_delta(record: &ClipRecord, set: &KeySet, delta: f64) -> f64 {
    let all = times(record, set);
    if all.is_empty() {
        return 0.0;
    }
    let earliest = all.iter().copied().fold(f64::INFINITY, f64::min);
    let latest = all.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    delta.clamp(-earliest, record.duration - latest)
}

fn moved_track<K: TimedKey>(
    keys: &[K],
    ids: &[TrackKeyId],
    delta: f64,
    duration: f64,
) -> (Vec<K>, Vec<TrackKeyId>) {
    let (chosen, mut rest): (Vec<K>, Vec<K>) = keys.iter().cloned().partition(|k| is_in(k, ids));
    let mut new_ids = Vec::with_capacity(chosen.len());
    for key in chosen {
        let time = clean(key.time() + delta).clamp(0.0, duration);
        new_ids.push((key.track().to_string(), time));
        K::merge_into(&mut rest, key.at(time));
    }
    (rest, new_ids)
}

/// `record` with the keys of `set` moved together by `delta` seconds (limited so that none leaves
/// the clip, see [`limited_delta`]); a moved key landing on another of its track merges with it.
/// Returns the record and the moved keys' new ids.
pub fn moved(record: &ClipRecord, set: &KeySet, delta: f64) -> (ClipRecord, KeySet) {
    let delta = limited_delta(record, set, delta);
    let (keys, bones) = moved_track(&record.keys, &set.bones, delta, record.duration);
    let (parts, part_ids) = moved_track(&record.parts, &set.parts, delta, record.duration);
    let (slots, slot_ids) = moved_track(&record.slots, &set.slots, delta, record.duration);
    let record = ClipRecord {
        keys,
        parts,
        slots,
        ..record.clone()
    };
    let set = KeySet {
        bones,
        parts: part_ids,
        slots: slot_ids,
    };
    (record, set)
}

/// `record` without the keys of `set`.
pub fn without(record: &ClipRecord, set: &KeySet) -> ClipRecord {
    fn kept<K: TimedKey>(keys: &[K], ids: &[TrackKeyId]) -> Vec<K> {
        keys.iter().filter(|k| !is_in(*k, ids)).cloned().collect()
    }
    ClipRecord {
        keys: kept(&record.keys, &set.bones),
        parts: kept(&record.parts, &set.parts),
        slots: kept(&record.slots, &set.slots),
        ..record.clone()
    }
}

/// The keys of `set` in `record`, times relative to the earliest of them.
pub fn copied(record: &ClipRecord, set: &KeySet) -> CopiedKeys {
    let earliest = times(record, set).into_iter().fold(f64::INFINITY, f64::min);
    fn copy<K: TimedKey>(keys: &[K], ids: &[TrackKeyId], earliest: f64) -> Vec<K> {
        keys.iter()
            .filter(|k| is_in(*k, ids))
            .map(|k| k.at(clean(k.time() - earliest)))
            .collect()
    }
    CopiedKeys {
        bones: copy(&record.keys, &set.bones, earliest),
        parts: copy(&record.parts, &set.parts, earliest),
        slots: copy(&record.slots, &set.slots, earliest),
    }
}

fn pasted_track<K: TimedKey>(
    keys: &[K],
    copied: &[K],
    at: f64,
    duration: f64,
) -> (Vec<K>, Vec<TrackKeyId>) {
    let mut all = keys.to_vec();
    let mut ids = Vec::with_capacity(copied.len());
    for key in copied {
        let time = clean(at + key.time()).min(duration);
        ids.push((key.track().to_string(), time));
        K::merge_into(&mut all, key.at(time));
    }
    (all, ids)
}

/// `record` with `copied` pasted from time `at`, keeping their relative times, each merged into a
/// key already at its place; returns the record and the pasted keys' ids. Refused when they would
/// run past the clip's end.
pub fn pasted(
    record: &ClipRecord,
    copied: &CopiedKeys,
    at: f64,
) -> Result<(ClipRecord, KeySet), AnimationError> {
    let span = copied.span();
    if !at.is_finite() || at < 0.0 || at + span > record.duration + 1e-9 {
        return Err(AnimationError::PasteDoesNotFit {
            span,
            at,
            duration: record.duration,
        });
    }
    let (keys, bones) = pasted_track(&record.keys, &copied.bones, at, record.duration);
    let (parts, part_ids) = pasted_track(&record.parts, &copied.parts, at, record.duration);
    let (slots, slot_ids) = pasted_track(&record.slots, &copied.slots, at, record.duration);
    let record = ClipRecord {
        keys,
        parts,
        slots,
        ..record.clone()
    };
    let set = KeySet {
        bones,
        parts: part_ids,
        slots: slot_ids,
    };
    Ok((record, set))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::animation::Interpolation;

    fn key(bone: &str, time: f64, rotate: f64) -> KeyRecord {
        KeyRecord {
            shear: None,
            inherit: None,
            bone: bone.into(),
            time,
            rotate: Some(rotate),
            translate: None,
            scale: None,
            interp: Interpolation::LINEAR.into(),
        }
    }

    fn part_key(part: &str, time: f64, order: i32) -> PartKeyRecord {
        PartKeyRecord {
            part: part.into(),
            time,
            draw_order: Some(order),
            visible: None,
            deform: None,
            interp: Interpolation::LINEAR,
        }
    }

    fn clip() -> ClipRecord {
        ClipRecord {
            name: "c".into(),
            duration: 1.0,
            looping: true,
            keys: vec![key("a", 0.1, 1.0), key("a", 0.5, 2.0), key("b", 0.3, 3.0)],
            parts: vec![part_key("p", 0.4, 2)],
            slots: Vec::new(),
            constraints: vec![],
            paths: Vec::new(),
            fps: None,
            events: vec![],
        }
    }

    fn bones(ids: &[(&str, f64)]) -> KeySet {
        KeySet {
            bones: ids.iter().map(|&(b, t)| (b.to_string(), t)).collect(),
            ..KeySet::default()
        }
    }

    #[test]
    fn moving_keeps_spacing_and_stays_inside_the_clip() {
        let mut set = bones(&[("a", 0.1), ("b", 0.3)]);
        set.parts.push(("p".into(), 0.4));
        let (record, new) = moved(&clip(), &set, 0.2);
        assert_eq!(
            new.bones,
            vec![("a".to_string(), 0.3), ("b".to_string(), 0.5)]
        );
        assert_eq!(new.parts, vec![("p".to_string(), 0.6)]);
        assert_eq!(record.keys.len(), 3);
        assert!(record.keys.iter().any(|k| k.bone == "a" && k.time == 0.5));
        // Limited at the start: the earliest key stops at 0.
        let (_, new) = moved(&clip(), &set, -5.0);
        assert_eq!(
            new.bones,
            vec![("a".to_string(), 0.0), ("b".to_string(), 0.2)]
        );
        assert_eq!(new.parts, vec![("p".to_string(), 0.3)]);
        // A key landing on another of its bone merges with it (its channels win).
        let (record, _) = moved(&clip(), &bones(&[("a", 0.1)]), 0.4);
        let at: Vec<_> = record.keys.iter().filter(|k| k.bone == "a").collect();
        assert_eq!(at.len(), 1);
        assert_eq!(at[0].rotate, Some(1.0));
    }

    #[test]
    fn copies_paste_with_relative_times_and_refuse_past_the_end() {
        let mut set = bones(&[("a", 0.5), ("b", 0.3)]);
        set.parts.push(("p".into(), 0.4));
        let copy = copied(&clip(), &set);
        let times: Vec<f64> = copy.bones.iter().map(|k| k.time).collect();
        assert_eq!(times, vec![0.2, 0.0]);
        assert_eq!(copy.parts[0].time, 0.1);
        let (record, new) = pasted(&clip(), &copy, 0.7).unwrap();
        assert_eq!(record.keys.len(), 5);
        assert_eq!(
            new.bones,
            vec![("a".to_string(), 0.9), ("b".to_string(), 0.7)]
        );
        assert_eq!(new.parts, vec![("p".to_string(), 0.8)]);
        assert!(matches!(
            pasted(&clip(), &copy, 0.9),
            Err(AnimationError::PasteDoesNotFit { .. })
        ));
        let left = without(&clip(), &set);
        assert_eq!(left.keys, vec![key("a", 0.1, 1.0)]);
        assert!(left.parts.is_empty());
    }

    fn slot_key(slot: &str, time: f64, attachment: &str) -> SlotKeyRecord {
        SlotKeyRecord {
            slot: slot.into(),
            time,
            attachment: Some(Some(attachment.into())),
            color: Some([1.0, 0.5, 0.5, 1.0]),
            draw_order: None,
            interp: Interpolation::LINEAR,
        }
    }

    #[test]
    fn slot_keys_move_copy_paste_and_delete_with_the_others() {
        let mut record = clip();
        record.slots = vec![
            slot_key("eyes", 0.2, "closed"),
            slot_key("eyes", 0.6, "open"),
        ];
        let set = KeySet {
            bones: vec![("a".into(), 0.1)],
            slots: vec![("eyes".into(), 0.2)],
            ..KeySet::default()
        };
        let (moved_record, new) = moved(&record, &set, 0.3);
        assert_eq!(new.slots, vec![("eyes".to_string(), 0.5)]);
        let at: Vec<f64> = moved_record.slots.iter().map(|k| k.time).collect();
        assert_eq!(at.len(), 2);
        assert!(at.contains(&0.5) && at.contains(&0.6));
        // Landing on the other key of the slot merges: what the moved key holds wins.
        let (merged, _) = moved(&record, &set, 0.4);
        assert_eq!(merged.slots.len(), 1);
        assert_eq!(merged.slots[0].attachment, Some(Some("closed".to_string())));
        let copy = copied(&record, &set);
        assert_eq!(copy.slots.len(), 1);
        assert_eq!(copy.slots[0].time, 0.1);
        assert_eq!(copy.len(), 2);
        let (pasted_record, new) = pasted(&record, &copy, 0.8).unwrap();
        assert_eq!(new.slots, vec![("eyes".to_string(), 0.9)]);
        assert_eq!(pasted_record.slots.len(), 3);
        let left = without(&record, &set);
        assert_eq!(left.slots, vec![slot_key("eyes", 0.6, "open")]);
        assert_eq!(left.keys.len(), 2);
    }
}
