//! The skeleton's bones as a feature: adding a bone (a child of the selected one, weights
//! recomputed), deleting the selected bones, renaming one, reparenting (refused when it would make
//! a cycle) and stepping the bone selection. Each edit is one undo step (or part of the one open:
//! the bone tool's drag) and returns a [`BoneError`] that
//! [`Editor::run`](crate::editor::Editor::run) shows in the status line. Which bones can be a
//! bone's parent is read from [`crate::rigging::Rig::valid_parents`]; moving a bone's rest pose and
//! its deform and lock flags are `bind_pose.rs`.

use glam::DVec2;
use limber_core::edit::{Edit, EditError};
use limber_core::rig::BoneRecord;
use limber_core::skeleton::Bone;

use crate::editor::Editor;
use crate::selection::Selection;
use crate::step::Step;

/// Why a bone action did nothing.
#[derive(Debug, thiserror::Error)]
pub enum BoneError {
    #[error("cannot make \"{parent}\" the parent of \"{bone}\": it is {} (a cycle)",
        if *.itself { "the bone itself" } else { "one of its descendants" })]
    Cycle {
        parent: String,
        bone: String,
        itself: bool,
    },
    #[error(
        "the rig already has bones: Suggest bones starts from a rig without any (undo or delete \
         them first)"
    )]
    AlreadyHasBones,
    #[error("no part to suggest bones for")]
    NoPart,
    /// A part's image could not be read or suggested from.
    #[error("{}: {message}", .path.display())]
    Image {
        path: std::path::PathBuf,
        message: String,
    },
    #[error("a bone needs its tail away from its head")]
    ZeroLength,
    #[error(transparent)]
    Weight(#[from] crate::weighting::WeightError),
    /// The suggested cuts could not split the meshes.
    #[error(transparent)]
    Cut(#[from] crate::cutting::CutError),
    #[error(transparent)]
    Refused(#[from] EditError),
}

/// Whether `candidate` is `bone` or lies below it (following parents up from `candidate`).
pub(crate) fn in_subtree(bones: &[Bone], bone: usize, candidate: usize) -> bool {
    let mut at = Some(candidate);
    // A valid skeleton has no cycles; the bound keeps a broken one from looping.
    for _ in 0..=bones.len() {
        match at {
            Some(b) if b == bone => return true,
            Some(b) => at = bones.get(b).and_then(|x| x.parent),
            None => return false,
        }
    }
    true
}

/// Makes `parent` (`None`: no parent) the parent of `bone`, one undo step. A parent that is the
/// bone itself or one of its descendants is refused. `false` when nothing changes.
pub(crate) fn set_parent(
    mut step: Step,
    bone: usize,
    parent: Option<usize>,
) -> Result<bool, BoneError> {
    let bones = &step.document.project.rig.skeleton.bones;
    let Some(record) = bones.get(bone) else {
        return Ok(false);
    };
    let name = record.name.clone();
    if record.parent == parent {
        return Ok(false);
    }
    let parent_name = match parent {
        Some(p) => {
            let Some(parent_bone) = bones.get(p) else {
                return Ok(false);
            };
            if in_subtree(bones, bone, p) {
                return Err(BoneError::Cycle {
                    parent: parent_bone.name.clone(),
                    bone: name,
                    itself: p == bone,
                });
            }
            Some(parent_bone.name.clone())
        }
        None => None,
    };
    step.document.apply(Edit::SetParent {
        name: name.clone(),
        parent: parent_name.clone(),
    })?;
    step.status = match parent_name {
        Some(p) => format!("\"{name}\" is now a child of \"{p}\""),
        None => format!("\"{name}\" is now a root bone"),
    };
    step.commit();
    Ok(true)
}

/// Adds a bone from `head` to `tail` (image pixels), a child of the selected bone, and selects
/// it; then recomputes weights. Inside the undo step the caller has open (the bone tool's, or
/// [`crate::actions::bone::BoneCommand::Add`]'s).
pub(crate) fn add_bone(editor: &mut Editor, head: DVec2, tail: DVec2) -> Result<(), BoneError> {
    let bones = &editor.document.project.rig.skeleton.bones;
    let name = (1..)
        .map(|i| format!("bone{i}"))
        .find(|n| bones.iter().all(|b| &b.name != n))
        .unwrap_or_else(|| "bone".into());
    let parent = editor
        .selection
        .bone()
        .and_then(|b| bones.get(b))
        .map(|b| b.name.clone());
    let record = BoneRecord {
        inherit: Default::default(),
        name,
        parent,
        head: head.to_array(),
        tail: tail.to_array(),
        smoothness: None,
        deform: true,
    };
    editor.document.apply(Edit::AddBone(record))?;
    let added = editor.document.project.rig.skeleton.bones.len() - 1;
    editor.selection.set_bone(Some(added));
    editor.recompute_weights();
    Ok(())
}

/// Deletes the selected bones (Delete), one undo step; nothing when one is refused. `false` with
/// none selected.
pub(crate) fn delete_selected(mut step: Step) -> Result<bool, BoneError> {
    let names: Vec<String> = step
        .selection
        .bones()
        .iter()
        .filter_map(|&b| step.rig().bone_name(b))
        .collect();
    if names.is_empty() {
        return Ok(false);
    }
    for name in names {
        // A bone whose parent went first may have gone with it.
        let exists = step
            .document
            .project
            .rig
            .skeleton
            .bones
            .iter()
            .any(|b| b.name == name);
        if exists {
            step.document.apply(Edit::RemoveBone { name })?;
        }
    }
    step.selection.set_bone(None);
    step.commit();
    Ok(true)
}

/// Renames bone `bone` to `to` (one undo step); `false` when it has that name already.
pub(crate) fn rename(mut step: Step, bone: usize, to: &str) -> Result<bool, BoneError> {
    match step.rig().bone_name(bone) {
        Some(from) if from != to => {
            step.document.apply(Edit::RenameBone {
                from,
                to: to.to_string(),
            })?;
            step.commit();
            Ok(true)
        }
        _ => Ok(false),
    }
}

/// Selects the bone `step` places after the selected one of `bones`, wrapping; with none
/// selected, the first (forwards) or the last (backwards).
pub(crate) fn select_bone_after(selection: &mut Selection, bones: usize, step: isize) {
    if bones == 0 {
        return;
    }
    let next = match selection.bone() {
        Some(b) => (b as isize + step).rem_euclid(bones as isize) as usize,
        None if step >= 0 => 0,
        None => bones - 1,
    };
    selection.set_bone(Some(next));
}
