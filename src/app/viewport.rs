//! The central viewport: checkerboard, the GPU-drawn project (through [`super::gpu_bridge`]), and
//! the interactions — pan (middle drag, or Space + drag), zoom at the cursor (wheel), select a bone
//! (click), rotate it (Animate), draw a new bone (Bones), add / move / select mesh vertices (Mesh),
//! key vertex offsets (Deform).

use std::sync::Arc;

use eframe::egui::{self, Color32, PointerButton, Pos2, Rect, Sense, Stroke};
use eframe::egui_wgpu;
use glam::DVec2;

use super::editor::{Drag, Editor, Mode};
use super::gpu_bridge::ViewportCallback;
use crate::render::bone_shapes::bone_triangles;
use crate::render::renderer::Layers;
use crate::render::{PartStyle, ViewTransform, WeightView};

fn dvec(p: Pos2) -> DVec2 {
    DVec2::new(f64::from(p.x), f64::from(p.y))
}

fn pos(v: DVec2) -> Pos2 {
    Pos2::new(v.x as f32, v.y as f32)
}

/// Shows the viewport filling `ui`. `gpu` says whether the wgpu renderer is there; without it the
/// posed mesh is drawn as a wireframe with egui's painter.
/// The 2 × 2 grey checker the viewport repeats behind the sprite (made once by the window).
pub fn checker_texture(ctx: &egui::Context) -> egui::TextureHandle {
    let (a, b) = (Color32::from_gray(150), Color32::from_gray(110));
    let image = egui::ColorImage::new([2, 2], vec![a, b, b, a]);
    let options = egui::TextureOptions {
        wrap_mode: egui::TextureWrapMode::Repeat,
        ..egui::TextureOptions::NEAREST
    };
    ctx.load_texture("checker", image, options)
}

pub fn show(
    ui: &mut egui::Ui,
    editor: &mut Editor,
    checker: Option<&egui::TextureHandle>,
    gpu: bool,
) {
    let rect = ui.available_rect_before_wrap();
    let response = ui.allocate_rect(rect, Sense::click_and_drag());
    let center = dvec(rect.center());
    editor.viewport_center = center;
    if editor.fit_requested {
        editor.fit(DVec2::new(
            f64::from(rect.width()),
            f64::from(rect.height()),
        ));
    }
    let painter = ui.painter_at(rect);
    if let Some(checker) = checker {
        let uv = Rect::from_min_max(
            Pos2::ZERO,
            Pos2::new(rect.width() / 16.0, rect.height() / 16.0),
        );
        painter.image(checker.id(), rect, uv, Color32::WHITE);
    } else {
        painter.rect_filled(rect, 0.0, Color32::from_gray(60));
    }

    // Input acts on what was on screen; the picture shows the result.
    if let Some(before) = editor.frame() {
        handle_input(ui, editor, &response, rect, &before.palette);
    }
    let Some(frame) = editor.frame() else {
        return;
    };
    let frame = Arc::new(frame);

    let camera = editor.camera;
    let top_left = camera.to_image(dvec(rect.min), center);
    let size = DVec2::new(f64::from(rect.width()), f64::from(rect.height())) / camera.zoom;
    let view = ViewTransform::image_rect(top_left, size);
    let pixel = 1.0 / camera.zoom;
    let weights = match (
        editor.overlays.weights || editor.mode == Mode::Weights,
        editor.selected_bone,
    ) {
        (false, _) => WeightView::None,
        (true, Some(bone)) => WeightView::Bone(bone as u32),
        (true, None) => WeightView::AllBones,
    };
    let layers = Layers {
        sprite: true,
        weights: weights != WeightView::None,
        wireframe: editor.overlays.wireframe || editor.mode == Mode::Mesh,
        onion: false,
    };
    let onion = editor.onion_frames().map(|frames| frames.map(Arc::new));
    let layers = Layers {
        onion: onion.is_some(),
        ..layers
    };
    let shapes = if editor.overlays.bones {
        bone_triangles(
            &editor.document.project.rig.skeleton,
            &frame.palette,
            editor.selected_bone,
            pixel,
        )
    } else {
        Vec::new()
    };
    if gpu {
        let callback = ViewportCallback {
            view,
            frame: frame.clone(),
            style: PartStyle {
                mode: editor.skinning,
                weights,
                ..PartStyle::default()
            },
            layers,
            shapes,
            onion,
        };
        painter.add(egui_wgpu::Callback::new_paint_callback(rect, callback));
    } else {
        draw_wireframe(&painter, editor, &frame, center);
    }
    super::vertex_handles::draw(&painter, editor, &frame, center, response.hover_pos());
    // The brush's circle in Weights mode.
    if editor.mode == Mode::Weights
        && let Some(hover) = response.hover_pos()
    {
        let radius = (editor.brush.radius * camera.zoom) as f32;
        painter.circle_stroke(hover, radius, Stroke::new(1.5, Color32::WHITE));
    }
    if let Some(Drag::NewBone { head, tail }) = editor.drag {
        painter.line_segment(
            [
                pos(camera.to_screen(head, center)),
                pos(camera.to_screen(tail, center)),
            ],
            Stroke::new(3.0, Color32::from_rgb(255, 160, 30)),
        );
    }
}

