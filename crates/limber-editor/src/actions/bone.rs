//! The bone commands of the skeleton list and the bone inspector: selection, name, parent, rest
//! geometry, deform, weight lock and smoothness. Carried out by `editor.rs`, `hierarchy.rs`,
//! `bind_pose.rs` and `weighting.rs`.

use glam::DVec2;
use limber_core::edit::Edit;

use crate::editor::Editor;

/// One edit of a bone (known by its index) or of the bone selection.
#[derive(Debug, Clone, PartialEq)]
pub enum BoneCommand {
    /// Selects `bone` alone (`None`: no bone).
    Select {
        bone: Option<usize>,
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
            Self::ToggleSelected { .. } => "add or remove bone from the selection",
            Self::Rename { .. } => "rename bone",
            Self::SetParent { .. } => "set parent",
            Self::Move { .. } => "move bone",
            Self::SetDeform { .. } => "set deform",
            Self::SetLocked { .. } => "lock weights",
            Self::SetSmoothness { .. } => "set bone smoothness",
        }
    }

    /// Carries the edit out; whether anything changed.
    pub(crate) fn run(self, editor: &mut Editor) -> bool {
        match self {
            Self::Select { bone } => {
                editor.select_bone(bone);
                true
            }
            Self::ToggleSelected { bone } => {
                editor.toggle_bone_selection(bone);
                true
            }
            Self::Rename { bone, to } => editor.rename_bone(bone, &to),
            Self::SetParent { bone, parent } => editor.set_parent(bone, parent),
            Self::Move { bone, head, tail } => editor.move_bone(bone, head, tail),
            Self::SetDeform { bone, on } => editor.set_bone_deform(bone, on),
            Self::SetLocked { bone, on } => {
                editor.set_locked(bone, on);
                true
            }
            Self::SetSmoothness { bone, smoothness } => {
                let Some(name) = editor.bone_name(bone) else {
                    return false;
                };
                let applied = editor.apply(Edit::SetSmoothness {
                    name,
                    smoothness: Some(smoothness),
                });
                if applied {
                    editor.recompute_weights();
                }
                applied
            }
        }
    }
}
