//! glTF 2.0 export: a project as skinned meshes, a skeleton of nodes and one animation per clip, in
//! a binary `.glb` or a `.gltf` with its `.bin` and PNGs. The data model is the `gltf-json` crate's.
//!
//! - [`space`]: image pixels (y down) → glTF units (y up), z from draw order.
//! - [`skeleton`]: the armature root, bone nodes at rest, the skin; [`sheared`]: bones with shear or
//!   a partial inheritance as two nodes.
//! - [`mesh`] and [`influences`]: one mesh per part, its joints and f32-normalised weights, its
//!   material and texture; [`morph`]: deform keys as morph targets.
//! - [`tracks`] and [`animation`]: clips as samplers and channels (keys, or baked constraints);
//!   [`attachments`]: what slots show, as the part nodes' scale (0 hidden, 1 shown).
//! - [`buffer`]: the binary buffer, views and accessors; [`container`]: the files.
//!
//! See `docs/GLTF.md` for the mapping and its limits.

pub mod animation;
pub mod attachments;
pub mod budget;
pub mod buffer;
pub mod container;
pub mod influences;
pub mod mesh;
pub mod morph;
pub mod sheared;
pub mod skeleton;
pub mod space;
pub mod tracks;

use std::path::{Path, PathBuf};

use gltf_json::validation::USize64;
use gltf_json::{Buffer, Index, Node, Root, Scene};
use thiserror::Error;

use self::animation::{AnimationScene, add_animation};
use self::buffer::BufferBuilder;
use self::container::{folder_of, glb_bytes, sidecar_names, write_file};
use self::mesh::{PartImage, add_part_mesh};
use self::morph::PartMorphs;
use self::skeleton::{BoneLocals, add_armature, empty_node};
use self::space::Space;
use limber_core::pose::PoseSolver;
use limber_core::project::Project;
use limber_core::skeleton::SkeletonError;

/// Samples per second for baked constraints and resampled Bézier segments of a clip without a frame
/// rate of its own, unless asked otherwise.
pub const DEFAULT_FPS: f64 = 30.0;
/// Image pixels per glTF unit (metre), unless asked otherwise.
pub const DEFAULT_PIXELS_PER_UNIT: f64 = 100.0;
/// Most bones a skin can index with 16-bit joints (joint 0 is the armature root).
pub const MAX_BONES: usize = u16::MAX as usize - 1;

/// Export settings.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GltfOptions {
    /// Samples per second for baking and Bézier segments (1–1000); `None`: each clip's own frame
    /// rate, [`DEFAULT_FPS`] for a clip without one.
    pub fps: Option<f64>,
    /// Image pixels per glTF unit (> 0).
    pub pixels_per_unit: f64,
}

impl Default for GltfOptions {
    fn default() -> Self {
        Self {
            fps: None,
            pixels_per_unit: DEFAULT_PIXELS_PER_UNIT,
        }
    }
}

