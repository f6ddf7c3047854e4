//! IK and look-at under a transform constraint that scales their frame unevenly: limber's IK and
//! look-at assume uniform scale above them and Spine's solvers do not, so the export bakes them
//! (with a warning naming each) rather than writing them live, and spine-core 4.2 poses every
//! vertex as limber does within 0.01 px at 41 times of each clip.

use serde_json::Value;

use crate::common::gltf_support::projects::{Kind, make};

use super::spine_runtime::{export, max_error_within, require_tooling};

#[test]
fn ik_and_look_at_below_a_scaling_transform_are_baked_and_match_the_runtime() {
    require_tooling();
    let project = make(Kind::ScaledAbove, "spine-scaled-above");
    let (json_path, atlas) = export(&project, "scaled-above", &["--fps", "240"]);
    let skeleton: Value = serde_json::from_slice(&std::fs::read(&json_path).unwrap()).unwrap();
    let live: Vec<&str> = skeleton["ik"]
        .as_array()
        .map(|a| a.iter().filter_map(|c| c["name"].as_str()).collect())
        .unwrap_or_default();
    assert!(!live.contains(&"reach"), "{live:?}");
    assert!(!live.contains(&"aim"), "{live:?}");
    let worst = max_error_within(&project, &json_path, &atlas, 0.01);
    eprintln!("IK and look-at under a scaling transform: largest difference {worst:.5} px");
}
