//! File > Import layered file: the menu entry asks the window for a file, limber's own dialog lists
//! only PSD and ORA files, and the editor adds every layer as one undo step; a bad file changes
//! nothing; a tagged PSD gives the same slots, skins and setup as `limber import` (issue 36, bug 1),
//! and Save As then proposes the PSD's folder, not its layers folder; opening one as a new document
//! over unsaved work offers Save and open, Discard and open, or Cancel.

use std::path::{Path, PathBuf};

use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use limber::app::file_dialog::{Answer, FileChooser, Purpose, Request};
use limber::app::ui::editor_ui;
use limber::editor::Editor;
use limber::editor::commands::{Command, FileCommand, WindowRequest, entry_of};
use limber::editor::document::Document;

use image::{Rgba, RgbaImage};
use limber::core::layered::write::{LayerSpec, ora_bytes};
use limber::editor::jobs::JobKind;

fn sample() -> Editor {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/projects/zombie.limber");
    Editor::new(Document::open(&path).unwrap())
}

/// Imports the layered file at `path` into the document, which has parts: File > Import layered
/// file, answered "add its layers"; whether the import started.
fn import_layers(editor: &mut Editor, path: &Path) -> bool {
    editor.run(Command::File(FileCommand::ImportLayered(
        path.to_path_buf(),
    )));
    let answer = FileCommand::AnswerLayered {
        new_document: false,
    };
    editor.run(Command::File(answer)).is_done()
}

fn square(size: u32) -> RgbaImage {
    RgbaImage::from_fn(size, size, |x, y| {
        let inside = (2..size - 2).contains(&x) && (2..size - 2).contains(&y);
        Rgba([40, 90, 200, if inside { 255 } else { 0 }])
    })
}

