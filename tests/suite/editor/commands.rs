//! The command table in the real editor UI (egui_kittest, no window): the F1 palette lists every
//! command with its keys and runs what is typed or clicked, menu entries built from the table carry their command out (and are
//! greyed when it would do nothing), a menu entry that needs a dialog hands the window its request,
//! and single-key shortcuts wait while a text field has the keyboard.

use eframe::egui::{self, Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use limber::app::help::POINTER_HINTS;
use limber::app::menus::menu_shortcut;
use limber::app::ui::editor_ui;
use limber::editor::commands::{COMMANDS, Command, Purpose, WindowRequest, entry_of};
use limber::editor::editor::{Editor, Mode};

use crate::common::editor_harness;
use editor_harness::{harness, sample_editor};

/// The label of `command`'s menu entry: its name and its first shortcut.
fn menu_label(command: Command) -> String {
    let entry = entry_of(&command).expect("a command of the table");
    match menu_shortcut(entry) {
        Some(keys) => format!("{} {keys}", entry.name),
        None => entry.name.to_string(),
    }
}

fn key_count(editor: &Editor) -> usize {
    editor.document().project.rig.clips[0].key_count()
}

#[test]
fn f1_lists_every_command_with_its_keys_and_runs_what_is_typed_or_clicked() {
    let mut harness = harness();
    assert!(
        harness.query_by_label("find a command").is_none(),
        "the palette starts closed"
    );
    harness.key_press(Key::F1);
    harness.run_steps(2);
    assert!(harness.state().view().show_help());
    // Every command of the table, each taking no data, is listed by name with its keys.
    for entry in COMMANDS {
        assert!(
            harness.query_all_by_label(entry.name).next().is_some(),
            "the palette lists {}",
            entry.name
        );
        if let Some(keys) = entry.shortcut_text() {
            assert!(
                harness.query_all_by_label(&keys).next().is_some(),
                "the palette shows the keys {keys}"
            );
        }
    }
    for (input, what) in POINTER_HINTS {
        harness.get_by_label(input);
        harness.get_by_label(what);
    }
    // F1 works while the search field has the keyboard: it closes the palette.
    harness.key_press(Key::F1);
    harness.run_steps(2);
    assert!(!harness.state().view().show_help());
    assert!(
        harness.query_by_label("find a command").is_none(),
        "F1 closes it"
    );

    // Typed words filter it; Enter runs the first match and closes it.
    let wireframe = harness.state().view().overlays().wireframe;
    harness.key_press(Key::F1);
    harness.run_steps(2);
    harness.event(egui::Event::Text("wirefr".into()));
    harness.run_steps(2);
    assert!(
        harness
            .query_by_label(entry_of(&Command::Undo).unwrap().name)
            .is_none(),
        "only the matches are listed"
    );
    harness.key_press(Key::Enter);
    harness.run_steps(2);
    assert_eq!(harness.state().view().overlays().wireframe, !wireframe);
    assert!(!harness.state().view().show_help());

    // A click runs the command clicked; Esc closes the palette without running anything.
    harness.key_press(Key::F1);
    harness.run_steps(2);
    harness.event(egui::Event::Text("getting".into()));
    harness.run_steps(2);
    harness.get_by_label("Getting started").click();
    harness.run_steps(2);
    assert_eq!(
        harness.state().view().help_page(),
        Some(limber::editor::view::HelpPage::GettingStarted)
    );
    harness.key_press(Key::F1);
    harness.run_steps(2);
    let before = harness.state().document().project.clone();
    harness.key_press(Key::Escape);
    harness.run_steps(2);
    assert!(!harness.state().view().show_help());
    assert_eq!(harness.state().document().project, before);
}

#[test]
fn the_edit_menu_undoes_and_greys_what_would_do_nothing() {
    let mut harness = harness();
    harness
        .state_mut()
        .run(limber::editor::commands::Command::Bone(
            limber::editor::commands::BoneCommand::Select { bone: Some(1) },
        ));
    harness
        .state_mut()
        .run(limber::editor::commands::Command::Clip(
            limber::editor::commands::ClipCommand::SetTime { time: 0.55 },
        ));
    let before = key_count(harness.state());
    harness.key_press(Key::K);
    harness.run_steps(1);
    assert_eq!(key_count(harness.state()), before + 1);
    harness.get_by_label("Edit").click();
    harness.run_steps(2);
    assert!(
        harness
            .get_by_label(&menu_label(Command::Redo))
            .accesskit_node()
            .is_disabled(),
        "nothing to redo"
    );
    assert!(
        harness
            .get_by_label(&menu_label(Command::PasteKeys))
            .accesskit_node()
            .is_disabled(),
        "nothing copied"
    );
    harness.get_by_label(&menu_label(Command::Undo)).click();
    harness.run_steps(2);
    assert_eq!(key_count(harness.state()), before, "the menu's Undo undid");
    // Key the selected bone, from the menu this time.
    harness.get_by_label("Edit").click();
    harness.run_steps(2);
    harness
        .get_by_label(&menu_label(Command::KeySelected))
        .click();
    harness.run_steps(2);
    assert_eq!(key_count(harness.state()), before + 1);
}

#[test]
fn toolbar_entries_come_from_the_table() {
    let mut harness = harness();
    for (command, mode) in [
        (Command::SetMode(Mode::Weights), Mode::Weights),
        (Command::SetMode(Mode::Animate), Mode::Animate),
    ] {
        // "Animate" is also the menu's name: the toolbar's entry comes after the menus.
        harness
            .get_all_by_label(entry_of(&command).unwrap().name)
            .last()
            .expect("the toolbar's entry")
            .click();
        harness.run_steps(1);
        assert_eq!(harness.state().tools().mode(), mode);
    }
    let onion = harness.state().view().overlays().onion;
    harness
        .get_by_label(entry_of(&Command::ToggleOnion).unwrap().name)
        .click();
    harness.run_steps(1);
    assert_eq!(harness.state().view().overlays().onion, !onion);
}

/// The editor and the last request its UI handed the window.
struct Window {
    editor: Editor,
    request: Option<WindowRequest>,
}

#[test]
fn menu_entries_that_need_a_dialog_hand_the_window_its_request() {
    let mut editor = sample_editor();
    // Unsaved and without a file: Save asks where.
    editor.document_mut().path = None;
    let mut harness = Harness::builder()
        .with_size(egui::Vec2::new(1280.0, 800.0))
        .build_ui_state(
            |ui, window: &mut Window| {
                if let Some(request) = editor_ui(ui, &mut window.editor, None, false, &[]) {
                    window.request = Some(request);
                }
            },
            Window {
                editor,
                request: None,
            },
        );
    harness.run_steps(2);
    harness.get_by_label("File").click();
    harness.run_steps(2);
    harness.get_by_label(&menu_label(Command::Save)).click();
    harness.run_steps(2);
    assert_eq!(
        harness.state().request,
        Some(WindowRequest::Ask(Purpose::SaveAs))
    );
    harness.get_by_label("File").click();
    harness.run_steps(2);
    harness.get_by_label_contains("Export").hover();
    harness.run_steps(2);
    harness
        .get_by_label(&menu_label(Command::ExportGltf))
        .click();
    harness.run_steps(2);
    // File > Export > glTF opens its Export dialog, whose Browse… asks the window for a file.
    harness.state_mut().request = None;
    harness.get_by_label("Browse…").click();
    harness.run_steps(2);
    assert_eq!(
        harness.state().request,
        Some(WindowRequest::Ask(Purpose::ExportGltf))
    );
    harness.get_by_label("Cancel").click();
    harness.run_steps(2);
    // File > Export > Spine asks for a folder the same way.
    harness.state_mut().request = None;
    harness.get_by_label("File").click();
    harness.run_steps(2);
    harness.get_by_label_contains("Export").hover();
    harness.run_steps(2);
    harness
        .get_by_label(&menu_label(Command::ExportSpine))
        .click();
    harness.run_steps(2);
    harness.get_by_label("Browse…").click();
    harness.run_steps(2);
    assert_eq!(
        harness.state().request,
        Some(WindowRequest::Ask(Purpose::ExportSpine))
    );
    harness.get_by_label("Cancel").click();
    harness.run_steps(2);
    // Ctrl+S asks the same.
    harness.state_mut().request = None;
    harness.key_press_modifiers(Modifiers::COMMAND, Key::S);
    harness.run_steps(1);
    assert_eq!(
        harness.state().request,
        Some(WindowRequest::Ask(Purpose::SaveAs))
    );
}

#[test]
fn single_keys_wait_while_a_text_field_has_the_keyboard_but_ctrl_z_does_not() {
    let mut harness = harness();
    harness
        .state_mut()
        .run(limber::editor::commands::Command::Bone(
            limber::editor::commands::BoneCommand::Select { bone: Some(1) },
        ));
    harness
        .state_mut()
        .run(limber::editor::commands::Command::Clip(
            limber::editor::commands::ClipCommand::SetTime { time: 0.55 },
        ));
    let before = key_count(harness.state());
    harness.key_press(Key::K);
    harness.run_steps(1);
    assert_eq!(key_count(harness.state()), before + 1);
    // Focus the clip's name field in the timeline.
    harness
        .get_by_role_and_label(egui::accesskit::Role::TextInput, "name")
        .focus();
    harness.run_steps(2);
    harness.key_press(Key::Num2);
    harness.key_press(Key::K);
    harness.run_steps(1);
    assert_eq!(
        harness.state().tools().mode(),
        Mode::Animate,
        "2 went to the text field"
    );
    assert_eq!(key_count(harness.state()), before + 1);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(1);
    assert_eq!(key_count(harness.state()), before, "Ctrl+Z still undoes");
}

#[test]
fn the_readme_names_every_shortcut_of_the_table() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let start = readme
        .find("it lists the shortcuts:")
        .expect("README lists the shortcuts");
    let list = &readme[start..];
    let list = &list[..list.find("\n\n").unwrap_or(list.len())];
    let list = list.replace('\n', " ");
    for entry in COMMANDS {
        for shortcut in entry.shortcuts {
            let text = shortcut.to_string();
            // "1–4" stands for the four mode keys.
            let named = list.contains(&text)
                || (text.len() == 1 && "1234".contains(&text) && list.contains("1–4"));
            assert!(
                named,
                "README's shortcut list lacks {text} ({})",
                entry.name
            );
        }
    }
}
