//! A slot's shape controls in the slots panel: "+ Box", "+ Point" and "+ Clip" start drawing a
//! bounding-box, point or clipping attachment of the slot in the viewport; while one is drawn, what
//! to do next, Close and Cancel; for a clipping attachment (being drawn or selected) the slot it
//! clips up to; for the shape selected for editing, how to edit it and Done.

use eframe::egui;

use crate::core::slots::AttachmentKind;
use limber_editor::commands::{Command, SlotCommand};
use limber_editor::editor::Editor;

/// The shape controls of slot `slot`.
pub fn show(ui: &mut egui::Ui, editor: &mut Editor, slot: &str) {
    ui.horizontal_wrapped(|ui| {
        for (label, kind, hover) in [
            (
                "+ Box",
                AttachmentKind::BoundingBox,
                "draw a bounding box (a hit box) in the viewport: click its corners",
            ),
            (
                "+ Point",
                AttachmentKind::Point,
                "place a point (a spawn point) in the viewport: press, drag to aim it",
            ),
            (
                "+ Clip",
                AttachmentKind::Clipping,
                "draw a clipping polygon in the viewport: it clips the slots in front of this one",
            ),
        ] {
            if ui.button(label).on_hover_text(hover).clicked() {
                editor.run(Command::Slot(SlotCommand::StartShape {
                    slot: slot.to_string(),
                    kind,
                }));
            }
        }
    });
    if let Some(drawing) = editor.slots().drawing().filter(|d| d.slot == slot).cloned() {
        let what = match drawing.kind {
            AttachmentKind::Point => "press in the viewport to place the point, drag to aim it",
            _ => "click in the viewport to add points; Enter or the first point closes",
        };
        ui.weak(what);
        ui.horizontal_wrapped(|ui| {
            if drawing.kind != AttachmentKind::Point && ui.button("Close shape").clicked() {
                editor.run(Command::Slot(SlotCommand::CloseShape));
            }
            if ui.button("Cancel shape").clicked() {
                editor.run(Command::Slot(SlotCommand::CancelShape));
            }
        });
        if drawing.kind == AttachmentKind::Clipping {
            let end = drawing.end.clone().unwrap_or_default();
            if let Some(chosen) = end_combo(ui, editor, slot, "new clip", &end) {
                editor.run(Command::Slot(SlotCommand::SetDrawingEnd { end: chosen }));
            }
        }
        return;
    }
    let Some((shape, record)) = editor
        .slots()
        .selected_shape()
        .filter(|(s, _)| s.slot == slot)
    else {
        return;
    };
    let (kind, end) = (
        record.kind(),
        record.end().map(str::to_string).unwrap_or_default(),
    );
    ui.horizontal_wrapped(|ui| {
        if kind == AttachmentKind::Point {
            ui.weak(format!("{}: a point", shape.attachment));
        } else {
            ui.weak(format!(
                "editing {}: drag its points, right-click deletes one",
                shape.attachment
            ));
        }
        if ui.small_button("Done").clicked() {
            editor.run(Command::Slot(SlotCommand::SelectShape {
                slot: slot.to_string(),
                attachment: None,
            }));
        }
    });
    if kind == AttachmentKind::Clipping
        && let Some(chosen) = end_combo(ui, editor, slot, &shape.attachment, &end)
    {
        editor.run(Command::Slot(SlotCommand::SetClipEnd {
            slot: slot.to_string(),
            attachment: shape.attachment.clone(),
            end: chosen,
        }));
    }
}

/// "Clips until": the slots in front of `slot`; returns a new choice.
fn end_combo(
    ui: &mut egui::Ui,
    editor: &Editor,
    slot: &str,
    salt: &str,
    current: &str,
) -> Option<String> {
    let mut chosen = current.to_string();
    ui.horizontal_wrapped(|ui| {
        let label = ui.label("Clips until");
        egui::ComboBox::from_id_salt(("clip end", slot, salt))
            .selected_text(current)
            .show_ui(ui, |ui| {
                for name in editor.slots().clip_end_choices(slot) {
                    ui.selectable_value(&mut chosen, name.clone(), name);
                }
            })
            .response
            .labelled_by(label.id);
    });
    (chosen != current).then_some(chosen)
}
