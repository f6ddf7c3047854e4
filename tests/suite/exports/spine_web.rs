//! The Spine export shown by a Spine web runtime: headless Chromium (software WebGL, SwiftShader)
//! draws exports with `@esotericsoftware/spine-webgl` 4.2.119 (pinned in `tests/tooling/spine`,
//! driven by `render.mjs` through playwright-core) at a time between keys of each clip, and the
//! picture must match `limber render` of the same frame (the image rectangle at two output pixels
//! per image pixel, over one opaque background): the bundled zombie, and a figure imported from a
//! layered file whose eight patterned parts are trimmed and packed onto one atlas page (so every
//! region's bounds and offsets are proved by the pixels), and the tagged face
//! (`tests/fixtures/tagged_face`: a `[slot] eyes` group, two `[skin]` groups, an attachment key and
//! a colour key) before and after its swap and during and after its tint, in its active skin and in
//! the other (the page sets the skin). Each export is drawn from straight-alpha pages and again
//! exported with `--premultiplied`. A wrong time, a wrong animation or a wrong skin must fall
//! outside the tolerance, so the check can fail. A missing Node, npm package or Chromium fails with
//! the command that installs it; nothing is skipped.

use crate::common;
use crate::common::gltf_support;
use crate::common::node_tooling;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;

use gltf_support::projects::{Kind, make};
use gltf_support::raster::{self, Difference};
use image::{Rgba, RgbaImage};
use limber::core::layered::write::{LayerSpec, ora_bytes};
use limber::core::project::Project;

/// The background both pictures are drawn over (limber's `--background` and the page's clear).
const BACKGROUND: [u8; 3] = [32, 64, 96];
/// Output pixels per image pixel.
const SCALE: u32 = 2;

fn tooling() -> PathBuf {
    node_tooling::folder("spine")
}

/// Panics with the fix when Node, the npm packages or Chromium are missing.
fn require_tooling() {
    node_tooling::require(
        "spine",
        &["@esotericsoftware/spine-webgl", "playwright-core"],
    );
    let chromium = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
    assert!(
        Path::new(&chromium).exists(),
        "Chromium is needed for the Spine web check and is not at {chromium}: \
         apt-get install -y chromium (or set CHROMIUM to its path)"
    );
}

fn s(path: &Path) -> String {
    path.to_str().expect("UTF-8 path").to_string()
}

/// An RGB picture and its size.
struct Picture {
    width: u32,
    height: u32,
    pixels: Vec<[u8; 3]>,
}

fn read_picture(path: &Path) -> Picture {
    let image = image::open(path)
        .unwrap_or_else(|e| panic!("{path:?} decodes: {e}"))
        .to_rgb8();
    Picture {
        width: image.width(),
        height: image.height(),
        pixels: image.pixels().map(|p| p.0).collect(),
    }
}

/// Which skin each side draws: limber's `--skin` (`None`: the project's active skin) and the page's
/// (`None`: Spine's default skin only).
#[derive(Debug, Clone, Copy)]
struct Skins<'a> {
    limber: Option<&'a str>,
    page: Option<&'a str>,
}

/// No skin on either side (projects without skins).
const NO_SKINS: Skins = Skins {
    limber: None,
    page: None,
};

/// `limber render` of `clip` at `fps` over [`BACKGROUND`], framed on the image rectangle, in
/// `skin` (`None`: the active one); returns the folder of frames (`frame_NNNN.png`, frame k at
/// k / fps seconds).
fn limber_frames(project: &Path, clip: &str, fps: u32, skin: Option<&str>) -> PathBuf {
    let dir = project.with_file_name(format!("frames-{clip}-{}", skin.unwrap_or("active")));
    let background = BACKGROUND.map(|c| format!("{c:02x}")).concat();
    let skin_args = skin.map(|name| ["--skin", name]);
    let (project, fps, scale, dir_arg) = (s(project), fps.to_string(), SCALE.to_string(), s(&dir));
    let mut args = vec![
        "render",
        &project,
        "--clip",
        clip,
        "--fps",
        &fps,
        "--scale",
        &scale,
        "--frame",
        "image",
        "--background",
        &background,
        "--frames",
        &dir_arg,
    ];
    args.extend(skin_args.iter().flatten());
    common::limber_ok(&args);
    dir
}

fn frame(dir: &Path, k: u32) -> Picture {
    read_picture(&dir.join(format!("frame_{k:04}.png")))
}

/// How the page uploads the atlas pages.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Upload {
    /// Straight-alpha pages as written, drawn with spine-webgl's straight-alpha blending. The
    /// export bleeds colour into the transparent texels next to visible ones, so linear filtering
    /// does not mix black into the rim.
    Straight,
    /// Straight-alpha pages premultiplied on upload and drawn with spine-webgl's premultiplied-alpha
    /// blending: filtering as limber's renderer does it (it premultiplies texels before filtering).
    Premultiplied,
    /// Pages exported with `--premultiplied` (`pma:true`), uploaded as written and drawn with
    /// premultiplied-alpha blending, as the atlas declares.
    PmaPages,
}

