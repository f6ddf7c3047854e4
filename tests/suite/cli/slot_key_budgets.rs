//! Slot keys count against the export budgets (issue 39 round 3): a day-long clip at 240 fps whose
//! only keys are two Bézier colour keys is refused by the glTF export before it starts (it wrote a
//! 368 MB file at a 2.88 GB peak), and a Spine export whose timelines would pass the Spine budget
//! (10⁶ colour keys on 10,000 slots peaked at 1.74 GB) is refused in one line, writing nothing.

use std::path::Path;

use serde_json::json;

use super::hostile_inputs::{limber_within, refused_with, write_project, zombie};
use crate::common::temp_dir;

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn a_day_of_bezier_colour_keys_is_refused_by_the_gltf_export() {
    let dir = temp_dir("slot-budget-gltf");
    let (_, mut json) = zombie(&dir);
    let slot = json["parts"][0]["name"].clone();
    json["clips"] = json!([{
        "name": "dusk", "duration": 86400.0, "fps": 240,
        "slots": [
            {"slot": slot, "time": 0.0, "color": [1, 1, 1, 1], "interp": "bezier"},
            {"slot": slot, "time": 86400.0, "color": [1, 0, 0, 1]}
        ]
    }]);
    let (project, bytes) = write_project(&dir, "dusk.limber", &json);
    let glb = dir.join("dusk.glb");
    refused_with(
        &["export", s(&project), "--gltf", s(&glb)],
        &[],
        "dusk.limber",
        "over the limit of 20,000,000 for an export",
    );
    assert!(!glb.exists());
    assert_eq!(std::fs::read(&project).unwrap(), bytes);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn slot_keys_past_the_spine_budget_are_refused_and_nothing_is_written() {
    let dir = temp_dir("slot-budget-spine");
    let (_, mut json) = zombie(&dir);
    let slot = json["parts"][0]["name"].clone();
    let keys: Vec<_> = (0..300)
        .map(|k| json!({"slot": slot, "time": f64::from(k) / 100.0, "color": [1, 1, 1, 1]}))
        .collect();
    json["clips"] = json!([{"name": "flicker", "duration": 3.0, "slots": keys}]);
    let (project, _) = write_project(&dir, "flicker.limber", &json);
    let out = dir.join("spine");
    refused_with(
        &["export", s(&project), "--spine", s(&out)],
        &[("LIMBER_MAX_SPINE_ENTRIES", "200")],
        "flicker.limber",
        "over the limit of 200 for a Spine export",
    );
    assert!(!out.exists(), "a refused export made its folder");
    // Within the default budget the same project exports, every colour key a frame.
    let done = limber_within(&["export", s(&project), "--spine", s(&out)], &[]);
    assert!(done.status.success(), "{done:?}");
    let written: serde_json::Value =
        serde_json::from_slice(&std::fs::read(out.join("flicker.json")).unwrap()).unwrap();
    let frames = &written["animations"]["flicker"]["slots"][slot.as_str().unwrap()]["rgba"];
    assert_eq!(frames.as_array().map(Vec::len), Some(300));
    let _ = std::fs::remove_dir_all(&dir);
}
