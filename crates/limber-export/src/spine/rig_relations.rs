//! How a rig's bones relate through its constraints, for deciding which constraints Spine can
//! evaluate live: how many constraints move each bone, which bones any constraint involves, and a
//! bone's ancestry.

use limber_core::rig::Rig;

/// How many constraints, springs and physics constraints move each bone, and which bones any
/// constraint but physics involves (as the bone moved, a target or a source): physics runs after
/// every other constraint in limber and in Spine alike, so a physics bone below or beside another
/// constraint does not change how the two order it.
pub fn involvement(rig: &Rig) -> (Vec<usize>, Vec<bool>) {
    let count = rig.skeleton.bones.len();
    let mut moved = vec![0usize; count];
    let mut involved = vec![false; count];
    for physics in &rig.physics {
        if let Some(n) = moved.get_mut(physics.bone) {
            *n += 1;
        }
    }
    let moved_bones = rig
        .limits
        .iter()
        .map(|l| l.bone)
        .chain(rig.transforms.iter().map(|t| t.bone))
        .chain(rig.springs.iter().map(|s| s.bone))
        .chain(rig.follows.iter().map(|f| f.bone))
        .chain(rig.ik.iter().flat_map(|c| c.chain.iter().copied()))
        .chain(rig.paths.iter().flat_map(|p| p.bones.iter().copied()));
    for bone in moved_bones {
        if let Some(n) = moved.get_mut(bone) {
            *n += 1;
        }
        if let Some(flag) = involved.get_mut(bone) {
            *flag = true;
        }
    }
    let others = rig
        .transforms
        .iter()
        .map(|t| t.source)
        .chain(rig.follows.iter().map(|f| f.target))
        .chain(rig.ik.iter().map(|c| c.target))
        .chain(rig.paths.iter().map(|p| p.path_bone));
    for bone in others {
        if let Some(flag) = involved.get_mut(bone) {
            *flag = true;
        }
    }
    (moved, involved)
}

/// Whether `bone` is a descendant of `ancestor` (not itself).
pub fn descends_from(rig: &Rig, bone: usize, ancestor: usize) -> bool {
    let bones = &rig.skeleton.bones;
    let mut at = bones.get(bone).and_then(|b| b.parent);
    // Parents are acyclic (the skeleton is validated); the bound is a guard all the same.
    for _ in 0..bones.len() {
        match at {
            Some(b) if b == ancestor => return true,
            Some(b) => at = bones.get(b).and_then(|x| x.parent),
            None => return false,
        }
    }
    false
}

/// Whether a look-at on `bone` aiming at `target` is ordered the same in both: no other
/// constraint involves a descendant of `bone`, and `target` is not one.
pub fn alone_below(rig: &Rig, involved: &[bool], bone: usize, target: usize) -> bool {
    !descends_from(rig, target, bone)
        && (0..rig.skeleton.bones.len()).all(|b| !(involved[b] && descends_from(rig, b, bone)))
}

/// Flags: `bone` and each of its ancestors.
pub fn ancestors_and_self(rig: &Rig, bone: usize) -> Vec<bool> {
    let bones = &rig.skeleton.bones;
    let mut flags = vec![false; bones.len()];
    let mut at = Some(bone);
    // Parents are acyclic (the skeleton is validated); the bound is a guard all the same.
    for _ in 0..bones.len() {
        let Some(b) = at.filter(|&b| b < bones.len()) else {
            break;
        };
        flags[b] = true;
        at = bones[b].parent;
    }
    flags
}

/// Whether an IK that stretches or compresses along one axis only (not uniform) moves a strict
/// ancestor of `bone`: the bone's frame is then scaled unevenly, where limber's solvers (which
/// assume uniform scale above them) and Spine's differ.
pub fn stretched_unevenly_above(rig: &Rig, bone: usize) -> bool {
    let parent = rig.skeleton.bones.get(bone).and_then(|b| b.parent);
    let Some(parent) = parent else {
        return false;
    };
    let above = ancestors_and_self(rig, parent);
    rig.ik
        .iter()
        .any(|ik| (ik.stretch || ik.compress) && !ik.uniform && ik.chain.iter().any(|&b| above[b]))
}

/// Whether `clip` keys the scale or the shear of any of `bones` or of an ancestor of one (their
/// frames are then scaled unevenly or sheared, where limber's solvers and Spine's differ): a
/// constraint on them is then switched off in that clip and its bones baked.
pub fn scale_or_shear_keyed_at_or_above(
    rig: &Rig,
    bones: &[usize],
    clip: &limber_core::animation::Clip,
) -> bool {
    let mut affected = vec![false; rig.skeleton.bones.len()];
    for &bone in bones {
        for (flag, above) in affected.iter_mut().zip(ancestors_and_self(rig, bone)) {
            *flag |= above;
        }
    }
    clip.bone_keys()
        .filter(|k| k.scale.is_some() || k.shear.is_some())
        .any(|k| rig.skeleton.index_of(&k.bone).is_some_and(|b| affected[b]))
}

/// Whether a physics constraint that stretches or shears, or a transform constraint that copies
/// scale or shear, moves a strict ancestor of `bone` (its parent may then be scaled along one axis
/// only, or sheared): limber's IK, look-at, path and physics solvers assume uniform scale above
/// their bones, Spine's do not.
pub fn scaled_above(rig: &Rig, bone: usize) -> bool {
    let Some(parent) = rig.skeleton.bones.get(bone).and_then(|b| b.parent) else {
        return false;
    };
    let above = ancestors_and_self(rig, parent);
    let is_above = |b: usize| above.get(b).copied().unwrap_or(false);
    rig.physics
        .iter()
        .any(|p| (p.settings.scale_x > 0.0 || p.settings.shear_x > 0.0) && is_above(p.bone))
        || rig.transforms.iter().any(|t| {
            (t.scale_mix > 0.0 || t.scale_mix_y > 0.0 || t.shear_mix > 0.0) && is_above(t.bone)
        })
}
