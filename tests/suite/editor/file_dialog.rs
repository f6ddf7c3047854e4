//! Limber's own file dialog (used where the system's cannot open) and the start-up offer of lost
//! work, in egui_kittest: saving a project through the dialog, the question before replacing a
//! file, the listing's filter and a refused missing file; the offer listing each recoverable
//! document, discarding one and recovering another.

use crate::common;

use std::path::{Path, PathBuf};

use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use limber::app::file_dialog::{Answer, FileChooser, Purpose, Request};
use limber::app::recovery_offer;
use limber::editor::commands::Command;
use limber::editor::commands::FileCommand;
use limber::editor::document::Document;
use limber::editor::editor::Editor;
use limber::editor::recovery::{Autosave, Offer, recoverable};

struct DialogApp {
    chooser: FileChooser,
    chosen: Vec<(Purpose, PathBuf)>,
}

/// Limber's dialog asking `request` (no system dialog tried), in a harness.
fn dialog(mut request: Request, file_name: &str) -> Harness<'static, DialogApp> {
    request.file_name = file_name.to_string();
    let mut chooser = FileChooser {
        native_first: false,
        builtin: None,
    };
    assert_eq!(chooser.ask(request), Answer::Pending(None));
    assert!(chooser.builtin.is_some(), "limber's dialog is open");
    // Steps of 1/60 s (each queued event is a step): two clicks a few events apart are a
    // double-click, as in a real window.
    let mut harness = Harness::builder()
        .with_size(egui::Vec2::new(900.0, 700.0))
        .with_step_dt(1.0 / 60.0)
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
    harness.run_steps(2);
    harness
}

