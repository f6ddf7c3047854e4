//! Constraints that make a bone follow another: **look-at** (the bone turns so that its tail points at
//! the target bone's head) and **child-of** (the bone moves with the target as if it were the
//! target's child). Both have a mix (0–1) that clips may key by the constraint's name, and both
//! act, like the transform constraint, by changing the bone's own offsets so that its children
//! follow. They run after IK, rotation limits and transform constraints: child-of constraints in
//! list order, then look-at constraints in list order.
//!
//! Child-of is measured from the rest pose: with the target at rest the bone is where its own
//! animation puts it; as the target moves and turns away from its rest, the bone is carried along
//! by that same motion. Keying the mix from 0 to 1 at the frame the hand reaches a prop picks the
//! prop up; keying it back to 0 drops it.

use glam::{DAffine2, DMat2, DVec2};
use serde::{Deserialize, Serialize};

use super::constraint_error::ConstraintError;
use crate::pose::{Pose, PoseSolver};
use crate::skeleton::Skeleton;

fn full_mix() -> f64 {
    1.0
}

/// A look-at or child-of constraint as written (the same fields; which list it is in says which).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FollowRecord {
    pub name: String,
    /// The bone that turns (look-at) or is carried (child-of).
    pub bone: String,
    /// The bone whose head it aims at (look-at), or that carries it as if it were its parent
    /// (child-of).
    pub target: String,
    #[serde(default = "full_mix")]
    pub mix: f64,
    /// Child-of only: the target's world transform inverted, `[a, b, c, d, x, y]` (columns of the
    /// linear part, then the translation), as measured when the artist pressed "Set inverse" —
    /// the bone is then carried by the target's motion since that moment rather than since rest,
    /// so picking a prop up does not make it jump. Absent: the target's rest.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub inverse: Option<[f64; 6]>,
}

/// A look-at constraint as written.
pub type LookAtRecord = FollowRecord;
/// A child-of constraint as written.
pub type ChildOfRecord = FollowRecord;

/// Which way a follow constraint moves its bone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FollowKind {
    LookAt,
    ChildOf,
}

impl FollowKind {
    /// The kind in words, for messages and the editor.
    pub fn label(self) -> &'static str {
        match self {
            FollowKind::LookAt => "look-at",
            FollowKind::ChildOf => "child-of",
        }
    }
}

/// A validated look-at or child-of constraint.
#[derive(Debug, Clone, PartialEq)]
pub struct FollowConstraint {
    pub kind: FollowKind,
    pub name: String,
    pub bone: usize,
    pub target: usize,
    pub mix: f64,
    /// Child-of: what the target's world is multiplied by before the bone's own (its measured
    /// inverse, or `None` for the inverse of its rest).
    pub inverse: Option<DAffine2>,
}

/// `[a, b, c, d, x, y]` as an affine transform.
pub fn affine_from_array(m: [f64; 6]) -> DAffine2 {
    DAffine2::from_cols_array(&m)
}

impl FollowConstraint {
    /// Resolves `record`'s bones: two different bones, a mix from 0 to 1.
    pub fn from_record(
        kind: FollowKind,
        record: &FollowRecord,
        skeleton: &Skeleton,
    ) -> Result<Self, ConstraintError> {
        let name = &record.name;
        let index = |bone: &str| {
            skeleton
                .index_of(bone)
                .ok_or_else(|| ConstraintError::UnknownBone {
                    owner: format!("{} \"{name}\"", kind.label()),
                    bone: bone.to_string(),
                })
        };
        let (bone, target) = (index(&record.bone)?, index(&record.target)?);
        let inverse = record.inverse.map(affine_from_array);
        let inverse_ok = match inverse {
            None => true,
            Some(m) => {
                kind == FollowKind::ChildOf
                    && m.is_finite()
                    && m.matrix2.determinant().abs() > 1e-12
            }
        };
        if bone == target || !(0.0..=1.0).contains(&record.mix) || !inverse_ok {
            return Err(ConstraintError::BadFollow {
                kind: kind.label(),
                name: name.clone(),
            });
        }
        Ok(Self {
            kind,
            name: name.clone(),
            bone,
            target,
            mix: record.mix,
            inverse,
        })
    }

