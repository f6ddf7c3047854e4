//! A bone's keys channel by channel, as a feature model. [`BoneKeys`] (built by
//! [`Editor::bone_keys`](crate::editor::Editor::bone_keys)) reads a bone's rotation, translation and scale as the current clip samples
//! them at the playhead (before constraints), its key there and which channel groups that key holds.
//! The actions key some channels ([`key_channels`], what the pose tools' drags and the inspector's
//! fields use), key every channel of the selected bones (K, [`key_selected`]) and take one channel
//! group out of the key at the playhead ([`unkey`]); each is one undo step (or joins the step
//! already open) and returns a [`KeyError`] that [`Editor::run`](crate::editor::Editor::run) shows in the status line. The
//! channels themselves are the core's [`Channel`](limber_core::animation::Channel), grouped as a
//! key holds them by [`ChannelGroup`].

use glam::DVec2;
use limber_core::animation::curve::KeyCurves;
use limber_core::animation::{ChannelGroup, Clip, KeyRecord};
use limber_core::edit::{Edit, EditError};

use crate::editor::Editor;
use crate::step::Step;

/// Why a key action did nothing.
#[derive(Debug, thiserror::Error)]
pub enum KeyError {
    #[error("select a bone to key")]
    NoBoneSelected,
    #[error("no bone {0}")]
    NoBone(usize),
    #[error("no clip to key in")]
    NoClip,
    #[error("no key at the playhead")]
    NoKey,
    #[error("the key at the playhead has no {} to take out", .0.name())]
    NotKeyed(ChannelGroup),
    #[error(transparent)]
    Refused(#[from] EditError),
}

/// A bone's channels as keys write them: degrees (counter-clockwise on screen), pixels in the
/// parent's frame, factors along and across the bone, degrees of shear.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ChannelValues {
    pub rotate: f64,
    pub translate: [f64; 2],
    pub scale: [f64; 2],
    pub shear: [f64; 2],
}

/// The channel groups one key action writes (each `None` is left as the key at the playhead has
/// it), in the units of [`ChannelValues`].
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct KeyedChannels {
    pub rotate: Option<f64>,
    pub translate: Option<[f64; 2]>,
    pub scale: Option<[f64; 2]>,
    pub shear: Option<[f64; 2]>,
}

impl KeyedChannels {
    /// The rotation alone.
    pub fn rotate(degrees: f64) -> Self {
        Self {
            rotate: Some(degrees),
            ..Self::default()
        }
    }

    /// The translation alone.
    pub fn translate(pixels: [f64; 2]) -> Self {
        Self {
            translate: Some(pixels),
            ..Self::default()
        }
    }

    /// The scale alone.
    pub fn scale(factors: [f64; 2]) -> Self {
        Self {
            scale: Some(factors),
            ..Self::default()
        }
    }

    /// The shear alone.
    pub fn shear(degrees: [f64; 2]) -> Self {
        Self {
            shear: Some(degrees),
            ..Self::default()
        }
    }

    /// Every channel, as `values` has them.
    pub fn all(values: ChannelValues) -> Self {
        Self {
            rotate: Some(values.rotate),
            translate: Some(values.translate),
            scale: Some(values.scale),
            shear: Some(values.shear),
        }
    }
}

/// One bone's channels in the current clip at the playhead, read-only.
#[derive(Debug, Clone, Copy)]
pub struct BoneKeys<'a> {
    clip: Option<&'a Clip>,
    time: f64,
    bone: usize,
    name: Option<&'a str>,
}

impl Editor {
    /// Bone `bone`'s channels in the current clip at the playhead. (The feature's one accessor
    /// lives here, not in `editor.rs`, so the coordinator imports no feature module.)
    pub fn bone_keys(&self, bone: usize) -> BoneKeys<'_> {
        let name = self.document.project.rig.skeleton.bones.get(bone);
        BoneKeys::new(
            self.current_clip(),
            self.animation().playhead(),
            bone,
            name.map(|b| b.name.as_str()),
        )
    }
}

