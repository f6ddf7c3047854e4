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
mod tests {
    use super::*;
    use crate::pose::{palette, world_transforms};
    use crate::skeleton::Bone;

    /// An arm of two 50 px bones along +x from (100, 100), and a free target bone.
    fn arm(target: [f64; 2]) -> Skeleton {
        Skeleton::new(vec![
            Bone::new("upper", None, [100.0, 100.0], [150.0, 100.0]),
            Bone::new("lower", Some(0), [150.0, 100.0], [200.0, 100.0]),
            Bone::new("target", None, target, target),
        ])
        .unwrap()
    }

    fn ik(chain: &[&str], bend: f64) -> IkRecord {
        IkRecord {
            bend,
            iterations: 50,
            tolerance: 1e-9,
            ..IkRecord::new(
                "reach",
                chain.iter().map(|s| s.to_string()).collect(),
                "target",
            )
        }
    }

    fn tip(skeleton: &Skeleton, pose: &Pose, bone: usize) -> DVec2 {
        let world = world_transforms(skeleton, pose).unwrap();
        world[bone].transform_point2(DVec2::new(skeleton.bones[bone].length(), 0.0))
    }

    #[test]
    fn two_bone_ik_reaches_with_the_requested_bend_and_straightens_when_out_of_reach() {
        let target = [160.0, 40.0];
        let skeleton = arm(target);
        for bend in [1.0, -1.0] {
            let constraint =
                IkConstraint::from_record(&ik(&["upper", "lower"], bend), &skeleton).unwrap();
            let pose = apply_ik(&skeleton, &Pose::rest(&skeleton), &[constraint]).unwrap();
            let reached = tip(&skeleton, &pose, 1);
            assert!(
                (reached - DVec2::from(target)).length() < 1e-6,
                "bend {bend}: {reached}"
            );
            // Which side of the root→target line the elbow is on (cross product sign, y down).
            let world = world_transforms(&skeleton, &pose).unwrap();
            let elbow = world[1].translation - DVec2::new(100.0, 100.0);
            let line = DVec2::from(target) - DVec2::new(100.0, 100.0);
            let side = line.perp_dot(elbow);
            assert!(
                side * bend < 0.0,
                "bend {bend} put the elbow on side {side}"
            );
        }
        let far = arm([400.0, 100.0 - 300.0]);
        let constraint = IkConstraint::from_record(&ik(&["upper", "lower"], 1.0), &far).unwrap();
        let pose = apply_ik(&far, &Pose::rest(&far), &[constraint]).unwrap();
        let reached = tip(&far, &pose, 1);
        let direction = (DVec2::new(400.0, -200.0) - DVec2::new(100.0, 100.0)).normalize();
        assert!((reached - (DVec2::new(100.0, 100.0) + direction * 100.0)).length() < 1e-6);
    }

    #[test]
    fn a_half_mixed_chain_moves_smoothly_when_a_child_turns_past_half_a_circle() {
        // The target sweeps below the root; the lower bone's world turn passes 180° near 72.5°
        // (for one bend), where the upper bone barely turns. Half mixed, the tip must not jump.
        for bend in [1.0, -1.0] {
            let mut previous: Option<DVec2> = None;
            for step in 0..=50 {
                let angle = (60.0 + 0.5 * f64::from(step)).to_radians();
                let target = [100.0 + 30.0 * angle.cos(), 100.0 + 30.0 * angle.sin()];
                let skeleton = arm(target);
                let mut record = ik(&["upper", "lower"], bend);
                record.mix = 0.5;
                let constraint = IkConstraint::from_record(&record, &skeleton).unwrap();
                let pose = apply_ik(&skeleton, &Pose::rest(&skeleton), &[constraint]).unwrap();
                let reached = tip(&skeleton, &pose, 1);
                if let Some(before) = previous {
                    let jump = (reached - before).length();
                    assert!(
                        jump < 2.0,
                        "bend {bend}, step {step}: the tip jumped {jump} px"
                    );
                }
                previous = Some(reached);
            }
        }
    }