impl Upload {
    /// The page's `--pma`: premultiply on upload.
    fn premultiply_on_upload(self) -> bool {
        matches!(self, Upload::Premultiplied)
    }

    /// The tolerance. Edge pixels may differ a little (rasterisation rules, filtering precision):
    /// on average under 0.2 levels of 255, at most 0.1% of pixels by more than 32 levels and the
    /// silhouettes (pixels more than 8 levels from the background) by under 0.5% (IoU over 0.995).
    /// Straight alpha filters colour and alpha apart, which differs from premultiplied filtering
    /// at the rim even with the colour bled: there the mean may reach 0.3 and the silhouette 1%.
    /// A picture no pixel of which is more than one level off also matches: a large translucent
    /// slot (the tagged face's body at alpha 0.85) is blended into the 8-bit target with rounding
    /// that differs by one level over its whole area (measured: mean 0.25, max 1).
    fn within(self, d: &Difference) -> bool {
        let (mean, silhouette) = match self {
            Upload::Premultiplied | Upload::PmaPages => (0.2, 0.005),
            Upload::Straight => (0.3, 0.01),
        };
        let rounding = d.max <= 1 && d.silhouette < silhouette;
        rounding || (d.mean < mean && d.far < 0.001 && d.silhouette < silhouette)
    }
}

