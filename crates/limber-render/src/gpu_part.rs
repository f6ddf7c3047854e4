//! One part on the GPU: its vertices, triangles, wireframe edges, texture, palette and uniforms.
//! Uploaded once; per frame only the palette (and deform offsets, when keyed) change. The texture is
//! shared (an [`Arc`]), so a part rebuilt for a new mesh keeps its image on the GPU, and new weights
//! are written into the existing vertex buffer ([`GpuPart::set_weights`]).

use std::sync::Arc;

use glam::{DAffine2, DVec2};
use image::DynamicImage;
use wgpu::util::DeviceExt;

use super::error::RenderError;
use super::gpu_types::{GpuBone, GpuPartUniform, GpuVertex};
use super::overlay::{PartStyle, WeightView};
use super::palette::gpu_palette;
use super::pipelines::{MAX_GHOSTS, Pipelines, SLOT_COUNT, Slot, UNIFORM_SLOT_STRIDE};
use super::texture::SpriteTexture;
use super::view::ViewTransform;
use limber_core::Mesh;
use limber_core::skinning::SkinningMode;
use limber_core::weights::Binding;

/// A part's GPU resources.
pub struct GpuPart {
    pub name: String,
    /// The local frame's origin in canvas pixels (the image centre).
    pub origin: DVec2,
    pub vertex_count: u32,
    pub index_count: u32,
    pub edge_index_count: u32,
    /// Bones the palette buffer holds.
    pub bone_count: u32,
    /// The image's bottom-right corner on the canvas (its offset plus its size).
    pub image_size: [u32; 2],
    /// Rest positions (f64), to turn deformed rest positions into offsets.
    rest: Vec<[f64; 2]>,
    pub(crate) vertices: wgpu::Buffer,
    pub(crate) deform: wgpu::Buffer,
    indices: wgpu::Buffer,
    edges: wgpu::Buffer,
    uniforms: wgpu::Buffer,
    pub(crate) bones: wgpu::Buffer,
    pub(crate) part_group: wgpu::BindGroup,
    /// Palettes of the onion skins ([`MAX_GHOSTS`]) and their bind groups.
    ghost_bones: Vec<wgpu::Buffer>,
    ghost_groups: Vec<wgpu::BindGroup>,
    texture_group: wgpu::BindGroup,
    texture: Arc<SpriteTexture>,
    /// Sampled nearest-neighbour (see [`GpuPart::set_pixel_art`]).
    pixel_art: bool,
}

/// Why a mesh's weights cannot go to the GPU.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum VertexError {
    #[error("{vertices} vertices but weights for {weighted}")]
    Count { vertices: usize, weighted: usize },
    #[error("a vertex has {0} influences (at most 4)")]
    Influences(usize),
    #[error("weight for bone {bone}, but the skeleton has {bones}")]
    Bone { bone: usize, bones: usize },
}

/// The vertices as the GPU reads them: local rest positions, uvs, and the four strongest
/// influences narrowed to f32 (strongest first, as the binding lists them).
pub fn gpu_vertices(
    mesh: &Mesh,
    binding: &Binding,
    origin: DVec2,
    bone_count: usize,
) -> Result<Vec<GpuVertex>, VertexError> {
    if binding.vertices.len() != mesh.positions.len() {
        return Err(VertexError::Count {
            vertices: mesh.positions.len(),
            weighted: binding.vertices.len(),
        });
    }
    let mut out = Vec::with_capacity(mesh.positions.len());
    for ((p, uv), influences) in mesh.positions.iter().zip(&mesh.uvs).zip(&binding.vertices) {
        let mut joints = [0u32; 4];
        let mut weights = [0f32; 4];
        if influences.len() > 4 {
            return Err(VertexError::Influences(influences.len()));
        }
        for (slot, &(bone, w)) in influences.iter().enumerate() {
            if bone >= bone_count {
                return Err(VertexError::Bone {
                    bone,
                    bones: bone_count,
                });
            }
            joints[slot] = bone as u32;
            weights[slot] = w as f32;
        }
        out.push(GpuVertex {
            rest: [(p[0] - origin.x) as f32, (p[1] - origin.y) as f32],
            uv: [uv[0] as f32, uv[1] as f32],
            joints,
            weights,
        });
    }
    Ok(out)
}

