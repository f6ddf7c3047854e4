//! Adding a part from a large image runs on a worker thread: the document is unchanged until the
//! part arrives (as one undo step, with the weights the synchronous path gives), the status bar
//! shows progress and a Cancel button, Cancel adds nothing, and a part whose bones changed meanwhile
//! is weighed again on the new skeleton.
//!
//! The bundled sprites are small enough for the synchronous path, so each background test sets
//! `sync_weight_pixels` to 0.

use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use glam::DVec2;
use limber::app::ui::editor_ui;
use limber::core::weights::check_binding;
use limber::editor::commands::Command;
use limber::editor::commands::FileCommand;
use limber::editor::document::Document;
use limber::editor::editor::Editor;
use limber::editor::jobs::JobKind;

fn editor(background: bool) -> Editor {
    let sample =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/projects/zombie.limber");
    let mut editor = Editor::new(Document::open(&sample).expect("the sample project opens"));
    if background {
        editor.run(limber::editor::commands::Command::Mesh(
            limber::editor::commands::MeshCommand::SetSyncWeightPixels { pixels: 0 },
        ));
    }
    editor
}

fn worm() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/sprites/kenney_wormGreen.png")
}

fn add_child(editor: &mut Editor) {
    editor.run(limber::editor::commands::Command::Bone(
        limber::editor::commands::BoneCommand::Select { bone: Some(0) },
    ));
    let tail = editor.document().project.rig.skeleton.bones[0].tail();
    editor.run(limber::editor::commands::Command::Bone(
        limber::editor::commands::BoneCommand::Add {
            head: tail,
            tail: tail + DVec2::new(15.0, -12.0),
        },
    ));
}

#[test]
fn a_large_part_arrives_from_the_worker_as_the_synchronous_one_in_one_undo_step() {
    let mut synchronous = editor(false);
    assert!(
        synchronous
            .run(Command::File(FileCommand::AddPart(worm())))
            .is_done(),
        "{}",
        synchronous.status()
    );
    assert!(
        synchronous.jobs().part().is_none(),
        "a small image is added at once"
    );
    let expected = synchronous.document().project.parts[1].clone();

    let mut editor = editor(true);
    let before = editor.document().project.clone();
    assert!(
        editor
            .run(Command::File(FileCommand::AddPart(worm())))
            .is_done(),
        "{}",
        editor.status()
    );
    assert!(
        editor.jobs().progress(JobKind::Part).is_some(),
        "a large image goes to the worker"
    );
    assert_eq!(editor.document().project, before, "nothing added yet");
    assert!(
        !editor
            .run(Command::File(FileCommand::AddPart(worm())))
            .is_done(),
        "one at a time"
    );
    assert!(
        editor.status().contains("being added"),
        "{}",
        editor.status()
    );

    editor.finish_job(JobKind::Part);
    assert!(editor.jobs().part().is_none());
    let parts = &editor.document().project.parts;
    assert_eq!(parts.len(), 2, "{}", editor.status());
    assert_eq!(parts[1], expected, "the same part as on the UI thread");
    editor.undo();
    assert_eq!(editor.document().project, before, "one undo step");
}

#[test]
fn cancel_adds_nothing() {
    let mut editor = editor(true);
    let before = editor.document().project.clone();
    let revision = editor.document().revision();
    assert!(
        editor
            .run(Command::File(FileCommand::AddPart(worm())))
            .is_done()
    );
    editor.cancel_job(JobKind::Part);
    editor.finish_job(JobKind::Part);
    assert_eq!(editor.document().project, before);
    assert_eq!(editor.document().revision(), revision);
    assert!(editor.status().contains("cancelled"), "{}", editor.status());
}

#[test]
fn a_part_whose_bones_changed_meanwhile_is_weighed_on_the_new_skeleton() {
    let mut expected = editor(false);
    add_child(&mut expected);
    assert!(
        expected
            .run(Command::File(FileCommand::AddPart(worm())))
            .is_done()
    );
    let expected = expected.document().project.parts[1].binding.clone();

    let mut editor = editor(true);
    assert!(
        editor
            .run(Command::File(FileCommand::AddPart(worm())))
            .is_done()
    );
    add_child(&mut editor);
    editor.finish_job(JobKind::Weights);
    editor.finish_job(JobKind::Part);
    let bones = editor.document().project.rig.skeleton.bones.len();
    let parts = &editor.document().project.parts;
    assert_eq!(parts.len(), 2, "{}", editor.status());
    check_binding(&parts[1].binding, bones).expect("weights on the new skeleton");
    assert_eq!(parts[1].binding, expected);
}

#[test]
fn a_bad_image_is_refused_in_one_line() {
    let dir = std::env::temp_dir().join(format!("limber-part-job-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("folder");
    let bad = dir.join("not.png");
    std::fs::write(&bad, b"not a png").expect("write");
    let mut editor = editor(true);
    let before = editor.document().project.clone();
    assert!(
        !editor
            .run(Command::File(FileCommand::AddPart(bad.clone())))
            .is_done()
    );
    assert!(editor.jobs().part().is_none());
    assert_eq!(editor.document().project, before);
    assert_eq!(editor.status().lines().count(), 1);
    assert!(editor.status().contains("not.png"), "{}", editor.status());
}

#[test]
fn the_status_bar_shows_the_new_parts_progress_and_its_cancel_button_cancels() {
    let mut harness = Harness::builder()
        .with_size(egui::Vec2::new(1280.0, 800.0))
        .build_ui_state(
            |ui, editor: &mut Editor| {
                editor_ui(ui, editor, None, false, &[]);
            },
            editor(true),
        );
    harness.run_steps(1);
    let before = harness.state().document().project.clone();
    assert!(harness.query_by_label("Cancel new part").is_none());
    // A drag in progress holds the part back, so the job stays visible however fast it is.
    harness.state_mut().document_mut().begin();
    assert!(
        harness
            .state_mut()
            .run(Command::File(FileCommand::AddPart(worm())))
            .is_done()
    );
    harness.run_steps(2);
    harness.get_by_role(egui::accesskit::Role::ProgressIndicator);
    harness.get_by_label("Cancel new part").click();
    harness.run_steps(1);
    harness.state_mut().document_mut().commit();
    harness.state_mut().finish_job(JobKind::Part);
    harness.run_steps(1);
    assert!(harness.query_by_label("Cancel new part").is_none());
    assert_eq!(harness.state().document().project, before);
    assert!(harness.state().status().contains("cancelled"));
}
