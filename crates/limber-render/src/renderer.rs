//! The renderer: pipelines for one target format, and the draws the editor and the exports record
//! into a render pass — parts in the order given, each with its layers, and the bone overlay.

use wgpu::util::DeviceExt;

use limber_core::slots::Blend;

use super::gpu_part::GpuPart;
use super::gpu_types::{GpuShapeVertex, GpuShapeView};
use super::pipelines::{Pipelines, Slot};
use super::view::ViewTransform;

/// Which layers to draw for each part.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Layers {
    pub sprite: bool,
    pub weights: bool,
    pub wireframe: bool,
    /// How many onion skins to draw (slots 0.., each with its palette set by
    /// `GpuPart::set_onion_palette` and its tint in the style), under every part; 0 for none.
    pub onion: u8,
}

impl Default for Layers {
    fn default() -> Self {
        Self {
            sprite: true,
            weights: false,
            wireframe: false,
            onion: 0,
        }
    }
}

/// Flat shapes (the bone overlay) ready to draw: vertices and their view, on the GPU.
pub struct ShapeBatch {
    vertices: wgpu::Buffer,
    count: u32,
    group: wgpu::BindGroup,
}

/// Pipelines and layouts for one target format.
pub struct Renderer {
    pub pipelines: Pipelines,
    pub target_format: wgpu::TextureFormat,
}

impl Renderer {
    pub fn new(device: &wgpu::Device, target_format: wgpu::TextureFormat) -> Self {
        Self {
            pipelines: Pipelines::new(device, target_format),
            target_format,
        }
    }

    /// Draws `parts` back to front in the order given: the onion skins of all parts first, then for
    /// each part its sprite, its weight view and its wireframe (as `layers` says). Palettes and styles must be set beforehand.
    pub fn draw_parts(&self, pass: &mut wgpu::RenderPass<'_>, parts: &[&GpuPart], layers: Layers) {
        let normal: Vec<(&GpuPart, Blend)> = parts.iter().map(|&p| (p, Blend::Normal)).collect();
        self.draw_blended(pass, &normal, layers);
    }

    /// [`Renderer::draw_parts`], each part's sprite composited with its slot's blend mode (onion
    /// skins and overlays blend normally).
    pub fn draw_blended(
        &self,
        pass: &mut wgpu::RenderPass<'_>,
        parts: &[(&GpuPart, Blend)],
        layers: Layers,
    ) {
        if layers.onion > 0 {
            pass.set_pipeline(&self.pipelines.sprite);
            let count = usize::from(layers.onion).min(super::pipelines::MAX_GHOSTS) as u8;
            for slot in (0..count).map(Slot::Ghost) {
                for (part, _) in parts {
                    part.record(pass, slot);
                }
            }
        }
        for &(part, blend) in parts {
            if layers.sprite {
                for pipeline in self.pipelines.sprite_draws(blend) {
                    pass.set_pipeline(pipeline);
                    part.record(pass, Slot::Sprite);
                }
            }
            if layers.weights {
                pass.set_pipeline(&self.pipelines.sprite);
                part.record(pass, Slot::Weights);
            }
            if layers.wireframe {
                pass.set_pipeline(&self.pipelines.wireframe);
                part.record(pass, Slot::Wireframe);
            }
        }
    }

    /// Uploads flat shapes (for example [`super::bone_shapes::bone_triangles`]) seen through `view`.
    pub fn shape_batch(
        &self,
        device: &wgpu::Device,
        vertices: &[GpuShapeVertex],
        view: &ViewTransform,
    ) -> ShapeBatch {
        let uniform = GpuShapeView {
            clip_scale: [view.scale.x as f32, view.scale.y as f32],
            clip_offset: [view.offset.x as f32, view.offset.y as f32],
        };
        let view_buffer = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: Some("shape view"),
            contents: bytemuck::bytes_of(&uniform),
            usage: wgpu::BufferUsages::UNIFORM,
        });
        let placeholder = [GpuShapeVertex {
            position: [0.0; 2],
            color: [0.0; 4],
        }];
        let contents: &[GpuShapeVertex] = if vertices.is_empty() {
            &placeholder
        } else {
            vertices
        };
        let buffer = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
            label: Some("shapes"),
            contents: bytemuck::cast_slice(contents),
            usage: wgpu::BufferUsages::VERTEX,
        });
        let group = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("shape view"),
            layout: &self.pipelines.shape_layout,
            entries: &[wgpu::BindGroupEntry {
                binding: 0,
                resource: view_buffer.as_entire_binding(),
            }],
        });
        ShapeBatch {
            vertices: buffer,
            count: vertices.len() as u32,
            group,
        }
    }

    /// Draws a shape batch into the stencil only: `set` inverts the stencil under it (starting a
    /// clip), otherwise it is zeroed (ending one). The pass must have a stencil attachment.
    pub fn draw_clip(&self, pass: &mut wgpu::RenderPass<'_>, batch: &ShapeBatch, set: bool) {
        if batch.count == 0 {
            return;
        }
        let stencil = &self.pipelines.stenciled;
        pass.set_pipeline(if set {
            &stencil.clip_set
        } else {
            &stencil.clip_clear
        });
        pass.set_bind_group(0, &batch.group, &[]);
        pass.set_vertex_buffer(0, batch.vertices.slice(..));
        pass.draw(0..batch.count, 0..1);
    }

    /// Draws a part's sprite in a pass with a stencil attachment, with `blend`, only inside the
    /// current clip when `clipped`.
    pub fn draw_stenciled(
        &self,
        pass: &mut wgpu::RenderPass<'_>,
        part: &GpuPart,
        blend: Blend,
        clipped: bool,
    ) {
        for pipeline in self.pipelines.stenciled.part_draws(blend, clipped) {
            pass.set_pipeline(pipeline);
            pass.set_stencil_reference(super::stencil::INSIDE);
            part.record(pass, Slot::Sprite);
        }
    }

    /// Draws a shape batch.
    pub fn draw_shapes(&self, pass: &mut wgpu::RenderPass<'_>, batch: &ShapeBatch) {
        if batch.count == 0 {
            return;
        }
        pass.set_pipeline(&self.pipelines.shapes);
        pass.set_bind_group(0, &batch.group, &[]);
        pass.set_vertex_buffer(0, batch.vertices.slice(..));
        pass.draw(0..batch.count, 0..1);
    }
}
