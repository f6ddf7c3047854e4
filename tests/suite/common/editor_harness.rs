//! The editor tests' shared start: the bundled sample project, the editor's whole UI on it in an
//! egui_kittest harness, pointer drags, and picking a vertex of the sample's mesh.

#![allow(dead_code)]

use eframe::egui::{self, Event, Modifiers, PointerButton, Pos2};
use egui_kittest::Harness;
use glam::DVec2;
use limber::app::ui::editor_ui;
use limber::editor::document::Document;
use limber::editor::editor::Editor;

/// The bundled sample project (the zombie, rigged, with the clips "shamble" and "wave").
pub fn sample() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/projects/zombie.limber")
}

/// An editor on the bundled sample.
pub fn sample_editor() -> Editor {
    Editor::new(Document::open(&sample()).expect("the sample project opens"))
}

/// The bundled sample open in a 1280 × 800 harness, two frames run.
pub fn harness() -> Harness<'static, Editor> {
    harness_with(sample_editor())
}

/// A screen point from a `DVec2`.
pub fn pos(p: DVec2) -> Pos2 {
    Pos2::new(p.x as f32, p.y as f32)
}

/// `editor` in a 1280 × 800 harness of the editor's whole UI, two frames run.
pub fn harness_with(editor: Editor) -> Harness<'static, Editor> {
    harness_sized(editor, egui::Vec2::new(1280.0, 800.0))
}

/// `editor` in a harness of the editor's whole UI of `size` points, two frames run.
pub fn harness_sized(editor: Editor, size: egui::Vec2) -> Harness<'static, Editor> {
    let mut harness = Harness::builder().with_size(size).build_ui_state(
        |ui, editor: &mut Editor| {
            editor_ui(ui, editor, None, false, &[]);
        },
        editor,
    );
    harness.run_steps(2);
    harness
}

/// Moves the pointer to `at` and clicks the primary button there (a frame for each event).
pub fn click_point(harness: &mut Harness<'_, Editor>, at: Pos2) {
    harness.event(Event::PointerMoved(at));
    harness.run_steps(1);
    for pressed in [true, false] {
        harness.event(Event::PointerButton {
            pos: at,
            button: PointerButton::Primary,
            pressed,
            modifiers: Modifiers::NONE,
        });
        harness.run_steps(1);
    }
    harness.run_steps(1);
}

/// Clicks `button` at `p` with `modifiers` held (a frame for each event), then lets them go.
pub fn press_with(
    harness: &mut Harness<'_, Editor>,
    p: Pos2,
    button: PointerButton,
    modifiers: Modifiers,
) {
    harness.event(Event::ModifiersChanged(modifiers));
    harness.event(Event::PointerMoved(p));
    harness.run_steps(1);
    for pressed in [true, false] {
        harness.event(Event::PointerButton {
            pos: p,
            button,
            pressed,
            modifiers,
        });
        harness.run_steps(1);
    }
    harness.event(Event::ModifiersChanged(Modifiers::NONE));
    harness.run_steps(1);
}

/// How many steps the editor's undo history holds (undone, then redone again).
pub fn undo_depth(editor: &mut Editor) -> usize {
    let mut depth = 0;
    while editor.document_mut().undo() {
        depth += 1;
    }
    for _ in 0..depth {
        editor.document_mut().redo();
    }
    depth
}

/// Presses (or releases) the primary button at screen point `at`, then runs a frame.
pub fn button(harness: &mut Harness<'_, Editor>, at: DVec2, pressed: bool) {
    harness.event(Event::PointerButton {
        pos: pos(at),
        button: PointerButton::Primary,
        pressed,
        modifiers: Modifiers::NONE,
    });
    harness.run_steps(1);
}

/// Presses the primary button at `from`, moves to `to` in steps, releases.
pub fn drag(harness: &mut Harness<'_, Editor>, from: DVec2, to: DVec2) {
    harness.event(Event::PointerMoved(pos(from)));
    harness.run_steps(1);
    button(harness, from, true);
    for i in 1..=8 {
        let p = from + (to - from) * (f64::from(i) / 8.0);
        harness.event(Event::PointerMoved(pos(p)));
        harness.run_steps(1);
    }
    button(harness, to, false);
    harness.run_steps(1);
}

/// Presses the primary button at `from` with `modifiers` held, moves to `to`, releases.
pub fn drag_with(harness: &mut Harness<'_, Editor>, from: Pos2, to: Pos2, modifiers: Modifiers) {
    harness.event(Event::ModifiersChanged(modifiers));
    harness.event(Event::PointerMoved(from));
    harness.run_steps(1);
    harness.event(Event::PointerButton {
        pos: from,
        button: PointerButton::Primary,
        pressed: true,
        modifiers,
    });
    harness.run_steps(1);
    for i in 1..=6 {
        harness.event(Event::PointerMoved(from + (to - from) * (i as f32 / 6.0)));
        harness.run_steps(1);
    }
    harness.event(Event::PointerButton {
        pos: to,
        button: PointerButton::Primary,
        pressed: false,
        modifiers,
    });
    harness.run_steps(1);
    harness.event(Event::ModifiersChanged(Modifiers::NONE));
    harness.run_steps(1);
}

/// Part 0's vertex `v` in image pixels (rest).
pub fn vertex(editor: &Editor, v: usize) -> DVec2 {
    DVec2::from(editor.document().project.parts[0].mesh.positions[v])
}

/// An interior vertex of part 0 away from the image edges, and its distance to its nearest neighbour.
pub fn interior_vertex(editor: &Editor) -> (usize, f64) {
    let mesh = &editor.document().project.parts[0].mesh;
    let boundary: Vec<u32> = mesh.boundary_loops.concat();
    let centre = DVec2::new(f64::from(mesh.width), f64::from(mesh.height)) / 2.0;
    let v = (0..mesh.positions.len())
        .filter(|&v| !boundary.contains(&(v as u32)))
        .min_by(|&a, &b| {
            (vertex(editor, a) - centre)
                .length()
                .total_cmp(&(vertex(editor, b) - centre).length())
        })
        .expect("the sample has interior vertices");
    let gap = (0..mesh.positions.len())
        .filter(|&u| u != v)
        .map(|u| (vertex(editor, u) - vertex(editor, v)).length())
        .fold(f64::INFINITY, f64::min);
    (v, gap)
}

/// The tagged face fixture (`tests/fixtures/tagged_face/face.ora`: slots with several attachments,
/// two skins) copied into a fresh temp folder `folder` and imported into `editor`, as a new document
/// or beside its parts, the import finished. Returns whether the import was taken up.
pub fn import_tagged_face(editor: &mut Editor, folder: &str, new_document: bool) -> bool {
    use limber::editor::commands::{Command, FileCommand};
    let face = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/tagged_face/face.ora");
    let dir = super::temp_dir(folder);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temp folder");
    let copy = dir.join("face.ora");
    std::fs::copy(&face, &copy).expect("the fixture copies");
    editor.run(Command::File(FileCommand::ImportLayered(copy)));
    let answer = FileCommand::AnswerLayered { new_document };
    let taken = editor.run(Command::File(answer)).is_done();
    editor.finish_job(limber::editor::jobs::JobKind::Import);
    editor.take_new_document();
    taken
}