/// spine-webgl's picture of `animation` at `t` of the export `json` in `skin` (`None`: the default
/// skin only), the canvas showing the image rectangle (0, 0)–(width, height) / [`SCALE`].
fn browser_frame(
    json: &Path,
    (animation, skin): (&str, Option<&str>),
    t: f64,
    upload: Upload,
    (width, height): (u32, u32),
) -> Picture {
    let png = json.with_file_name(format!(
        "web-{animation}-{}-{t}-{upload:?}.png",
        skin.unwrap_or("none")
    ));
    let bg = BACKGROUND.map(|c| c.to_string()).join(",");
    let mut command = Command::new("node");
    command
        .arg(tooling().join("render.mjs"))
        .args([&s(json), &s(&png), "--animation", animation]);
    if let Some(skin) = skin {
        command.args(["--skin", skin]);
    }
    let out = command
        .args(["--time", &t.to_string(), "--x0", "0", "--y0", "0"])
        .args([
            "--width",
            &width.to_string(),
            "--height",
            &height.to_string(),
        ])
        .args(["--scale", &SCALE.to_string(), "--bg", &bg])
        .args([
            "--pma",
            if upload.premultiply_on_upload() {
                "1"
            } else {
                "0"
            },
        ])
        .current_dir(tooling())
        .output()
        .expect("node runs");
    assert!(
        out.status.success(),
        "render.mjs failed on {json:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let picture = read_picture(&png);
    assert_eq!((picture.width, picture.height), (width, height), "{png:?}");
    picture
}

/// The Spine exports of `project`: as written (straight alpha) and with `--premultiplied`; returns
/// the skeleton JSON of each.
fn exports(project: &Path) -> (PathBuf, PathBuf) {
    let stem = project.file_stem().unwrap().to_string_lossy().into_owned();
    let straight = project.with_file_name("spine");
    let pma = project.with_file_name("spine-pma");
    common::limber_ok(&["export", &s(project), "--spine", &s(&straight)]);
    common::limber_ok(&[
        "export",
        &s(project),
        "--spine",
        &s(&pma),
        "--premultiplied",
    ]);
    let atlas = std::fs::read_to_string(pma.join(format!("{stem}.atlas"))).unwrap();
    assert!(atlas.contains("\npma:true\n"), "{atlas}");
    (
        straight.join(format!("{stem}.json")),
        pma.join(format!("{stem}.json")),
    )
}

/// Draws every (clip, fps, frame, control frame) of `project` in `skins` in the browser from both
/// exports in every upload and compares each with `limber render`; the control (limber's frame at
/// another time) must fail the tolerance. Returns the browser's pictures with their frame and upload.
fn check(
    project: &Path,
    skins: Skins,
    frames: &[(&str, u32, u32, u32)],
) -> Vec<(u32, Upload, Picture)> {
    let (straight, pma) = exports(project);
    let uploads = [
        (&straight, Upload::Premultiplied),
        (&straight, Upload::Straight),
        (&pma, Upload::PmaPages),
    ];
    let mut seen_all = Vec::new();
    for &(clip, fps, k, control_k) in frames {
        let rendered = limber_frames(project, clip, fps, skins.limber);
        let expected = frame(&rendered, k);
        let size = (expected.width, expected.height);
        let t = f64::from(k) / f64::from(fps);
        let other = frame(&rendered, control_k);
        let control_t = f64::from(control_k) / f64::from(fps);
        for (json, upload) in uploads {
            let seen = browser_frame(json, (clip, skins.page), t, upload, size);
            let what = format!("{clip} at {t} s, skin {:?}, {upload:?}", skins.page);
            let difference = raster::compare(&seen.pixels, &expected.pixels, BACKGROUND);
            println!("{what}: spine-webgl vs limber render {difference:?}");
            assert!(upload.within(&difference), "{what}: {difference:?}");
            // The check can fail: limber's frame at another time is outside the tolerance.
            let control = raster::compare(&seen.pixels, &other.pixels, BACKGROUND);
            println!("{what}: control (limber at {control_t} s) {control:?}");
            assert!(
                !upload.within(&control),
                "{what}: limber's frame at {control_t} s passes too: {control:?}"
            );
            seen_all.push((k, upload, seen));
        }
    }
    seen_all
}

#[test]
fn spine_webgl_in_chromium_draws_what_limber_renders() {
    require_tooling();
    let project = make(Kind::Zombie, "spine-web-zombie");
    // (clip, fps, frame, control frame): shamble's keys are at 0, 0.3, 0.6, 0.9 and 1.2 s, wave's
    // at 0, 0.5 and 0.8 s; the frames fall between keys, the controls well away from them.
    check(
        &project,
        NO_SKINS,
        &[("shamble", 10, 4, 1), ("wave", 20, 13, 3)],
    );

    // And so does the wrong animation: the page's wave at 0.4 s against limber's shamble at 0.4 s.
    let json = project.with_file_name("spine").join("project.json");
    let shamble = frame(&project.with_file_name("frames-shamble-active"), 4);
    let size = (shamble.width, shamble.height);
    for upload in [Upload::Premultiplied, Upload::Straight] {
        let wrong = browser_frame(&json, ("wave", None), 0.4, upload, size);
        let control = raster::compare(&wrong.pixels, &shamble.pixels, BACKGROUND);
        println!("control (wave in the browser, shamble in limber, 0.4 s, {upload:?}) {control:?}");
        assert!(
            !upload.within(&control),
            "the wrong animation passes: {control:?}"
        );
    }
}

/// The figure's canvas.
const FIGURE: [u32; 2] = [240, 180];

/// Eight layers, each a patterned blob (soft stripes in two directions, so a region shifted by one
/// pixel on its page shows) inside a transparent margin that the export trims away.
fn figure_layers() -> Vec<LayerSpec> {
    (0..8u32)
        .map(|i| {
            let (w, h) = (40 + (i * 13) % 30, 34 + (i * 7) % 26);
            let margin = 4 + i % 3;
            let image = RgbaImage::from_fn(w + 2 * margin, h + 2 * margin, |x, y| {
                let (fx, fy) = (f64::from(x), f64::from(y));
                let dx = (fx + 0.5 - f64::from(w + 2 * margin) / 2.0) / (f64::from(w) / 2.0);
                let dy = (fy + 0.5 - f64::from(h + 2 * margin) / 2.0) / (f64::from(h) / 2.0);
                let r = (dx * dx + dy * dy).sqrt();
                let alpha = ((1.0 - r) * 6.0).clamp(0.0, 1.0);
                let wave =
                    |period: f64, v: f64| 0.5 + 0.5 * (v * std::f64::consts::TAU / period).sin();
                Rgba([
                    (255.0 * wave(9.0, fx)) as u8,
                    (255.0 * wave(7.0, fy + fx / 3.0)) as u8,
                    (40 + 25 * i) as u8,
                    (alpha * 255.0).round() as u8,
                ])
            });
            let left = 10 + (i % 4) * 55;
            let top = 10 + (i / 4) * 85;
            LayerSpec::new(&format!("piece {i}"), left as i32, top as i32, image)
        })
        .collect()
}

/// Two bones across the figure, one clip that turns the second.
const FIGURE_RIG: &str = r#"{"bones": [
  {"name": "body", "parent": null, "head": [120, 170], "tail": [120, 95]},
  {"name": "top", "parent": "body", "head": [120, 95], "tail": [120, 15]}],
 "clips": [{"name": "sway", "duration": 1.0, "loop": true, "keys": [
  {"bone": "top", "time": 0.0, "rotate": -12, "interp": "linear"},
  {"bone": "top", "time": 1.0, "rotate": 12},
  {"bone": "body", "time": 0.0, "translate": [0, 0], "interp": "linear"},
  {"bone": "body", "time": 1.0, "translate": [6, -4]}]}]}"#;

