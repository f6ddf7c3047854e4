//! The bind (rest) pose and the per-bone deform and lock flags: moving a bone's rest head and tail
//! with the bones hanging from it, typed head / tail / length / angle, "deform" (a document edit:
//! a non-deforming bone takes no weight) and "lock" (editor state: the brush, automatic weights and
//! smoothness changes keep a locked bone's weights). Each document change is one undo step with the
//! weights recomputed in it; the actions are functions over the undo [`Step`] returning a
//! [`BoneError`] that [`Editor::run`] shows in the status line.

use glam::DVec2;

use super::editor::Editor;
use crate::hierarchy::BoneError;
use crate::step::Step;
use limber_core::edit::Edit;
use limber_core::inherit::Inherit;
use limber_core::skeleton::Bone;
use limber_core::weights::{Binding, keep_locked};

/// How near (image pixels) a child's head must be to its parent's tail to count as attached to it.
const ATTACHED: f64 = 0.5;

/// One bone's new rest head and tail.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BoneMove {
    pub bone: usize,
    pub head: DVec2,
    pub tail: DVec2,
}

/// The moves that put `bone`'s rest head and tail at `head` and `tail`, with the bones that follow
/// it unless `alone`: when the whole bone moves (head and tail by the same offset) its whole subtree
/// moves with it; otherwise the children attached at its old tail, with their subtrees, move by the
/// tail's offset (rigidly). The bone's own move comes first.
pub fn bone_moves(
    bones: &[Bone],
    bone: usize,
    head: DVec2,
    tail: DVec2,
    alone: bool,
) -> Vec<BoneMove> {
    let Some(old) = bones.get(bone) else {
        return Vec::new();
    };
    let mut moves = vec![BoneMove { bone, head, tail }];
    if alone {
        return moves;
    }
    let (head_delta, tail_delta) = (head - old.head(), tail - old.tail());
    let rigid = (head_delta - tail_delta).length() < 1e-12;
    if tail_delta == DVec2::ZERO {
        return moves;
    }
    let roots: Vec<usize> = (0..bones.len())
        .filter(|&c| bones[c].parent == Some(bone))
        .filter(|&c| rigid || (bones[c].head() - old.tail()).length() <= ATTACHED)
        .collect();
    let mut stack = roots;
    // A valid skeleton has no cycles; the bound keeps a broken one from looping.
    let mut left = bones.len();
    while let Some(b) = stack.pop() {
        if left == 0 {
            break;
        }
        left -= 1;
        let follower = &bones[b];
        moves.push(BoneMove {
            bone: b,
            head: follower.head() + tail_delta,
            tail: follower.tail() + tail_delta,
        });
        stack.extend((0..bones.len()).filter(|&c| bones[c].parent == Some(b)));
    }
    moves
}

/// A bone's angle in degrees, counter-clockwise on screen (image y points down), from head to tail.
pub fn bone_angle(head: DVec2, tail: DVec2) -> f64 {
    let d = tail - head;
    (-d.y).atan2(d.x).to_degrees()
}

/// The tail `length` pixels from `head` at `angle` degrees counter-clockwise on screen.
pub fn tail_at(head: DVec2, length: f64, angle: f64) -> DVec2 {
    let a = angle.to_radians();
    head + DVec2::new(a.cos(), -a.sin()) * length
}

/// Applies `moves` (inside the caller's undo step: the bind-pose drag's or [`move_bone`]'s).
pub(crate) fn apply_bone_moves(editor: &mut Editor, moves: &[BoneMove]) -> Result<(), BoneError> {
    for m in moves {
        let Some(name) = editor.rig().bone_name(m.bone) else {
            continue;
        };
        editor.document.apply(Edit::MoveBone {
            name,
            head: m.head.to_array(),
            tail: m.tail.to_array(),
        })?;
    }
    Ok(())
}

/// Moves bone `bone`'s rest head and tail (the bones attached at its tail follow, see
/// [`bone_moves`]) and recomputes the weights: one undo step, or part of the one open (a typed
/// field being dragged). A zero-length bone is refused; `false` when nothing moves.
pub(crate) fn move_bone(
    mut step: Step,
    bone: usize,
    head: DVec2,
    tail: DVec2,
) -> Result<bool, BoneError> {
    let bones = &step.document.project.rig.skeleton.bones;
    let Some(old) = bones.get(bone) else {
        return Ok(false);
    };
    if old.head() == head && old.tail() == tail {
        return Ok(false);
    }
    if !head.is_finite() || !tail.is_finite() || (tail - head).length() < 1e-6 {
        return Err(BoneError::ZeroLength);
    }
    let moves = bone_moves(bones, bone, head, tail, false);
    apply_bone_moves(&mut step, &moves)?;
    step.recompute_weights();
    step.commit();
    Ok(true)
}

/// Sets whether bone `bone` deforms, recomputing the weights in the same undo step (a
/// non-deforming bone takes no weight and moves no vertex). `false` when it already does.
pub(crate) fn set_bone_deform(
    mut step: Step,
    bone: usize,
    deform: bool,
) -> Result<bool, BoneError> {
    let Some(old) = step.document.project.rig.skeleton.bones.get(bone) else {
        return Ok(false);
    };
    if old.deform == deform {
        return Ok(false);
    }
    let name = old.name.clone();
    step.document.apply(Edit::SetDeform { name, deform })?;
    step.recompute_weights();
    step.commit();
    Ok(true)
}

