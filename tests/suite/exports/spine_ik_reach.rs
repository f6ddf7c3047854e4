//! IK that reaches as Spine 4.2's does (issue 38, item 1): a uniformly stretching two-bone chain, a
//! soft two-bone chain and a one-bone chain that compresses and stretches are written live as Spine
//! IK constraints with their settings (each IK timeline frame carrying them too), their bones keep
//! their own keys, and spine-core 4.2 poses every vertex as limber does within 0.01 px at 41 times
//! of each clip — in `reach`, whose targets sweep in and out of reach so that every setting acts.
//! The same rig's glTF export is checked by `gltf_export` and `gltf_tools`.

use serde_json::{Value, json};

use crate::common::gltf_support::projects::{Kind, make};
use limber::core::frame::Frame;
use limber::core::pose::PoseSolver;
use limber::core::project::Project;

use super::spine_runtime::{export, max_error_within, require_tooling};

#[test]
fn stretch_softness_and_compress_are_live_spine_ik_and_the_runtime_matches_limber() {
    require_tooling();
    let project = make(Kind::IkReach, "spine-ik-reach");
    let (json_path, atlas) = export(&project, "ik-reach", &["--fps", "240"]);
    let skeleton: Value = serde_json::from_slice(&std::fs::read(&json_path).unwrap()).unwrap();
    let ik = skeleton["ik"].as_array().expect("IK constraints");
    let setting = |c: &Value, key: &str| c.get(key).cloned().unwrap_or(Value::Null);
    let summary: Vec<Value> = ik
        .iter()
        .map(|c| {
            json!([
                c["name"],
                c["bones"],
                setting(c, "softness"),
                setting(c, "stretch"),
                setting(c, "compress"),
                setting(c, "uniform")
            ])
        })
        .collect();
    assert_eq!(
        summary,
        vec![
            json!(["nod", ["spine", "head"], null, true, null, true]),
            json!(["reach", ["arm_r", "hand_r"], 4, null, null, null]),
            json!(["squash", ["arm_l"], null, true, true, null]),
        ]
    );
    // In `reach` the mix keys are an IK timeline whose frames keep the softness; the chains' bones
    // keep their own keys (none), nothing is baked at 240 per second.
    let reach = &skeleton["animations"]["reach"];
    let frames = reach["ik"]["reach"].as_array().expect("reach's mix keys");
    assert!(frames.iter().all(|f| f["softness"] == 4.0), "{frames:?}");
    for bone in ["spine", "head", "arm_r", "hand_r", "arm_l"] {
        assert!(
            reach["bones"].get(bone).is_none(),
            "{bone} baked: {}",
            reach["bones"]
        );
    }
    // Every setting acts somewhere in `reach`: the spine grows, arm_l shrinks and grows.
    let (spine, arm) = scales_over(&project, "reach");
    assert!(
        spine.1 > 1.2 && (spine.0 - 1.0).abs() < 1e-12,
        "spine {spine:?}"
    );
    assert!(arm.0 < 0.8 && arm.1 > 1.05, "arm_l {arm:?}");
    let worst = max_error_within(&project, &json_path, &atlas, 0.01);
    eprintln!("IK reach: largest runtime/limber difference {worst:.5} px");
}

/// The least and largest x scale that limber's IK gives `spine` and `arm_l` over `clip`.
fn scales_over(project: &std::path::Path, clip: &str) -> ((f64, f64), (f64, f64)) {
    let project = Project::load(project).expect("project loads");
    let solver = PoseSolver::new(&project.rig.skeleton).unwrap();
    let clip = project.clip(clip).expect("clip");
    let index = |name: &str| project.rig.skeleton.index_of(name).unwrap();
    let (spine, arm) = (index("spine"), index("arm_l"));
    let mut ranges = ((f64::MAX, f64::MIN), (f64::MAX, f64::MIN));
    for k in 0..=100 {
        let frame = Frame::sample(&project, &solver, Some(clip), f64::from(k) / 100.0);
        for (bone, range) in [(spine, &mut ranges.0), (arm, &mut ranges.1)] {
            let scale = frame.pose.bones[bone].scale[0];
            *range = (range.0.min(scale), range.1.max(scale));
        }
    }
    ranges
}