    #[test]
    fn fabrik_reaches_and_keeps_bone_lengths() {
        let target = [180.0, 160.0];
        let skeleton = Skeleton::new(vec![
            Bone::new("a", None, [100.0, 100.0], [140.0, 100.0]),
            Bone::new("b", Some(0), [140.0, 100.0], [170.0, 100.0]),
            Bone::new("c", Some(1), [170.0, 100.0], [195.0, 100.0]),
            Bone::new("d", Some(2), [195.0, 100.0], [215.0, 100.0]),
            Bone::new("target", None, target, target),
        ])
        .unwrap();
        let constraint =
            IkConstraint::from_record(&ik(&["a", "b", "c", "d"], 1.0), &skeleton).unwrap();
        let pose = apply_ik(&skeleton, &Pose::rest(&skeleton), &[constraint]).unwrap();
        let world = world_transforms(&skeleton, &pose).unwrap();
        let mut joints: Vec<DVec2> = (0..4).map(|b| world[b].translation).collect();
        joints.push(tip(&skeleton, &pose, 3));
        assert!(
            (joints[4] - DVec2::from(target)).length() < 1e-3,
            "{}",
            joints[4]
        );
        for (k, rest) in [40.0, 30.0, 25.0, 20.0].iter().enumerate() {
            assert!(((joints[k + 1] - joints[k]).length() - rest).abs() < 1e-9);
        }
        // Skinning still sees a rigid bone per segment: the palette keeps lengths too.
        let m = palette(&skeleton, &world);
        let a = m[1].transform_point2(DVec2::new(140.0, 100.0));
        let b = m[1].transform_point2(DVec2::new(170.0, 100.0));
        assert!(((b - a).length() - 30.0).abs() < 1e-9);
    }

    #[test]
    fn bad_constraints_are_refused() {
        let skeleton = arm([0.0, 0.0]);
        assert!(IkConstraint::from_record(&ik(&[], 1.0), &skeleton).is_err());
        assert!(IkConstraint::from_record(&ik(&["upper"], 1.0), &skeleton).is_ok());
        assert!(IkConstraint::from_record(&ik(&["lower", "upper"], 1.0), &skeleton).is_err());
        assert!(IkConstraint::from_record(&ik(&["upper", "ghost"], 1.0), &skeleton).is_err());
        let mut self_target = ik(&["upper", "lower"], 1.0);
        self_target.target = "lower".into();
        assert!(IkConstraint::from_record(&self_target, &skeleton).is_err());
        // Settings on chains they do not apply to, and out of range.
        let refused = |record: IkRecord| IkConstraint::from_record(&record, &skeleton).unwrap_err();
        let soft_one = IkRecord {
            softness: 5.0,
            ..ik(&["upper"], 1.0)
        };
        assert!(refused(soft_one).to_string().contains("softness"));
        let compress_two = IkRecord {
            compress: true,
            ..ik(&["upper", "lower"], 1.0)
        };
        assert!(refused(compress_two).to_string().contains("compress"));
        for softness in [-1.0, f64::NAN, f64::INFINITY] {
            let bad = IkRecord {
                softness,
                ..ik(&["upper", "lower"], 1.0)
            };
            assert_eq!(
                refused(bad),
                ConstraintError::BadIkSettings {
                    name: "reach".into()
                }
            );
        }
    }

    fn solved(skeleton: &Skeleton, record: &IkRecord) -> Pose {
        let constraint = IkConstraint::from_record(record, skeleton).unwrap();
        apply_ik(skeleton, &Pose::rest(skeleton), &[constraint]).unwrap()
    }

