//! The central viewport: checkerboard, the GPU-drawn project (through [`super::gpu_bridge`]), and
//! the input — pan (middle drag, or Space + drag) and zoom at the cursor (wheel) here; presses,
//! drags, clicks and Esc in image coordinates go to the mode's tool ([`limber_editor::tools`]): select a
//! bone (click), pose it (Animate), draw a new bone or drag the selected one's head, tail or body
//! (Bones, with its handles drawn by `bone_handles.rs`), paint weights (Weights), add / move /
//! select mesh vertices (Mesh), key vertex offsets (Deform); in every mode, draw a bounding-box,
//! clipping or point attachment and drag or right-click delete a selected polygon's points
//! (`shape_overlay.rs` draws them).

use std::sync::Arc;

use eframe::egui::{self, Color32, PointerButton, Pos2, Rect, Sense, Stroke};
use eframe::egui_wgpu;
use glam::{DAffine2, DVec2};

use super::gpu_bridge::ViewportCallback;
pub use crate::render::bone_shapes::SELECTED as SELECTED_BONE;
use crate::render::bone_shapes::bone_triangles;
use crate::render::gpu_types::GpuShapeVertex;
use crate::render::renderer::Layers;
use crate::render::{PartStyle, ViewTransform, WeightView};
use limber_editor::commands::{Command, SlotCommand, ViewCommand};
use limber_editor::editor::{Drag, Editor, Mode};
use limber_editor::tools::Press;
use limber_editor::tools::bone::BoneDrag;

fn dvec(p: Pos2) -> DVec2 {
    DVec2::new(f64::from(p.x), f64::from(p.y))
}

fn pos(v: DVec2) -> Pos2 {
    Pos2::new(v.x as f32, v.y as f32)
}

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

/// The bone overlay's triangles for the skeleton posed by `palette` (six vertices per bone, in bone
/// order), every selected bone in [`SELECTED_BONE`]; empty when the bones overlay is off. `pixel` is
/// one screen pixel in image pixels.
pub fn bone_overlay(editor: &Editor, palette: &[DAffine2], pixel: f64) -> Vec<GpuShapeVertex> {
    if !editor.view().overlays().bones {
        return Vec::new();
    }
    bone_triangles(
        &editor.document().project.rig.skeleton,
        palette,
        editor.selection().bones(),
        pixel,
    )
}

