//! The Spine export checked by the official runtime: `@esotericsoftware/spine-core` 4.2 (pinned in
//! `tests/tooling/spine`, installed by `.ci/run`) loads each export in Node, applies every animation
//! at many times — between keys and on Bézier segments included — and its world vertices must match
//! limber's own skinned vertices (`Frame` + linear blend skinning, what `limber pose` prints) within
//! 0.01 px, on the bundled zombie rig, on a rig with stepped, linear and Bézier keys on rotation,
//! translation and scale and deform keys, on the same rig with two-bone IK (a Spine IK constraint
//! with a keyed mix) and other constraints (baked), and with visibility and draw-order keys. The
//! packed atlas is checked through the same runtime: every mesh vertex's texture coordinate, as
//! spine-core maps it through its region's bounds and offsets, lands on the page texel that holds
//! the part's image at limber's uv, on the zombie and on a 30-layer 4096 × 4096 import, which also
//! shows how few pages the packer needs. A missing Node or package fails with the command that
//! installs it.

use crate::common;
use crate::common::gltf_support;
use crate::common::node_tooling;
use crate::common::thirty_layers;

use std::path::{Path, PathBuf};
use std::process::Command;

use gltf_support::projects::{Kind, SPRITE, cpu_positions, make};
use image::RgbaImage;
use limber::core::layered::write::{LayerSpec, psd_bytes};
use limber::core::project::Project;
use limber::export::spine::attachments::vertex_order;

/// The bar: runtime and limber agree within this many pixels.
const TOLERANCE_PX: f64 = 0.01;
/// How far a texture coordinate may land from its texel, in texels: the sub-texel precision GPUs
/// filter with (8 bits). The export writes UVs to 1/256 texel of their region (`spine::lean`).
const UV_TOLERANCE_TEXEL: f64 = 1.0 / 256.0;

fn tooling() -> PathBuf {
    node_tooling::folder("spine")
}

pub(crate) fn require_tooling() {
    node_tooling::require("spine", &["@esotericsoftware/spine-core"]);
}

