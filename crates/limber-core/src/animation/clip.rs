//! Clips: keys of bone rotation, translation and scale over time, sampled as a pure function of time.
//!
//! Keys are offsets from the rest pose (see [`crate::pose`]): rotation in degrees as written
//! (positive = counter-clockwise on screen), converted to radians when sampled; translation in pixels
//! along the parent's axes; scale as factors. Each channel of a key (rotate, translate x/y, scale
//! x/y) has its own interpolation ([`super::curve::KeyCurves`]), for the segment after it.
//! Before a channel's first key it holds the first key's value, after its last key the last key's.
//! A key may also set the bone's inheritance mode ([`KeyRecord::inherit`]), which steps: it holds
//! from that key to the bone's next one, and the rig's mode holds before the first.
//! A looping clip wraps time into [0, duration); another clamps to [0, duration]. Nothing reads a
//! clock: `sample(t)` depends on `t` alone, so scrubbing backwards gives what playing forwards gave.

use super::channel_sample::{ChannelKey, sample_channel};
use super::curve::{Interpolation, MAX_HANDLE_VALUE};
pub use super::error::AnimationError;
use super::events::{EventRecord, checked_events};
use super::part_keys::{PartKeyRecord, PartPose, check_deform, sample_part};
use super::path_keys::{PathChannel, PathKeys};
pub use super::records::{ClipRecord, KeyRecord, MAX_FPS, MixKeyRecord};
use super::slot_index::SlotKeys;
use super::slot_keys::{SlotKeyRecord, SlotPose, check_slot_key};
use crate::inherit_mode::Inherit;
use crate::pose::{BonePose, Pose};
use crate::skeleton::{MAX_COORDINATE, Skeleton};

pub use super::error::{MAX_DURATION, MAX_KEY_ROTATE, MAX_KEY_SCALE};

/// A key of an x/y pair of channels, each component with its own curve.
type PairKey = ChannelKey<[f64; 2], [Interpolation; 2]>;

/// The keyed channels of one bone, each sorted by time.
#[derive(Debug, Clone, PartialEq, Default)]
struct BoneChannels {
    rotate: Vec<ChannelKey<f64>>,
    translate: Vec<PairKey>,
    scale: Vec<PairKey>,
    shear: Vec<PairKey>,
    /// Inheritance keys: time and mode (stepped).
    inherit: Vec<(f64, Inherit)>,
}

/// A validated clip.
#[derive(Debug, Clone, PartialEq)]
pub struct Clip {
    pub name: String,
    pub duration: f64,
    pub looping: bool,
    /// Playback frame rate, when the clip has one.
    pub fps: Option<u32>,
    /// The keys as written, sorted by bone index then time (their file order).
    records: Vec<(usize, KeyRecord)>,
    /// Per bone index.
    channels: Vec<BoneChannels>,
    /// Part keys sorted by part name, then time.
    part_keys: Vec<PartKeyRecord>,
    /// Mix keys sorted by constraint name, then time.
    mix_keys: Vec<MixKeyRecord>,
    /// Path constraints' position and spacing keys.
    path_keys: PathKeys,
    /// Slot keys sorted by slot name, then time, indexed by channel.
    slot_keys: SlotKeys,
    /// Events sorted by time.
    pub events: Vec<EventRecord>,
}

