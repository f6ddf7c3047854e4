//! Slots from a layered file to the screen and to Spine, end to end.
//!
//! The tagged fixture (`tests/fixtures/tagged_face`: a `[slot] eyes` group with open and closed
//! eyes, two `[skin]` groups holding a body each, an `[ignore]` layer) is imported with its
//! RIG.json (an attachment key and a colour key, both first keyed after 0), rendered by `limber
//! render` and checked pixel by pixel at the keyed times, in the file's active skin and in the
//! other. Its Spine export, and that of a character made by `limber new` with every attachment kind
//! (mesh, bounding box, point, clipping), blend modes, skins, and attachment and Bézier colour keys,
//! are loaded by `@esotericsoftware/spine-core` (pinned in `tests/tooling/spine`): at 41 times
//! of every clip and in every skin, each slot's active attachment is limber's, its colour is within
//! 1/255 of limber's, and a shown bounding box's vertices are where limber poses them (0.01 px).

use crate::common;
use crate::common::node_tooling;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::{limber_ok, temp_dir};
use image::{Rgba, RgbaImage};
use limber::core::frame::Frame;
use limber::core::pose::PoseSolver;
use limber::core::project::Project;
use limber::core::slots::{AttachmentKind, Shown, posed_polygon, slot_list};

fn s(path: &Path) -> String {
    path.display().to_string()
}

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/tagged_face")
        .join(name)
}