/// Exports `project` with `limber export --spine` into a fresh folder; returns (JSON, atlas). Every
/// bone influence is kept (`--min-weight 0`) unless `extra` says otherwise, so that the runtime
/// skins exactly limber's weights (written lean all the same).
pub(crate) fn export(project: &Path, name: &str, extra: &[&str]) -> (PathBuf, PathBuf) {
    let out = common::temp_dir(&format!("spine-out-{name}"));
    let s = |p: &Path| p.to_str().expect("UTF-8 path").to_string();
    let mut args = vec!["export".to_string(), s(project), "--spine".into(), s(&out)];
    if !extra.contains(&"--min-weight") {
        args.extend(["--min-weight".to_string(), "0".to_string()]);
    }
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

/// A JSON array of numbers.
fn numbers(array: &serde_json::Value) -> Vec<f64> {
    let values = array.as_array().expect("an array");
    values
        .iter()
        .map(|v| v.as_f64().expect("a number"))
        .collect()
}

/// Times across a clip that fall between keys and on Bézier segments (and its keys at 0).
fn times(duration: f64) -> Vec<f64> {
    (0..41).map(|k| duration * f64::from(k) / 41.0).collect()
}

/// The largest distance between the runtime's and limber's vertices over every part, clip and time;
/// each within [`TOLERANCE_PX`].
fn max_error(project_path: &Path, json: &Path, atlas: &Path) -> f64 {
    max_error_within(project_path, json, atlas, TOLERANCE_PX)
}

/// The largest distance between the runtime's and limber's vertices over every part, clip and time;
/// each within `tolerance` px.
pub(crate) fn max_error_within(
    project_path: &Path,
    json: &Path,
    atlas: &Path,
    tolerance: f64,
) -> f64 {
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
                let clip_ref = project.clip(&clip.name).unwrap();
                if !clip_ref.sample_part(&part_name, t).visible {
                    assert!(slot["attachment"].is_null(), "hidden at {t}: {slot}");
                    continue;
                }
                assert_eq!(slot["attachment"], part_name.as_str(), "at {t}");
                let vertices = numbers(&slot["vertices"]);
                let (order, _) = vertex_order(&part.mesh);
                assert_eq!(vertices.len(), order.len() * 2);
                for (k, &v) in order.iter().enumerate() {
                    let [x, y] = positions[v as usize];
                    let error = (vertices[2 * k] - x).hypot(vertices[2 * k + 1] + y);
                    assert!(
                        error <= tolerance,
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

/// spine-core's texture coordinates of every mesh attachment on its page (see `uvs.mjs`).
fn runtime_uvs(json: &Path, atlas: &Path) -> Vec<serde_json::Value> {
    let out = Command::new("node")
        .arg(tooling().join("uvs.mjs"))
        .arg(json)
        .arg(atlas)
        .current_dir(tooling())
        .output()
        .expect("node runs");
    assert!(
        out.status.success(),
        "spine-core failed on {json:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("uvs.mjs prints JSON")
}

/// `image` sampled bilinearly at (x, y) in pixels (texel centres at +0.5), clamped to its edge, as
/// premultiplied colour in 0–255 (`premultiplied`: the texels already are).
fn sample(image: &RgbaImage, x: f64, y: f64, premultiplied: bool) -> [f64; 4] {
    let texel = |i: i64, j: i64| {
        let i = i.clamp(0, i64::from(image.width()) - 1) as u32;
        let j = j.clamp(0, i64::from(image.height()) - 1) as u32;
        let [r, g, b, a] = image.get_pixel(i, j).0.map(f64::from);
        let k = if premultiplied { 1.0 } else { a / 255.0 };
        [r * k, g * k, b * k, a]
    };
    let (fx, fy) = (x - 0.5, y - 0.5);
    let (i, j) = (fx.floor() as i64, fy.floor() as i64);
    let (tx, ty) = (fx - fx.floor(), fy - fy.floor());
    let mut out = [0.0; 4];
    for (di, dj, w) in [
        (0, 0, (1.0 - tx) * (1.0 - ty)),
        (1, 0, tx * (1.0 - ty)),
        (0, 1, (1.0 - tx) * ty),
        (1, 1, tx * ty),
    ] {
        for (o, t) in out.iter_mut().zip(texel(i + di, j + dj)) {
            *o += w * t;
        }
    }
    out
}

/// Checks the atlas through the runtime: per part, spine-core's page coordinates of its vertices
/// are limber's image coordinates shifted by one whole-pixel offset, and the page sampled there
/// shows the part's image sampled at limber's uv (premultiplied, within 1.5 levels: the page's
/// premultiplication rounds). Returns the pages' sizes, as the atlas lists them.
fn check_uvs(project_path: &Path, json: &Path, atlas: &Path) -> Vec<[u32; 2]> {
    let project = Project::load(project_path).expect("project loads");
    let folder = atlas.parent().unwrap();
    let meshes = runtime_uvs(json, atlas);
    assert_eq!(meshes.len(), project.parts.len());
    let mut pages: Vec<(String, [u32; 2])> = Vec::new();
    for mesh in &meshes {
        let name = mesh["attachment"].as_str().unwrap();
        let i = project.parts.iter().position(|p| p.name == name).unwrap();
        let part = &project.parts[i];
        let image = image::open(project.image_path(project_path, i))
            .unwrap()
            .to_rgba8();
        let page_name = mesh["page"].as_str().unwrap().to_string();
        let size = [
            mesh["pageWidth"].as_u64().unwrap() as u32,
            mesh["pageHeight"].as_u64().unwrap() as u32,
        ];
        if !pages.iter().any(|(n, _)| *n == page_name) {
            pages.push((page_name.clone(), size));
        }
        let page = image::open(folder.join(&page_name)).unwrap().to_rgba8();
        assert_eq!([page.width(), page.height()], size, "{page_name}");
        let pma = mesh["pma"].as_bool().unwrap();
        let uvs = numbers(&mesh["uvs"]);
        let (order, _) = vertex_order(&part.mesh);
        assert_eq!(uvs.len(), order.len() * 2, "{name}");
        let mut shift: Option<[f64; 2]> = None;
        for (k, &v) in order.iter().enumerate() {
            let [u0, v0] = part.mesh.uvs[v as usize];
            let (x, y) = (
                u0 * f64::from(image.width()),
                v0 * f64::from(image.height()),
            );
            let (px, py) = (
                uvs[2 * k] * f64::from(size[0]),
                uvs[2 * k + 1] * f64::from(size[1]),
            );
            let here = [px - x, py - y];
            for d in here {
                assert!(
                    (d - d.round()).abs() < UV_TOLERANCE_TEXEL,
                    "{name} vertex {v}: shift {here:?}"
                );
            }
            let first = *shift.get_or_insert(here);
            assert!(
                (here[0] - first[0]).abs() < UV_TOLERANCE_TEXEL
                    && (here[1] - first[1]).abs() < UV_TOLERANCE_TEXEL,
                "{name} vertex {v}: shifted by {here:?}, vertex 0 by {first:?}"
            );
            let want = sample(&image, x, y, false);
            let seen = sample(&page, px, py, pma);
            for c in 0..4 {
                assert!(
                    (want[c] - seen[c]).abs() <= 1.5,
                    "{name} vertex {v} at ({x}, {y}): the page shows {seen:?}, the image {want:?}"
                );
            }
        }
    }
    pages.into_iter().map(|(_, size)| size).collect()
}

#[test]
fn the_runtime_poses_the_bundled_zombie_as_limber_does() {
    require_tooling();
    let project = make(Kind::Zombie, "spine-zombie");
    let (json, atlas) = export(&project, "zombie", &[]);
    let worst = max_error(&project, &json, &atlas);
    eprintln!("zombie: largest runtime/limber difference {worst:.5} px");
    let pages = check_uvs(&project, &json, &atlas);
    eprintln!("zombie: atlas pages {pages:?}");
    assert_eq!(pages.len(), 1);
    // Premultiplied pages map the same way (and say so: the runtime reads `pma:true`).
    let (json, atlas) = export(&project, "zombie-pma", &["--premultiplied"]);
    assert_eq!(check_uvs(&project, &json, &atlas), pages);
    assert!(runtime_uvs(&json, &atlas).iter().all(|m| m["pma"] == true));
}

/// The 30-layer 4096 x 4096 figure written as a PSD into a fresh folder and imported: the project
/// and the layers. Their colour changes across each layer, so that a texel read from the wrong
/// place shows.
pub(crate) fn thirty_layer_project(name: &str) -> (PathBuf, Vec<LayerSpec>) {
    let dir = common::temp_dir(name);
    let psd = dir.join("figure.psd");
    let layers = thirty_layers::layers(|i, x, y| [(x % 251) as u8, (y % 241) as u8, (i * 8) as u8]);
    let canvas = thirty_layers::CANVAS;
    std::fs::write(&psd, psd_bytes([canvas, canvas], &layers)).unwrap();
    let project = dir.join("figure.limber");
    let s = |p: &Path| p.to_str().unwrap().to_string();
    common::limber_ok(&["import", &s(&psd), "-o", &s(&project)]);
    (project, layers)
}

#[test]
fn a_30_layer_4096_import_packs_into_few_pages() {
    require_tooling();
    let (project, layers) = thirty_layer_project("spine-30-layers");
    // The layers with their padding cover 2.77 pages of 2048 x 2048 and 0.69 of 4096 x 4096.
    let area: u64 = layers
        .iter()
        .map(|l| u64::from(l.image.width() + 2) * u64::from(l.image.height() + 2))
        .sum();
    for (max_page, most) in [(2048u32, 4usize), (4096, 1)] {
        let started = std::time::Instant::now();
        let (json, atlas) = export(
            &project,
            &format!("figure-{max_page}"),
            &["--max-page", &max_page.to_string()],
        );
        let seconds = started.elapsed().as_secs_f64();
        let pages = check_uvs(&project, &json, &atlas);
        eprintln!(
            "30 layers, --max-page {max_page}: {} pages {pages:?} in {seconds:.2} s",
            pages.len()
        );
        assert!(pages.len() as u64 >= area.div_ceil(u64::from(max_page).pow(2)));
        assert!(pages.len() <= most, "{pages:?}");
        assert!(pages.iter().all(|&[w, h]| w <= max_page && h <= max_page));
    }
}

#[test]
fn the_runtime_matches_stepped_linear_bezier_scale_and_deform_keys() {
    require_tooling();
    let project = make(Kind::Keys, "spine-keys");
    let (json, atlas) = export(&project, "keys", &[]);
    let text = std::fs::read_to_string(&json).unwrap();
    assert!(text.contains("\"stepped\"") && text.contains("\"deform\""));
    // goal's translation and spine's scale have a curve per value: split timelines.
    let skeleton: serde_json::Value = serde_json::from_str(&text).unwrap();
    let goal = &skeleton["animations"]["keys"]["bones"]["goal"];
    assert!(
        goal["translatex"].is_array() && goal["translatey"].is_array(),
        "{goal}"
    );
    assert!(goal.get("translate").is_none());
    let spine = &skeleton["animations"]["eased"]["bones"]["spine"];
    assert!(
        spine["scalex"].is_array() && spine["scaley"].is_array(),
        "{spine}"
    );
    let worst = max_error(&project, &json, &atlas);
    eprintln!("keys: largest runtime/limber difference {worst:.5} px");
}

#[test]
fn the_runtime_matches_baked_ik_and_constraints() {
    require_tooling();
    let project = make(Kind::Constrained, "spine-constrained");
    let (json, atlas) = export(&project, "constrained", &["--fps", "240"]);
    // The two-bone chain is a Spine IK constraint (on in `keys`, off in `eased`, which scales an
    // ancestor); the rest is baked.
    let skeleton: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    assert_eq!(
        skeleton["ik"][0]["bones"],
        serde_json::json!(["arm_r", "hand_r"])
    );
    assert!(skeleton["animations"]["keys"]["ik"]["reach"].is_array());
    assert_eq!(
        skeleton["animations"]["eased"]["ik"]["reach"][0]["mix"],
        0.0
    );
    let worst = max_error(&project, &json, &atlas);
    eprintln!("constrained: largest runtime/limber difference {worst:.5} px");
}

/// A rig whose clip hides the part for a while and keys translation with Bézier handles that
/// overshoot, scale stepped.
const VISIBILITY_RIG: &str = r#"{"bones": [
  {"name": "body", "parent": null, "head": [48, 110], "tail": [48, 60]},
  {"name": "top", "parent": "body", "head": [48, 60], "tail": [48, 20]}],
 "clips": [{"name": "blink", "duration": 1.0, "loop": false, "keys": [
  {"bone": "body", "time": 0.1, "translate": [0, 0], "interp": [0.3, -0.4, 0.6, 1.5]},
  {"bone": "body", "time": 0.9, "translate": [10, -6]},
  {"bone": "top", "time": 0.0, "scale": [1, 1], "interp": "stepped"},
  {"bone": "top", "time": 0.5, "scale": [1.4, 0.7]}],
  "parts": [
   {"part": "kenney_zombie_walk0", "time": 0.3, "visible": false},
   {"part": "kenney_zombie_walk0", "time": 0.6, "visible": true}]}]}"#;

#[test]
fn the_runtime_hides_parts_as_limber_does() {
    require_tooling();
    let dir = common::temp_dir("spine-visibility");
    let rig = dir.join("rig.json");
    std::fs::write(&rig, VISIBILITY_RIG).unwrap();
    let project = dir.join("blink.limber");
    let s = |p: &Path| p.to_str().unwrap().to_string();
    common::limber_ok(&[
        "new",
        &s(&common::sprite(SPRITE)),
        "--rig",
        &s(&rig),
        "-o",
        &s(&project),
    ]);
    let (json, atlas) = export(&project, "blink", &[]);
    // limber holds the first visibility key before it: hidden from 0 to 0.6.
    let frames = runtime(&json, &atlas, "blink", &[0.1, 0.45, 0.7]);
    let shown: Vec<bool> = frames
        .iter()
        .map(|f| !f["slots"]["kenney_zombie_walk0"]["attachment"].is_null())
        .collect();
    assert_eq!(shown, vec![false, false, true]);
    let worst = max_error(&project, &json, &atlas);
    eprintln!("blink: largest runtime/limber difference {worst:.5} px");
}

#[test]
fn bad_spine_exports_fail_with_one_line() {
    let project = make(Kind::Keys, "spine-bad");
    let out = common::temp_dir("spine-bad-out");
    let s = |p: &Path| p.to_str().unwrap().to_string();
    // Each bad option fails with one line that says which.
    let fails_with = |extra: &[&str], wanted: &[&str]| {
        let mut args = vec!["export".to_string(), s(&project), "--spine".into(), s(&out)];
        args.extend(extra.iter().map(|a| a.to_string()));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let failed = common::limber(&args);
        assert_eq!(failed.status.code(), Some(1), "{extra:?}");
        let stderr = String::from_utf8_lossy(&failed.stderr);
        assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
        for w in wanted {
            assert!(stderr.contains(w), "{extra:?}: {w:?} not in {stderr}");
        }
    };
    fails_with(&["--fps", "0"], &["--fps 0"]);
    fails_with(&["--max-page", "10"], &["--max-page 10"]);
    fails_with(&["--min-weight", "0.7"], &["--min-weight 0.7"]);
    fails_with(&["--min-weight", "-0.1"], &["--min-weight -0.1"]);
    // A part larger than the page (the sprite is 96 x 128).
    fails_with(
        &["--max-page", "64"],
        &["\"kenney_zombie_walk0\"", "--max-page 64", "fits it"],
    );
    assert!(!out.join("project.json").exists(), "nothing written");
    // A folder that cannot be made (under a file) is named.
    let file = out.join("file");
    std::fs::write(&file, b"x").unwrap();
    let blocked = file.join("sub");
    let failed = common::limber(&["export", &s(&project), "--spine", &s(&blocked)]);
    assert_eq!(failed.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&failed.stderr);
    assert!(
        stderr.contains(&s(&blocked)) && stderr.contains("cannot write"),
        "{stderr}"
    );
    // Neither --gltf nor --spine: clap's usage error.
    assert!(!common::limber(&["export", &s(&project)]).status.success());
}

#[test]
fn the_runtime_reorders_slots_as_limber_draws_parts() {
    use limber::core::animation::{Clip, Interpolation, PartKeyRecord};
    use limber::core::frame::Frame;
    use limber::core::pose::PoseSolver;

    require_tooling();
    let path = make(Kind::Keys, "spine-draw-order");
    let mut project = Project::load(&path).expect("project loads");
    // A second part (a copy of the first) in front, then behind from 0.4, in front again from 0.75.
    let mut copy = project.parts[0].clone();
    copy.name = "copy".into();
    copy.draw_order = 1;
    project.parts.push(copy);
    let mut record = project.rig.clips[0].to_record();
    for (time, order) in [(0.4, -1), (0.75, 2)] {
        record.parts.push(PartKeyRecord {
            part: "copy".into(),
            time,
            draw_order: Some(order),
            visible: None,
            deform: None,
            interp: Interpolation::STEPPED,
        });
    }
    project.rig.clips[0] = Clip::from_record(&record, &project.rig.skeleton).unwrap();
    project.save(&path).unwrap();
    let (json, atlas) = export(&path, "draw-order", &[]);
    let times = [0.0, 0.3, 0.5, 0.74, 0.8];
    let clip = &project.rig.clips[0];
    let frames = runtime(&json, &atlas, &clip.name, &times);
    let solver = PoseSolver::new(&project.rig.skeleton).unwrap();
    for (frame, &t) in frames.iter().zip(&times) {
        let limber_order: Vec<String> = Frame::sample(&project, &solver, Some(clip), t)
            .draw_sequence()
            .iter()
            .map(|p| project.parts[p.part].name.clone())
            .collect();
        let spine_order: Vec<String> = frame["drawOrder"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap().to_string())
            .collect();
        assert_eq!(spine_order, limber_order, "at {t}");
    }
    let first = frames[2]["drawOrder"][0].as_str().unwrap().to_string();
    assert_eq!(first, "copy", "behind at 0.5");
    let worst = max_error(&path, &json, &atlas);
    eprintln!("draw order: largest runtime/limber difference {worst:.5} px");
}

/// Issue 39, round 3: a project named `a:b.limber` or ` lead.limber` gets atlas pages whose names
/// the runtime resolves (a `:` read as a field, a leading space trimmed away before): spine-core
/// finds every mesh's page, and that page is a file the export wrote.
#[test]
fn page_names_of_odd_project_names_resolve_in_the_runtime() {
    require_tooling();
    let project = make(Kind::Zombie, "spine-odd-names");
    let folder = project.parent().expect("a folder").to_path_buf();
    for odd in ["a:b", " lead"] {
        let renamed = folder.join(format!("{odd}.limber"));
        std::fs::copy(&project, &renamed).expect("a copy under the odd name");
        let out = common::temp_dir(&format!("spine-odd-{}", odd.trim().replace(':', "_")));
        let s = |p: &Path| p.to_str().expect("UTF-8 path").to_string();
        common::limber_ok(&["export", &s(&renamed), "--spine", &s(&out)]);
        let json = out.join(format!("{odd}.json"));
        let atlas = out.join(format!("{odd}.atlas"));
        let meshes = runtime_uvs(&json, &atlas);
        assert!(!meshes.is_empty(), "{odd}: meshes");
        for mesh in &meshes {
            let page = mesh["page"].as_str().expect("a page name");
            assert!(
                out.join(page).is_file(),
                "{odd:?}: the runtime's page {page:?} is a file the export wrote"
            );
        }
    }
}
