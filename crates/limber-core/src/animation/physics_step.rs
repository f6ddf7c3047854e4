//! One update of one physics constraint: Spine 4.2's model, in Spine's frame (x right, y up), so a
//! Spine export evaluates it as limber does.
//!
//! The constraint keeps, between updates, an offset and a velocity for each moved property (x, y,
//! rotation (which also shears the x axis when `shear_x` is set), scale along the bone) and where the
//! bone was. Each update:
//! 1. *Inertia*: the bone's own movement since the last update pushes the offsets the other way (a
//!    bone that moves right leaves its x offset behind), each push at most `limit × delta`.
//! 2. *Integration*: for every whole `step` of time accumulated, each offset is pulled back by
//!    `strength`, pushed by wind and gravity, moved by its velocity, and the velocity damped
//!    (`damping` per 1/60 s); what is left of the time waits for the next update.
//! 3. *Apply*: the offsets, scaled by the mixes, move the bone's world transform.
//!
//! The integration order, the clamps and where each quantity is read are Spine's (spine-core
//! 4.2's `PhysicsConstraint.update`), so the two agree to rounding.

use super::physics::PhysicsSettings;
pub use super::spine_world::SpineWorld;

/// Where one constraint stands between updates.
#[derive(Debug, Clone, PartialEq)]
pub struct PhysicsState {
    /// The next update only records where the bone is.
    fresh: bool,
    /// Simulated time not yet integrated (less than a step).
    remaining: f64,
    last_time: f64,
    /// The bone's origin at the last update, before (`u`) and after (`c`) the constraint moved it.
    u: [f64; 2],
    c: [f64; 2],
    /// The bone's x axis × its length after the last update.
    tip: [f64; 2],
    offset: Motion,
    velocity: Motion,
}

/// One value for each property physics moves.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
struct Motion {
    x: f64,
    y: f64,
    rotate: f64,
    scale: f64,
}

impl PhysicsState {
    /// At rest at time `time`: the first update records the bone and moves nothing.
    pub fn at_rest(time: f64) -> Self {
        Self {
            fresh: true,
            remaining: 0.0,
            last_time: time,
            u: [0.0; 2],
            c: [0.0; 2],
            tip: [0.0; 2],
            offset: Motion::default(),
            velocity: Motion::default(),
        }
    }

