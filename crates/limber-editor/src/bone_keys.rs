//! A bone's keys channel by channel: its rotation, translation and scale as the current clip samples
//! them at the playhead (before constraints), which channels have a key there, keying one channel
//! or all of them (K), and taking one channel's key away again. Each action is one undo step.

use limber_core::animation::KeyRecord;
use limber_core::edit::Edit;

use crate::editor::Editor;

/// One keyed channel of a bone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Channel {
    Rotate,
    Translate,
    Scale,
}

impl Channel {
    /// The channel as the status line and tooltips name it.
    pub fn name(self) -> &'static str {
        match self {
            Channel::Rotate => "rotation",
            Channel::Translate => "translation",
            Channel::Scale => "scale",
        }
    }
}

/// A bone's channels as keys write them: degrees (counter-clockwise on screen), pixels in the
/// parent's frame, factors along and across the bone.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ChannelValues {
    pub rotate: f64,
    pub translate: [f64; 2],
    pub scale: [f64; 2],
}

impl Editor {
    /// `bone`'s scale (along, across) as the current clip samples it at the playhead; 1, 1
    /// without a clip.
    pub fn keyed_scale(&self, bone: usize) -> [f64; 2] {
        self.current_clip()
            .and_then(|clip| {
                clip.sample(self.playhead())
                    .bones
                    .get(bone)
                    .map(|b| b.scale)
            })
            .unwrap_or([1.0, 1.0])
    }

    /// All of `bone`'s channels as the current clip samples them at the playhead.
    pub fn sampled_channels(&self, bone: usize) -> ChannelValues {
        ChannelValues {
            rotate: self.keyed_rotation(bone),
            translate: self.keyed_translation(bone).to_array(),
            scale: self.keyed_scale(bone),
        }
    }

    /// `bone`'s key at the playhead in the current clip, if it has one.
    pub fn key_at_playhead(&self, bone: usize) -> Option<KeyRecord> {
        let name = self.bone_name(bone)?;
        let time = self.playhead();
        self.current_clip()?
            .to_record()
            .keys
            .into_iter()
            .find(|k| k.bone == name && k.time == time)
    }

    /// Whether `bone`'s `channel` has a key at the playhead (rather than being interpolated).
    pub fn is_keyed_at_playhead(&self, bone: usize, channel: Channel) -> bool {
        self.key_at_playhead(bone).is_some_and(|k| match channel {
            Channel::Rotate => k.rotate.is_some(),
            Channel::Translate => k.translate.is_some(),
            Channel::Scale => k.scale.is_some(),
        })
    }

    /// Keys the given channels of `bone` at the playhead in one edit (one undo step), joining a key
    /// already there and keeping its interpolation. Without a clip, the key makes one (the same step).
    pub fn key_channels(
        &mut self,
        bone: usize,
        rotate: Option<f64>,
        translate: Option<[f64; 2]>,
        scale: Option<[f64; 2]>,
    ) -> bool {
        let mut step = self.step();
        let (Some(name), Some(clip)) = (step.bone_name(bone), step.clip_to_key()) else {
            return false;
        };
        let interp = step
            .key_at_playhead(bone)
            .map(|k| k.interp)
            .unwrap_or_default();
        let key = KeyRecord {
            bone: name,
            time: step.playhead(),
            rotate,
            translate,
            scale,
            interp,
        };
        let done = step.apply(Edit::SetKey { clip, key });
        if done {
            step.commit();
        }
        done
    }

    /// Keys `bone`'s scale (along, across) at the playhead in the current clip.
    pub fn key_scale(&mut self, bone: usize, scale: [f64; 2]) -> bool {
        self.key_channels(bone, None, None, Some(scale))
    }

    /// Takes `channel` out of `bone`'s key at the playhead (the whole key when it was its last
    /// channel), as one undo step; the channel is interpolated there again.
    pub fn unkey_channel(&mut self, bone: usize, channel: Channel) -> bool {
        let (Some(key), Some(clip)) = (
            self.key_at_playhead(bone),
            self.clip_name().map(str::to_string),
        ) else {
            return false;
        };
        let mut rest = key.clone();
        match channel {
            Channel::Rotate => rest.rotate = None,
            Channel::Translate => rest.translate = None,
            Channel::Scale => rest.scale = None,
        }
        if rest == key {
            return false;
        }
        // Inside a step already open (a drag), the edits join it; otherwise they are one step.
        let mut step = self.step();
        let mut done = step.apply(Edit::RemoveKey {
            clip: clip.clone(),
            bone: key.bone.clone(),
            time: key.time,
        });
        let keeps_some = rest.rotate.is_some() || rest.translate.is_some() || rest.scale.is_some();
        if done && keeps_some {
            done = step.apply(Edit::SetKey { clip, key: rest });
        }
        if done {
            step.commit();
        } else {
            step.cancel();
        }
        if done {
            self.status = format!(
                "removed {}'s {} key at {:.2} s",
                key.bone,
                channel.name(),
                key.time
            );
        }
        done
    }

    /// K: keys every channel (rotation, translation, scale) of the selected bone as it is at the
    /// playhead, one undo step.
    pub fn key_selected(&mut self) {
        let bones = self.selection().bones().to_vec();
        if bones.is_empty() {
            self.status = "select a bone to key".into();
            return;
        }
        // Every bone's channels as sampled before any is keyed, then all keyed in one step.
        let values: Vec<_> = bones
            .iter()
            .map(|&b| (b, self.sampled_channels(b)))
            .collect();
        let mut step = self.step();
        for (bone, v) in values {
            if !step.key_channels(bone, Some(v.rotate), Some(v.translate), Some(v.scale)) {
                return;
            }
        }
        step.commit();
        let count = bones.len();
        self.status = if count == 1 {
            format!(
                "keyed rotation, translation and scale at {:.2} s",
                self.playhead()
            )
        } else {
            format!("keyed {count} bones at {:.2} s", self.playhead())
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::Document;

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
        assert!(editor.key_translation(1, glam::DVec2::new(3.0, -4.0)));
        let sampled = editor.sampled_channels(1);
        let before = editor.document.project.clone();
        editor.key_selected();
        let key = editor.key_at_playhead(1).unwrap();
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
        assert!(editor.key_channels(1, Some(30.0), None, Some([2.0, 1.0])));
        assert!(editor.is_keyed_at_playhead(1, Channel::Rotate));
        assert!(!editor.is_keyed_at_playhead(1, Channel::Translate));
        let before = editor.document.project.clone();
        assert!(editor.unkey_channel(1, Channel::Scale));
        assert!(!editor.is_keyed_at_playhead(1, Channel::Scale));
        assert_eq!(editor.key_at_playhead(1).unwrap().rotate, Some(30.0));
        assert!(
            !editor.unkey_channel(1, Channel::Scale),
            "nothing left to take"
        );
        editor.undo();
        assert_eq!(editor.document.project, before);
        // The last channel takes the whole key.
        assert!(editor.unkey_channel(1, Channel::Scale));
        assert!(editor.unkey_channel(1, Channel::Rotate));
        assert_eq!(editor.key_at_playhead(1), None);
    }
}
