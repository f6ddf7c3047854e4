//! The status line speaks of the last action only (issue 36, discoverable): a message stays until
//! the user acts again — a press or a key — and is then replaced by what that action said, or
//! cleared when it said nothing. Undo names the step it took back.

use eframe::egui::{Key, Modifiers};
use limber::editor::commands::{BoneCommand, Command};
use limber::editor::editor::Mode;

use crate::common::editor_harness::{click_point, harness_with, pos, sample_editor};

#[test]
fn a_message_stays_until_the_next_action_which_replaces_or_clears_it() {
    let mut editor = sample_editor();
    editor.run(Command::SetMode(Mode::Animate));
    editor.run(Command::Bone(BoneCommand::Select { bone: Some(1) }));
    let mut harness = harness_with(editor);

    harness.key_press(Key::K);
    harness.run_steps(2);
    let keyed = harness.state().status().to_string();
    assert!(keyed.starts_with("keyed"), "K keys the bone: {keyed:?}");

    // Frames without input keep it.
    harness.run_steps(5);
    assert_eq!(harness.state().status(), keyed, "no action, same message");

    // Fit the view (F) says nothing: the old message goes.
    harness.key_press(Key::F);
    harness.run_steps(2);
    assert_eq!(
        harness.state().status(),
        "",
        "an action that says nothing clears it"
    );

    // Undo replaces it with what it took back.
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(2);
    assert_eq!(harness.state().status(), format!("undid: {keyed}"));

    // A click in the view is an action too.
    let centre = harness.state().screen_of(harness.state().canvas() / 2.0);
    click_point(&mut harness, pos(centre));
    assert!(
        !harness.state().status().starts_with("undid"),
        "a click in the view replaces the undo's message: {:?}",
        harness.state().status()
    );
}
