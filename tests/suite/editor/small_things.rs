//! The small things of an artist's first hour (issue 27, item 9; issue 25, item 4), through the
//! editor's UI: Help has Getting started (the README's walkthrough) and About (version, licence,
//! credits of the bundled art); keys pasted at a playhead between microseconds show as keys in the
//! inspector; File > Import layered file on a document with parts asks whether to open the file as a
//! new document (named after it, on its canvas) or to add its layers to this one.

use std::path::{Path, PathBuf};

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use limber::editor::commands::{Command, FileCommand, SlotCommand, entry_of};
use limber::editor::editor::{Editor, Mode};
use limber::editor::recovery::{Autosave, recoverable};

use crate::common::editor_harness;
use editor_harness::{harness_with as ui_harness, sample_editor as sample};
use limber::editor::jobs::JobKind;

fn click_menu(harness: &mut Harness<'_, Editor>, menu: &str, command: Command) {
    harness.get_by_label(menu).click();
    harness.run_steps(2);
    let name = entry_of(&command).expect("in the table").name;
    harness.get_by_label(name).click();
    harness.run_steps(2);
}

#[test]
fn help_shows_the_walkthrough_and_about_with_version_licence_and_art_credits() {
    let mut harness = ui_harness(sample());
    click_menu(&mut harness, "Help", Command::ShowGettingStarted);
    harness.get_by_label("Getting started");
    // The README's steps, without its pictures.
    harness.get_by_label_contains("Draw bones.");
    harness.get_by_label_contains("Check the weights.");
    assert!(harness.query_by_label_contains("![").is_none());
    click_menu(&mut harness, "Help", Command::ShowAbout);
    harness.get_by_label(&format!("limber {}", env!("CARGO_PKG_VERSION")));
    harness.get_by_label_contains(env!("CARGO_PKG_LICENSE"));
    harness.get_by_label_contains("kenney_zombie_walk0.png: CC0");
    // One credit line per bundled sprite.
    let sprites = std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/sprites"))
        .expect("the sprites")
        .count();
    assert_eq!(limber::app::help::art_credits().len(), sprites);
}

#[test]
fn keys_pasted_at_an_uneven_playhead_show_as_keys_in_the_inspector() {
    let mut editor = sample();
    editor.run(limber::editor::commands::Command::Clip(
        limber::editor::commands::ClipCommand::SetCurrent { clip: Some(0) },
    ));
    editor.run(Command::SetMode(Mode::Animate));
    let record = editor.document().project.rig.clips[0].to_record();
    let key = record
        .keys
        .iter()
        .find(|k| k.rotate.is_some())
        .expect("a rotation key")
        .clone();
    let bone = editor
        .document()
        .project
        .rig
        .skeleton
        .bones
        .iter()
        .position(|b| b.name == key.bone)
        .expect("its bone");
    editor.run(limber::editor::commands::Command::Key(
        limber::editor::commands::KeyCommand::Select(
            vec![(key.bone.clone(), key.time)]
                .into_iter()
                .map(limber::editor::key_selection::KeyRef::Bone)
                .collect(),
        ),
    ));
    assert_eq!(
        editor.run(Command::CopyKeys),
        limber::editor::commands::Outcome::Done
    );
    editor.run(limber::editor::commands::Command::Bone(
        limber::editor::commands::BoneCommand::Select { bone: Some(bone) },
    ));
    // A playhead where no key is, not on a microsecond (a drag on the ruler puts it anywhere).
    let at = 0.7 / 3.0;
    editor.run(limber::editor::commands::Command::Clip(
        limber::editor::commands::ClipCommand::SetTime { time: at },
    ));
    let mut harness = ui_harness(editor);
    assert!(
        harness.query_by_label("Key rotation").is_some(),
        "no key yet"
    );
    harness.state_mut().run(Command::PasteKeys);
    harness.run_steps(2);
    assert!(
        harness.query_by_label("Remove rotation key").is_some(),
        "filled: {}",
        harness.state().status()
    );
    assert!(harness.state().bone_keys(bone).key().is_some());
    assert!((harness.state().animation().playhead() - at).abs() < 1e-6);
}

