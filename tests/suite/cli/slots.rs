//! Slots headless, end to end: a character made by `limber new` from a RIG.json with a slot `eyes`
//! (open / closed attachments), two skins, an attachment key and a colour key, rendered by `limber
//! render` on the GPU (the software Vulkan adapter in CI) and checked pixel by pixel; blend modes
//! against the CPU twin; clipping; `limber pose` printing slots, bounding boxes and points; and bad
//! slot input refused with one line.

use crate::common;

use std::path::{Path, PathBuf};

use common::{limber, limber_ok, temp_dir};
use image::{Rgba, RgbaImage};
use limber::core::slots::Blend;
use limber::render::blend::{composite, w3c_over};

fn s(path: &Path) -> String {
    path.display().to_string()
}

/// A 32 × 32 PNG, transparent but for `colour` over x0..x1, y0..y1.
fn png(dir: &Path, name: &str, [x0, y0, x1, y1]: [u32; 4], colour: [u8; 4]) {
    let image = RgbaImage::from_fn(32, 32, |x, y| {
        if (x0..x1).contains(&x) && (y0..y1).contains(&y) {
            Rgba(colour)
        } else {
            Rgba([0, 0, 0, 0])
        }
    });
    image.save(dir.join(name)).unwrap();
}

const WHITE: [u8; 4] = [255, 255, 255, 255];
const BODY: [u8; 4] = [200, 100, 50, 255];

/// The sprites: a body (lower part), open eyes (a square on the left), closed eyes (a bar on the
/// right), angry open eyes (a square lower down) and a shade over the body's left.
fn sprites(dir: &Path) {
    png(dir, "body.png", [0, 20, 32, 32], BODY);
    png(dir, "eyes_open.png", [6, 4, 16, 12], WHITE);
    png(dir, "eyes_closed.png", [18, 6, 28, 10], WHITE);
    png(dir, "eyes_angry.png", [6, 12, 16, 18], WHITE);
    png(dir, "shade.png", [0, 22, 10, 30], [128, 64, 255, 255]);
}

const BONES: &str = r#""bones": [{"name": "root", "head": [16, 31], "tail": [16, 1]}]"#;

const EYES: &str = r#"{"name": "eyes", "draw_order": 2, "setup": "open", "attachments": [
    {"name": "open", "image": "eyes_open.png"}, {"name": "closed", "image": "eyes_closed.png"},
    {"name": "angry_open", "image": "eyes_angry.png"},
    {"name": "hit", "type": "boundingbox", "bone": "root", "vertices": [[6, 4], [16, 4], [16, 12]]},
    {"name": "spawn", "type": "point", "bone": "root", "position": [16, 11], "rotation": 90}]}"#;

const CLIPS: &str = r#""clips": [
    {"name": "blink", "duration": 1, "slots": [
      {"slot": "eyes", "time": 0, "attachment": "open", "color": [1, 1, 1, 1]},
      {"slot": "eyes", "time": 0.5, "attachment": "closed", "color": [1, 0, 0, 1]}]},
    {"name": "turn", "duration": 1, "keys": [
      {"bone": "root", "time": 0, "rotate": 0}, {"bone": "root", "time": 1, "rotate": 90}]}]"#;

const SKINS: &str =
    r#""skins": [{"name": "calm"}, {"name": "angry", "slots": {"eyes": {"open": "angry_open"}}}]"#;

