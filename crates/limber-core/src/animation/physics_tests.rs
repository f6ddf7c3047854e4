//! Physics sampled over time: a pure function of time, settling once the motion stops, and pulled
//! down the screen by positive gravity.

use super::physics_run::sample_with_physics;
use crate::pose::{Pose, PoseSolver};
use crate::rig::{Rig, parse_rig};

/// An arm held out to the right from a shoulder that drops 30 px over 0.5 s and then stops;
/// `physics` is the arm's physics constraint.
fn arm(physics: &str) -> Rig {
    parse_rig(&format!(
        r#"{{"bones": [
            {{"name": "shoulder", "parent": null, "head": [0, 0], "tail": [0, -10]}},
            {{"name": "arm", "parent": "shoulder", "head": [0, 0], "tail": [40, 0]}}],
          "physics": [{{"name": "p", "bone": "arm", {physics}}}],
          "clips": [{{"name": "slide", "duration": 3.0, "keys": [
            {{"bone": "shoulder", "time": 0.0, "translate": [0, 0], "interp": "linear"}},
            {{"bone": "shoulder", "time": 0.5, "translate": [0, 30]}}]}}]}}"#
    ))
    .expect("valid rig")
}

fn sample(rig: &Rig, t: f64) -> Pose {
    let solver = PoseSolver::new(&rig.skeleton).unwrap();
    let clip = &rig.clips[0];
    sample_with_physics(
        &solver,
        &rig.skeleton,
        &rig.physics,
        t,
        |s| clip.sample(s),
        |_, _| None,
    )
}

/// The arm's tip in image pixels.
fn tip(rig: &Rig, pose: &Pose) -> glam::DVec2 {
    let solver = PoseSolver::new(&rig.skeleton).unwrap();
    let world = solver.world(pose);
    world[1].transform_point2(glam::DVec2::new(rig.skeleton.bones[1].length(), 0.0))
}

#[test]
fn the_same_time_gives_the_same_pose_bit_for_bit_in_any_order() {
    let rig = arm(r#""x": 1, "y": 1, "rotate": 1, "scale_x": 0.5, "gravity": 3, "wind": 1"#);
    let times = [0.9, 0.25, 0.9, 2.0, 0.25, 0.0];
    let first: Vec<Pose> = times.iter().map(|&t| sample(&rig, t)).collect();
    let again: Vec<Pose> = times.iter().rev().map(|&t| sample(&rig, t)).collect();
    for (a, b) in first.iter().zip(again.iter().rev()) {
        assert_eq!(a, b);
    }
    assert_eq!(first[0], first[2]);
}

#[test]
fn the_arm_lags_while_the_shoulder_moves_and_settles_after_it_stops() {
    let rig = arm(r#""rotate": 1, "strength": 80, "damping": 0.9"#);
    let still = |t: f64| {
        let p = rig.clips[0].sample(t);
        tip(&rig, &p)
    };
    // Dropping, the arm trails: its tip swings up from where it would be.
    let moving = (tip(&rig, &sample(&rig, 0.3)) - still(0.3)).length();
    assert!(moving > 1.0, "lag while moving: {moving} px");
    // 2.5 s after the shoulder stopped, the swing has died down.
    let settled = (tip(&rig, &sample(&rig, 3.0)) - still(3.0)).length();
    assert!(settled < 0.05 * moving, "{settled} px left of {moving} px");
    // At time 0 nothing has moved yet.
    assert_eq!(sample(&rig, 0.0), rig.clips[0].sample(0.0));
}

#[test]
fn positive_gravity_pulls_the_arm_down_the_screen() {
    let rig = arm(r#""rotate": 1, "gravity": 20, "strength": 50, "damping": 0.85"#);
    let rest = tip(&rig, &rig.clips[0].sample(2.9));
    let hanging = tip(&rig, &sample(&rig, 2.9));
    // Image y grows downwards.
    assert!(hanging.y > rest.y + 1.0, "{hanging} against {rest}");
}

#[test]
fn a_memo_continues_the_run_and_gives_the_same_poses_bit_for_bit() {
    use super::physics_run::PhysicsMemo;
    let rig = arm(r#""x": 1, "y": 0.5, "rotate": 1, "scale_x": 0.3, "damping": 0.95, "fps": 90"#);
    let solver = PoseSolver::new(&rig.skeleton).unwrap();
    let clip = &rig.clips[0];
    let mut memo = PhysicsMemo::default();
    // Playback forward at 60 frames per second, a jump back, then on again.
    let times: Vec<f64> = (0..120)
        .map(|k| f64::from(k) / 60.0)
        .chain([0.3, 0.31, 1.7])
        .collect();
    for t in times {
        let continued = memo.sample(
            &solver,
            &rig.skeleton,
            &rig.physics,
            t,
            |s| clip.sample(s),
            |_, _| None,
        );
        assert_eq!(continued, sample(&rig, t), "t = {t}");
    }
}

/// The angle from the arm's world x axis to its y axis, counter-clockwise on screen, in degrees
/// (90 when unsheared).
fn axes_angle(rig: &Rig, pose: &Pose) -> f64 {
    let solver = PoseSolver::new(&rig.skeleton).unwrap();
    // Spine's frame (y up), where an unsheared bone's y axis is its x axis turned by 90°.
    let w = super::spine_world::to_spine(&solver.world(pose)[1]);
    super::transform::wrap_angle(w.d.atan2(w.b) - w.c.atan2(w.a)).to_degrees()
}

#[test]
fn shear_x_swings_the_x_axis_alone_and_with_the_rotation() {
    // Shear only: the x axis trails the drop while the y axis keeps its direction.
    let sheared = arm(r#""shear_x": 1, "strength": 80, "damping": 0.9"#);
    let moving = sample(&sheared, 0.3);
    let between = axes_angle(&sheared, &moving);
    assert!((between - 90.0).abs() > 1.0, "sheared by {between}°");
    let solver = PoseSolver::new(&sheared.skeleton).unwrap();
    let y_axis = solver.world(&moving)[1].matrix2.y_axis;
    let still = solver.world(&sheared.clips[0].sample(0.3))[1]
        .matrix2
        .y_axis;
    assert!((y_axis - still).length() < 1e-9, "{y_axis} against {still}");
    // Rotation only keeps the axes square; both turn the x axis further than the y axis.
    let turned = arm(r#""rotate": 1, "strength": 80, "damping": 0.9"#);
    assert!((axes_angle(&turned, &sample(&turned, 0.3)) - 90.0).abs() < 1e-9);
    let both = arm(r#""rotate": 1, "shear_x": 0.5, "strength": 80, "damping": 0.9"#);
    let pose = sample(&both, 0.3);
    assert!((axes_angle(&both, &pose) - 90.0).abs() > 1.0);
    // Settled, the shear is gone with the swing.
    let settled = axes_angle(&sheared, &sample(&sheared, 3.0));
    assert!((settled - 90.0).abs() < 0.05 * (between - 90.0).abs());
}
