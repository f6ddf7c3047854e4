//! The keyboard side of the command table: each frame, the key presses that are shortcuts in
//! [`COMMANDS`] become commands run on the [`Editor`]. Ctrl shortcuts marked `while_typing` work
//! even while a text field has the keyboard (and are taken from it); the others, single keys and
//! copy/paste, only when no text field has it. Single keys are read, not taken, so the viewport
//! still sees Space held for panning.
//!
//! Copy and paste of keys must not depend on the system clipboard: egui's window layer turns
//! Ctrl+V into a Paste event only when the clipboard holds text. So the window asks for the raw
//! Ctrl+C / Ctrl+X / Ctrl+V key presses (`clipboard_shortcuts: false`) and they run the table's
//! commands here; while a text field has the keyboard they become what text fields expect instead
//! (Copy / Cut events, and a paste request whose text comes the next frame). Copy and Paste events
//! (any text, even none) also run the commands, and a frame with both the key and the event runs
//! the command once.
//!
//! While a modal dialog is open (limber's file dialog, a confirm question, any `egui::Modal`) no
//! shortcut reaches the editor: the keys are the dialog's, whichever widget has the focus.

use eframe::egui;

use limber_editor::commands::{Command, Key, Modifiers, WindowRequest, command_for};
use limber_editor::editor::Editor;

/// The egui key for one of the table's keys.
pub fn egui_key(key: Key) -> egui::Key {
    match key {
        Key::C => egui::Key::C,
        Key::D => egui::Key::D,
        Key::F => egui::Key::F,
        Key::K => egui::Key::K,
        Key::N => egui::Key::N,
        Key::O => egui::Key::O,
        Key::S => egui::Key::S,
        Key::V => egui::Key::V,
        Key::Y => egui::Key::Y,
        Key::Z => egui::Key::Z,
        Key::Num1 => egui::Key::Num1,
        Key::Num2 => egui::Key::Num2,
        Key::Num3 => egui::Key::Num3,
        Key::Num4 => egui::Key::Num4,
        Key::Space => egui::Key::Space,
        Key::Delete => egui::Key::Delete,
        Key::F1 => egui::Key::F1,
        Key::OpenBracket => egui::Key::OpenBracket,
        Key::CloseBracket => egui::Key::CloseBracket,
        Key::G => egui::Key::G,
        Key::I => egui::Key::I,
        Key::L => egui::Key::L,
        Key::R => egui::Key::R,
        Key::T => egui::Key::T,
        Key::Home => egui::Key::Home,
        Key::End => egui::Key::End,
        Key::Comma => egui::Key::Comma,
        Key::Period => egui::Key::Period,
        Key::Tab => egui::Key::Tab,
        Key::Escape => egui::Key::Escape,
    }
}

/// The table's key for an egui key, if it is one.
fn table_key(key: egui::Key) -> Option<Key> {
    Key::ALL.into_iter().find(|&k| egui_key(k) == key)
}

fn held(modifiers: egui::Modifiers) -> Modifiers {
    Modifiers {
        command: modifiers.command,
        shift: modifiers.shift,
        alt: modifiers.alt,
    }
}

/// Runs this frame's shortcuts on `editor`; returns what the window must do, if anything. Each
/// command runs at most once a frame.
pub fn handle(ctx: &egui::Context, editor: &mut Editor) -> Option<WindowRequest> {
    let typing = ctx.egui_wants_keyboard_input();
    let editing_text = ctx.text_edit_focused();
    // A modal dialog shown last frame takes every key this frame.
    let modal = ctx.memory(|m| m.top_modal_layer()).is_some();
    let mut commands: Vec<Command> = Vec::new();
    let mut request_paste = false;
    ctx.input_mut(|i| {
        let had_paste = i.events.iter().any(|e| matches!(e, egui::Event::Paste(_)));
        let mut for_text: Vec<egui::Event> = Vec::new();
        i.events.retain(|event| {
            let egui::Event::Key {
                key,
                pressed: true,
                modifiers,
                ..
            } = event
            else {
                return true;
            };
            if typing && modifiers.command && !modifiers.shift {
                // The text field's own clipboard keys.
                match key {
                    egui::Key::C => for_text.push(egui::Event::Copy),
                    egui::Key::X => for_text.push(egui::Event::Cut),
                    egui::Key::V => request_paste = !had_paste,
                    _ => {}
                }
            }
            let Some(entry) = table_key(*key).and_then(|k| command_for(k, held(*modifiers))) else {
                return true;
            };
            // Esc is a text field's own (it ends the editing) and, with any other widget
            // focused (a slider being dragged), still the editor's Cancel.
            let typed = if entry.command == Command::Cancel {
                editing_text
            } else {
                typing && !entry.while_typing
            };
            if modal || typed {
                return true;
            }
            if !commands.contains(&entry.command) {
                commands.push(entry.command.clone());
            }
            // Ctrl shortcuts are taken; single keys stay for the widgets that read them.
            !modifiers.command
        });
        i.events.extend(for_text);
        if !typing && !modal {
            for event in &i.events {
                let command = match event {
                    egui::Event::Copy => Command::CopyKeys,
                    egui::Event::Paste(_) => Command::PasteKeys,
                    _ => continue,
                };
                if !commands.contains(&command) {
                    commands.push(command);
                }
            }
        }
    });
    if request_paste {
        ctx.send_viewport_cmd(egui::ViewportCommand::RequestPaste);
    }
    let mut request = None;
    for command in commands {
        if let Some(r) = editor.run(command).window_request() {
            request = Some(r);
        }
    }
    request
}

#[cfg(test)]
mod tests {
    use super::*;
    use limber_editor::commands::COMMANDS;

    #[test]
    fn every_key_of_the_table_maps_to_egui_and_back() {
        for key in Key::ALL {
            assert_eq!(table_key(egui_key(key)), Some(key), "{key:?}");
        }
        for entry in COMMANDS {
            for shortcut in entry.shortcuts {
                assert!(Key::ALL.contains(&shortcut.key));
            }
        }
        assert_eq!(table_key(egui::Key::Q), None);
    }
}