/// `limber new body.png --rig RIG.json` with `extra_slots` after the eyes.
fn character(dir: &Path, name: &str, extra_slots: &str) -> PathBuf {
    sprites(dir);
    let rig = dir.join(format!("{name}.json"));
    let text = format!(r#"{{{BONES}, "slots": [{EYES}{extra_slots}], {SKINS}, {CLIPS}}}"#);
    std::fs::write(&rig, text).unwrap();
    let project = dir.join(format!("{name}.limber"));
    limber_ok(&[
        "new",
        &s(&dir.join("body.png")),
        "--rig",
        &s(&rig),
        "-o",
        &s(&project),
    ]);
    project
}

/// Renders `clip` at 4 fps on the canvas and returns the frames (straight RGBA, as written).
fn render(project: &Path, clip: &str, skin: Option<&str>, out: &Path) -> Vec<RgbaImage> {
    let mut args = vec![
        "render".to_string(),
        s(project),
        "--clip".into(),
        clip.into(),
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

fn close(actual: Rgba<u8>, expected: [u8; 4], what: &str) {
    let off = actual
        .0
        .iter()
        .zip(expected)
        .map(|(&a, e)| (i32::from(a) - i32::from(e)).abs())
        .max()
        .unwrap_or(0);
    assert!(off <= 2, "{what}: {:?}, expected {expected:?}", actual.0);
}

const CLEAR: [u8; 4] = [0, 0, 0, 0];

#[test]
fn a_headless_character_swaps_and_tints_its_eyes_at_the_keyed_times_in_each_skin() {
    let dir = temp_dir("slots-render");
    let project = character(&dir, "face", "");
    let text = std::fs::read_to_string(&project).unwrap();
    let version = format!(r#""version":{}"#, limber::core::project::FORMAT_VERSION);
    assert!(text.contains(&version) && text.contains(r#""part":"eyes-open""#));
    let frames = render(&project, "blink", None, &dir.join("default"));
    // 0 s: open eyes, white; the closed bar's place is empty; the body is there.
    close(
        frames[0].get_pixel(10, 8).to_owned(),
        WHITE,
        "open eyes at 0 s",
    );
    close(
        frames[0].get_pixel(22, 8).to_owned(),
        CLEAR,
        "no closed eyes at 0 s",
    );
    close(frames[0].get_pixel(16, 26).to_owned(), BODY, "body at 0 s");
    // 0.25 s: halfway from white to red (linear): (1, 0.5, 0.5).
    close(
        frames[1].get_pixel(10, 8).to_owned(),
        [255, 128, 128, 255],
        "tint at 0.25 s",
    );
    // 0.5 s and after: the swap, and red.
    for (i, frame) in frames.iter().enumerate().skip(2) {
        close(
            frame.get_pixel(10, 8).to_owned(),
            CLEAR,
            &format!("open gone, frame {i}"),
        );
        close(
            frame.get_pixel(22, 8).to_owned(),
            [255, 0, 0, 255],
            &format!("closed red, frame {i}"),
        );
        close(
            frame.get_pixel(16, 26).to_owned(),
            BODY,
            &format!("body untinted, frame {i}"),
        );
    }
    // The angry skin shows its own open eyes for "open", and the shared closed ones.
    let angry = render(&project, "blink", Some("angry"), &dir.join("angry"));
    close(
        angry[0].get_pixel(10, 8).to_owned(),
        CLEAR,
        "angry: no plain eyes",
    );
    close(
        angry[0].get_pixel(10, 15).to_owned(),
        WHITE,
        "angry: its open eyes",
    );
    close(
        angry[2].get_pixel(22, 8).to_owned(),
        [255, 0, 0, 255],
        "angry: closed",
    );
    let calm = render(&project, "blink", Some("calm"), &dir.join("calm"));
    assert_eq!(
        calm[0].as_raw(),
        frames[0].as_raw(),
        "a skin that maps nothing is default"
    );
}

#[test]
fn a_clipping_slot_clips_the_slots_up_to_its_end() {
    let dir = temp_dir("slots-clip");
    // The mask (draw order 1) clips from itself to the eyes (2): the eyes' left half only.
    let mask = r#", {"name": "mask", "draw_order": 1, "setup": "m", "attachments": [
        {"name": "m", "type": "clipping", "end": "eyes", "bone": "root",
         "vertices": [[0, 0], [11, 0], [11, 32], [0, 32]]}]}"#;
    let project = character(&dir, "clipped", mask);
    let frames = render(&project, "blink", None, &dir.join("frames"));
    close(
        frames[0].get_pixel(8, 8).to_owned(),
        WHITE,
        "inside the clip",
    );
    close(
        frames[0].get_pixel(14, 8).to_owned(),
        CLEAR,
        "outside the clip",
    );
    close(
        frames[0].get_pixel(20, 26).to_owned(),
        BODY,
        "the body draws before the clip",
    );
    close(
        frames[2].get_pixel(22, 8).to_owned(),
        CLEAR,
        "closed eyes all outside",
    );
}

#[test]
fn each_blend_mode_composites_like_the_cpu_twin() {
    let body = BODY.map(|c| f64::from(c) / 255.0);
    let shade_straight = [128.0, 64.0, 255.0].map(|c: f64| c / 255.0);
    for blend in ["normal", "additive", "multiply", "screen"] {
        let dir = temp_dir(&format!("slots-blend-{blend}"));
        let shade = format!(
            r#", {{"name": "shade", "draw_order": 3, "setup": "s", "blend": "{blend}",
                "color": [1, 1, 1, 0.5], "attachments": [{{"name": "s", "image": "shade.png"}}]}}"#
        );
        let project = character(&dir, "shaded", &shade);
        let frames = render(&project, "blink", None, &dir.join("frames"));
        let mode: Blend = serde_json::from_str(&format!("\"{blend}\"")).unwrap();
        // The shade tinted to half alpha, premultiplied, over the opaque body.
        let src = [
            shade_straight[0] * 0.5,
            shade_straight[1] * 0.5,
            shade_straight[2] * 0.5,
            0.5,
        ];
        let expected = composite(src, body, mode).map(|c| (c * 255.0).round() as u8);
        let pixel = frames[0].get_pixel(4, 26).to_owned();
        let off = pixel
            .0
            .iter()
            .zip(expected)
            .map(|(&a, e)| (i32::from(a) - i32::from(e)).abs())
            .max()
            .unwrap_or(0);
        assert!(off <= 2, "{blend}: GPU {:?}, CPU {expected:?}", pixel.0);
    }
}

#[test]
fn each_blend_mode_over_a_half_transparent_layer_gives_the_w3c_composite() {
    // psd-tools' blue-red-1x1 case on the GPU: a 50 % blue slot over a 50 % red one, clear of the
    // body, so the backdrop is half transparent (Photoshop: multiply (85, 0, 85, 192), linear
    // dodge (170, 0, 170, 192)).
    for blend in ["normal", "additive", "multiply", "screen"] {
        let dir = temp_dir(&format!("slots-blend-half-{blend}"));
        png(&dir, "red.png", [0, 0, 6, 4], [255, 0, 0, 255]);
        png(&dir, "blue.png", [0, 0, 6, 4], [0, 0, 255, 255]);
        let layers = format!(
            r#", {{"name": "red", "draw_order": 3, "setup": "r", "color": [1, 1, 1, 0.5],
                "attachments": [{{"name": "r", "image": "red.png"}}]}},
               {{"name": "blue", "draw_order": 4, "setup": "b", "blend": "{blend}",
                "color": [1, 1, 1, 0.5], "attachments": [{{"name": "b", "image": "blue.png"}}]}}"#
        );
        let project = character(&dir, "layers", &layers);
        let frames = render(&project, "blink", None, &dir.join("frames"));
        let mode: Blend = serde_json::from_str(&format!("\"{blend}\"")).unwrap();
        let want = w3c_over([0.0, 0.0, 1.0, 0.5], [1.0, 0.0, 0.0, 0.5], mode);
        let want = want.map(|c| (c * 255.0).round() as i32);
        let pixel = frames[0].get_pixel(2, 2).0;
        let off = (0..4)
            .map(|i| (i32::from(pixel[i]) - want[i]).abs())
            .max()
            .unwrap_or(0);
        assert!(off <= 2, "{blend}: GPU {pixel:?}, W3C {want:?}");
    }
}

