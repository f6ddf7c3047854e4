//! Editing in the curve editor: moving a key of a channel in time and value, setting a channel's
//! Bézier handles or interpolation — each one undo step alone ([`Edit::ReplaceClip`] of the current
//! clip) and usable inside a drag's open step (the drag itself is the tool in
//! `tools/curve_drag.rs`). A key's time belongs to its whole key record (every channel of the bone
//! at that time); its interpolation is per channel, as in the core, so shaping one channel's curve
//! leaves the others exactly as they were.

use glam::DVec2;
use limber_core::animation::curve::EASE_IN_OUT;
use limber_core::animation::curve::KeyCurves;
use limber_core::animation::{ClipRecord, Interpolation, KeyRecord};
use limber_core::edit::Edit;

use crate::curves::{Channel, CurveKeyId, bezier_handles};
use crate::editor::Editor;

/// The interpolations the key's context menu offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InterpChoice {
    Stepped,
    Linear,
    EaseInOut,
    EaseIn,
    EaseOut,
    /// Explicit handles (the current curve's, to drag).
    Custom,
}

impl InterpChoice {
    pub const ALL: [InterpChoice; 6] = [
        InterpChoice::Stepped,
        InterpChoice::Linear,
        InterpChoice::EaseInOut,
        InterpChoice::EaseIn,
        InterpChoice::EaseOut,
        InterpChoice::Custom,
    ];

    pub fn name(self) -> &'static str {
        match self {
            InterpChoice::Stepped => "Stepped",
            InterpChoice::Linear => "Linear",
            InterpChoice::EaseInOut => "Ease in-out",
            InterpChoice::EaseIn => "Ease in",
            InterpChoice::EaseOut => "Ease out",
            InterpChoice::Custom => "Custom Bezier",
        }
    }

    /// The interpolation it gives a key that has `current`.
    pub fn interp(self, current: Interpolation) -> Interpolation {
        match self {
            InterpChoice::Stepped => Interpolation::STEPPED,
            InterpChoice::Linear => Interpolation::LINEAR,
            InterpChoice::EaseInOut => Interpolation::Bezier(EASE_IN_OUT),
            InterpChoice::EaseIn => Interpolation::Bezier([0.42, 0.0, 1.0, 1.0]),
            InterpChoice::EaseOut => Interpolation::Bezier([0.0, 0.0, 0.58, 1.0]),
            InterpChoice::Custom if matches!(current, Interpolation::Handles { .. }) => current,
            InterpChoice::Custom => Interpolation::Bezier(bezier_handles(current).unwrap_or([
                1.0 / 3.0,
                1.0 / 3.0,
                2.0 / 3.0,
                2.0 / 3.0,
            ])),
        }
    }
}

impl Editor {
    /// The current clip as written, with its name.
    fn clip_record(&self) -> Option<ClipRecord> {
        self.current_clip().map(|c| c.to_record())
    }

    /// A time for a key of the current clip: on a frame when the clip has a frame rate, else on
    /// 0.01 s, within the clip.
    pub fn snap_curve_time(&self, t: f64) -> f64 {
        let Some(clip) = self.current_clip() else {
            return t;
        };
        let step = clip.fps.map_or(100.0, f64::from);
        ((t * step).round() / step).clamp(0.0, clip.duration)
    }

    /// Moves a key of a channel to `time` (snapped; the whole key record moves, every channel of
    /// the bone at that time) and `value` (that channel only). A time where the bone has another
    /// key keeps the key's time. Returns where the key is afterwards, `None` when refused.
    pub fn move_curve_key(
        &mut self,
        key: &CurveKeyId,
        time: f64,
        value: f64,
    ) -> Option<CurveKeyId> {
        let mut record = self.clip_record()?;
        let time = self.snap_curve_time(time);
        let taken = record
            .keys
            .iter()
            .any(|k| k.bone == key.bone && k.time == time && k.time != key.time);
        let time = if taken { key.time } else { time };
        let k = record
            .keys
            .iter_mut()
            .find(|k| k.bone == key.bone && k.time == key.time)?;
        if !key.channel.set(k, value) {
            return None;
        }
        k.time = time;
        let name = record.name.clone();
        self.apply(Edit::ReplaceClip { name, clip: record })
            .then(|| CurveKeyId {
                time,
                ..key.clone()
            })
    }

