//! The glTF export checked by other tools (Node, from `tests/tooling/gltf`; `.ci/run` installs them,
//! and a missing one fails these tests with the command that installs it):
//! - the Khronos glTF-Validator reports no error and no warning on exports of sample sprites with rigs
//!   and clips;
//! - three.js in headless Chromium plays an export to time t, and its picture matches limber's own
//!   GPU render of the frame at t within a stated tolerance (and the CPU reference rasteriser,
//!   `gltf_support::raster`, agrees with both).

use crate::common;
use crate::common::gltf_support;

use std::path::{Path, PathBuf};

use glam::DVec2;
use gltf_support::projects::{Kind, cpu_positions, export, make};
use gltf_support::raster::{self, DrawPart, View};
use gltf_support::tooling;
use limber::core::frame::Frame;
use limber::core::pose::PoseSolver;
use limber::core::project::Project;
use limber::render::offscreen::{OFFSCREEN_FORMAT, premultiplied_color};
use limber::render::renderer::Layers;
use limber::render::{
    GpuContext, OffscreenTarget, PartStyle, ProjectScene, Renderer, ViewTransform,
};

/// A simple rig for any sprite: a body bone up the middle and a head bone above it, with a clip that
/// sways them (linear and Bézier keys).
fn sway_rig(width: f64, height: f64) -> String {
    let x = width / 2.0;
    let (y0, y1, y2) = (height * 0.85, height * 0.5, height * 0.15);
    format!(
        r#"{{"bones": [
  {{"name": "body", "parent": null, "head": [{x}, {y0}], "tail": [{x}, {y1}]}},
  {{"name": "top", "parent": "body", "head": [{x}, {y1}], "tail": [{x}, {y2}]}}],
 "clips": [{{"name": "sway", "duration": 1.0, "loop": true, "keys": [
  {{"bone": "body", "time": 0.0, "rotate": -6, "interp": "linear"}},
  {{"bone": "body", "time": 0.5, "rotate": 6, "interp": "linear"}},
  {{"bone": "body", "time": 1.0, "rotate": -6}},
  {{"bone": "top", "time": 0.0, "rotate": 10, "interp": "bezier"}},
  {{"bone": "top", "time": 0.5, "rotate": -10, "interp": "bezier"}},
  {{"bone": "top", "time": 1.0, "rotate": 10}}]}}]}}"#
    )
}

/// A project of a bundled sprite with [`sway_rig`].
fn swaying(sprite: &str) -> PathBuf {
    let image = image::open(common::sprite(sprite)).expect("sprite decodes");
    let dir = common::temp_dir(&format!("gltf-sway-{sprite}"));
    let rig = dir.join("rig.json");
    std::fs::write(
        &rig,
        sway_rig(f64::from(image.width()), f64::from(image.height())),
    )
    .unwrap();
    let project = dir.join("project.limber");
    let s = |p: &Path| p.to_str().unwrap().to_string();
    common::limber_ok(&[
        "new",
        &s(&common::sprite(sprite)),
        "--rig",
        &s(&rig),
        "-o",
        &s(&project),
    ]);
    project
}

