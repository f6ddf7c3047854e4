//! One mesh pipeline: what every mesh pipeline shares (the skinning shader, its layout, the
//! vertex buffers' layouts) and what one differs in (topology, blend, stencil). `pipelines.rs`
//! and `stencil.rs` both build theirs from it.

use super::gpu_types::GpuVertex;

/// What a mesh pipeline differs in.
pub(crate) struct MeshPipelineSpec<'a> {
    pub label: &'a str,
    pub topology: wgpu::PrimitiveTopology,
    pub blend: wgpu::BlendState,
    pub depth_stencil: Option<wgpu::DepthStencilState>,
}

/// Shared by every mesh pipeline: the skinning shader, its layout and vertex buffers.
pub(crate) struct MeshPipelineBase<'a> {
    pub device: &'a wgpu::Device,
    pub layout: &'a wgpu::PipelineLayout,
    pub module: &'a wgpu::ShaderModule,
    pub target: wgpu::TextureFormat,
}

impl MeshPipelineBase<'_> {
    pub(crate) fn pipeline(&self, spec: MeshPipelineSpec<'_>) -> wgpu::RenderPipeline {
        let buffers = [
            Some(wgpu::VertexBufferLayout {
                array_stride: std::mem::size_of::<GpuVertex>() as u64,
                step_mode: wgpu::VertexStepMode::Vertex,
                attributes: &MESH_ATTRIBUTES,
            }),
            Some(wgpu::VertexBufferLayout {
                array_stride: 8,
                step_mode: wgpu::VertexStepMode::Vertex,
                attributes: &DEFORM_ATTRIBUTES,
            }),
        ];
        let targets = [Some(wgpu::ColorTargetState {
            format: self.target,
            blend: Some(spec.blend),
            write_mask: wgpu::ColorWrites::ALL,
        })];
        self.device
            .create_render_pipeline(&wgpu::RenderPipelineDescriptor {
                label: Some(spec.label),
                layout: Some(self.layout),
                vertex: wgpu::VertexState {
                    module: self.module,
                    entry_point: Some("vs_main"),
                    compilation_options: Default::default(),
                    buffers: &buffers,
                },
                primitive: wgpu::PrimitiveState {
                    topology: spec.topology,
                    ..Default::default()
                },
                depth_stencil: spec.depth_stencil,
                multisample: wgpu::MultisampleState::default(),
                fragment: Some(wgpu::FragmentState {
                    module: self.module,
                    entry_point: Some("fs_main"),
                    compilation_options: Default::default(),
                    targets: &targets,
                }),
                multiview_mask: None,
                cache: None,
            })
    }
}

pub(crate) const MESH_ATTRIBUTES: [wgpu::VertexAttribute; 4] = wgpu::vertex_attr_array![
    0 => Float32x2, 1 => Float32x2, 2 => Uint32x4, 3 => Float32x4
];
pub(crate) const DEFORM_ATTRIBUTES: [wgpu::VertexAttribute; 1] =
    wgpu::vertex_attr_array![4 => Float32x2];
pub(crate) const SHAPE_ATTRIBUTES: [wgpu::VertexAttribute; 2] =
    wgpu::vertex_attr_array![0 => Float32x2, 1 => Float32x4];
