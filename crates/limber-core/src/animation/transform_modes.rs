//! How a transform constraint moves its bone, in each of Spine's four modes, computed as spine-core
//! 4.2 does, in limber's frame (y down; Spine's is limber's with y negated, same origin):
//!
//! - **Absolute, world** (the mode of every version): the bone's world rotation turns toward the
//!   source's (plus the offset), its head moves toward the source's offset point, its world scale
//!   along and across moves toward the source's (plus the offsets), its world y axis turns so that
//!   the shear between its axes moves toward the source's (plus the offset), each by its mix.
//! - **Relative, world**: the bone's world rotation turns by the source's world rotation (plus the
//!   offset), its head moves by the source's offset point taken from the image's origin, its world
//!   scale is multiplied by 1 plus the mixed difference of the source's from 1 (plus the offsets),
//!   its shear grows by the source's (plus the offset).
//! - **Local** (absolute or relative): the same on the bones' local values — rotation, position in
//!   the parent's frame and scale, rest included (a limber bone's local rotation is its rest angle
//!   plus its rotation offset, as Spine's setup pose has it). Absolute moves each toward the
//!   source's, relative adds the source's. Absolute local scale keeps Spine's arithmetic as it is:
//!   the mixed scale divided by the bone's own (the same where the bone's own scale is 1).
//!
//! Each result is written back as the bone's own offsets, so its children follow; a world shear as
//! the bone's shear y, the world transform reached exactly ([`offset_reaching_exactly`]).

use glam::{DMat2, DVec2};

use super::spine_world::{SpineWorld, from_spine, offset_reaching_exactly, to_spine};
use super::transform::{TransformConstraint, wrap_angle};
use crate::pose::{Pose, PoseSolver};
use crate::skeleton::Skeleton;

/// One transform constraint in its mode: world or local, absolute or relative.
pub fn apply_transform(
    solver: &PoseSolver,
    skeleton: &Skeleton,
    pose: &mut Pose,
    constraint: &TransformConstraint,
) {
    match (constraint.local, constraint.relative) {
        (false, false) => apply_absolute_world(solver, skeleton, pose, constraint),
        (false, true) => apply_relative_world(solver, skeleton, pose, constraint),
        (true, relative) => apply_local(solver, pose, constraint, relative),
    }
}

/// As Spine's absolute world transform constraint computes it: the bone's world rotation turned
/// toward the source's (plus the offset), its head moved toward the source's offset point, its
/// world scale along and across moved toward the source's (plus the offsets), each by its mix;
/// written back as the bone's own offsets, so its children follow.
fn apply_absolute_world(
    solver: &PoseSolver,
    skeleton: &Skeleton,
    pose: &mut Pose,
    constraint: &TransformConstraint,
) {
    let world = solver.world(pose);
    let (bone, source) = (world[constraint.bone], world[constraint.source]);
    let offsets = &constraint.offsets;
    if constraint.rotate_mix > 0.0 {
        // Counter-clockwise on screen is a negative angle in the y-down frame; Spine turns the offset
        // the other way for a mirrored source.
        let mirrored = if source.matrix2.determinant() < 0.0 {
            -1.0
        } else {
            1.0
        };
        let wanted = bone.matrix2.x_axis.angle_to(source.matrix2.x_axis)
            - offsets.rotate.to_radians() * mirrored;
        let turn = wrap_angle(wanted) * constraint.rotate_mix;
        // A bone scaled to nothing has no direction to turn from or to, and is left as it is.
        if turn.is_finite() {
            pose.bones[constraint.bone].rotate -= turn;
        }
    }
    let translate_mix = DVec2::new(constraint.translate_mix, constraint.translate_mix_y);
    if translate_mix != DVec2::ZERO {
        let goal = source.transform_point2(DVec2::from(offsets.translate));
        let shift = (goal - bone.translation) * translate_mix;
        // Offsets translate along the parent's axes.
        let axes: DMat2 = skeleton.bones[constraint.bone]
            .parent
            .map_or(DMat2::IDENTITY, |p| world[p].matrix2);
        let local = axes.inverse() * shift;
        // A parent scaled to nothing (a zero scale key) has collapsed axes: no offset along
        // them reaches the source, so the bone is left where it is rather than sent to NaN.
        if local.is_finite() {
            let t = &mut pose.bones[constraint.bone].translate;
            *t = (DVec2::from(*t) + local).to_array();
        }
    }
    let scale_mix = DVec2::new(constraint.scale_mix, constraint.scale_mix_y);
    if scale_mix != DVec2::ZERO {
        // World scale along the bone and across it: the lengths of its frame's axes.
        let world = solver.world(pose);
        let (bone, source) = (world[constraint.bone], world[constraint.source]);
        let axes = |m: &DMat2| DVec2::new(m.x_axis.length(), m.y_axis.length());
        let (own, wanted) = (axes(&bone.matrix2), axes(&source.matrix2));
        let goal = own + (wanted - own + DVec2::from(offsets.scale)) * scale_mix;
        // An axis scaled to nothing cannot be scaled back by a factor: it is left as it is.
        let factor = DVec2::select(own.cmpeq(DVec2::ZERO), DVec2::ONE, goal / own);
        if factor.is_finite() {
            let scale = &mut pose.bones[constraint.bone].scale;
            *scale = (DVec2::from(*scale) * factor).to_array();
        }
    }
    apply_world_shear(solver, pose, constraint, false);
}

