//! Small, valid-looking inputs that would run away or hang, and files the loader must refuse (the
//! budgets, regular-file and loader-check rows of docs/RELIABILITY.md): each is refused at once with
//! one line naming the file and the limit or rule, and every input is byte-identical afterwards.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use common::{limber_ok, temp_dir};
use serde_json::{Value, json};

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Runs `limber ARGS` (with `env` set), killing it if it takes over 30 s: a hang fails the test
/// instead of stalling it.
pub(super) fn limber_within(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_limber"))
        .args(args)
        .envs(env.iter().copied())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the limber binary runs");
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > Duration::from_secs(30) {
            child.kill().unwrap();
            panic!("limber {args:?} ran over 30 s");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

/// Asserts `limber ARGS` is refused with one line naming `file` and containing `problem`.
pub(super) fn refused_with(
    args: &[&str],
    env: &[(&str, &str)],
    file: &str,
    problem: &str,
) -> String {
    let out = limber_within(args, env);
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
    assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr:?}");
    assert!(stderr.starts_with("error: "), "{stderr}");
    assert!(stderr.contains(file), "{args:?}: {file:?} not in {stderr}");
    assert!(
        stderr.contains(problem),
        "{args:?}: {problem:?} not in {stderr}"
    );
    stderr
}

fn refused(args: &[&str], file: &str, problem: &str) -> String {
    refused_with(args, &[], file, problem)
}

/// The sample zombie project in `dir` (its sprite copied beside it) and its JSON.
pub(super) fn zombie(dir: &Path) -> (PathBuf, Value) {
    let sprite = dir.join("zombie.png");
    std::fs::copy(common::sprite("kenney_zombie_walk0.png"), &sprite).unwrap();
    let rig =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("assets/rigs/kenney_zombie_walk0.json");
    let project = dir.join("zombie.limber");
    limber_ok(&["new", s(&sprite), "--rig", s(&rig), "-o", s(&project)]);
    let json = serde_json::from_slice(&std::fs::read(&project).unwrap()).unwrap();
    (project, json)
}

/// Writes `json` as project `name` in `dir`; returns its path and bytes.
pub(super) fn write_project(dir: &Path, name: &str, json: &Value) -> (PathBuf, Vec<u8>) {
    let path = dir.join(name);
    let bytes = serde_json::to_vec(json).unwrap();
    std::fs::write(&path, &bytes).unwrap();
    (path, bytes)
}

fn mkfifo(path: &Path) {
    let _ = std::fs::remove_file(path);
    assert!(Command::new("mkfifo").arg(path).status().unwrap().success());
}

#[test]
fn a_day_long_clip_at_240_fps_is_refused_by_every_export_before_it_starts() {
    let dir = temp_dir("hostile-day-clip");
    let (_, mut json) = zombie(&dir);
    let bone = json["bones"][0]["name"].clone();
    json["clips"] = json!([{
        "name": "walk", "duration": 86400.0, "loop": true, "fps": 240,
        "keys": [
            {"bone": bone, "time": 0.0, "rotate": 0.0, "interp": "bezier"},
            {"bone": bone, "time": 86000.0, "rotate": 30.0, "interp": "bezier"}
        ]
    }]);
    let (project, bytes) = write_project(&dir, "day.limber", &json);
    // A refused frames export makes none of the folders it would have written into.
    let frames = dir.join("new/deep/frames");
    let gif = dir.join("day.gif");
    let sheet = dir.join("day.png");
    let limit = "clip \"walk\" at 240 fps is 20,736,000 frames, over the limit of 100,000 for an \
                 export; pass --fps or shorten the clip";
    // A GIF is made at 50 fps at most.
    let gif_limit = "clip \"walk\" at 50 fps is 4,320,000 frames, over the limit of 100,000";
    for (output, limit) in [
        (["--gif", s(&gif)], gif_limit),
        (["--frames", s(&frames)], limit),
        (["--sheet", s(&sheet)], limit),
    ] {
        let started = Instant::now();
        let mut args = vec!["render", s(&project)];
        args.extend(output);
        refused(&args, "day.limber", limit);
        assert!(started.elapsed() < Duration::from_secs(30));
    }
    assert!(!gif.exists() && !sheet.exists());
    assert!(
        !dir.join("new").exists(),
        "no folder made for a refused export"
    );
    // A smaller frame limit, as a test can set, names the frames of a normal clip.
    json["clips"][0]["duration"] = json!(2.0);
    json["clips"][0]["keys"][1]["time"] = json!(1.0);
    let (short, _) = write_project(&dir, "short.limber", &json);
    refused_with(
        &["render", s(&short), "--gif", s(&gif)],
        &[("LIMBER_MAX_EXPORT_FRAMES", "10")],
        "short.limber",
        "over the limit of 10 for an export",
    );
    // glTF: a Bézier clip resampled at 240 samples per second for a day.
    let glb = dir.join("day.glb");
    refused(
        &["export", s(&project), "--gltf", s(&glb), "--fps", "240"],
        "day.limber",
        "over the limit of 20,000,000 for an export",
    );
    assert!(!glb.exists());
    assert_eq!(std::fs::read(&project).unwrap(), bytes);
}

/// A rig of `n` bones in a chain, with a spring on each of the first `springs` of them.
fn chain_rig(n: usize, springs: usize) -> Value {
    let bones: Vec<Value> = (0..n)
        .map(|i| {
            let parent = if i == 0 {
                Value::Null
            } else {
                json!(format!("b{}", i - 1))
            };
            json!({"name": format!("b{i}"), "parent": parent,
                   "head": [10.0, 10.0 + i as f64 * 0.01], "tail": [10.0, 10.01 + i as f64 * 0.01]})
        })
        .collect();
    let springs: Vec<Value> = (0..springs)
        .map(|i| json!({"bone": format!("b{i}"), "frequency": 2.0, "damping": 0.5}))
        .collect();
    json!({"bones": bones, "springs": springs})
}

#[test]
fn rigs_over_the_bone_and_spring_budgets_are_refused_at_once() {
    let dir = temp_dir("hostile-rig-budgets");
    let sprite = common::sprite("kenney_zombie_walk0.png");
    let out = dir.join("refused.limber");
    for (name, rig, problem) in [
        (
            "bones8000.json",
            chain_rig(8000, 0),
            "the rig has 8,000 bones, over the limit of 500",
        ),
        (
            "chain200k.json",
            chain_rig(200_000, 0),
            "200,000 bones, over the limit of 500",
        ),
        ("springs2000.json", chain_rig(400, 0), ""),
    ] {
        let path = dir.join(name);
        let mut rig = rig;
        if name == "springs2000.json" {
            // 2000 springs on 400 bones: over the spring limit.
            let springs: Vec<Value> = (0..2000)
                .map(|i| json!({"bone": format!("b{}", i % 400), "frequency": 2.0, "damping": 0.5}))
                .collect();
            rig["springs"] = json!(springs);
        }
        std::fs::write(&path, serde_json::to_vec(&rig).unwrap()).unwrap();
        let problem = if problem.is_empty() {
            "the rig has 2,000 springs, over the limit of 1,000"
        } else {
            problem
        };
        let started = Instant::now();
        refused(
            &["new", s(&sprite), "--rig", s(&path), "-o", s(&out)],
            name,
            problem,
        );
        assert!(started.elapsed() < Duration::from_secs(30), "{name}");
        assert!(!out.exists());
    }
    // A limit lowered for a test names the count it refuses.
    let small = dir.join("small.json");
    std::fs::write(&small, serde_json::to_vec(&chain_rig(5, 3)).unwrap()).unwrap();
    refused_with(
        &["new", s(&sprite), "--rig", s(&small), "-o", s(&out)],
        &[("LIMBER_MAX_SPRINGS", "2")],
        "small.json",
        "the rig has 3 springs, over the limit of 2",
    );
    // Weights: bones x image pixels, checked before meshing.
    refused_with(
        &["new", s(&sprite), "--rig", s(&small), "-o", s(&out)],
        &[("LIMBER_MAX_WEIGHT_BONE_PIXELS", "1000")],
        "kenney_zombie_walk0.png",
        "bone-pixels, over the limit of 1,000; use fewer bones or a smaller image",
    );
    assert!(!out.exists());
}

#[test]
fn devices_and_fifos_are_refused_at_once_as_every_input() {
    let dir = temp_dir("hostile-special-files");
    let (project, mut json) = zombie(&dir);
    let sprite = dir.join("zombie.png");
    let rig =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("assets/rigs/kenney_zombie_walk0.json");
    let fifo = dir.join("pipe");
    mkfifo(&fifo);
    let out = dir.join("out.limber");
    for special in [
        Path::new("/dev/zero"),
        Path::new("/dev/urandom"),
        fifo.as_path(),
    ] {
        let name = special.file_name().unwrap().to_str().unwrap();
        let kind = if special == fifo {
            "it is a FIFO"
        } else {
            "it is a device"
        };
        refused(&["info", s(special)], name, kind);
        refused(&["mesh", s(special)], name, kind);
        refused(&["new", s(special), "-o", s(&out)], name, kind);
        refused(
            &["new", s(&sprite), "--rig", s(special), "-o", s(&out)],
            name,
            kind,
        );
        // As a part's image inside a project.
        json["parts"][0]["image"] = json!(s(special));
        let (with_part, bytes) = write_project(&dir, "special.limber", &json);
        let glb = dir.join("special.glb");
        refused(
            &["export", s(&with_part), "--gltf", s(&glb)],
            "special.limber",
            kind,
        );
        assert_eq!(std::fs::read(&with_part).unwrap(), bytes);
        assert!(!glb.exists() && !out.exists());
    }
    // A folder is not a file either.
    refused(
        &["info", s(&dir)],
        "hostile-special-files",
        "it is a folder",
    );
    assert!(project.exists() && rig.exists());
}

#[test]
fn a_png_claiming_a_huge_image_is_refused_before_decoding() {
    let dir = temp_dir("hostile-huge-png");
    let path = dir.join("huge.png");
    std::fs::write(&path, common::png_claiming(16_000, 16_000)).unwrap();
    let started = Instant::now();
    refused(&["mesh", s(&path)], "huge.png", "over the size limit");
    assert!(started.elapsed() < Duration::from_secs(30));
}

/// One edit of a project's JSON.
type Breaker = Box<dyn Fn(&mut Value)>;

/// Each loader rule of docs/FORMAT.md, broken by one edit of the sample project.
#[test]
fn the_loader_refuses_each_rule_broken() {
    let dir = temp_dir("hostile-loader-rules");
    let (_, json) = zombie(&dir);
    let cases: Vec<(&str, Breaker, &str)> = vec![
        (
            "version0",
            Box::new(|j| j["version"] = json!(0)),
            "version 0",
        ),
        (
            "no-triangles",
            Box::new(|j| j["parts"][0]["triangles"] = json!([])),
            "no triangles",
        ),
        (
            "clockwise",
            Box::new(|j| {
                let t = j["parts"][0]["triangles"][0].clone();
                j["parts"][0]["triangles"][0] = json!([t[0], t[2], t[1]]);
            }),
            "clockwise",
        ),
        (
            "degenerate",
            Box::new(|j| {
                let t = j["parts"][0]["triangles"][0].clone();
                j["parts"][0]["triangles"][0] = json!([t[0], t[0], t[1]]);
            }),
            "degenerate",
        ),
        (
            "far-vertex",
            Box::new(|j| j["parts"][0]["vertices"][0] = json!([1e308, 0.0])),
            "outside",
        ),
        (
            "duplicate-part",
            Box::new(|j| {
                let part = j["parts"][0].clone();
                j["parts"].as_array_mut().unwrap().push(part);
            }),
            "part names must be unique",
        ),
        (
            "duplicate-bone",
            Box::new(|j| {
                let first = j["bones"][0]["name"].clone();
                let last = j["bones"].as_array().unwrap().len() - 1;
                j["bones"][last]["name"] = first;
            }),
            "two bones are named",
        ),
    ];
    for (name, break_it, problem) in cases {
        let mut broken = json.clone();
        break_it(&mut broken);
        let file = format!("{name}.limber");
        let (path, bytes) = write_project(&dir, &file, &broken);
        refused(&["info", s(&path)], &file, problem);
        assert_eq!(std::fs::read(&path).unwrap(), bytes, "{name}");
    }
    // image_size is checked where the image is read.
    let mut wrong_size = json.clone();
    let w = wrong_size["parts"][0]["image_size"][0].as_u64().unwrap();
    wrong_size["parts"][0]["image_size"][0] = json!(w + 7);
    let (path, bytes) = write_project(&dir, "size.limber", &wrong_size);
    let glb = dir.join("size.glb");
    refused(
        &["export", s(&path), "--gltf", s(&glb)],
        "size.limber",
        "image_size is",
    );
    assert!(!glb.exists());
    assert_eq!(std::fs::read(&path).unwrap(), bytes);
}

#[test]
fn every_fixture_and_bundled_project_still_loads() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut projects = vec![root.join("tests/fixtures/key_v1.limber")];
    for entry in std::fs::read_dir(root.join("assets/projects")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "limber") {
            projects.push(path);
        }
    }
    for path in projects {
        if let Err(e) = limber_core::project::Project::load(&path) {
            panic!("{}: {e}", path.display());
        }
    }
}

