//! Undo back to the saved state shows the document as saved (issue 36, bug 7), through the
//! editor's UI: after Save As, an edit marks it unsaved, Ctrl+Z back to what was saved clears the
//! mark (title without `*`, closing does not ask), Ctrl+Y marks it again; a new edit after undoing
//! past the save leaves no way back to it, so the document stays unsaved.

use eframe::egui::{Key, Modifiers};
use egui_kittest::Harness;
use limber::editor::commands::{BoneCommand, Command, FileCommand};
use limber::editor::editor::Editor;

use crate::common::{self, editor_harness};

fn rename_root(harness: &mut Harness<'_, Editor>, to: &str) {
    let done = harness.state_mut().run(Command::Bone(BoneCommand::Rename {
        bone: 0,
        to: to.to_string(),
    }));
    assert!(done.is_done(), "{}", harness.state().status());
    harness.run_steps(1);
}

fn shows_saved(harness: &Harness<'_, Editor>) -> bool {
    let document = harness.state().document();
    !document.is_dirty() && !document.title().starts_with('*')
}

#[test]
fn undo_back_to_the_saved_state_shows_the_document_as_saved() {
    let dir = common::temp_dir("saved-state");
    let path = dir.join("zombie.limber");
    let mut harness = editor_harness::harness();
    rename_root(&mut harness, "before_save");
    assert!(
        harness
            .state_mut()
            .run(Command::File(FileCommand::SaveAs(path.clone())))
            .is_done()
    );
    harness.run_steps(1);
    assert!(shows_saved(&harness), "saved");

    rename_root(&mut harness, "after_save");
    assert!(!shows_saved(&harness), "an edit after the save is unsaved");
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(1);
    assert!(
        shows_saved(&harness),
        "undo back to the save: {}",
        harness.state().document().title()
    );
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Y);
    harness.run_steps(1);
    assert!(!shows_saved(&harness), "redo past the save is unsaved");
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(1);
    assert!(shows_saved(&harness), "and undo again is saved");

    // Undo past the save (the state before it), then a new edit: the saved state was on the redo
    // side and is gone, so no undo comes back to "saved".
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(1);
    assert!(!shows_saved(&harness), "before the save is unsaved");
    rename_root(&mut harness, "elsewhere");
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(1);
    assert!(
        !shows_saved(&harness),
        "the state before the save is not what the file holds"
    );
    std::fs::remove_dir_all(&dir).ok();
}
