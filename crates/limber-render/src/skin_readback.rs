//! The GPU's skinned positions, read back: the compute entry point `cs_skin` runs the very skinning
//! functions the vertex shader uses and writes each vertex's position to a buffer, so tests can hold
//! the GPU to the CPU f64 reference exactly rather than through pixels.

use super::context::GpuContext;
use super::error::RenderError;
use super::gpu_part::GpuPart;
use super::offscreen::read_buffer;
use super::pipelines::{Pipelines, Slot};

/// Skinned positions of every vertex of `part` in image pixels, with its current palette, deform
/// offsets and the skinning mode of its style (set those first).
pub fn skinned_positions(
    gpu: &GpuContext,
    pipelines: &Pipelines,
    part: &GpuPart,
) -> Result<Vec<[f64; 2]>, RenderError> {
    let count = part.vertex_count as u64;
    let size = count * 8;
    let output = gpu.device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("skinned positions"),
        size,
        usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC,
        mapped_at_creation: false,
    });
    let readback = gpu.device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("skinned positions readback"),
        size,
        usage: wgpu::BufferUsages::COPY_DST | wgpu::BufferUsages::MAP_READ,
        mapped_at_creation: false,
    });
    let group = gpu.device.create_bind_group(&wgpu::BindGroupDescriptor {
        label: Some("skin readback"),
        layout: &pipelines.readback_layout,
        entries: &[
            wgpu::BindGroupEntry {
                binding: 0,
                resource: part.vertices.as_entire_binding(),
            },
            wgpu::BindGroupEntry {
                binding: 1,
                resource: part.deform.as_entire_binding(),
            },
            wgpu::BindGroupEntry {
                binding: 2,
                resource: output.as_entire_binding(),
            },
        ],
    });
    let mut encoder = gpu
        .device
        .create_command_encoder(&wgpu::CommandEncoderDescriptor {
            label: Some("skin readback"),
        });
    {
        let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
            label: Some("skin readback"),
            timestamp_writes: None,
        });
        pass.set_pipeline(&pipelines.skin_compute);
        pass.set_bind_group(0, &part.part_group, &[Slot::Sprite.offset()]);
        pass.set_bind_group(2, &group, &[]);
        pass.dispatch_workgroups(part.vertex_count.div_ceil(64), 1, 1);
    }
    encoder.copy_buffer_to_buffer(&output, 0, &readback, 0, size);
    gpu.queue.submit([encoder.finish()]);
    let bytes = read_buffer(gpu, &readback)?;
    let component = |b: &[u8]| f64::from(f32::from_le_bytes([b[0], b[1], b[2], b[3]]));
    Ok(bytes
        .chunks_exact(8)
        .map(|p| {
            [
                component(&p[..4]) + part.origin.x,
                component(&p[4..]) + part.origin.y,
            ]
        })
        .collect())
}