#[test]
fn importing_adds_every_layer_as_one_undo_step_and_a_bad_file_changes_nothing() {
    let dir = std::env::temp_dir().join(format!("limber-editor-import-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("figure.ora");
    let layers = [
        LayerSpec::new("kenney_zombie_walk0", 10, 10, square(20)),
        LayerSpec::new("hat", 40, 5, square(16)),
    ];
    std::fs::write(&file, ora_bytes([80, 60], &layers)).unwrap();
    let mut editor = sample();
    let before = editor.document().project.clone();
    assert!(import_layers(&mut editor, &file));
    assert!(editor.jobs().progress(JobKind::Import).is_some());
    editor.finish_job(JobKind::Import);
    let parts = &editor.document().project.parts;
    assert_eq!(parts.len(), before.parts.len() + 2, "{}", editor.status());
    // The sample's part already has the first layer's name: the new part's is made unique.
    let new: Vec<(&str, [u32; 2])> = parts[before.parts.len()..]
        .iter()
        .map(|p| (p.name.as_str(), p.mesh.offset))
        .collect();
    // Each where its layer sits on the file's 80 × 60 canvas, that canvas centred on the
    // sample's larger one.
    let shift = limber::editor::layered_import::centring_shift([80, 60], before.canvas_size());
    assert_ne!(shift, [0, 0]);
    let placed = |[x, y]: [u32; 2]| [x + shift[0], y + shift[1]];
    assert_eq!(
        new,
        [
            ("kenney_zombie_walk02", placed([12, 12])),
            ("hat", placed([42, 7]))
        ]
    );
    assert!(parts[before.parts.len()].image.is_absolute());
    assert!(dir.join("figure_layers/hat.png").exists());
    editor.undo();
    assert_eq!(editor.document().project, before);
    // A file that is not ORA: one line naming it, nothing changed.
    let bad = dir.join("broken.ora");
    std::fs::write(&bad, b"not a zip").unwrap();
    import_layers(&mut editor, &bad);
    editor.finish_job(JobKind::Import);
    assert!(
        editor.status().contains("broken.ora"),
        "{}",
        editor.status()
    );
    assert!(
        editor.status().contains("not an OpenRaster file"),
        "{}",
        editor.status()
    );
    assert_eq!(editor.document().project, before);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The editor's window and what its menus asked of it.
struct Window {
    editor: Editor,
    request: Option<WindowRequest>,
}

/// Limber's own dialog and what it chose.
struct Dialog {
    chooser: FileChooser,
    chosen: Option<(Purpose, PathBuf)>,
}

#[test]
fn file_import_layered_file_asks_for_a_psd_or_ora_and_adds_its_layers() {
    // The menu entry hands the window its request.
    let mut harness = Harness::builder()
        .with_size(egui::Vec2::new(1280.0, 800.0))
        .build_ui_state(
            |ui, window: &mut Window| {
                if let Some(request) = editor_ui(ui, &mut window.editor, None, false, &[]) {
                    window.request = Some(request);
                }
            },
            Window {
                editor: sample(),
                request: None,
            },
        );
    harness.run_steps(2);
    harness.get_by_label("File").click();
    harness.run_steps(2);
    let name = entry_of(&Command::ImportLayered).unwrap().name;
    harness.get_by_label(name).click();
    harness.run_steps(2);
    assert_eq!(
        harness.state().request,
        Some(WindowRequest::Ask(Purpose::ImportLayered))
    );

    // The window asks for the file: limber's own dialog lists layered files only.
    let dir = std::env::temp_dir().join(format!("limber-import-dialog-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let layers = [
        LayerSpec::new("arm", 4, 6, square(20)),
        LayerSpec::new("hat", 30, 2, square(12)),
    ];
    std::fs::write(dir.join("figure.ora"), ora_bytes([64, 48], &layers)).unwrap();
    std::fs::write(dir.join("notes.txt"), b"not an image").unwrap();
    let mut chooser = FileChooser {
        native_first: false,
        builtin: None,
    };
    let request = Request::for_purpose(Purpose::ImportLayered, dir.clone());
    assert_eq!(chooser.ask(request), Answer::Pending(None));
    let mut dialog = Harness::builder()
        .with_size(egui::Vec2::new(900.0, 700.0))
        .build_ui_state(
            |ui, state: &mut Dialog| {
                if let Some(chosen) = state.chooser.show(ui.ctx()) {
                    state.chosen = Some(chosen);
                }
            },
            Dialog {
                chooser,
                chosen: None,
            },
        );
    dialog.run_steps(2);
    assert!(
        dialog.query_by_label("notes.txt").is_none(),
        "other files are not listed"
    );
    dialog.get_by_label("figure.ora").click();
    dialog.run();
    dialog.get_by_label("Open file").click();
    dialog.run();
    let (purpose, path) = dialog.state().chosen.clone().expect("a file was chosen");
    assert_eq!(purpose, Purpose::ImportLayered);
    assert_eq!(path, dir.join("figure.ora"));

    // What the window does with it: every layer becomes a part, in one undo step.
    let editor = &mut harness.state_mut().editor;
    let before = editor.document().project.parts.len();
    assert!(import_layers(editor, &path));
    editor.finish_job(JobKind::Import);
    let names: Vec<&str> = editor.document().project.parts[before..]
        .iter()
        .map(|p| p.name.as_str())
        .collect();
    assert_eq!(names, ["arm", "hat"], "{}", editor.status());
    editor.undo();
    assert_eq!(editor.document().project.parts.len(), before);
    let _ = std::fs::remove_dir_all(&dir);
}

/// What a project's slots are, as an artist sees them: each slot's name, what it shows at setup
/// and its attachments (name → part), the skins and the active one.
fn slots_of(project: &limber::core::project::Project) -> String {
    let set = &project.rig.slots;
    let mut lines: Vec<String> = set
        .slots
        .iter()
        .map(|s| {
            let attachments: Vec<String> = s
                .attachments
                .iter()
                .map(|a| format!("{}={:?}", a.name(), a.part()))
                .collect();
            format!(
                "slot {} shows {:?}: {}",
                s.name,
                s.setup,
                attachments.join(", ")
            )
        })
        .collect();
    for skin in &set.skins {
        lines.push(format!("skin {}: {:?}", skin.name, skin.slots));
    }
    lines.push(format!("active {:?}", set.active_skin));
    lines.join("\n")
}

#[test]
fn the_editors_import_of_a_tagged_psd_is_the_project_limber_import_makes() {
    let dir = crate::common::temp_dir("editor-import-tagged");
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/tagged_face/face.psd");
    let (cli, window) = (dir.join("cli"), dir.join("window"));
    for folder in [&cli, &window] {
        std::fs::create_dir_all(folder).unwrap();
        std::fs::copy(&fixture, folder.join("face.psd")).unwrap();
    }
    let made = cli.join("face.limber");
    crate::common::limber_ok(&[
        "import",
        cli.join("face.psd").to_str().unwrap(),
        "-o",
        made.to_str().unwrap(),
    ]);
    let expected = Document::open(&made)
        .expect("the CLI's project opens")
        .project;
    // The editor on an empty document: File > Import layered file opens the file as the document.
    let mut harness =
        crate::common::editor_harness::harness_with(Editor::new(Document::empty("face")));
    let done = harness
        .state_mut()
        .run(Command::File(FileCommand::ImportLayered(
            window.join("face.psd"),
        )));
    assert!(done.is_done(), "{}", harness.state().status());
    harness.state_mut().finish_job(JobKind::Import);
    harness.run_steps(2);
    let project = &harness.state().document().project;
    let names = |p: &limber::core::project::Project| -> Vec<String> {
        p.parts.iter().map(|p| p.name.clone()).collect()
    };
    assert_eq!(names(project), names(&expected), "the same parts");
    assert_eq!(slots_of(project), slots_of(&expected));
    // Save As (and exports) start in the layered file's folder, not in its layers folder.
    assert_eq!(
        harness.state().document().folder(),
        window,
        "the folder a save proposes"
    );
    let project = &harness.state().document().project;
    let body = project.rig.slots.slots.iter().find(|s| s.name == "body");
    assert!(
        body.is_some_and(|b| b.setup.is_some()),
        "the body shows in every skin: {}",
        slots_of(project)
    );
}

/// The sample written into `dir` by `limber sample`, opened, with an unsaved change (a bone
/// renamed), and File > Import layered file asked for the tagged face: the question is showing.
fn unsaved_sample_asking(dir: &Path) -> (Harness<'static, Editor>, PathBuf) {
    crate::common::limber_ok(&["sample", dir.to_str().unwrap()]);
    let project = dir.join("projects/zombie.limber");
    let mut editor = Editor::new(Document::open(&project).expect("the sample opens"));
    let rename = limber::editor::commands::BoneCommand::Rename {
        bone: 0,
        to: "pelvis".into(),
    };
    assert!(editor.run(Command::Bone(rename)).is_done());
    assert!(editor.document().is_dirty());
    let face = dir.join("face.ora");
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/tagged_face/face.ora");
    std::fs::copy(fixture, &face).unwrap();
    editor.run(Command::File(FileCommand::ImportLayered(face)));
    let harness = crate::common::editor_harness::harness_with(editor);
    (harness, project)
}

#[test]
fn opening_a_layered_file_as_a_new_document_over_unsaved_work_offers_save_discard_cancel() {
    let dir = crate::common::temp_dir("editor-import-unsaved");
    // Discard and open: the face becomes the document, the change is dropped, the file untouched.
    let (mut harness, project) = unsaved_sample_asking(&dir.join("discard"));
    let on_disk = std::fs::read_to_string(&project).unwrap();
    harness.get_by_label("Cancel");
    harness.get_by_label("Discard and open").click();
    harness.run_steps(2);
    harness.state_mut().finish_job(JobKind::Import);
    harness.run_steps(2);
    assert_eq!(harness.state().document().name(), "face");
    assert!(harness.state().document().project.parts.len() >= 3);
    assert_eq!(std::fs::read_to_string(&project).unwrap(), on_disk);
    // Save and open: the change is saved first, then the face opens.
    let (mut harness, project) = unsaved_sample_asking(&dir.join("save"));
    harness.get_by_label("Save and open").click();
    harness.run_steps(2);
    harness.state_mut().finish_job(JobKind::Import);
    harness.run_steps(2);
    assert_eq!(harness.state().document().name(), "face");
    let saved = Document::open(&project).expect("the saved sample opens");
    assert_eq!(saved.project.rig.skeleton.bones[0].name, "pelvis");
    // Cancel: nothing changes, the change is still there.
    let (mut harness, _) = unsaved_sample_asking(&dir.join("cancel"));
    harness.get_by_label("Cancel").click();
    harness.run_steps(2);
    assert!(harness.state().jobs().layered_question().is_none());
    assert_eq!(
        harness.state().document().project.rig.skeleton.bones[0].name,
        "pelvis"
    );
}