#[test]
fn pose_prints_slots_bounding_boxes_and_points_posed() {
    let dir = temp_dir("slots-pose");
    let project = character(&dir, "posed", "");
    let out = limber_ok(&[
        "pose",
        &s(&project),
        "--clip",
        "blink",
        "--time",
        "0.75",
        "--json",
    ]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let eyes = json["slots"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["name"] == "eyes")
        .unwrap();
    assert_eq!(eyes["attachment"], "closed");
    assert_eq!(eyes["color"], serde_json::json!([1.0, 0.0, 0.0, 1.0]));
    let out = limber_ok(&[
        "pose",
        &s(&project),
        "--clip",
        "turn",
        "--time",
        "1",
        "--json",
    ]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let attachments = json["attachments"].as_array().unwrap();
    let hit = attachments.iter().find(|a| a["name"] == "hit").unwrap();
    assert_eq!(hit["type"], "boundingbox");
    // The root turns 90° counter-clockwise about its head (16, 31): (16, 4) goes to (-11, 31).
    let corner = &hit["polygon"][1];
    let near = |v: &serde_json::Value, x: f64| (v.as_f64().unwrap() - x).abs() < 1e-9;
    assert!(
        near(&corner[0], -11.0) && near(&corner[1], 31.0),
        "{corner}"
    );
    let spawn = attachments.iter().find(|a| a["name"] == "spawn").unwrap();
    assert!(
        near(&spawn["position"][0], -4.0) && near(&spawn["position"][1], 31.0),
        "{spawn}"
    );
    assert!(near(&spawn["rotation"], 180.0), "{spawn}");
    let text = limber_ok(&[
        "pose",
        &s(&project),
        "--clip",
        "blink",
        "--time",
        "0",
        "--skin",
        "angry",
    ]);
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(
        text.contains("slot \"eyes\" shows \"angry_open\""),
        "{text}"
    );
    assert!(
        text.contains(
            "point \"spawn\" of slot \"eyes\" (not shown) at (16.0, 11.0), rotation 90.0°"
        ),
        "{text}"
    );
}

/// A failed command: exit 1 and one line on stderr containing `expected`.
fn refused(args: &[&str], expected: &str) {
    let out = limber(args);
    assert_eq!(out.status.code(), Some(1), "{args:?} should fail");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "one line expected: {err}");
    assert!(err.contains(expected), "{args:?}: {err}");
}

#[test]
fn bad_slots_and_skins_are_refused_with_one_line() {
    let dir = temp_dir("slots-bad");
    let project = character(&dir, "ok", "");
    for command in ["pose", "render", "export"] {
        let mut args = vec![command.to_string(), s(&project)];
        match command {
            "pose" => args.extend(["--clip", "blink", "--time", "0"].map(String::from)),
            "render" => args.extend(["--gif".to_string(), s(&dir.join("x.gif"))]),
            _ => args.extend(["--spine".to_string(), s(&dir.join("spine"))]),
        }
        args.extend(["--skin".to_string(), "blue".to_string()]);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        refused(
            &args,
            "no skin named \"blue\" (skins: default, calm, angry)",
        );
    }
    let cases = [
        (
            r#"{"bones": [], "slots": [{"name": "s", "color": [1, 1, 2, 1], "attachments": []}]}"#,
            "colour [1.0, 1.0, 2.0, 1.0] has a component outside 0 to 1",
        ),
        (
            r#"{"bones": [], "slots": [{"name": "body", "attachments": []}]}"#,
            "clashes with a part's own slot",
        ),
        (
            r#"{"bones": [], "slots": [{"name": "s", "attachments": []}],
                "clips": [{"name": "c", "duration": 1, "slots": [{"slot": "s", "time": 0, "attachment": "nope"}]}]}"#,
            "\"nope\" is not one of the slot's attachments",
        ),
        (
            r#"{"bones": [], "slots": [{"name": "a", "draw_order": 3, "attachments": [{"name": "c", "type": "clipping", "end": "b",
                "vertices": [[0, 0], [1, 0], [1, 1]], "influences": []}]}, {"name": "b", "attachments": []}]}"#,
            "one \"bone\" or has \"influences\"",
        ),
        (
            r#"{"bones": [{"name": "r", "head": [0, 0], "tail": [1, 0]}], "slots": [{"name": "a", "draw_order": 3, "attachments": [{"name": "c", "type": "clipping", "end": "b",
                "vertices": [[0, 0], [1, 0], [1, 1]], "bone": "r"}]}, {"name": "b", "attachments": []}]}"#,
            "the end slot \"b\" is drawn before its own slot",
        ),
    ];
    for (i, (rig, expected)) in cases.iter().enumerate() {
        let path = dir.join(format!("bad{i}.json"));
        std::fs::write(&path, rig).unwrap();
        let out = dir.join(format!("bad{i}.limber"));
        refused(
            &[
                "new",
                &s(&dir.join("body.png")),
                "--rig",
                &s(&path),
                "-o",
                &s(&out),
            ],
            expected,
        );
        assert!(!out.exists(), "nothing written for a refused rig");
    }
}

/// Issue 39, round 3: a `--skin` value with control characters is named escaped — ESC would clear
/// the terminal, CR write over "error:" — and the refusal stays one line.
#[test]
fn control_characters_in_a_skin_name_are_escaped_in_the_error() {
    let dir = temp_dir("slots-control-skin");
    let project = character(&dir, "ok", "");
    let out = limber(&[
        "pose",
        &s(&project),
        "--clip",
        "blink",
        "--time",
        "0",
        "--skin",
        "\u{1b}[2J\rblue\u{7}",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err:?}");
    assert!(err.starts_with("error: "), "{err:?}");
    assert!(
        !err.trim_end_matches('\n').chars().any(char::is_control),
        "no control character printed raw: {err:?}"
    );
    assert!(
        err.contains("\\u{1b}[2J\\rblue\\u{7}"),
        "named escaped: {err:?}"
    );
}
