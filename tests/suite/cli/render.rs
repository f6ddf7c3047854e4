//! `limber render` end to end on the GPU (the software Vulkan adapter in CI): PNG frames, sprite
//! sheet with its atlas, GIF timing, the rest pose reproducing the source, and clear errors.

use crate::common;

use std::path::{Path, PathBuf};

use common::{limber, limber_ok, temp_dir};
use image::AnimationDecoder;

fn s(path: &Path) -> String {
    path.display().to_string()
}

/// The zombie sample with its bundled rig (clips: shamble 1.2 s looping, wave 1.0 s once).
fn zombie(dir: &Path, rig: Option<&Path>) -> PathBuf {
    let project = dir.join("zombie.limber");
    let sprite = common::sprite("kenney_zombie_walk0.png");
    let mut args = vec!["new".to_string(), s(&sprite), "-o".into(), s(&project)];
    let default_rig =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/rigs/kenney_zombie_walk0.json");
    if let Some(rig) = rig.or(Some(&default_rig)) {
        args.extend(["--rig".into(), s(rig)]);
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    limber_ok(&args);
    project
}

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A failed render: exit 1 and exactly one line on stderr containing `expected`.
fn refused(args: &[&str], expected: &str) {
    let out = limber(args);
    assert_eq!(out.status.code(), Some(1), "{args:?} should fail");
    let err = stderr(&out);
    assert_eq!(err.lines().count(), 1, "one line expected: {err}");
    assert!(err.contains(expected), "{args:?}: {err}");
}

#[test]
fn frames_are_one_png_per_frame_at_the_canvas_size_and_a_loop_does_not_repeat_its_start() {
    let dir = temp_dir("render-frames");
    let project = zombie(&dir, None);
    let frames = dir.join("frames");
    limber_ok(&[
        "render",
        &s(&project),
        "--clip",
        "shamble",
        "--fps",
        "10",
        "--frame",
        "image",
        "--frames",
        &s(&frames),
    ]);
    let mut names: Vec<String> = std::fs::read_dir(&frames)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    // 1.2 s looping at 10 fps: frames at 0.0 … 1.1.
    assert_eq!(names.len(), 12, "{names:?}");
    assert_eq!(names[0], "frame_0000.png");
    assert_eq!(names[11], "frame_0011.png");
    let source = image::open(common::sprite("kenney_zombie_walk0.png")).unwrap();
    let first = image::open(frames.join("frame_0000.png"))
        .unwrap()
        .to_rgba8();
    let middle = image::open(frames.join("frame_0006.png"))
        .unwrap()
        .to_rgba8();
    assert_eq!(first.dimensions(), (source.width(), source.height()));
    assert_ne!(
        first.as_raw(),
        middle.as_raw(),
        "the clip should move the zombie"
    );

    // A clip that plays once also gets its end pose: 1.0 s at 10 fps → 11 frames.
    let once = dir.join("once");
    limber_ok(&[
        "render",
        &s(&project),
        "--clip",
        "wave",
        "--fps",
        "10",
        "--frames",
        &s(&once),
    ]);
    assert_eq!(std::fs::read_dir(&once).unwrap().count(), 11);
}

#[test]
fn a_project_without_bones_renders_its_source_image() {
    let dir = temp_dir("render-rest");
    let project = dir.join("plain.limber");
    let sprite = common::sprite("kenney_robot_jump.png");
    limber_ok(&["new", &s(&sprite), "-o", &s(&project)]);
    let out = dir.join("rest");
    limber_ok(&[
        "render",
        &s(&project),
        "--frame",
        "image",
        "--frames",
        &s(&out),
    ]);
    let render = image::open(out.join("frame_0000.png")).unwrap().to_rgba8();
    let source = image::open(&sprite).unwrap().to_rgba8();
    assert_eq!(render.dimensions(), source.dimensions());
    // Opaque pixels come back exactly; translucent ones within the premultiply round trip.
    let mut worst = 0u8;
    for (r, s) in render.pixels().zip(source.pixels()) {
        if s[3] == 255 {
            worst = worst.max(
                r.0.iter()
                    .zip(&s.0)
                    .map(|(a, b)| a.abs_diff(*b))
                    .max()
                    .unwrap(),
            );
        }
    }
    assert!(worst <= 1, "opaque pixels differ by up to {worst}");
}

#[test]
fn a_sheet_holds_every_frame_and_its_atlas_describes_them() {
    let dir = temp_dir("render-sheet");
    let project = zombie(&dir, None);
    let sheet = dir.join("wave.png");
    limber_ok(&[
        "render",
        &s(&project),
        "--clip",
        "wave",
        "--fps",
        "12",
        "--scale",
        "0.5",
        "--columns",
        "4",
        "--frame",
        "image",
        "--sheet",
        &s(&sheet),
    ]);
    let atlas: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("wave.json")).unwrap()).unwrap();
    let frames = atlas["frames"].as_object().unwrap();
    assert_eq!(frames.len(), 13, "1.0 s once at 12 fps");
    let image = image::open(&sheet).unwrap().to_rgba8();
    assert_eq!(atlas["meta"]["image"], "wave.png");
    assert_eq!(atlas["meta"]["size"]["w"], image.width());
    assert_eq!(atlas["meta"]["size"]["h"], image.height());
    let total_ms: u64 = frames
        .values()
        .map(|f| f["duration"].as_u64().unwrap())
        .sum();
    assert_eq!(total_ms, 1000, "13 poses sharing the clip's 1.0 s");
    // Zombie 96 × 128 at half scale; 4 columns, 4 rows.
    assert_eq!((image.width(), image.height()), (4 * 48, 4 * 64));
    let last = &frames["12"]["frame"];
    assert_eq!(
        (last["x"].as_u64(), last["y"].as_u64()),
        (Some(0), Some(3 * 64))
    );
    // Every frame's cell has some of the sprite in it.
    for f in frames.values() {
        let (x, y) = (
            f["frame"]["x"].as_u64().unwrap() as u32,
            f["frame"]["y"].as_u64().unwrap() as u32,
        );
        let covered = (0..64)
            .flat_map(|dy| (0..48).map(move |dx| (dx, dy)))
            .filter(|&(dx, dy)| image.get_pixel(x + dx, y + dy)[3] > 0)
            .count();
        assert!(
            covered > 500,
            "cell at ({x}, {y}) holds only {covered} visible pixels"
        );
    }
}

