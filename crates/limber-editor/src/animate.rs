//! Animating as a feature model: the current clip and playback, clips (added, renamed,
//! duplicated, deleted, their frame rate), bone keys retimed, re-interpolated and deleted, and a
//! part's draw order keyed. [`Animation`] is the read-only view of it the timeline, the
//! dopesheet, the inspector and the viewport read (built by [`Editor::animation`]; the key
//! selection, key navigation, transition and onion queries are on it too, in their modules). The
//! actions are functions over the undo [`Step`] or the sub-models they change, returning a
//! [`ClipError`] or [`KeyError`] that [`Editor::run`] shows in the status line. K and the
//! per-channel keys are in `bone_keys.rs`.

use super::editor::{Editor, Mode};
use crate::playback::Playback;
use crate::selection::Selection;
use crate::step::Step;
use crate::view::View;
use limber_core::animation::curve::KeyCurves;
use limber_core::animation::{Clip, ClipRecord, Interpolation, KeyRecord, PartKeyRecord};
use limber_core::edit::{Edit, EditError};
use limber_core::project::Project;

/// Why a clip or playback action did nothing.
#[derive(Debug, thiserror::Error)]
pub enum ClipError {
    #[error("no clip to play: add one in the timeline")]
    NothingToPlay,
    #[error("no clip: add one in the timeline")]
    NoClip,
    #[error("a clip needs a name")]
    EmptyName,
    #[error("pick a clip to blend into (the inspector's Transition) first")]
    NoTransition,
    #[error(transparent)]
    Refused(#[from] EditError),
}

/// Why a key action did nothing.
#[derive(Debug, thiserror::Error)]
pub enum KeyError {
    #[error("no clip: add one in the timeline")]
    NoClip,
    #[error("no clip to paste into: add one in the timeline")]
    NoClipToPaste,
    #[error("no key selected")]
    NoKeySelected,
    #[error("select keys to copy")]
    NothingToCopy,
    #[error("nothing copied: select keys and press Ctrl+C")]
    NothingCopied,
    #[error("{track} has no key at {time:.2} s")]
    NoKeyAt { track: String, time: f64 },
    #[error("no key there")]
    NoKeyThere,
    #[error("no keys to go to")]
    NoKeys,
    #[error("no key further that way")]
    NoKeyThatWay,
    #[error(transparent)]
    Paste(#[from] limber_core::animation::AnimationError),
    #[error(transparent)]
    Refused(#[from] EditError),
}

/// The animation as the panels read it: the current clip, the playhead and its frames, the
/// selected keys, the transition preview and the onion skins. Read-only; [`Editor::animation`]
/// builds it.
#[derive(Clone, Copy)]
pub struct Animation<'a> {
    pub(crate) project: &'a Project,
    pub(crate) playback: &'a Playback,
    pub(crate) selection: &'a Selection,
    pub(crate) view: &'a View,
    pub(crate) mode: Mode,
}

impl<'a> Animation<'a> {
    pub(crate) fn new(
        project: &'a Project,
        playback: &'a Playback,
        selection: &'a Selection,
        view: &'a View,
        mode: Mode,
    ) -> Self {
        Self {
            project,
            playback,
            selection,
            view,
            mode,
        }
    }

    /// The current clip.
    pub fn clip(&self) -> Option<&'a Clip> {
        self.playback
            .clip()
            .and_then(|c| self.project.rig.clips.get(c))
    }

    /// The current clip's name.
    pub fn clip_name(&self) -> Option<&'a str> {
        self.clip().map(|c| c.name.as_str())
    }

    /// The current clip's frame rate, when it has one.
    pub fn fps(&self) -> Option<u32> {
        self.clip().and_then(|c| c.fps)
    }

    /// `t` within the clip, on the nearest frame of the clip's frame rate (on the nearest
    /// hundredth of a second without one).
    pub fn snap_time(&self, t: f64) -> f64 {
        snap_time(self.clip(), t)
    }

    /// The time shown and keyed: the playhead, on the frame it is in when the clip has a frame rate
    /// (playback steps frame by frame).
    pub fn playhead(&self) -> f64 {
        playhead(self.clip(), self.playback)
    }

