//! Path constraints in the editor: "Add path" lays the selected bone and the single-child chain
//! below it on a new smooth path through their joints, carried by the first bone's parent, so at
//! rest the chain stays where it is drawn and then follows the path as the carrier moves (chain
//! mode: each bone points at the next one's place). The inspector edits the modes, position,
//! spacing, rotation offset and mixes, keys the mix, the position and the spacing in Animate mode
//! ([`key_path_value`]), and deletes it ([`crate::rigging::ConstraintRef::Path`]).

use limber_core::animation::path::{PathShapeRecord, RotateMode, smooth_path_points};
use limber_core::animation::{PathChannel, PathKeyRecord, PathRecord, PathSettings};
use limber_core::skeleton::Skeleton;

use crate::constraint_keys::key_at_playhead;
use crate::rigging::{RigError, change_constraints};
use crate::step::Step;

/// The bones a new path lays out from `first`: it, then each bone's only child while there is
/// exactly one.
pub fn chain_below(skeleton: &Skeleton, first: usize) -> Vec<usize> {
    let mut chain = vec![first];
    let mut at = first;
    // Parents are acyclic; the bound is a guard all the same.
    for _ in 0..skeleton.bones.len() {
        let mut children = skeleton
            .bones
            .iter()
            .enumerate()
            .filter(|(_, b)| b.parent == Some(at))
            .map(|(i, _)| i);
        match (children.next(), children.next()) {
            (Some(only), None) => {
                chain.push(only);
                at = only;
            }
            _ => break,
        }
    }
    chain
}

/// Adds a path constraint on the selected bone's chain ([`chain_below`]), its path through their
/// heads and the last one's tail, carried by the first bone's parent. One undo step.
pub(crate) fn add_path(mut step: Step) -> Result<(), RigError> {
    let skeleton = &step.document.project.rig.skeleton;
    let first = step.selection().bone().ok_or(RigError::NoBoneForPath)?;
    let carrier = skeleton
        .bones
        .get(first)
        .ok_or(RigError::NoSuchBone(first))?
        .parent
        .ok_or(RigError::PathNeedsParent)?;
    let chain = chain_below(skeleton, first);
    let mut anchors: Vec<[f64; 2]> = chain.iter().map(|&b| skeleton.bones[b].head).collect();
    if let Some(&last) = chain.last() {
        anchors.push(skeleton.bones[last].tail);
    }
    let name = |b: usize| skeleton.bones[b].name.clone();
    let bones: Vec<String> = chain.iter().map(|&b| name(b)).collect();
    let carrier = name(carrier);
    change_constraints(&mut step.document, |records| {
        let name = records.unused_name("path");
        records.paths.push(PathRecord {
            name,
            bones,
            path: PathShapeRecord {
                bone: carrier,
                points: smooth_path_points(&anchors),
                closed: false,
            },
            settings: PathSettings {
                rotate_mode: RotateMode::Chain,
                ..PathSettings::default()
            },
        });
    })?;
    step.commit();
    Ok(())
}

/// Keys path `name`'s position or spacing (`channel`) at `value` at the playhead of the current
/// clip, merged into a key there (one undo step). `Ok(false)` with no clip to key.
pub(crate) fn key_path_value(
    step: Step,
    name: &str,
    channel: PathChannel,
    value: f64,
) -> Result<bool, RigError> {
    let (position, spacing) = match channel {
        PathChannel::Position => (Some(value), None),
        PathChannel::Spacing => (None, Some(value)),
    };
    key_at_playhead(step, |record, time| {
        let key = PathKeyRecord {
            path: name.to_string(),
            time,
            position,
            spacing,
            interp: Default::default(),
        };
        PathKeyRecord::merge_into(&mut record.paths, key);
    })
}

/// Removes path `name`'s `channel` from its key at the playhead of the current clip; the key goes
/// when it then holds nothing. One undo step; `false` when nothing is keyed there.
pub(crate) fn unkey_path_value(
    step: Step,
    name: &str,
    channel: PathChannel,
) -> Result<bool, RigError> {
    let time = step.animation().playhead();
    let keyed = step
        .current_clip()
        .is_some_and(|c| c.path_keys().of(name, channel).any(|k| k.time == time));
    if !keyed {
        return Ok(false);
    }
    key_at_playhead(step, |record, time| {
        for key in record
            .paths
            .iter_mut()
            .filter(|k| k.path == name && k.time == time)
        {
            match channel {
                PathChannel::Position => key.position = None,
                PathChannel::Spacing => key.spacing = None,
            }
        }
        record
            .paths
            .retain(|k| k.position.is_some() || k.spacing.is_some());
    })
}
