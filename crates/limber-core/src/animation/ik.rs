//! Inverse kinematics: bone chains that reach for a target bone, solved after the clip's pose and
//! written back as rotation (and, when stretching or compressing, scale) offsets, so everything
//! downstream (children, skinning) follows.
//!
//! One- and two-bone chains follow Spine 4.2's IK, so that they can be exported live:
//! - One-bone IK turns the bone about its head until its tail points at the target; with `compress`
//!   it shrinks along its length when the target is nearer than its tail, with `stretch` it grows
//!   when the target is farther (`uniform`: across its length too).
//! - Two-bone IK is analytic (law of cosines) with a bend side (+1: counter-clockwise on screen at
//!   the middle joint, −1: clockwise); an unreachable target straightens the chain toward it, or,
//!   with `stretch`, the parent bone grows until the tip reaches it (`uniform`: across too).
//!   `softness` (px) slows the chain down over its last stretch of reach instead of snapping
//!   straight: within `softness` of full reach, the goal is pulled in along a parabola.
//! - FABRIK solves longer chains by alternating forward and backward passes until the tip is within
//!   the tolerance of the target or the iterations run out; it only rotates bones, so their lengths
//!   are kept.
//!
//! Both blend with `mix` (0 = the clip's pose, 1 = fully solved), the rotation taking the shorter
//! way. They assume the chain's bones are scaled uniformly, and each bone's head sits on its
//! parent's tail (a child's head is where the joint is).

use glam::{DAffine2, DVec2};
use serde::{Deserialize, Serialize};

use super::constraint_error::ConstraintError;
use crate::pose::{Pose, PoseSolver};
use crate::skeleton::{Skeleton, SkeletonError};

/// An IK constraint as written in RIG.json and the project file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct IkRecord {
    pub name: String,
    /// The chain from its root to its tip, by name (two bones: analytic; more: FABRIK).
    pub bones: Vec<String>,
    /// The bone whose head the chain's tip reaches for.
    pub target: String,
    /// +1 or −1: which way the middle joint of a two-bone chain bends.
    #[serde(default = "one")]
    pub bend: f64,
    #[serde(default = "one")]
    pub mix: f64,
    #[serde(default = "default_iterations")]
    pub iterations: u32,
    #[serde(default = "default_tolerance")]
    pub tolerance: f64,
    /// Two-bone chains: the distance (px, at the chain's scale) over which the chain eases into
    /// full reach; 0: none.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub softness: f64,
    /// One- and two-bone chains: grow to reach a target past the chain's length.
    #[serde(default, skip_serializing_if = "is_false")]
    pub stretch: bool,
    /// One-bone chains: shrink to reach a target nearer than the bone's tail.
    #[serde(default, skip_serializing_if = "is_false")]
    pub compress: bool,
    /// With `stretch` or `compress`: scale across the bone as much as along it.
    #[serde(default, skip_serializing_if = "is_false")]
    pub uniform: bool,
}

impl IkRecord {
    /// A chain aiming at `target`, fully mixed, bending +1, with no softness, stretch or
    /// compression, and FABRIK's default iterations and tolerance.
    pub fn new(name: &str, bones: Vec<String>, target: &str) -> Self {
        Self {
            name: name.to_string(),
            bones,
            target: target.to_string(),
            bend: 1.0,
            mix: 1.0,
            iterations: default_iterations(),
            tolerance: default_tolerance(),
            softness: 0.0,
            stretch: false,
            compress: false,
            uniform: false,
        }
    }
}

fn is_zero(value: &f64) -> bool {
    *value == 0.0
}

fn is_false(value: &bool) -> bool {
    !*value
}

fn one() -> f64 {
    1.0
}

fn default_iterations() -> u32 {
    20
}

fn default_tolerance() -> f64 {
    1e-3
}

/// A validated IK constraint.
#[derive(Debug, Clone, PartialEq)]
pub struct IkConstraint {
    pub name: String,
    pub chain: Vec<usize>,
    pub target: usize,
    pub bend: f64,
    pub mix: f64,
    pub iterations: u32,
    pub tolerance: f64,
    pub softness: f64,
    pub stretch: bool,
    pub compress: bool,
    pub uniform: bool,
}