    /// Sets the interpolation of `key`'s channel (towards that channel's next key; the key's other
    /// channels keep theirs).
    pub fn set_curve_interp(&mut self, key: &CurveKeyId, interp: Interpolation) -> bool {
        let Some(mut record) = self.clip_record() else {
            return false;
        };
        let Some(k) = record
            .keys
            .iter_mut()
            .find(|k| k.bone == key.bone && k.time == key.time)
        else {
            return false;
        };
        let channel = key.channel.index();
        if k.interp.get(channel) == interp {
            return false;
        }
        k.interp = k.interp.with(channel, interp);
        k.tidy_curves();
        let name = record.name.clone();
        self.apply(Edit::ReplaceClip { name, clip: record })
    }

    /// Puts handle `which` of `key`'s segment at graph point `to`: the channel's curve becomes
    /// handles in value offsets ([`Interpolation::Handles`]), so a handle leaves a flat segment as
    /// freely as a sloped one; only `key`'s channel changes.
    pub(crate) fn drag_handle(&mut self, key: &CurveKeyId, which: usize, to: DVec2) {
        let Ok(curves) = self.curves() else {
            return;
        };
        let Some(curve) = curves
            .iter()
            .find(|c| c.bone == key.bone && c.channel == key.channel)
        else {
            return;
        };
        let Some(i) = curve.key_index(key.time) else {
            return;
        };
        let (Some(a), Some(b)) = (curve.keys.get(i), curve.keys.get(i + 1)) else {
            return;
        };
        // The end value the segment runs to (a rotation the shorter way round).
        let end = a.value + key.channel.delta(a.value, b.value);
        let Some((mut times, [_, v1, v2, _])) = a.interp.bezier_controls(a.value, end) else {
            return;
        };
        let mut values = [v1, v2];
        times[which] = (to.x - a.time) / (b.time - a.time);
        values[which] = to.y;
        self.set_curve_interp(
            key,
            Interpolation::handles_through(a.value, end, times, values),
        );
    }

    /// The channel the inspector's interpolation choice applies to: the one whose key the curve
    /// editor (open) has selected, when that is the inspector's selected key; `None`: every
    /// channel of the key.
    pub fn key_interp_channel(&self) -> Option<Channel> {
        let picked = self.curves.selected.as_ref().filter(|_| self.curves.open)?;
        let (bone, time) = self.selection().key()?;
        (picked.bone == *bone && picked.time == *time).then_some(picked.channel)
    }

    /// The interpolation the inspector shows for `key`: that of the channel it applies to
    /// ([`Editor::key_interp_channel`]), else the one the key's keyed channels share; `None` when
    /// they differ.
    pub fn key_interpolation_shown(&self, key: &KeyRecord) -> Option<Interpolation> {
        if let Some(channel) = self.key_interp_channel() {
            return Some(key.interp.get(channel.index()));
        }
        let mut keyed = Channel::ALL
            .into_iter()
            .filter(|c| c.of_key(key).is_some())
            .map(|c| key.interp.get(c.index()));
        let first = keyed.next().unwrap_or(key.interp.rotate);
        keyed.all(|i| i == first).then_some(first)
    }

    /// The curves of `bone`'s key at the playhead (linear without one): a new value keyed there
    /// keeps its channel's curve.
    pub fn key_curves_at_playhead(&self, bone: usize) -> KeyCurves {
        self.key_at_playhead(bone)
            .map(|k| k.interp)
            .unwrap_or_default()
    }
}
