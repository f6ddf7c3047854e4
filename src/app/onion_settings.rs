//! The inspector's onion-skin settings (Animate mode, while onion skin is on): ghosts before and
//! after the playhead (0–3 each), their spacing (frames when the clip has a frame rate, else
//! seconds), their colours and opacity. They are the editor's view settings, not the project's, so
//! changing them is no undo step.

use crate::app::number_field::number_field;
use eframe::egui;
use limber_editor::commands::{Command, ViewCommand};

use limber_editor::editor::Editor;
use limber_editor::onion::MAX_ONION_SIDE;

/// The onion-skin section.
pub fn onion_section(ui: &mut egui::Ui, editor: &mut Editor) {
    ui.separator();
    ui.heading("Onion skin");
    let has_fps = editor.current_clip().and_then(|c| c.fps).is_some();
    let before = *editor.view().onion();
    let mut settings = before;
    egui::Grid::new("onion settings").show(ui, |ui| {
        ui.label("before");
        ui.add(number_field(&mut settings.before).range(0..=MAX_ONION_SIDE));
        ui.color_edit_button_rgb(&mut settings.before_colour);
        ui.end_row();
        ui.label("after");
        ui.add(number_field(&mut settings.after).range(0..=MAX_ONION_SIDE));
        ui.color_edit_button_rgb(&mut settings.after_colour);
        ui.end_row();
        ui.label("spacing");
        if has_fps {
            ui.add(
                number_field(&mut settings.spacing_frames)
                    .range(1..=60)
                    .suffix(" frames"),
            );
        } else {
            ui.add(
                number_field(&mut settings.spacing_seconds)
                    .range(0.01..=2.0)
                    .speed(0.01)
                    .suffix(" s"),
            );
        }
        ui.end_row();
    });
    ui.add(egui::Slider::new(&mut settings.opacity, 0.05..=1.0).text("opacity"));
    if settings != before {
        editor.run(Command::View(ViewCommand::SetOnion(settings)));
    }
}