impl IkConstraint {
    /// Resolves names and checks the chain: at least one bone, each the parent of the next, the
    /// target not in the chain, finite settings, and each setting on a chain it applies to
    /// (softness: two bones; stretch: one or two; compress: one).
    pub fn from_record(record: &IkRecord, skeleton: &Skeleton) -> Result<Self, ConstraintError> {
        let index = |name: &str| {
            skeleton
                .index_of(name)
                .ok_or_else(|| ConstraintError::UnknownBone {
                    owner: format!("IK \"{}\"", record.name),
                    bone: name.to_string(),
                })
        };
        let name = || record.name.clone();
        let chain = record
            .bones
            .iter()
            .map(|b| index(b))
            .collect::<Result<Vec<_>, _>>()?;
        let target = index(&record.target)?;
        if chain.is_empty() {
            return Err(ConstraintError::ShortChain { name: name() });
        }
        if chain
            .windows(2)
            .any(|w| skeleton.bones[w[1]].parent != Some(w[0]))
        {
            return Err(ConstraintError::BrokenChain { name: name() });
        }
        if chain.contains(&target) {
            return Err(ConstraintError::TargetInChain { name: name() });
        }
        let finite = record.bend.is_finite()
            && (0.0..=1.0).contains(&record.mix)
            && record.tolerance.is_finite()
            && record.tolerance >= 0.0;
        let soft = record.softness.is_finite() && record.softness >= 0.0;
        if !finite || !soft || record.iterations > 10_000 {
            return Err(ConstraintError::BadIkSettings { name: name() });
        }
        let misplaced = [
            ("softness", record.softness > 0.0 && chain.len() != 2),
            ("stretch", record.stretch && chain.len() > 2),
            ("compress", record.compress && chain.len() != 1),
        ];
        if let Some((setting, _)) = misplaced.iter().find(|(_, wrong)| *wrong) {
            return Err(ConstraintError::SettingNotForChain {
                name: name(),
                setting,
                bones: chain.len(),
            });
        }
        Ok(Self {
            name: record.name.clone(),
            chain,
            target,
            bend: if record.bend < 0.0 { -1.0 } else { 1.0 },
            mix: record.mix,
            iterations: record.iterations,
            tolerance: record.tolerance,
            softness: record.softness,
            stretch: record.stretch,
            compress: record.compress,
            uniform: record.uniform,
        })
    }

    /// Back to the written form.
    pub fn to_record(&self, skeleton: &Skeleton) -> IkRecord {
        let name = |i: usize| skeleton.bones[i].name.clone();
        IkRecord {
            name: self.name.clone(),
            bones: self.chain.iter().map(|&i| name(i)).collect(),
            target: name(self.target),
            bend: self.bend,
            mix: self.mix,
            iterations: self.iterations,
            tolerance: self.tolerance,
            softness: self.softness,
            stretch: self.stretch,
            compress: self.compress,
            uniform: self.uniform,
        }
    }
}

/// Applies `constraints` in order to `pose`, returning the pose with the chains' rotations solved.
pub fn apply_ik(
    skeleton: &Skeleton,
    pose: &Pose,
    constraints: &[IkConstraint],
) -> Result<Pose, SkeletonError> {
    let solver = PoseSolver::new(skeleton)?;
    Ok(apply_ik_with(&solver, skeleton, pose, constraints))
}

