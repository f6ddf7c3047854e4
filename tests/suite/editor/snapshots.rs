//! Snapshots of the editor's main views, rendered by egui_kittest through wgpu with the real
//! viewport renderer (the project drawn by `render`, as in the window): Animate (a posed frame of a
//! clip), Bones, the Weights heat map and the Mesh wireframe, the curve editor, an IK arm and a
//! suggested skeleton; and the timeline alone (its time labels). Compared with `tests/snapshots/*.png` within the tolerances in `kittest.toml` (CI
//! renders on Mesa's llvmpipe, as this does).
//!
//! `UPDATE_SNAPSHOTS=1` rewrites the snapshots; `LIMBER_SCREENSHOTS=1` also writes the README's
//! screenshots to `docs/screenshots/`. Needs a wgpu adapter (a software one will do).

use eframe::egui;
use eframe::egui_wgpu;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use egui_kittest::wgpu::{WgpuTestRenderer, create_render_state, default_wgpu_setup};
use limber::app::gpu_bridge;
use limber::app::ui::editor_ui;
use limber::app::viewport::checker_texture;
use limber::editor::document::Document;
use limber::editor::editor::{Editor, Mode};

use crate::common::editor_harness;
use editor_harness::sample;
use limber::editor::jobs::JobKind;

/// The state the harness draws: the editor and the viewport's checkerboard.
struct App {
    editor: Editor,
    checker: Option<egui::TextureHandle>,
}

/// The sample project in a 1280 × 800 harness whose renderer holds the editor's GPU scene.
fn harness(setup: impl FnOnce(&mut Editor)) -> Harness<'static, App> {
    harness_of(
        Document::open(&sample()).expect("the sample project opens"),
        setup,
    )
}

/// `document` in a 1280 × 800 harness whose renderer holds the editor's GPU scene.
fn harness_of(document: Document, setup: impl FnOnce(&mut Editor)) -> Harness<'static, App> {
    let render_state = create_render_state(
        default_wgpu_setup(),
        egui_wgpu::RendererOptions::PREDICTABLE,
    );
    gpu_bridge::install(&render_state);
    let mut editor = Editor::new(document);
    setup(&mut editor);
    gpu_bridge::sync_document(&render_state, 0, editor.document()).expect("the project uploads");
    let mut harness = Harness::builder()
        .with_size(egui::Vec2::new(1280.0, 800.0))
        .with_render_cursor(false)
        .renderer(WgpuTestRenderer::from_render_state(render_state))
        .build_ui_state(
            |ui, app: &mut App| {
                let checker = app
                    .checker
                    .get_or_insert_with(|| checker_texture(ui.ctx()))
                    .clone();
                editor_ui(ui, &mut app.editor, Some(&checker), true, &[]);
            },
            App {
                editor,
                checker: None,
            },
        );
    harness.run_steps(3);
    harness
}

/// Compares with the stored snapshot and, when asked, writes a README screenshot.
fn check(harness: &mut Harness<'_, App>, name: &str, screenshot: Option<&str>) {
    if let Some(file) = screenshot
        && std::env::var_os("LIMBER_SCREENSHOTS").is_some()
    {
        let image = harness.render().expect("the harness renders");
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/screenshots");
        std::fs::create_dir_all(&dir).unwrap();
        image.save(dir.join(file)).unwrap();
    }
    harness.snapshot(name);
}

#[test]
fn animate_view() {
    let mut harness = harness(|editor| {
        editor.run(limber::editor::commands::Command::SetMode(Mode::Animate));
        editor.run(limber::editor::commands::Command::Clip(
            limber::editor::commands::ClipCommand::SetTime { time: 0.3 },
        ));
        editor.run(limber::editor::commands::Command::Bone(
            limber::editor::commands::BoneCommand::Select { bone: Some(3) },
        ));
    });
    check(&mut harness, "animate", Some("animate.png"));
}

#[test]
fn bones_view() {
    let mut harness = harness(|editor| {
        editor.run(limber::editor::commands::Command::SetMode(Mode::Bones));
        editor.run(limber::editor::commands::Command::Bone(
            limber::editor::commands::BoneCommand::Select { bone: Some(2) },
        ));
    });
    check(&mut harness, "bones", Some("bones.png"));
}

#[test]
fn weights_heat_map() {
    let mut harness = harness(|editor| {
        editor.run(limber::editor::commands::Command::SetMode(Mode::Weights));
        editor.run(limber::editor::commands::Command::Bone(
            limber::editor::commands::BoneCommand::Select { bone: Some(1) },
        ));
    });
    check(&mut harness, "weights", Some("weights.png"));
}

