//! One glTF mesh per part: POSITION (z from draw order), TEXCOORD_0, JOINTS_0, WEIGHTS_0, indices,
//! morph targets for its deform keys, and an unlit, alpha-blended, double-sided material whose base
//! colour texture is the part's PNG.

use std::collections::BTreeMap;

use gltf_json::accessor::Type;
use gltf_json::buffer::Target;
use gltf_json::extensions;
use gltf_json::image::MimeType;
use gltf_json::material::{AlphaMode, PbrBaseColorFactor, PbrMetallicRoughness, StrengthFactor};
use gltf_json::mesh::{Mode, MorphTarget, Primitive, Semantic};
use gltf_json::texture::{self, MagFilter, MinFilter, WrappingMode};
use gltf_json::validation::Checked;
use gltf_json::{Image, Index, Material, Mesh, Root, Texture};

use super::buffer::BufferBuilder;
use super::influences::vertex_influences;
use super::morph::PartMorphs;
use super::space::Space;
use limber_core::project::Part;

/// A part's PNG: its bytes, embedded in the binary buffer, or a file name written beside a `.gltf`.
#[derive(Debug, Clone, PartialEq)]
pub struct PartImage {
    pub bytes: Vec<u8>,
    pub uri: Option<String>,
}

/// Adds part `part`'s mesh (at height `z`), material, texture and image.
pub fn add_part_mesh(
    root: &mut Root,
    buffer: &mut BufferBuilder,
    space: Space,
    part: &Part,
    z: f64,
    image: &PartImage,
    morphs: &PartMorphs,
) -> Index<Mesh> {
    let mesh = &part.mesh;
    let positions: Vec<f32> = mesh
        .positions
        .iter()
        .flat_map(|&p| space.point(p, z))
        .collect();
    let uvs: Vec<f32> = mesh
        .uvs
        .iter()
        .flat_map(|uv| [uv[0] as f32, uv[1] as f32])
        .collect();
    let (joints, weights): (Vec<[u16; 4]>, Vec<[f32; 4]>) =
        part.binding.vertices.iter().map(vertex_influences).unzip();
    let weights: Vec<f32> = weights.into_iter().flatten().collect();

    let mut attributes = BTreeMap::new();
    let array = Some(Target::ArrayBuffer);
    let mut add = |semantic: Semantic, index| {
        attributes.insert(Checked::Valid(semantic), index);
    };
    add(
        Semantic::Positions,
        buffer.floats(root, &positions, Type::Vec3, array),
    );
    add(
        Semantic::TexCoords(0),
        buffer.floats(root, &uvs, Type::Vec2, array),
    );
    add(Semantic::Joints(0), buffer.joints(root, &joints));
    add(
        Semantic::Weights(0),
        buffer.floats(root, &weights, Type::Vec4, array),
    );
    let indices = buffer.indices(root, &mesh.triangles, mesh.positions.len());
    let targets: Vec<MorphTarget> = morphs
        .targets
        .iter()
        .map(|offsets| {
            let data: Vec<f32> = offsets.iter().flat_map(|&o| space.vector(o)).collect();
            MorphTarget {
                positions: Some(buffer.floats(root, &data, Type::Vec3, array)),
                normals: None,
                tangents: None,
            }
        })
        .collect();
    let material = add_material(root, buffer, part, image);
    let extras = (!morphs.names.is_empty())
        .then(|| serde_json::value::to_raw_value(&serde_json::json!({"targetNames": morphs.names})))
        .and_then(Result::ok);
    root.push(Mesh {
        name: Some(part.name.clone()),
        primitives: vec![Primitive {
            attributes,
            indices: Some(indices),
            material: Some(material),
            mode: Checked::Valid(Mode::Triangles),
            targets: (!targets.is_empty()).then_some(targets),
            extensions: None,
            extras: Default::default(),
        }],
        weights: (!morphs.targets.is_empty()).then(|| vec![0.0; morphs.targets.len()]),
        extensions: None,
        extras,
    })
}

fn add_material(
    root: &mut Root,
    buffer: &mut BufferBuilder,
    part: &Part,
    image: &PartImage,
) -> Index<Material> {
    let source = match &image.uri {
        Some(uri) => root.push(Image {
            buffer_view: None,
            mime_type: None,
            name: Some(part.name.clone()),
            uri: Some(uri.clone()),
            extensions: None,
            extras: Default::default(),
        }),
        None => {
            let view = buffer.view(root, &image.bytes, None);
            root.push(Image {
                buffer_view: Some(view),
                mime_type: Some(MimeType("image/png".into())),
                name: Some(part.name.clone()),
                uri: None,
                extensions: None,
                extras: Default::default(),
            })
        }
    };
    // Linear filtering without mipmaps: drawn at about one texel per pixel, as limber draws it.
    let sampler = root.push(texture::Sampler {
        mag_filter: Some(Checked::Valid(MagFilter::Linear)),
        min_filter: Some(Checked::Valid(MinFilter::Linear)),
        name: None,
        wrap_s: Checked::Valid(WrappingMode::ClampToEdge),
        wrap_t: Checked::Valid(WrappingMode::ClampToEdge),
        extensions: None,
        extras: Default::default(),
    });
    let texture = root.push(Texture {
        name: Some(part.name.clone()),
        sampler: Some(sampler),
        source,
        extensions: None,
        extras: Default::default(),
    });
    root.push(Material {
        name: Some(part.name.clone()),
        alpha_mode: Checked::Valid(AlphaMode::Blend),
        alpha_cutoff: None,
        double_sided: true,
        pbr_metallic_roughness: PbrMetallicRoughness {
            base_color_factor: PbrBaseColorFactor([1.0; 4]),
            base_color_texture: Some(texture::Info {
                index: texture,
                tex_coord: 0,
                extensions: None,
                extras: Default::default(),
            }),
            metallic_factor: StrengthFactor(0.0),
            roughness_factor: StrengthFactor(1.0),
            metallic_roughness_texture: None,
            extensions: None,
            extras: Default::default(),
        },
        normal_texture: None,
        occlusion_texture: None,
        emissive_texture: None,
        emissive_factor: Default::default(),
        extensions: Some(extensions::material::Material {
            unlit: Some(extensions::material::Unlit {}),
        }),
        extras: Default::default(),
    })
}
