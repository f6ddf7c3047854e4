//! The menu bar, built from the command table: the File, Edit, Rig, Animate and Help menus (a menu without entries is not shown) (each entry's name,
//! shortcut and greyed state from [`COMMANDS`] and [`Editor::can_run`]), the File menu's recent
//! files, and the toolbar of modes, Deform, overlays and skinning beside them.

use crate::app::number_field::number_field;
use eframe::egui;

use limber_editor::commands::{
    Command, CommandEntry, Menu, MeshCommand, WindowRequest, menu_entries,
};
use limber_editor::editor::Editor;

/// The menu bar and the toolbar; returns what the window must do, if anything.
pub fn menu_bar(
    ui: &mut egui::Ui,
    editor: &mut Editor,
    recent: &[std::path::PathBuf],
) -> Option<WindowRequest> {
    let mut clicked: Option<Command> = None;
    let mut request = None;
    egui::MenuBar::new().ui(ui, |ui| {
        for (menu, title) in [
            (Menu::File, "File"),
            (Menu::Edit, "Edit"),
            (Menu::Rig, "Rig"),
            (Menu::Animate, "Animate"),
            (Menu::Help, "Help"),
        ] {
            // A menu shows once the table puts a command in it.
            if menu_entries(menu).next().is_none() {
                continue;
            }
            ui.menu_button(title, |ui| {
                let entries: Vec<&CommandEntry> = menu_entries(menu).collect();
                let mut index = 0;
                while index < entries.len() {
                    let entry = entries[index];
                    if index > 0 && group(entries[index - 1]) != group(entry) {
                        ui.separator();
                    }
                    match entry.place.and_then(|p| p.submenu) {
                        Some(submenu) => {
                            let inside: Vec<&CommandEntry> = entries[index..]
                                .iter()
                                .take_while(|e| e.place.and_then(|p| p.submenu) == Some(submenu))
                                .copied()
                                .collect();
                            index += inside.len();
                            ui.menu_button(submenu, |ui| {
                                for entry in inside {
                                    keep_first(&mut clicked, menu_item(ui, editor, entry));
                                }
                            });
                            continue;
                        }
                        None => keep_first(&mut clicked, menu_item(ui, editor, entry)),
                    }
                    if entry.command == Command::Open
                        && let Some(i) = recent_menu(ui, recent)
                    {
                        request = Some(WindowRequest::OpenRecent(i));
                    }
                    index += 1;
                }
            });
        }
        ui.separator();
        keep_first(&mut clicked, toolbar(ui, editor));
    });
    if let Some(command) = clicked {
        request = editor.run(command).window_request().or(request);
    }
    request
}

/// Keeps the first command clicked this frame (every item is still drawn).
fn keep_first(clicked: &mut Option<Command>, now: Option<Command>) {
    if clicked.is_none() {
        *clicked = now;
    }
}

fn group(entry: &CommandEntry) -> Option<u8> {
    entry.place.map(|p| p.group)
}

/// The shortcut text a menu entry shows at its right (the first shortcut).
pub fn menu_shortcut(entry: &CommandEntry) -> Option<String> {
    entry.shortcuts.first().map(ToString::to_string)
}

/// One menu entry, greyed when it would do nothing; a toggle is a check box showing whether it is
/// on. The command when clicked.
fn menu_item(ui: &mut egui::Ui, editor: &Editor, entry: &CommandEntry) -> Option<Command> {
    let enabled = editor.can_run(&entry.command);
    if let Some(mut on) = editor.is_checked(&entry.command) {
        let mut response = ui.add_enabled(enabled, egui::Checkbox::new(&mut on, entry.name));
        if let Some(text) = menu_shortcut(entry) {
            response = response.on_hover_text(text);
        }
        return response.clicked().then_some(entry.command.clone());
    }
    let mut button = egui::Button::new(entry.name);
    if let Some(text) = menu_shortcut(entry) {
        button = button.shortcut_text(text);
    }
    ui.add_enabled(enabled, button)
        .clicked()
        .then_some(entry.command.clone())
}

/// The recently opened files; the index of the one clicked.
fn recent_menu(ui: &mut egui::Ui, recent: &[std::path::PathBuf]) -> Option<usize> {
    let mut chosen = None;
    ui.menu_button("Open recent", |ui| {
        if recent.is_empty() {
            ui.label("(none yet)");
        }
        for (i, path) in recent.iter().enumerate() {
            let name = path.file_name().map_or_else(
                || path.display().to_string(),
                |n| n.to_string_lossy().into_owned(),
            );
            if ui
                .button(name)
                .on_hover_text(path.display().to_string())
                .clicked()
            {
                chosen = Some(i);
            }
        }
    });
    chosen
}

/// The toolbar's toggles (modes, Deform and its radius, overlays, skinning), groups separated.
fn toolbar(ui: &mut egui::Ui, editor: &mut Editor) -> Option<Command> {
    let mut clicked = None;
    let mut last_group = None;
    for entry in menu_entries(Menu::Toolbar) {
        if last_group.is_some() && last_group != group(entry) {
            ui.separator();
        }
        last_group = group(entry);
        let checked = editor.is_checked(&entry.command).unwrap_or(false);
        let button = egui::Button::selectable(checked, entry.name);
        if ui
            .add_enabled(editor.can_run(&entry.command), button)
            .clicked()
        {
            clicked = Some(entry.command.clone());
        }
        if entry.command == Command::ToggleDeform && editor.tools().deforming() {
            let mut radius = editor.tools().deform().radius;
            ui.add(
                number_field(&mut radius)
                    .range(0.0..=500.0)
                    .prefix("radius "),
            );
            if radius != editor.tools().deform().radius {
                editor.run(Command::Mesh(MeshCommand::SetDeformRadius { radius }));
            }
        }
    }
    clicked
}