impl Clip {
    /// Validates a written clip against `skeleton`: positive duration, finite key times within it,
    /// known bones, finite values, no two keys of one channel at one time. Keys out of order are sorted.
    pub fn from_record(record: &ClipRecord, skeleton: &Skeleton) -> Result<Self, AnimationError> {
        let clip = record.name.clone();
        if clip.trim().is_empty() {
            return Err(AnimationError::EmptyName);
        }
        if !(record.duration.is_finite()
            && record.duration > 0.0
            && record.duration <= MAX_DURATION)
        {
            return Err(AnimationError::BadDuration {
                clip,
                duration: record.duration,
            });
        }
        if let Some(fps) = record.fps
            && !(1..=MAX_FPS).contains(&fps)
        {
            return Err(AnimationError::BadFps { clip, fps });
        }
        let mut records = Vec::with_capacity(record.keys.len());
        for key in &record.keys {
            if !(key.time.is_finite() && key.time >= 0.0 && key.time <= record.duration) {
                return Err(AnimationError::BadTime {
                    clip,
                    time: key.time,
                });
            }
            let bone = skeleton
                .index_of(&key.bone)
                .ok_or_else(|| AnimationError::UnknownBone {
                    clip: clip.clone(),
                    bone: key.bone.clone(),
                })?;
            // Bounded (which also excludes NaN), so that interpolated and composed transforms stay
            // finite.
            let within = |v: f64, max: f64| v.abs() <= max;
            let finite = key.rotate.is_none_or(|r| within(r, MAX_KEY_ROTATE))
                && key
                    .translate
                    .is_none_or(|v| v.iter().all(|&c| within(c, MAX_COORDINATE)))
                && key
                    .scale
                    .is_none_or(|v| v.iter().all(|&c| within(c, MAX_KEY_SCALE)))
                && key
                    .shear
                    .is_none_or(|v| v.iter().all(|&c| within(c, MAX_KEY_ROTATE)))
                && key.interp.is_valid();
            if !finite {
                return Err(AnimationError::BadValue {
                    clip,
                    bone: key.bone.clone(),
                });
            }
            records.push((bone, key.clone()));
        }
        records.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.time.total_cmp(&b.1.time)));
        let mut channels = vec![BoneChannels::default(); skeleton.bones.len()];
        for (bone, key) in &records {
            let c = &mut channels[*bone];
            let duplicate = |channel: &'static str| AnimationError::DuplicateKey {
                clip: clip.clone(),
                bone: key.bone.clone(),
                channel,
                time: key.time,
            };
            if let Some(v) = key.rotate {
                push_key(&mut c.rotate, (key.time, v, key.interp.rotate))
                    .map_err(|_| duplicate("rotate"))?;
            }
            if let Some(v) = key.translate {
                push_key(&mut c.translate, (key.time, v, key.interp.translate))
                    .map_err(|_| duplicate("translate"))?;
            }
            if let Some(v) = key.scale {
                push_key(&mut c.scale, (key.time, v, key.interp.scale))
                    .map_err(|_| duplicate("scale"))?;
            }
            if let Some(v) = key.shear {
                push_key(&mut c.shear, (key.time, v, key.interp.shear))
                    .map_err(|_| duplicate("shear"))?;
            }
            if let Some(mode) = key.inherit {
                // One key per bone and time (the record list is sorted by bone, then time).
                if c.inherit.last().is_some_and(|last| last.0 == key.time) {
                    return Err(duplicate("inherit"));
                }
                c.inherit.push((key.time, mode));
            }
        }
        let part_keys = part_keys(&clip, record)?;
        let mix_keys = mix_keys(&clip, record)?;
        let path_keys = PathKeys::new(&clip, record.duration, &record.paths)?;
        let slot_keys = SlotKeys::new(slot_keys(&clip, record)?);
        let events = checked_events(&clip, record.duration, &record.events)?;
        Ok(Self {
            name: record.name.clone(),
            duration: record.duration,
            looping: record.looping,
            fps: record.fps,
            records,
            channels,
            part_keys,
            mix_keys,
            path_keys,
            slot_keys,
            events,
        })
    }

    /// The state of the part called `part` at time `t` (its own state when it has no keys).
    pub fn sample_part(&self, part: &str, t: f64) -> PartPose {
        // Part keys are sorted by part name: the part's keys are one run of them.
        let start = self.part_keys.partition_point(|k| k.part.as_str() < part);
        let end = start + self.part_keys[start..].partition_point(|k| k.part == part);
        let keys: Vec<&PartKeyRecord> = self.part_keys[start..end].iter().collect();
        sample_part(&keys, self.local_time(t))
    }

    /// The keyed state of the slot called `slot` at time `t` (`None` channels where it has no keys).
    pub fn sample_slot(&self, slot: &str, t: f64) -> SlotPose {
        self.slot_keys.sample(slot, self.local_time(t))
    }

    /// The slot keys, sorted by slot name then time.
    pub fn slot_keys(&self) -> &[SlotKeyRecord] {
        self.slot_keys.all()
    }

    /// The keys of the slot called `slot`, sorted by time.
    pub fn keys_of_slot(&self, slot: &str) -> &[SlotKeyRecord] {
        self.slot_keys.of(slot)
    }

    /// The keyed mix of the constraint called `constraint` at time `t`, if the clip keys it.
    pub fn sample_mix(&self, constraint: &str, t: f64) -> Option<f64> {
        let keys: Vec<ChannelKey<f64>> = self
            .mix_keys
            .iter()
            .filter(|k| k.constraint == constraint)
            .map(|k| (k.time, k.mix, k.interp))
            .collect();
        sample_channel(&keys, self.local_time(t), |a, b, u, i| {
            a + (b - a) * i.ease(u)
        })
    }

    /// The bone keys as written, sorted by bone, then time (borrowed: [`Clip::to_record`] copies).
    pub fn bone_keys(&self) -> impl Iterator<Item = &KeyRecord> {
        self.records.iter().map(|(_, key)| key)
    }

    /// The mix keys of the constraint called `constraint`, sorted by time.
    pub fn mix_keys_of<'a>(
        &'a self,
        constraint: &'a str,
    ) -> impl Iterator<Item = &'a MixKeyRecord> {
        self.mix_keys
            .iter()
            .filter(move |k| k.constraint == constraint)
    }

    /// The times of every mix key.
    pub fn mix_key_times(&self) -> impl Iterator<Item = f64> + '_ {
        self.mix_keys.iter().map(|k| k.time)
    }

    /// The names of the constraints whose mix the clip keys.
    pub fn mix_key_names(&self) -> impl Iterator<Item = &str> {
        self.mix_keys.iter().map(|k| k.constraint.as_str())
    }

    /// The keyed position or spacing (`channel`) of the path constraint called `path` at time `t`,
    /// if the clip keys it.
    pub fn sample_path(&self, path: &str, channel: PathChannel, t: f64) -> Option<f64> {
        self.path_keys.sample(path, channel, self.local_time(t))
    }

    /// The path constraints' position and spacing keys.
    pub fn path_keys(&self) -> &PathKeys {
        &self.path_keys
    }

    /// The times of every path key.
    pub fn path_key_times(&self) -> impl Iterator<Item = f64> + '_ {
        self.path_keys.all().iter().map(|k| k.time)
    }

    /// The part keys, sorted by part name then time.
    pub fn part_keys(&self) -> &[PartKeyRecord] {
        &self.part_keys
    }

    /// The clip as written (keys sorted by bone, then time).
    pub fn to_record(&self) -> ClipRecord {
        ClipRecord {
            name: self.name.clone(),
            duration: self.duration,
            looping: self.looping,
            keys: self.records.iter().map(|(_, key)| key.clone()).collect(),
            parts: self.part_keys.clone(),
            constraints: self.mix_keys.clone(),
            paths: self.path_keys.all().to_vec(),
            slots: self.slot_keys.all().to_vec(),
            fps: self.fps,
            events: self.events.clone(),
        }
    }

    /// Number of keys as written.
    pub fn key_count(&self) -> usize {
        self.records.len()
    }

    /// The clip's own time for time `t`: wrapped into [0, duration) when looping, else clamped.
    pub fn local_time(&self, t: f64) -> f64 {
        let t = if t.is_finite() { t } else { 0.0 };
        if self.looping {
            t.rem_euclid(self.duration)
        } else {
            t.clamp(0.0, self.duration)
        }
    }

    /// The pose at time `t` (seconds): a pure function of `t`.
    pub fn sample(&self, t: f64) -> Pose {
        let t = self.local_time(t);
        Pose {
            bones: self
                .channels
                .iter()
                .map(|c| BonePose {
                    rotate: sample_channel(&c.rotate, t, lerp_degrees)
                        .unwrap_or(0.0)
                        .to_radians(),
                    translate: sample_channel(&c.translate, t, lerp2).unwrap_or([0.0, 0.0]),
                    scale: sample_channel(&c.scale, t, lerp2).unwrap_or([1.0, 1.0]),
                    shear: sample_channel(&c.shear, t, lerp2)
                        .map_or([0.0, 0.0], |v| v.map(f64::to_radians)),
                    inherit: keyed_inherit(&c.inherit, t),
                })
                .collect(),
        }
    }
}