    /// The selected bone's name.
    pub(crate) fn selected_bone_name(&self) -> Option<&'a str> {
        let bone = self.selection.bone()?;
        let bones = &self.project.rig.skeleton.bones;
        bones.get(bone).map(|b| b.name.as_str())
    }

    /// Part `part`'s draw order at the playhead: keyed in the current clip, else its own.
    pub fn draw_order_at_playhead(&self, part: usize) -> Option<i32> {
        let p = self.project.parts.get(part)?;
        let keyed = self
            .clip()
            .and_then(|clip| clip.sample_part(&p.name, self.playhead()).draw_order);
        Some(keyed.unwrap_or(p.draw_order))
    }

    /// The selected key's record in the current clip.
    pub fn selected_key_record(&self) -> Option<KeyRecord> {
        let (bone, time) = self.selection.key()?;
        self.clip()?
            .to_record()
            .keys
            .into_iter()
            .find(|k| &k.bone == bone && k.time == *time)
    }
}

/// A clip without a frame rate puts the playhead and its keys on hundredths of a second.
const UNTIMED_STEPS_PER_SECOND: f64 = 100.0;

/// `t` within `clip`, on the nearest frame of its frame rate, or on the nearest hundredth of a
/// second without one (a click on the ruler never keys at 0.000926 s; its start is 0).
fn snap_time(clip: Option<&Clip>, t: f64) -> f64 {
    let duration = clip.map_or(f64::INFINITY, |c| c.duration);
    let steps = clip
        .and_then(|c| c.fps)
        .map_or(UNTIMED_STEPS_PER_SECOND, f64::from);
    let t = (t * steps).round() / steps;
    t.clamp(0.0, duration)
}

/// The playhead of `playback` in `clip`, on the frame it is in when the clip has a frame rate.
fn playhead(clip: Option<&Clip>, playback: &Playback) -> f64 {
    match clip.and_then(|c| c.fps) {
        Some(fps) => {
            let fps = f64::from(fps);
            // The small margin keeps a time computed as i / fps on frame i.
            (playback.time() * fps + 1e-6).floor() / fps
        }
        None => playback.time(),
    }
}

/// The first clip name `clips` do not use: "clip1", "clip2", … (`plain`: "clip" first).
fn free_clip_name(clips: &[Clip], plain: bool) -> String {
    let plain = plain.then(|| "clip".to_string());
    plain
        .into_iter()
        .chain((1..10_000).map(|i| format!("clip{i}")))
        .find(|n| clips.iter().all(|c| &c.name != n))
        .unwrap_or_else(|| "clip".into())
}

/// Plays or pauses the current clip; paused, the playhead rests on the frame shown.
pub(crate) fn toggle_play(playback: &mut Playback, project: &Project) -> Result<(), ClipError> {
    let Some(index) = playback.clip() else {
        return Err(ClipError::NothingToPlay);
    };
    playback.set_playing(!playback.is_playing());
    if !playback.is_playing() {
        let time = playhead(project.rig.clips.get(index), playback);
        playback.set_time(time);
    }
    Ok(())
}

/// The current clip's record, or why there is none.
fn current_record(step: &Step) -> Result<ClipRecord, ClipError> {
    step.current_clip()
        .map(Clip::to_record)
        .ok_or(ClipError::NoClip)
}

/// Makes the last clip current, the playhead at `time`.
fn choose_last(step: &mut Step, time: Option<f64>) {
    let last = step.document.project.rig.clips.len().checked_sub(1);
    step.playback.set_clip(last);
    if let Some(time) = time {
        step.playback.set_time(time);
    }
}

/// Sets the current clip's frame rate (`None`: free timing), one undo step; the playhead moves
/// to the nearest frame. Whether it changed.
pub(crate) fn set_fps(mut step: Step, fps: Option<u32>) -> Result<bool, ClipError> {
    let record = current_record(&step)?;
    if record.fps == fps {
        return Ok(false);
    }
    let name = record.name.clone();
    step.document.apply(Edit::ReplaceClip {
        name,
        clip: ClipRecord { fps, ..record },
    })?;
    let time = snap_time(step.current_clip(), step.playback().time());
    step.playback.set_time(time);
    step.commit();
    Ok(true)
}

/// Adds an empty looping clip of one second and makes it current.
pub(crate) fn add_clip(mut step: Step) -> Result<(), ClipError> {
    let name = free_clip_name(&step.document.project.rig.clips, false);
    step.document.apply(Edit::AddClip(empty_clip(name, 1.0)))?;
    choose_last(&mut step, Some(0.0));
    step.commit();
    Ok(())
}

/// Renames the current clip; whether the name changed.
pub(crate) fn rename_clip(mut step: Step, to: &str) -> Result<bool, ClipError> {
    let record = current_record(&step)?;
    if to.trim().is_empty() {
        return Err(ClipError::EmptyName);
    }
    if record.name == to {
        return Ok(false);
    }
    let name = record.name.clone();
    step.document.apply(Edit::ReplaceClip {
        name,
        clip: ClipRecord {
            name: to.trim().to_string(),
            ..record
        },
    })?;
    step.commit();
    Ok(true)
}

