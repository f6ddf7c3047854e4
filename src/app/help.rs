//! The Help menu's windows: the shortcuts (F1), built from the command table — every command with a
//! shortcut, its keys and what it does, then the pointer hints that are no command; Getting started
//! (the README's walkthrough, "Your first animation"); About (version, licence and the credits of
//! the bundled art, from `assets/CREDITS.md`).

use eframe::egui;

use limber_editor::commands::{COMMANDS, CommandEntry};
use limber_editor::editor::Editor;
use limber_editor::view::HelpPage;

/// The README, whose walkthrough Help > Getting started shows.
const README: &str = include_str!("../../README.md");
/// The bundled art's credits, which Help > About lists.
const CREDITS: &str = include_str!("../../assets/CREDITS.md");

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

/// The README's walkthrough as plain text: its "Your first animation" section up to the next
/// section, without pictures and emphasis marks, its arrows as the menus write them (">": the
/// window's font has no arrow).
pub fn getting_started() -> String {
    let Some(start) = README.find("### Your first animation") else {
        return String::new();
    };
    let section = &README[start..];
    let end = section[3..]
        .find("\n## ")
        .or_else(|| section[3..].find("\n### "))
        .map_or(section.len(), |e| e + 3);
    section[..end]
        .lines()
        .skip(1)
        .filter(|line| !line.trim_start().starts_with("!["))
        .map(|line| line.replace("**", "").replace('`', "").replace('→', ">"))
        .collect::<Vec<_>>()
        .join("\n")
        .trim()
        .to_string()
}

/// The bundled art's credits, one line per file: its name, licence and source.
pub fn art_credits() -> Vec<String> {
    CREDITS
        .lines()
        .filter(|line| line.starts_with("| `"))
        .filter_map(|line| {
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            // | file | size | source | licence | why |
            (cells.len() > 5).then(|| {
                format!(
                    "{}: {} ({})",
                    cells[1].trim_matches('`'),
                    cells[4],
                    cells[3]
                )
            })
        })
        .collect()
}

/// The Help menu's page window (Getting started, About) while one is open.
pub fn page_window(ctx: &egui::Context, editor: &mut Editor) {
    let Some(page) = editor.view().help_page() else {
        return;
    };
    let mut open = true;
    let title = match page {
        HelpPage::GettingStarted => "Getting started",
        HelpPage::About => "About limber",
    };
    egui::Window::new(title)
        .open(&mut open)
        .default_width(560.0)
        .pivot(egui::Align2::CENTER_CENTER)
        .default_pos(ctx.content_rect().center())
        .show(ctx, |ui| {
            egui::ScrollArea::vertical()
                .max_height(480.0)
                .show(ui, |ui| match page {
                    HelpPage::GettingStarted => {
                        ui.label(getting_started());
                    }
                    HelpPage::About => {
                        ui.heading(format!("limber {}", env!("CARGO_PKG_VERSION")));
                        ui.label("A 2D skeletal animation editor.");
                        ui.label(format!("Licence: {}", env!("CARGO_PKG_LICENSE")));
                        ui.separator();
                        ui.label("Bundled sample art (assets/sprites):");
                        for line in art_credits() {
                            ui.label(line);
                        }
                    }
                });
        });
    if !open {
        editor.set_help_page(None);
    }
}
