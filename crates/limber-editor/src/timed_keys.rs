//! Keys that sit at a time on a named track — a bone's keys, a part's keys — and the rewrites the
//! dopesheet's selection makes of them (move, delete, copy, paste), written once for both kinds.
//! `key_selection.rs` and `part_key_selection.rs` apply them to a clip record's bone and part keys.

/// A key of the current clip: its track's name (bone or part) and its time.
pub type TrackKeyId = (String, f64);

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

/// Whether `key` is one of `ids`.
pub fn is_in<K: TimedKey>(key: &K, ids: &[TrackKeyId]) -> bool {
    ids.iter()
        .any(|(track, time)| track == key.track() && *time == key.time())
}

/// The times of the keys `ids` among `keys` (those that exist).
pub fn times_of<K: TimedKey>(keys: &[K], ids: &[TrackKeyId]) -> Vec<f64> {
    keys.iter()
        .filter(|k| is_in(*k, ids))
        .map(TimedKey::time)
        .collect()
}

/// `keys` with those in `ids` moved by `delta` seconds (each time tidied by `clean` and clamped to
/// 0..=`duration`); a moved key landing on another of its track merges with it. Returns the keys
/// and the moved keys' new ids.
pub fn moved<K: TimedKey>(
    keys: &[K],
    ids: &[TrackKeyId],
    delta: f64,
    duration: f64,
    clean: impl Fn(f64) -> f64,
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

/// `keys` without those in `ids`.
pub fn without<K: TimedKey>(keys: &[K], ids: &[TrackKeyId]) -> Vec<K> {
    keys.iter().filter(|k| !is_in(*k, ids)).cloned().collect()
}

/// The keys `ids` among `keys`, times made relative to `earliest` (tidied by `clean`).
pub fn copied<K: TimedKey>(
    keys: &[K],
    ids: &[TrackKeyId],
    earliest: f64,
    clean: impl Fn(f64) -> f64,
) -> Vec<K> {
    keys.iter()
        .filter(|k| is_in(*k, ids))
        .map(|k| k.at(clean(k.time() - earliest)))
        .collect()
}

/// `keys` with `copied` (relative times) pasted from time `at` (times tidied by `clean`, at most
/// `duration`), each merged into a key already at its place. Returns the keys and the pasted ids.
pub fn pasted<K: TimedKey>(
    keys: &[K],
    copied: &[K],
    at: f64,
    duration: f64,
    clean: impl Fn(f64) -> f64,
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