/// Adds a copy of the current clip ("NAME copy") and makes it current.
pub(crate) fn duplicate_clip(mut step: Step) -> Result<(), ClipError> {
    let record = current_record(&step)?;
    let clips = &step.document.project.rig.clips;
    let name = std::iter::once(format!("{} copy", record.name))
        .chain((2..).map(|i| format!("{} copy {i}", record.name)))
        .find(|n| clips.iter().all(|c| &c.name != n))
        .unwrap_or_default();
    step.document
        .apply(Edit::AddClip(ClipRecord { name, ..record }))?;
    choose_last(&mut step, None);
    step.commit();
    Ok(())
}

/// Deletes the current clip; the first clip left becomes current.
pub(crate) fn delete_clip(mut step: Step) -> Result<(), ClipError> {
    let name = current_record(&step)?.name;
    step.document.apply(Edit::RemoveClip { name })?;
    let clips = step.document.project.rig.clips.len();
    step.playback.set_clip((clips > 0).then_some(0));
    step.playback.set_time(0.0);
    step.selection.set_key(None);
    step.commit();
    Ok(())
}

/// The selected bone key and the current clip's name, or why there are none.
fn selected_key(step: &Step) -> Result<(KeyRecord, String), KeyError> {
    let animation = step.animation();
    let clip = animation.clip_name().ok_or(KeyError::NoClip)?;
    let key = animation
        .selected_key_record()
        .ok_or(KeyError::NoKeySelected)?;
    Ok((key, clip.to_string()))
}

/// Sets the interpolation from the selected key to the next: of the channel the curve editor
/// has selected on this key ([`crate::curve_graph::Curves::interp_channel`]), else of every channel.
pub(crate) fn set_key_interpolation(mut step: Step, interp: Interpolation) -> Result<(), KeyError> {
    let (key, clip) = selected_key(&step)?;
    let interp = match step.curves().interp_channel() {
        Some(channel) => key.interp.with(channel, interp),
        None => KeyCurves::all(interp),
    };
    step.document.apply(Edit::SetKey {
        clip,
        key: Box::new(KeyRecord { interp, ..key }),
    })?;
    step.commit();
    Ok(())
}

/// Moves the selected key to `time` (same channels and interpolation), as one undo step; whether
/// it moved.
pub(crate) fn move_selected_key(mut step: Step, time: f64) -> Result<bool, KeyError> {
    let (key, clip) = selected_key(&step)?;
    if key.time == time {
        return Ok(false);
    }
    step.document.apply(Edit::RemoveKey {
        clip: clip.clone(),
        bone: key.bone.clone(),
        time: key.time,
    })?;
    let bone = key.bone.clone();
    step.document.apply(Edit::SetKey {
        clip,
        key: Box::new(KeyRecord { time, ..key }),
    })?;
    step.selection.set_key(Some((bone, time)));
    step.commit();
    Ok(true)
}

/// Deletes the selected bone key.
pub(crate) fn delete_selected_key(mut step: Step) -> Result<(), KeyError> {
    let (key, clip) = selected_key(&step)?;
    step.document.apply(Edit::RemoveKey {
        clip,
        bone: key.bone,
        time: key.time,
    })?;
    step.selection.set_key(None);
    step.commit();
    Ok(())
}

impl Editor {
    /// The animation: the current clip, the playhead, the selected keys, the transition preview
    /// and the onion skins. (The feature's one accessor lives here, not in `editor.rs`, so the
    /// coordinator imports no feature module.)
    pub fn animation(&self) -> Animation<'_> {
        Animation::new(
            &self.document.project,
            &self.playback,
            &self.selection,
            &self.view,
            self.tools.mode(),
        )
    }

    /// The current clip.
    pub fn current_clip(&self) -> Option<&Clip> {
        self.animation().clip()
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

    /// The name of the clip a key goes into: the current clip, else a new empty looping clip named
    /// "clip" (or the first free "clipN"), at least a second long and reaching the playhead, made
    /// current. So the first key made without a clip creates one; called inside the key's undo
    /// step, the clip and the key are one step. `None` when the clip cannot be added.
    pub fn clip_to_key(&mut self) -> Option<String> {
        if let Some(name) = self.clip_name() {
            return Some(name.to_string());
        }
        let name = free_clip_name(&self.document.project.rig.clips, true);
        let time = self.animation().playhead();
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
        let time = step.animation().playhead();
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
        paths: Vec::new(),
        fps: None,
        events: vec![],
    }
}
