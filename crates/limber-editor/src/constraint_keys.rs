//! Constraint values keyed at the playhead of the current clip: a constraint's mix (the mix
//! sliders of the Rig inspector in Animate mode) and the removal of a mix key, and the shared
//! [`key_at_playhead`] that path position and spacing keys use too (`path_rigging.rs`). Each is one
//! undo step, or part of a slider drag's.

use limber_core::animation::{ClipRecord, MixKeyRecord};
use limber_core::edit::Edit;

use crate::rigging::RigError;
use crate::step::Step;

/// Keys constraint `name`'s mix at the playhead of the current clip (replacing a key there; a
/// first key makes a clip). One undo step, or part of a slider drag's; `false` without a clip.
pub(crate) fn key_constraint_mix(step: Step, name: &str, mix: f64) -> Result<bool, RigError> {
    key_at_playhead(step, |record, time| {
        record
            .constraints
            .retain(|k| !(k.constraint == name && k.time == time));
        record.constraints.push(MixKeyRecord {
            constraint: name.to_string(),
            time,
            mix: mix.clamp(0.0, 1.0),
            interp: Default::default(),
        });
    })
}

/// Keys the current clip at the playhead (a first key makes a clip): `key(record, time)` adds the
/// key to the clip as written, which then replaces the clip. One undo step, or part of a slider
/// drag's; `false` without a clip.
pub(crate) fn key_at_playhead(
    mut step: Step,
    key: impl FnOnce(&mut ClipRecord, f64),
) -> Result<bool, RigError> {
    if step.clip_to_key().is_none() {
        return Ok(false);
    }
    let Some(clip) = step.current_clip() else {
        return Ok(false);
    };
    let time = step.animation().playhead();
    let mut record = clip.to_record();
    key(&mut record, time);
    let clip = record.name.clone();
    step.document.apply(Edit::ReplaceClip {
        name: clip,
        clip: record,
    })?;
    step.commit();
    Ok(true)
}

/// Removes constraint `name`'s mix key at the playhead of the current clip. One undo step; `false`
/// when nothing is keyed there.
pub(crate) fn unkey_constraint_mix(step: Step, name: &str) -> Result<bool, RigError> {
    let time = step.animation().playhead();
    let keyed = step
        .current_clip()
        .is_some_and(|c| c.mix_keys_of(name).any(|k| k.time == time));
    if !keyed {
        return Ok(false);
    }
    key_at_playhead(step, |record, time| {
        record
            .constraints
            .retain(|k| !(k.constraint == name && k.time == time));
    })
}
