//! The Export dialog, one per format (File > Export > …): the choices that apply to the format —
//! clip, scale, fps, framing, trimming, columns, page size, pixels per unit — and the destination
//! (typed, or chosen with Browse…, which asks the window's file chooser). Export starts it through
//! the editor, which remembers the choices in the project; a refusal (over a budget: "lower the
//! scale to … or the fps to …") stays in the dialog as one line and writes nothing. A number
//! applies when its field is left (Enter, Tab, a click elsewhere) and stays as typed: one out of
//! its range is explained next to its field and refuses Export, never clamped behind the artist's
//! back. The model is `limber_editor::export_dialog`.

use crate::app::number_field::number_field;
use eframe::egui;

use limber_editor::commands::{Command, ExportCommand, Purpose, WindowRequest};
use limber_editor::editor::Editor;
use limber_editor::export_dialog::{ExportDialog, ExportField, ExportFormat};
use limber_editor::export_job::ExportKind;

/// The file chooser the Browse… button asks for, by format.
fn browse_request(format: ExportFormat) -> WindowRequest {
    match format {
        ExportFormat::Gif => WindowRequest::Ask(Purpose::Export(ExportKind::Gif)),
        ExportFormat::Sheet => WindowRequest::Ask(Purpose::Export(ExportKind::Sheet)),
        ExportFormat::Frames => WindowRequest::Ask(Purpose::Export(ExportKind::Frames)),
        ExportFormat::Gltf => WindowRequest::Ask(Purpose::ExportGltf),
        ExportFormat::Spine => WindowRequest::Ask(Purpose::ExportSpine),
    }
}

/// A row with a label the field is named by.
fn labelled(ui: &mut egui::Ui, label: &str, field: impl FnOnce(&mut egui::Ui) -> egui::Response) {
    ui.horizontal(|ui| {
        let label = ui.label(label);
        field(ui).labelled_by(label.id);
    });
}

/// A row with a number field and, when the value it holds is out of its range, why, next to it
/// (in the error colour). The value stays as typed; Export is refused until it is fixed.
fn number_row(
    ui: &mut egui::Ui,
    label: &str,
    problem: Option<String>,
    field: impl FnOnce(&mut egui::Ui) -> egui::Response,
) {
    ui.horizontal(|ui| {
        let label = ui.label(label);
        field(ui).labelled_by(label.id);
        if let Some(problem) = problem {
            ui.colored_label(ui.visuals().error_fg_color, problem);
        }
    });
}

/// Shows the open Export dialog; the file chooser to open when Browse… is pressed.
pub fn show(ctx: &egui::Context, editor: &mut Editor) -> Option<WindowRequest> {
    let mut dialog = editor.jobs().export_dialog()?.clone();
    let clips: Vec<(String, Option<u32>)> = editor
        .document()
        .project
        .rig
        .clips
        .iter()
        .map(|c| (c.name.clone(), c.fps))
        .collect();
    let (mut export, mut cancel, mut browse) = (false, false, false);
    // Anchored by its top, with the refusal under its buttons: a message appearing moves nothing
    // above it, so Export stays under the pointer for a second click.
    let id = egui::Id::unique("limber_export_dialog");
    let area = egui::Modal::default_area(id).anchor(egui::Align2::CENTER_TOP, [0.0, 96.0]);
    let modal = egui::Modal::new(id).area(area).show(ctx, |ui| {
        ui.set_width(460.0);
        ui.heading(dialog.format.title());
        choices(ui, &mut dialog, &clips);
        ui.separator();
        let noun = if dialog.format.writes_folder() {
            "Folder:"
        } else {
            "File:"
        };
        ui.horizontal(|ui| {
            let label = ui.label(noun);
            ui.add(
                egui::TextEdit::singleline(&mut dialog.choices.destination).desired_width(300.0),
            )
            .labelled_by(label.id);
            browse = ui.button("Browse…").clicked();
        });
        if dialog.format.writes_folder() {
            ui.label("A folder that does not exist is made.");
        }
        ui.horizontal(|ui| {
            export = ui.button("Export").clicked();
            cancel = ui.button("Cancel").clicked();
        });
        if let Some(problem) = &dialog.problem {
            ui.colored_label(ui.visuals().error_fg_color, problem);
        }
    });
    if editor.jobs().export_dialog() != Some(&dialog) {
        editor.run(Command::Export(ExportCommand::Edit(Box::new(
            dialog.clone(),
        ))));
    }
    // Esc closes it only while no dialog (Browse…'s) is over it.
    let escape = modal.is_top_modal
        && !modal.any_popup_open
        && ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape));
    if cancel || escape {
        editor.run(Command::Export(ExportCommand::Close));
    } else if export {
        editor.run(Command::Export(ExportCommand::Export));
    } else if browse {
        return Some(browse_request(dialog.format));
    }
    None
}

