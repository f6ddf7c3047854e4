//! Clips as written in RIG.json and the project file: bone keys, the clip record, keyed constraint
//! mixes. `clip.rs` turns them into sampled [`super::Clip`]s.

use serde::{Deserialize, Serialize};

use super::channel::{Channel, ChannelGroup};
use super::curve::{Interpolation, KeyCurves};
use super::events::EventRecord;
use super::part_keys::PartKeyRecord;
use crate::inherit_mode::Inherit;

/// One key as written in RIG.json and the project file: the bone by name, any of the channels.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct KeyRecord {
    pub bone: String,
    pub time: f64,
    /// Degrees, counter-clockwise on screen.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rotate: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub translate: Option<[f64; 2]>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scale: Option<[f64; 2]>,
    /// Degrees along x and y, counter-clockwise on screen (format version 11).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shear: Option<[f64; 2]>,
    /// The bone's inheritance mode from this key until the bone's next inheritance key (format
    /// version 14; Spine's `inherit` timeline): it steps, so it has no curve. Before a clip's first
    /// one the rig's mode holds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub inherit: Option<Inherit>,
    /// Each channel's interpolation towards that channel's next key (one shared curve before
    /// format version 6).
    #[serde(default)]
    pub interp: KeyCurves,
}

impl KeyRecord {
    /// Puts `key` into `keys`: on a key of the same bone and time, the channels `key` has replace
    /// that key's, each with its interpolation (the other channels keep theirs); otherwise it is
    /// added. The result's curves are tidied ([`KeyRecord::tidy_curves`]).
    pub fn merge_into(keys: &mut Vec<KeyRecord>, key: KeyRecord) {
        let (bone, time) = (key.bone.clone(), key.time);
        match keys
            .iter_mut()
            .find(|k| k.bone == key.bone && k.time == key.time)
        {
            Some(existing) => {
                if key.rotate.is_some() {
                    existing.rotate = key.rotate;
                    existing.interp.rotate = key.interp.rotate;
                }
                if key.translate.is_some() {
                    existing.translate = key.translate;
                    existing.interp.translate = key.interp.translate;
                }
                if key.scale.is_some() {
                    existing.scale = key.scale;
                    existing.interp.scale = key.interp.scale;
                }
                if key.shear.is_some() {
                    existing.shear = key.shear;
                    existing.interp.shear = key.interp.shear;
                }
                if key.inherit.is_some() {
                    existing.inherit = key.inherit;
                }
            }
            None => keys.push(key),
        }
        if let Some(merged) = keys.iter_mut().find(|k| k.bone == bone && k.time == time) {
            merged.tidy_curves();
        }
    }

    /// Whether the key holds nothing: no channel and no inheritance mode (such a key is dropped).
    pub fn is_empty(&self) -> bool {
        Channel::ALL.into_iter().all(|c| c.of_key(self).is_none()) && self.inherit.is_none()
    }

    /// Gives the channels the key does not hold the curve of those it holds when these share one
    /// (a curve of an absent channel never matters), so such a key is written with one `interp`.
    pub fn tidy_curves(&mut self) {
        let mut used = Channel::ALL
            .into_iter()
            .filter(|c| c.of_key(self).is_some())
            .map(|c| self.interp[c]);
        if let Some(first) = used.next()
            && used.all(|c| c == first)
        {
            self.interp = KeyCurves::all(first);
        }
    }
}

/// A clip as written.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ClipRecord {
    pub name: String,
    pub duration: f64,
    #[serde(rename = "loop", default)]
    pub looping: bool,
    #[serde(default)]
    pub keys: Vec<KeyRecord>,
    /// Draw order, visibility and deform keys of parts.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub parts: Vec<PartKeyRecord>,
    /// Attachment, colour and draw-order keys of slots (format version 5).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub slots: Vec<super::slot_keys::SlotKeyRecord>,
    /// Keys of IK and transform constraints' mix, by constraint name.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub constraints: Vec<MixKeyRecord>,
    /// Keys of path constraints' position and spacing, by path name (format version 13;
    /// [`super::path_keys`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub paths: Vec<super::path_keys::PathKeyRecord>,
    /// Playback frame rate (1–[`MAX_FPS`]): the editor snaps the playhead and keys to its frames and
    /// exports at it. Absent: free timing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fps: Option<u32>,
    /// Named markers for game engines (format version 3; [`super::events`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub events: Vec<EventRecord>,
}

pub use super::error::MAX_FPS;

/// A key of a constraint's mix (0–1), as written.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MixKeyRecord {
    pub constraint: String,
    pub time: f64,
    pub mix: f64,
    #[serde(default)]
    pub interp: Interpolation,
}

/// A channel's value in a key (the channel's own part of [`KeyRecord`]).
impl Channel {
    /// The channel's value in a key, if the key has the channel.
    pub fn of_key(self, key: &KeyRecord) -> Option<f64> {
        match self {
            Channel::Rotate => key.rotate,
            Channel::TranslateX => key.translate.map(|v| v[0]),
            Channel::TranslateY => key.translate.map(|v| v[1]),
            Channel::ScaleX => key.scale.map(|v| v[0]),
            Channel::ScaleY => key.scale.map(|v| v[1]),
            Channel::ShearX => key.shear.map(|v| v[0]),
            Channel::ShearY => key.shear.map(|v| v[1]),
        }
    }

    /// Sets the channel's value in a key that has the channel; returns whether it had it.
    pub fn set(self, key: &mut KeyRecord, value: f64) -> bool {
        let slot = match self {
            Channel::Rotate => key.rotate.as_mut(),
            Channel::TranslateX => key.translate.as_mut().map(|v| &mut v[0]),
            Channel::TranslateY => key.translate.as_mut().map(|v| &mut v[1]),
            Channel::ScaleX => key.scale.as_mut().map(|v| &mut v[0]),
            Channel::ScaleY => key.scale.as_mut().map(|v| &mut v[1]),
            Channel::ShearX => key.shear.as_mut().map(|v| &mut v[0]),
            Channel::ShearY => key.shear.as_mut().map(|v| &mut v[1]),
        };
        match slot {
            Some(slot) => {
                *slot = value;
                true
            }
            None => false,
        }
    }
}

/// Which channels of a key a group covers.
impl ChannelGroup {
    /// Whether `key` holds the group.
    pub fn in_key(self, key: &KeyRecord) -> bool {
        match self {
            ChannelGroup::Rotate => key.rotate.is_some(),
            ChannelGroup::Translate => key.translate.is_some(),
            ChannelGroup::Scale => key.scale.is_some(),
            ChannelGroup::Shear => key.shear.is_some(),
        }
    }

    /// Takes the group out of `key`.
    pub fn remove_from(self, key: &mut KeyRecord) {
        match self {
            ChannelGroup::Rotate => key.rotate = None,
            ChannelGroup::Translate => key.translate = None,
            ChannelGroup::Scale => key.scale = None,
            ChannelGroup::Shear => key.shear = None,
        }
    }
}
