//! File > Import layered file on a document with parts: the question whether to open the file as
//! a new document (named after it, on its canvas) or to add its layers as parts of this one
//! (`limber_editor::layered_import`). On a project with unsaved changes, opening it as a new
//! document asks as Open does: Save and open, Discard and open, or Cancel.

use eframe::egui;

use limber_editor::commands::{Command, FileCommand};
use limber_editor::editor::Editor;

/// Shows the question while a layered file waits for its answer.
pub fn show(ctx: &egui::Context, editor: &mut Editor) {
    let Some(path) = editor.jobs().layered_question().cloned() else {
        return;
    };
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let dirty = editor.document().is_dirty();
    let saved_before = editor.document().path.is_some();
    let (mut new, mut add, mut cancel, mut save, mut discard) = (false, false, false, false, false);
    let modal = egui::Modal::new(egui::Id::unique("limber_layered_question")).show(ctx, |ui| {
        ui.heading(format!("Import {name}"));
        ui.label("Open it as a new document, or add its layers as parts of this one?");
        if dirty {
            ui.label("This project has unsaved changes: save them, or discard them, to open the file as a new document.");
        }
        ui.horizontal_wrapped(|ui| {
            if dirty {
                // As Open asks: Save (in place; a project never saved needs Save As first),
                // Discard, or Cancel.
                save = ui
                    .add_enabled(saved_before, egui::Button::new("Save and open"))
                    .on_disabled_hover_text("this project has no file yet: use File > Save As first")
                    .clicked();
                discard = ui.button("Discard and open").clicked();
            } else {
                new = ui.button("Open as a new document").clicked();
            }
            add = ui.button("Add its layers to this one").clicked();
            cancel = ui.button("Cancel").clicked();
        });
    });
    if save && editor.run(Command::Save).is_done() {
        new = true;
    }
    if discard {
        editor.run(Command::File(FileCommand::OpenLayeredDiscarding));
    } else if new || add {
        editor.run(Command::File(FileCommand::AnswerLayered {
            new_document: new,
        }));
    } else if cancel
        || (modal.is_top_modal
            && ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape)))
    {
        editor.run(Command::File(FileCommand::CancelLayered));
    }
}