/// Why an export failed.
#[derive(Debug, Error)]
pub enum ExportError {
    #[error("{0}")]
    BadOption(String),
    #[error("the output must end in .glb or .gltf")]
    Extension,
    #[error("invalid skeleton: {0}")]
    Skeleton(#[from] SkeletonError),
    #[error("{0} bones, more than a glTF skin holds here ({MAX_BONES})")]
    TooManyBones(usize),
    #[error("image of part \"{part}\" not readable at {path}: {source}")]
    Image {
        part: String,
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{}: cannot write: {source}", path.display())]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    /// An output file would replace the project or a part's image.
    #[error(transparent)]
    Overwrite(#[from] limber_core::output_guard::OverwriteError),
    #[error("{0}")]
    Budget(String),
    #[error("cannot export: {0}")]
    NotFinite(String),
    #[error("cannot serialise the glTF JSON: {0}")]
    Json(#[from] gltf_json::Error),
}

/// A built glTF document: the JSON root and the binary buffer it refers to (buffer 0).
#[derive(Debug)]
pub struct GltfDocument {
    pub root: Root,
    pub bin: Vec<u8>,
    /// Slot colour channels through `KHR_animation_pointer`, added to the JSON as it is written.
    pub pointers: Vec<attachments::PointerChannel>,
    /// What the export could not carry over (one sentence each).
    pub warnings: Vec<String>,
}

/// Builds the glTF document of `project`; `images[i]` is part i's PNG.
pub fn build(
    project: &Project,
    images: &[PartImage],
    options: &GltfOptions,
) -> Result<GltfDocument, ExportError> {
    check_options(options)?;
    budget::check_export(project, options)?;
    let skeleton = &project.rig.skeleton;
    if skeleton.bones.len() > MAX_BONES {
        return Err(ExportError::TooManyBones(skeleton.bones.len()));
    }
    let solver = PoseSolver::new(skeleton)?;
    let space = Space {
        pixels_per_unit: options.pixels_per_unit,
    };
    let mut root = Root {
        asset: gltf_json::Asset {
            generator: Some(format!("limber {}", env!("CARGO_PKG_VERSION"))),
            ..Default::default()
        },
        extensions_used: vec!["KHR_materials_unlit".into()],
        ..Default::default()
    };
    let mut buffer = BufferBuilder::default();
    let locals = BoneLocals::new(skeleton, space);
    let sheared = sheared::sheared_bones(&project.rig);
    let armature = add_armature(&mut root, &mut buffer, skeleton, &locals, &sheared, space);

    // Parts back to front (draw order, then project order), each its own skinned mesh node.
    let mut order: Vec<usize> = (0..project.parts.len()).collect();
    order.sort_by_key(|&i| project.parts[i].draw_order);
    let mut parts: Vec<Option<(Index<Node>, PartMorphs)>> = vec![None; project.parts.len()];
    let shown = attachments::shown_at_rest(project, &solver);
    let mut materials: Vec<Option<u32>> = vec![None; project.parts.len()];
    let colours = attachments::setup_colours(project, &solver);
    for &i in &order {
        let part = &project.parts[i];
        let morphs = PartMorphs::new(&part.name, part.mesh.positions.len(), &project.rig.clips);
        let z = space.z(part.draw_order, i, project.parts.len());
        let image = images.get(i).cloned().unwrap_or(PartImage {
            bytes: Vec::new(),
            uri: None,
        });
        let mesh = add_part_mesh(&mut root, &mut buffer, space, part, z, &image, &morphs);
        // The slot's setup colour multiplies the texture (unlit: the base colour is the colour).
        let material = root.meshes[mesh.value()]
            .primitives
            .first()
            .and_then(|p| p.material);
        materials[i] = material.map(|m| m.value() as u32);
        if let Some(material) = material {
            root.materials[material.value()]
                .pbr_metallic_roughness
                .base_color_factor = gltf_json::material::PbrBaseColorFactor(colours[i]);
        }
        let node = root.push(Node {
            name: Some(part.name.clone()),
            mesh: Some(mesh),
            skin: Some(armature.skin),
            // A part no slot shows at rest (another attachment, another skin's) is scaled to 0.
            scale: (!shown[i]).then_some([0.0; 3]),
            ..empty_node()
        });
        parts[i] = Some((node, morphs));
    }
    let parts: Vec<(Index<Node>, PartMorphs)> = parts.into_iter().flatten().collect();
    let scene_nodes: Vec<Index<Node>> = std::iter::once(armature.root)
        .chain(order.iter().map(|&i| parts[i].0))
        .collect();

    let scene = AnimationScene {
        project,
        solver: &solver,
        locals: &locals,
        armature: &armature,
        parts: &parts,
        rate: options.fps,
    };
    let mut pointers = Vec::new();
    for (k, clip) in project.rig.clips.iter().enumerate() {
        let Some(animation) = add_animation(&mut root, &mut buffer, &scene, k) else {
            continue;
        };
        let timing = tracks::Timing {
            duration: clip.duration,
            rate: options
                .fps
                .or(clip.fps.map(f64::from))
                .unwrap_or(DEFAULT_FPS),
        };
        let mut flat = clip.clone();
        flat.looping = false;
        for (pointer, track) in attachments::colour_tracks(project, &flat, timing, &materials) {
            let input = buffer.floats(
                &mut root,
                &track.times,
                gltf_json::accessor::Type::Scalar,
                None,
            );
            let values: Vec<f32> = track.values.iter().flatten().map(|&v| v as f32).collect();
            let output = buffer.floats(&mut root, &values, gltf_json::accessor::Type::Vec4, None);
            pointers.push(attachments::PointerChannel {
                animation: animation.value(),
                input,
                output,
                mode: track.mode,
                pointer,
            });
        }
    }
    let default_scene = root.push(Scene {
        name: Some("limber".into()),
        nodes: scene_nodes,
        extensions: None,
        extras: Default::default(),
    });
    root.scene = Some(default_scene);
    root.push(Buffer {
        byte_length: USize64::from(buffer.bytes.len()),
        name: None,
        uri: None,
        extensions: None,
        extras: Default::default(),
    });
    Ok(GltfDocument {
        root,
        bin: buffer.bytes,
        pointers,
        warnings: unexported_keys(project),
    })
}

pub use crate::Written;

/// Exports the project loaded from `project_path` to `out` (`.glb`, or `.gltf` with its `.bin` and
/// PNGs beside it). Reads each part's image from where the project says it is.
pub fn export(
    project: &Project,
    project_path: &Path,
    out: &Path,
    options: &GltfOptions,
) -> Result<Written, ExportError> {
    let extension = out
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase());
    let binary = match extension.as_deref() {
        Some("glb") => true,
        Some("gltf") => false,
        _ => return Err(ExportError::Extension),
    };
    let (bin_name, image_names) = sidecar_names(out, project.parts.len());
    // Nothing the export reads (the project, its parts' images) is written over, by the file
    // itself or by a side file (a part whose image is `NAME_1.png` next to `NAME.gltf`).
    let folder = folder_of(out);
    let sidecar_paths: Vec<PathBuf> = if binary {
        Vec::new()
    } else {
        std::iter::once(&bin_name)
            .chain(&image_names)
            .map(|name| folder.join(name))
            .collect()
    };
    limber_core::output_guard::Inputs::of_project(project, project_path)
        .check_all(std::iter::once(out).chain(sidecar_paths.iter().map(PathBuf::as_path)))?;
    // A missing folder is made before writing (as every export does); what is in its way is
    // named before any work.
    let folder_error = |source| ExportError::Write {
        path: out.to_path_buf(),
        source,
    };
    limber_core::folders::check_folder(&folder).map_err(folder_error)?;
    // Each output can be written as a file (a folder or a FIFO in the way of one is named) before
    // any is: a refused export writes nothing.
    for path in std::iter::once(out).chain(sidecar_paths.iter().map(PathBuf::as_path)) {
        limber_core::atomic_file::destination(path).map_err(|source| ExportError::Write {
            path: path.to_path_buf(),
            source,
        })?;
    }
    let images = project
        .parts
        .iter()
        .enumerate()
        .map(|(i, part)| {
            let path = project.image_path(project_path, i);
            // Through the size-limited reader, as every other image read.
            let bytes =
                limber_core::image_io::read_png_file(&path).map_err(|e| ExportError::Image {
                    part: part.name.clone(),
                    path,
                    source: match e {
                        limber_core::CoreError::Io(io) => io,
                        other => std::io::Error::other(other.to_string()),
                    },
                })?;
            let uri = (!binary).then(|| image_names[i].clone());
            Ok(PartImage { bytes, uri })
        })
        .collect::<Result<Vec<_>, ExportError>>()?;
    let mut document = build(project, &images, options)?;
    let write = |path: &Path, bytes: &[u8]| {
        write_file(path, bytes).map_err(|source| ExportError::Write {
            path: path.to_path_buf(),
            source,
        })
    };
    limber_core::folders::ensure_folder(&folder).map_err(folder_error)?;
    let mut files = Vec::new();
    let mut total = 0u64;
    if binary {
        let json = attachments::json_with_pointers(&document.root, &document.pointers)?;
        let glb = glb_bytes(
            &serde_json::to_vec(&json).unwrap_or_default(),
            &document.bin,
        );
        write(out, &glb)?;
        files.push(out.to_path_buf());
        total += glb.len() as u64;
    } else {
        if let Some(buffer) = document.root.buffers.first_mut() {
            buffer.uri = Some(bin_name.clone());
        }
        let json = attachments::json_with_pointers(&document.root, &document.pointers)?;
        let json = serde_json::to_vec_pretty(&json).unwrap_or_default();
        write(out, &json)?;
        files.push(out.to_path_buf());
        total += json.len() as u64;
        let sidecars = std::iter::once((bin_name, document.bin.as_slice())).chain(
            image_names
                .into_iter()
                .zip(images.iter().map(|i| i.bytes.as_slice())),
        );
        for (name, bytes) in sidecars {
            let path = folder.join(name);
            write(&path, bytes)?;
            total += bytes.len() as u64;
            files.push(path);
        }
    }
    Ok(Written {
        files,
        bytes: total,
        warnings: std::mem::take(&mut document.warnings),
        notes: Vec::new(),
    })
}

fn check_options(options: &GltfOptions) -> Result<(), ExportError> {
    if let Some(fps) = options.fps
        && !(fps.is_finite() && (1.0..=1000.0).contains(&fps))
    {
        return Err(ExportError::BadOption(format!(
            "--fps {fps} is not a rate from 1 to 1000 samples per second"
        )));
    }
    if !(options.pixels_per_unit.is_finite()
        && options.pixels_per_unit > 0.0
        && options.pixels_per_unit <= 1e6)
    {
        return Err(ExportError::BadOption(format!(
            "--pixels-per-unit {} is not a positive number (at most 1e6)",
            options.pixels_per_unit
        )));
    }
    Ok(())
}

/// Keys glTF 2.0 cannot carry: animated draw order (it has none). Visibility and attachment keys are
/// carried as node scale, colour keys through `KHR_animation_pointer` ([`attachments`]).
fn unexported_keys(project: &Project) -> Vec<String> {
    let mut warnings = Vec::new();
    for clip in &project.rig.clips {
        let mut draw_ordered: Vec<&str> = clip
            .part_keys()
            .iter()
            .filter(|k| k.draw_order.is_some())
            .map(|k| k.part.as_str())
            .collect();
        draw_ordered.dedup();
        for part in &project.parts {
            if draw_ordered.binary_search(&part.name.as_str()).is_ok() {
                warnings.push(format!(
                    "clip \"{}\" keys the draw order of part \"{}\", which glTF 2.0 cannot \
                     animate; the part keeps its rest draw order",
                    clip.name, part.name
                ));
            }
        }
        // Slot keys are sorted by slot name: each slot once.
        let mut slots: Vec<&str> = clip
            .slot_keys()
            .iter()
            .filter(|k| k.draw_order.is_some())
            .map(|k| k.slot.as_str())
            .collect();
        slots.dedup();
        for slot in slots {
            warnings.push(format!(
                "clip \"{}\" keys the draw order of slot \"{slot}\", which glTF 2.0 cannot \
                 animate; the slot keeps its setup draw order",
                clip.name
            ));
        }
    }
    warnings
}