/// Relative world mode (Spine's `applyRelativeWorld`).
pub fn apply_relative_world(
    solver: &PoseSolver,
    skeleton: &Skeleton,
    pose: &mut Pose,
    constraint: &TransformConstraint,
) {
    let world = solver.world(pose);
    let source = world[constraint.source];
    let offsets = &constraint.offsets;
    let bone_pose = &mut pose.bones[constraint.bone];
    if constraint.rotate_mix != 0.0 {
        let mirrored = if source.matrix2.determinant() < 0.0 {
            -1.0
        } else {
            1.0
        };
        // The source's world angle (y down), less the counter-clockwise offset.
        let wanted =
            DVec2::X.angle_to(source.matrix2.x_axis) - offsets.rotate.to_radians() * mirrored;
        let turn = wrap_angle(wanted) * constraint.rotate_mix;
        if turn.is_finite() {
            bone_pose.rotate -= turn;
        }
    }
    let translate_mix = DVec2::new(constraint.translate_mix, constraint.translate_mix_y);
    if translate_mix != DVec2::ZERO {
        let shift = source.transform_point2(DVec2::from(offsets.translate)) * translate_mix;
        let axes: DMat2 = skeleton.bones[constraint.bone]
            .parent
            .map_or(DMat2::IDENTITY, |p| world[p].matrix2);
        let local = axes.inverse() * shift;
        if local.is_finite() {
            bone_pose.translate = (DVec2::from(bone_pose.translate) + local).to_array();
        }
    }
    let scale_mix = DVec2::new(constraint.scale_mix, constraint.scale_mix_y);
    let lengths = DVec2::new(
        source.matrix2.x_axis.length(),
        source.matrix2.y_axis.length(),
    );
    let factor = (lengths - DVec2::ONE + DVec2::from(offsets.scale)) * scale_mix + DVec2::ONE;
    if scale_mix != DVec2::ZERO && factor.is_finite() {
        bone_pose.scale = (DVec2::from(bone_pose.scale) * factor).to_array();
    }
    apply_world_shear(solver, pose, constraint, true);
}

/// The shear between the bone's world axes, as Spine's world modes mix it (the last of their
/// steps): the y axis turned, its length kept, so that the angle from the x axis to it moves toward
/// the source's (absolute) or grows by the source's beyond a right angle (relative), plus the
/// offset, by the shear mix. Angles in Spine's frame (counter-clockwise on screen).
fn apply_world_shear(
    solver: &PoseSolver,
    pose: &mut Pose,
    constraint: &TransformConstraint,
    relative: bool,
) {
    let mix = constraint.shear_mix;
    let Some(rest) = solver.local_rest(constraint.bone) else {
        return;
    };
    if mix <= 0.0 {
        return;
    }
    let world = solver.world(pose);
    let (own, source) = (
        to_spine(&world[constraint.bone]),
        to_spine(&world[constraint.source]),
    );
    // The offset turns the other way for a mirrored source, as the rotation's does.
    let reflect = if source.a * source.d - source.b * source.c > 0.0 {
        1.0
    } else {
        -1.0
    };
    let offset = constraint.offsets.shear.to_radians() * reflect;
    let between = |w: &SpineWorld| w.d.atan2(w.b) - w.c.atan2(w.a);
    let y_angle = own.d.atan2(own.b);
    let turned = if relative {
        y_angle + (wrap_angle(between(&source)) - std::f64::consts::FRAC_PI_2 + offset) * mix
    } else {
        y_angle + (wrap_angle(between(&source) - between(&own)) + offset) * mix
    };
    let length = own.b.hypot(own.d);
    let sheared = SpineWorld {
        b: turned.cos() * length,
        d: turned.sin() * length,
        ..own
    };
    let offsets = pose.bones[constraint.bone];
    if let Some(reached) = offset_reaching_exactly(
        rest,
        &world[constraint.bone],
        offsets,
        &from_spine(&sheared),
    ) {
        pose.bones[constraint.bone] = reached;
    }
}

