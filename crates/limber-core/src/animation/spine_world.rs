//! A bone's world transform in Spine's frame (x right, y up: limber's image frame with y negated,
//! same origin), the conversions both ways, and the offset that puts a bone at a world transform a
//! Spine-style constraint computed. Physics and path constraints work in this frame, so that a
//! Spine export evaluates them as limber does.

use glam::{DAffine2, DVec2};

use crate::pose::BonePose;

/// A bone's world transform in Spine's frame: `[a b; c d]` maps the bone's axes to the world,
/// `(x, y)` is its origin.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SpineWorld {
    pub a: f64,
    pub b: f64,
    pub c: f64,
    pub d: f64,
    pub x: f64,
    pub y: f64,
}

impl SpineWorld {
    pub(crate) fn scale_x(&self) -> f64 {
        (self.a * self.a + self.c * self.c).sqrt()
    }

    /// Turns both axes by `angle` (radians, counter-clockwise).
    pub(crate) fn rotate_axes(&mut self, angle: f64) {
        let (s, c) = angle.sin_cos();
        let (a, b) = (self.a, self.b);
        self.a = c * a - s * self.c;
        self.c = s * a + c * self.c;
        self.b = c * b - s * self.d;
        self.d = s * b + c * self.d;
    }
}

/// An image-frame world transform in Spine's frame (y negated on both sides).
pub(crate) fn to_spine(m: &DAffine2) -> SpineWorld {
    SpineWorld {
        a: m.matrix2.x_axis.x,
        b: -m.matrix2.y_axis.x,
        c: -m.matrix2.x_axis.y,
        d: m.matrix2.y_axis.y,
        x: m.translation.x,
        y: -m.translation.y,
    }
}

pub(crate) fn from_spine(w: &SpineWorld) -> DAffine2 {
    DAffine2::from_cols(
        DVec2::new(w.a, -w.c),
        DVec2::new(-w.b, w.d),
        DVec2::new(w.x, -w.y),
    )
}

/// The offset that gives a bone whose world transform is `world` under `offset` (its local rest
/// transform `rest`) the world transform `target` instead, its shear kept (physics turns, moves and
/// stretches along the bone, which leaves it; shear between the axes that the target has beyond it
/// is dropped); `None` when the bone is scaled to nothing.
pub(crate) fn offset_reaching(
    rest: DAffine2,
    world: &DAffine2,
    offset: BonePose,
    target: &DAffine2,
) -> Option<BonePose> {
    reaching(rest, world, offset, target, false)
}

/// [`offset_reaching`], the target's shear between the axes kept too (as the bone's shear y): the
/// bone reaches `target` exactly, whatever its parent's scale. A path constraint sets each bone's
/// world transform outright, as Spine does, so a bone below one it stretched along its length
/// reaches its place only so.
pub(crate) fn offset_reaching_exactly(
    rest: DAffine2,
    world: &DAffine2,
    offset: BonePose,
    target: &DAffine2,
) -> Option<BonePose> {
    reaching(rest, world, offset, target, true)
}

fn reaching(
    rest: DAffine2,
    world: &DAffine2,
    offset: BonePose,
    target: &DAffine2,
    exact: bool,
) -> Option<BonePose> {
    let own = offset.local_offset();
    if own.matrix2.determinant().abs() < 1e-12 || rest.matrix2.determinant().abs() < 1e-12 {
        return None;
    }
    // world = parent · translate(offset) · rest · own, so parent · translate(offset) is:
    let above = *world * own.inverse() * rest.inverse();
    let local = above.inverse() * *target;
    let moved = local.translation - rest.translation;
    let linear = rest.matrix2.inverse() * local.matrix2;
    // linear = rotate(φ) · shear · scale(sx, sy), φ = −rotate: the x axis points at φ − shear x,
    // the y axis along rotate(φ − shear y) of (0, 1); sx keeps the sign it had.
    let [shear_x, shear_y] = offset.shear;
    let sign = if offset.scale[0] < 0.0 { -1.0 } else { 1.0 };
    let x_axis = linear.x_axis * sign;
    let x_angle = x_axis.y.atan2(x_axis.x);
    let scale_x = sign * x_axis.length();
    let (scale_y, shear_y) = if exact {
        // The y axis is rotate(φ − shear y) of (0, sy), φ = x_angle + shear x; sy keeps the
        // shear within a quarter turn.
        use std::f64::consts::{FRAC_PI_2, PI, TAU};
        let wrap = |a: f64| a - (a / TAU).round() * TAU;
        let theta = (-linear.y_axis.x).atan2(linear.y_axis.y);
        let shear = wrap(x_angle + shear_x - theta);
        let length = linear.y_axis.length();
        if shear.abs() > FRAC_PI_2 {
            (-length, wrap(shear + PI))
        } else {
            (length, shear)
        }
    } else {
        let y_angle = x_angle + shear_x - shear_y;
        (
            linear.y_axis.dot(DVec2::new(-y_angle.sin(), y_angle.cos())),
            shear_y,
        )
    };
    let turn = -x_angle - shear_x - offset.rotate;
    let turn = turn - (turn / std::f64::consts::TAU).round() * std::f64::consts::TAU;
    let reached = BonePose {
        rotate: offset.rotate + turn,
        translate: [offset.translate[0] + moved.x, offset.translate[1] + moved.y],
        scale: [scale_x, scale_y],
        shear: [shear_x, shear_y],
        inherit: offset.inherit,
    };
    [
        reached.rotate,
        reached.translate[0],
        reached.translate[1],
        scale_x,
        scale_y,
    ]
    .iter()
    .all(|v| v.is_finite())
    .then_some(reached)
}
