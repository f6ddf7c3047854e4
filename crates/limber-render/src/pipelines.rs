//! Bind group layouts and pipelines, created once per target format.

use limber_core::slots::Blend;

use super::blend::{DRAW_STATES, draws};
use super::gpu_types::GpuShapeVertex;
use super::mesh_pipeline::{MeshPipelineBase, MeshPipelineSpec, SHAPE_ATTRIBUTES};
use super::stencil::StencilPipelines;
use super::{SHAPES_WGSL, SKIN_WGSL};

/// Byte stride between a part's uniform slots (the dynamic-offset alignment every adapter accepts).
pub const UNIFORM_SLOT_STRIDE: u64 = 256;

/// The uniform slot a draw reads: each layer of a part has its own, so one frame can draw the
/// sprite, its weight view and its wireframe with different settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Slot {
    Sprite,
    Weights,
    Wireframe,
    /// Onion skin `n` (below [`MAX_GHOSTS`]): the part at another time, tinted, with its own
    /// palette.
    Ghost(u8),
}

/// The most onion skins drawn at once (before and after the playhead together).
pub const MAX_GHOSTS: usize = 6;

/// Number of uniform slots per part.
pub const SLOT_COUNT: u64 = 3 + MAX_GHOSTS as u64;

impl Slot {
    pub fn offset(self) -> u32 {
        let index = match self {
            Slot::Sprite => 0,
            Slot::Weights => 1,
            Slot::Wireframe => 2,
            Slot::Ghost(n) => 3 + u64::from(n).min(MAX_GHOSTS as u64 - 1),
        };
        (index * UNIFORM_SLOT_STRIDE) as u32
    }
}

/// Everything created once.
pub struct Pipelines {
    pub part_layout: wgpu::BindGroupLayout,
    pub texture_layout: wgpu::BindGroupLayout,
    pub readback_layout: wgpu::BindGroupLayout,
    pub shape_layout: wgpu::BindGroupLayout,
    pub sprite: wgpu::RenderPipeline,
    /// The sprite pipeline with the blend states of [`DRAW_STATES`] after normal's (no stencil).
    pub blended: [wgpu::RenderPipeline; 4],
    /// For passes with a stencil attachment (offscreen renders): clipping.
    pub stenciled: StencilPipelines,
    pub wireframe: wgpu::RenderPipeline,
    pub shapes: wgpu::RenderPipeline,
    pub skin_compute: wgpu::ComputePipeline,
    pub sampler: wgpu::Sampler,
    /// Nearest-neighbour sampling for parts marked pixel art.
    pub pixel_sampler: wgpu::Sampler,
}

fn storage(
    binding: u32,
    visibility: wgpu::ShaderStages,
    read_only: bool,
) -> wgpu::BindGroupLayoutEntry {
    wgpu::BindGroupLayoutEntry {
        binding,
        visibility,
        ty: wgpu::BindingType::Buffer {
            ty: wgpu::BufferBindingType::Storage { read_only },
            has_dynamic_offset: false,
            min_binding_size: None,
        },
        count: None,
    }
}

impl Pipelines {
    /// The sprite pipelines that draw with `blend` (no stencil), one per draw, in order.
    pub fn sprite_draws(&self, blend: Blend) -> impl Iterator<Item = &wgpu::RenderPipeline> {
        draws(blend).map(|i| match i {
            0 => &self.sprite,
            i => &self.blended[i - 1],
        })
    }
}

