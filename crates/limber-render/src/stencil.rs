//! Clipping with the stencil buffer, for passes that have one (offscreen renders: `limber render`
//! and the rendered exports). A clipping polygon is drawn as a triangle fan that inverts the
//! stencil's low bit, which leaves exactly the pixels inside it (even-odd, so any simple polygon,
//! convex or not) at 1; the clipped slots draw where the stencil is 1; at the end slot the same
//! fan sets the stencil back to 0.

use limber_core::slots::Blend;

use super::blend::{DRAW_STATES, draws};
use super::gpu_types::GpuShapeVertex;
use super::mesh_pipeline::{MeshPipelineBase, MeshPipelineSpec, SHAPE_ATTRIBUTES};

/// The stencil attachment's format.
pub const STENCIL_FORMAT: wgpu::TextureFormat = wgpu::TextureFormat::Stencil8;

/// The stencil reference a pass sets: clipped draws pass where the stencil equals it.
pub const INSIDE: u32 = 1;

fn stencil_state(
    compare: wgpu::CompareFunction,
    pass_op: wgpu::StencilOperation,
) -> wgpu::DepthStencilState {
    let face = wgpu::StencilFaceState {
        compare,
        fail_op: wgpu::StencilOperation::Keep,
        depth_fail_op: wgpu::StencilOperation::Keep,
        pass_op,
    };
    wgpu::DepthStencilState {
        format: STENCIL_FORMAT,
        depth_write_enabled: None,
        depth_compare: None,
        stencil: wgpu::StencilState {
            front: face,
            back: face,
            read_mask: 1,
            write_mask: 1,
        },
        bias: wgpu::DepthBiasState::default(),
    }
}

/// Pipelines for a pass with a [`STENCIL_FORMAT`] attachment.
pub struct StencilPipelines {
    /// `[clipped as usize][draw index]` ([`DRAW_STATES`]): sprites everywhere, or only inside the
    /// clip.
    parts: [[wgpu::RenderPipeline; 5]; 2],
    /// Inverts the stencil under a fan (no colour written).
    pub clip_set: wgpu::RenderPipeline,
    /// Zeroes the stencil under a fan (no colour written).
    pub clip_clear: wgpu::RenderPipeline,
}

impl StencilPipelines {
    pub(crate) fn new(
        base: &MeshPipelineBase<'_>,
        shapes_layout: &wgpu::PipelineLayout,
        shapes_module: &wgpu::ShaderModule,
    ) -> Self {
        let part = |clipped: bool, blend: wgpu::BlendState| {
            let compare = if clipped {
                wgpu::CompareFunction::Equal
            } else {
                wgpu::CompareFunction::Always
            };
            base.pipeline(MeshPipelineSpec {
                label: "stenciled sprite",
                topology: wgpu::PrimitiveTopology::TriangleList,
                blend,
                depth_stencil: Some(stencil_state(compare, wgpu::StencilOperation::Keep)),
            })
        };
        let parts = [false, true].map(|clipped| DRAW_STATES.map(|blend| part(clipped, blend)));
        let fan = |label: &str, op: wgpu::StencilOperation| {
            base.device
                .create_render_pipeline(&wgpu::RenderPipelineDescriptor {
                    label: Some(label),
                    layout: Some(shapes_layout),
                    vertex: wgpu::VertexState {
                        module: shapes_module,
                        entry_point: Some("vs_shape"),
                        compilation_options: Default::default(),
                        buffers: &[Some(wgpu::VertexBufferLayout {
                            array_stride: std::mem::size_of::<GpuShapeVertex>() as u64,
                            step_mode: wgpu::VertexStepMode::Vertex,
                            attributes: &SHAPE_ATTRIBUTES,
                        })],
                    },
                    primitive: wgpu::PrimitiveState::default(),
                    depth_stencil: Some(stencil_state(wgpu::CompareFunction::Always, op)),
                    multisample: wgpu::MultisampleState::default(),
                    fragment: Some(wgpu::FragmentState {
                        module: shapes_module,
                        entry_point: Some("fs_shape"),
                        compilation_options: Default::default(),
                        targets: &[Some(wgpu::ColorTargetState {
                            format: base.target,
                            blend: None,
                            write_mask: wgpu::ColorWrites::empty(),
                        })],
                    }),
                    multiview_mask: None,
                    cache: None,
                })
        };
        Self {
            parts,
            clip_set: fan("clip set", wgpu::StencilOperation::Invert),
            clip_clear: fan("clip clear", wgpu::StencilOperation::Zero),
        }
    }

    /// The sprite pipelines that draw with `blend`, one per draw, in order, drawing only inside
    /// the clip when `clipped`.
    pub fn part_draws(
        &self,
        blend: Blend,
        clipped: bool,
    ) -> impl Iterator<Item = &wgpu::RenderPipeline> {
        let row = &self.parts[usize::from(clipped)];
        draws(blend).map(move |i| &row[i])
    }
}

/// A polygon (image pixels) as a triangle fan from its first vertex, for the stencil.
pub fn fan(polygon: &[[f64; 2]]) -> Vec<GpuShapeVertex> {
    let vertex = |p: [f64; 2]| GpuShapeVertex {
        position: [p[0] as f32, p[1] as f32],
        color: [0.0; 4],
    };
    let Some(&first) = polygon.first() else {
        return Vec::new();
    };
    polygon
        .windows(2)
        .skip(1)
        .flat_map(|w| [vertex(first), vertex(w[0]), vertex(w[1])])
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fan_has_a_triangle_per_vertex_after_the_second() {
        let square = [[0.0, 0.0], [4.0, 0.0], [4.0, 4.0], [0.0, 4.0]];
        let triangles = fan(&square);
        assert_eq!(triangles.len(), 6);
        assert_eq!(triangles[3].position, [0.0, 0.0]);
        assert_eq!(triangles[5].position, [0.0, 4.0]);
        assert!(fan(&[]).is_empty());
    }
}
