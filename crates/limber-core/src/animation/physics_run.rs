//! Physics over time, as a pure function of time: the pose at clip time `t` is simulated from rest
//! at the clip's start, updating at every step of the rig's finest physics constraint and once more
//! at `t`.
//!
//! The schedule is written down so a game engine can repeat it (the Spine comparison test does):
//! one update at time 0 that records where the bones are, then updates at times `step`,
//! `step + step`, … (a running sum, as `skeleton.update(step)` keeps it) while the next is not past
//! `t`, then one at `t` itself when the last was before it. Each update samples the clip and its
//! other constraints at its time, then applies the physics constraints parents first, each at the
//! mix the clip keys then (one at mix 0 is left alone, its clock too, as Spine does). A sample
//! later than [`crate::limits::Limits::physics_updates`] updates into the clip starts from rest that
//! many updates before `t` instead, so its cost is bounded.
//!
//! A bone that physics moves gets a new offset that puts its world transform where the model says;
//! limber bones have no shear, so under a parent scaled unevenly the part of a swing that would
//! shear the bone is dropped (the Spine export switches such a constraint off and bakes it).
//!
//! Each update samples everything before physics, springs included: a rig with springs and physics
//! costs the springs' warm-up simulation at every physics update.

use super::physics::PhysicsConstraint;
use super::physics_step::PhysicsState;
use super::spine_world::{from_spine, offset_reaching, offset_reaching_exactly, to_spine};
use crate::limits::Limits;
use crate::pose::{Pose, PoseSolver};
use crate::skeleton::Skeleton;

/// The pose at clip time `end` (seconds from the clip's start) with `physics` applied, where
/// `pose_at(s)` is the pose with every other constraint at clip time `s` and `keyed_mix(name, s)`
/// the mix a clip keys for constraint `name` then (replacing its own).
pub fn sample_with_physics(
    solver: &PoseSolver,
    skeleton: &Skeleton,
    physics: &[PhysicsConstraint],
    end: f64,
    pose_at: impl FnMut(f64) -> Pose,
    keyed_mix: impl Fn(&str, f64) -> Option<f64>,
) -> Pose {
    PhysicsMemo::default().sample(solver, skeleton, physics, end, pose_at, keyed_mix)
}

/// Where a run stood after its last scheduled update, so that a later sample of the same clip and
/// rig continues from there instead of from rest — what an export or a playback does, time after
/// time. The updates are the same, so the poses are the same bit for bit; a sample earlier than the
/// last, or with other constraints, starts again from rest. The caller keeps one memo per clip and
/// rig (the memo compares the constraints, not the clip).
#[derive(Debug, Clone, Default)]
pub struct PhysicsMemo {
    line: Option<MainLine>,
}

/// The scheduled updates so far.
#[derive(Debug, Clone)]
struct MainLine {
    start: f64,
    step: f64,
    constraints: Vec<PhysicsConstraint>,
    /// The last scheduled update's time, each constraint's state and the pose it made.
    time: f64,
    states: Vec<PhysicsState>,
    pose: Pose,
}

impl PhysicsMemo {
    /// [`sample_with_physics`], continuing from this memo where it can.
    pub fn sample(
        &mut self,
        solver: &PoseSolver,
        skeleton: &Skeleton,
        physics: &[PhysicsConstraint],
        end: f64,
        mut pose_at: impl FnMut(f64) -> Pose,
        keyed_mix: impl Fn(&str, f64) -> Option<f64>,
    ) -> Pose {
        let active: Vec<PhysicsConstraint> = physics
            .iter()
            .filter(|c| c.settings.moves_a_property() && c.bone < skeleton.bones.len())
            .cloned()
            .collect();
        let Some(step) = active
            .iter()
            .map(|c| c.settings.step())
            .min_by(f64::total_cmp)
        else {
            return pose_at(end);
        };
        let end = if end.is_finite() { end.max(0.0) } else { 0.0 };
        let budget = Limits::current().physics_updates.max(1) as f64;
        let start = if end / step > budget {
            end - budget * step
        } else {
            0.0
        };
        let run = Run::new(solver, skeleton, &active, &keyed_mix);
        let mut line = match self.line.take() {
            Some(line)
                if line.start == start
                    && line.step == step
                    && line.time <= end
                    && line.constraints == active =>
            {
                line
            }
            _ => {
                let mut states = vec![PhysicsState::at_rest(start); active.len()];
                let pose = run.update(&mut states, pose_at(start), start);
                MainLine {
                    start,
                    step,
                    constraints: active.clone(),
                    time: start,
                    states,
                    pose,
                }
            }
        };
        while line.time + step <= end {
            line.time += step;
            line.pose = run.update(&mut line.states, pose_at(line.time), line.time);
        }
        let pose = if line.time < end {
            let mut states = line.states.clone();
            run.update(&mut states, pose_at(end), end)
        } else {
            line.pose.clone()
        };
        self.line = Some(line);
        pose
    }
}

/// What every update of a run reads.
struct Run<'a> {
    solver: &'a PoseSolver,
    constraints: &'a [PhysicsConstraint],
    /// A clip's keyed mix of a constraint at a time.
    keyed_mix: &'a dyn Fn(&str, f64) -> Option<f64>,
    /// Constraints on each bone, in written order.
    on_bone: Vec<Vec<usize>>,
    lengths: Vec<f64>,
}

impl<'a> Run<'a> {
    fn new(
        solver: &'a PoseSolver,
        skeleton: &Skeleton,
        constraints: &'a [PhysicsConstraint],
        keyed_mix: &'a dyn Fn(&str, f64) -> Option<f64>,
    ) -> Self {
        let mut on_bone = vec![Vec::new(); skeleton.bones.len()];
        for (i, c) in constraints.iter().enumerate() {
            on_bone[c.bone].push(i);
        }
        Self {
            solver,
            constraints,
            keyed_mix,
            on_bone,
            lengths: skeleton.bones.iter().map(|b| b.length()).collect(),
        }
    }

    /// Applies every constraint at `time` to `pose`, parents first, advancing `states`.
    fn update(&self, states: &mut [PhysicsState], mut pose: Pose, time: f64) -> Pose {
        self.solver
            .world_adjusting(&mut pose, |bone, world, offset| {
                let Some(list) = self.on_bone.get(bone).filter(|l| !l.is_empty()) else {
                    return false;
                };
                let mut moved = to_spine(world);
                let mut any = false;
                let mut sheared = false;
                for &i in list {
                    let constraint = &self.constraints[i];
                    let mut settings = constraint.settings;
                    if let Some(mix) = (self.keyed_mix)(&constraint.name, time) {
                        settings.mix = mix;
                    }
                    // At mix 0 Spine leaves the constraint alone, its clock too.
                    if settings.mix > 0.0 {
                        states[i].update(&settings, time, self.lengths[bone], &mut moved);
                        any = true;
                        sheared |= settings.shear_x > 0.0;
                    }
                }
                if !any {
                    return false;
                }
                let Some(rest) = self.solver.local_rest(bone) else {
                    return false;
                };
                // A shear of the x axis is kept as the bone's shear (the target reached exactly).
                let reach = if sheared {
                    offset_reaching_exactly
                } else {
                    offset_reaching
                };
                match reach(rest, world, *offset, &from_spine(&moved)) {
                    Some(reached) => {
                        *offset = reached;
                        true
                    }
                    None => false,
                }
            });
        pose
    }
}
