//! Tests of IK: two-bone and FABRIK reach, the bend side, mixing across a half turn, refused
//! settings, and Spine's one-bone compress/stretch, two-bone stretch and softness.

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
    let constraint = IkConstraint::from_record(&ik(&["a", "b", "c", "d"], 1.0), &skeleton).unwrap();
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
        assert!((tip_of(&plain) - (DVec2::new(100.0, 100.0) + direction * 50.0)).length() < 1e-9);
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
