//! Copy and paste of keys from the keyboard whatever the system clipboard holds: the raw Ctrl+C /
//! Ctrl+V key presses (what the window delivers), Copy and Paste events with no text, and a frame
//! with both pasting once; a text field with the keyboard keeps Ctrl+V for itself.

use super::*;

fn ctrl(key: Key, pressed: bool) -> Event {
    Event::Key {
        key,
        physical_key: None,
        pressed,
        repeat: false,
        modifiers: Modifiers::COMMAND,
    }
}

#[test]
fn keys_copy_and_paste_with_an_empty_clipboard_once_per_press() {
    let mut harness = harness();
    harness
        .state_mut()
        .run(limber::editor::commands::Command::Key(
            limber::editor::commands::KeyCommand::Select(
                vec![id("hip", 0.3), id("head", 0.6)]
                    .into_iter()
                    .map(limber::editor::key_selection::KeyRef::Bone)
                    .collect(),
            ),
        ));
    let before = keys(harness.state());
    // A Copy event without any key press (the menu, or a platform that sends only the event).
    harness.event(Event::Copy);
    harness.run_steps(1);
    assert!(
        harness.state().status().contains("copied 2 keys"),
        "{}",
        harness.state().status()
    );
    // Ctrl+V as the window delivers it with an empty clipboard: the key press and no Paste event.
    harness
        .state_mut()
        .run(limber::editor::commands::Command::Clip(
            limber::editor::commands::ClipCommand::SetTime { time: 0.1 },
        ));
    harness.event(ctrl(Key::V, true));
    harness.event(ctrl(Key::V, false));
    harness.run_steps(1);
    let pasted = keys(harness.state());
    assert_eq!(pasted.len(), before.len() + 2, "{pasted:?}");
    assert!(pasted.contains(&id("hip", 0.1)) && pasted.contains(&id("head", 0.4)));
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(1);
    assert_eq!(keys(harness.state()), before, "one undo step");
    // The key press and an empty Paste event in one frame paste once: one undo takes it all back
    // (a second paste would have left a step behind).
    // (kittest's `event` runs a frame per event, so both go into one frame's input directly.)
    harness.input_mut().events.extend([
        ctrl(Key::V, true),
        Event::Paste(String::new()),
        ctrl(Key::V, false),
    ]);
    harness.run_steps(2);
    assert_eq!(keys(harness.state()).len(), before.len() + 2);
    harness.state_mut().undo();
    assert_eq!(keys(harness.state()), before);
    assert!(!harness.state().document().can_undo(), "it was one paste");
    // An empty Paste event alone pastes too.
    harness.event(Event::Paste(String::new()));
    harness.run_steps(1);
    assert_eq!(keys(harness.state()).len(), before.len() + 2);
}

#[test]
fn a_text_field_with_the_keyboard_keeps_ctrl_v() {
    let mut harness = harness();
    harness
        .state_mut()
        .run(limber::editor::commands::Command::Key(
            limber::editor::commands::KeyCommand::Select(
                vec![id("hip", 0.3)]
                    .into_iter()
                    .map(limber::editor::key_selection::KeyRef::Bone)
                    .collect(),
            ),
        ));
    harness.key_press_modifiers(Modifiers::COMMAND, Key::C);
    harness.run_steps(1);
    harness
        .state_mut()
        .run(limber::editor::commands::Command::Clip(
            limber::editor::commands::ClipCommand::SetTime { time: 0.1 },
        ));
    harness
        .get_by_role_and_label(egui::accesskit::Role::TextInput, "name")
        .focus();
    harness.run_steps(2);
    let revision = harness.state().document().revision();
    harness.event(ctrl(Key::V, true));
    harness.run_steps(2);
    assert_eq!(
        harness.state().document().revision(),
        revision,
        "no keys pasted"
    );
    harness.key_press(Key::Escape);
    harness.run_steps(1);
}
