//! Path constraints (issue 38, item 5) written live to Spine: each path as a path attachment in a
//! slot on the bone that carries it, each constraint with its modes, offsets and mixes, a keyed
//! mix as a path `mix` timeline, keyed positions and spacings as path `position` and `spacing`
//! timelines, and spine-core 4.2 posing every vertex as limber does within
//! 0.01 px at 41 times of each clip — a tail stretched along a curve the hip carries (chainScale,
//! its mix keyed), an arm laid part-mixed on a curve the spine carries (chain), and the head turned
//! along a closed loop a moving bone carries (tangent, an offset, a fixed position). In `eased`,
//! which scales the spine, the two constraints below it are switched off and their bones baked.

use serde_json::Value;

use crate::common::gltf_support::projects::{Kind, make};

use super::spine_runtime::{export, max_error_within, require_tooling};

#[test]
fn path_constraints_pose_in_spine_as_in_limber() {
    require_tooling();
    let project = make(Kind::Path, "spine-path");
    let (json_path, atlas) = export(&project, "path", &["--fps", "240"]);
    let skeleton: Value = serde_json::from_slice(&std::fs::read(&json_path).unwrap()).unwrap();
    let paths = skeleton["path"].as_array().expect("live path constraints");
    let names: Vec<&str> = paths.iter().filter_map(|p| p["name"].as_str()).collect();
    assert_eq!(names, ["rope", "reach", "lean"]);
    assert_eq!(paths[0]["rotateMode"], "chainScale");
    assert_eq!(paths[0]["spacingMode"], "fixed");
    assert_eq!(paths[2]["positionMode"], "fixed");
    assert_eq!(paths[2]["target"], "path lean");
    let slot = skeleton["slots"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["name"] == "path lean")
        .expect("the loop's slot");
    assert_eq!(slot["bone"], "goal");
    let loop_attachment = &skeleton["skins"][0]["attachments"]["path lean"]["lean"];
    assert_eq!(loop_attachment["type"], "path");
    assert_eq!(loop_attachment["closed"], true);
    assert_eq!(loop_attachment["vertexCount"], 12);
    let rope = &skeleton["animations"]["keys"]["path"]["rope"]["mix"];
    assert!(rope.as_array().is_some_and(|k| k.len() >= 3), "{rope}");
    // Position and spacing keys (version 13): a frame at 0 holds lean's first key, an eased
    // segment is split into sub-curves, a stepped one is one frame.
    let keyed = &skeleton["animations"]["keys"]["path"];
    let position = keyed["rope"]["position"]
        .as_array()
        .expect("rope's positions");
    assert!(
        position.len() > 3 && position[0]["value"] == 0.05,
        "{position:?}"
    );
    let spacing = keyed["rope"]["spacing"]
        .as_array()
        .expect("rope's spacings");
    let values: Vec<&Value> = spacing.iter().map(|k| &k["value"]).collect();
    assert_eq!(values, [&Value::from(6), &Value::from(6), &Value::from(11)]);
    assert_eq!(spacing[1]["curve"], "stepped", "{spacing:?}");
    let lean = keyed["lean"]["position"]
        .as_array()
        .expect("lean's positions");
    assert_eq!(
        (lean[0]["time"].as_f64(), lean[0]["value"].as_f64()),
        (Some(0.0), Some(12.0))
    );
    let off = &skeleton["animations"]["eased"]["path"]["reach"]["mix"][0];
    assert_eq!(off["mixRotate"].as_f64(), Some(0.0), "{off}");
    // The tail is moved by its path alone: in `keys` its bones are not baked.
    let baked = &skeleton["animations"]["keys"]["bones"];
    assert!(baked.get("tail_2").is_none(), "{}", baked["tail_2"]);
    let worst = max_error_within(&project, &json_path, &atlas, 0.01);
    eprintln!("path constraints: largest runtime/limber difference {worst:.5} px");
}