#[test]
fn a_gif_has_a_frame_per_step_with_delays_that_add_up_to_the_clip() {
    let dir = temp_dir("render-gif");
    let project = zombie(&dir, None);
    let gif = dir.join("shamble.gif");
    limber_ok(&[
        "render",
        &s(&project),
        "--clip",
        "shamble",
        "--fps",
        "30",
        "--background",
        "#ffffff",
        "--gif",
        &s(&gif),
    ]);
    let decoder = image::codecs::gif::GifDecoder::new(std::io::BufReader::new(
        std::fs::File::open(&gif).unwrap(),
    ))
    .unwrap();
    let frames = decoder.into_frames().collect_frames().unwrap();
    assert_eq!(frames.len(), 36);
    let total_ms: u32 = frames
        .iter()
        .map(|f| {
            let (n, d) = f.delay().numer_denom_ms();
            n / d
        })
        .sum();
    assert_eq!(total_ms, 1200);
    // An opaque white background everywhere the zombie is not.
    let corner = frames[0].buffer().get_pixel(0, 0).0;
    assert_eq!(corner, [255, 255, 255, 255]);
}

#[test]
fn bad_requests_fail_with_one_line_naming_the_problem() {
    let dir = temp_dir("render-errors");
    let project = zombie(&dir, None);
    let p = s(&project);
    let gif = s(&dir.join("x.gif"));
    refused(
        &["render", &p, "--clip", "dance", "--gif", &gif],
        "no clip named \"dance\" (clips: shamble, wave)",
    );

    refused(&["render", &p, "--fps", "0", "--gif", &gif], "--fps 0");
    refused(
        &["render", &p, "--fps", "60", "--gif", &gif],
        "GIFs go up to 50 fps",
    );
    refused(
        &["render", &p, "--scale", "-1", "--gif", &gif],
        "--scale -1",
    );
    refused(
        &["render", &p, "--background", "blue", "--gif", &gif],
        "expected hex RRGGBBAA",
    );
    refused(
        &["render", &s(&dir.join("missing.limber")), "--gif", &gif],
        "missing.limber",
    );
    let blocker = dir.join("a-file");
    std::fs::write(&blocker, b"x").unwrap();
    refused(
        &["render", &p, "--frames", &s(&blocker.join("frames"))],
        "a-file is a file, not a folder",
    );
    refused(
        &["render", &p, "--gif", &s(&blocker.join("x.gif"))],
        "a-file is a file, not a folder",
    );

    // A clip with no keys.
    let rig = dir.join("empty-clip.json");
    std::fs::write(
        &rig,
        r#"{"bones":[{"name":"root","head":[48,120],"tail":[48,60]}],
            "clips":[{"name":"idle","duration":1.0,"loop":true,"keys":[]}]}"#,
    )
    .unwrap();
    let empty_dir = dir.join("empty");
    std::fs::create_dir_all(&empty_dir).unwrap();
    let empty = zombie(&empty_dir, Some(&rig));
    refused(
        &["render", &s(&empty), "--gif", &gif],
        "clip \"idle\" is empty",
    );
    // Exactly one output.
    let out = limber(&["render", &p]);
    assert_eq!(out.status.code(), Some(2), "clap refuses a missing output");
}

