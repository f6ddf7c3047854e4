//! File > Open recent lists saved projects (issue 36, bug 2), through the editor's whole UI
//! (egui_kittest) with the window's recent list beside it: a document made from a PNG is not
//! listed, Save As puts its project first, and choosing the entry opens that project, not the PNG
//! it was made from.

use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use limber::app::ui::editor_ui;
use limber::editor::commands::{Command, FileCommand, WindowRequest};
use limber::editor::document::Document;
use limber::editor::editor::Editor;
use limber::editor::recent::RecentProjects;

use crate::common;

type Window = (Editor, RecentProjects);

/// The editor's UI with a recent list, answering Open recent as the window does.
fn window(editor: Editor, recent: RecentProjects) -> Harness<'static, Window> {
    let mut harness = Harness::builder()
        .with_size(egui::Vec2::new(1280.0, 800.0))
        .build_ui_state(
            |ui, (editor, recent): &mut Window| {
                let request = editor_ui(ui, editor, None, false, recent.list());
                if let Some(WindowRequest::OpenRecent(i)) = request
                    && let Some(path) = recent.list().get(i).cloned()
                {
                    editor.open(&path);
                }
                recent.note(editor.document().path.as_deref());
            },
            (editor, recent),
        );
    harness.run_steps(2);
    harness
}

fn sprite(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("assets/sprites")
        .join(name)
}

#[test]
fn open_recent_lists_the_saved_project_and_opens_it_not_its_png() {
    let dir = common::temp_dir("editor-recent");
    let store = dir.join("config/recent.txt");
    let png = sprite("kenney_bee.png");
    let editor = Editor::new(Document::open(&png).expect("the PNG opens"));
    let mut harness = window(editor, RecentProjects::in_store(Some(store)));
    assert!(harness.state().1.list().is_empty(), "a PNG is no project");
    let project = dir.join("bee.limber");
    let saved = harness
        .state_mut()
        .0
        .run(Command::File(FileCommand::SaveAs(project.clone())));
    assert!(saved.is_done(), "{}", harness.state().0.status());
    harness.run_steps(2);
    let listed: Vec<_> = harness.state().1.list().to_vec();
    assert_eq!(listed.len(), 1, "{listed:?}");
    assert!(listed[0].ends_with("bee.limber"), "{listed:?}");
    // Another PNG opened: still only the project is listed.
    assert!(harness.state_mut().0.open(&sprite("kenney_ladybug.png")));
    harness.run_steps(2);
    assert_eq!(harness.state().1.list(), listed.as_slice());
    // File > Open recent > bee.limber opens the project.
    harness.get_by_label("File").click();
    harness.run_steps(2);
    harness.get_by_label("Open recent").hover();
    harness.run_steps(2);
    harness.get_by_label("bee.limber").click();
    harness.run_steps(2);
    let path = harness.state().0.document().path.clone();
    assert_eq!(
        path.map(|p| std::fs::canonicalize(p).expect("exists")),
        Some(std::fs::canonicalize(&project).expect("saved"))
    );
}