/// `limber import face.ora --rig face_rig.json` into `dir`.
fn import_face(dir: &Path) -> PathBuf {
    let project = dir.join("face.limber");
    let out = limber_ok(&[
        "import",
        &s(&fixture("face.ora")),
        "--rig",
        &s(&fixture("face_rig.json")),
        "-o",
        &s(&project),
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("warning"), "{stderr}");
    project
}

/// Renders `clip` at 4 fps on the canvas (straight RGBA frames).
fn render(project: &Path, skin: Option<&str>, out: &Path) -> Vec<RgbaImage> {
    let mut args = vec![
        "render".to_string(),
        s(project),
        "--clip".into(),
        "blink".into(),
        "--fps".into(),
        "4".into(),
        "--frame".into(),
        "image".into(),
        "--frames".into(),
        s(out),
    ];
    if let Some(skin) = skin {
        args.extend(["--skin".into(), skin.into()]);
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    limber_ok(&args);
    (0..4)
        .map(|i| {
            image::open(out.join(format!("frame_{i:04}.png")))
                .unwrap()
                .to_rgba8()
        })
        .collect()
}

fn close(actual: &Rgba<u8>, expected: [u8; 4], what: &str) {
    let off = actual
        .0
        .iter()
        .zip(expected)
        .map(|(&a, e)| (i32::from(a) - i32::from(e)).abs())
        .max()
        .unwrap_or(0);
    assert!(off <= 2, "{what}: {:?}, expected {expected:?}", actual.0);
}

const WHITE: [u8; 4] = [255, 255, 255, 255];
const CLEAR: [u8; 4] = [0, 0, 0, 0];

#[test]
fn a_tagged_layered_character_swaps_and_tints_at_the_keyed_times_in_each_skin() {
    let dir = temp_dir("slots-face-render");
    let project = import_face(&dir);
    let loaded = Project::load(&project).unwrap();
    assert_eq!(loaded.rig.slots.active_skin.as_deref(), Some("light"));
    let parts: Vec<&str> = loaded.parts.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(
        parts,
        ["dark/body", "light/body", "eyes/open", "eyes/closed"]
    );
    let frames = render(&project, None, &dir.join("light"));
    // The eyes: closed from 0 (its first key, at 0.25 s, holds before it), open from 0.6 s.
    for (i, open) in [(0, false), (1, false), (2, false), (3, true)] {
        let (shown, gone) = if open {
            ((10, 8), (22, 8))
        } else {
            ((22, 8), (10, 8))
        };
        close(
            frames[i].get_pixel(shown.0, shown.1),
            WHITE,
            &format!("eyes at frame {i}"),
        );
        close(
            frames[i].get_pixel(gone.0, gone.1),
            CLEAR,
            &format!("other eyes at frame {i}"),
        );
    }
    // The light body tinted (1, 0.5, 0.5, 1) up to 0.25 s, then toward (1, 1, 1, 0.5) at 0.75 s.
    let body = |f: &RgbaImage| *f.get_pixel(16, 26);
    close(&body(&frames[0]), [240, 100, 80, 255], "body at 0 s");
    close(&body(&frames[1]), [240, 100, 80, 255], "body at 0.25 s");
    close(&body(&frames[2]), [240, 150, 120, 191], "body at 0.5 s");
    close(&body(&frames[3]), [240, 200, 160, 128], "body at 0.75 s");
    // Nothing of the ignored layer.
    close(frames[0].get_pixel(30, 1), CLEAR, "the [ignore] layer");
    let dark = render(&project, Some("dark"), &dir.join("dark"));
    close(&body(&dark[0]), [120, 35, 20, 255], "dark body at 0 s");
    close(&body(&dark[3]), [120, 70, 40, 128], "dark body at 0.75 s");
    close(dark[3].get_pixel(10, 8), WHITE, "eyes in the dark skin");
    let _ = std::fs::remove_dir_all(&dir);
}

/// spine-core's frames of `animation` at `times`, in `skin`.
fn runtime(
    json: &Path,
    atlas: &Path,
    animation: &str,
    skin: &str,
    times: &[f64],
) -> Vec<serde_json::Value> {
    let tooling = node_tooling::require("spine", &["@esotericsoftware/spine-core"]);
    let mut command = Command::new("node");
    command
        .arg(tooling.join("pose.mjs"))
        .arg(json)
        .arg(atlas)
        .arg(animation)
        .env("SPINE_SKIN", skin)
        .current_dir(&tooling);
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

/// Exports `project` to Spine with every bone influence kept; returns (JSON, atlas).
fn export(project: &Path, out: &Path) -> (PathBuf, PathBuf) {
    limber_ok(&[
        "export",
        &s(project),
        "--spine",
        &s(out),
        "--min-weight",
        "0",
    ]);
    let stem = project.file_stem().unwrap().to_string_lossy().into_owned();
    (
        out.join(format!("{stem}.json")),
        out.join(format!("{stem}.atlas")),
    )
}

/// Checks every slot of the runtime against limber in `skin` at 41 times of every clip; returns
/// how many (slot, time) pairs showed an attachment and how many distinct attachments showed.
fn check_spine(project: &Project, json: &Path, atlas: &Path, skin: &str) -> (usize, usize) {
    let mut project = project.clone();
    project.rig.slots.set_active_skin(skin).unwrap();
    let solver = PoseSolver::new(&project.rig.skeleton).unwrap();
    let views = slot_list(&project.parts, &project.rig.slots);
    let (mut shown_count, mut distinct) = (0, std::collections::HashSet::new());
    for clip in &project.rig.clips {
        let times: Vec<f64> = (0..41)
            .map(|k| clip.duration * f64::from(k) / 41.0)
            .collect();
        let frames = runtime(json, atlas, &clip.name, skin, &times);
        for (spine, &t) in frames.iter().zip(&times) {
            let frame = Frame::sample(&project, &solver, Some(clip), t);
            for (i, slot) in frame.slots.iter().enumerate() {
                let view = &views[i];
                let (name, kind) = match slot.shown {
                    None => (None, AttachmentKind::Mesh),
                    Some(Shown::Part(p)) => {
                        (Some(project.parts[p].name.clone()), AttachmentKind::Mesh)
                    }
                    Some(Shown::Attachment(a)) => {
                        let a = view.attachment(a).unwrap();
                        (Some(a.name().to_owned()), a.kind())
                    }
                };
                let hidden = kind == AttachmentKind::Mesh
                    && !frame.parts.iter().any(|p| p.slot == i && p.visible);
                let expected = if hidden { None } else { name };
                let theirs = &spine["slots"][&slot.name];
                let what = format!("clip {} skin {skin} at {t}: slot {}", clip.name, slot.name);
                assert_eq!(
                    theirs["attachment"].as_str(),
                    expected.as_deref(),
                    "{what}: {theirs}"
                );
                let colour: Vec<f64> = theirs["color"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|c| c.as_f64().unwrap())
                    .collect();
                for c in 0..4 {
                    assert!(
                        (colour[c] - slot.color[c]).abs() <= 1.0 / 255.0,
                        "{what}: colour {colour:?}, limber {:?}",
                        slot.color
                    );
                }
                if let (Some(name), AttachmentKind::BoundingBox) = (&expected, kind) {
                    let record = view
                        .record
                        .unwrap()
                        .attachments
                        .iter()
                        .find(|a| a.name() == name)
                        .unwrap();
                    let posed = posed_polygon(record, &project.rig.skeleton, &frame.palette);
                    let vertices = theirs["vertices"].as_array().unwrap();
                    assert_eq!(vertices.len(), posed.len() * 2, "{what}");
                    for (k, [x, y]) in posed.iter().enumerate() {
                        let (sx, sy) = (
                            vertices[2 * k].as_f64().unwrap(),
                            vertices[2 * k + 1].as_f64().unwrap(),
                        );
                        let error = (sx - x).hypot(sy + y);
                        assert!(error <= 0.01, "{what}: box vertex {k} is {error} px off");
                    }
                }
                if let Some(name) = expected {
                    shown_count += 1;
                    distinct.insert(format!("{}:{name}", slot.name));
                }
            }
        }
    }
    (shown_count, distinct.len())
}

#[test]
fn the_spine_runtime_shows_the_tagged_characters_attachments_and_colours_as_limber_does() {
    let dir = temp_dir("slots-face-spine");
    let project_path = import_face(&dir);
    let (json, atlas) = export(&project_path, &dir.join("spine"));
    let project = Project::load(&project_path).unwrap();
    let text: serde_json::Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    let skins: Vec<&str> = text["skins"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(skins, ["default", "dark", "light"]);
    for skin in ["light", "dark"] {
        let (shown, distinct) = check_spine(&project, &json, &atlas, skin);
        // Body and eyes shown at every time; both eyes and the skin's body over the clip.
        assert_eq!(shown, 2 * 41, "{skin}");
        assert_eq!(distinct, 3, "{skin}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A 32 × 32 PNG, transparent but for `colour` over x0..x1, y0..y1.
fn png(dir: &Path, name: &str, [x0, y0, x1, y1]: [u32; 4], colour: [u8; 4]) {
    RgbaImage::from_fn(32, 32, |x, y| {
        if (x0..x1).contains(&x) && (y0..y1).contains(&y) {
            Rgba(colour)
        } else {
            Rgba([0, 0, 0, 0])
        }
    })
    .save(dir.join(name))
    .unwrap();
}

#[test]
fn the_spine_runtime_plays_every_attachment_kind_blend_mode_and_skin_as_limber_does() {
    let dir = temp_dir("slots-kinds-spine");
    png(&dir, "body.png", [0, 20, 32, 32], [200, 100, 50, 255]);
    png(&dir, "open.png", [6, 4, 16, 12], WHITE);
    png(&dir, "closed.png", [18, 6, 28, 10], WHITE);
    png(&dir, "angry.png", [6, 12, 16, 18], WHITE);
    png(&dir, "shade.png", [0, 22, 10, 30], [128, 64, 255, 255]);
    let rig = r#"{
      "bones": [{"name": "root", "head": [16, 31], "tail": [16, 16]},
                {"name": "head", "parent": "root", "head": [16, 16], "tail": [16, 1]}],
      "slots": [
        {"name": "mask", "draw_order": 1, "setup": "m", "attachments": [
          {"name": "m", "type": "clipping", "end": "eyes", "bone": "head",
           "vertices": [[0, 0], [20, 0], [20, 20], [0, 20]]}]},
        {"name": "eyes", "draw_order": 2, "setup": "open", "attachments": [
          {"name": "open", "image": "open.png"}, {"name": "closed", "image": "closed.png"},
          {"name": "angry_open", "image": "angry.png"},
          {"name": "hit", "type": "boundingbox", "influences": [[[0, 0.5], [1, 0.5]], [[1, 1.0]], [[1, 1.0]]],
           "vertices": [[6, 4], [16, 4], [16, 12]]},
          {"name": "spawn", "type": "point", "bone": "head", "position": [16, 11], "rotation": 90}]},
        {"name": "shade", "draw_order": 3, "setup": "shade", "blend": "multiply",
         "color": [0.5, 1, 1, 0.8], "attachments": [{"name": "shade", "image": "shade.png"}]},
        {"name": "glow", "draw_order": 4, "blend": "additive", "attachments": [
          {"name": "glow", "image": "closed.png"}]}
      ],
      "skins": [{"name": "calm"}, {"name": "angry", "slots": {"eyes": {"open": "angry_open"}}}],
      "clips": [
        {"name": "blink", "duration": 1, "keys": [
          {"bone": "head", "time": 0, "rotate": 0}, {"bone": "head", "time": 1, "rotate": 30}],
         "slots": [
          {"slot": "eyes", "time": 0.2, "attachment": "closed", "color": [1, 1, 1, 1],
           "interp": [0.25, 0.1, 0.25, 1.0]},
          {"slot": "eyes", "time": 0.4, "attachment": "hit"},
          {"slot": "eyes", "time": 0.6, "attachment": "spawn", "color": [1, 0, 0.5, 0.5]},
          {"slot": "eyes", "time": 0.8, "attachment": "open"},
          {"slot": "glow", "time": 0.3, "attachment": "glow", "color": [0, 1, 0, 1], "interp": "stepped"},
          {"slot": "glow", "time": 0.7, "attachment": null, "color": [0, 0, 1, 1]},
          {"slot": "shade", "time": 0.5, "color": [1, 1, 1, 1]}]},
        {"name": "idle", "duration": 0.5, "keys": [
          {"bone": "root", "time": 0, "rotate": 0}, {"bone": "root", "time": 0.5, "rotate": -10}]}
      ]
    }"#;
    std::fs::write(dir.join("rig.json"), rig).unwrap();
    let project_path = dir.join("kinds.limber");
    limber_ok(&[
        "new",
        &s(&dir.join("body.png")),
        "--rig",
        &s(&dir.join("rig.json")),
        "-o",
        &s(&project_path),
    ]);
    let (json, atlas) = export(&project_path, &dir.join("spine"));
    let text = std::fs::read_to_string(&json).unwrap();
    for needed in [
        r#""type":"clipping""#,
        r#""type":"boundingbox""#,
        r#""type":"point""#,
        r#""blend":"multiply""#,
        r#""blend":"additive""#,
        r#""rgba""#,
    ] {
        assert!(text.contains(needed), "{needed} in the Spine JSON");
    }
    let project = Project::load(&project_path).unwrap();
    for skin in ["default", "calm", "angry"] {
        let (shown, distinct) = check_spine(&project, &json, &atlas, skin);
        assert!(shown > 41 * 3, "{skin}: {shown}");
        // body, mask, shade, glow, and the eyes' open, closed, hit and spawn.
        assert_eq!(distinct, 8, "{skin}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The f32 values of accessor `index` of a `.gltf` whose buffer is `bin`.
fn floats(gltf: &serde_json::Value, bin: &[u8], index: u64) -> Vec<f32> {
    let accessor = &gltf["accessors"][index as usize];
    let view = &gltf["bufferViews"][accessor["bufferView"].as_u64().unwrap() as usize];
    let start =
        view["byteOffset"].as_u64().unwrap_or(0) + accessor["byteOffset"].as_u64().unwrap_or(0);
    let per = match accessor["type"].as_str().unwrap() {
        "SCALAR" => 1,
        "VEC3" => 3,
        "VEC4" => 4,
        other => panic!("accessor type {other}"),
    };
    let count = accessor["count"].as_u64().unwrap() as usize * per;
    (0..count)
        .map(|k| {
            let at = start as usize + 4 * k;
            f32::from_le_bytes(bin[at..at + 4].try_into().unwrap())
        })
        .collect()
}

#[test]
fn the_gltf_export_shows_attachments_by_node_scale_and_passes_the_khronos_validator() {
    let dir = temp_dir("slots-face-gltf");
    let project = import_face(&dir);
    let out = dir.join("gltf").join("face.gltf");
    let printed = limber_ok(&["export", &s(&project), "--gltf", &s(&out)]);
    let stderr = String::from_utf8_lossy(&printed.stderr);
    assert!(!stderr.contains("warning"), "{stderr}");
    let gltf: serde_json::Value = serde_json::from_slice(&std::fs::read(&out).unwrap()).unwrap();
    let bin = std::fs::read(out.with_file_name("face.bin")).unwrap();
    let nodes = gltf["nodes"].as_array().unwrap();
    let node = |name: &str| nodes.iter().position(|n| n["name"] == name).unwrap();
    // At rest: the open eyes and the light body show; the closed eyes and the dark body do not.
    for (name, shown) in [
        ("eyes/open", true),
        ("eyes/closed", false),
        ("light/body", true),
        ("dark/body", false),
    ] {
        let scale = &nodes[node(name)]["scale"];
        assert_eq!(scale.is_null(), shown, "{name}: {scale}");
    }
    let animation = &gltf["animations"][0];
    let track = |name: &str| -> (String, Vec<f32>, Vec<f32>) {
        let target = node(name) as u64;
        let channel = animation["channels"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["target"]["node"] == target && c["target"]["path"] == "scale")
            .unwrap_or_else(|| panic!("a scale channel on {name}"));
        let sampler = &animation["samplers"][channel["sampler"].as_u64().unwrap() as usize];
        (
            sampler["interpolation"].as_str().unwrap().to_string(),
            floats(&gltf, &bin, sampler["input"].as_u64().unwrap()),
            floats(&gltf, &bin, sampler["output"].as_u64().unwrap()),
        )
    };
    // Closed from 0 (the first key holds before it) to 0.6 s, then open.
    let (mode, times, values) = track("eyes/closed");
    assert_eq!(mode, "STEP");
    assert_eq!(times, [0.0, 0.25, 0.6, 1.0]);
    assert_eq!(
        values,
        [1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
    );
    let (_, _, values) = track("eyes/open");
    assert_eq!(
        values,
        [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0]
    );
    // The body's colour keys animate its parts' materials through KHR_animation_pointer.
    assert!(
        gltf["extensionsUsed"]
            .as_array()
            .unwrap()
            .contains(&serde_json::json!("KHR_animation_pointer"))
    );
    for body in ["light/body", "dark/body"] {
        let mesh = nodes[node(body)]["mesh"].as_u64().unwrap() as usize;
        let material = gltf["meshes"][mesh]["primitives"][0]["material"]
            .as_u64()
            .unwrap();
        let pointer = format!("/materials/{material}/pbrMetallicRoughness/baseColorFactor");
        let channel = animation["channels"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| {
                c["target"]["extensions"]["KHR_animation_pointer"]["pointer"] == pointer.as_str()
            })
            .unwrap_or_else(|| panic!("a colour channel for {body}"));
        assert_eq!(channel["target"]["path"], "pointer");
        let sampler = &animation["samplers"][channel["sampler"].as_u64().unwrap() as usize];
        assert_eq!(sampler["interpolation"], "LINEAR");
        let times = floats(&gltf, &bin, sampler["input"].as_u64().unwrap());
        let colours = floats(&gltf, &bin, sampler["output"].as_u64().unwrap());
        assert_eq!(times, [0.0, 0.25, 0.75, 1.0], "{body}");
        assert_eq!(colours[..4], [1.0, 0.5, 0.5, 1.0], "{body}");
        assert_eq!(colours[4..8], [1.0, 0.5, 0.5, 1.0], "{body}");
        assert_eq!(
            colours[8..],
            [1.0, 1.0, 1.0, 0.5, 1.0, 1.0, 1.0, 0.5],
            "{body}"
        );
    }
    let validator = node_tooling::require("gltf", &["gltf-validator"]);
    let report = Command::new("node")
        .arg(validator.join("validate.mjs"))
        .arg(&out)
        .current_dir(&validator)
        .output()
        .expect("node runs");
    let line: serde_json::Value = serde_json::from_slice(&report.stdout).unwrap();
    assert_eq!(line["errors"], 0, "{line}");
    let _ = std::fs::remove_dir_all(&dir);
}
