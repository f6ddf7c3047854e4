//! The vertex handles drawn over the viewport: in Mesh mode every rest vertex (the selected one
//! highlighted, a dragged one previewed with its edges); in Deform mode every posed vertex and the
//! tool's radius around the pointer. The dots shrink as the vertices crowd together on screen
//! (`limber_editor::mesh_density::dot_radius`).

use eframe::egui::{Color32, Painter, Pos2, Stroke};
use glam::DVec2;

use crate::core::frame::Frame;
use limber_editor::editor::{Drag, Editor, Mode};
use limber_editor::mesh_density::mesh_dot_radius;
use limber_editor::tools::vertex::VertexDrag;

fn pos(v: DVec2) -> Pos2 {
    Pos2::new(v.x as f32, v.y as f32)
}

const HANDLE: Color32 = Color32::from_rgb(235, 235, 235);
const SELECTED: Color32 = Color32::from_rgb(255, 160, 30);

/// Draws the handles for the current mode (nothing outside Mesh and Deform).
pub fn draw(painter: &Painter, editor: &Editor, frame: &Frame, center: DVec2, hover: Option<Pos2>) {
    let camera = editor.view().camera();
    let screen = |p: [f64; 2]| pos(camera.to_screen(DVec2::from(p), center));
    if editor.tools().mode() == Mode::Mesh {
        for (index, part) in editor.document().project.parts.iter().enumerate() {
            // Dots sized to how far apart the vertices are on screen: a dense mesh stays readable.
            let dot = mesh_dot_radius(&part.mesh, camera.zoom);
            for (v, p) in part.mesh.positions.iter().enumerate() {
                let selected = editor.selection().vertex() == Some((index, v));
                let (radius, colour) = if selected {
                    (4.5, SELECTED)
                } else {
                    (dot, HANDLE)
                };
                painter.circle_filled(screen(*p), radius, colour);
            }
        }
        if let Some(&Drag::MoveVertex(VertexDrag {
            part, vertex, to, ..
        })) = editor.tools().drag()
            && let Some(mesh) = editor.document().project.parts.get(part).map(|p| &p.mesh)
        {
            let target = pos(camera.to_screen(to, center));
            let stroke = Stroke::new(1.5, SELECTED);
            for t in mesh
                .triangles
                .iter()
                .filter(|t| t.contains(&(vertex as u32)))
            {
                for &other in t.iter().filter(|&&o| o as usize != vertex) {
                    if let Some(p) = mesh.positions.get(other as usize) {
                        painter.line_segment([target, screen(*p)], stroke);
                    }
                }
            }
            painter.circle_filled(target, 4.5, SELECTED);
        }
    } else if editor.tools().deforming() {
        let parts = &editor.document().project.parts;
        let skinning = editor.view().skinning();
        for (part, posed) in limber_editor::deform::posed_vertices(parts, frame, skinning) {
            let dot = editor
                .document()
                .project
                .parts
                .get(part)
                .map_or(2.0, |p| mesh_dot_radius(&p.mesh, camera.zoom).min(2.0));
            for p in posed {
                painter.circle_filled(screen(p), dot, HANDLE);
            }
        }
        if let Some(hover) = hover {
            let radius = (editor.tools().deform().radius * camera.zoom) as f32;
            painter.circle_stroke(hover, radius, Stroke::new(1.5, SELECTED));
        }
    }
}
