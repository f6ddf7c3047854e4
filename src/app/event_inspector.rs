//! The inspector's selected event (Animate mode, after a flag on the event row is clicked): its
//! name, time and optional int, float and string, and Delete. Text applies when the field is left
//! or Enter is pressed; a drag of a number field is one undo step (`drag_edit`), as is every other
//! change.

use eframe::egui;

use super::commit_field::commit_field;

use super::drag_edit::drag_edit;
use crate::core::animation::EventRecord;
use limber_editor::commands::{Command, EventCommand};
use limber_editor::editor::Editor;

/// The event section, when an event is selected.
pub fn event_section(ui: &mut egui::Ui, editor: &mut Editor) {
    let Some((index, event)) = editor.events().selected().map(|(i, e)| (i, e.clone())) else {
        return;
    };
    ui.separator();
    ui.heading("Event");
    if let Some(name) = commit_field(ui, ("event name", index), "Event name", &event.name, None) {
        let renamed = EventRecord {
            name,
            ..event.clone()
        };
        editor.run(Command::Event(EventCommand::Set {
            event: index,
            record: renamed,
        }));
    }
    let mut time = event.time;
    ui.horizontal(|ui| {
        let label = ui.label("Event time");
        let field = ui
            .add(egui::DragValue::new(&mut time).speed(0.01).suffix(" s"))
            .labelled_by(label.id);
        drag_edit(ui, editor, &field, |editor| {
            let moving = editor.selection().event().unwrap_or(index);
            editor.run(Command::Event(EventCommand::Move {
                event: moving,
                time,
            }));
        });
    });
    let mut changed = event.clone();
    let mut dragged = None;
    ui.horizontal(|ui| {
        toggle(ui, "int", &mut changed.int, 0);
        if let Some(v) = changed.int.as_mut() {
            dragged = dragged.take().or(Some(ui.add(egui::DragValue::new(v))));
        }
    });
    ui.horizontal(|ui| {
        toggle(ui, "float", &mut changed.float, 0.0);
        if let Some(v) = changed.float.as_mut() {
            dragged = dragged
                .take()
                .or(Some(ui.add(egui::DragValue::new(v).speed(0.01))));
        }
    });
    ui.horizontal(|ui| {
        toggle(ui, "string", &mut changed.string, String::new());
        if let Some(v) = changed.string.as_mut() {
            ui.text_edit_singleline(v);
        }
    });
    let payload_changed = changed != event;
    match dragged.filter(|r| r.dragged() || r.drag_stopped()) {
        // A number field's drag: one step for the whole drag.
        Some(field) => {
            drag_edit(ui, editor, &field, |editor| {
                let event = editor.selection().event().unwrap_or(index);
                editor.run(Command::Event(EventCommand::Set {
                    event,
                    record: changed,
                }));
            });
        }
        None if payload_changed => {
            editor.run(Command::Event(EventCommand::Set {
                event: index,
                record: changed,
            }));
        }
        None => {}
    }
    if ui.button("Delete event").clicked() {
        editor.run(Command::Event(EventCommand::Delete { event: index }));
    }
}

/// A checkbox that gives the event a value of this kind (starting at `empty`) or takes it away.
fn toggle<T>(ui: &mut egui::Ui, name: &str, value: &mut Option<T>, empty: T) {
    let mut on = value.is_some();
    if ui.checkbox(&mut on, name).changed() {
        *value = on.then_some(empty);
    }
}
