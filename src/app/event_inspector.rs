//! The inspector's selected event (Animate mode, after a flag on the event row is clicked): its
//! name, time and optional int, float and string, and Delete. Typed text and numbers apply when the
//! field is left or Enter is pressed (one undo step, not one per key); a drag of a number field is
//! one undo step (`drag_edit`), as is every other change.

use crate::app::number_field::number_field;
use eframe::egui;

use super::commit_field::{commit_field, commit_text};

use super::drag_edit::{drag_edit, drag_edit_group};
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
            .add(number_field(&mut time).speed(0.01).suffix(" s"))
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
    let mut numbers = Vec::new();
    ui.horizontal(|ui| {
        toggle(ui, "int", &mut changed.int, 0);
        if let Some(v) = changed.int.as_mut() {
            numbers.push(ui.add(number_field(v)).accessible_name("Event int"));
        }
    });
    ui.horizontal(|ui| {
        toggle(ui, "float", &mut changed.float, 0.0);
        if let Some(v) = changed.float.as_mut() {
            numbers.push(
                ui.add(number_field(v).speed(0.01))
                    .accessible_name("Event float"),
            );
        }
    });
    ui.horizontal(|ui| {
        toggle(ui, "string", &mut changed.string, String::new());
        if let Some(v) = changed.string.as_mut()
            && let Some(typed) = commit_text(ui, ("event string", index), "Event string", v, None)
        {
            *v = typed;
        }
    });
    let dragging = numbers.iter().any(|r| r.dragged() || r.drag_stopped());
    if dragging {
        // A number field's drag: one step for the whole drag.
        let id = ui.make_persistent_id(("event payload drag", index));
        drag_edit_group(ui, editor, id, &numbers, |editor| {
            let event = editor.selection().event().unwrap_or(index);
            editor.run(Command::Event(EventCommand::Set {
                event,
                record: changed,
            }));
        });
    } else if changed != event {
        editor.run(Command::Event(EventCommand::Set {
            event: index,
            record: changed,
        }));
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
