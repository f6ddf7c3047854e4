//! The posing tool (Animate mode): drag a bone to rotate it about its posed head, or with Shift
//! held at the press (or when it is an IK target) to move it; either is keyed at the playhead of the
//! current clip. The bone pressed (else the selected one) becomes the selected bone.
//!
//! Rotating follows the pointer's angle around the pivot: the turn is
//! angle(pointer − pivot) − angle(press − pivot). A press nearer the pivot than [`LEVER`] screen
//! points grabs a virtual lever point that far out (in the press's direction, else along the bone)
//! and the pointer moves that point, so starting near the pivot does not jump. Shift held during a
//! rotation snaps the bone's rotation to multiples of [`SNAP_DEGREES`].

use glam::{DMat2, DVec2};

use super::{Press, Tool};
use crate::editor::Editor;

/// The least lever radius of a rotation, in screen points.
pub const LEVER: f64 = 40.0;
/// Shift during a rotation snaps the rotation to multiples of this many degrees.
pub const SNAP_DEGREES: f64 = 15.0;

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
    /// Rotating about the posed head `pivot`: the lever point's angle and the keyed rotation
    /// (degrees) when the drag began; `offset` is added to the pointer to give the lever point
    /// (zero unless the press was nearer the pivot than [`LEVER`]).
    Rotate {
        pivot: DVec2,
        offset: DVec2,
        start_angle: f64,
        start_degrees: f64,
        /// The turn so far (radians), followed continuously past half a turn.
        turn: f64,
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
        // An IK target sits on its chain's tip, where a child bone may start too: within reach,
        // the target is what the press takes.
        let bone = editor
            .ik_target_at(&frame.palette, point, editor.bone_reach())
            .or_else(|| editor.bone_at(&frame.palette, point, editor.bone_reach()))
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
            let (head, tail) = (record.head(), record.tail());
            let posed = |p: DVec2| frame.palette.get(bone).map_or(p, |m| m.transform_point2(p));
            let pivot = posed(head);
            let lever = LEVER / editor.camera.zoom.max(1e-9);
            let arm = point - pivot;
            let grab = if arm.length() >= lever {
                point
            } else {
                let along = (posed(tail) - pivot).try_normalize().unwrap_or(DVec2::X);
                pivot + arm.try_normalize().unwrap_or(along) * lever
            };
            Posing::Rotate {
                pivot,
                offset: grab - point,
                start_angle: (grab - pivot).to_angle(),
                start_degrees: editor.keyed_rotation(bone),
                turn: 0.0,
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
        match &mut self.how {
            Posing::Rotate {
                pivot,
                offset,
                start_angle,
                start_degrees,
                turn,
            } => {
                let arm = point + *offset - *pivot;
                if arm.length_squared() == 0.0 {
                    return;
                }
                // The nearest turn to the last one with this angle: going round the pivot keeps
                // turning instead of jumping back by a whole turn.
                let raw = arm.to_angle() - *start_angle;
                let whole = ((*turn - raw) / std::f64::consts::TAU).round();
                *turn = raw + whole * std::f64::consts::TAU;
                // Image y points down: a growing angle turns clockwise on screen.
                let mut degrees = *start_degrees - turn.to_degrees();
                if editor.drag_shift {
                    degrees = (degrees / SNAP_DEGREES).round() * SNAP_DEGREES;
                }
                editor.key_rotation(self.bone, degrees);
            }
            Posing::Move {
                start_point,
                start_translate,
                to_parent,
            } => {
                let translate = *start_translate + *to_parent * (point - *start_point);
                editor.key_translation(self.bone, translate);
            }
        }
    }

    fn finish(self, _editor: &mut Editor) {}

    fn cancel(self, editor: &mut Editor) {
        editor.selected_bone = self.selected_before;
    }
}
