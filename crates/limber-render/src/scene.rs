//! A whole project on the GPU: every part uploaded once, then drawn at any [`Frame`] — palettes,
//! deform offsets and draw order from the frame, back to front.

use std::path::Path;

use glam::DVec2;

use super::context::GpuContext;
use super::error::RenderError;
use super::gpu_part::GpuPart;
use super::offscreen::{OffscreenTarget, PremultipliedImage};
use super::overlay::PartStyle;
use super::renderer::{Layers, Renderer};
use super::view::ViewTransform;
use limber_core::frame::Frame;
use limber_core::image_io::load_png;
use limber_core::project::Project;

/// The GPU side of a project: one [`GpuPart`] per part, in the project's order.
pub struct ProjectScene {
    pub parts: Vec<GpuPart>,
}

impl ProjectScene {
    /// Uploads every part of `project` (saved at `project_path`, which its image paths are relative
    /// to).
    pub fn upload(
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        renderer: &Renderer,
        project: &Project,
        project_path: &Path,
    ) -> Result<Self, RenderError> {
        let bone_count = project.rig.skeleton.bones.len();
        let mut parts = Vec::with_capacity(project.parts.len());
        for (i, part) in project.parts.iter().enumerate() {
            let path = project.image_path(project_path, i);
            let image = load_png(&path).map_err(|e| RenderError::Image {
                path: path.display().to_string(),
                problem: e.to_string(),
            })?;
            parts.push(GpuPart::upload(
                device,
                queue,
                &renderer.pipelines,
                &part.name,
                &part.mesh,
                &part.binding,
                &image,
                bone_count,
            )?);
        }
        Ok(Self { parts })
    }

    /// The canvas that holds every part's image in image space: from (0, 0) to the largest width
    /// and height.
    pub fn canvas_size(&self) -> [u32; 2] {
        self.parts.iter().fold([1, 1], |[w, h], p| {
            [w.max(p.image_size[0]), h.max(p.image_size[1])]
        })
    }

    /// Sets every part's palette, deform offsets and uniforms for `frame` seen through `view`.
    pub fn apply(
        &self,
        queue: &wgpu::Queue,
        frame: &Frame,
        view: &ViewTransform,
        style: &PartStyle,
    ) {
        for state in &frame.parts {
            if let Some(part) = self.parts.get(state.part) {
                part.set_palette(queue, &frame.palette);
                part.set_deformed_rest(queue, &state.rest);
                part.set_style(queue, view, style);
            }
        }
    }

    /// Sets the onion skins' palettes from the frames before and after (0 earlier, 1 later).
    pub fn apply_onion(&self, queue: &wgpu::Queue, which: usize, frame: &Frame) {
        for part in &self.parts {
            part.set_onion_palette(queue, which, &frame.palette);
        }
    }

    /// Draws the visible parts of `frame` back to front.
    pub fn draw(
        &self,
        pass: &mut wgpu::RenderPass<'_>,
        renderer: &Renderer,
        frame: &Frame,
        layers: Layers,
    ) {
        let order: Vec<&GpuPart> = frame
            .draw_sequence()
            .iter()
            .filter_map(|state| self.parts.get(state.part))
            .collect();
        renderer.draw_parts(pass, &order, layers);
    }

    /// Renders `frame` into `target`, which shows the canvas (image space from (0, 0)) scaled to the
    /// target's size, over `background` (premultiplied, 0–1).
    pub fn render_frame(
        &self,
        gpu: &GpuContext,
        renderer: &Renderer,
        target: &OffscreenTarget,
        frame: &Frame,
        style: &PartStyle,
        background: [f64; 4],
    ) -> Result<PremultipliedImage, RenderError> {
        let [w, h] = self.canvas_size();
        let view = ViewTransform::image_rect(DVec2::ZERO, DVec2::new(f64::from(w), f64::from(h)));
        self.apply(&gpu.queue, frame, &view, style);
        target.render(gpu, background, |pass| {
            self.draw(pass, renderer, frame, Layers::default())
        })
    }
}
