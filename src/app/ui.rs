//! The editor's panels around the viewport: menu bar with overlay toggles, bones and parts on the
//! left, the inspector on the right, the timeline and status bar at the bottom, the shortcuts
//! window, and the keyboard shortcuts. Everything acts through [`Editor`].

use eframe::egui::{self, Key, KeyboardShortcut, Modifiers};

use super::editor::{Editor, Mode};
use super::timeline;
use crate::core::animation::ClipRecord;
use crate::core::skinning::SkinningMode;

/// A request the window (not the editor) must carry out: dialogs and closing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WindowAction {
    NewFromImage,
    /// Open the recent file with this index.
    OpenRecent(usize),
    AddPart,
    Open,
    SaveAs,
    ExportGif,
    ExportSheet,
    /// A PNG per frame into a chosen folder.
    ExportFrames,
    ExportGltf,
    Quit,
}

/// The shortcuts, for the help window and the handler.
pub const SHORTCUTS: &[(&str, &str)] = &[
    ("Ctrl+Z", "undo"),
    ("Ctrl+Shift+Z / Ctrl+Y", "redo"),
    ("Ctrl+S", "save"),
    ("Ctrl+Shift+S", "save as"),
    ("Ctrl+O", "open a project or PNG"),
    ("Ctrl+N", "new project from a PNG"),
    ("Space", "play / pause (hold and drag in the viewport: pan)"),
    ("K", "key the selected bone at the playhead"),
    ("] / [", "select the next / previous bone"),
    ("F", "fit the sprite in the view"),
    (
        "Delete",
        "delete the selected keys, or else the selected bone (Mesh mode: the selected vertex)",
    ),
    (
        "D",
        "Deform: drag vertices to key their offsets (Animate mode)",
    ),
    (
        "Ctrl+C / Ctrl+V",
        "copy the selected keys / paste them at the playhead",
    ),
    (
        "Shift+click / Shift+drag",
        "add a key to the selection / select keys in a box (dopesheet)",
    ),
    ("1 / 2 / 3 / 4", "Animate / Bones / Weights / Mesh mode"),
    ("Middle drag", "pan"),
    ("Wheel", "zoom at the cursor"),
    ("F1", "this list"),
];

/// Handles the keyboard shortcuts; returns a window action when one was asked for.
pub fn shortcuts(ctx: &egui::Context, editor: &mut Editor) -> Option<WindowAction> {
    let command = |key| KeyboardShortcut::new(Modifiers::COMMAND, key);
    let command_shift = |key| KeyboardShortcut::new(Modifiers::COMMAND | Modifiers::SHIFT, key);
    let mut action = None;
    ctx.input_mut(|i| {
        if i.consume_shortcut(&command_shift(Key::Z)) || i.consume_shortcut(&command(Key::Y)) {
            editor.redo();
        }
        if i.consume_shortcut(&command(Key::Z)) {
            editor.undo();
        }
        if i.consume_shortcut(&command_shift(Key::S)) {
            action = Some(WindowAction::SaveAs);
        }
        if i.consume_shortcut(&command(Key::S)) {
            if editor.document.path.is_some() {
                editor.save();
            } else {
                action = Some(WindowAction::SaveAs);
            }
        }
        if i.consume_shortcut(&command(Key::O)) {
            action = Some(WindowAction::Open);
        }
        if i.consume_shortcut(&command(Key::N)) {
            action = Some(WindowAction::NewFromImage);
        }
    });
    // Single keys, copy and paste only when no text field has the keyboard.
    if ctx.egui_wants_keyboard_input() {
        return action;
    }
    // Ctrl+C / Ctrl+V arrive as copy and paste events from the window, as keys from tests.
    let (copy, paste) = ctx.input_mut(|i| {
        let copy = i.consume_shortcut(&command(Key::C))
            || i.events.iter().any(|e| matches!(e, egui::Event::Copy));
        let paste = i.consume_shortcut(&command(Key::V))
            || i.events.iter().any(|e| matches!(e, egui::Event::Paste(_)));
        (copy, paste)
    });
    if copy {
        editor.copy_selected_keys();
    }
    if paste {
        editor.paste_keys();
    }
    ctx.input(|i| {
        if i.key_pressed(Key::Space) {
            editor.toggle_play();
        }
        if i.key_pressed(Key::K) {
            editor.key_selected();
        }
        let bones = editor.document.project.rig.skeleton.bones.len();
        if bones > 0 {
            if i.key_pressed(Key::CloseBracket) {
                editor.selected_bone = Some(editor.selected_bone.map_or(0, |b| (b + 1) % bones));
            }
            if i.key_pressed(Key::OpenBracket) {
                editor.selected_bone = Some(
                    editor
                        .selected_bone
                        .map_or(bones - 1, |b| (b + bones - 1) % bones),
                );
            }
        }
        if i.key_pressed(Key::F) {
            editor.fit_requested = true;
        }
        if i.key_pressed(Key::Delete) {
            if editor.mode == Mode::Mesh {
                editor.delete_selected_vertex();
            } else if !editor.has_selected_keys() {
                editor.delete_selected_bone();
            } else {
                editor.delete_selected_keys();
            }
        }
        if i.key_pressed(Key::D) {
            editor.deform.on = !editor.deform.on;
            if editor.deform.on {
                editor.mode = Mode::Animate;
            }
        }
        if i.key_pressed(Key::F1) {
            editor.show_help = !editor.show_help;
        }
        for (key, mode) in [
            (Key::Num1, Mode::Animate),
            (Key::Num2, Mode::Bones),
            (Key::Num3, Mode::Weights),
            (Key::Num4, Mode::Mesh),
        ] {
            if i.key_pressed(key) {
                editor.mode = mode;
            }
        }
    });
    action
}