    #[test]
    fn one_bone_ik_points_at_the_target_and_compresses_or_stretches_only_when_asked() {
        // The upper bone (50 px from (100, 100)) aims at a target 30 px away, then 80 px away.
        for (target, factor) in [([100.0, 70.0], 0.6), ([180.0, 100.0], 1.6)] {
            let skeleton = arm(target);
            let plain = solved(&skeleton, &ik(&["upper"], 1.0));
            let direction = (DVec2::from(target) - DVec2::new(100.0, 100.0)).normalize();
            let tip_of = |pose: &Pose| tip(&skeleton, pose, 0);
            assert!(
                (tip_of(&plain) - (DVec2::new(100.0, 100.0) + direction * 50.0)).length() < 1e-9
            );
            assert_eq!(plain.bones[0].scale, [1.0, 1.0]);
            let reaching = IkRecord {
                compress: true,
                stretch: true,
                ..ik(&["upper"], 1.0)
            };
            let pose = solved(&skeleton, &reaching);
            assert!((tip_of(&pose) - DVec2::from(target)).length() < 1e-9);
            assert!((pose.bones[0].scale[0] - factor).abs() < 1e-12);
            assert_eq!(pose.bones[0].scale[1], 1.0);
            // Only the asked direction; uniform scales across; the mix scales the growth.
            let wrong_way = IkRecord {
                compress: factor > 1.0,
                stretch: factor < 1.0,
                ..ik(&["upper"], 1.0)
            };
            assert_eq!(solved(&skeleton, &wrong_way).bones[0].scale, [1.0, 1.0]);
            let half_uniform = IkRecord {
                uniform: true,
                mix: 0.5,
                ..reaching
            };
            let half = (factor - 1.0) * 0.5 + 1.0;
            let scale = solved(&skeleton, &half_uniform).bones[0].scale;
            assert!((scale[0] - half).abs() < 1e-12 && (scale[1] - half).abs() < 1e-12);
        }
    }

    #[test]
    fn two_bone_stretch_grows_the_first_bone_until_the_tip_reaches() {
        // 100 px of chain; the target is 150 px away.
        let target = [250.0, 100.0];
        let skeleton = arm(target);
        let stretching = IkRecord {
            stretch: true,
            ..ik(&["upper", "lower"], 1.0)
        };
        let pose = solved(&skeleton, &stretching);
        assert!((pose.bones[0].scale[0] - 1.5).abs() < 1e-12);
        assert_eq!(pose.bones[0].scale[1], 1.0);
        // The first bone grows; the child keeps its own length and rides on its tail.
        let world = world_transforms(&skeleton, &pose).unwrap();
        assert!((world[1].translation - DVec2::new(175.0, 100.0)).length() < 1e-9);
        assert!((tip(&skeleton, &pose, 1) - DVec2::new(250.0, 100.0)).length() < 1e-9);
        // Within reach nothing grows.
        let near = arm([160.0, 40.0]);
        assert_eq!(solved(&near, &stretching).bones[0].scale, [1.0, 1.0]);
    }

    #[test]
    fn softness_eases_the_chain_into_full_reach() {
        let softness = 20.0;
        let reach_at = |distance: f64| {
            let skeleton = arm([100.0 + distance, 100.0]);
            let soft = IkRecord {
                softness,
                ..ik(&["upper", "lower"], 1.0)
            };
            (tip(&skeleton, &solved(&skeleton, &soft), 1) - DVec2::new(100.0, 100.0)).length()
        };
        // Short of the soft zone the tip reaches; at full reach it stops a quarter of the
        // softness short; two softnesses past the zone's start it is straight.
        assert!((reach_at(70.0) - 70.0).abs() < 1e-9);
        assert!((reach_at(100.0) - (100.0 - softness / 4.0)).abs() < 1e-9);
        assert!((reach_at(120.0) - 100.0).abs() < 1e-9);
        // And the approach is monotonic and continuous.
        let mut last = reach_at(70.0);
        for step in 1..=60 {
            let reached = reach_at(70.0 + f64::from(step));
            assert!(
                reached >= last && reached - last < 1.0 + 1e-9,
                "{step}: {reached}"
            );
            last = reached;
        }
    }
}
