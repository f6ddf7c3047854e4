//! Editing in the curve editor, as a feature model: moving a key of a channel in time and value,
//! setting a channel's Bézier handles or interpolation — each one undo step alone
//! ([`Edit::ReplaceClip`] of the current clip) over the open [`Step`], joining a drag's open step
//! (the drag itself is the tool in `tools/curve_drag.rs`), and returning a [`CurveError`] that
//! [`Editor::run`] shows in the status line (also why the graph shows no curves). A key's time belongs to its whole key record (every channel of the bone
//! at that time); its interpolation is per channel, as in the core, so shaping one channel's curve
//! leaves the others exactly as they were.

use glam::DVec2;
use limber_core::animation::curve::EASE_IN_OUT;
use limber_core::animation::{ClipRecord, Interpolation};
use limber_core::edit::{Edit, EditError};

use crate::curves::{CurveKeyId, bezier_handles};
use crate::editor::Editor;
use crate::step::Step;

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

/// Why the curves cannot be shown or a curve edit did nothing.
#[derive(Debug, thiserror::Error)]
pub enum CurveError {
    #[error("no clip: add one in the timeline")]
    NoClip,
    #[error("no bone selected: select one to see its curves")]
    NoBoneSelected,
    #[error("{} has no {} key at {:.2} s", .0.bone, .0.channel.name(), .0.time)]
    NoKey(CurveKeyId),
    #[error("the {} key of {} at {:.2} s has no segment after it", .0.channel.name(), .0.bone, .0.time)]
    NoSegment(CurveKeyId),
    #[error(transparent)]
    Refused(#[from] EditError),
}

/// The current clip as written, with its name.
fn clip_record(editor: &Editor) -> Result<ClipRecord, CurveError> {
    editor
        .current_clip()
        .map(|c| c.to_record())
        .ok_or(CurveError::NoClip)
}

/// Moves a key of a channel to `time` (snapped; the whole key record moves, every channel of the
/// bone at that time) and `value` (that channel only). A time where the bone has another key keeps
/// the key's time. Returns where the key is afterwards.
pub(crate) fn move_key(
    mut step: Step,
    key: &CurveKeyId,
    time: f64,
    value: f64,
) -> Result<CurveKeyId, CurveError> {
    let mut record = clip_record(&step)?;
    let time = step.curves().snap_time(time);
    let taken = record
        .keys
        .iter()
        .any(|k| k.bone == key.bone && k.time == time && k.time != key.time);
    let time = if taken { key.time } else { time };
    let k = record
        .keys
        .iter_mut()
        .find(|k| k.bone == key.bone && k.time == key.time)
        .ok_or_else(|| CurveError::NoKey(key.clone()))?;
    if !key.channel.set(k, value) {
        return Err(CurveError::NoKey(key.clone()));
    }
    k.time = time;
    let name = record.name.clone();
    step.document
        .apply(Edit::ReplaceClip { name, clip: record })?;
    step.commit();
    Ok(CurveKeyId {
        time,
        ..key.clone()
    })
}

/// Sets the interpolation of `key`'s channel (towards that channel's next key; the key's other
/// channels keep theirs). Whether it changed.
pub(crate) fn set_interp(
    mut step: Step,
    key: &CurveKeyId,
    interp: Interpolation,
) -> Result<bool, CurveError> {
    let mut record = clip_record(&step)?;
    let k = record
        .keys
        .iter_mut()
        .find(|k| k.bone == key.bone && k.time == key.time)
        .ok_or_else(|| CurveError::NoKey(key.clone()))?;
    if k.interp[key.channel] == interp {
        return Ok(false);
    }
    k.interp[key.channel] = interp;
    k.tidy_curves();
    let name = record.name.clone();
    step.document
        .apply(Edit::ReplaceClip { name, clip: record })?;
    step.commit();
    Ok(true)
}

/// Puts handle `which` of `key`'s segment at graph point `to`: the channel's curve becomes handles
/// in value offsets ([`Interpolation::Handles`]), so a handle leaves a flat segment as freely as a
/// sloped one; only `key`'s channel changes.
pub(crate) fn drag_handle(
    step: Step,
    key: &CurveKeyId,
    which: usize,
    to: DVec2,
) -> Result<(), CurveError> {
    let curves = step.curves().shown()?;
    let curve = curves
        .iter()
        .find(|c| c.bone == key.bone && c.channel == key.channel)
        .ok_or_else(|| CurveError::NoKey(key.clone()))?;
    let i = curve
        .key_index(key.time)
        .ok_or_else(|| CurveError::NoKey(key.clone()))?;
    let (Some(a), Some(b)) = (curve.keys.get(i), curve.keys.get(i + 1)) else {
        return Err(CurveError::NoSegment(key.clone()));
    };
    // The end value the segment runs to (a rotation the shorter way round).
    let end = a.value + key.channel.delta(a.value, b.value);
    let Some((mut times, [_, v1, v2, _])) = a.interp.bezier_controls(a.value, end) else {
        return Err(CurveError::NoSegment(key.clone()));
    };
    let mut values = [v1, v2];
    if let (Some(t), Some(v)) = (times.get_mut(which), values.get_mut(which)) {
        *t = (to.x - a.time) / (b.time - a.time);
        *v = to.y;
    }
    let interp = Interpolation::handles_through(a.value, end, times, values);
    set_interp(step, key, interp)?;
    Ok(())
}