/// The menu bar and the overlay toggles.
pub fn menu_bar(
    ui: &mut egui::Ui,
    editor: &mut Editor,
    recent: &[std::path::PathBuf],
) -> Option<WindowAction> {
    let mut action = None;
    egui::MenuBar::new().ui(ui, |ui| {
        ui.menu_button("File", |ui| {
            if ui.button("New from image…").clicked() {
                action = Some(WindowAction::NewFromImage);
            }
            if ui.button("Open…").clicked() {
                action = Some(WindowAction::Open);
            }
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
                        action = Some(WindowAction::OpenRecent(i));
                    }
                }
            });
            if ui.button("Add part from image…").clicked() {
                action = Some(WindowAction::AddPart);
            }
            if ui.button("Save").clicked() {
                if editor.document.path.is_some() {
                    editor.save();
                } else {
                    action = Some(WindowAction::SaveAs);
                }
            }
            if ui.button("Save As…").clicked() {
                action = Some(WindowAction::SaveAs);
            }
            ui.menu_button("Export", |ui| {
                if ui.button("GIF of the clip…").clicked() {
                    action = Some(WindowAction::ExportGif);
                }
                if ui.button("Sprite sheet of the clip…").clicked() {
                    action = Some(WindowAction::ExportSheet);
                }
                if ui.button("PNG frames of the clip…").clicked() {
                    action = Some(WindowAction::ExportFrames);
                }
                if ui.button("glTF 2.0 (all clips)…").clicked() {
                    action = Some(WindowAction::ExportGltf);
                }
            });
            ui.separator();
            if ui.button("Quit").clicked() {
                action = Some(WindowAction::Quit);
            }
        });
        ui.menu_button("Edit", |ui| {
            if ui
                .add_enabled(editor.document.can_undo(), egui::Button::new("Undo"))
                .clicked()
            {
                editor.undo();
            }
            if ui
                .add_enabled(editor.document.can_redo(), egui::Button::new("Redo"))
                .clicked()
            {
                editor.redo();
            }
        });
        ui.menu_button("Help", |ui| {
            if ui.button("Shortcuts").clicked() {
                editor.show_help = true;
            }
        });
        ui.separator();
        for (mode, label) in [
            (Mode::Animate, "Animate"),
            (Mode::Bones, "Bones"),
            (Mode::Weights, "Weights"),
            (Mode::Mesh, "Mesh"),
        ] {
            ui.selectable_value(&mut editor.mode, mode, label);
        }
        if ui.toggle_value(&mut editor.deform.on, "Deform").clicked() && editor.deform.on {
            editor.mode = Mode::Animate;
        }
        if editor.deforming() {
            ui.add(
                egui::DragValue::new(&mut editor.deform.radius)
                    .range(0.0..=500.0)
                    .prefix("radius "),
            );
        }
        ui.separator();
        ui.toggle_value(&mut editor.overlays.wireframe, "Wireframe");
        ui.toggle_value(&mut editor.overlays.bones, "Bone overlay");
        ui.toggle_value(&mut editor.overlays.weights, "Weight overlay");
        ui.toggle_value(&mut editor.overlays.onion, "Onion skin");
        ui.separator();
        ui.selectable_value(&mut editor.skinning, SkinningMode::LinearBlend, "LBS");
        ui.selectable_value(&mut editor.skinning, SkinningMode::DualQuaternion, "DQS");
    });
    action
}