/// Validates and sorts a clip's part keys: times within the clip, deform records well formed, no two
/// keys of one part at one time.
fn part_keys(clip: &str, record: &ClipRecord) -> Result<Vec<PartKeyRecord>, AnimationError> {
    let bad = |key: &PartKeyRecord, problem: String| AnimationError::BadKey {
        clip: clip.to_string(),
        what: format!("part \"{}\"", key.part),
        time: key.time,
        problem,
    };
    for key in &record.parts {
        if !(key.time.is_finite() && key.time >= 0.0 && key.time <= record.duration) {
            return Err(bad(key, "the time is not within the clip".into()));
        }
        if let Some(deform) = &key.deform {
            check_deform(deform).map_err(|p| bad(key, p.to_string()))?;
        }
        if !key.interp.is_valid_eased() {
            return Err(bad(
                key,
                format!(
                    "its interpolation is not finite, has a handle value beyond ±{MAX_HANDLE_VALUE}, or has handles in value offsets (bone channels only)"
                ),
            ));
        }
    }
    let mut keys = record.parts.clone();
    keys.sort_by(|a, b| a.part.cmp(&b.part).then(a.time.total_cmp(&b.time)));
    if let Some(w) = keys
        .windows(2)
        .find(|w| w[0].part == w[1].part && w[0].time == w[1].time)
    {
        return Err(bad(&w[1], "two keys of the part at this time".into()));
    }
    Ok(keys)
}

