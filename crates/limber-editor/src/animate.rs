//! Animating in the editor: the current clip, playback, clips (add, rename, duplicate, delete),
//! keys (set by posing, retimed, re-interpolated, deleted; K and the per-channel keys are in
//! `bone_keys.rs`) and the onion skins' frames.

use super::editor::Editor;
use limber_core::animation::curve::KeyCurves;
use limber_core::animation::{Clip, ClipRecord, Interpolation, KeyRecord, PartKeyRecord};
use limber_core::edit::Edit;

impl Editor {
    /// The current clip.
    pub fn current_clip(&self) -> Option<&Clip> {
        self.playback()
            .clip()
            .and_then(|c| self.document.project.rig.clips.get(c))
    }

    /// The current clip's name.
    pub fn clip_name(&self) -> Option<&str> {
        self.current_clip().map(|c| c.name.as_str())
    }

    /// Advances the playhead by `dt` seconds while playing (wrapping a looping clip, stopping at
    /// the end of one that plays once).
    pub fn tick(&mut self, dt: f64) {
        if !self.playback().is_playing() {
            return;
        }
        let Some(clip) = self.current_clip() else {
            self.playback.set_playing(false);
            return;
        };
        let t = self.playback().time() + dt;
        if clip.looping {
            self.playback.set_time(t.rem_euclid(clip.duration));
        } else if t >= clip.duration {
            self.playback.set_time(clip.duration);
            self.playback.set_playing(false);
        } else {
            self.playback.set_time(t);
        }
    }

    pub fn toggle_play(&mut self) {
        if self.playback().clip().is_none() {
            self.status = "no clip to play: add one in the timeline".into();
            return;
        }
        self.playback.set_playing(!self.playback().is_playing());
        if !self.playback().is_playing() {
            // Paused on the frame shown.
            self.playback.set_time(self.playhead());
        }
    }

    /// The current clip's frame rate, when it has one.
    pub fn clip_fps(&self) -> Option<u32> {
        self.current_clip().and_then(|c| c.fps)
    }

    /// `t` within the clip, on the nearest frame of the clip's frame rate (unchanged without one).
    pub fn snap_time(&self, t: f64) -> f64 {
        let duration = self.current_clip().map_or(f64::INFINITY, |c| c.duration);
        let t = match self.clip_fps() {
            Some(fps) => (t * f64::from(fps)).round() / f64::from(fps),
            None => t,
        };
        t.clamp(0.0, duration)
    }

    /// The time shown and keyed: the playhead, on the frame it is in when the clip has a frame rate
    /// (playback steps frame by frame).
    pub fn playhead(&self) -> f64 {
        match self.clip_fps() {
            Some(fps) => {
                let fps = f64::from(fps);
                // The small margin keeps a time computed as i / fps on frame i.
                (self.playback().time() * fps + 1e-6).floor() / fps
            }
            None => self.playback().time(),
        }
    }

    /// Sets the current clip's frame rate (`None`: free timing), one undo step; the playhead moves
    /// to the nearest frame.
    pub fn set_clip_fps(&mut self, fps: Option<u32>) -> bool {
        let Some(clip) = self.current_clip() else {
            return false;
        };
        let record = clip.to_record();
        if record.fps == fps {
            return false;
        }
        let name = record.name.clone();
        if self.apply(Edit::ReplaceClip {
            name,
            clip: ClipRecord { fps, ..record },
        }) {
            self.playback
                .set_time(self.snap_time(self.playback().time()));
            return true;
        }
        false
    }

    /// Adds an empty looping clip of one second and selects it.
    pub fn add_clip(&mut self) {
        let name = self.free_clip_name(false);
        if self.apply(Edit::AddClip(empty_clip(name, 1.0))) {
            self.playback
                .set_clip(Some(self.document.project.rig.clips.len() - 1));
            self.playback.set_time(0.0);
        }
    }

    /// The first clip name the project does not use: "clip1", "clip2", … (`plain`: "clip" first).
    fn free_clip_name(&self, plain: bool) -> String {
        let clips = &self.document.project.rig.clips;
        let plain = plain.then(|| "clip".to_string());
        plain
            .into_iter()
            .chain((1..10_000).map(|i| format!("clip{i}")))
            .find(|n| clips.iter().all(|c| &c.name != n))
            .unwrap_or_else(|| "clip".into())
    }

    /// The name of the clip a key goes into: the current clip, else a new empty looping clip named
    /// "clip" (or the first free "clipN"), at least a second long and reaching the playhead, made
    /// current. So the first key made without a clip creates one; called inside the key's undo
    /// step, the clip and the key are one step. `None` when the clip cannot be added.
    pub fn clip_to_key(&mut self) -> Option<String> {
        if let Some(name) = self.clip_name() {
            return Some(name.to_string());
        }
        let name = self.free_clip_name(true);
        let time = self.playhead();
        let duration = time.ceil().max(1.0);
        if !self.apply(Edit::AddClip(empty_clip(name.clone(), duration))) {
            return None;
        }
        self.playback
            .set_clip(Some(self.document.project.rig.clips.len() - 1));
        self.playback.set_time(time);
        self.status = format!("added the clip \"{name}\" for the first key");
        Some(name)
    }

    /// Renames the current clip.
    pub fn rename_clip(&mut self, to: &str) -> bool {
        let Some(clip) = self.current_clip() else {
            return false;
        };
        let record = clip.to_record();
        if record.name == to || to.trim().is_empty() {
            return false;
        }
        let name = record.name.clone();
        self.apply(Edit::ReplaceClip {
            name,
            clip: ClipRecord {
                name: to.trim().to_string(),
                ..record
            },
        })
    }