/// A bone's local values as Spine has them, in limber's frame: rotation (degrees, counter-clockwise
/// on screen, rest included), position in its parent's frame (rest included), scale and the y
/// axis's shear (a rest pose has none).
#[derive(Debug, Clone, Copy)]
struct Local {
    rotation: f64,
    position: DVec2,
    scale: DVec2,
    /// The shear of the y axis (radians, counter-clockwise on screen: Spine's `shearY`).
    shear: f64,
    /// The rest angle (degrees, y down) and position, to write offsets back.
    rest_angle: f64,
    rest_position: DVec2,
}

fn local_of(solver: &PoseSolver, pose: &Pose, bone: usize) -> Local {
    let rest = solver.local_rest(bone).unwrap_or_default();
    let offset = pose.bones.get(bone).copied().unwrap_or_default();
    let rest_angle = DVec2::X.angle_to(rest.matrix2.x_axis).to_degrees();
    Local {
        rotation: offset.rotate.to_degrees() - rest_angle,
        position: rest.translation + DVec2::from(offset.translate),
        scale: DVec2::from(offset.scale),
        shear: offset.shear[1],
        rest_angle,
        rest_position: rest.translation,
    }
}

/// Local mode, absolute or relative (Spine's `applyAbsoluteLocal` / `applyRelativeLocal`).
pub fn apply_local(
    solver: &PoseSolver,
    pose: &mut Pose,
    constraint: &TransformConstraint,
    relative: bool,
) {
    let (own, source) = (
        local_of(solver, pose, constraint.bone),
        local_of(solver, pose, constraint.source),
    );
    let offsets = &constraint.offsets;
    let offset_position = DVec2::from(offsets.translate);
    let offset_scale = DVec2::from(offsets.scale);
    let translate_mix = DVec2::new(constraint.translate_mix, constraint.translate_mix_y);
    let scale_mix = DVec2::new(constraint.scale_mix, constraint.scale_mix_y);
    let offset_shear = offsets.shear.to_radians();
    let shear_mix = constraint.shear_mix;
    let (rotation, position, scale, shear) = if relative {
        (
            own.rotation + (source.rotation + offsets.rotate) * constraint.rotate_mix,
            own.position + (source.position + offset_position) * translate_mix,
            own.scale * ((source.scale - DVec2::ONE + offset_scale) * scale_mix + DVec2::ONE),
            own.shear + (source.shear + offset_shear) * shear_mix,
        )
    } else {
        let rotation = own.rotation
            + (source.rotation - own.rotation + offsets.rotate) * constraint.rotate_mix;
        let position =
            own.position + (source.position - own.position + offset_position) * translate_mix;
        let mixed = (own.scale + (source.scale - own.scale + offset_scale) * scale_mix) / own.scale;
        // Spine leaves an axis alone when its mix or its own scale is 0.
        let keep = scale_mix.cmpeq(DVec2::ZERO) | own.scale.cmpeq(DVec2::ZERO);
        let shear = own.shear + (source.shear - own.shear + offset_shear) * shear_mix;
        (
            rotation,
            position,
            DVec2::select(keep, own.scale, mixed),
            shear,
        )
    };
    if !(rotation.is_finite() && position.is_finite() && scale.is_finite() && shear.is_finite()) {
        return;
    }
    let bone_pose = &mut pose.bones[constraint.bone];
    bone_pose.rotate = (rotation + own.rest_angle).to_radians();
    bone_pose.translate = (position - own.rest_position).to_array();
    bone_pose.scale = scale.to_array();
    bone_pose.shear[1] = shear;
}