    /// Advances to `time` and moves `bone` (its length `length` px). `settings.mix` must be > 0.
    pub fn update(&mut self, s: &PhysicsSettings, time: f64, length: f64, bone: &mut SpineWorld) {
        let moves_x = s.x > 0.0;
        let moves_y = s.y > 0.0;
        let turns = s.swings();
        let stretches = s.scale_x > 0.0;
        let delta = (time - self.last_time).max(0.0);
        self.remaining += delta;
        self.last_time = time;
        let (bx, by) = (bone.x, bone.y);
        if self.fresh {
            self.fresh = false;
            self.u = [bx, by];
        } else {
            let step = s.step();
            let inertia = s.inertia;
            let reach = s.limit * delta;
            // Spine's comparisons, which no NaN can upset.
            let clamp = |v: f64| {
                if v > reach {
                    reach
                } else if v < -reach {
                    -reach
                } else {
                    v
                }
            };
            let mut left = self.remaining;
            let mut decay = None;
            let damping_per_step = || s.damping.powf(60.0 * step);
            // Spine multiplies by the inverse mass (not a division: the rounding differs).
            let mass_step = (1.0 / s.mass) * step;
            if moves_x || moves_y {
                if moves_x {
                    self.offset.x += clamp((self.u[0] - bx) * inertia);
                    self.u[0] = bx;
                }
                if moves_y {
                    self.offset.y += clamp((self.u[1] - by) * inertia);
                    self.u[1] = by;
                }
                if left >= step {
                    let d = *decay.get_or_insert_with(damping_per_step);
                    let wind = s.wind * REFERENCE_SCALE;
                    let gravity = s.gravity * REFERENCE_SCALE;
                    loop {
                        if moves_x {
                            self.velocity.x += (wind - self.offset.x * s.strength) * mass_step;
                            self.offset.x += self.velocity.x * step;
                            self.velocity.x *= d;
                        }
                        if moves_y {
                            self.velocity.y -= (gravity + self.offset.y * s.strength) * mass_step;
                            self.offset.y += self.velocity.y * step;
                            self.velocity.y *= d;
                        }
                        left -= step;
                        if left < step {
                            break;
                        }
                    }
                }
                if moves_x {
                    bone.x += self.offset.x * s.mix * s.x;
                }
                if moves_y {
                    bone.y += self.offset.y * s.mix * s.y;
                }
            }
            if turns || stretches {
                let angle = bone.c.atan2(bone.a);
                let dx = clamp(self.c[0] - bone.x);
                let dy = clamp(self.c[1] - bone.y);
                // One offset drives both the turn and the x axis's shear.
                let turn_mix = (s.rotate + s.shear_x) * s.mix;
                let stretch_length = length * bone.scale_x();
                let (mut cos, mut sin);
                if turns {
                    let r = (dy + self.tip[1]).atan2(dx + self.tip[0])
                        - angle
                        - self.offset.rotate * turn_mix;
                    let wrapped = r - (r * (1.0 / SPINE_TAU) - 0.5).ceil() * SPINE_TAU;
                    self.offset.rotate += wrapped * inertia;
                    (sin, cos) = (self.offset.rotate * turn_mix + angle).sin_cos();
                } else {
                    (sin, cos) = angle.sin_cos();
                }
                if stretches && stretch_length > 0.0 {
                    self.offset.scale += (dx * cos + dy * sin) * inertia / stretch_length;
                }
                left = self.remaining;
                if left >= step {
                    let d = *decay.get_or_insert_with(damping_per_step);
                    // Spine's frame is y-up; its gravity pulls down.
                    let (wind, gravity) = (s.wind, s.gravity);
                    let lever = length / REFERENCE_SCALE;
                    loop {
                        left -= step;
                        if stretches {
                            self.velocity.scale +=
                                (wind * cos - gravity * sin - self.offset.scale * s.strength)
                                    * mass_step;
                            self.offset.scale += self.velocity.scale * step;
                            self.velocity.scale *= d;
                        }
                        if turns {
                            self.velocity.rotate -= ((wind * sin + gravity * cos) * lever
                                + self.offset.rotate * s.strength)
                                * mass_step;
                            self.offset.rotate += self.velocity.rotate * step;
                            self.velocity.rotate *= d;
                            if left < step {
                                break;
                            }
                            (sin, cos) = (self.offset.rotate * turn_mix + angle).sin_cos();
                        } else if left < step {
                            break;
                        }
                    }
                }
            }
            self.remaining = left;
        }
        self.c = [bone.x, bone.y];
        self.apply(s, length, bone);
    }

    /// Moves the bone's axes by the rotation (and shear) and scale offsets, and records its tip.
    fn apply(&mut self, s: &PhysicsSettings, length: f64, bone: &mut SpineWorld) {
        let swing = self.offset.rotate * s.mix;
        if s.shear_x > 0.0 {
            // The y axis turns by the rotation, the x axis by the rotation and the shear.
            let turn = if s.rotate > 0.0 {
                swing * s.rotate
            } else {
                0.0
            };
            if s.rotate > 0.0 {
                let (sin, cos) = turn.sin_cos();
                let b = bone.b;
                bone.b = cos * b - sin * bone.d;
                bone.d = sin * b + cos * bone.d;
            }
            let (sin, cos) = (turn + swing * s.shear_x).sin_cos();
            let a = bone.a;
            bone.a = cos * a - sin * bone.c;
            bone.c = sin * a + cos * bone.c;
        } else if s.rotate > 0.0 {
            bone.rotate_axes(swing * s.rotate);
        }
        if s.scale_x > 0.0 {
            let factor = 1.0 + self.offset.scale * s.mix * s.scale_x;
            bone.a *= factor;
            bone.c *= factor;
        }
        self.tip = [length * bone.a, length * bone.c];
    }
}

/// A full turn as spine-core's `MathUtils.PI2` has it (π rounded to 3.1415927, doubled): the
/// rotation offset wraps by it, so a swing through ±180° wraps where Spine's does.
#[allow(clippy::approx_constant)] // Spine's rounded π on purpose, not std's.
const SPINE_TAU: f64 = 3.1415927 * 2.0;

/// Spine's `referenceScale`: wind and gravity are in units of 100 px, so settings read alike on
/// sprites of any size (the export writes Spine's default, 100).
pub const REFERENCE_SCALE: f64 = 100.0;
