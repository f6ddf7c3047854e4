//! Physics constraints written live to Spine (issue 38, item 4): limber samples Spine 4.2's physics
//! model, so the export carries `physics` constraints (not keys) and spine-core, stepped on the
//! schedule limber documents (`animation::physics_run`, repeated by `pose.mjs`: from rest at 0,
//! `skeleton.update(step)` with `Physics.update`, then one update at the time), poses every vertex
//! as `limber pose` does within 0.01 px at 41 times of each clip, with two of the mixes keyed (one
//! held at 0, where Spine leaves the constraint alone, clock and all).

use serde_json::{Value, json};

use limber::core::project::Project;

use crate::common::gltf_support::projects::{Kind, cpu_positions, make};

use super::spine_runtime::{export, max_error_within, require_tooling};

#[test]
fn physics_is_live_in_spine_and_the_runtime_swings_the_bones_as_limber_does() {
    require_tooling();
    let project = make(Kind::Physics, "spine-physics");
    let info = crate::common::limber_ok(&["info", project.to_str().unwrap()]);
    let info = String::from_utf8_lossy(&info.stdout);
    assert!(info.contains("3 physics constraints"), "{info}");
    let (json_path, atlas) = export(&project, "physics", &[]);
    let skeleton: Value = serde_json::from_slice(&std::fs::read(&json_path).unwrap()).unwrap();
    let physics = skeleton["physics"].as_array().expect("physics constraints");
    let summary: Vec<Value> = physics
        .iter()
        .map(|c| {
            json!([
                c["name"],
                c["bone"],
                c["x"],
                c["y"],
                c["rotate"],
                c["scaleX"],
                c["shearX"],
                c["fps"]
            ])
        })
        .collect();
    // Parents first: leg_l, tail and tuft all hang from the hip, in the skeleton's order.
    assert_eq!(
        summary,
        vec![
            json!(["swing", "leg_l", null, null, 1, null, 0.6, null]),
            json!(["wobble", "tail", 1, 0.7, 0.8, 0.5, null, 120]),
            json!(["bob", "tuft", null, 1, null, null, 0.5, null]),
        ]
    );
    assert_eq!(physics[1]["gravity"], 5);
    // The look-at above them is live too (a Spine IK constraint), ordered before them.
    let ik = skeleton["ik"].as_array().expect("the look-at");
    assert_eq!(
        (ik[0]["name"].clone(), ik[0]["order"].clone()),
        (json!("watch"), json!(0))
    );
    assert_eq!(physics[0]["order"], 1);
    assert_eq!(physics[2]["limit"], 300);
    // The physics bones keep their own keys: leg_l's three, the tail and tuft none.
    let keys = &skeleton["animations"]["keys"]["bones"];
    assert_eq!(keys["leg_l"]["rotate"].as_array().map(Vec::len), Some(3));
    for bone in ["tail", "tuft"] {
        assert!(keys.get(bone).is_none(), "{bone} baked: {keys}");
    }
    // The keyed mixes are physics mix timelines: wobble's linear ramp, bob's step from 0.
    let timelines = &skeleton["animations"]["keys"]["physics"];
    let mixes = |name: &str| -> Vec<Value> {
        timelines[name]["mix"]
            .as_array()
            .unwrap_or_else(|| panic!("{name}'s mix keys: {timelines}"))
            .iter()
            .map(|k| json!([k["time"], k["value"]]))
            .collect()
    };
    assert_eq!(
        mixes("wobble"),
        [json!([0, 0.3]), json!([0.2, 0.3]), json!([0.7, 1])]
    );
    assert_eq!(mixes("bob"), [json!([0, 0]), json!([0.43, 1])]);
    assert!(timelines.get("swing").is_none());
    let worst = max_error_within(&project, &json_path, &atlas, 0.01);
    let swing = physics_reach(&project);
    eprintln!(
        "physics: largest runtime/limber difference {worst:.5} px; physics moves vertices up to \
         {swing:.2} px"
    );
    assert!(swing > 2.0, "the physics barely moves anything: {swing} px");
}

/// How far physics moves any vertex from where the same project without physics puts it, over
/// both clips at 41 times each.
fn physics_reach(path: &std::path::Path) -> f64 {
    let with = Project::load(path).expect("project loads");
    let mut without = with.clone();
    without.rig.physics.clear();
    let mut farthest = 0.0f64;
    for clip in &with.rig.clips {
        for k in 0..41 {
            let t = clip.duration * f64::from(k) / 41.0;
            let a = cpu_positions(&with, &clip.name, t);
            let b = cpu_positions(&without, &clip.name, t);
            for ((_, _, p), (_, _, q)) in a.iter().zip(&b) {
                for (p, q) in p.iter().zip(q) {
                    farthest = farthest.max((p[0] - q[0]).hypot(p[1] - q[1]));
                }
            }
        }
    }
    farthest
}