#[test]
fn a_gltf_export_that_cannot_be_valid_is_refused_not_written() {
    let dir = temp_dir("hostile-gltf-finite");
    let (project, _) = zombie(&dir);
    let bytes = std::fs::read(&project).unwrap();
    let glb = dir.join("tiny.glb");
    // Positions divided by 1e-40 overflow glTF's 32-bit floats (bounds would be null).
    refused(
        &[
            "export",
            s(&project),
            "--gltf",
            s(&glb),
            "--pixels-per-unit",
            "1e-40",
        ],
        "zombie.limber",
        "beyond what glTF's 32-bit floats hold",
    );
    assert!(!glb.exists());
    assert_eq!(std::fs::read(&project).unwrap(), bytes);
}

/// The zombie project with its first clip's events replaced by `count` events, each with a
/// `text`-byte string.
fn with_events(json: &Value, count: usize, text: usize) -> Value {
    let mut json = json.clone();
    let duration = json["clips"][0]["duration"].as_f64().unwrap();
    let events: Vec<Value> = (0..count)
        .map(|i| {
            json!({
                "name": "step",
                "time": duration * i as f64 / count as f64,
                "string": "x".repeat(text),
            })
        })
        .collect();
    json["clips"][0]["events"] = Value::Array(events);
    json
}

