//! The inspector's transition preview (Animate mode): the clip to blend into after the current
//! one, the crossfade's length, and Preview / Stop — the view then plays the transition exactly as
//! `limber render --then CLIP --crossfade S` renders it.

use eframe::egui;

use super::commands::Command;
use super::editor::Editor;

/// The transition section.
pub fn transition_section(ui: &mut egui::Ui, editor: &mut Editor) {
    let clips: Vec<(usize, String)> = editor
        .document
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
    ui.horizontal(|ui| {
        let label = ui.label("then");
        let shown = editor
            .transition
            .to
            .and_then(|t| clips.get(t))
            .map_or("(pick a clip)".to_string(), |(_, n)| n.clone());
        egui::ComboBox::from_id_salt("transition to")
            .selected_text(shown)
            .show_ui(ui, |ui| {
                for (i, name) in &clips {
                    ui.selectable_value(&mut editor.transition.to, Some(*i), name);
                }
            })
            .response
            .labelled_by(label.id);
    });
    ui.horizontal(|ui| {
        let label = ui.label("crossfade");
        ui.add(
            egui::DragValue::new(&mut editor.transition.crossfade)
                .range(0.0..=60.0)
                .speed(0.01)
                .suffix(" s"),
        )
        .labelled_by(label.id);
    });
    ui.horizontal(|ui| {
        let can = editor.can_run(Command::PreviewTransition);
        if ui
            .add_enabled(can, egui::Button::new("Preview transition"))
            .clicked()
        {
            editor.run_command(Command::PreviewTransition);
        }
        if let Some(at) = editor.transition.at {
            ui.label(format!("{at:.2} s"));
            if ui.button("Stop").clicked() {
                editor.stop_transition_preview();
            }
        }
    });
}