/// Gives every part's image a transparent margin (3 to 6 px, the import crops layers to their
/// visible pixels), its mesh staying where it is, so that the export has margins to trim.
fn pad_parts(path: &Path) {
    let mut project = Project::load(path).expect("project loads");
    for i in 0..project.parts.len() {
        let file = project.image_path(path, i);
        let image = image::open(&file).unwrap().to_rgba8();
        let margin = 3 + i as u32 % 4;
        let mut padded = RgbaImage::new(image.width() + 2 * margin, image.height() + 2 * margin);
        image::imageops::replace(&mut padded, &image, i64::from(margin), i64::from(margin));
        padded.save(&file).unwrap();
        let part = &mut project.parts[i];
        part.image_crc32 = crc32fast::hash(&std::fs::read(&file).unwrap());
        let mut mesh = (*part.mesh).clone();
        mesh.width = padded.width();
        mesh.height = padded.height();
        mesh.offset = mesh.offset.map(|o| o - margin);
        mesh.uvs = mesh.positions.iter().map(|&p| mesh.uv_of(p)).collect();
        part.mesh = Arc::new(mesh);
    }
    project.save(path).expect("project saves");
}

#[test]
fn spine_webgl_draws_a_packed_trimmed_atlas_as_limber_renders_the_parts() {
    require_tooling();
    let dir = common::temp_dir("spine-web-figure");
    let ora = dir.join("figure.ora");
    std::fs::write(&ora, ora_bytes(FIGURE, &figure_layers())).unwrap();
    let rig = dir.join("rig.json");
    std::fs::write(&rig, FIGURE_RIG).unwrap();
    let project = dir.join("figure.limber");
    common::limber_ok(&["import", &s(&ora), "--rig", &s(&rig), "-o", &s(&project)]);
    pad_parts(&project);
    check(&project, NO_SKINS, &[("sway", 10, 4, 9)]);

    // Eight parts on one page, every region trimmed (an `offsets` line each).
    let atlas = std::fs::read_to_string(dir.join("spine").join("figure.atlas")).unwrap();
    assert_eq!(atlas.matches(".png\n").count(), 1, "{atlas}");
    assert_eq!(atlas.matches("\nbounds:").count(), 8, "{atlas}");
    assert_eq!(atlas.matches("\noffsets:").count(), 8, "{atlas}");
}

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/tagged_face")
        .join(name)
}

/// The tagged face's frames of clip `blink` at 20 fps: (clip, fps, frame, control frame). The clip
/// shows the closed eyes until it swaps to the open ones at 0.6 s, and tints the body
/// (1, 0.5, 0.5, 1) until 0.25 s, then towards (1, 1, 1, 0.5) at 0.75 s, held after. At 0.1 s the
/// eyes are closed and the tint the first; at 0.4 s closed, the tint on its way; at 0.65 s open
/// (after the swap), the tint on its way; at 0.85 s open, the last tint. Each control is limber's
/// frame at another of these times: 0.65 s against 0.4 s differs by the swap (so a page that
/// ignored the attachment keys would fail), 0.85 s against 0.65 s by the tint alone (so would one
/// that ignored the colour keys).
const FACE_FRAMES: [(&str, u32, u32, u32); 4] = [
    ("blink", 20, 2, 8),
    ("blink", 20, 8, 13),
    ("blink", 20, 13, 8),
    ("blink", 20, 17, 13),
];

#[test]
fn spine_webgl_draws_the_tagged_faces_swap_and_tint_in_each_skin_as_limber_renders_them() {
    require_tooling();
    let dir = common::temp_dir("spine-web-face");
    let project = dir.join("face.limber");
    common::limber_ok(&[
        "import",
        &s(&fixture("face.ora")),
        "--rig",
        &s(&fixture("face_rig.json")),
        "-o",
        &s(&project),
    ]);
    let loaded = Project::load(&project).expect("the face loads");
    assert_eq!(loaded.rig.slots.active_skin.as_deref(), Some("light"));
    // The active skin: limber renders the project as it is; the page names the skin (Spine's
    // default skin alone holds no body).
    let light = Skins {
        limber: None,
        page: Some("light"),
    };
    let seen_light = check(&project, light, &FACE_FRAMES);
    let dark = Skins {
        limber: Some("dark"),
        page: Some("dark"),
    };
    let seen_dark = check(&project, dark, &FACE_FRAMES);
    assert_eq!(seen_light.len(), 4 * 3);

    // The skins differ beyond the tolerance: the page's dark face is not limber's light one.
    let light_frames = project.with_file_name("frames-blink-active");
    for (k, upload, seen) in &seen_dark {
        let other = frame(&light_frames, *k);
        let control = raster::compare(&seen.pixels, &other.pixels, BACKGROUND);
        println!("dark at frame {k}, {upload:?}: control (limber's light skin) {control:?}");
        assert!(
            !upload.within(&control),
            "the dark skin at frame {k}, {upload:?}, passes as the light one: {control:?}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