/// Bones (as a hierarchy) and parts.
pub fn left_panel(ui: &mut egui::Ui, editor: &mut Editor) {
    ui.heading("Skeleton");
    let bones = &editor.document.project.rig.skeleton.bones;
    if bones.is_empty() {
        ui.label("No bones yet: choose Bones mode and drag in the view.");
    }
    let mut order = Vec::new();
    fn visit(
        bones: &[crate::core::skeleton::Bone],
        parent: Option<usize>,
        depth: usize,
        out: &mut Vec<(usize, usize)>,
    ) {
        for (i, bone) in bones.iter().enumerate() {
            if bone.parent == parent {
                out.push((i, depth));
                visit(bones, Some(i), depth + 1, out);
            }
        }
    }
    visit(bones, None, 0, &mut order);
    let names: Vec<String> = bones.iter().map(|b| b.name.clone()).collect();
    egui::ScrollArea::vertical()
        .id_salt("bones")
        .max_height(ui.available_height() * 0.6)
        .show(ui, |ui| {
            for (i, depth) in order {
                ui.horizontal(|ui| {
                    ui.add_space(12.0 * depth as f32);
                    let selected = editor.selected_bone == Some(i);
                    if ui.selectable_label(selected, &names[i]).clicked() {
                        editor.selected_bone = Some(i);
                    }
                });
            }
        });
    ui.separator();
    ui.heading("Parts");
    // Animating a clip, the order field shows and keys the order at the playhead; otherwise it sets
    // the part's own order.
    let keyed = editor.mode == Mode::Animate && editor.current_clip().is_some();
    for index in 0..editor.document.project.parts.len() {
        let part = &editor.document.project.parts[index];
        let (name, vertices) = (part.name.clone(), part.mesh.positions.len());
        let mut order = if keyed {
            editor
                .draw_order_at_playhead(index)
                .unwrap_or(part.draw_order)
        } else {
            part.draw_order
        };
        ui.horizontal(|ui| {
            ui.label(format!("{name} ({vertices} vertices)"));
            let response = ui.add(egui::DragValue::new(&mut order).range(-1000..=1000).prefix(
                if keyed {
                    "order at playhead "
                } else {
                    "order "
                },
            ));
            super::drag_edit::drag_edit(ui, editor, &response, |editor| {
                if keyed {
                    editor.key_draw_order(index, order);
                } else {
                    editor.set_draw_order(index, order);
                }
            });
            if keyed && ui.button("Key order").clicked() {
                editor.key_draw_order(index, order);
            }
        });
    }
}