impl Pipelines {
    pub fn new(device: &wgpu::Device, target: wgpu::TextureFormat) -> Self {
        let skin_module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("skin.wgsl"),
            source: wgpu::ShaderSource::Wgsl(SKIN_WGSL.into()),
        });
        let shapes_module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("shapes.wgsl"),
            source: wgpu::ShaderSource::Wgsl(SHAPES_WGSL.into()),
        });
        let all = wgpu::ShaderStages::VERTEX_FRAGMENT | wgpu::ShaderStages::COMPUTE;
        let part_layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("part"),
            entries: &[
                wgpu::BindGroupLayoutEntry {
                    binding: 0,
                    visibility: all,
                    ty: wgpu::BindingType::Buffer {
                        ty: wgpu::BufferBindingType::Uniform,
                        has_dynamic_offset: true,
                        min_binding_size: wgpu::BufferSize::new(std::mem::size_of::<
                            super::gpu_types::GpuPartUniform,
                        >() as u64),
                    },
                    count: None,
                },
                storage(
                    1,
                    wgpu::ShaderStages::VERTEX | wgpu::ShaderStages::COMPUTE,
                    true,
                ),
            ],
        });
        let texture_layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("sprite texture"),
            entries: &[
                wgpu::BindGroupLayoutEntry {
                    binding: 0,
                    visibility: wgpu::ShaderStages::FRAGMENT,
                    ty: wgpu::BindingType::Texture {
                        sample_type: wgpu::TextureSampleType::Float { filterable: true },
                        view_dimension: wgpu::TextureViewDimension::D2,
                        multisampled: false,
                    },
                    count: None,
                },
                wgpu::BindGroupLayoutEntry {
                    binding: 1,
                    visibility: wgpu::ShaderStages::FRAGMENT,
                    ty: wgpu::BindingType::Sampler(wgpu::SamplerBindingType::Filtering),
                    count: None,
                },
            ],
        });
        let readback_layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("skin readback"),
            entries: &[
                storage(0, wgpu::ShaderStages::COMPUTE, true),
                storage(1, wgpu::ShaderStages::COMPUTE, true),
                storage(2, wgpu::ShaderStages::COMPUTE, false),
            ],
        });
        let shape_layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("shape view"),
            entries: &[wgpu::BindGroupLayoutEntry {
                binding: 0,
                visibility: wgpu::ShaderStages::VERTEX,
                ty: wgpu::BindingType::Buffer {
                    ty: wgpu::BufferBindingType::Uniform,
                    has_dynamic_offset: false,
                    min_binding_size: None,
                },
                count: None,
            }],
        });

        let mesh_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("mesh"),
            bind_group_layouts: &[Some(&part_layout), Some(&texture_layout)],
            immediate_size: 0,
        });
        let color_target = [Some(wgpu::ColorTargetState {
            format: target,
            blend: Some(wgpu::BlendState::PREMULTIPLIED_ALPHA_BLENDING),
            write_mask: wgpu::ColorWrites::ALL,
        })];
        let base = MeshPipelineBase {
            device,
            layout: &mesh_layout,
            module: &skin_module,
            target,
        };
        let mesh_pipeline =
            |label: &str, topology: wgpu::PrimitiveTopology, blend: wgpu::BlendState| {
                base.pipeline(MeshPipelineSpec {
                    label,
                    topology,
                    blend,
                    depth_stencil: None,
                })
            };
        let triangles = wgpu::PrimitiveTopology::TriangleList;
        let normal = DRAW_STATES[draws(Blend::Normal).start];
        let sprite = mesh_pipeline("sprite", triangles, normal);
        let blended =
            [1, 2, 3, 4].map(|i| mesh_pipeline("blended sprite", triangles, DRAW_STATES[i]));
        let wireframe = mesh_pipeline("wireframe", wgpu::PrimitiveTopology::LineList, normal);

        let shapes_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("shapes"),
            bind_group_layouts: &[Some(&shape_layout)],
            immediate_size: 0,
        });
        let stenciled = StencilPipelines::new(&base, &shapes_layout, &shapes_module);
        let shapes = device.create_render_pipeline(&wgpu::RenderPipelineDescriptor {
            label: Some("shapes"),
            layout: Some(&shapes_layout),
            vertex: wgpu::VertexState {
                module: &shapes_module,
                entry_point: Some("vs_shape"),
                compilation_options: Default::default(),
                buffers: &[Some(wgpu::VertexBufferLayout {
                    array_stride: std::mem::size_of::<GpuShapeVertex>() as u64,
                    step_mode: wgpu::VertexStepMode::Vertex,
                    attributes: &SHAPE_ATTRIBUTES,
                })],
            },
            primitive: wgpu::PrimitiveState::default(),
            depth_stencil: None,
            multisample: wgpu::MultisampleState::default(),
            fragment: Some(wgpu::FragmentState {
                module: &shapes_module,
                entry_point: Some("fs_shape"),
                compilation_options: Default::default(),
                targets: &color_target,
            }),
            multiview_mask: None,
            cache: None,
        });

        let compute_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("skin readback"),
            bind_group_layouts: &[Some(&part_layout), None, Some(&readback_layout)],
            immediate_size: 0,
        });
        let skin_compute = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
            label: Some("skin readback"),
            layout: Some(&compute_layout),
            module: &skin_module,
            entry_point: Some("cs_skin"),
            compilation_options: Default::default(),
            cache: None,
        });
        let sampler = device.create_sampler(&wgpu::SamplerDescriptor {
            label: Some("sprite"),
            address_mode_u: wgpu::AddressMode::ClampToEdge,
            address_mode_v: wgpu::AddressMode::ClampToEdge,
            mag_filter: wgpu::FilterMode::Linear,
            min_filter: wgpu::FilterMode::Linear,
            mipmap_filter: wgpu::MipmapFilterMode::Linear,
            ..Default::default()
        });
        // Pixel art: each texel a sharp square when magnified (minified, still mip-mapped).
        let pixel_sampler = device.create_sampler(&wgpu::SamplerDescriptor {
            label: Some("pixel-art sprite"),
            address_mode_u: wgpu::AddressMode::ClampToEdge,
            address_mode_v: wgpu::AddressMode::ClampToEdge,
            mag_filter: wgpu::FilterMode::Nearest,
            min_filter: wgpu::FilterMode::Nearest,
            mipmap_filter: wgpu::MipmapFilterMode::Nearest,
            ..Default::default()
        });
        Self {
            part_layout,
            texture_layout,
            readback_layout,
            shape_layout,
            sprite,
            blended,
            stenciled,
            wireframe,
            shapes,
            skin_compute,
            sampler,
            pixel_sampler,
        }
    }
}