fn folder(name: &str) -> PathBuf {
    let dir = common::temp_dir(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    dir
}

fn click(harness: &mut Harness<'_, DialogApp>, label: &str) {
    harness.get_by_label(label).click();
    // The modal may change size and re-centre over a frame or two.
    harness.run();
}

#[test]
fn limbers_own_dialog_saves_the_project_in_the_folder_browsed_to() {
    let dir = folder("file-dialog-save");
    let mut editor = Editor::new(Document::open(&common::sprite("kenney_bee.png")).unwrap());
    let mut harness = dialog(Request::for_purpose(Purpose::SaveAs, dir.clone()), "");
    click(&mut harness, "sub/");
    click(&mut harness, "File name:");
    harness.get_by_label("File name:").type_text("walk");
    harness.run_steps(1);
    click(&mut harness, "Save file");
    let chosen = harness.state().chosen.clone();
    assert_eq!(
        chosen,
        vec![(Purpose::SaveAs, dir.join("sub").join("walk.limber"))]
    );
    assert!(
        harness.state().chooser.builtin.is_none(),
        "the dialog closed"
    );

    assert!(
        editor
            .run(Command::File(FileCommand::SaveAs(chosen[0].1.clone())))
            .is_done()
    );
    assert!(!editor.document().is_dirty());
    let saved = Document::open(&dir.join("sub").join("walk.limber")).expect("saved and loads");
    assert_eq!(saved.project.parts.len(), 1);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn saving_over_an_existing_file_asks_first() {
    let dir = folder("file-dialog-replace");
    let old = dir.join("old.limber");
    std::fs::write(&old, b"keep").unwrap();
    let mut harness = dialog(Request::for_purpose(Purpose::SaveAs, dir.clone()), "");
    click(&mut harness, "old.limber");
    click(&mut harness, "Save file");
    assert!(
        harness.state().chosen.is_empty(),
        "not replaced without asking"
    );
    assert!(
        harness
            .query_by_label_contains("Save file again to replace it")
            .is_some()
    );
    click(&mut harness, "Save file");
    assert_eq!(harness.state().chosen, vec![(Purpose::SaveAs, old.clone())]);
    assert_eq!(
        std::fs::read(&old).unwrap(),
        b"keep",
        "the dialog itself writes nothing"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn open_lists_folders_and_accepted_files_only_and_refuses_a_missing_file() {
    let dir = folder("file-dialog-open");
    for name in ["a.png", "b.txt", "c.limber", ".hidden.png"] {
        std::fs::write(dir.join(name), b"x").unwrap();
    }
    let mut harness = dialog(Request::for_purpose(Purpose::Open, dir.clone()), "");
    for shown in ["sub/", "a.png", "c.limber"] {
        assert!(harness.query_by_label(shown).is_some(), "{shown} listed");
    }
    for hidden in ["b.txt", ".hidden.png"] {
        assert!(
            harness.query_by_label(hidden).is_none(),
            "{hidden} not listed"
        );
    }
    assert!(
        harness
            .query_by_label_contains("no .limber or .png file")
            .is_none(),
        "a folder with files to open does not say it has none"
    );
    let open_button = harness.get_by_label("Open file").rect();
    let name_field = harness.get_by_label("File name:").rect();
    harness.get_by_label("File name:").type_text("nope.png");
    harness.run_steps(1);
    click(&mut harness, "Open file");
    assert!(harness.state().chosen.is_empty());
    assert!(harness.query_by_label_contains("no such file").is_some());
    // The message appears under the buttons, and the dialog keeps its place: nothing moved under
    // the pointer.
    assert_eq!(harness.get_by_label("Open file").rect(), open_button);
    assert_eq!(harness.get_by_label("File name:").rect(), name_field);
    assert!(
        harness.get_by_label_contains("no such file").rect().min.y >= open_button.max.y,
        "the message is under the buttons"
    );
    // Into a folder with other contents: the fields stay where they were.
    click(&mut harness, "sub/");
    assert_eq!(harness.get_by_label("Open file").rect(), open_button);
    click(&mut harness, "Up");
    click(&mut harness, "Cancel");
    assert!(
        harness.state().chooser.builtin.is_none(),
        "cancel closes it"
    );
    assert!(harness.state().chosen.is_empty());

    // A folder with nothing to import says so (its subfolders still listed).
    let harness = dialog(
        Request::for_purpose(Purpose::ImportLayered, dir.clone()),
        "",
    );
    assert!(harness.query_by_label("sub/").is_some());
    assert!(
        harness
            .query_by_label("no .psd or .ora file in this folder")
            .is_some(),
        "an empty listing is explained"
    );

    // Frames go to a folder: the folder browsed to is the answer.
    let mut harness = dialog(
        Request::for_purpose(
            Purpose::Export(limber::editor::export_job::ExportKind::Frames),
            dir.clone(),
        ),
        "",
    );
    assert!(
        harness.query_by_label("a.png").is_none(),
        "no files when a folder is asked"
    );
    click(&mut harness, "sub/");
    click(&mut harness, "Use this folder");
    assert_eq!(harness.state().chosen.len(), 1);
    assert_eq!(harness.state().chosen[0].1, dir.join("sub"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A recovery file for `image`'s untitled document with one edit, left by a session that ended.
fn lost_work(state: &Path, image: &Path) -> PathBuf {
    let mut editor = Editor::new(Document::open(image).unwrap());
    editor.document_mut().mark_dirty();
    let mut autosave = Autosave::in_dir(state.to_path_buf());
    autosave.write_now(editor.document()).unwrap();
    autosave.recovery_file().unwrap()
}

struct OfferApp {
    offers: Vec<Offer>,
    recovered: Vec<Offer>,
}

#[test]
fn the_offer_lists_each_lost_document_to_discard_or_recover() {
    let dir = common::temp_dir("recovery-offer");
    let _ = std::fs::remove_dir_all(&dir);
    let bee = lost_work(&dir, &common::sprite("kenney_bee.png"));
    std::thread::sleep(std::time::Duration::from_millis(20));
    let ladybug = lost_work(&dir, &common::sprite("kenney_ladybug.png"));
    let offers = recoverable(&dir);
    assert_eq!(offers.len(), 2);
    let mut harness = Harness::builder()
        .with_size(egui::Vec2::new(1280.0, 500.0))
        .build_ui_state(
            |ui, app: &mut OfferApp| {
                if let Some(offer) = recovery_offer::show(ui.ctx(), &mut app.offers) {
                    app.recovered.push(offer);
                }
            },
            OfferApp {
                offers,
                recovered: Vec::new(),
            },
        );
    harness.run_steps(2);
    assert!(
        harness
            .query_by_label_contains("kenney_bee.png (never saved)")
            .is_some()
    );
    assert!(
        harness
            .query_by_label_contains("kenney_ladybug.png (never saved)")
            .is_some()
    );
    // Newest first: the first Discard is the ladybug's.
    harness.get_all_by_label("Discard").next().unwrap().click();
    harness.run();
    assert!(!ladybug.exists(), "discarded work is deleted");
    assert!(bee.exists());
    assert_eq!(harness.state().offers.len(), 1);
    harness.get_by_label("Recover").click();
    harness.run();
    assert!(harness.state().offers.is_empty(), "the offer closed");
    assert_eq!(harness.state().recovered.len(), 1);
    assert_eq!(harness.state().recovered[0].recovery, bee);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Clicks twice, a frame apart, where the first widget labelled `label` is (a double-click: the
/// second click lands at the same place whatever is there by then).
fn double_click(harness: &mut Harness<'_, DialogApp>, label: &str) {
    // Half a second after the last click, so this one starts a new count.
    harness.run_steps(30);
    let at = harness.get_by_label(label).rect().center();
    for _ in 0..2 {
        harness.event(egui::Event::PointerMoved(at));
        for pressed in [true, false] {
            harness.event(egui::Event::PointerButton {
                pos: at,
                button: egui::PointerButton::Primary,
                pressed,
                modifiers: egui::Modifiers::NONE,
            });
        }
        harness.run_steps(1);
    }
    harness.run();
}

#[test]
fn folders_are_typed_or_named_and_a_double_click_opens_a_file_without_the_listing_shifting() {
    let dir = folder("file-dialog-typed");
    std::fs::create_dir_all(dir.join("sub").join("deeper")).unwrap();
    std::fs::write(dir.join("sub").join("inner.png"), b"x").unwrap();
    std::fs::create_dir_all(dir.join("z_elsewhere")).unwrap();
    std::fs::write(dir.join("z_elsewhere").join("far.png"), b"x").unwrap();
    let mut harness = dialog(Request::for_purpose(Purpose::Open, dir.clone()), "");

    // The folder field is typed into, and Enter lists the folder typed.
    let typed = dir.join("z_elsewhere").display().to_string();
    let field = harness.get_by_label("Folder:");
    field.click();
    harness.run_steps(1);
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.get_by_label("Folder:").type_text(&typed);
    harness.run_steps(1);
    harness.key_press(egui::Key::Enter);
    harness.run();
    assert!(
        harness.query_by_label("far.png").is_some(),
        "typed folder listed"
    );
    assert!(harness.state().chosen.is_empty());

    // A folder named in the file name field opens; nothing is answered.
    click(&mut harness, "File name:");
    harness.get_by_label("File name:").type_text("../sub");
    harness.run_steps(1);
    click(&mut harness, "Open file");
    assert!(
        harness.state().chosen.is_empty(),
        "a folder is not an answer"
    );
    assert!(harness.query_by_label("inner.png").is_some(), "sub listed");
    assert!(harness.query_by_label_contains("no such file").is_none());

    // A double-click on a folder opens it once: its second click lands on the new listing's
    // first entry (deeper/ of sub/ sits where sub/ was) and does nothing there.
    click(&mut harness, "Up");
    let sub_at = harness.get_by_label("sub/").rect();
    double_click(&mut harness, "sub/");
    assert!(
        harness
            .get_by_label("deeper/")
            .rect()
            .contains(sub_at.center()),
        "the new listing's first entry is under the pointer"
    );
    assert!(
        harness.query_by_label("inner.png").is_some(),
        "still in sub, not in deeper"
    );

    // A double-click on a file opens it.
    double_click(&mut harness, "inner.png");
    assert_eq!(
        harness.state().chosen,
        vec![(Purpose::Open, dir.join("sub").join("inner.png"))]
    );
    let _ = std::fs::remove_dir_all(&dir);
}
