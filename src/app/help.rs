//! The shortcuts window (F1), built from the command table: every command with a shortcut, its
//! keys and what it does, then the pointer hints that are no command.

use eframe::egui;

use limber_editor::commands::{COMMANDS, CommandEntry};
use limber_editor::editor::Editor;

/// What the pointer does beyond the commands: (input, what it does).
pub const POINTER_HINTS: &[(&str, &str)] = &[
    (
        "Shift+click / Shift+drag",
        "add a key to the selection / select keys in a box (dopesheet)",
    ),
    ("Middle drag / Space+drag", "pan"),
    ("Wheel", "zoom at the cursor"),
];

/// What the help says a command does: its name, and its help words when it has some.
pub fn help_line(entry: &CommandEntry) -> String {
    if entry.help.is_empty() {
        entry.name.to_string()
    } else {
        format!("{}: {}", entry.name, entry.help)
    }
}

/// The shortcuts window, open while `editor.view().show_help()`.
pub fn help_window(ctx: &egui::Context, editor: &mut Editor) {
    let mut open = editor.view().show_help();
    egui::Window::new("Shortcuts")
        .open(&mut open)
        .show(ctx, |ui| {
            egui::Grid::new("shortcuts").striped(true).show(ui, |ui| {
                for entry in COMMANDS {
                    if let Some(keys) = entry.shortcut_text() {
                        ui.monospace(keys);
                        ui.label(help_line(entry));
                        ui.end_row();
                    }
                }
                for (input, what) in POINTER_HINTS {
                    ui.monospace(*input);
                    ui.label(*what);
                    ui.end_row();
                }
            });
        });
    editor.set_show_help(open);
}
