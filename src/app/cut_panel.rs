//! The inspector's Cuts section (Weights mode): the Cut tool's toggle, how to draw a cut, and the
//! rig's cuts, each with a Delete button. Every button runs a command.

use eframe::egui;

use limber_editor::actions::mesh::MeshCommand;
use limber_editor::commands::Command;
use limber_editor::editor::Editor;

/// Draws the section; its buttons run [`Command::ToggleCutTool`] and [`MeshCommand::DeleteCut`].
pub fn cut_section(ui: &mut egui::Ui, editor: &mut Editor) {
    ui.separator();
    ui.heading("Cuts");
    let on = editor.tools().cutting();
    if ui
        .selectable_label(on, "Cut tool (C)")
        .on_hover_text("drag where two limbs touch in the drawing")
        .clicked()
    {
        editor.run(Command::ToggleCutTool);
    }
    ui.add(
        egui::Label::new(
            "Where limbs touch in the drawing (a hand on the hip, legs together), drag a line \
             along the contact: weights do not reach across it.",
        )
        .wrap(),
    );
    let cuts: Vec<usize> = editor
        .document()
        .project
        .rig
        .cuts
        .iter()
        .map(|c| c.points.len())
        .collect();
    let mut delete = None;
    for (index, points) in cuts.iter().enumerate() {
        ui.horizontal(|ui| {
            ui.label(format!("cut {} ({points} points)", index + 1));
            if ui.button(format!("Delete cut {}", index + 1)).clicked() {
                delete = Some(index);
            }
        });
    }
    if let Some(cut) = delete {
        editor.run(Command::Mesh(MeshCommand::DeleteCut { cut }));
    }
}