    /// Back to the written form.
    pub fn to_record(&self, skeleton: &Skeleton) -> FollowRecord {
        FollowRecord {
            name: self.name.clone(),
            bone: skeleton.bones[self.bone].name.clone(),
            target: skeleton.bones[self.target].name.clone(),
            mix: self.mix,
            inverse: self.inverse.map(|m| m.to_cols_array()),
        }
    }
}

/// Validates look-at and child-of records into one list: the child-of constraints first, then the
/// look-at constraints, each in their written order (the order they are applied in).
pub fn follows_from_records(
    look_at: &[LookAtRecord],
    child_of: &[ChildOfRecord],
    skeleton: &Skeleton,
) -> Result<Vec<FollowConstraint>, ConstraintError> {
    let carried = child_of
        .iter()
        .map(|r| FollowConstraint::from_record(FollowKind::ChildOf, r, skeleton));
    let aimed = look_at
        .iter()
        .map(|r| FollowConstraint::from_record(FollowKind::LookAt, r, skeleton));
    carried.chain(aimed).collect()
}

/// Applies `follows` in order to `pose`.
pub fn apply_follows(
    solver: &PoseSolver,
    skeleton: &Skeleton,
    pose: &mut Pose,
    follows: &[FollowConstraint],
) {
    if follows.is_empty() {
        return;
    }
    pose.bones.resize(skeleton.bones.len(), Default::default());
    let rest = skeleton.rest_world();
    for constraint in follows {
        if constraint.mix <= 0.0 {
            continue;
        }
        let world = solver.world(pose);
        let own = world[constraint.bone];
        let target = world[constraint.target];
        let wanted = match constraint.kind {
            FollowKind::ChildOf => {
                let inverse = constraint
                    .inverse
                    .unwrap_or_else(|| rest[constraint.target].inverse());
                target * inverse * own
            }
            FollowKind::LookAt => aimed(own, target.translation),
        };
        move_toward(
            skeleton,
            pose,
            &world,
            constraint.bone,
            own,
            wanted,
            constraint.mix,
        );
    }
}

/// `own` turned about its head so that its x axis (head → tail) points at `point`; unchanged when
/// the point is on the head.
fn aimed(own: DAffine2, point: DVec2) -> DAffine2 {
    let to = point - own.translation;
    let turn = own.matrix2.x_axis.angle_to(to);
    if to.length_squared() == 0.0 || !turn.is_finite() {
        return own;
    }
    DAffine2 {
        matrix2: DMat2::from_angle(turn) * own.matrix2,
        translation: own.translation,
    }
}