#[test]
fn mesh_view() {
    let mut harness = harness(|editor| {
        editor.run(limber::editor::commands::Command::SetMode(Mode::Mesh));
    });
    check(&mut harness, "mesh", None);
}

/// Animate mode with the curve editor open on arm_l's channels (the README's walkthrough).
#[test]
fn curves_view() {
    let mut harness = harness(|editor| {
        editor.run(limber::editor::commands::Command::SetMode(Mode::Animate));
        editor.run(limber::editor::commands::Command::Clip(
            limber::editor::commands::ClipCommand::SetTime { time: 0.3 },
        ));
        editor.run(limber::editor::commands::Command::Bone(
            limber::editor::commands::BoneCommand::Select { bone: Some(3) },
        ));
        editor.run(limber::editor::commands::Command::ToggleCurves);
    });
    check(&mut harness, "curves_window", Some("curves.png"));
}

/// Bones mode on the zombie with a forearm drawn from arm_r's tail and a two-bone IK made on it
/// (its new target bone at the hand): the chain and target drawn in the view, the constraint
/// listed in the inspector.
#[test]
fn ik_arm_view() {
    let mut harness = harness(|editor| {
        editor.run(limber::editor::commands::Command::SetMode(Mode::Bones));
        let arm = editor
            .document()
            .project
            .rig
            .skeleton
            .index_of("arm_r")
            .expect("arm_r");
        editor.run(limber::editor::commands::Command::Bone(
            limber::editor::commands::BoneCommand::Select { bone: Some(arm) },
        ));
        let elbow = editor.document().project.rig.skeleton.bones[arm].tail();
        editor.run(limber::editor::commands::Command::Bone(
            limber::editor::commands::BoneCommand::Add {
                head: elbow,
                tail: elbow + glam::DVec2::new(14.0, 10.0),
            },
        ));
        assert!(
            editor.run(limber::editor::commands::Command::AddIk)
                == limber::editor::commands::Outcome::Done,
            "{}",
            editor.status()
        );
        editor.finish_job(JobKind::Weights);
    });
    check(&mut harness, "ik_arm", Some("ik_arm.png"));
}

/// Bones mode on a fresh project from the 2560 px lizard after "Suggest bones".
#[test]
fn suggested_bones_view() {
    let sprite =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/sprites/oc_lizard_2560w.png");
    let document = Document::from_image(&sprite).expect("the sprite opens");
    let mut harness = harness_of(document, |editor| {
        editor.run(limber::editor::commands::Command::SetMode(Mode::Bones));
        editor.run(limber::editor::commands::Command::SuggestBones);
        editor.finish_job(JobKind::Weights);
        assert!(editor.document().project.rig.skeleton.bones.len() >= 5);
        editor.run(limber::editor::commands::Command::Bone(
            limber::editor::commands::BoneCommand::Select { bone: None },
        ));
    });
    check(&mut harness, "suggested", Some("suggested.png"));
}

/// The timeline alone (1000 × 260) on shamble at 12 fps, the playhead at 0.5 s and hip's keys
/// selected: the ruler's time and frame labels, the rows, the key buttons.
#[test]
fn timeline_with_time_labels() {
    let mut editor = Editor::new(Document::open(&sample()).expect("the sample project opens"));
    assert_eq!(
        editor.run(limber::editor::commands::Command::Clip(
            limber::editor::commands::ClipCommand::SetFps { fps: Some(12) }
        )),
        limber::editor::commands::Outcome::Done
    );
    editor.run(limber::editor::commands::Command::Clip(
        limber::editor::commands::ClipCommand::SetTime { time: 0.5 },
    ));
    editor.run(limber::editor::commands::Command::Key(
        limber::editor::commands::KeyCommand::SelectRows {
            bones: vec!["hip".to_string()],
            parts: vec![],
            slots: vec![],
            add: false,
        },
    ));
    let render_state = create_render_state(
        default_wgpu_setup(),
        egui_wgpu::RendererOptions::PREDICTABLE,
    );
    let mut harness = Harness::builder()
        .with_size(egui::Vec2::new(1000.0, 260.0))
        .with_render_cursor(false)
        .renderer(WgpuTestRenderer::from_render_state(render_state))
        .build_ui_state(
            |ui, editor: &mut Editor| limber::app::timeline::show(ui, editor),
            editor,
        );
    harness.run_steps(3);
    harness.get_by_label("0.5 s");
    harness.snapshot("timeline");
}
