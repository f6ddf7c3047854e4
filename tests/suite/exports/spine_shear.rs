//! Shear keys and bone inheritance modes (issue 38, item 3) written to Spine: every mode as the
//! bone's `inherit`, inheritance keys as `inherit` timelines, shear keys as `shear` / `shearx` /
//! `sheary` timelines, and spine-core 4.2 posing every vertex as limber does within 0.01 px at 41
//! times of each clip — under a spine that scales unevenly and shears, and a hip that turns and is
//! mirrored, so that each mode has something to leave out. A look-at on a sheared bone is switched off in that clip and baked with
//! its shear.

use serde_json::{Value, json};

use crate::common::gltf_support::projects::{Kind, make};

use super::spine_runtime::{export, max_error_within, require_tooling};

#[test]
fn shear_and_inheritance_modes_pose_in_spine_as_in_limber() {
    require_tooling();
    let project = make(Kind::Shear, "spine-shear");
    let (json_path, atlas) = export(&project, "shear", &["--fps", "240"]);
    let skeleton: Value = serde_json::from_slice(&std::fs::read(&json_path).unwrap()).unwrap();
    let bones = skeleton["bones"].as_array().expect("bones");
    let inherit = |name: &str| {
        bones
            .iter()
            .find(|b| b["name"] == name)
            .map(|b| b["inherit"].clone())
            .unwrap_or(Value::Null)
    };
    assert_eq!(inherit("head"), json!("noScale"));
    assert_eq!(inherit("arm_l"), json!("onlyTranslation"));
    assert_eq!(inherit("hand_r"), json!("noRotationOrReflection"));
    assert_eq!(inherit("leg_r"), json!("noScaleOrReflection"));
    assert_eq!(inherit("spine"), Value::Null, "normal is not written");
    // A bone that takes no rotation is set up at its angle in the image: arm_l points down-left,
    // (−20, 18) px on screen, so (−20, −18) in Spine's y-up frame.
    let arm_l = bones.iter().find(|b| b["name"] == "arm_l").unwrap();
    let expected = (-18.0f64).atan2(-20.0).to_degrees();
    let rotation = arm_l["rotation"].as_f64().unwrap();
    // Written with the precision the runtime reads.
    assert!(
        (rotation - expected).abs() < 1e-4,
        "{rotation} vs {expected}"
    );

    let shear = &skeleton["animations"]["shear"]["bones"];
    // The spine's x and y shear have their own curves: two timelines.
    assert!(shear["spine"]["shearx"].is_array(), "{}", shear["spine"]);
    assert!(shear["spine"]["sheary"].is_array(), "{}", shear["spine"]);
    let arm = shear["arm_r"]["sheary"]
        .as_array()
        .expect("arm_r's shear y");
    assert_eq!(arm.last().map(|k| k["value"].clone()), Some(json!(-15)));
    // leg_l's look-at is off in `shear` and the bone baked, shear and all.
    let baked = shear["leg_l"]["shear"].as_array().expect("leg_l baked");
    assert!(baked.len() > 100, "{} keys", baked.len());
    let kick = &skeleton["animations"]["shear"]["ik"]["kick"][0];
    assert_eq!(kick["mix"].as_f64(), Some(0.0), "{kick}");
    // Inheritance keys are `inherit` timelines, frame for key.
    assert_eq!(
        shear["arm_r"]["inherit"],
        json!([{"time": 0.3, "inherit": "noScaleOrReflection"}, {"time": 0.7, "inherit": "normal"}])
    );
    assert_eq!(
        shear["head"]["inherit"],
        json!([{"time": 0.45, "inherit": "onlyTranslation"}])
    );
    // `keys` has no shear: none written.
    let keys = &skeleton["animations"]["keys"]["bones"];
    for (bone, timelines) in keys.as_object().unwrap() {
        for name in ["shear", "shearx", "sheary"] {
            assert!(timelines.get(name).is_none(), "{bone}: {timelines}");
        }
    }
    let worst = max_error_within(&project, &json_path, &atlas, 0.01);
    eprintln!("shear and inheritance: largest runtime/limber difference {worst:.5} px");
}
