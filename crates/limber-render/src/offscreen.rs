//! Rendering to an offscreen texture and reading it back: for rendered exports, tests and the
//! benchmarks. The target is `Rgba8Unorm` (premultiplied), read back row by row without the
//! padding the copy needs.

use image::RgbaImage;

use super::context::GpuContext;
use super::error::RenderError;

/// Target texture format of offscreen renders.
pub const OFFSCREEN_FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Rgba8Unorm;

/// Premultiplied RGBA8 pixels, row-major, top row first.
#[derive(Debug, Clone, PartialEq)]
pub struct PremultipliedImage {
    pub width: u32,
    pub height: u32,
    pub data: Vec<u8>,
}

impl PremultipliedImage {
    /// Straight-alpha RGBA (what PNG and GIF store).
    pub fn to_straight(&self) -> RgbaImage {
        let mut data = self.data.clone();
        for px in data.chunks_exact_mut(4) {
            let a = u32::from(px[3]);
            if a == 0 {
                px[..3].fill(0);
                continue;
            }
            for c in &mut px[..3] {
                *c = ((u32::from(*c) * 255 + a / 2) / a).min(255) as u8;
            }
        }
        // The buffer holds exactly width × height × 4 bytes by construction.
        RgbaImage::from_raw(self.width, self.height, data)
            .unwrap_or_else(|| RgbaImage::new(self.width, self.height))
    }

    /// The premultiplied pixel at (x, y).
    pub fn pixel(&self, x: u32, y: u32) -> [u8; 4] {
        let i = ((y * self.width + x) * 4) as usize;
        [
            self.data[i],
            self.data[i + 1],
            self.data[i + 2],
            self.data[i + 3],
        ]
    }
}

/// A render target of a fixed size with its readback buffer, reused frame after frame.
pub struct OffscreenTarget {
    pub texture: wgpu::Texture,
    pub view: wgpu::TextureView,
    pub width: u32,
    pub height: u32,
    padded_row: u32,
    readback: wgpu::Buffer,
    /// The stencil attachment of [`OffscreenTarget::render_stenciled`] (clipping).
    stencil: wgpu::TextureView,
}