/// Validates and sorts a clip's slot keys: times within the clip, values in range, no two keys of
/// one slot at one time.
fn slot_keys(clip: &str, record: &ClipRecord) -> Result<Vec<SlotKeyRecord>, AnimationError> {
    let bad = |key: &SlotKeyRecord, problem: String| AnimationError::BadKey {
        clip: clip.to_string(),
        what: format!("slot \"{}\"", key.slot),
        time: key.time,
        problem,
    };
    for key in &record.slots {
        if !(key.time.is_finite() && key.time >= 0.0 && key.time <= record.duration) {
            return Err(bad(key, "the time is not within the clip".into()));
        }
        check_slot_key(key).map_err(|p| bad(key, p.to_string()))?;
    }
    let mut keys = record.slots.clone();
    keys.sort_by(|a, b| a.slot.cmp(&b.slot).then(a.time.total_cmp(&b.time)));
    if let Some(w) = keys
        .windows(2)
        .find(|w| w[0].slot == w[1].slot && w[0].time == w[1].time)
    {
        return Err(bad(&w[1], "two keys of the slot at this time".into()));
    }
    Ok(keys)
}

/// Validates and sorts a clip's constraint mix keys.
fn mix_keys(clip: &str, record: &ClipRecord) -> Result<Vec<MixKeyRecord>, AnimationError> {
    let bad = |key: &MixKeyRecord, problem: &str| AnimationError::BadKey {
        clip: clip.to_string(),
        what: format!("constraint \"{}\"", key.constraint),
        time: key.time,
        problem: problem.to_string(),
    };
    for key in &record.constraints {
        if !(key.time.is_finite() && key.time >= 0.0 && key.time <= record.duration) {
            return Err(bad(key, "the time is not within the clip"));
        }
        if !(0.0..=1.0).contains(&key.mix) {
            return Err(bad(key, "the mix must be from 0 to 1"));
        }
        if !key.interp.is_valid_eased() {
            return Err(bad(
                key,
                &format!(
                    "its interpolation is not finite, has a handle value beyond ±{MAX_HANDLE_VALUE}, or has handles in value offsets (bone channels only)"
                ),
            ));
        }
    }
    let mut keys = record.constraints.clone();
    keys.sort_by(|a, b| {
        a.constraint
            .cmp(&b.constraint)
            .then(a.time.total_cmp(&b.time))
    });
    if let Some(w) = keys
        .windows(2)
        .find(|w| w[0].constraint == w[1].constraint && w[0].time == w[1].time)
    {
        return Err(bad(&w[1], "two keys of the constraint at this time"));
    }
    Ok(keys)
}

/// Appends a key to a time-sorted channel; refuses a second key at the same time.
fn push_key<T, I>(channel: &mut Vec<ChannelKey<T, I>>, key: ChannelKey<T, I>) -> Result<(), ()> {
    if channel.last().is_some_and(|last| last.0 == key.0) {
        return Err(());
    }
    channel.push(key);
    Ok(())
}

/// The inheritance mode keyed at `t`: the last inheritance key's at or before it; none before the
/// first (the rig's mode holds there, as Spine's `inherit` timeline gives the setup mode).
fn keyed_inherit(keys: &[(f64, Inherit)], t: f64) -> Option<Inherit> {
    let after = keys.partition_point(|k| k.0 <= t);
    after.checked_sub(1).map(|i| keys[i].1)
}

/// Interpolates an angle in degrees the shorter way round.
fn lerp_degrees(a: f64, b: f64, u: f64, interp: Interpolation) -> f64 {
    let mut delta = (b - a).rem_euclid(360.0);
    if delta > 180.0 {
        delta -= 360.0;
    }
    interp.interpolate(a, a + delta, u)
}

/// Interpolates an x/y pair, each component by its own curve.
fn lerp2(a: [f64; 2], b: [f64; 2], u: f64, [ix, iy]: [Interpolation; 2]) -> [f64; 2] {
    [ix.interpolate(a[0], b[0], u), iy.interpolate(a[1], b[1], u)]
}

/// Validates every clip of a rig or project: each valid, no two with one name.
pub fn clips_from_records(
    records: &[ClipRecord],
    skeleton: &Skeleton,
) -> Result<Vec<Clip>, AnimationError> {
    let mut clips: Vec<Clip> = Vec::with_capacity(records.len());
    for record in records {
        if clips.iter().any(|c| c.name == record.name) {
            return Err(AnimationError::DuplicateClip {
                clip: record.name.clone(),
            });
        }
        clips.push(Clip::from_record(record, skeleton)?);
    }
    Ok(clips)
}

#[cfg(test)]
#[path = "clip_tests.rs"]
mod tests;