/// The format's own choices.
fn choices(ui: &mut egui::Ui, dialog: &mut ExportDialog, clips: &[(String, Option<u32>)]) {
    let format = dialog.format;
    let checked = dialog.clone();
    let problem = |field| checked.field_problem(field);
    let c = &mut dialog.choices;
    if format.kind().is_some() {
        let shown = c.clip.clone().unwrap_or_else(|| "(rest pose)".into());
        labelled(ui, "Clip:", |ui| {
            egui::ComboBox::from_id_salt("export_clip")
                .selected_text(shown)
                .show_ui(ui, |ui| {
                    ui.selectable_value(&mut c.clip, None, "(rest pose)");
                    for (name, _) in clips {
                        ui.selectable_value(&mut c.clip, Some(name.clone()), name);
                    }
                })
                .response
        });
        number_row(ui, "Scale:", problem(ExportField::Scale), |ui| {
            ui.add(number_field(&mut c.scale).speed(0.01).max_decimals(2))
        });
    } else {
        ui.label(format!("Clips: all {} of them", clips.len()));
    }
    if format == ExportFormat::Gltf {
        number_row(
            ui,
            "Pixels per unit:",
            problem(ExportField::PixelsPerUnit),
            |ui| ui.add(number_field(&mut c.pixels_per_unit).speed(1.0)),
        );
    }
    // The clip's own rate until one is chosen.
    let own = c
        .clip
        .as_ref()
        .and_then(|name| clips.iter().find(|(n, _)| n == name))
        .and_then(|(_, fps)| *fps)
        .map_or(30.0, f64::from);
    let mut fps = c.fps.unwrap_or(own);
    ui.horizontal(|ui| {
        let label = ui.label("Fps:");
        let field = ui
            .add(number_field(&mut fps).speed(0.5).max_decimals(2))
            .labelled_by(label.id);
        if field.changed() {
            c.fps = Some(fps);
        }
        if c.fps.is_some() {
            if ui.button("Each clip's own").clicked() {
                c.fps = None;
            }
        } else {
            ui.label("(each clip's own)");
        }
        if let Some(problem) = problem(ExportField::Fps) {
            ui.colored_label(ui.visuals().error_fg_color, problem);
        }
    });
    if format.kind().is_some() {
        ui.checkbox(&mut c.image_frame, "Frame to the image")
            .on_hover_text("the image's rectangle (limbs past its edge are cut) instead of the whole animation");
        if !c.image_frame {
            number_row(ui, "Margin (px):", problem(ExportField::Margin), |ui| {
                ui.add(number_field(&mut c.margin))
            });
        }
    }
    if format == ExportFormat::Sheet {
        ui.checkbox(&mut c.trim, "Trim frames").on_hover_text(
            "each frame cut to its own pixels and packed; the atlas gives its offset",
        );
        if !c.trim {
            let mut columns = c.columns.unwrap_or(0);
            number_row(
                ui,
                "Columns (0: square):",
                problem(ExportField::Columns),
                |ui| ui.add(number_field(&mut columns)),
            );
            c.columns = (columns > 0).then_some(columns);
        }
    }
    if format == ExportFormat::Spine {
        number_row(
            ui,
            "Largest page (px):",
            problem(ExportField::MaxPage),
            |ui| ui.add(number_field(&mut c.max_page)),
        );
        ui.checkbox(&mut c.premultiplied, "Premultiplied alpha");
        number_row(
            ui,
            "Smallest weight:",
            problem(ExportField::MinWeight),
            |ui| {
                ui.add(number_field(&mut c.min_weight).speed(0.001).max_decimals(3))
                    .on_hover_text(
                        "bone influences under this weight are left out of the meshes and the \
                         rest renormalised (0 keeps them all)",
                    )
            },
        );
        number_row(
            ui,
            "Most vertices per part (0: any):",
            problem(ExportField::MaxVertices),
            |ui| {
                ui.add(number_field(&mut c.max_vertices)).on_hover_text(
                    "a part with more vertices is meshed again, coarser, for the export (its \
                     weights and deform keys carried); the project keeps its meshes",
                )
            },
        );
        ui.checkbox(&mut c.pretty, "Indented JSON")
            .on_hover_text("for reading; games load the compact JSON faster");
    }
}