#[test]
fn events_and_keys_over_their_budgets_are_refused_by_every_loader() {
    let dir = temp_dir("hostile-events");
    let (_, json) = zombie(&dir);
    let clip = json["clips"][0]["name"].as_str().unwrap().to_string();
    // The real per-clip limit: 10,001 events.
    let (many, many_bytes) = write_project(&dir, "many.limber", &with_events(&json, 10_001, 1));
    let glb = dir.join("many.glb");
    let limit = format!("10,001 events in clip \"{clip}\", over the limit of 10,000 per clip");
    refused(&["info", s(&many)], "many.limber", &limit);
    refused(
        &["export", s(&many), "--gltf", s(&glb)],
        "many.limber",
        &limit,
    );
    refused(
        &["render", s(&many), "--gif", s(&dir.join("many.gif"))],
        "many.limber",
        &limit,
    );
    assert!(!glb.exists());
    assert_eq!(std::fs::read(&many).unwrap(), many_bytes);
    // Event text over all clips, keys over all clips: lowered limits, as tests may set.
    let (texts, _) = write_project(&dir, "texts.limber", &with_events(&json, 20, 1000));
    refused_with(
        &["info", s(&texts)],
        &[("LIMBER_MAX_EVENT_TEXT_BYTES", "10000")],
        "texts.limber",
        "20,080 bytes of event text (all clips together), over the limit of 10,000",
    );
    refused_with(
        &["info", s(&texts)],
        &[("LIMBER_MAX_KEYS", "10")],
        "texts.limber",
        "keys (all clips together), over the limit of 10",
    );
    refused_with(
        &["info", s(&texts)],
        &[("LIMBER_MAX_EVENTS_PER_CLIP", "19")],
        "texts.limber",
        "20 events in clip \"",
    );
    // Within every limit it loads.
    let out = limber_within(&["info", s(&texts)], &[]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn render_checks_its_pixel_budget_on_the_framed_size_not_the_canvas() {
    let dir = temp_dir("hostile-framed-budget");
    let (_, mut json) = zombie(&dir);
    // What `import` writes for a 4000 px layered file: a big canvas, small parts.
    json["canvas"] = json!([4000, 4000]);
    let (project, bytes) = write_project(&dir, "big_canvas.limber", &json);
    let gif = dir.join("walk.gif");
    let out = limber_within(&["render", s(&project), "--gif", s(&gif)], &[]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let size = stdout
        .split(" of ")
        .nth(1)
        .and_then(|rest| rest.split(" from ").next())
        .unwrap_or_default()
        .to_string();
    let [w, h]: [u32; 2] = size
        .split(" × ")
        .map(|n| n.trim().parse().unwrap())
        .collect::<Vec<_>>()
        .try_into()
        .unwrap();
    assert!(w < 400 && h < 400, "framed to the animation: {stdout}");
    assert!(std::fs::read(&gif).unwrap().starts_with(b"GIF8"));
    // The whole canvas, asked for, is over the budget and refused before the GPU starts.
    refused(
        &[
            "render",
            s(&project),
            "--gif",
            s(&dir.join("canvas.gif")),
            "--frame",
            "image",
        ],
        "big_canvas.limber",
        "of 4000 x 4000",
    );
    assert!(!dir.join("canvas.gif").exists());
    assert_eq!(std::fs::read(&project).unwrap(), bytes);
    let _ = std::fs::remove_dir_all(&dir);
}
