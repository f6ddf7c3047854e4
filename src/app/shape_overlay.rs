//! Bounding-box, clipping and point attachments drawn over the view in every mode, posed like the
//! frame: a box as a green outline, a clipping polygon as a purple one, a point as a small cross
//! with a line along its direction; the shape selected for editing with its points as handles; and
//! the shape being drawn (its points so far, the edge to the pointer, the first point ringed once a
//! click there closes it).

use eframe::egui::{self, Color32, Pos2, Stroke};
use glam::DVec2;

use crate::core::frame::Frame;
use crate::core::slots::AttachmentKind;
use limber_editor::attachment_shapes::{HANDLE_REACH, MIN_POLYGON_POINTS, POINT_AIM, ShapeOverlay};
use limber_editor::editor::{Drag, Editor};
use limber_editor::tools::polygon::ShapeDrag;

const BOX_COLOUR: Color32 = Color32::from_rgb(70, 220, 90);
const CLIP_COLOUR: Color32 = Color32::from_rgb(180, 90, 255);
const POINT_COLOUR: Color32 = Color32::from_rgb(255, 210, 60);

/// A point's cross half-size and direction line length, screen points.
const CROSS: f32 = 6.0;

fn colour(kind: AttachmentKind) -> Color32 {
    match kind {
        AttachmentKind::Clipping => CLIP_COLOUR,
        AttachmentKind::Point => POINT_COLOUR,
        AttachmentKind::BoundingBox | AttachmentKind::Mesh => BOX_COLOUR,
    }
}

/// Draws the shapes of `frame` and the drawing in progress; `hover` is the pointer (screen).
pub fn draw(
    painter: &egui::Painter,
    editor: &Editor,
    frame: &Frame,
    center: DVec2,
    hover: Option<Pos2>,
) {
    let camera = editor.view().camera();
    let screen = |p: DVec2| {
        let s = camera.to_screen(p, center);
        Pos2::new(s.x as f32, s.y as f32)
    };
    for overlay in editor.slots().shape_overlays(frame) {
        shape(painter, &overlay, &screen, hover);
    }
    if let Some(Drag::Shape(ShapeDrag::Aim { at, toward })) = editor.tools().drag() {
        let direction = toward.map_or(DVec2::X, |t| t - *at);
        let rotation = (-direction.y).atan2(direction.x).to_degrees();
        point(painter, screen(*at), rotation, POINT_COLOUR, 2.0);
        return;
    }
    let Some(drawing) = editor.slots().drawing() else {
        return;
    };
    let c = colour(drawing.kind);
    let points: Vec<Pos2> = drawing.points.iter().map(|&p| screen(p)).collect();
    painter.add(egui::Shape::line(points.clone(), Stroke::new(2.0, c)));
    if let (Some(last), Some(hover)) = (points.last(), hover) {
        painter.extend(egui::Shape::dashed_line(
            &[*last, hover],
            Stroke::new(1.5, c),
            6.0,
            4.0,
        ));
    }
    for (i, p) in points.iter().enumerate() {
        painter.circle_filled(*p, 3.5, c);
        if i == 0 && points.len() >= MIN_POLYGON_POINTS {
            // A click here closes the polygon.
            painter.circle_stroke(*p, HANDLE_REACH as f32, Stroke::new(1.5, Color32::WHITE));
        }
    }
}

/// One attachment's outline (or cross), with handles when selected.
fn shape(
    painter: &egui::Painter,
    overlay: &ShapeOverlay,
    screen: &impl Fn(DVec2) -> Pos2,
    hover: Option<Pos2>,
) {
    let c = colour(overlay.kind);
    let width = if overlay.selected { 2.5 } else { 1.5 };
    let points: Vec<Pos2> = overlay.points.iter().map(|&p| screen(p)).collect();
    if overlay.kind == AttachmentKind::Point {
        if let Some(&at) = points.first() {
            let tip = point(painter, at, overlay.rotation, c, width);
            if overlay.selected {
                // Its handles: the position and the aim.
                for p in [at, tip] {
                    let near = hover.is_some_and(|h| h.distance(p) <= HANDLE_REACH as f32);
                    let radius = if near { 5.5 } else { 4.0 };
                    painter.circle(p, radius, c, Stroke::new(1.0, Color32::WHITE));
                }
            }
        }
        return;
    }
    painter.add(egui::Shape::closed_line(
        points.clone(),
        Stroke::new(width, c),
    ));
    if overlay.selected {
        for p in points {
            let near = hover.is_some_and(|h| h.distance(p) <= HANDLE_REACH as f32);
            let radius = if near { 5.5 } else { 4.0 };
            painter.circle(p, radius, c, Stroke::new(1.0, Color32::WHITE));
        }
    }
}

/// A point attachment: a cross at `at` and a line along `rotation` (degrees counter-clockwise);
/// returns the line's tip.
fn point(painter: &egui::Painter, at: Pos2, rotation: f64, c: Color32, width: f32) -> Pos2 {
    let stroke = Stroke::new(width, c);
    painter.line_segment(
        [at - egui::vec2(CROSS, 0.0), at + egui::vec2(CROSS, 0.0)],
        stroke,
    );
    painter.line_segment(
        [at - egui::vec2(0.0, CROSS), at + egui::vec2(0.0, CROSS)],
        stroke,
    );
    let angle = rotation.to_radians();
    let direction = egui::vec2(angle.cos() as f32, -(angle.sin() as f32));
    let tip = at + direction * POINT_AIM as f32;
    painter.line_segment([at, tip], stroke);
    painter.circle_filled(tip, 2.5, c);
    tip
}
