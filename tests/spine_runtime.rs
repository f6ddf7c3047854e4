//! The Spine export checked by the official runtime: `@esotericsoftware/spine-core` 4.2 (pinned in
//! `tests/tooling/spine`, installed by `.ci/run`) loads each export in Node, applies every animation
//! at many times — between keys and on Bézier segments included — and its world vertices must match
//! limber's own skinned vertices (`Frame` + linear blend skinning, what `limber pose` prints) within
//! 0.01 px, on the bundled zombie rig, on a rig with stepped, linear and Bézier keys on rotation,
//! translation and scale and deform keys, and on the same rig with IK and other constraints
//! (baked). A missing Node or package fails with the command that installs it.

mod common;
mod gltf_support;

use std::path::{Path, PathBuf};
use std::process::Command;

use gltf_support::projects::{Kind, cpu_positions, make};
use limber::core::project::Project;
use limber::export::spine::attachments::vertex_order;

/// The bar: runtime and limber agree within this many pixels.
const TOLERANCE_PX: f64 = 0.01;

fn tooling() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/tooling/spine")
}

fn require_tooling() {
    let node = Command::new("node").arg("--version").output();
    assert!(
        node.as_ref().is_ok_and(|o| o.status.success()),
        "Node.js is needed for the Spine runtime check and was not found: install Node 20 or newer \
         (Debian: apt-get install -y nodejs npm)"
    );
    assert!(
        tooling()
            .join("node_modules/@esotericsoftware/spine-core")
            .exists(),
        "the npm package @esotericsoftware/spine-core is missing: run `npm ci` in tests/tooling/spine"
    );
}

/// Exports `project` with `limber export --spine` into a fresh folder; returns (JSON, atlas).
fn export(project: &Path, name: &str, extra: &[&str]) -> (PathBuf, PathBuf) {
    let out = common::temp_dir(&format!("spine-out-{name}"));
    let s = |p: &Path| p.to_str().expect("UTF-8 path").to_string();
    let mut args = vec!["export".to_string(), s(project), "--spine".into(), s(&out)];
    args.extend(extra.iter().map(|a| a.to_string()));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    common::limber_ok(&args);
    let stem = project.file_stem().unwrap().to_string_lossy().into_owned();
    let json = out.join(format!("{stem}.json"));
    let atlas = out.join(format!("{stem}.atlas"));
    assert!(json.exists() && atlas.exists(), "export wrote {out:?}");
    assert!(out.join(format!("{stem}_0.png")).exists(), "the atlas page");
    (json, atlas)
}

/// The runtime's frames of `animation` at `times`.
fn runtime(json: &Path, atlas: &Path, animation: &str, times: &[f64]) -> Vec<serde_json::Value> {
    let mut command = Command::new("node");
    command
        .arg(tooling().join("pose.mjs"))
        .arg(json)
        .arg(atlas)
        .arg(animation)
        .current_dir(tooling());
    for t in times {
        command.arg(t.to_string());
    }
    let out = command.output().expect("node runs");
    assert!(
        out.status.success(),
        "spine-core failed on {json:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("pose.mjs prints JSON")
}

/// Times across a clip that fall between keys and on Bézier segments (and its keys at 0).
fn times(duration: f64) -> Vec<f64> {
    (0..41).map(|k| duration * f64::from(k) / 41.0).collect()
}

/// The largest distance between the runtime's and limber's vertices over every part, clip and time.
fn max_error(project_path: &Path, json: &Path, atlas: &Path) -> f64 {
    let project = Project::load(project_path).expect("project loads");
    let mut worst = 0.0f64;
    for clip in &project.rig.clips {
        let times = times(clip.duration);
        let frames = runtime(json, atlas, &clip.name, &times);
        assert_eq!(frames.len(), times.len());
        let duration = frames[0]["duration"].as_f64().unwrap();
        assert!(
            (duration - clip.duration).abs() < 1e-6,
            "clip {}: the Spine animation lasts {duration} s",
            clip.name
        );
        for (frame, &t) in frames.iter().zip(&times) {
            for (part_name, _, positions) in cpu_positions(&project, &clip.name, t) {
                let part = project.parts.iter().find(|p| p.name == part_name).unwrap();
                let slot = &frame["slots"][&part_name];
                assert_eq!(slot["attachment"], part_name.as_str(), "at {t}");
                let vertices: Vec<f64> = slot["vertices"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|v| v.as_f64().unwrap())
                    .collect();
                let (order, _) = vertex_order(&part.mesh);
                assert_eq!(vertices.len(), order.len() * 2);
                for (k, &v) in order.iter().enumerate() {
                    let [x, y] = positions[v as usize];
                    let error = (vertices[2 * k] - x).hypot(vertices[2 * k + 1] + y);
                    assert!(
                        error <= TOLERANCE_PX,
                        "clip {} at {t}: part {part_name} vertex {v} is {error} px off",
                        clip.name
                    );
                    worst = worst.max(error);
                }
            }
        }
    }
    worst
}

#[test]
fn the_runtime_poses_the_bundled_zombie_as_limber_does() {
    require_tooling();
    let project = make(Kind::Zombie, "spine-zombie");
    let (json, atlas) = export(&project, "zombie", &[]);
    let worst = max_error(&project, &json, &atlas);
    eprintln!("zombie: largest runtime/limber difference {worst:.5} px");
}

#[test]
fn the_runtime_matches_stepped_linear_bezier_scale_and_deform_keys() {
    require_tooling();
    let project = make(Kind::Keys, "spine-keys");
    let (json, atlas) = export(&project, "keys", &[]);
    let text = std::fs::read_to_string(&json).unwrap();
    assert!(text.contains("\"stepped\"") && text.contains("\"deform\""));
    let worst = max_error(&project, &json, &atlas);
    eprintln!("keys: largest runtime/limber difference {worst:.5} px");
}

#[test]
fn the_runtime_matches_baked_ik_and_constraints() {
    require_tooling();
    let project = make(Kind::Constrained, "spine-constrained");
    let (json, atlas) = export(&project, "constrained", &["--fps", "240"]);
    let worst = max_error(&project, &json, &atlas);
    eprintln!("constrained: largest runtime/limber difference {worst:.5} px");
}
