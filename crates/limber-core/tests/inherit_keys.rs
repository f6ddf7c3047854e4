//! Keyed inheritance (format version 14, Spine's `inherit` timeline): a key sets a bone's mode
//! from its time to the bone's next inheritance key, the rig's mode holds before the first, the
//! bone keeps its setup rest angle (as Spine keeps its setup rotation), and a bone that a
//! constraint moves may not be keyed to take less than everything.

use glam::DVec2;
use limber_core::inherit::Inherit;
use limber_core::pose::PoseSolver;
use limber_core::rig::{RigFile, parse_rig};

/// `arm` hangs from `hip` (both drawn along +x), which turns 90° counter-clockwise over the clip;
/// the arm is keyed to take position only from 0.5 s and everything again from 0.8 s.
const RIG: &str = r#"{
  "bones": [
    {"name": "hip", "parent": null, "head": [20, 60], "tail": [50, 60]},
    {"name": "arm", "parent": "hip", "head": [50, 60], "tail": [80, 60]}
  ],
  "clips": [{"name": "turn", "duration": 1, "keys": [
    {"bone": "hip", "time": 0, "rotate": 0, "interp": "linear"},
    {"bone": "hip", "time": 1, "rotate": 90},
    {"bone": "arm", "time": 0.5, "inherit": "onlyTranslation"},
    {"bone": "arm", "time": 0.8, "rotate": 0, "inherit": "normal"}
  ]}]
}"#;

#[test]
fn an_inheritance_key_steps_and_the_rig_mode_holds_before_it() {
    let rig = parse_rig(RIG).unwrap();
    let clip = &rig.clips[0];
    let keyed = |t: f64| clip.sample(t).bones[1].inherit;
    assert_eq!(keyed(0.0), None);
    assert_eq!(keyed(0.4999), None);
    assert_eq!(keyed(0.5), Some(Inherit::OnlyTranslation));
    assert_eq!(keyed(0.79), Some(Inherit::OnlyTranslation));
    assert_eq!(keyed(0.8), Some(Inherit::Normal));
    assert_eq!(keyed(1.0), Some(Inherit::Normal));
    // The hip's own sampling is untouched by the arm's mode keys.
    assert_eq!(clip.sample(0.6).bones[0].inherit, None);
}

#[test]
fn a_keyed_mode_poses_the_bone_as_that_mode_would() {
    let rig = parse_rig(RIG).unwrap();
    let solver = PoseSolver::new(&rig.skeleton).unwrap();
    let arm_axis = |t: f64| solver.world(&rig.clips[0].sample(t))[1].matrix2.x_axis;
    let head = |t: f64| solver.world(&rig.clips[0].sample(t))[1].translation;
    // Before the key the arm turns with the hip (45° counter-clockwise on screen at 0.5 s, less
    // a hair before it).
    let before = arm_axis(0.49);
    assert!(before.y < -0.6, "{before}");
    // From 0.5 s it takes position only: it points where it was drawn, along +x, while its head
    // still rides the turned hip.
    assert!(
        arm_axis(0.5).abs_diff_eq(DVec2::X, 1e-12),
        "{}",
        arm_axis(0.5)
    );
    assert!(arm_axis(0.7).abs_diff_eq(DVec2::X, 1e-12));
    assert!(
        (head(0.7) - head(0.49)).length() > 5.0,
        "the head still moves"
    );
    // From 0.8 s it takes everything again and turns with the hip.
    let after = arm_axis(0.9);
    let hip_turn = 0.9 * 90f64.to_radians();
    let expected = DVec2::new(hip_turn.cos(), -hip_turn.sin());
    assert!(after.abs_diff_eq(expected, 1e-12), "{after} vs {expected}");
}

#[test]
fn a_mode_keyed_under_a_parent_turned_at_rest_keeps_the_setup_rest_angle() {
    // The hip points up (turned at rest); the arm is drawn along +x, 90° from it. A normal bone's
    // rest angle is its angle to its parent, so keyed onlyTranslation it points 90° from the
    // image's x axis, as Spine would pose it from the same setup rotation.
    let upright = RIG
        .replace(
            r#""head": [20, 60], "tail": [50, 60]"#,
            r#""head": [50, 90], "tail": [50, 60]"#,
        )
        .replace(r#""time": 0.5, "inherit""#, r#""time": 0.0, "inherit""#);
    let rig = parse_rig(&upright).unwrap();
    let solver = PoseSolver::new(&rig.skeleton).unwrap();
    let axis = solver.world(&rig.clips[0].sample(0.0))[1].matrix2.x_axis;
    // Relative to the hip the arm turns 90° clockwise on screen; as an image angle that is +y.
    assert!(axis.abs_diff_eq(DVec2::Y, 1e-12), "{axis}");
}

#[test]
fn inheritance_keys_write_back_and_two_at_one_time_are_refused() {
    let rig = parse_rig(RIG).unwrap();
    let written = serde_json::to_value(RigFile::from_rig(&rig)).unwrap();
    let keys = written["clips"][0]["keys"].as_array().unwrap();
    let arm: Vec<_> = keys.iter().filter(|k| k["bone"] == "arm").collect();
    assert_eq!(arm[0]["inherit"], "onlyTranslation");
    assert_eq!(arm[1]["inherit"], "normal");
    assert!(
        keys.iter()
            .filter(|k| k["bone"] == "hip")
            .all(|k| k.get("inherit").is_none()),
        "a key without a mode writes none"
    );
    assert_eq!(
        parse_rig(&serde_json::to_string(&written).unwrap()).unwrap(),
        rig
    );
    let twice = RIG.replace(
        r#"{"bone": "arm", "time": 0.8, "rotate": 0, "inherit": "normal"}"#,
        r#"{"bone": "arm", "time": 0.8, "rotate": 0, "inherit": "normal"},
           {"bone": "arm", "time": 0.8, "inherit": "noScale"}"#,
    );
    let error = parse_rig(&twice).unwrap_err().to_string();
    assert!(
        error.contains("inherit") && error.contains("arm"),
        "{error}"
    );
}

#[test]
fn a_constrained_bone_keyed_to_take_less_is_refused_in_one_line() {
    let sprung = RIG.replacen(
        r#""clips""#,
        r#""springs": [{"bone": "arm", "frequency": 2, "damping": 0.5}], "clips""#,
        1,
    );
    let error = parse_rig(&sprung).unwrap_err().to_string();
    assert!(error.contains("clip \"turn\""), "{error}");
    assert!(error.contains("a spring"), "{error}");
    assert!(error.contains("position only"), "{error}");
    assert!(!error.contains('\n'), "{error}");
    // Keyed back to normal only, the spring's bone is fine.
    let normal_only = sprung.replace(
        r#"{"bone": "arm", "time": 0.5, "inherit": "onlyTranslation"},"#,
        "",
    );
    parse_rig(&normal_only).unwrap();
}