#[test]
fn khronos_validator_reports_no_errors_or_warnings() {
    tooling::require(false);
    let mut files = Vec::new();
    for (kind, name) in [
        (Kind::Zombie, "zombie"),
        (Kind::Keys, "keys"),
        (Kind::Constrained, "constrained"),
        (Kind::IkReach, "ik-reach"),
        (Kind::LiveTransform, "transform"),
        (Kind::Physics, "physics"),
        (Kind::Shear, "shear"),
        (Kind::Path, "path"),
    ] {
        let project = make(kind, &format!("gltf-validate-{name}"));
        for file in [format!("{name}.glb"), format!("{name}.gltf")] {
            let out = project.with_file_name(file);
            export(&project, &out, &[]);
            files.push(out);
        }
    }
    for sprite in [
        "kenney_wormGreen.png",
        "kenney_bee.png",
        "oc_chibi_512h.png",
    ] {
        let project = swaying(sprite);
        let out = project.with_file_name("sway.glb");
        export(&project, &out, &[]);
        files.push(out);
    }
    let args: Vec<&str> = files.iter().map(|f| f.to_str().unwrap()).collect();
    let (ok, stdout, stderr) = tooling::node("validate.mjs", &args);
    assert_eq!(
        stdout.lines().count(),
        files.len(),
        "one report per file: {stderr}"
    );
    for line in stdout.lines() {
        let report: serde_json::Value = serde_json::from_str(line).expect("a JSON report");
        let messages = &report["messages"];
        println!(
            "{}: {} errors, {} warnings, {} infos, {} hints: {}",
            report["file"],
            report["errors"],
            report["warnings"],
            report["infos"],
            report["hints"],
            messages
        );
        assert_eq!(report["errors"], 0, "{line}");
        assert_eq!(report["warnings"], 0, "{line}");
    }
    assert!(ok, "the validator failed: {stderr}");
}

const BACKGROUND: [u8; 3] = [32, 64, 96];

/// The view of the zombie sprite (96 × 128 px) with a 32 px margin, at two canvas pixels per image
/// pixel.
const ZOMBIE_VIEW: View = View {
    x0: -32.0,
    y0: -32.0,
    width: 320,
    height: 384,
    scale: 2.0,
};

/// limber's own render of `t` of `clip` — the wgpu renderer's offscreen frame (on the software Vulkan
/// adapter in CI) of the same view — as an RGB picture over [`BACKGROUND`].
fn limber_frame(project_path: &Path, clip: &str, t: f64, view: View) -> Vec<[u8; 3]> {
    let project = Project::load(project_path).expect("project loads");
    let gpu = match GpuContext::headless() {
        Ok(gpu) => gpu,
        Err(e) => panic!("this test needs a GPU adapter: {e}"),
    };
    let renderer = Renderer::new(&gpu.device, OFFSCREEN_FORMAT);
    let scene = ProjectScene::upload(&gpu.device, &gpu.queue, &renderer, &project, project_path)
        .expect("the project uploads");
    let solver = PoseSolver::new(&project.rig.skeleton).expect("valid skeleton");
    let frame = Frame::sample(&project, &solver, project.clip(clip), t);
    let size = DVec2::new(f64::from(view.width), f64::from(view.height)) / view.scale;
    let transform = ViewTransform::image_rect(DVec2::new(view.x0, view.y0), size);
    scene.apply(&gpu.queue, &frame, &transform, &PartStyle::default());
    let target = OffscreenTarget::new(&gpu.device, view.width, view.height).expect("a target");
    let [r, g, b] = BACKGROUND;
    let image = target
        .render(&gpu, premultiplied_color([r, g, b, 255]), |pass| {
            scene.draw(pass, &renderer, &frame, Layers::default())
        })
        .expect("the frame renders");
    // Over an opaque background, premultiplied and straight colours are the same.
    image
        .data
        .chunks_exact(4)
        .map(|p| [p[0], p[1], p[2]])
        .collect()
}

/// The CPU reference rasteriser's picture of the same frame (limber's f64 skinning, barycentric
/// texture lookup): a second witness, so a disagreement can be pinned on the browser or on limber.
fn cpu_frame(project_path: &Path, clip: &str, t: f64, view: View) -> Vec<[u8; 3]> {
    let project = Project::load(project_path).expect("project loads");
    let mut parts = cpu_positions(&project, clip, t);
    parts.sort_by_key(|(_, order, _)| *order);
    let textures: Vec<image::RgbaImage> = (0..project.parts.len())
        .map(|i| {
            image::open(project.image_path(project_path, i))
                .unwrap()
                .to_rgba8()
        })
        .collect();
    let draw: Vec<DrawPart> = parts
        .iter()
        .map(|(name, _, positions)| {
            let i = project.parts.iter().position(|p| &p.name == name).unwrap();
            DrawPart {
                positions,
                uvs: &project.parts[i].mesh.uvs,
                triangles: &project.parts[i].mesh.triangles,
                texture: &textures[i],
            }
        })
        .collect();
    raster::draw(&draw, view, BACKGROUND)
}

