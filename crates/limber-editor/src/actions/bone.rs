//! The bone commands of the skeleton list and the bone inspector: selection, a new bone, name,
//! parent, rest geometry, deform, inheritance, weight lock and smoothness. Carried out by the bones feature
//! (`hierarchy.rs`, `bind_pose.rs`), returning its [`BoneError`].

use glam::DVec2;
use limber_core::edit::Edit;
use limber_core::inherit::Inherit;

use crate::bind_pose;
use crate::editor::Editor;
use crate::hierarchy::{self, BoneError};

/// One edit of a bone (known by its index) or of the bone selection.
#[derive(Debug, Clone, PartialEq)]
pub enum BoneCommand {
    /// Selects `bone` alone (`None`: no bone).
    Select {
        bone: Option<usize>,
    },
    /// Adds a bone from `head` to `tail` (image pixels), a child of the selected bone, selected;
    /// weights recomputed (one undo step).
    Add {
        head: DVec2,
        tail: DVec2,
    },
    /// Adds `bone` to the selection, or takes it out.
    ToggleSelected {
        bone: usize,
    },
    Rename {
        bone: usize,
        to: String,
    },
    SetParent {
        bone: usize,
        parent: Option<usize>,
    },
    /// Its rest head and tail (image pixels).
    Move {
        bone: usize,
        head: DVec2,
        tail: DVec2,
    },
    /// Whether it deforms (weights recomputed with it).
    SetDeform {
        bone: usize,
        on: bool,
    },
    /// What it takes of its parent's transform (refused on a bone a constraint moves).
    SetInherit {
        bone: usize,
        inherit: Inherit,
    },
    /// Whether its weights are locked (editor state, no undo step).
    SetLocked {
        bone: usize,
        on: bool,
    },
    /// Its own smoothness of the automatic weights (pixels); weights recomputed.
    SetSmoothness {
        bone: usize,
        smoothness: f64,
    },
}

impl BoneCommand {
    /// What it does, in a few words.
    pub fn name(&self) -> &'static str {
        match self {
            Self::Select { .. } => "select bone",
            Self::Add { .. } => "add bone",
            Self::ToggleSelected { .. } => "add or remove bone from the selection",
            Self::Rename { .. } => "rename bone",
            Self::SetParent { .. } => "set parent",
            Self::Move { .. } => "move bone",
            Self::SetDeform { .. } => "set deform",
            Self::SetInherit { .. } => "set inheritance",
            Self::SetLocked { .. } => "lock weights",
            Self::SetSmoothness { .. } => "set bone smoothness",
        }
    }

    /// Carries the edit out; whether anything changed, or why not.
    pub(crate) fn run(self, editor: &mut Editor) -> Result<bool, BoneError> {
        match self {
            Self::Select { bone } => editor.selection.set_bone(bone),
            Self::Add { head, tail } => {
                let mut step = editor.step();
                hierarchy::add_bone(&mut step, head, tail)?;
                step.commit();
            }
            Self::ToggleSelected { bone } => editor.selection.toggle_bone(bone),
            Self::Rename { bone, to } => return hierarchy::rename(editor.step(), bone, &to),
            Self::SetParent { bone, parent } => {
                return hierarchy::set_parent(editor.step(), bone, parent);
            }
            Self::Move { bone, head, tail } => {
                return bind_pose::move_bone(editor.step(), bone, head, tail);
            }
            Self::SetDeform { bone, on } => {
                return bind_pose::set_bone_deform(editor.step(), bone, on);
            }
            Self::SetInherit { bone, inherit } => {
                return bind_pose::set_bone_inherit(editor.step(), bone, inherit);
            }
            Self::SetLocked { bone, on } => editor.tools.set_locked(bone, on),
            Self::SetSmoothness { bone, smoothness } => {
                let Some(name) = editor.rig().bone_name(bone) else {
                    return Ok(false);
                };
                editor.document.apply(Edit::SetSmoothness {
                    name,
                    smoothness: Some(smoothness),
                })?;
                editor.recompute_weights();
            }
        }
        Ok(true)
    }
}