/// Sets what bone `bone` takes of its parent's transform (one undo step; the weights stay, as the
/// rest pose does). `false` when it already does; refused, with the rig's reason, on a bone a
/// constraint, spring or physics constraint moves.
pub(crate) fn set_bone_inherit(
    mut step: Step,
    bone: usize,
    inherit: Inherit,
) -> Result<bool, BoneError> {
    let Some(old) = step.document.project.rig.skeleton.bones.get(bone) else {
        return Ok(false);
    };
    if old.inherit == inherit {
        return Ok(false);
    }
    let name = old.name.clone();
    step.document.apply(Edit::SetInherit {
        name: name.clone(),
        inherit,
    })?;
    step.status = format!("{name} takes {} of its parent", inherit.label());
    step.commit();
    Ok(true)
}

/// Toggles the selected bone's deform flag (one undo step with its weights).
pub(crate) fn toggle_selected_deform(step: Step) -> Result<bool, BoneError> {
    let Some(bone) = step.selection().bone() else {
        return Ok(false);
    };
    let Some(deform) = step
        .document
        .project
        .rig
        .skeleton
        .bones
        .get(bone)
        .map(|b| b.deform)
    else {
        return Ok(false);
    };
    set_bone_deform(step, bone, !deform)
}

/// Toggles the selected bone's weight lock (editor state, not saved, not an undo step).
pub(crate) fn toggle_selected_lock(editor: &mut Editor) {
    let bones = editor.document.project.rig.skeleton.bones.len();
    if let Some(bone) = editor.selection().bone().filter(|&b| b < bones) {
        let locked = !editor.tools().is_locked(bone);
        editor.tools.set_locked(bone, locked);
        let name = editor.rig().bone_name(bone).unwrap_or_default();
        editor.status = if locked {
            format!("{name}'s weights are locked")
        } else {
            format!("{name}'s weights are unlocked")
        };
    }
}

impl Editor {
    /// Fresh automatic weights `auto` for part `part` with the locked (deforming) bones' weights
    /// kept from its current ones ([`keep_locked`]).
    pub(crate) fn with_locks(&self, part: usize, auto: Binding) -> Binding {
        let bones = &self.document.project.rig.skeleton.bones;
        let locked: Vec<bool> = (0..bones.len())
            .map(|b| self.tools.is_locked(b) && bones[b].deform)
            .collect();
        match self.document.project.parts.get(part) {
            Some(p) if locked.contains(&true) => keep_locked(&auto, &p.binding, &locked),
            _ => auto,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bone(parent: Option<usize>, head: [f64; 2], tail: [f64; 2]) -> Bone {
        Bone {
            inherit: Default::default(),
            name: String::new(),
            parent,
            head,
            tail,
            smoothness: None,
            deform: true,
        }
    }

    #[test]
    fn attached_children_follow_the_tail_and_a_whole_bone_takes_its_subtree() {
        // 0 → 1 (attached at 0's tail) → 2 (attached at 1's tail); 3 hangs from 0 elsewhere.
        let bones = vec![
            bone(None, [0.0, 0.0], [10.0, 0.0]),
            bone(Some(0), [10.0, 0.0], [20.0, 0.0]),
            bone(Some(1), [20.0, 0.0], [30.0, 0.0]),
            bone(Some(0), [5.0, 5.0], [5.0, 15.0]),
        ];
        let d = DVec2::new(0.0, 4.0);
        let tail = bone_moves(&bones, 0, DVec2::ZERO, DVec2::new(10.0, 4.0), false);
        let moved: Vec<usize> = tail.iter().map(|m| m.bone).collect();
        assert_eq!(moved.len(), 3);
        assert!(moved.contains(&1) && moved.contains(&2) && !moved.contains(&3));
        let two = tail.iter().find(|m| m.bone == 2).copied();
        assert_eq!(
            two.map(|m| (m.head, m.tail)),
            Some((DVec2::new(20.0, 4.0), DVec2::new(30.0, 4.0)))
        );
        let body = bone_moves(&bones, 0, d, DVec2::new(10.0, 0.0) + d, false);
        assert_eq!(body.len(), 4, "the whole subtree: {body:?}");
        let alone = bone_moves(&bones, 0, d, DVec2::new(10.0, 0.0) + d, true);
        assert_eq!(alone.len(), 1);
        let head = bone_moves(&bones, 0, d, DVec2::new(10.0, 0.0), false);
        assert_eq!(head.len(), 1, "a head move leaves the children");
    }

    #[test]
    fn angles_are_counter_clockwise_on_screen() {
        let head = DVec2::new(5.0, 5.0);
        assert!((bone_angle(head, DVec2::new(5.0, -5.0)) - 90.0).abs() < 1e-12);
        let tail = tail_at(head, 10.0, 90.0);
        assert!((tail - DVec2::new(5.0, -5.0)).length() < 1e-12);
        let tail = tail_at(head, 5.0, bone_angle(head, DVec2::new(8.0, 9.0)));
        assert!((tail - DVec2::new(8.0, 9.0)).length() < 1e-12);
    }
}