/// Each triangle edge once, as a line list.
pub fn edge_indices(triangles: &[[u32; 3]]) -> Vec<u32> {
    let mut edges: Vec<(u32, u32)> = triangles
        .iter()
        .flat_map(|t| [(t[0], t[1]), (t[1], t[2]), (t[2], t[0])])
        .map(|(a, b)| (a.min(b), a.max(b)))
        .collect();
    edges.sort_unstable();
    edges.dedup();
    edges.into_iter().flat_map(|(a, b)| [a, b]).collect()
}

impl GpuPart {
    /// Uploads a part: `mesh` and `binding` (indices into a skeleton of `bone_count` bones) and the
    /// sprite `image` the mesh was made from.
    #[allow(clippy::too_many_arguments)]
    pub fn upload(
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        pipelines: &Pipelines,
        name: &str,
        mesh: &Mesh,
        binding: &Binding,
        image: &DynamicImage,
        bone_count: usize,
    ) -> Result<Self, RenderError> {
        let texture = Arc::new(SpriteTexture::upload(device, queue, image, name)?);
        Self::with_texture(device, pipelines, name, mesh, binding, texture, bone_count)
    }

    /// [`GpuPart::upload`] with a texture already on the GPU (shared with the part this one
    /// replaces).
    #[allow(clippy::too_many_arguments)]
    pub fn with_texture(
        device: &wgpu::Device,
        pipelines: &Pipelines,
        name: &str,
        mesh: &Mesh,
        binding: &Binding,
        texture: Arc<SpriteTexture>,
        bone_count: usize,
    ) -> Result<Self, RenderError> {
        let bad = |problem: String| RenderError::BadPart {
            part: name.to_string(),
            problem,
        };
        let origin = DVec2::from(mesh.image_centre());
        let vertices =
            gpu_vertices(mesh, binding, origin, bone_count).map_err(|e| bad(e.to_string()))?;
        if vertices.is_empty() {
            return Err(bad("the mesh has no vertices".into()));
        }
        let indices: Vec<u32> = mesh.triangles.iter().flatten().copied().collect();
        let edges = edge_indices(&mesh.triangles);
        let init = |label: &str, contents: &[u8], usage: wgpu::BufferUsages| {
            device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
                label: Some(label),
                contents,
                usage,
            })
        };
        let vertex_buffer = init(
            "vertices",
            bytemuck::cast_slice(&vertices),
            wgpu::BufferUsages::VERTEX | wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST,
        );
        let deform = init(
            "deform offsets",
            bytemuck::cast_slice(&vec![[0f32; 2]; vertices.len()]),
            wgpu::BufferUsages::VERTEX | wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST,
        );
        // Index buffers may not be empty; a degenerate mesh draws nothing with a zero count.
        let nonempty = |v: &[u32]| if v.is_empty() { vec![0u32] } else { v.to_vec() };
        let index_buffer = init(
            "indices",
            bytemuck::cast_slice(&nonempty(&indices)),
            wgpu::BufferUsages::INDEX,
        );
        let edge_buffer = init(
            "edges",
            bytemuck::cast_slice(&nonempty(&edges)),
            wgpu::BufferUsages::INDEX,
        );
        let uniforms = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("part uniforms"),
            size: SLOT_COUNT * UNIFORM_SLOT_STRIDE,
            usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let rest_palette = gpu_palette(&vec![DAffine2::IDENTITY; bone_count], origin);
        let bones = init(
            "palette",
            bytemuck::cast_slice(&rest_palette),
            wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST,
        );
        let group = |label: &str, bones: &wgpu::Buffer| {
            device.create_bind_group(&wgpu::BindGroupDescriptor {
                label: Some(label),
                layout: &pipelines.part_layout,
                entries: &[
                    wgpu::BindGroupEntry {
                        binding: 0,
                        resource: wgpu::BindingResource::Buffer(wgpu::BufferBinding {
                            buffer: &uniforms,
                            offset: 0,
                            size: wgpu::BufferSize::new(
                                std::mem::size_of::<GpuPartUniform>() as u64
                            ),
                        }),
                    },
                    wgpu::BindGroupEntry {
                        binding: 1,
                        resource: bones.as_entire_binding(),
                    },
                ],
            })
        };
        let part_group = group("part", &bones);
        let ghost_bones: Vec<wgpu::Buffer> = (0..MAX_GHOSTS)
            .map(|_| {
                init(
                    "onion palette",
                    bytemuck::cast_slice(&rest_palette),
                    wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_DST,
                )
            })
            .collect();
        let ghost_groups = ghost_bones
            .iter()
            .map(|bones| group("onion skin", bones))
            .collect();
        let texture_group = texture_group(device, pipelines, &texture, false);
        Ok(Self {
            name: name.to_string(),
            origin,
            vertex_count: vertices.len() as u32,
            index_count: indices.len() as u32,
            edge_index_count: edges.len() as u32,
            bone_count: rest_palette.len() as u32,
            image_size: mesh.image_end(),
            rest: mesh.positions.clone(),
            vertices: vertex_buffer,
            deform,
            indices: index_buffer,
            edges: edge_buffer,
            uniforms,
            bones,
            part_group,
            ghost_bones,
            ghost_groups,
            texture_group,
            texture,
            pixel_art: false,
        })
    }

    /// The sprite texture this part draws with.
    pub fn texture(&self) -> &Arc<SpriteTexture> {
        &self.texture
    }

    /// Samples the texture nearest-neighbour (pixel art) or linearly; the bind group is made again
    /// only when this changes.
    pub fn set_pixel_art(&mut self, device: &wgpu::Device, pipelines: &Pipelines, pixel_art: bool) {
        if self.pixel_art != pixel_art {
            self.texture_group = texture_group(device, pipelines, &self.texture, pixel_art);
            self.pixel_art = pixel_art;
        }
    }

    /// Whether the texture is sampled nearest-neighbour.
    pub fn pixel_art(&self) -> bool {
        self.pixel_art
    }

    /// Writes new weights into the vertex buffer: `mesh` must be the mesh this part was uploaded
    /// with (same vertices) and `binding` name bones below `bone_count`. Nothing else is uploaded.
    pub fn set_weights(
        &self,
        queue: &wgpu::Queue,
        mesh: &Mesh,
        binding: &Binding,
        bone_count: usize,
    ) -> Result<(), RenderError> {
        let bad = |problem: String| RenderError::BadPart {
            part: self.name.clone(),
            problem,
        };
        if mesh.positions.len() != self.vertex_count as usize {
            return Err(bad(format!(
                "new weights for {} vertices, but the uploaded mesh has {}",
                mesh.positions.len(),
                self.vertex_count
            )));
        }
        let vertices =
            gpu_vertices(mesh, binding, self.origin, bone_count).map_err(|e| bad(e.to_string()))?;
        queue.write_buffer(&self.vertices, 0, bytemuck::cast_slice(&vertices));
        Ok(())
    }

    /// Uploads this frame's palette (world × inverse rest per bone, f64). Extra entries are ignored;
    /// missing ones keep their previous value.
    pub fn set_palette(&self, queue: &wgpu::Queue, palette: &[DAffine2]) {
        let mut bones: Vec<GpuBone> = gpu_palette(palette, self.origin);
        bones.truncate(self.bone_count as usize);
        queue.write_buffer(&self.bones, 0, bytemuck::cast_slice(&bones));
    }

    /// Uploads the palette of onion skin `which` (below [`MAX_GHOSTS`]; others are ignored).
    pub fn set_onion_palette(&self, queue: &wgpu::Queue, which: usize, palette: &[DAffine2]) {
        let mut bones: Vec<GpuBone> = gpu_palette(palette, self.origin);
        bones.truncate(self.bone_count as usize);
        if let Some(buffer) = self.ghost_bones.get(which) {
            queue.write_buffer(buffer, 0, bytemuck::cast_slice(&bones));
        }
    }

    /// Uploads deform-key offsets as the difference between `deformed` rest positions and the
    /// mesh's own. Returns false (and changes nothing) when the vertex count differs.
    pub fn set_deformed_rest(&self, queue: &wgpu::Queue, deformed: &[[f64; 2]]) -> bool {
        if deformed.len() != self.rest.len() {
            return false;
        }
        let offsets: Vec<[f32; 2]> = deformed
            .iter()
            .zip(&self.rest)
            .map(|(d, r)| [(d[0] - r[0]) as f32, (d[1] - r[1]) as f32])
            .collect();
        queue.write_buffer(&self.deform, 0, bytemuck::cast_slice(&offsets));
        true
    }

    /// Writes the uniforms of every layer for this frame's view and style.
    pub fn set_style(&self, queue: &wgpu::Queue, view: &ViewTransform, style: &PartStyle) {
        let offset = view.local_offset(self.origin);
        let base = GpuPartUniform {
            clip_scale: [view.scale.x as f32, view.scale.y as f32],
            clip_offset: [offset.x as f32, offset.y as f32],
            origin: [self.origin.x as f32, self.origin.y as f32],
            mode: match style.mode {
                SkinningMode::LinearBlend => 0,
                SkinningMode::DualQuaternion => 1,
            },
            overlay: 0,
            selected_bone: 0,
            bone_count: self.bone_count,
            pad: [0; 2],
            tint: style.tint,
            flat_color: [0.0; 4],
        };
        let weights = match style.weights {
            WeightView::None | WeightView::AllBones => GpuPartUniform {
                overlay: 2,
                tint: [style.weight_opacity; 4],
                ..base
            },
            WeightView::Bone(bone) => GpuPartUniform {
                overlay: 1,
                selected_bone: bone,
                tint: [style.weight_opacity; 4],
                ..base
            },
        };
        let wireframe = GpuPartUniform {
            overlay: 3,
            tint: [1.0; 4],
            flat_color: style.wireframe_color,
            ..base
        };
        let ghosts = style
            .onion_tints
            .iter()
            .enumerate()
            .map(|(n, &tint)| (Slot::Ghost(n as u8), GpuPartUniform { tint, ..base }));
        let layers = [
            (Slot::Sprite, base),
            (Slot::Weights, weights),
            (Slot::Wireframe, wireframe),
        ];
        for (slot, uniform) in layers.into_iter().chain(ghosts) {
            queue.write_buffer(
                &self.uniforms,
                u64::from(slot.offset()),
                bytemuck::bytes_of(&uniform),
            );
        }
    }

    /// Records the draw of one layer into `pass` (pipeline already set by the caller).
    pub(crate) fn record(&self, pass: &mut wgpu::RenderPass<'_>, slot: Slot) {
        let group = match slot {
            Slot::Ghost(n) => self
                .ghost_groups
                .get(usize::from(n))
                .unwrap_or(&self.part_group),
            _ => &self.part_group,
        };
        pass.set_bind_group(0, group, &[slot.offset()]);
        pass.set_bind_group(1, &self.texture_group, &[]);
        pass.set_vertex_buffer(0, self.vertices.slice(..));
        pass.set_vertex_buffer(1, self.deform.slice(..));
        match slot {
            Slot::Wireframe => {
                pass.set_index_buffer(self.edges.slice(..), wgpu::IndexFormat::Uint32);
                pass.draw_indexed(0..self.edge_index_count, 0, 0..1);
            }
            Slot::Sprite | Slot::Weights | Slot::Ghost(_) => {
                pass.set_index_buffer(self.indices.slice(..), wgpu::IndexFormat::Uint32);
                pass.draw_indexed(0..self.index_count, 0, 0..1);
            }
        }
    }
}

/// The bind group of a part's texture with the linear or (pixel art) nearest sampler.
fn texture_group(
    device: &wgpu::Device,
    pipelines: &Pipelines,
    texture: &SpriteTexture,
    pixel_art: bool,
) -> wgpu::BindGroup {
    let sampler = if pixel_art {
        &pipelines.pixel_sampler
    } else {
        &pipelines.sampler
    };
    device.create_bind_group(&wgpu::BindGroupDescriptor {
        label: Some("sprite texture"),
        layout: &pipelines.texture_layout,
        entries: &[
            wgpu::BindGroupEntry {
                binding: 0,
                resource: wgpu::BindingResource::TextureView(&texture.view),
            },
            wgpu::BindGroupEntry {
                binding: 1,
                resource: wgpu::BindingResource::Sampler(sampler),
            },
        ],
    })
}
