//! The rig's cuts drawn over the view in Weights mode (where they are made and matter): each a
//! red line with a dark edge, numbered at its start as the inspector lists it; and the cut being
//! drawn with the Cut tool, dashed, as the pointer goes.

use eframe::egui::{self, Align2, Color32, FontId, Pos2, Stroke};
use glam::DVec2;

use limber_editor::editor::{Drag, Editor, Mode};

const CUT_COLOUR: Color32 = Color32::from_rgb(255, 70, 60);
const EDGE_COLOUR: Color32 = Color32::from_rgb(40, 0, 0);

/// Draws the cuts (Weights mode only) and the stroke in progress.
pub fn draw(painter: &egui::Painter, editor: &Editor, center: DVec2) {
    if editor.tools().mode() != Mode::Weights {
        return;
    }
    let camera = editor.view().camera();
    let screen = |p: DVec2| {
        let s = camera.to_screen(p, center);
        Pos2::new(s.x as f32, s.y as f32)
    };
    for (index, cut) in editor.document().project.rig.cuts.iter().enumerate() {
        let points: Vec<Pos2> = cut.points.iter().map(|&p| screen(p.into())).collect();
        painter.add(egui::Shape::line(
            points.clone(),
            Stroke::new(4.0, EDGE_COLOUR),
        ));
        painter.add(egui::Shape::line(
            points.clone(),
            Stroke::new(2.0, CUT_COLOUR),
        ));
        if let Some(&start) = points.first() {
            painter.text(
                start + egui::vec2(4.0, -4.0),
                Align2::LEFT_BOTTOM,
                format!("cut {}", index + 1),
                FontId::proportional(12.0),
                CUT_COLOUR,
            );
        }
    }
    if let Some(Drag::Cut(drawing)) = editor.tools().drag() {
        let points: Vec<Pos2> = drawing.points.iter().map(|&p| screen(p)).collect();
        let stroke = Stroke::new(2.0, CUT_COLOUR);
        painter.extend(egui::Shape::dashed_line(&points, stroke, 6.0, 4.0));
    }
}