impl<'a> BoneKeys<'a> {
    pub(crate) fn new(
        clip: Option<&'a Clip>,
        time: f64,
        bone: usize,
        name: Option<&'a str>,
    ) -> Self {
        Self {
            clip,
            time,
            bone,
            name,
        }
    }

    /// The bone's pose as the clip samples it at the playhead, if there is a clip.
    fn sampled<T>(&self, read: impl Fn(&limber_core::pose::BonePose) -> T) -> Option<T> {
        self.clip
            .and_then(|clip| clip.sample(self.time).bones.get(self.bone).map(read))
    }

    /// The rotation offset (degrees, counter-clockwise on screen), before constraints; 0 without
    /// a clip.
    pub fn rotation(&self) -> f64 {
        self.sampled(|b| b.rotate).unwrap_or(0.0).to_degrees()
    }

    /// The translation offset (pixels, in the parent's frame); zero without a clip.
    pub fn translation(&self) -> DVec2 {
        self.sampled(|b| DVec2::from(b.translate))
            .unwrap_or(DVec2::ZERO)
    }

    /// The scale (along, across); 1, 1 without a clip.
    pub fn scale(&self) -> [f64; 2] {
        self.sampled(|b| b.scale).unwrap_or([1.0, 1.0])
    }

    /// The shear (x, y axes; degrees, counter-clockwise on screen); 0, 0 without a clip.
    pub fn shear(&self) -> [f64; 2] {
        self.sampled(|b| b.shear.map(f64::to_degrees))
            .unwrap_or([0.0, 0.0])
    }

    /// The inheritance mode the clip keys at the playhead (`None`: the rig's holds there).
    pub fn keyed_inherit(&self) -> Option<limber_core::inherit::Inherit> {
        self.sampled(|b| b.inherit).flatten()
    }

    /// All the channels as sampled.
    pub fn values(&self) -> ChannelValues {
        ChannelValues {
            rotate: self.rotation(),
            translate: self.translation().to_array(),
            scale: self.scale(),
            shear: self.shear(),
        }
    }

    /// The bone's key at the playhead, if it has one.
    pub fn key(&self) -> Option<KeyRecord> {
        let name = self.name?;
        self.clip?
            .to_record()
            .keys
            .into_iter()
            .find(|k| k.bone == name && k.time == self.time)
    }

    /// Whether `group` has a key at the playhead (rather than being interpolated).
    pub fn is_keyed(&self, group: ChannelGroup) -> bool {
        self.key().is_some_and(|k| group.in_key(&k))
    }

    /// The curves of the key at the playhead (linear without one): a value keyed there keeps its
    /// channel's curve.
    pub fn curves(&self) -> KeyCurves {
        self.key().map(|k| k.interp).unwrap_or_default()
    }
}

/// Keys the given channels of `bone` at the playhead in one edit, joining a key already there and
/// keeping its curves. Without a clip, the key makes one (the same step).
pub(crate) fn key_channels(
    mut step: Step,
    bone: usize,
    channels: KeyedChannels,
) -> Result<(), KeyError> {
    let name = step.bone_name(bone).ok_or(KeyError::NoBone(bone))?;
    let clip = step.clip_to_key().ok_or(KeyError::NoClip)?;
    let key = KeyRecord {
        bone: name,
        time: step.animation().playhead(),
        rotate: channels.rotate,
        translate: channels.translate,
        scale: channels.scale,
        shear: channels.shear,
        inherit: None,
        interp: step.bone_keys(bone).curves(),
    };
    step.document.apply(Edit::SetKey {
        clip,
        key: Box::new(key),
    })?;
    step.commit();
    Ok(())
}

/// Takes `group` out of `bone`'s key at the playhead (the whole key when it was its last group);
/// it is interpolated there again.
pub(crate) fn unkey(mut step: Step, bone: usize, group: ChannelGroup) -> Result<(), KeyError> {
    let key = step.bone_keys(bone).key().ok_or(KeyError::NoKey)?;
    let clip = step.clip_name().ok_or(KeyError::NoClip)?.to_string();
    if !group.in_key(&key) {
        return Err(KeyError::NotKeyed(group));
    }
    let mut rest = key.clone();
    group.remove_from(&mut rest);
    replace_key(&mut step, clip, &key, rest)?;
    step.status = format!(
        "removed {}'s {} key at {:.2} s",
        key.bone,
        group.name(),
        key.time
    );
    step.commit();
    Ok(())
}