/// The posed mesh edges drawn by egui (no GPU renderer).
fn draw_wireframe(
    painter: &egui::Painter,
    editor: &Editor,
    frame: &crate::core::frame::Frame,
    center: DVec2,
) {
    let camera = editor.camera;
    let stroke = Stroke::new(1.0, Color32::from_rgb(90, 140, 255));
    for state in frame.draw_sequence() {
        let part = &editor.document.project.parts[state.part];
        let posed = crate::core::skinning::skin(
            &state.rest,
            &part.binding,
            &frame.palette,
            editor.skinning,
        );
        for t in &part.mesh.triangles {
            for (a, b) in [(t[0], t[1]), (t[1], t[2]), (t[2], t[0])] {
                let p = |v: u32| pos(camera.to_screen(DVec2::from(posed[v as usize]), center));
                painter.line_segment([p(a), p(b)], stroke);
            }
        }
    }
}

fn handle_input(
    ui: &egui::Ui,
    editor: &mut Editor,
    response: &egui::Response,
    rect: Rect,
    palette: &[glam::DAffine2],
) {
    let center = dvec(rect.center());
    // Zoom at the cursor.
    if response.hovered() {
        let (scroll, zoom) = ui.input(|i| (i.smooth_scroll_delta.y, i.zoom_delta()));
        let factor = f64::from(zoom) * (f64::from(scroll) * 0.002).exp();
        if (factor - 1.0).abs() > 1e-6
            && let Some(hover) = response.hover_pos()
        {
            editor.camera.zoom_at(factor, dvec(hover), center);
        }
    }
    let space_held = ui.input(|i| i.key_down(egui::Key::Space));
    let pointer = response.interact_pointer_pos().map(dvec);
    let image_point = pointer.map(|p| editor.camera.to_image(p, center));

    if response.drag_started() {
        let pan = response.dragged_by(PointerButton::Middle) || space_held;
        // Where the button went down, not where the drag was recognised.
        let pressed = ui
            .input(|i| i.pointer.press_origin())
            .map(|p| editor.camera.to_image(dvec(p), center))
            .or(image_point);
        editor.drag = if pan {
            Some(Drag::Pan)
        } else if let Some(point) = pressed {
            let shift = ui.input(|i| i.modifiers.shift);
            start_drag(editor, palette, point, shift)
        } else {
            None
        };
    }
    if response.dragged() {
        let delta = response.drag_delta();
        match editor.drag {
            Some(Drag::Pan) => {
                editor.camera.center -=
                    DVec2::new(f64::from(delta.x), f64::from(delta.y)) / editor.camera.zoom;
            }
            Some(Drag::Rotate {
                bone,
                pivot,
                start_angle,
                start_degrees,
            }) => {
                if let Some(point) = image_point {
                    let angle = (point - pivot).to_angle();
                    // Image y points down: a growing angle turns clockwise on screen.
                    let degrees = start_degrees - (angle - start_angle).to_degrees();
                    editor.key_rotation(bone, degrees);
                }
            }
            Some(Drag::NewBone { head, .. }) => {
                if let Some(point) = image_point {
                    editor.drag = Some(Drag::NewBone { head, tail: point });
                }
            }
            Some(Drag::Move {
                bone,
                start_point,
                start_translate,
                to_parent,
            }) => {
                if let Some(point) = image_point {
                    let translate = start_translate + to_parent * (point - start_point);
                    editor.key_translation(bone, translate);
                }
            }
            Some(Drag::Paint) => {
                if let Some(point) = image_point {
                    editor.paint(point);
                }
            }
            Some(Drag::MoveVertex {
                part, vertex, grab, ..
            }) => {
                if let Some(point) = image_point {
                    editor.drag = Some(Drag::MoveVertex {
                        part,
                        vertex,
                        grab,
                        to: point - grab,
                    });
                }
            }
            Some(Drag::Deform) => {
                if let Some(point) = image_point {
                    editor.deform_to(point);
                }
            }
            None => {}
        }
    }
    if response.drag_stopped() {
        match editor.drag.take() {
            Some(Drag::Rotate { .. } | Drag::Move { .. } | Drag::Paint) => editor.document.commit(),
            Some(Drag::NewBone { head, tail }) if (tail - head).length() > 1.0 => {
                editor.add_bone(head, tail);
            }
            Some(Drag::MoveVertex {
                part, vertex, to, ..
            }) => {
                editor.move_mesh_vertex(part, vertex, to);
            }
            Some(Drag::Deform) => editor.end_deform(),
            _ => {}
        }
    }
    if response.clicked()
        && let Some(point) = image_point
    {
        let alt = ui.input(|i| i.modifiers.alt);
        if editor.mode == Mode::Mesh {
            editor.mesh_click(point);
        } else if editor.mode == Mode::Weights && alt {
            // Alt + click picks a vertex whose weights the inspector shows as numbers.
            editor.selected_vertex = editor.vertex_at(point, 10.0 / editor.camera.zoom);
        } else if editor.mode == Mode::Weights && editor.selected_bone.is_some() {
            // A click is a one-dab stroke.
            editor.document.begin();
            editor.paint(point);
            editor.document.commit();
        } else {
            let reach = 8.0 / editor.camera.zoom;
            editor.selected_bone = editor.bone_at(palette, point, reach);
        }
    }
}