/// The status line: file state, background work (a progress bar and Cancel) and the last message.
pub fn status_bar(ui: &mut egui::Ui, editor: &mut Editor) {
    ui.horizontal(|ui| {
        let saved = if editor.document.is_dirty() {
            "unsaved changes"
        } else {
            "saved"
        };
        ui.label(saved);
        ui.separator();
        if let Some((done, total)) = editor.background_progress()
            && progress_row(ui, "weights", done, total, "Cancel", true)
        {
            editor.cancel_background_work();
        }
        if let Some((done, total)) = editor.part_progress() {
            let enabled = !editor.part_job.as_ref().is_some_and(|j| j.is_cancelled());
            if progress_row(ui, "new part", done, total, "Cancel new part", enabled) {
                editor.cancel_part();
            }
        }
        if let Some((done, total)) = editor.export_progress() {
            let job = editor.export_job.as_ref();
            let noun = job.map_or("export", |j| j.kind().noun());
            let enabled = !job.is_some_and(|j| j.is_cancelled());
            if progress_row(ui, noun, done, total, "Cancel export", enabled) {
                editor.cancel_export();
            }
        }
        ui.label(&editor.status);
    });
}

/// One piece of background work in the status bar: a progress bar and its cancel button (disabled
/// once cancelled). Returns whether the button was clicked.
fn progress_row(
    ui: &mut egui::Ui,
    what: &str,
    done: usize,
    total: usize,
    cancel: &str,
    enabled: bool,
) -> bool {
    let fraction = if total == 0 {
        0.0
    } else {
        done as f32 / total as f32
    };
    ui.add(
        egui::ProgressBar::new(fraction)
            .desired_width(160.0)
            .text(format!("{what} {done}/{total}")),
    );
    let clicked = ui.add_enabled(enabled, egui::Button::new(cancel)).clicked();
    ui.separator();
    clicked
}

/// The shortcuts window (F1).
pub fn help_window(ctx: &egui::Context, editor: &mut Editor) {
    let mut open = editor.show_help;
    egui::Window::new("Shortcuts")
        .open(&mut open)
        .show(ctx, |ui| {
            egui::Grid::new("shortcuts").striped(true).show(ui, |ui| {
                for (keys, what) in SHORTCUTS {
                    ui.monospace(*keys);
                    ui.label(*what);
                    ui.end_row();
                }
            });
        });
    editor.show_help = open;
}

/// Everything but the viewport's GPU drawing: used by the window and by the UI tests.
pub fn editor_ui(
    ui: &mut egui::Ui,
    editor: &mut Editor,
    checker: Option<&egui::TextureHandle>,
    gpu: bool,
    recent: &[std::path::PathBuf],
) -> Option<WindowAction> {
    let ctx = ui.ctx().clone();
    editor.poll_background_work();
    editor.poll_export();
    editor.poll_part_job();
    if editor.is_busy() || editor.export_job.is_some() || editor.part_job.is_some() {
        // Keep polling the job while it runs.
        ctx.request_repaint_after(std::time::Duration::from_millis(100));
    }
    let mut action = shortcuts(&ctx, editor);
    egui::Panel::top("menu").show(ui, |ui| {
        if let Some(a) = menu_bar(ui, editor, recent) {
            action = Some(a);
        }
    });
    egui::Panel::bottom("status").show(ui, |ui| status_bar(ui, editor));
    egui::Panel::bottom("timeline")
        .resizable(true)
        .default_size(180.0)
        .show(ui, |ui| {
            timeline::show(ui, editor);
        });
    egui::Panel::left("bones")
        .resizable(true)
        .default_size(200.0)
        .show(ui, |ui| left_panel(ui, editor));
    egui::Panel::right("inspector")
        .resizable(true)
        .default_size(240.0)
        .show(ui, |ui| super::inspector::inspector(ui, editor));
    egui::CentralPanel::default().show(ui, |ui| super::viewport::show(ui, editor, checker, gpu));
    help_window(&ctx, editor);
    let dt = ctx.input(|i| f64::from(i.stable_dt)).min(0.1);
    if editor.playing {
        editor.tick(dt);
        ctx.request_repaint();
    }
    action
}

/// A clip record with a new loop flag or duration, for [`crate::core::edit::Edit::ReplaceClip`].
pub fn changed_clip(record: &ClipRecord, looping: bool, duration: f64) -> ClipRecord {
    ClipRecord {
        looping,
        duration,
        ..record.clone()
    }
}