/// Gives clip `clip` of the project at `path` the frame rate `fps` (as the editor saves it).
fn set_clip_fps(path: &Path, clip: usize, fps: u32) {
    let mut project: serde_json::Value =
        serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap();
    project["clips"][clip]["fps"] = fps.into();
    std::fs::write(path, serde_json::to_vec(&project).unwrap()).unwrap();
}

fn frame_count(dir: &Path) -> usize {
    std::fs::read_dir(dir).unwrap().count()
}

#[test]
fn without_fps_a_clip_renders_at_its_own_frame_rate_and_fps_overrides_it() {
    let dir = temp_dir("render-clip-fps");
    let project = zombie(&dir, None);
    set_clip_fps(&project, 0, 12);
    let p = s(&project);
    // shamble: 1.2 s looping at its own 12 fps → round(1.2 × 12) = 14 frames.
    let own = dir.join("own");
    let out = limber_ok(&["render", &p, "--clip", "shamble", "--frames", &s(&own)]);
    assert_eq!(frame_count(&own), 14);
    let line = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(line.contains("at 12 fps"), "{line}");
    // --fps still wins: 1.2 s at 10 fps → 12 frames.
    let given = dir.join("given");
    limber_ok(&[
        "render",
        &p,
        "--clip",
        "shamble",
        "--fps",
        "10",
        "--frames",
        &s(&given),
    ]);
    assert_eq!(frame_count(&given), 12);
    // A clip without a rate of its own (wave: 1.0 s, once) renders at 30 fps: 31 frames.
    let wave = dir.join("wave");
    limber_ok(&["render", &p, "--clip", "wave", "--frames", &s(&wave)]);
    assert_eq!(frame_count(&wave), 31);
}

#[test]
fn a_gif_of_a_clip_faster_than_50_fps_is_made_at_50_without_fps() {
    let dir = temp_dir("render-clip-fps-gif");
    let project = zombie(&dir, None);
    set_clip_fps(&project, 0, 60);
    let gif = dir.join("shamble.gif");
    let out = limber_ok(&["render", &s(&project), "--gif", &s(&gif)]);
    let line = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(line.contains("at 50 fps"), "{line}");
    let file = std::fs::File::open(&gif).unwrap();
    let decoder = image::codecs::gif::GifDecoder::new(std::io::BufReader::new(file)).unwrap();
    assert_eq!(decoder.into_frames().count(), 60, "1.2 s at 50 fps");
}
