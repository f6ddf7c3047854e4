//! Exports into a folder that does not exist (issue 27, item 4): the editor's sprite sheet and GIF
//! make their folder before the first frame is rendered, and a file in the way fails before any
//! frame; limber's own file dialog answers the folder typed — made when chosen — and never the
//! folder listed before it. (The command line's exports: `safe_writes::every_export_makes_a_missing_folder`.)

use crate::common;

use std::path::{Path, PathBuf};

use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use limber::app::file_dialog::{Answer, FileChooser, Purpose, Request};
use limber::editor::actions::export::ExportCommand;
use limber::editor::commands::Command;
use limber::editor::document::Document;
use limber::editor::editor::Editor;
use limber::editor::export_job::{ExportKind, ExportOutcome};
use limber::editor::jobs::JobKind;

fn editor() -> Editor {
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/projects/zombie.limber");
    let mut editor = Editor::new(Document::open(&sample).expect("the sample project opens"));
    editor.run(limber::editor::commands::Command::Clip(
        limber::editor::commands::ClipCommand::SetCurrent { clip: Some(0) },
    ));
    editor.set_export_renderer(limber::export_renderer::GpuExports::shared());
    editor
}

/// Renders the current clip into `out` in the background (an export without the dialog).
fn start_export(editor: &mut Editor, kind: ExportKind, out: &Path) {
    editor.run(Command::Export(ExportCommand::Render {
        kind,
        out: out.to_path_buf(),
    }));
}

/// Waits for the running export and says how it ended.
fn finish_export(editor: &mut Editor) -> Option<ExportOutcome> {
    editor.finish_job(JobKind::Export);
    editor.jobs().last_export().cloned()
}

#[test]
fn the_editors_sheet_export_makes_its_folder_before_rendering() {
    let dir = common::temp_dir("export-folders-sheet");
    let _ = std::fs::remove_dir_all(&dir);
    let mut editor = editor();
    let sheet = dir.join("new/deep/sheet.png");
    start_export(&mut editor, ExportKind::Sheet, &sheet);
    let outcome = finish_export(&mut editor);
    assert!(
        matches!(outcome, Some(ExportOutcome::Written(_))),
        "{outcome:?}: {}",
        editor.status()
    );
    assert!(std::fs::read(&sheet).unwrap().starts_with(b"\x89PNG"));
    assert!(sheet.with_extension("json").is_file());
    let gif = dir.join("gifs/walk.gif");
    start_export(&mut editor, ExportKind::Gif, &gif);
    finish_export(&mut editor);
    assert!(
        std::fs::read(&gif).unwrap().starts_with(b"GIF8"),
        "{}",
        editor.status()
    );

    // A folder where the sheet goes: refused before rendering, in one line naming it.
    let taken = dir.join("taken.png");
    std::fs::create_dir_all(&taken).unwrap();
    start_export(&mut editor, ExportKind::Sheet, &taken);
    let outcome = finish_export(&mut editor);
    assert!(
        matches!(outcome, Some(ExportOutcome::Failed(_))),
        "{outcome:?}"
    );
    assert_eq!(editor.status().lines().count(), 1, "{}", editor.status());
    assert!(editor.status().contains("taken.png"), "{}", editor.status());
    assert!(
        editor.status().contains("it is a folder"),
        "{}",
        editor.status()
    );
    assert!(taken.is_dir() && std::fs::read_dir(&taken).unwrap().next().is_none());
    let _ = std::fs::remove_dir_all(&dir);
}

struct DialogApp {
    chooser: FileChooser,
    chosen: Vec<(Purpose, PathBuf)>,
}

/// Limber's dialog asking `purpose`, starting in `folder`, in a harness.
fn dialog(purpose: Purpose, folder: &Path) -> Harness<'static, DialogApp> {
    let mut chooser = FileChooser {
        native_first: false,
        builtin: None,
    };
    let request = Request::for_purpose(purpose, folder.to_path_buf());
    assert_eq!(chooser.ask(request), Answer::Pending(None));
    let mut harness = Harness::builder()
        .with_size(egui::Vec2::new(900.0, 700.0))
        .build_ui_state(
            |ui, app: &mut DialogApp| {
                if let Some(chosen) = app.chooser.show(ui.ctx()) {
                    app.chosen.push(chosen);
                }
            },
            DialogApp {
                chooser,
                chosen: Vec::new(),
            },
        );
    harness.run_steps(4);
    harness
}

/// Replaces the folder field's text with `text` (no Enter).
fn type_folder(harness: &mut Harness<'_, DialogApp>, text: &str) {
    harness
        .get_by_label("Folder:")
        .set_text_value_accesskit(text);
    harness.run_steps(2);
}

#[test]
fn limbers_dialog_makes_a_typed_missing_folder_and_never_answers_its_parent() {
    let dir = common::temp_dir("export-folders-dialog");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let spine = Purpose::ExportSpine;
    // A folder typed, not gone to with Enter, that does not exist: it is the answer, made now.
    let mut harness = dialog(spine, &dir);
    let wanted = dir.join("spine/out");
    type_folder(&mut harness, &wanted.display().to_string());
    harness.get_by_label("Use this folder").click();
    harness.run_steps(3);
    assert_eq!(harness.state().chosen, vec![(spine, wanted.clone())]);
    assert!(wanted.is_dir(), "made when chosen");

    // Gone to with Enter: the dialog says it will be made; the answer is still that folder.
    let mut harness = dialog(spine, &dir);
    let later = dir.join("later");
    type_folder(&mut harness, &later.display().to_string());
    // Enter in the field goes there.
    harness.get_by_label("Folder:").focus();
    harness.run();
    harness.key_press(egui::Key::Enter);
    harness.run_steps(3);
    assert!(
        harness
            .query_by_label_contains("does not exist yet: it is made when you choose it")
            .is_some()
    );
    assert!(!later.exists(), "nothing is made before it is chosen");
    harness.get_by_label("Use this folder").click();
    harness.run_steps(3);
    assert_eq!(harness.state().chosen, vec![(spine, later.clone())]);
    assert!(later.is_dir());

    // A file in the way: named, nothing chosen, the file as it was.
    let file = dir.join("notes.txt");
    std::fs::write(&file, b"my notes").unwrap();
    let mut harness = dialog(spine, &dir);
    type_folder(&mut harness, &file.join("out").display().to_string());
    harness.get_by_label("Use this folder").click();
    harness.run_steps(3);
    assert!(harness.state().chosen.is_empty(), "never the parent folder");
    assert!(
        harness
            .query_by_label_contains("notes.txt is a file, not a folder")
            .is_some()
    );
    assert_eq!(std::fs::read(&file).unwrap(), b"my notes");
    let _ = std::fs::remove_dir_all(&dir);
}