fn start_drag(
    editor: &mut Editor,
    palette: &[glam::DAffine2],
    point: DVec2,
    shift: bool,
) -> Option<Drag> {
    let reach = 8.0 / editor.camera.zoom;
    match editor.mode {
        Mode::Animate if editor.deform.on => editor.begin_deform(point),
        Mode::Animate if shift => {
            let bone = editor
                .bone_at(palette, point, reach)
                .or(editor.selected_bone)?;
            editor.selected_bone = Some(bone);
            let frame = editor.frame()?;
            let parent = editor.document.project.rig.skeleton.bones[bone].parent;
            let to_parent = parent
                .and_then(|p| frame.world.get(p))
                .map_or(glam::DMat2::IDENTITY, |w| w.matrix2.inverse());
            editor.document.begin();
            Some(Drag::Move {
                bone,
                start_point: point,
                start_translate: editor.keyed_translation(bone),
                to_parent,
            })
        }
        Mode::Animate => {
            let bone = editor
                .bone_at(palette, point, reach)
                .or(editor.selected_bone)?;
            editor.selected_bone = Some(bone);
            let head = editor.document.project.rig.skeleton.bones[bone].head();
            let pivot = palette.get(bone).map_or(head, |m| m.transform_point2(head));
            editor.document.begin();
            Some(Drag::Rotate {
                bone,
                pivot,
                start_angle: (point - pivot).to_angle(),
                start_degrees: editor.keyed_rotation(bone),
            })
        }
        Mode::Bones => {
            let head = editor
                .selected_bone
                .and_then(|b| editor.document.project.rig.skeleton.bones.get(b))
                .map_or(point, |b| b.tail());
            Some(Drag::NewBone { head, tail: point })
        }
        Mode::Mesh => editor.start_vertex_drag(point),
        Mode::Weights => {
            editor.selected_bone?;
            editor.document.begin();
            editor.paint(point);
            Some(Drag::Paint)
        }
    }
}
