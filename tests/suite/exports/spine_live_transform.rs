//! Transform constraints written live to Spine (issue 38, item 2, in part): limber's transform
//! constraint computes what Spine's does in each of its four modes, so `copy` (world, absolute:
//! leg_l toward leg_r by rotation, separate x/y and along/across mixes, with every offset), `lean`
//! (the head turning with arm_r, its mix keyed), `sway` (local, absolute), `drift` (world,
//! relative) and `wag` (local, relative) become Spine `transform` constraints; their bones keep their own keys, a keyed mix becomes
//! a transform timeline scaling the mixes, and spine-core 4.2 poses every vertex as limber does
//! within 0.01 px at 41 times of each clip. In `eased`, which scales the head's ancestor, `lean` is
//! switched off (every mix 0) and its bone baked; `copy` stays live.

use serde_json::{Value, json};

use crate::common::gltf_support::projects::{Kind, make};

use super::spine_runtime::{export, max_error_within, require_tooling};

#[test]
fn transform_constraints_are_live_in_spine_and_the_runtime_matches_limber() {
    require_tooling();
    let project = make(Kind::LiveTransform, "spine-live-transform");
    let (json_path, atlas) = export(&project, "live-transform", &["--fps", "240"]);
    let skeleton: Value = serde_json::from_slice(&std::fs::read(&json_path).unwrap()).unwrap();
    let transforms = skeleton["transform"]
        .as_array()
        .expect("transform constraints");
    let summary: Vec<Value> = transforms
        .iter()
        .map(|c| {
            json!([
                c["name"],
                c["bones"],
                c["target"],
                c["mixRotate"],
                c["mixX"],
                c["mixY"],
                c["mixScaleX"],
                c["mixScaleY"],
                c["mixShearY"]
            ])
        })
        .collect();
    assert_eq!(
        summary,
        vec![
            json!(["copy", ["leg_l"], "leg_r", 0.5, 0.3, 0.2, 0.6, 0.4, 0.5]),
            json!(["lean", ["head"], "arm_r", 1, 0, 0, 0, 0, 0]),
            json!(["sway", ["tuft"], "leg_r", 0.4, 0.3, 0.3, 0.5, 0.5, 0.6]),
            json!(["drift", ["hand_r"], "goal", 0.3, 0.05, 0.08, 0.2, 0.2, 0.7]),
            json!(["wag", ["tail"], "leg_r", 0.5, 0.1, 0.1, 0.3, 0.3, 0.4]),
        ]
    );
    let modes: Vec<Value> = transforms
        .iter()
        .map(|c| json!([c.get("local"), c.get("relative")]))
        .collect();
    assert_eq!(
        modes,
        vec![
            json!([null, null]),
            json!([null, null]),
            json!([true, null]),
            json!([null, true]),
            json!([true, true]),
        ]
    );
    // copy's offsets, the point's y counted the other way across the bone; the shear as it is.
    let offsets: Vec<Value> = ["rotation", "x", "y", "scaleX", "scaleY", "shearY"]
        .iter()
        .map(|k| transforms[0][*k].clone())
        .collect();
    assert_eq!(
        offsets,
        [
            json!(20),
            json!(4),
            json!(3),
            json!(0.1),
            json!(-0.2),
            json!(25)
        ]
    );
    let shear_offsets: Vec<Value> = transforms.iter().map(|c| c["shearY"].clone()).collect();
    assert_eq!(
        shear_offsets,
        [json!(25), Value::Null, json!(-15), json!(12), Value::Null]
    );
    // `keys`: lean's keyed mix scales its mixes (a Bézier split into sub-curves, then linear);
    // leg_l keeps its three rotation keys, the head has none: nothing baked at 240 per second.
    let keys = &skeleton["animations"]["keys"];
    let lean = keys["transform"]["lean"]
        .as_array()
        .expect("lean's mix keys");
    assert!(lean[0]["curve"].is_array(), "{lean:?}");
    assert_eq!(
        lean.last().map(|k| k["mixRotate"].clone()),
        Some(json!(0.3))
    );
    assert!(keys["bones"].get("head").is_none(), "{}", keys["bones"]);
    // The local and relative ones are live in `keys` too: their bones are neither keyed nor baked.
    for bone in ["tuft", "tail"] {
        assert!(
            keys["bones"].get(bone).is_none(),
            "{bone}: {}",
            keys["bones"]
        );
    }
    let leg = keys["bones"]["leg_l"]["rotate"]
        .as_array()
        .expect("leg_l's keys");
    assert!(leg.len() <= 4, "keys, not a bake: {} keys", leg.len());
    // `eased` scales the spine: lean is off (every mix 0) and the head baked; copy stays live.
    let eased = &skeleton["animations"]["eased"];
    let off = &eased["transform"]["lean"][0];
    for mix in [
        "mixRotate",
        "mixX",
        "mixY",
        "mixScaleX",
        "mixScaleY",
        "mixShearY",
    ] {
        assert_eq!(off[mix], 0, "{mix}: {off}");
    }
    assert!(eased["transform"].get("copy").is_none());
    assert!(eased["bones"]["head"]["rotate"].as_array().unwrap().len() > 100);
    let worst = max_error_within(&project, &json_path, &atlas, 0.01);
    eprintln!("live transform: largest runtime/limber difference {worst:.5} px");
}
