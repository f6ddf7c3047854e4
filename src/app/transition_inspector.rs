//! The inspector's transition preview (Animate mode): the clip to blend into after the current
//! one, the crossfade's length, and Preview / Stop — the view then plays the transition exactly as
//! `limber render --then CLIP --crossfade S` renders it.

use crate::app::number_field::number_field;
use eframe::egui;

use limber_editor::commands::{ClipCommand, Command};
use limber_editor::editor::Editor;

/// The transition section.
pub fn transition_section(ui: &mut egui::Ui, editor: &mut Editor) {
    let clips: Vec<(usize, String)> = editor
        .document()
        .project
        .rig
        .clips
        .iter()
        .enumerate()
        .map(|(i, c)| (i, c.name.clone()))
        .collect();
    if clips.len() < 2 {
        return;
    }
    ui.separator();
    ui.heading("Transition");
    let preview = *editor.playback().transition();
    let (mut to, mut crossfade) = (preview.to, preview.crossfade);
    ui.horizontal(|ui| {
        let label = ui.label("then");
        let shown = editor
            .playback()
            .transition()
            .to
            .and_then(|t| clips.get(t))
            .map_or("(pick a clip)".to_string(), |(_, n)| n.clone());
        egui::ComboBox::from_id_salt("transition to")
            .selected_text(shown)
            .show_ui(ui, |ui| {
                for (i, name) in &clips {
                    ui.selectable_value(&mut to, Some(*i), name);
                }
            })
            .response
            .labelled_by(label.id);
    });
    ui.horizontal(|ui| {
        let label = ui.label("crossfade");
        ui.add(
            number_field(&mut crossfade)
                .range(0.0..=60.0)
                .speed(0.01)
                .suffix(" s"),
        )
        .labelled_by(label.id);
    });
    if (to, crossfade) != (preview.to, preview.crossfade) {
        editor.run(Command::Clip(ClipCommand::SetTransition { to, crossfade }));
    }
    ui.horizontal(|ui| {
        let can = editor.can_run(&Command::PreviewTransition);
        if ui
            .add_enabled(can, egui::Button::new("Preview transition"))
            .clicked()
        {
            editor.run(Command::PreviewTransition);
        }
        if let Some(at) = editor.playback().transition().at {
            ui.label(format!("{at:.2} s"));
            if ui.button("Stop").clicked() {
                editor.run(Command::Clip(ClipCommand::StopTransitionPreview));
            }
        }
    });
}