/// Changes bone `bone`'s offsets so that its world transform goes from `own` toward `wanted` by
/// `mix`: its direction turns by that share of the angle between them and its head moves by that
/// share of the way (along its parent's axes, so its children follow).
fn move_toward(
    skeleton: &Skeleton,
    pose: &mut Pose,
    world: &[DAffine2],
    bone: usize,
    own: DAffine2,
    wanted: DAffine2,
    mix: f64,
) {
    let turn = own.matrix2.x_axis.angle_to(wanted.matrix2.x_axis) * mix;
    // Counter-clockwise on screen is a negative angle in the y-down frame. A bone scaled to nothing
    // has no direction to turn from or to, and is left as it is.
    if turn.is_finite() {
        pose.bones[bone].rotate -= turn;
    }
    let shift = (wanted.translation - own.translation) * mix;
    if shift != DVec2::ZERO {
        let axes = skeleton.bones[bone]
            .parent
            .map_or(DMat2::IDENTITY, |p| world[p].matrix2);
        let local = axes.inverse() * shift;
        // A parent scaled to nothing has collapsed axes: the bone stays rather than go to NaN.
        if local.is_finite() {
            let t = &mut pose.bones[bone].translate;
            *t = (DVec2::from(*t) + local).to_array();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::skeleton::Bone;

    fn skeleton() -> Skeleton {
        Skeleton::new(vec![
            Bone::new("hand", None, [0.0, 0.0], [10.0, 0.0]),
            Bone::new("prop", None, [20.0, 0.0], [30.0, 0.0]),
            Bone::new("eye", None, [0.0, 50.0], [5.0, 50.0]),
            Bone::new("pupil", Some(2), [5.0, 50.0], [6.0, 50.0]),
        ])
        .unwrap()
    }

    fn follow(kind: FollowKind, bone: usize, target: usize, mix: f64) -> FollowConstraint {
        FollowConstraint {
            kind,
            name: "c".into(),
            bone,
            target,
            mix,
            inverse: None,
        }
    }

    fn head_and_direction(world: &DAffine2) -> (DVec2, DVec2) {
        (world.translation, world.matrix2.x_axis.normalize())
    }

    #[test]
    fn look_at_aims_the_tail_at_the_target_head_and_carries_children() {
        let s = skeleton();
        let solver = PoseSolver::new(&s).unwrap();
        let mut pose = Pose::rest(&s);
        // The hand moves to (0, 100): straight below the eye's head at (0, 50).
        pose.bones[0].translate = [0.0, 100.0];
        apply_follows(
            &solver,
            &s,
            &mut pose,
            &[follow(FollowKind::LookAt, 2, 0, 1.0)],
        );
        let world = solver.world(&pose);
        let (head, direction) = head_and_direction(&world[2]);
        assert!((head - DVec2::new(0.0, 50.0)).length() < 1e-9);
        assert!(
            (direction - DVec2::new(0.0, 1.0)).length() < 1e-9,
            "{direction}"
        );
        // The pupil, the eye's child, turned with it: its head is the eye's tail.
        assert!((world[3].translation - DVec2::new(0.0, 55.0)).length() < 1e-9);
    }

    #[test]
    fn look_at_with_half_mix_turns_half_way() {
        let s = skeleton();
        let solver = PoseSolver::new(&s).unwrap();
        let mut pose = Pose::rest(&s);
        pose.bones[0].translate = [0.0, 100.0];
        apply_follows(
            &solver,
            &s,
            &mut pose,
            &[follow(FollowKind::LookAt, 2, 0, 0.5)],
        );
        let (_, direction) = head_and_direction(&solver.world(&pose)[2]);
        let half = std::f64::consts::FRAC_PI_4;
        assert!((direction - DVec2::new(half.cos(), half.sin())).length() < 1e-9);
    }

    #[test]
    fn child_of_carries_the_bone_with_the_targets_motion_from_rest() {
        let s = skeleton();
        let solver = PoseSolver::new(&s).unwrap();
        let carried = [follow(FollowKind::ChildOf, 1, 0, 1.0)];
        // At rest the prop stays where it is.
        let mut pose = Pose::rest(&s);
        apply_follows(&solver, &s, &mut pose, &carried);
        assert_eq!(pose, Pose::rest(&s));
        // The hand turns 90° counter-clockwise on screen about its head at the origin and moves
        // by (5, 5): the prop, 20 px along the hand's axis, ends 20 px "up" the screen from there.
        let mut pose = Pose::rest(&s);
        pose.bones[0].rotate = std::f64::consts::FRAC_PI_2;
        pose.bones[0].translate = [5.0, 5.0];
        apply_follows(&solver, &s, &mut pose, &carried);
        let (head, direction) = head_and_direction(&solver.world(&pose)[1]);
        assert!((head - DVec2::new(5.0, -15.0)).length() < 1e-9, "{head}");
        assert!(
            (direction - DVec2::new(0.0, -1.0)).length() < 1e-9,
            "{direction}"
        );
    }

    #[test]
    fn child_of_with_an_inverse_set_at_a_pose_carries_from_that_pose_without_a_jump() {
        let s = skeleton();
        let solver = PoseSolver::new(&s).unwrap();
        // The hand reaches the prop's place: turned 30° and moved; "Set inverse" there.
        let mut reach = Pose::rest(&s);
        reach.bones[0].rotate = 0.5;
        reach.bones[0].translate = [12.0, -4.0];
        let hand_then = solver.world(&reach)[0];
        let mut carry = follow(FollowKind::ChildOf, 1, 0, 1.0);
        carry.inverse = Some(hand_then.inverse());
        // At that pose the prop stays where its own animation has it: no jump when picked up.
        let mut at_pickup = reach.clone();
        apply_follows(&solver, &s, &mut at_pickup, std::slice::from_ref(&carry));
        let prop = solver.world(&at_pickup)[1].translation;
        assert!((prop - DVec2::new(20.0, 0.0)).length() < 1e-9, "{prop}");
        // Then the hand moves on by (0, 10): the prop goes with it.
        let mut later = reach.clone();
        later.bones[0].translate = [12.0, 6.0];
        apply_follows(&solver, &s, &mut later, &[carry]);
        let prop = solver.world(&later)[1].translation;
        assert!((prop - DVec2::new(20.0, 10.0)).length() < 1e-9, "{prop}");
    }

    #[test]
    fn an_inverse_is_for_child_of_only_and_must_be_invertible() {
        let s = skeleton();
        let record = FollowRecord {
            name: "c".into(),
            bone: "prop".into(),
            target: "hand".into(),
            mix: 1.0,
            inverse: Some([1.0, 0.0, 0.0, 1.0, -3.0, 2.0]),
        };
        let carried = FollowConstraint::from_record(FollowKind::ChildOf, &record, &s).unwrap();
        assert_eq!(carried.to_record(&s), record, "round trip");
        assert!(FollowConstraint::from_record(FollowKind::LookAt, &record, &s).is_err());
        let flat = FollowRecord {
            inverse: Some([0.0; 6]),
            ..record
        };
        assert!(FollowConstraint::from_record(FollowKind::ChildOf, &flat, &s).is_err());
    }

    #[test]
    fn a_zero_mix_changes_nothing() {
        let s = skeleton();
        let solver = PoseSolver::new(&s).unwrap();
        let mut pose = Pose::rest(&s);
        pose.bones[0].translate = [3.0, 40.0];
        let before = pose.clone();
        let none = [
            follow(FollowKind::ChildOf, 1, 0, 0.0),
            follow(FollowKind::LookAt, 2, 0, 0.0),
        ];
        apply_follows(&solver, &s, &mut pose, &none);
        assert_eq!(pose, before);
    }

    #[test]
    fn records_are_checked_and_round_trip() {
        let s = skeleton();
        let record = LookAtRecord {
            name: "aim".into(),
            bone: "eye".into(),
            target: "hand".into(),
            mix: 0.25,
            inverse: None,
        };
        let c = FollowConstraint::from_record(FollowKind::LookAt, &record, &s).unwrap();
        assert_eq!(c.to_record(&s), record);
        let itself = LookAtRecord {
            target: "eye".into(),
            ..record.clone()
        };
        assert!(FollowConstraint::from_record(FollowKind::LookAt, &itself, &s).is_err());
        let ghost = ChildOfRecord {
            name: "carry".into(),
            bone: "prop".into(),
            target: "ghost".into(),
            mix: 1.0,
            inverse: None,
        };
        let error = FollowConstraint::from_record(FollowKind::ChildOf, &ghost, &s).unwrap_err();
        assert_eq!(
            error.to_string(),
            "child-of \"carry\" names unknown bone \"ghost\""
        );
        let too_much = ChildOfRecord {
            target: "hand".into(),
            mix: 1.5,
            ..ghost
        };
        assert!(FollowConstraint::from_record(FollowKind::ChildOf, &too_much, &s).is_err());
    }
}