impl OffscreenTarget {
    pub fn new(device: &wgpu::Device, width: u32, height: u32) -> Result<Self, RenderError> {
        let limit = device.limits().max_texture_dimension_2d;
        if width == 0 || height == 0 || width > limit || height > limit {
            return Err(RenderError::BadTargetSize {
                width,
                height,
                limit,
            });
        }
        let texture = device.create_texture(&wgpu::TextureDescriptor {
            label: Some("offscreen target"),
            size: wgpu::Extent3d {
                width,
                height,
                depth_or_array_layers: 1,
            },
            mip_level_count: 1,
            sample_count: 1,
            dimension: wgpu::TextureDimension::D2,
            format: OFFSCREEN_FORMAT,
            usage: wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::COPY_SRC,
            view_formats: &[],
        });
        let view = texture.create_view(&wgpu::TextureViewDescriptor::default());
        let stencil = device
            .create_texture(&wgpu::TextureDescriptor {
                label: Some("offscreen stencil"),
                size: wgpu::Extent3d {
                    width,
                    height,
                    depth_or_array_layers: 1,
                },
                mip_level_count: 1,
                sample_count: 1,
                dimension: wgpu::TextureDimension::D2,
                format: super::stencil::STENCIL_FORMAT,
                usage: wgpu::TextureUsages::RENDER_ATTACHMENT,
                view_formats: &[],
            })
            .create_view(&wgpu::TextureViewDescriptor::default());
        let align = wgpu::COPY_BYTES_PER_ROW_ALIGNMENT;
        let padded_row = (width * 4).div_ceil(align) * align;
        let readback = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("offscreen readback"),
            size: u64::from(padded_row) * u64::from(height),
            usage: wgpu::BufferUsages::COPY_DST | wgpu::BufferUsages::MAP_READ,
            mapped_at_creation: false,
        });
        Ok(Self {
            texture,
            view,
            width,
            height,
            padded_row,
            readback,
            stencil,
        })
    }

    /// Clears to `background` (premultiplied, 0–1), lets `draw` record into the pass, and reads the
    /// result back.
    pub fn render(
        &self,
        gpu: &GpuContext,
        background: [f64; 4],
        draw: impl FnOnce(&mut wgpu::RenderPass<'_>),
    ) -> Result<PremultipliedImage, RenderError> {
        self.render_with(gpu, background, false, draw)
    }

    /// [`OffscreenTarget::render`] with a cleared stencil attachment in the pass, for the
    /// pipelines of [`super::stencil::StencilPipelines`].
    pub fn render_stenciled(
        &self,
        gpu: &GpuContext,
        background: [f64; 4],
        draw: impl FnOnce(&mut wgpu::RenderPass<'_>),
    ) -> Result<PremultipliedImage, RenderError> {
        self.render_with(gpu, background, true, draw)
    }

    fn render_with(
        &self,
        gpu: &GpuContext,
        background: [f64; 4],
        stenciled: bool,
        draw: impl FnOnce(&mut wgpu::RenderPass<'_>),
    ) -> Result<PremultipliedImage, RenderError> {
        let mut encoder = gpu
            .device
            .create_command_encoder(&wgpu::CommandEncoderDescriptor {
                label: Some("offscreen frame"),
            });
        {
            let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
                label: Some("offscreen frame"),
                color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                    view: &self.view,
                    depth_slice: None,
                    resolve_target: None,
                    ops: wgpu::Operations {
                        load: wgpu::LoadOp::Clear(wgpu::Color {
                            r: background[0],
                            g: background[1],
                            b: background[2],
                            a: background[3],
                        }),
                        store: wgpu::StoreOp::Store,
                    },
                })],
                depth_stencil_attachment: stenciled.then_some(
                    wgpu::RenderPassDepthStencilAttachment {
                        view: &self.stencil,
                        depth_ops: None,
                        stencil_ops: Some(wgpu::Operations {
                            load: wgpu::LoadOp::Clear(0),
                            store: wgpu::StoreOp::Discard,
                        }),
                    },
                ),
                timestamp_writes: None,
                occlusion_query_set: None,
                multiview_mask: None,
            });
            draw(&mut pass);
        }
        encoder.copy_texture_to_buffer(
            wgpu::TexelCopyTextureInfo {
                texture: &self.texture,
                mip_level: 0,
                origin: wgpu::Origin3d::ZERO,
                aspect: wgpu::TextureAspect::All,
            },
            wgpu::TexelCopyBufferInfo {
                buffer: &self.readback,
                layout: wgpu::TexelCopyBufferLayout {
                    offset: 0,
                    bytes_per_row: Some(self.padded_row),
                    rows_per_image: Some(self.height),
                },
            },
            wgpu::Extent3d {
                width: self.width,
                height: self.height,
                depth_or_array_layers: 1,
            },
        );
        gpu.queue.submit([encoder.finish()]);
        let bytes = read_buffer(gpu, &self.readback)?;
        let row = (self.width * 4) as usize;
        let mut data = Vec::with_capacity(row * self.height as usize);
        for y in 0..self.height as usize {
            let start = y * self.padded_row as usize;
            data.extend_from_slice(&bytes[start..start + row]);
        }
        Ok(PremultipliedImage {
            width: self.width,
            height: self.height,
            data,
        })
    }
}

/// Maps a `MAP_READ` buffer after the last submission, copies its bytes out and unmaps it.
pub fn read_buffer(gpu: &GpuContext, buffer: &wgpu::Buffer) -> Result<Vec<u8>, RenderError> {
    let (sender, receiver) = std::sync::mpsc::channel();
    buffer.map_async(wgpu::MapMode::Read, .., move |result| {
        // The receiver outlives the poll below; a send can only fail if it is gone.
        let _ = sender.send(result);
    });
    gpu.device
        .poll(wgpu::PollType::wait_indefinitely())
        .map_err(|e| RenderError::DeviceLost(e.to_string()))?;
    gpu.check()?;
    receiver
        .recv()
        .map_err(|e| RenderError::Readback(e.to_string()))?
        .map_err(|e| RenderError::Readback(e.to_string()))?;
    let bytes = buffer
        .get_mapped_range(..)
        .map_err(|e| RenderError::Readback(format!("{e:?}")))?
        .to_vec();
    buffer.unmap();
    Ok(bytes)
}

/// Straight RGBA (0–255) as a premultiplied clear colour (0–1).
pub fn premultiplied_color(rgba: [u8; 4]) -> [f64; 4] {
    let a = f64::from(rgba[3]) / 255.0;
    [
        f64::from(rgba[0]) / 255.0 * a,
        f64::from(rgba[1]) / 255.0 * a,
        f64::from(rgba[2]) / 255.0 * a,
        a,
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unpremultiplying_restores_straight_colour() {
        let image = PremultipliedImage {
            width: 2,
            height: 1,
            data: vec![100, 50, 25, 128, 7, 7, 7, 0],
        };
        let straight = image.to_straight();
        assert_eq!(straight.as_raw(), &vec![199, 100, 50, 128, 0, 0, 0, 0]);
    }
}