    /// Adds a copy of the current clip ("NAME copy") and selects it.
    pub fn duplicate_clip(&mut self) -> bool {
        let Some(clip) = self.current_clip() else {
            return false;
        };
        let record = clip.to_record();
        let clips = &self.document.project.rig.clips;
        let name = std::iter::once(format!("{} copy", record.name))
            .chain((2..).map(|i| format!("{} copy {i}", record.name)))
            .find(|n| clips.iter().all(|c| &c.name != n))
            .unwrap_or_default();
        if self.apply(Edit::AddClip(ClipRecord { name, ..record })) {
            self.playback
                .set_clip(Some(self.document.project.rig.clips.len() - 1));
            return true;
        }
        false
    }

    /// Deletes the current clip.
    pub fn delete_clip(&mut self) -> bool {
        let Some(name) = self.clip_name().map(str::to_string) else {
            return false;
        };
        if self.apply(Edit::RemoveClip { name }) {
            let clips = self.document.project.rig.clips.len();
            self.playback.set_clip((clips > 0).then_some(0));
            self.playback.set_time(0.0);
            self.selection.set_key(None);
            return true;
        }
        false
    }

    /// Part `part`'s draw order at the playhead: keyed in the current clip, else its own.
    pub fn draw_order_at_playhead(&self, part: usize) -> Option<i32> {
        let p = self.document.project.parts.get(part)?;
        let keyed = self
            .current_clip()
            .and_then(|clip| clip.sample_part(&p.name, self.playhead()).draw_order);
        Some(keyed.unwrap_or(p.draw_order))
    }

    /// Keys part `part`'s draw order at the playhead in the current clip (joining a part key already
    /// there), one undo step.
    pub fn key_draw_order(&mut self, part: usize, draw_order: i32) -> bool {
        let mut step = self.step();
        if step.clip_to_key().is_none() {
            return false;
        }
        let Some(name) = step
            .document
            .project
            .parts
            .get(part)
            .map(|p| p.name.clone())
        else {
            return false;
        };
        let time = step.playhead();
        let Some(clip) = step.current_clip() else {
            return false;
        };
        // Joins a part key already at the playhead (its deform and visibility stay), as every key
        // merge does (`PartKeyRecord::merge_into`); the interpolation is that key's, if any.
        let interp = clip
            .part_keys()
            .iter()
            .find(|k| k.part == name && k.time == time)
            .map(|k| k.interp)
            .unwrap_or_default();
        let key = PartKeyRecord {
            part: name.clone(),
            time,
            draw_order: Some(draw_order),
            visible: None,
            deform: None,
            interp,
        };
        let clip = clip.name.clone();
        let done = step.apply(Edit::SetPartKey { clip, key });
        if done {
            step.status = format!("keyed {name}'s draw order {draw_order} at {time:.2} s");
            step.commit();
        }
        done
    }

    /// The selected key's record in the current clip.
    pub fn selected_key_record(&self) -> Option<KeyRecord> {
        let (bone, time) = self.selection().key()?;
        let clip = self.current_clip()?;
        clip.to_record()
            .keys
            .into_iter()
            .find(|k| &k.bone == bone && k.time == *time)
    }

    /// Sets the interpolation from the selected key to the next: of the channel the curve editor
    /// has selected on this key ([`Curves::interp_channel`](crate::curve_graph::Curves::interp_channel)), else of every channel.
    pub fn set_key_interpolation(&mut self, interp: Interpolation) {
        let (Some(key), Some(clip)) = (
            self.selected_key_record(),
            self.clip_name().map(str::to_string),
        ) else {
            return;
        };
        let interp = match self.curves().interp_channel() {
            Some(channel) => key.interp.with(channel, interp),
            None => KeyCurves::all(interp),
        };
        self.apply(Edit::SetKey {
            clip,
            key: KeyRecord { interp, ..key },
        });
    }

    /// Moves the selected key to `time` (same channels and interpolation), as one undo step.
    pub fn move_selected_key(&mut self, time: f64) {
        let (Some(key), Some(clip)) = (
            self.selected_key_record(),
            self.clip_name().map(str::to_string),
        ) else {
            return;
        };
        if key.time == time {
            return;
        }
        let mut step = self.step();
        let removed = step.apply(Edit::RemoveKey {
            clip: clip.clone(),
            bone: key.bone.clone(),
            time: key.time,
        });
        if removed
            && step.apply(Edit::SetKey {
                clip,
                key: KeyRecord {
                    time,
                    ..key.clone()
                },
            })
        {
            step.commit();
            self.selection.set_key(Some((key.bone, time)));
        } else {
            step.cancel();
        }
    }

    /// Deletes the selected key.
    pub fn delete_selected_key(&mut self) {
        if let (Some((bone, time)), Some(clip)) = (
            self.selection().key().cloned(),
            self.clip_name().map(str::to_string),
        ) && self.apply(Edit::RemoveKey { clip, bone, time })
        {
            self.selection.set_key(None);
        }
    }
}

/// An empty looping clip of `duration` seconds.
fn empty_clip(name: String, duration: f64) -> ClipRecord {
    ClipRecord {
        name,
        duration,
        looping: true,
        keys: Vec::new(),
        parts: Vec::new(),
        slots: Vec::new(),
        constraints: Vec::new(),
        fps: None,
        events: vec![],
    }
}
