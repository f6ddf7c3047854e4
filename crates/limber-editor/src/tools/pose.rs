//! The posing tool (Animate mode): drag a bone to rotate it about its posed head, or with Shift
//! held (or when it is an IK target) to move it; either is keyed at the playhead of the current clip. The bone pressed (else the
//! selected one) becomes the selected bone.

use glam::{DMat2, DVec2};

use super::{Press, Tool};
use crate::editor::Editor;

/// A bone being posed.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PoseDrag {
    pub bone: usize,
    pub how: Posing,
    /// The selected bone before the press (put back when the drag is cancelled).
    selected_before: Option<usize>,
}

/// How the pointer poses the bone.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Posing {
    /// Rotating about the posed head `pivot`: the pointer's angle and the keyed rotation (degrees)
    /// when the drag began.
    Rotate {
        pivot: DVec2,
        start_angle: f64,
        start_degrees: f64,
    },
    /// Moving (Shift): the pointer where the drag began, the keyed translation then, and the
    /// inverse of the parent's linear world transform (pointer motion → parent frame).
    Move {
        start_point: DVec2,
        start_translate: DVec2,
        to_parent: DMat2,
    },
}

impl Tool for PoseDrag {
    fn start(editor: &mut Editor, press: Press) -> Option<Self> {
        let frame = editor.frame()?;
        let point = press.point;
        let bone = editor
            .bone_at(&frame.palette, point, editor.bone_reach())
            .or(editor.selected_bone)?;
        let record = editor.document.project.rig.skeleton.bones.get(bone)?;
        // An IK target moves rather than turns, so that the chain follows it.
        let how = if press.shift || editor.is_ik_target(bone) {
            let to_parent = record
                .parent
                .and_then(|p| frame.world.get(p))
                .map_or(DMat2::IDENTITY, |w| w.matrix2.inverse());
            Posing::Move {
                start_point: point,
                start_translate: editor.keyed_translation(bone),
                to_parent,
            }
        } else {
            let head = record.head();
            let pivot = frame
                .palette
                .get(bone)
                .map_or(head, |m| m.transform_point2(head));
            Posing::Rotate {
                pivot,
                start_angle: (point - pivot).to_angle(),
                start_degrees: editor.keyed_rotation(bone),
            }
        };
        let selected_before = editor.selected_bone;
        editor.selected_bone = Some(bone);
        Some(Self {
            bone,
            how,
            selected_before,
        })
    }

    fn drag_to(&mut self, editor: &mut Editor, point: DVec2) {
        match self.how {
            Posing::Rotate {
                pivot,
                start_angle,
                start_degrees,
            } => {
                let angle = (point - pivot).to_angle();
                // Image y points down: a growing angle turns clockwise on screen.
                let degrees = start_degrees - (angle - start_angle).to_degrees();
                editor.key_rotation(self.bone, degrees);
            }
            Posing::Move {
                start_point,
                start_translate,
                to_parent,
            } => {
                let translate = start_translate + to_parent * (point - start_point);
                editor.key_translation(self.bone, translate);
            }
        }
    }

    fn finish(self, _editor: &mut Editor) {}

    fn cancel(self, editor: &mut Editor) {
        editor.selected_bone = self.selected_before;
    }
}
