//! Keying a bone's inheritance mode at the playhead (Animate mode; Spine's `inherit` timeline):
//! [`key_inherit`] sets the mode from the playhead to the bone's next inheritance key, joining a
//! key already there; [`unkey_inherit`] takes the mode out of the key at the playhead (the whole
//! key when it held nothing else). Each is one undo step. A mode is played as Spine plays it (the
//! bone's own values kept, so a mode that takes no rotation turns a bone whose parent is turned);
//! so that the bone does not jump where the mode is keyed, the key also holds the rotation that
//! keeps it pointing where it pointed at the playhead, when that differs. A bone that a
//! constraint moves must take everything: the rig refuses the key, and the status says why.

use limber_core::animation::KeyRecord;
use limber_core::edit::{Edit, EditError};
use limber_core::inherit::Inherit;
use limber_core::pose::{Pose, PoseSolver};

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

/// Takes the inheritance mode out of `bone`'s key at the playhead.
pub(crate) fn unkey_inherit(mut step: Step, bone: usize) -> Result<(), InheritKeyError> {
    let name = step.bone_name(bone).ok_or(InheritKeyError::NoBone(bone))?;
    let key = step
        .bone_keys(bone)
        .key()
        .filter(|k| k.inherit.is_some())
        .ok_or_else(|| InheritKeyError::NotKeyed(name.clone()))?;
    let clip = step.clip_name().ok_or(InheritKeyError::NoClip)?.to_string();
    step.document.apply(Edit::RemoveKey {
        clip: clip.clone(),
        bone: key.bone.clone(),
        time: key.time,
    })?;
    let rest = KeyRecord {
        inherit: None,
        ..key.clone()
    };
    if !rest.is_empty() {
        step.document.apply(Edit::SetKey {
            clip,
            key: Box::new(rest),
        })?;
    }
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
    let then = direction(&pose)?;
    // The image frame's y points down: an angle from `then` to `now` measured there is a turn
    // clockwise on screen. Under a mirrored parent a rotation turns the other way, so the turn
    // that brings the bone back is picked by trying both.
    let angle = then.angle_to(now);
    if angle.abs() < 1e-9 {
        return None;
    }
    let miss = |turn: f64, pose: &mut Pose| {
        pose.bones[bone].rotate = base + turn;
        direction(pose).map_or(f64::INFINITY, |d| d.angle_to(now).abs())
    };
    let turn = if miss(-angle, &mut pose) <= miss(angle, &mut pose) {
        -angle
    } else {
        angle
    };
    Some(turn.to_degrees())
}
