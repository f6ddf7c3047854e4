//! Weights computed in the background: a recompute that needs new distance fields runs on a worker
//! thread (the editor is busy, the status bar shows progress and Cancel), its result equals the
//! synchronous one and joins the undo step that asked for it (or is its own when something else
//! changed meanwhile); Cancel and undo leave the document as it is.
//!
//! The sample sprite is small enough for the synchronous path, so each test sets
//! `sync_weight_pixels` to 0 to send every missing field to the worker.

use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use glam::DVec2;
use limber::app::ui::editor_ui;
use limber::core::weights::Binding;
use limber::editor::editor::Editor;

use crate::common::editor_harness;
use editor_harness::sample_editor;
use limber::editor::jobs::JobKind;

/// The sample, with every recompute that needs a field sent to the background when `background`.
fn editor(background: bool) -> Editor {
    let mut editor = sample_editor();
    if background {
        editor.run(limber::editor::commands::Command::Mesh(
            limber::editor::commands::MeshCommand::SetSyncWeightPixels { pixels: 0 },
        ));
    }
    editor
}

/// Adds a child of bone 0 from its tail (a new field is needed).
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

fn binding(editor: &Editor) -> Binding {
    editor.document().project.parts[0].binding.clone()
}

#[test]
fn a_background_recompute_applies_the_synchronous_weights_as_one_undo_step() {
    let mut synchronous = editor(false);
    add_child(&mut synchronous);
    assert!(
        !synchronous.jobs().is_running(JobKind::Weights),
        "a small sprite is weighted at once"
    );
    let expected = binding(&synchronous);

    let mut editor = editor(true);
    let before = binding(&editor);
    add_child(&mut editor);
    assert!(
        editor.jobs().is_running(JobKind::Weights),
        "a missing field goes to the worker"
    );
    assert!(editor.jobs().progress(JobKind::Weights).is_some());
    // The bone is there at once; its weights are not yet.
    let bones = editor.document().project.rig.skeleton.bones.len();
    assert_eq!(
        bones,
        synchronous.document().project.rig.skeleton.bones.len()
    );
    assert_eq!(binding(&editor), before);

    editor.finish_job(JobKind::Weights);
    assert!(!editor.jobs().is_running(JobKind::Weights));
    assert_eq!(
        binding(&editor),
        expected,
        "the same weights as on the UI thread"
    );
    assert!(
        expected
            .vertices
            .iter()
            .any(|v| v.iter().any(|&(b, _)| b == bones - 1)),
        "the new bone has weight somewhere"
    );
    // Nothing else changed meanwhile: the weights joined the bone's undo step.
    editor.undo();
    assert_eq!(binding(&editor), before);
    assert_eq!(
        editor.document().project.rig.skeleton.bones.len(),
        bones - 1
    );
    editor.redo();
    assert_eq!(binding(&editor), expected);

    // With every field cached, a smoothness change is synchronous again (sliders while dragging).
    let mut editor = self::editor(true);
    add_child(&mut editor);
    editor.finish_job(JobKind::Weights);
    let smoothness = editor.document().project.parts[0]
        .weight_settings
        .smoothness;
    let weighted = binding(&editor);
    editor.run(limber::editor::commands::Command::Mesh(
        limber::editor::commands::MeshCommand::SetSmoothness {
            part: 0,
            smoothness: smoothness * 3.0,
        },
    ));
    assert!(!editor.jobs().is_running(JobKind::Weights));
    assert_ne!(binding(&editor), weighted);
}

#[test]
fn cancel_leaves_the_document_unchanged_and_asking_again_resumes() {
    let mut editor = editor(true);
    let before = binding(&editor);
    add_child(&mut editor);
    let project = editor.document().project.clone();
    let revision = editor.document().revision();
    editor.cancel_job(JobKind::Weights);
    editor.finish_job(JobKind::Weights);
    assert!(!editor.jobs().is_running(JobKind::Weights));
    assert_eq!(editor.document().project, project, "cancel changes nothing");
    assert_eq!(editor.document().revision(), revision);
    assert_eq!(binding(&editor), before);
    assert!(editor.status().contains("cancelled"), "{}", editor.status());

    let mut synchronous = self::editor(false);
    add_child(&mut synchronous);
    editor.recompute_weights();
    editor.finish_job(JobKind::Weights);
    assert_eq!(binding(&editor), binding(&synchronous));
}

#[test]
fn edits_while_the_job_runs_are_respected() {
    // Weights asked for again (a smoothness change) while the job runs: the final weights are
    // those of the final document.
    let mut synchronous = editor(false);
    add_child(&mut synchronous);
    let smoothness = synchronous.document().project.parts[0]
        .weight_settings
        .smoothness;
    synchronous.run(limber::editor::commands::Command::Mesh(
        limber::editor::commands::MeshCommand::SetSmoothness {
            part: 0,
            smoothness: smoothness * 2.0,
        },
    ));
    let mut editor = editor(true);
    add_child(&mut editor);
    assert!(editor.jobs().is_running(JobKind::Weights));
    editor.run(limber::editor::commands::Command::Mesh(
        limber::editor::commands::MeshCommand::SetSmoothness {
            part: 0,
            smoothness: smoothness * 2.0,
        },
    ));
    editor.finish_job(JobKind::Weights);
    assert_eq!(binding(&editor), binding(&synchronous));

    // An undo of the new bone while its weights are computed: they are dropped.
    let mut editor = self::editor(true);
    let before = editor.document().project.clone();
    add_child(&mut editor);
    editor.undo();
    editor.finish_job(JobKind::Weights);
    assert_eq!(editor.document().project, before);
    assert!(editor.status().contains("dropped"), "{}", editor.status());
    // Other edits meanwhile (a clip) do not change the weights' inputs: they are applied, as an
    // undo step of their own.
    let mut editor = self::editor(true);
    let clips = editor.document().project.rig.clips.len();
    add_child(&mut editor);
    let unweighted = binding(&editor);
    editor.run(limber::editor::commands::Command::AddClip);
    editor.finish_job(JobKind::Weights);
    assert_eq!(binding(&editor), binding(&synchronous_child()));
    editor.undo();
    assert_eq!(binding(&editor), unweighted);
    assert_eq!(editor.document().project.rig.clips.len(), clips + 1);
}

fn synchronous_child() -> Editor {
    let mut editor = editor(false);
    add_child(&mut editor);
    editor
}

#[test]
fn the_status_bar_shows_progress_and_its_cancel_button_cancels() {
    let mut harness = Harness::builder()
        .with_size(egui::Vec2::new(1280.0, 800.0))
        .build_ui_state(
            |ui, editor: &mut Editor| {
                editor_ui(ui, editor, None, false, &[]);
            },
            editor(true),
        );
    harness.run_steps(2);
    let before = binding(harness.state());
    add_child(harness.state_mut());
    // A drag in progress holds the result back (so it stays its own undo step): the job stays
    // visible however fast it is.
    harness.state_mut().document_mut().begin();
    harness.run_steps(2);
    assert!(harness.state().jobs().is_running(JobKind::Weights));
    harness.get_by_role(egui::accesskit::Role::ProgressIndicator);
    harness.get_by_label("Cancel").click();
    harness.run_steps(1);
    harness.state_mut().document_mut().commit();
    harness.run_steps(1);
    harness.state_mut().finish_job(JobKind::Weights);
    harness.run_steps(1);
    assert!(!harness.state().jobs().is_running(JobKind::Weights));
    assert_eq!(binding(harness.state()), before);
    assert!(harness.query_by_label("Cancel").is_none());
}
