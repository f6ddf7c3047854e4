//! glTF of clips that key no bone (issue 39): in a project without bones, a clip that keys only a
//! slot's colour keeps its colour channel, and a clip of events only still has the channel glTF
//! requires; both pass the Khronos validator with no error or warning and last the clip's length.

use crate::common;
use crate::common::node_tooling;

use std::path::Path;
use std::process::Command;

use common::{limber_new, limber_ok, temp_dir};
use image::{Rgba, RgbaImage};

fn s(path: &Path) -> String {
    path.display().to_string()
}

const RIG: &str = r#"{"bones": [], "slots": [], "clips": [
  {"name": "fade", "duration": 1, "slots": [
    {"slot": "body", "time": 0, "color": [1, 1, 1, 1]},
    {"slot": "body", "time": 1, "color": [1, 0, 0, 0.5]}]},
  {"name": "marks", "duration": 2, "events": [{"name": "step", "time": 0.5}]}]}"#;

/// The largest input time of `animation`'s samplers.
fn duration(gltf: &serde_json::Value, animation: &serde_json::Value) -> f64 {
    animation["samplers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|sampler| {
            let input = sampler["input"].as_u64().unwrap() as usize;
            gltf["accessors"][input]["max"][0].as_f64().unwrap()
        })
        .fold(0.0, f64::max)
}

#[test]
fn clips_of_only_colours_or_only_events_without_bones_export_valid_gltf() {
    let dir = temp_dir("gltf-boneless");
    let sprite = RgbaImage::from_fn(32, 32, |x, y| {
        if (4..28).contains(&x) && (4..28).contains(&y) {
            Rgba([200, 100, 50, 255])
        } else {
            Rgba([0, 0, 0, 0])
        }
    });
    sprite.save(dir.join("body.png")).unwrap();
    std::fs::write(dir.join("rig.json"), RIG).unwrap();
    let project = dir.join("p.limber");
    limber_new(&dir.join("body.png"), &dir.join("rig.json"), &project);
    let out = dir.join("gltf").join("p.gltf");
    limber_ok(&["export", &s(&project), "--gltf", &s(&out)]);
    let gltf: serde_json::Value = serde_json::from_slice(&std::fs::read(&out).unwrap()).unwrap();
    let animations = gltf["animations"].as_array().unwrap();
    assert_eq!(animations.len(), 2);
    let fade = &animations[0];
    let pointers: Vec<&serde_json::Value> = fade["channels"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["target"]["path"] == "pointer")
        .collect();
    assert_eq!(pointers.len(), 1, "{fade}");
    assert!((duration(&gltf, fade) - 1.0).abs() < 1e-6);
    let marks = &animations[1];
    assert!(!marks["channels"].as_array().unwrap().is_empty(), "{marks}");
    assert_eq!(marks["extras"]["events"][0]["name"], "step");
    assert!((duration(&gltf, marks) - 2.0).abs() < 1e-6);

    let validator = node_tooling::require("gltf", &["gltf-validator"]);
    let report = Command::new("node")
        .arg(validator.join("validate.mjs"))
        .arg(&out)
        .current_dir(&validator)
        .output()
        .expect("node runs");
    let line: serde_json::Value = serde_json::from_slice(&report.stdout).unwrap();
    assert_eq!(line["errors"], 0, "{line}");
    assert_eq!(line["warnings"], 0, "{line}");
    let _ = std::fs::remove_dir_all(&dir);
}
