//! Look-at constraints written live to Spine (issue 38, item 1): look-at constraints on the head
//! and on the left arm, both aiming at a moving bone with keyed mixes (Bézier and linear), become
//! one-bone Spine IK constraints applied after the two-bone ones;
//! their bones keep their own keys instead of baked ones, and spine-core 4.2 poses the skeleton as
//! limber does within 0.01 px at 41 times of each clip. In the clip that scales an ancestor they
//! are switched off (mix 0) and baked, and the export says so.

use crate::common;
use crate::common::gltf_support::projects::{Kind, make};

use std::path::Path;

use serde_json::{Value, json};

use super::spine_runtime::{export, max_error_within, require_tooling};

#[test]
fn look_at_constraints_are_live_spine_ik_and_the_runtime_matches_limber() {
    require_tooling();
    let project = make(Kind::LiveIk, "spine-live-ik");
    let (json_path, atlas) = export(&project, "live-ik", &["--fps", "240"]);
    let skeleton: Value = serde_json::from_slice(&std::fs::read(&json_path).unwrap()).unwrap();
    let ik = skeleton["ik"].as_array().expect("IK constraints");
    let summary: Vec<Value> = ik
        .iter()
        .map(|c| json!([c["name"], c["order"], c["bones"], c["target"], c["mix"]]))
        .collect();
    assert_eq!(
        summary,
        vec![
            json!(["watch", 0, ["head"], "goal", 0.7]),
            json!(["point", 1, ["arm_l"], "goal", 0.6]),
        ]
    );
    // Live in `keys`: the mixes are IK timelines, the bones keep their own keys (arm_l's two
    // rotation keys, none on the head), nothing baked at 240 per second.
    let keys = &skeleton["animations"]["keys"];
    let watch = keys["ik"]["watch"].as_array().expect("watch's mix keys");
    assert!(watch[0]["curve"].is_array(), "a Bézier mix: {watch:?}");

    assert!(keys["ik"]["point"].is_array());
    assert!(keys["bones"].get("head").is_none(), "{}", keys["bones"]);
    let arm = keys["bones"]["arm_l"]["rotate"]
        .as_array()
        .expect("arm_l's keys");
    assert!(arm.len() <= 4, "keys, not a bake: {} keys", arm.len());
    // Off in `eased`, which scales their ancestor: mix 0 and baked.
    let eased = &skeleton["animations"]["eased"];
    for name in ["watch", "point"] {
        assert_eq!(eased["ik"][name][0]["mix"], 0.0, "{name}");
    }
    assert!(eased["bones"]["head"]["rotate"].as_array().unwrap().len() > 100);
    let worst = max_error_within(&project, &json_path, &atlas, 0.01);
    eprintln!("live look-at: largest runtime/limber difference {worst:.5} px");
    // The export names what it baked: only the clip that switches them off.
    let out = common::temp_dir("spine-live-ik-warnings");
    let s = |p: &Path| p.to_str().unwrap().to_string();
    let done = common::limber(&["export", &s(&project), "--spine", &s(&out)]);
    assert!(done.status.success());
    let stderr = String::from_utf8_lossy(&done.stderr);
    assert!(!stderr.contains("clip \"keys\""), "{stderr}");
    assert!(
        stderr.contains("clip \"eased\"") && stderr.contains("head"),
        "{stderr}"
    );
}