/// [`apply_ik`] with a prepared [`PoseSolver`] (one forward pass per constraint).
pub fn apply_ik_with(
    solver: &PoseSolver,
    skeleton: &Skeleton,
    pose: &Pose,
    constraints: &[IkConstraint],
) -> Pose {
    let mut pose = pose.clone();
    pose.bones.resize(skeleton.bones.len(), Default::default());
    for constraint in constraints {
        let world = solver.world(&pose);
        let target = world[constraint.target].translation;
        let joints = chain_joints(skeleton, &world, &constraint.chain);
        let (solved, growth) = match constraint.chain[..] {
            [_] => one_bone(&joints, target, constraint),
            [parent, child] => {
                let rest = [
                    skeleton.bones[parent].length(),
                    skeleton.bones[child].length(),
                ];
                let goal = softened(&joints, target, rest, constraint.softness);
                let growth = constraint
                    .stretch
                    .then(|| growth_to(&joints, goal, 0.0, 1.0))
                    .flatten();
                (two_bone(&joints, goal, constraint.bend), growth)
            }
            _ => {
                let solved = fabrik(&joints, target, constraint.iterations, constraint.tolerance);
                (solved, None)
            }
        };
        // Each bone turns by how much its world direction must turn, less what its parent in the chain
        // already turned it (the chain is uniformly scaled, so world angles add up). That relative
        // turn is taken the short way round before `mix` scales it, so a child whose world turn
        // passes ±180° does not jump by mix × 360°.
        let mut parent_turn = 0.0;
        for (k, &bone) in constraint.chain.iter().enumerate() {
            let (have, wanted) = (joints[k + 1] - joints[k], solved[k + 1] - solved[k]);
            if have.length_squared() == 0.0 || wanted.length_squared() == 0.0 {
                continue;
            }
            let world_turn = have.angle_to(wanted);
            let relative = shortest(world_turn - parent_turn);
            // Counter-clockwise on screen is a negative angle in the y-down frame.
            pose.bones[bone].rotate -= relative * constraint.mix;
            parent_turn = world_turn;
        }
        // The chain's first bone grows or shrinks along its length (across too when uniform), by
        // the mix's share of the factor that makes it reach, as Spine scales it.
        if let Some(factor) = growth {
            let scale = (factor - 1.0) * constraint.mix + 1.0;
            let first = &mut pose.bones[constraint.chain[0]];
            first.scale[0] *= scale;
            if constraint.uniform {
                first.scale[1] *= scale;
            }
        }
    }
    pose
}

/// One-bone IK: the bone's head and its tail turned toward `target`, and the factor its length
/// must grow by (`stretch`) or shrink by (`compress`) for the tail to reach, if it must.
fn one_bone(
    joints: &[DVec2],
    target: DVec2,
    constraint: &IkConstraint,
) -> (Vec<DVec2>, Option<f64>) {
    let (head, tail) = (joints[0], joints[1]);
    let length = (tail - head).length();
    let toward = target - head;
    let solved = match toward.try_normalize() {
        Some(direction) => vec![head, head + direction * length],
        None => joints.to_vec(),
    };
    // Growth is asked for when the factor falls below `least` (compress) or above `most` (stretch).
    let least = if constraint.compress { 1.0 } else { 0.0 };
    let most = if constraint.stretch {
        1.0
    } else {
        f64::INFINITY
    };
    (solved, growth_to(joints, target, least, most))
}

/// The factor a chain (joints from root to tip) must scale by for its tip to reach `goal`, when it
/// lies outside `least..=most` of 1 (and the chain has a length Spine would scale: over 1e-4 px).
fn growth_to(joints: &[DVec2], goal: DVec2, least: f64, most: f64) -> Option<f64> {
    let length: f64 = joints.windows(2).map(|w| (w[1] - w[0]).length()).sum();
    if length <= 1e-4 {
        return None;
    }
    let factor = (goal - joints[0]).length() / length;
    (factor < least || factor > most).then_some(factor)
}