/// Puts `rest` in place of `key` in `clip` (the key goes when `rest` holds nothing), inside the
/// step's undo step: what taking a channel or a mode out of a key does.
pub(crate) fn replace_key(
    step: &mut Step,
    clip: String,
    key: &KeyRecord,
    rest: KeyRecord,
) -> Result<(), EditError> {
    step.document.apply(Edit::RemoveKey {
        clip: clip.clone(),
        bone: key.bone.clone(),
        time: key.time,
    })?;
    if !rest.is_empty() {
        step.document.apply(Edit::SetKey {
            clip,
            key: Box::new(rest),
        })?;
    }
    Ok(())
}

/// K: keys every channel (rotation, translation, scale) of the selected bones as they are at the
/// playhead, one undo step.
pub(crate) fn key_selected(mut step: Step) -> Result<(), KeyError> {
    let bones = step.selection().bones().to_vec();
    if bones.is_empty() {
        return Err(KeyError::NoBoneSelected);
    }
    // Every bone's channels as sampled before any is keyed, then all keyed in one step.
    let values: Vec<_> = bones
        .iter()
        .map(|&b| (b, step.bone_keys(b).values()))
        .collect();
    for (bone, v) in values {
        key_channels(step.step(), bone, KeyedChannels::all(v))?;
    }
    let time = step.animation().playhead();
    step.status = match bones.len() {
        1 => format!("keyed rotation, translation and scale at {time:.2} s"),
        count => format!("keyed {count} bones at {time:.2} s"),
    };
    step.commit();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::Document;
    use crate::editor::Editor;

    fn sample() -> Editor {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../assets/projects/zombie.limber");
        Editor::new(Document::open(&path).unwrap())
    }

    #[test]
    fn k_keys_every_channel_as_sampled_in_one_step() {
        let mut editor = sample();
        editor.selection.set_bone(Some(1));
        editor.playback.set_time(0.55);
        key_channels(editor.step(), 1, KeyedChannels::translate([3.0, -4.0])).unwrap();
        let sampled = editor.bone_keys(1).values();
        let before = editor.document.project.clone();
        key_selected(editor.step()).unwrap();
        let key = editor.bone_keys(1).key().unwrap();
        assert_eq!(key.rotate, Some(sampled.rotate));
        assert_eq!(key.translate, Some([3.0, -4.0]));
        assert_eq!(key.scale, Some(sampled.scale));
        editor.undo();
        assert_eq!(editor.document.project, before);
    }

    #[test]
    fn unkeying_a_channel_keeps_the_others_and_is_one_step() {
        let mut editor = sample();
        editor.playback.set_time(0.55);
        let channels = KeyedChannels {
            scale: Some([2.0, 1.0]),
            ..KeyedChannels::rotate(30.0)
        };
        key_channels(editor.step(), 1, channels).unwrap();
        assert!(editor.bone_keys(1).is_keyed(ChannelGroup::Rotate));
        assert!(!editor.bone_keys(1).is_keyed(ChannelGroup::Translate));
        let before = editor.document.project.clone();
        unkey(editor.step(), 1, ChannelGroup::Scale).unwrap();
        assert!(!editor.bone_keys(1).is_keyed(ChannelGroup::Scale));
        assert_eq!(editor.bone_keys(1).key().unwrap().rotate, Some(30.0));
        assert!(
            matches!(
                unkey(editor.step(), 1, ChannelGroup::Scale),
                Err(KeyError::NotKeyed(ChannelGroup::Scale))
            ),
            "nothing left to take"
        );
        editor.undo();
        assert_eq!(editor.document.project, before);
        // The last channel takes the whole key.
        unkey(editor.step(), 1, ChannelGroup::Scale).unwrap();
        unkey(editor.step(), 1, ChannelGroup::Rotate).unwrap();
        assert_eq!(editor.bone_keys(1).key(), None);
    }
}
