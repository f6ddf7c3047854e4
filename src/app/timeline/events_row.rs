//! The dopesheet's event row, under the ruler: a flag per event of the clip at its time, with its
//! name. "+ event" adds one at the playhead; click a flag to select it (the inspector edits its name,
//! time and payload), drag it to move it in time (snapped like keys; one undo step, Esc cancels),
//! right-click it to delete it.

use eframe::egui::{self, Color32, Pos2, Rect, Sense, Shape, Stroke, Vec2};

use super::super::drag_edit::drag_edit;
use super::Mapping;
use super::rows::{NAME_WIDTH, ROW};
use limber_editor::commands::{Command, EventCommand};
use limber_editor::editor::Editor;

const FLAG: Color32 = Color32::from_rgb(150, 170, 255);
const SELECTED_FLAG: Color32 = Color32::from_rgb(255, 120, 40);

fn positions_id() -> egui::Id {
    egui::Id::unique("limber event flags")
}

/// Screen position (points) of event `index`'s flag as last drawn (tests drag with it).
pub fn event_position(ctx: &egui::Context, index: usize) -> Option<Pos2> {
    ctx.data(|d| d.get_temp::<Vec<Pos2>>(positions_id()))?
        .get(index)
        .copied()
}

/// Draws the row and handles its input.
pub fn show(ui: &mut egui::Ui, editor: &mut Editor, map: &Mapping) {
    let width = ui.available_width();
    let (rect, _) = ui.allocate_exact_size(Vec2::new(width, ROW), Sense::hover());
    let header = Rect::from_min_size(rect.min, Vec2::new(NAME_WIDTH, ROW));
    ui.put(
        Rect::from_min_size(header.min + Vec2::new(4.0, 1.0), Vec2::new(48.0, ROW - 2.0)),
        egui::Label::new("Events"),
    );
    let add = ui
        .put(
            Rect::from_min_size(
                Pos2::new(header.left() + 54.0, header.top() + 1.0),
                Vec2::new(header.width() - 58.0, ROW - 2.0),
            ),
            egui::Button::new("+ event").small(),
        )
        .on_hover_text("add an event (a footstep, a sound, a hit) at the playhead");
    if add.clicked() {
        editor.run(Command::AddEvent);
    }
    let painter = ui.painter_at(rect);
    let events = editor.events().all().to_vec();
    let mut positions = Vec::with_capacity(events.len());
    for (index, event) in events.iter().enumerate() {
        let x = map.x_of(event.time);
        let centre = Pos2::new(x, rect.center().y);
        positions.push(centre);
        let selected = editor.selection().event() == Some(index);
        let fill = if selected { SELECTED_FLAG } else { FLAG };
        let top = Pos2::new(x, rect.top() + 3.0);
        painter.line_segment(
            [top, Pos2::new(x, rect.bottom() - 2.0)],
            Stroke::new(1.5, fill),
        );
        painter.add(Shape::convex_polygon(
            vec![
                top,
                Pos2::new(x + 8.0, top.y + 4.0),
                Pos2::new(x, top.y + 8.0),
            ],
            fill,
            Stroke::NONE,
        ));
        // A flag's label is a glance: at most 40 characters are laid out, however long the name.
        let label: String = event.name.chars().take(40).collect();
        painter.text(
            Pos2::new(x + 10.0, rect.center().y),
            egui::Align2::LEFT_CENTER,
            label,
            egui::FontId::proportional(11.0),
            Color32::from_gray(200),
        );
        let hit = Rect::from_center_size(centre, Vec2::new(12.0, ROW));
        let mut response = ui
            .interact(
                hit,
                ui.scope_id().with(("event flag", index)),
                Sense::click_and_drag(),
            )
            .on_hover_text(describe(event));
        // The flag is no widget with a value: a drag that moves it counts as a change.
        if response.dragged() && response.drag_delta() != Vec2::ZERO {
            response.mark_changed();
        }
        if response.clicked() || response.drag_started() {
            editor.run(Command::Event(EventCommand::Select { event: Some(index) }));
        }
        if response.secondary_clicked() {
            editor.run(Command::Event(EventCommand::Delete { event: index }));
            break;
        }
        let pointer = response.interact_pointer_pos();
        drag_edit(ui, editor, &response, |editor| {
            if let Some(p) = pointer {
                // The dragged event may have changed places among the others: the selection
                // follows it.
                let moving = editor.selection().event().unwrap_or(index);
                let time = editor.animation().snap_time(map.t_of(p.x));
                editor.run(Command::Event(EventCommand::Move {
                    event: moving,
                    time,
                }));
            }
        });
    }
    ui.ctx()
        .data_mut(|d| d.insert_temp(positions_id(), positions));
}

/// An event's name, time and payload in words.
pub fn describe(event: &crate::core::animation::EventRecord) -> String {
    let mut text = format!("{} at {:.3} s", event.name, event.time);
    if let Some(i) = event.int {
        text += &format!(", int {i}");
    }
    if let Some(f) = event.float {
        text += &format!(", float {f}");
    }
    if let Some(s) = &event.string {
        text += &format!(", string \"{s}\"");
    }
    text
}
