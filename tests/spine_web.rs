//! The Spine export shown by a Spine web runtime: headless Chromium (software WebGL, SwiftShader)
//! draws the bundled zombie's export with `@esotericsoftware/spine-webgl` 4.2.119 (pinned in
//! `tests/tooling/spine`, driven by `render.mjs` through playwright-core), at a time between keys of
//! each clip, and the picture must match `limber render` of the same frame (the image rectangle at
//! two output pixels per image pixel, over one opaque background). A wrong time or a wrong
//! animation must fall outside the tolerance, so the check can fail. A missing Node, npm package
//! or Chromium fails with the command that installs it; nothing is skipped.

mod common;
mod gltf_support;
#[path = "common/node_tooling.rs"]
mod node_tooling;

use std::path::{Path, PathBuf};
use std::process::Command;

use gltf_support::projects::{Kind, make};
use gltf_support::raster::{self, Difference};

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

/// `limber render` of `clip` at `fps` over [`BACKGROUND`], framed on the image rectangle; returns the
/// folder of frames (`frame_NNNN.png`, frame k at k / fps seconds).
fn limber_frames(project: &Path, clip: &str, fps: u32) -> PathBuf {
    let dir = project.with_file_name(format!("frames-{clip}"));
    let background = BACKGROUND.map(|c| format!("{c:02x}")).concat();
    common::limber_ok(&[
        "render",
        &s(project),
        "--clip",
        clip,
        "--fps",
        &fps.to_string(),
        "--scale",
        &SCALE.to_string(),
        "--frame",
        "image",
        "--background",
        &background,
        "--frames",
        &s(&dir),
    ]);
    dir
}

fn frame(dir: &Path, k: u32) -> Picture {
    read_picture(&dir.join(format!("frame_{k:04}.png")))
}

/// How the page uploads the atlas pages.
#[derive(Debug, Clone, Copy)]
enum Upload {
    /// As written: straight alpha (the atlas says nothing of premultiplied alpha), drawn with
    /// spine-webgl's straight-alpha blending. Its linear filtering mixes the colour of the pages'
    /// transparent texels (black) into the rim, which comes out darker than limber's.
    Straight,
    /// Premultiplied on upload and drawn with spine-webgl's premultiplied-alpha blending: filtering
    /// as limber's renderer does it (it premultiplies texels before filtering).
    Premultiplied,
}

impl Upload {
    fn premultiplied(self) -> bool {
        matches!(self, Upload::Premultiplied)
    }

    /// The tolerance. Edge pixels may differ a little (rasterisation rules, filtering precision):
    /// on average under 0.2 levels of 255, at most 0.1% of pixels by more than 32 levels and the
    /// silhouettes (pixels more than 8 levels from the background) by under 0.5% (IoU over 0.995).
    /// Straight alpha darkens the rim (see [`Upload::Straight`]): a ring of faint pixels falls
    /// within 8 levels of the background, so its silhouette may differ by up to 3% and its mean by
    /// half a level.
    fn within(self, d: &Difference) -> bool {
        let (mean, silhouette) = match self {
            Upload::Premultiplied => (0.2, 0.005),
            Upload::Straight => (0.5, 0.03),
        };
        d.mean < mean && d.far < 0.001 && d.silhouette < silhouette
    }
}

/// spine-webgl's picture of `animation` at `t` of the export `json`, the canvas showing the image
/// rectangle (0, 0)–(width, height) / [`SCALE`].
fn browser_frame(
    json: &Path,
    animation: &str,
    t: f64,
    upload: Upload,
    (width, height): (u32, u32),
) -> Picture {
    let png = json.with_file_name(format!("web-{animation}-{t}-{upload:?}.png"));
    let bg = BACKGROUND.map(|c| c.to_string()).join(",");
    let out = Command::new("node")
        .arg(tooling().join("render.mjs"))
        .args([&s(json), &s(&png), "--animation", animation])
        .args(["--time", &t.to_string(), "--x0", "0", "--y0", "0"])
        .args([
            "--width",
            &width.to_string(),
            "--height",
            &height.to_string(),
        ])
        .args(["--scale", &SCALE.to_string(), "--bg", &bg])
        .args(["--pma", if upload.premultiplied() { "1" } else { "0" }])
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

#[test]
fn spine_webgl_in_chromium_draws_what_limber_renders() {
    require_tooling();
    let project = make(Kind::Zombie, "spine-web-zombie");
    let out = project.with_file_name("spine");
    common::limber_ok(&["export", &s(&project), "--spine", &s(&out)]);
    let json = out.join("project.json");
    assert!(json.exists(), "the export wrote {json:?}");

    // (clip, fps, frame, control frame): shamble's keys are at 0, 0.3, 0.6, 0.9 and 1.2 s, wave's
    // at 0, 0.5 and 0.8 s; the frames fall between keys, the controls well away from them.
    for (clip, fps, k, control_k) in [("shamble", 10, 4, 1), ("wave", 20, 13, 3)] {
        let frames = limber_frames(&project, clip, fps);
        let expected = frame(&frames, k);
        let size = (expected.width, expected.height);
        let t = f64::from(k) / f64::from(fps);
        let other = frame(&frames, control_k);
        let control_t = f64::from(control_k) / f64::from(fps);
        for upload in [Upload::Premultiplied, Upload::Straight] {
            let seen = browser_frame(&json, clip, t, upload, size);
            let difference = raster::compare(&seen.pixels, &expected.pixels, BACKGROUND);
            println!("{clip} at {t} s, {upload:?}: spine-webgl vs limber render {difference:?}");
            assert!(
                upload.within(&difference),
                "{clip} at {t} s, {upload:?}: {difference:?}"
            );
            // The check can fail: limber's frame at another time is outside the tolerance.
            let control = raster::compare(&seen.pixels, &other.pixels, BACKGROUND);
            println!("{clip}, {upload:?}: control (limber at {control_t} s) {control:?}");
            assert!(
                !upload.within(&control),
                "{clip}, {upload:?}: limber's frame at {control_t} s passes too: {control:?}"
            );
        }
    }

    // And so does the wrong animation: the page's wave at 0.4 s against limber's shamble at 0.4 s.
    let shamble = frame(&project.with_file_name("frames-shamble"), 4);
    let size = (shamble.width, shamble.height);
    for upload in [Upload::Premultiplied, Upload::Straight] {
        let wrong = browser_frame(&json, "wave", 0.4, upload, size);
        let control = raster::compare(&wrong.pixels, &shamble.pixels, BACKGROUND);
        println!("control (wave in the browser, shamble in limber, 0.4 s, {upload:?}) {control:?}");
        assert!(
            !upload.within(&control),
            "the wrong animation passes: {control:?}"
        );
    }
}