/// Spine's IK softness for a two-bone chain: the goal pulled toward the root when it lies within
/// `softness` of full reach, so that the chain straightens gradually. `rest` holds the two bones'
/// unscaled lengths; softness is scaled by the parent's scale and the mean of 1 and the child's.
fn softened(joints: &[DVec2], target: DVec2, rest: [f64; 2], softness: f64) -> DVec2 {
    let root = joints[0];
    let (l1, l2) = (
        (joints[1] - root).length(),
        (joints[2] - joints[1]).length(),
    );
    if softness <= 0.0 || rest[0] <= 0.0 || rest[1] <= 0.0 {
        return target;
    }
    let parent_scale = l1 / rest[0];
    let child_scale = if parent_scale > 0.0 {
        l2 / rest[1] / parent_scale
    } else {
        1.0
    };
    let soft = softness * parent_scale * (child_scale + 1.0) * 0.5;
    let reach = (target - root).length();
    let over = reach - l1 - l2 + soft;
    if over <= 0.0 || reach <= 0.0 || soft <= 0.0 {
        return target;
    }
    let p = (over / (soft * 2.0)).min(1.0) - 1.0;
    let pulled_in = (over - soft * (1.0 - p * p)) / reach;
    root + (target - root) * (1.0 - pulled_in)
}

/// `angle` wrapped into (−π, π].
fn shortest(angle: f64) -> f64 {
    use std::f64::consts::{PI, TAU};
    let wrapped = (angle + PI).rem_euclid(TAU) - PI;
    if wrapped <= -PI { PI } else { wrapped }
}

/// The chain's joint positions in world space: each bone's head, then the tip (the last bone's tail).
fn chain_joints(skeleton: &Skeleton, world: &[DAffine2], chain: &[usize]) -> Vec<DVec2> {
    let mut joints: Vec<DVec2> = chain.iter().map(|&b| world[b].translation).collect();
    let last = *chain.last().unwrap_or(&0);
    let tip = world[last].transform_point2(DVec2::new(skeleton.bones[last].length(), 0.0));
    joints.push(tip);
    joints
}

/// Analytic two-bone IK: new positions of the three joints (root fixed).
pub fn two_bone(joints: &[DVec2], target: DVec2, bend: f64) -> Vec<DVec2> {
    let (a, b, c) = (joints[0], joints[1], joints[2]);
    let (l1, l2) = ((b - a).length(), (c - b).length());
    let to_target = target - a;
    let reach = to_target.length();
    if reach < 1e-12 || l1 < 1e-12 {
        return joints.to_vec();
    }
    let d = reach.clamp((l1 - l2).abs(), l1 + l2);
    let base = to_target.y.atan2(to_target.x);
    let cos_inner = ((l1 * l1 + d * d - l2 * l2) / (2.0 * l1 * d)).clamp(-1.0, 1.0);
    // bend +1: the middle joint on the counter-clockwise-on-screen side of the root→target line
    // (negative angles in the y-down frame).
    let angle = base - bend * cos_inner.acos();
    let middle = a + DVec2::new(angle.cos(), angle.sin()) * l1;
    let toward = target - middle;
    let tip = if toward.length_squared() > 0.0 {
        middle + toward.normalize() * l2
    } else {
        middle + (middle - a).normalize_or_zero() * l2
    };
    vec![a, middle, tip]
}

/// FABRIK: new joint positions (root fixed, segment lengths kept).
pub fn fabrik(joints: &[DVec2], target: DVec2, iterations: u32, tolerance: f64) -> Vec<DVec2> {
    let n = joints.len();
    let lengths: Vec<f64> = joints.windows(2).map(|w| (w[1] - w[0]).length()).collect();
    let root = joints[0];
    let mut p = joints.to_vec();
    if (target - root).length() >= lengths.iter().sum::<f64>() {
        // Out of reach: straighten toward the target.
        let direction = (target - root).normalize_or_zero();
        for i in 1..n {
            p[i] = p[i - 1] + direction * lengths[i - 1];
        }
        return p;
    }
    for _ in 0..iterations {
        if (p[n - 1] - target).length() <= tolerance {
            break;
        }
        p[n - 1] = target;
        for i in (0..n - 1).rev() {
            p[i] = p[i + 1] + (p[i] - p[i + 1]).normalize_or_zero() * lengths[i];
        }
        p[0] = root;
        for i in 0..n - 1 {
            p[i + 1] = p[i] + (p[i + 1] - p[i]).normalize_or_zero() * lengths[i];
        }
    }
    p
}

#[cfg(test)]
#[path = "ik_tests.rs"]
mod tests;
