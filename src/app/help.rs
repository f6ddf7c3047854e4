//! The Help menu's windows: the command palette and shortcuts (F1), built from the command table —
//! every command, searchable and runnable, with its keys, then the pointer hints that are no command; Getting started
//! (the README's walkthrough, "Your first animation"); About (version, licence and the credits of
//! the bundled art, from `assets/CREDITS.md`).

use eframe::egui;

use limber_editor::commands::{Command, ViewCommand, WindowRequest};
use limber_editor::editor::Editor;
use limber_editor::palette;
use limber_editor::view::HelpPage;

/// The README, whose walkthrough Help > Getting started shows.
const README: &str = include_str!("../../README.md");
/// The bundled art's credits, which Help > About lists.
const CREDITS: &str = include_str!("../../assets/CREDITS.md");

/// What the pointer does beyond the commands: (input, what it does).
pub const POINTER_HINTS: &[(&str, &str)] = &[
    (
        "Ctrl+click / Shift+click a bone",
        "add it to the selection or take it out (view or character tree)",
    ),
    (
        "Ctrl+drag",
        "select the bones in a box; Ctrl+Shift+drag adds them (view, Animate and Bones)",
    ),
    (
        "Shift+drag a bone",
        "move it, keying its translation, instead of turning it (view, Animate)",
    ),
    (
        "Shift+click / Shift+drag",
        "add a key to the selection / select keys in a box (dopesheet)",
    ),
    (
        "Shift+drag a part (or drag it off its vertices)",
        "move the whole part on the canvas, reweighed where it lands (view, Mesh)",
    ),
    ("Middle drag / Space+drag", "pan"),
    ("Wheel", "zoom at the cursor"),
];

/// The id of the palette's search field, which takes the keyboard when the window opens.
fn search_id() -> egui::Id {
    egui::Id::unique("command palette search")
}

/// The command palette and shortcuts window (F1), open while `editor.view().show_help()`: a search
/// field over every command of the table (Enter or a click runs the first match or the one
/// clicked, through `Editor::run`, and closes the window; a command that would do nothing now is
/// greyed; Esc closes it), then the pointer hints that are no command. Returns what the window must do for the
/// command run (a file dialog, quitting).
pub fn help_window(ctx: &egui::Context, editor: &mut Editor) -> Option<WindowRequest> {
    let was_open = editor.view().show_help();
    if !was_open {
        ctx.data_mut(|d| d.remove::<String>(search_id()));
        return None;
    }
    let mut open = true;
    let mut chosen = None;
    let mut closed_by_escape = false;
    egui::Window::new("Commands and shortcuts")
        .open(&mut open)
        .default_height(480.0)
        .show(ctx, |ui| {
            let mut query = ui
                .data_mut(|d| d.get_temp::<String>(search_id()))
                .unwrap_or_default();
            let field = ui.add(
                egui::TextEdit::singleline(&mut query)
                    .id(search_id())
                    .hint_text("find a command")
                    .desired_width(f32::INFINITY),
            );
            if !ui.memory(|m| m.has_focus(search_id())) && query.is_empty() {
                field.request_focus();
            }
            let found = palette::matching(&query);
            let enter = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            if ui.input(|i| i.key_pressed(egui::Key::Escape)) {
                closed_by_escape = true;
            }
            if enter {
                chosen = found
                    .iter()
                    .find(|e| editor.can_run(&e.command))
                    .map(|e| e.command.clone());
            }
            ui.data_mut(|d| d.insert_temp(search_id(), query));
            egui::ScrollArea::vertical()
                .max_height(360.0)
                .show(ui, |ui| {
                    egui::Grid::new("commands").striped(true).show(ui, |ui| {
                        for entry in &found {
                            let button = egui::Button::new(entry.name).frame(false);
                            let clicked = ui
                                .add_enabled(editor.can_run(&entry.command), button)
                                .clicked();
                            if clicked {
                                chosen = Some(entry.command.clone());
                            }
                            ui.monospace(entry.shortcut_text().unwrap_or_default());
                            ui.weak(entry.help);
                            ui.end_row();
                        }
                    });
                    ui.separator();
                    egui::Grid::new("pointer hints")
                        .striped(true)
                        .show(ui, |ui| {
                            for (input, what) in POINTER_HINTS {
                                ui.monospace(*input);
                                ui.label(*what);
                                ui.end_row();
                            }
                        });
                });
        });
    // Closing the window (its ×, or running a command) toggles the help off as F1 does.
    if !open || closed_by_escape || chosen.is_some() {
        editor.run(Command::ShowHelp);
    }
    chosen.and_then(|command| editor.run(command).window_request())
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
        editor.run(Command::View(ViewCommand::SetHelpPage(None)));
    }
}
