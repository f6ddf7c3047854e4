//! Keying a bone's inheritance mode at the playhead (Animate mode; Spine's `inherit` timeline):
//! [`key_inherit`] sets the mode from the playhead to the bone's next inheritance key, joining a
//! key already there; [`unkey_inherit`] takes the mode out of the key at the playhead (the whole
//! key when it held nothing else). Each is one undo step. The bone keeps its local values, as in
//! Spine, so a mode that takes no rotation turns a bone whose parent is turned. A bone that a
//! constraint moves must take everything: the rig refuses the key, and the status says why.

use limber_core::animation::KeyRecord;
use limber_core::edit::{Edit, EditError};
use limber_core::inherit::Inherit;

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
    let clip = step.clip_to_key().ok_or(InheritKeyError::NoClip)?;
    let time = step.animation().playhead();
    let key = KeyRecord {
        bone: name.clone(),
        time,
        rotate: None,
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
    step.status = format!(
        "keyed {name} to take {} of its parent from {time:.2} s",
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
