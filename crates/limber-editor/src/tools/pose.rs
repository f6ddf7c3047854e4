//! The posing tool (Animate mode): drag a bone to rotate it about its posed head, or with Shift
//! held at the press (or when it is an IK target) to move it; either is keyed at the playhead of the
//! current clip. The bone pressed (else the selected one) becomes the selected bone; a press on one
//! of several selected bones poses all of them alike (each turns about its own head by the same
//! angle, or moves by the same pointer motion in its parent's frame), in the one undo step.
//!
//! Rotating follows the pointer's angle around the pivot: the turn is
//! angle(pointer − pivot) − angle(press − pivot). A press nearer the pivot than [`LEVER`] screen
//! points grabs a virtual lever point that far out (in the press's direction, else along the bone)
//! and the pointer moves that point, so starting near the pivot does not jump. Shift held during a
//! rotation snaps the bone's rotation to multiples of [`SNAP_DEGREES`].

use glam::{DMat2, DVec2};

pub use super::drag_state::{Follower, PoseDrag, Posing};
use super::{Press, Tool};
use crate::bone_keys::{self, KeyedChannels};
use crate::editor::Editor;
use limber_core::frame::Frame;

/// The inverse of `bone`'s parent's linear world transform in `frame` (pointer motion → the
/// parent's frame).
fn to_parent(editor: &Editor, frame: &Frame, bone: usize) -> DMat2 {
    editor
        .document
        .project
        .rig
        .skeleton
        .bones
        .get(bone)
        .and_then(|r| r.parent)
        .and_then(|p| frame.world.get(p))
        .map_or(DMat2::IDENTITY, |w| w.matrix2.inverse())
}

/// The least lever radius of a rotation, in screen points.
pub const LEVER: f64 = 40.0;
/// Shift during a rotation snaps the rotation to multiples of this many degrees.
pub const SNAP_DEGREES: f64 = 15.0;

impl Tool for PoseDrag {
    fn start(editor: &mut Editor, press: Press) -> Option<Self> {
        let frame = editor.frame()?;
        let point = press.point;
        // An IK target sits on its chain's tip, where a child bone may start too: within reach,
        // the target is what the press takes.
        let rig = editor.rig();
        let bone = rig
            .ik_target_at(&frame.palette, point, editor.bone_reach())
            .or_else(|| rig.bone_at(&frame.palette, point, editor.bone_reach()))
            .or(editor.selection().bone())?;
        let record = editor.document.project.rig.skeleton.bones.get(bone)?;
        // An IK target moves rather than turns, so that the chain follows it.
        let how = if press.shift || editor.rig().is_ik_target(bone) {
            Posing::Move {
                start_point: point,
                start_translate: editor.bone_keys(bone).translation(),
                to_parent: to_parent(editor, &frame, bone),
            }
        } else {
            let (head, tail) = (record.head(), record.tail());
            let posed = |p: DVec2| frame.palette.get(bone).map_or(p, |m| m.transform_point2(p));
            let pivot = posed(head);
            let lever = LEVER / editor.view().camera().zoom.max(1e-9);
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
                start_degrees: editor.bone_keys(bone).rotation(),
                turn: 0.0,
            }
        };
        let (selection_before, others) = super::grab_bone(editor, bone);
        let others = others
            .into_iter()
            .map(|b| Follower {
                bone: b,
                start_degrees: editor.bone_keys(b).rotation(),
                start_translate: editor.bone_keys(b).translation(),
                to_parent: to_parent(editor, &frame, b),
            })
            .collect();
        Some(Self {
            bone,
            how,
            others,
            selection_before,
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
                if editor.tools().drag_shift() {
                    degrees = (degrees / SNAP_DEGREES).round() * SNAP_DEGREES;
                }
                let _ = bone_keys::key_channels(
                    editor.step(),
                    self.bone,
                    KeyedChannels::rotate(degrees),
                );
                // The others turn by the same angle, each about its own head.
                let change = degrees - *start_degrees;
                for f in &self.others {
                    let degrees = f.start_degrees + change;
                    let _ = bone_keys::key_channels(
                        editor.step(),
                        f.bone,
                        KeyedChannels::rotate(degrees),
                    );
                }
            }
            Posing::Move {
                start_point,
                start_translate,
                to_parent,
            } => {
                let moved = point - *start_point;
                let to = *start_translate + *to_parent * moved;
                let _ = bone_keys::key_channels(
                    editor.step(),
                    self.bone,
                    KeyedChannels::translate(to.to_array()),
                );
                for f in &self.others {
                    let to = f.start_translate + f.to_parent * moved;
                    let _ = bone_keys::key_channels(
                        editor.step(),
                        f.bone,
                        KeyedChannels::translate(to.to_array()),
                    );
                }
            }
        }
    }

    fn finish(self, _editor: &mut Editor) {}

    fn cancel(self, editor: &mut Editor) {
        editor.selection = self.selection_before;
    }
}