/// three.js's picture of `glb` at `t` of `clip`, from headless Chromium.
fn browser_frame(glb: &Path, clip: &str, t: f64, view: View) -> Vec<[u8; 3]> {
    let png = glb.with_file_name(format!("{clip}-{t}.png"));
    let (x0, y0, w, h, scale) = (
        view.x0.to_string(),
        view.y0.to_string(),
        view.width.to_string(),
        view.height.to_string(),
        view.scale.to_string(),
    );
    let bg = BACKGROUND.map(|c| c.to_string()).join(",");
    let t = t.to_string();
    let args = [
        glb.to_str().unwrap(),
        png.to_str().unwrap(),
        "--clip",
        clip,
        "--time",
        &t,
        "--x0",
        &x0,
        "--y0",
        &y0,
        "--width",
        &w,
        "--height",
        &h,
        "--scale",
        &scale,
        "--ppu",
        "100",
        "--bg",
        &bg,
    ];
    let (ok, _, stderr) = tooling::node("render.mjs", &args);
    assert!(ok, "render.mjs failed: {stderr}");
    let picture = image::open(&png).expect("the screenshot decodes").to_rgb8();
    assert_eq!(
        (picture.width(), picture.height()),
        (view.width, view.height)
    );
    picture.pixels().map(|p| p.0).collect()
}

#[test]
fn three_js_in_chromium_draws_what_limber_draws() {
    tooling::require(true);
    let zombie = make(Kind::Zombie, "gltf-browser-zombie");
    let keys = make(Kind::Keys, "gltf-browser-keys");
    // Each frame with a control time at which limber's picture clearly differs (the wave's arm is
    // still rising at 0.15 s and held raised at 0.65 s).
    for (project, clip, t, control_t) in [
        (&zombie, "shamble", 0.4, 0.15),
        (&zombie, "wave", 0.65, 0.15),
        (&keys, "keys", 0.5, 0.25),
    ] {
        let glb = project.with_file_name(format!("{clip}.glb"));
        export(project, &glb, &[]);
        let seen = browser_frame(&glb, clip, t, ZOMBIE_VIEW);
        let expected = limber_frame(project, clip, t, ZOMBIE_VIEW);
        let difference = raster::compare(&seen, &expected, BACKGROUND);
        println!("{clip} at {t} s: {difference:?}");
        // Tolerance: edge pixels may differ (rasterisation rules, filtering precision, folded
        // triangles, and at the rim limber's premultiplied filtering against three.js's straight
        // alpha, which blends in the colour of transparent texels); the picture as a whole must
        // agree to half a level in 255 on average, at most 0.1% of pixels may differ by more than
        // 32 levels, and the silhouettes (pixels more than 8 levels from the background) by under 2%
        // — about a one-pixel ring at the rim.
        let within = |d: &raster::Difference| d.mean < 0.5 && d.far < 0.001 && d.silhouette < 0.02;
        assert!(within(&difference), "{clip} at {t}: {difference:?}");
        // The CPU reference agrees with limber's GPU render.
        let reference = raster::compare(
            &cpu_frame(project, clip, t, ZOMBIE_VIEW),
            &expected,
            BACKGROUND,
        );
        println!("{clip} at {t} s: CPU reference vs GPU {reference:?}");
        assert!(
            within(&reference),
            "{clip} at {t}: CPU vs GPU {reference:?}"
        );
        // The check can fail: limber's frame at the control time is outside the tolerance.
        let other = limber_frame(project, clip, control_t, ZOMBIE_VIEW);
        let control = raster::compare(&seen, &other, BACKGROUND);
        println!("{clip}: control (at {control_t} s) {control:?}");
        assert!(
            !within(&control),
            "{clip}: the frame at {control_t} s passes too: {control:?}"
        );
    }
}