/// A layered file the repository carries, copied where its layers' PNGs may be written.
fn layered_copy(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("limber-first-hour-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let from =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/layered/psdtools_2layers.psd");
    let to = dir.join("two.psd");
    std::fs::copy(from, &to).expect("the fixture");
    to
}

fn file_canvas(path: &Path) -> [u32; 2] {
    limber::core::layered::read_layered(path)
        .expect("the fixture reads")
        .canvas
}

#[test]
fn importing_a_layered_file_asks_new_document_or_add_and_does_either() {
    // Add: the layers join the open project, one undo step.
    let file = layered_copy("add");
    let mut harness = ui_harness(sample());
    let before = harness.state().document().project.clone();
    harness
        .state_mut()
        .run(Command::File(FileCommand::ImportLayered(file.clone())));
    harness.run_steps(2);
    harness.get_by_label("Import two.psd");
    assert!(
        harness.state().jobs().import().is_none(),
        "waits for the answer"
    );
    harness.get_by_label("Add its layers to this one").click();
    harness.run_steps(2);
    harness.state_mut().finish_job(JobKind::Import);
    let document = harness.state().document();
    assert!(
        document.project.parts.len() > before.parts.len(),
        "{}",
        harness.state().status()
    );
    assert_eq!(document.path, before_path(), "the same document");
    assert_eq!(document.project.canvas, before.canvas);

    // New document: named after the file, on the file's canvas exactly.
    let file = layered_copy("new");
    let canvas = file_canvas(&file);
    let mut harness = harness_saved();
    harness
        .state_mut()
        .run(Command::File(FileCommand::ImportLayered(file.clone())));
    harness.run_steps(2);
    harness.get_by_label("Open as a new document").click();
    harness.run_steps(2);
    harness.state_mut().finish_job(JobKind::Import);
    harness.run_steps(1);
    let editor = harness.state_mut();
    assert!(editor.take_new_document(), "the window is told");
    let document = editor.document();
    assert_eq!(document.path, None);
    assert_eq!(document.name(), "two");
    assert!(document.title().contains("two"), "{}", document.title());
    assert_eq!(document.project.canvas, Some(canvas));
    assert_eq!(document.project.canvas_size(), canvas);
    assert!(!document.project.parts.is_empty(), "{}", editor.status());
    assert!(
        document
            .project
            .parts
            .iter()
            .all(|p| !p.name.starts_with("kenney")),
        "only the file's layers"
    );
    // Work on it is offered back after a crash under the file's name, not a layer's.
    editor.run(Command::Slot(SlotCommand::Add));
    let state = std::env::temp_dir().join(format!("limber-small-recovery-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&state);
    let mut autosave = Autosave::in_dir(state.clone());
    let document = editor.document();
    autosave
        .update(document, document.revision(), std::time::Instant::now())
        .expect("the recovery file is written");
    drop(autosave);
    let offers = recoverable(&state);
    assert_eq!(offers.len(), 1);
    assert_eq!(
        offers[0].image.as_deref(),
        Some("two"),
        "named like the window"
    );
    let _ = std::fs::remove_dir_all(&state);

    // Cancel: nothing imported.
    let file = layered_copy("cancel");
    let mut harness = ui_harness(sample());
    let before = harness.state().document().project.clone();
    harness
        .state_mut()
        .run(Command::File(FileCommand::ImportLayered(file.clone())));
    harness.run_steps(2);
    harness.get_by_label("Cancel").click();
    harness.run_steps(2);
    assert!(harness.state().jobs().layered_question().is_none());
    assert!(harness.state().jobs().import().is_none());
    assert_eq!(harness.state().document().project, before);
}

fn before_path() -> Option<PathBuf> {
    Some(Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/projects/zombie.limber"))
}

/// The sample, unchanged (a new document is offered only while nothing is unsaved).
fn harness_saved() -> Harness<'static, Editor> {
    let editor = sample();
    assert!(!editor.document().is_dirty());
    ui_harness(editor)
}