/// Shows the viewport filling `ui`. `gpu` says whether the wgpu renderer is there; without it the
/// posed mesh is drawn as a wireframe with egui's painter.
pub fn show(
    ui: &mut egui::Ui,
    editor: &mut Editor,
    checker: Option<&egui::TextureHandle>,
    gpu: bool,
) {
    let rect = ui.available_rect_before_wrap();
    let response = ui.allocate_rect(rect, Sense::click_and_drag());
    let center = dvec(rect.center());
    editor.run(Command::View(ViewCommand::SetViewportCenter(center)));
    if editor.view().fit_requested() {
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
    handle_input(ui, editor, &response, rect);
    let Some(frame) = editor.frame() else {
        return;
    };
    let frame = Arc::new(frame);

    let camera = editor.view().camera();
    let top_left = camera.to_image(dvec(rect.min), center);
    let size = DVec2::new(f64::from(rect.width()), f64::from(rect.height())) / camera.zoom;
    let view = ViewTransform::image_rect(top_left, size);
    let pixel = 1.0 / camera.zoom;
    let weights = match (
        editor.view().overlays().weights || editor.tools().mode() == Mode::Weights,
        editor.selection().bone(),
    ) {
        (false, _) => WeightView::None,
        (true, Some(bone)) => WeightView::Bone(bone as u32),
        (true, None) => WeightView::AllBones,
    };
    let layers = Layers {
        sprite: true,
        weights: weights != WeightView::None,
        wireframe: editor.view().overlays().wireframe || editor.tools().mode() == Mode::Mesh,
        onion: 0,
    };
    let ghosts = editor.animation().onion_ghosts().unwrap_or_default();
    let mut onion_tints = PartStyle::default().onion_tints;
    for (slot, ghost) in onion_tints.iter_mut().zip(&ghosts) {
        *slot = ghost.tint;
    }
    let onion: Vec<Arc<crate::core::frame::Frame>> = ghosts
        .into_iter()
        .take(onion_tints.len())
        .map(|g| Arc::new(g.frame))
        .collect();
    let layers = Layers {
        onion: onion.len() as u8,
        ..layers
    };
    let shapes = bone_overlay(editor, &frame.palette, pixel);
    if gpu {
        let callback = ViewportCallback {
            view,
            frame: frame.clone(),
            style: PartStyle {
                mode: editor.view().skinning(),
                weights,
                onion_tints,
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
    // The canvas's bounds (the images' rectangle in image space).
    let canvas = editor.canvas();
    painter.rect_stroke(
        Rect::from_two_pos(
            pos(camera.to_screen(DVec2::ZERO, center)),
            pos(camera.to_screen(canvas, center)),
        ),
        0.0,
        Stroke::new(1.0, Color32::from_white_alpha(90)),
        egui::StrokeKind::Outside,
    );
    super::vertex_handles::draw(&painter, editor, &frame, center, response.hover_pos());
    if editor.view().overlays().bones {
        super::rig_overlay::draw(&painter, editor, &frame, center);
    }
    super::bone_handles::draw(&painter, editor, center);
    super::rig_overlay::draw_edited_points(&painter, editor, &frame, center);
    super::shape_overlay::draw(&painter, editor, &frame, center, response.hover_pos());
    super::cut_overlay::draw(&painter, editor, center);
    // The brush's circle in Weights mode (not while the Cut tool is on).
    if editor.tools().mode() == Mode::Weights
        && !editor.tools().cutting()
        && let Some(hover) = response.hover_pos()
    {
        let radius = (editor.tools().brush().radius * camera.zoom) as f32;
        painter.circle_stroke(hover, radius, Stroke::new(1.5, Color32::WHITE));
    }
    if let Some(Drag::NewBone(BoneDrag { head, tail })) = editor.tools().drag() {
        painter.line_segment(
            [
                pos(camera.to_screen(*head, center)),
                pos(camera.to_screen(*tail, center)),
            ],
            Stroke::new(3.0, Color32::from_rgb(255, 160, 30)),
        );
    }
    // The bone rubber band (Ctrl + drag).
    if let Some(Drag::Band(band)) = editor.tools().drag() {
        let corners = [band.start, band.end].map(|p| pos(camera.to_screen(p, center)));
        painter.rect_stroke(
            Rect::from_two_pos(corners[0], corners[1]),
            0.0,
            Stroke::new(1.0, Color32::from_rgb(120, 180, 255)),
            egui::StrokeKind::Inside,
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
    let camera = editor.view().camera();
    let stroke = Stroke::new(1.0, Color32::from_rgb(90, 140, 255));
    for state in frame.draw_sequence() {
        let part = &editor.document().project.parts[state.part];
        let posed = crate::core::skinning::skin(
            &state.rest,
            &part.binding,
            &frame.palette,
            editor.view().skinning(),
        );
        for t in &part.mesh.triangles {
            for (a, b) in [(t[0], t[1]), (t[1], t[2]), (t[2], t[0])] {
                let p = |v: u32| pos(camera.to_screen(DVec2::from(posed[v as usize]), center));
                painter.line_segment([p(a), p(b)], stroke);
            }
        }
    }
}

/// Translates the pointer into image coordinates and hands it to the mode's tool
/// ([`limber_editor::editor::Editor::press`] and the rest); pans and zooms the view itself. Esc during
/// a drag cancels it.
/// Whether a press at `origin` is the view's to act on: inside `rect` and clear of the band along
/// its edges where a panel's resize handle is grabbed. A drag begun on a panel's edge or outside
/// the view is the panel's, and never draws a bone or moves anything in the view.
fn starts_in_view(ui: &egui::Ui, rect: Rect, origin: Pos2) -> bool {
    let grab = ui.style().interaction.resize_grab_radius_side + 1.0;
    rect.shrink(grab).contains(origin)
}

fn handle_input(ui: &egui::Ui, editor: &mut Editor, response: &egui::Response, rect: Rect) {
    let center = dvec(rect.center());
    // Zoom at the cursor.
    if response.hovered() {
        let (scroll, zoom) = ui.input(|i| (i.smooth_scroll_delta.y, i.zoom_delta()));
        let factor = f64::from(zoom) * (f64::from(scroll) * 0.002).exp();
        if (factor - 1.0).abs() > 1e-6
            && let Some(hover) = response.hover_pos()
        {
            editor.zoom_view(factor, dvec(hover));
        }
    }
    let (space_held, modifiers, enter) = ui.input(|i| {
        (
            i.key_down(egui::Key::Space),
            i.modifiers,
            i.key_pressed(egui::Key::Enter),
        )
    });
    let pointer = response.interact_pointer_pos().map(dvec);
    let image_point = pointer.map(|p| editor.view().camera().to_image(p, center));
    let press = |point: DVec2| Press {
        point,
        shift: modifiers.shift,
        alt: modifiers.alt,
        ctrl: modifiers.command,
    };

    if response.drag_started() {
        let origin = ui.input(|i| i.pointer.press_origin());
        if response.dragged_by(PointerButton::Middle) || space_held {
            editor.press_pan();
        } else if let Some(origin) = origin
            && starts_in_view(ui, rect, origin)
        {
            // Where the button went down, not where the drag was recognised.
            let point = editor.view().camera().to_image(dvec(origin), center);
            editor.press(press(point));
        }
    }
    // Esc (a drag, else the shape being drawn) is the `Cancel` command (`shortcuts.rs`).
    if enter && editor.slots().drawing().is_some() && !ui.ctx().text_edit_focused() {
        editor.run(Command::Slot(SlotCommand::CloseShape));
    }
    if response.secondary_clicked()
        && let Some(point) = image_point
    {
        // Deletes the point of the selected shape under the pointer.
        editor.delete_shape_vertex_at(point);
    }
    if response.dragged() {
        if let Some(Drag::Pan) = editor.tools().drag() {
            let delta = response.drag_delta();
            editor.pan_view(DVec2::new(f64::from(delta.x), f64::from(delta.y)));
        } else if let Some(point) = image_point {
            // Shift held while rotating a bone snaps its rotation.
            editor.run(Command::View(ViewCommand::SetDragShift(modifiers.shift)));
            editor.drag_to(point);
        }
    }
    if response.drag_stopped() {
        editor.release();
    }
    if response.clicked()
        && let Some(point) = image_point
    {
        editor.click(press(point));
    }
}
