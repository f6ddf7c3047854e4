//! Keying a bone's inheritance mode at the playhead (Animate mode; Spine's `inherit` timeline):
//! [`key_inherit`] sets the mode from the playhead to the bone's next inheritance key, joining a
//! key already there; [`unkey_inherit`] takes the mode out of the key at the playhead (the whole
//! key when it held nothing else). Each is one undo step. A mode is played as Spine plays it (the
//! bone's own values kept, so a mode that takes no rotation turns a bone whose parent is turned);
//! so that the bone does not jump where the mode is keyed, the key also holds the rotation that
//! keeps it pointing where it pointed at the playhead, when that differs, and a stepped key a frame
//! earlier holds the rotation it had there, so the clip before the playhead plays as it did. A bone that a
//! constraint moves must take everything: the rig refuses the key, and the status says why.

use limber_core::animation::curve::KeyCurves;
use limber_core::animation::{Interpolation, KeyRecord};
use limber_core::edit::{Edit, EditError};
use limber_core::inherit::Inherit;
use limber_core::pose::{Pose, PoseSolver};

use crate::bone_keys::replace_key;
use crate::step::Step;

/// Why an inheritance key action did nothing.
#[derive(Debug, thiserror::Error)]
pub enum InheritKeyError {
    #[error("no bone {0}")]
    NoBone(usize),
    #[error("\"{0}\" is a root bone: it has no parent to inherit from")]
    RootBone(String),
    #[error("no clip to key in")]
    NoClip,
    #[error("\"{0}\" has no inheritance key at the playhead")]
    NotKeyed(String),
    #[error(transparent)]
    Refused(#[from] EditError),
}

/// Keys `bone` to take `mode` of its parent from the playhead on (a clip is made when there is
/// none, in the same step).
pub(crate) fn key_inherit(
    mut step: Step,
    bone: usize,
    mode: Inherit,
) -> Result<(), InheritKeyError> {
    let name = step.bone_name(bone).ok_or(InheritKeyError::NoBone(bone))?;
    if step.document.project.rig.skeleton.bones[bone]
        .parent
        .is_none()
    {
        return Err(InheritKeyError::RootBone(name));
    }
    let turn = turn_keeping_direction(&step, bone, mode);
    let rotate = turn.map(|t| step.bone_keys(bone).rotation() + t);
    let clip = step.clip_to_key().ok_or(InheritKeyError::NoClip)?;
    let time = step.animation().playhead();
    if rotate.is_some() {
        hold_rotation_before(&mut step, bone, &clip, time)?;
    }
    let key = KeyRecord {
        bone: name.clone(),
        time,
        rotate,
        translate: None,
        scale: None,
        shear: None,
        inherit: Some(mode),
        interp: step.bone_keys(bone).curves(),
    };
    step.document.apply(Edit::SetKey {
        clip,
        key: Box::new(key),
    })?;
    let kept = if rotate.is_some() {
        " (its rotation keyed too, so it points where it did)"
    } else {
        ""
    };
    step.status = format!(
        "keyed {name} to take {} of its parent from {time:.2} s{kept}",
        mode.label()
    );
    step.commit();
    Ok(())
}

/// Keys, stepped, the rotation `bone` has one frame before `time` (the clip's frame, a 60th of a
/// second without one), so that the rotation keyed at `time` to keep the bone's direction steps in
/// with the mode and the clip before is played as it was.
fn hold_rotation_before(
    step: &mut Step,
    bone: usize,
    clip: &str,
    time: f64,
) -> Result<(), InheritKeyError> {
    let Some(current) = step.current_clip() else {
        return Ok(());
    };
    let frame = current.fps.map_or(1.0 / 60.0, |fps| 1.0 / f64::from(fps));
    let at = (time - frame).max(0.0);
    if at >= time {
        return Ok(());
    }
    let Some(held) = current.sample(at).bones.get(bone).map(|b| b.rotate) else {
        return Ok(());
    };
    let key = KeyRecord {
        bone: step.bone_name(bone).ok_or(InheritKeyError::NoBone(bone))?,
        time: at,
        rotate: Some(held.to_degrees()),
        translate: None,
        scale: None,
        shear: None,
        inherit: None,
        interp: KeyCurves::all(Interpolation::STEPPED),
    };
    step.document.apply(Edit::SetKey {
        clip: clip.to_string(),
        key: Box::new(key),
    })?;
    Ok(())
}

/// Takes the inheritance mode out of `bone`'s key at the playhead.
pub(crate) fn unkey_inherit(mut step: Step, bone: usize) -> Result<(), InheritKeyError> {
    let name = step.bone_name(bone).ok_or(InheritKeyError::NoBone(bone))?;
    let key = step
        .bone_keys(bone)
        .key()
        .filter(|k| k.inherit.is_some())
        .ok_or_else(|| InheritKeyError::NotKeyed(name.clone()))?;
    let clip = step.clip_name().ok_or(InheritKeyError::NoClip)?.to_string();
    let rest = KeyRecord {
        inherit: None,
        ..key.clone()
    };
    replace_key(&mut step, clip, &key, rest)?;
    step.status = format!("removed {name}'s inheritance key at {:.2} s", key.time);
    step.commit();
    Ok(())
}

/// The turn (degrees, counter-clockwise on screen) to add to `bone`'s rotation so that, taking
/// `mode`, it points at the playhead where it points now; `None` when it already does (or there
/// is nothing to pose).
fn turn_keeping_direction(step: &Step, bone: usize, mode: Inherit) -> Option<f64> {
    let frame = step.frame()?;
    let solver = PoseSolver::new(&step.document.project.rig.skeleton).ok()?;
    let mut pose = frame.pose;
    let direction = |pose: &Pose| solver.world(pose).get(bone).map(|w| w.matrix2.x_axis);
    let now = direction(&pose)?;
    let offset = pose.bones.get_mut(bone)?;
    offset.inherit = Some(mode);
    let base = offset.rotate;
    // How far the bone misses its direction (image frame, radians) after `turn` more rotation.
    let mut miss = |turn: f64| {
        pose.bones[bone].rotate = base + turn;
        direction(&pose).map(|d| d.angle_to(now))
    };
    let first = miss(0.0)?;
    if first.abs() < 1e-9 {
        return None;
    }
    // The direction turns with the rotation one way or the other (a mirrored parent turns it
    // back), and not at one rate under a parent scaled along one axis (a mode without rotation
    // keeps that scale): solved by secant steps from the turn that would be exact at one rate.
    let (mut a, mut miss_a) = (0.0, first);
    let mut b = -first;
    let mut miss_b = miss(b)?;
    let mut best = if miss_b.abs() < first.abs() { b } else { 0.0 };
    let mut best_miss = miss_b.abs().min(first.abs());
    for _ in 0..40 {
        if best_miss < 1e-12 || (miss_b - miss_a).abs() < 1e-15 {
            break;
        }
        let next = b - miss_b * (b - a) / (miss_b - miss_a);
        (a, miss_a) = (b, miss_b);
        b = next;
        miss_b = miss(b)?;
        if miss_b.abs() < best_miss {
            (best, best_miss) = (b, miss_b.abs());
        }
    }
    let turn = best;
    Some(turn.to_degrees())
}
