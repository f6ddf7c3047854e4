//! The project file (`.limber`): JSON with a format name and an integer version.
//!
//! It stores what the artist made (the skeleton, each part's image reference and settings) and the
//! derived mesh and weights, so a large project opens without recomputing. Derived data is tied to
//! its inputs by the image's CRC-32 and size and the settings that made it: [`Part::is_stale`] says
//! when the image has changed since. The image is referenced by a path relative to the project file's
//! folder (not embedded), so artists keep editing their PNGs in other tools. Saving is atomic, and
//! the same project always serialises to the same bytes.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::animation::{AnimationError, Clip};
use super::atomic_file::write_atomic;
use super::export_settings::ExportSettings;
use super::json_values::EstimateError;
use super::mesh::Mesh;
use super::pipeline::MeshSettings;
use super::rig::{Rig, RigError, RigFile};
use super::skeleton::Skeleton;
use super::triangulate::Triangles;
use super::weights::{Binding, WeightSettings, check_binding_on};

pub use super::part::Part;

/// The `format` field of every project file.
pub const FORMAT_NAME: &str = "limber";
/// The newest file version this build reads and the one it writes. Version 2 added clips and IK; a
/// version-1 file (whose `clips` is always empty) reads as a version-2 file without either. Version
/// 3 added look-at and child-of constraints and springs' mix; an older file reads as one without
/// them (springs at full mix). Version 4 added each part's `offset` (where its image sits on the
/// canvas; absent = the top-left corner) and the project's `canvas` size; an older file reads with
/// every offset zero and the canvas taken from its images. Version 5 added slots, attachments,
/// skins and slot keys ([`crate::slots`]); an older file reads as one where every part is a slot of
/// its own, so it samples and renders exactly as before. Version 6 gave each channel of a bone key
/// its own interpolation ([`crate::animation::curve::KeyCurves`]); an older key's one curve reads
/// as that curve on every channel, so an older file samples exactly as before. Version 7 added
/// handles in value offsets for bone channels ([`crate::animation::Interpolation::Handles`]: a
/// curve editor's handle can leave a flat segment); an older file has none and reads unchanged.
/// Version 8 added one-bone IK chains and IK softness, stretch, compress and uniform
/// ([`crate::animation::IkRecord`]), and transform constraints' separate y mixes and offsets
/// ([`crate::animation::TransformOffsets`]); an older file has none and reads unchanged. Version 9
/// added cuts ([`crate::cuts`]) and version 10 physics constraints
/// ([`crate::animation::physics`]); an older file has neither and reads unchanged. Version 11 added
/// shear keys and bones' inheritance modes ([`crate::inherit`]); an older file has no shear and
/// every bone inherits everything, so it reads unchanged. Version 12 added path constraints
/// ([`crate::animation::path`]); an older file has none. Version 13 added shear in transform and
/// physics constraints and path keys; version 14 inheritance keys
/// ([`crate::animation::KeyRecord::inherit`]). An older file has none of them and reads unchanged.
pub const FORMAT_VERSION: u32 = 14;
/// Largest project file accepted, in bytes.
pub const MAX_PROJECT_BYTES: u64 = 512 << 20;

/// Everything an artist made: the rig (skeleton, constraints, springs, clips) and the parts.
#[derive(Debug, Clone, PartialEq)]
pub struct Project {
    pub rig: Rig,
    pub parts: Vec<Part>,
    /// The canvas size in pixels when it was set (an imported layered file's canvas); `None` takes
    /// it from the parts' images ([`Project::canvas_size`]).
    pub canvas: Option<[u32; 2]>,
    /// The editor's export choices, per format (written only when some are remembered; a file
    /// without them reads with none).
    pub exports: ExportSettings,
}

/// Why a project could not be read or written.
#[derive(Debug, Error)]
pub enum ProjectError {
    #[error("cannot read file: {0}")]
    Io(#[from] std::io::Error),
    #[error("cannot write file: {0}")]
    Write(std::io::Error),
    #[error("file is {0} bytes, over the {MAX_PROJECT_BYTES}-byte limit")]
    TooLarge(u64),
    #[error("not a limber project: {0}")]
    NotJson(#[from] serde_json::Error),
    #[error(
        "its values would take over {} bytes of memory once read (estimated before reading), \
         over the limit for a project",
        crate::over_limit::thousands(*limit)
    )]
    TooManyValues { limit: u64 },
    /// A save refused because the file would be refused when opened (written nowhere).
    #[error("{0}, so it could not be opened again")]
    WouldNotLoad(Box<ProjectError>),
    #[error("not a limber project (format is \"{0}\")")]
    WrongFormat(String),
    #[error("from a newer limber: file version {found}, this build reads up to {FORMAT_VERSION}")]
    NewerVersion { found: String },
    /// A version that is no whole number from 1 (negative, fractional, text), as written (cut to
    /// 40 characters, control characters escaped by the JSON writer).
    #[error("file version {0} is not a version (versions are whole numbers from 1)")]
    NotAVersion(String),
    #[error("invalid animation: {0}")]
    Animation(#[from] AnimationError),
    #[error("file version 0 does not exist (versions start at 1)")]
    OldVersion,
    #[error("{0}")]
    Rig(#[from] RigError),
    #[error("{0}")]
    Read(crate::read_file::ReadError),
    #[error("the canvas size is zero")]
    ZeroCanvas,
    #[error("invalid part \"{part}\": {problem}")]
    InvalidPart { part: String, problem: String },
    #[error("invalid slots: {0}")]
    Slots(#[from] crate::slots::SlotError),
}

/// Refuses a file version this build cannot read: 0, past [`FORMAT_VERSION`] (however large), or
/// anything but a whole number.
fn check_version(version: &serde_json::Value) -> Result<(), ProjectError> {
    let written = || version.to_string().chars().take(40).collect::<String>();
    match (version.as_u64(), version.as_f64()) {
        (Some(0), _) => Err(ProjectError::OldVersion),
        (Some(found), _) if found <= u64::from(FORMAT_VERSION) => Ok(()),
        (Some(_), _) => Err(ProjectError::NewerVersion { found: written() }),
        // A whole number past `u64` (JSON reads it as a float): newer still.
        (None, Some(f)) if f.fract() == 0.0 && f > f64::from(FORMAT_VERSION) => {
            Err(ProjectError::NewerVersion { found: written() })
        }
        _ => Err(ProjectError::NotAVersion(written())),
    }
}

#[derive(Serialize, Deserialize)]
struct ProjectFile {
    format: String,
    version: u32,
    /// Written only when set (format version 4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    canvas: Option<[u32; 2]>,
    /// The editor's remembered export choices: optional, unknown fields ignored.
    #[serde(default, skip_serializing_if = "ExportSettings::is_empty")]
    exports: ExportSettings,
    /// Read on a pass of its own (`from_bytes`): serde buffers a flattened field whole before
    /// reading it, about ten times the file's size in memory for a file of many keys.
    #[serde(flatten, skip_deserializing)]
    rig: RigFile,
    parts: Vec<PartFile>,
}

/// Refuses project bytes that [`Project::load`] would refuse for their size before parsing them.
fn check_loadable_size(bytes: &[u8]) -> Result<(), ProjectError> {
    let refused = if bytes.len() as u64 > MAX_PROJECT_BYTES {
        ProjectError::TooLarge(bytes.len() as u64)
    } else {
        let limit = crate::limits::Limits::current().project_parsed_bytes;
        match crate::json_values::within(bytes, limit) {
            Err(EstimateError::OverLimit) => ProjectError::TooManyValues { limit },
            _ => return Ok(()),
        }
    };
    Err(ProjectError::WouldNotLoad(Box::new(refused)))
}

/// Refuses two parts of one name (part keys and exports find parts by name).
pub fn check_unique_parts(parts: &[Part]) -> Result<(), ProjectError> {
    match crate::project_checks::duplicate_name(parts.iter().map(|p| p.name.as_str())) {
        Some(name) => Err(ProjectError::InvalidPart {
            part: name.to_string(),
            problem: "two parts have this name (part names must be unique)".into(),
        }),
        None => Ok(()),
    }
}

fn is_origin(offset: &[u32; 2]) -> bool {
    *offset == [0, 0]
}

#[derive(Serialize, Deserialize)]
struct PartFile {
    name: String,
    #[serde(default)]
    draw_order: i32,
    image: String,
    image_crc32: u32,
    image_size: [u32; 2],
    /// The image's top-left corner on the canvas; written only when not zero (format version 4).
    #[serde(default, skip_serializing_if = "is_origin")]
    offset: [u32; 2],
    mesh_settings: MeshSettings,
    /// Written only when true (files from before it load as not edited).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    mesh_edited: bool,
    /// Written only when true (format version 3).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pixel_art: bool,
    weight_settings: WeightSettings,
    vertices: Vec<[f64; 2]>,
    triangles: Vec<[u32; 3]>,
    /// Per vertex: [[bone index, weight], ...].
    influences: Vec<Vec<(usize, f64)>>,
}

impl Project {
    /// Serialises to the file's JSON bytes (compact, one line, newline-terminated).
    pub fn to_bytes(&self) -> Vec<u8> {
        let file = ProjectFile {
            format: FORMAT_NAME.into(),
            version: FORMAT_VERSION,
            canvas: self.canvas,
            exports: self.exports.clone(),
            rig: RigFile::from_rig(&self.rig),
            parts: self
                .parts
                .iter()
                .map(|p| PartFile {
                    name: p.name.clone(),
                    draw_order: p.draw_order,
                    image: p.image.to_string_lossy().replace('\\', "/"),
                    image_crc32: p.image_crc32,
                    image_size: [p.mesh.width, p.mesh.height],
                    offset: p.mesh.offset,
                    mesh_settings: p.mesh_settings.clone(),
                    mesh_edited: p.mesh_edited,
                    pixel_art: p.pixel_art,
                    weight_settings: p.weight_settings,
                    vertices: p.mesh.positions.clone(),
                    triangles: p.mesh.triangles.clone(),
                    influences: p.binding.vertices.clone(),
                })
                .collect(),
        };
        let mut bytes = serde_json::to_vec(&file).unwrap_or_default();
        bytes.push(b'\n');
        bytes
    }

    /// Parses and validates project JSON.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, ProjectError> {
        // Estimated before anything is parsed: parsed, the values could take several times the
        // file's size ([`crate::json_values`]).
        let limit = crate::limits::Limits::current().project_parsed_bytes;
        match crate::json_values::within(bytes, limit) {
            Err(EstimateError::OverLimit) => return Err(ProjectError::TooManyValues { limit }),
            Err(EstimateError::NotJson(error)) => return Err(ProjectError::NotJson(error)),
            Ok(_) => {}
        }
        // Read the header first, so a newer file is refused for its version, not for a field it added.
        // The version is read as any JSON value, so one past `u32` or below zero is named as
        // written rather than reported as a parser's type error.
        #[derive(Deserialize)]
        struct Header {
            format: String,
            version: serde_json::Value,
        }
        let header: Header = serde_json::from_slice(bytes)?;
        if header.format != FORMAT_NAME {
            return Err(ProjectError::WrongFormat(header.format));
        }
        check_version(&header.version)?;
        let file: ProjectFile = serde_json::from_slice(bytes)?;
        let rig = serde_json::from_slice::<RigFile>(bytes)?.validate()?;
        let parts = file
            .parts
            .into_iter()
            .map(|p| part_from_file(p, &rig.skeleton))
            .collect::<Result<Vec<_>, _>>()?;
        check_unique_parts(&parts)?;
        check_part_keys(&rig.clips, &parts)?;
        crate::slots::validate::check_project(&rig.slots, &rig.clips, &parts)?;
        if let Some(canvas) = file.canvas
            && canvas.contains(&0)
        {
            return Err(ProjectError::ZeroCanvas);
        }
        Ok(Self {
            rig,
            parts,
            canvas: file.canvas,
            exports: file.exports,
        })
    }

    /// Saves atomically (see [`write_atomic`]). A project the loader would refuse for its size (the
    /// file's bytes, or the memory its values would take) is not written.
    pub fn save(&self, path: &Path) -> Result<(), ProjectError> {
        let bytes = self.to_bytes();
        check_loadable_size(&bytes)?;
        write_atomic(path, &bytes).map_err(ProjectError::Write)
    }

    /// Loads and validates a project file.
    pub fn load(path: &Path) -> Result<Self, ProjectError> {
        Self::from_bytes(&crate::read_file::read_capped(path, MAX_PROJECT_BYTES)?)
    }

    /// The canvas in pixels: the one set, grown to hold every part's image (at least 1 × 1).
    pub fn canvas_size(&self) -> [u32; 2] {
        self.parts
            .iter()
            .map(|p| p.mesh.image_end())
            .fold(self.canvas.unwrap_or([1, 1]), |[w, h], [x, y]| {
                [w.max(x), h.max(y)]
            })
    }

    /// Every slot: the written ones and each part no slot draws ([`crate::slots::resolve`]).
    pub fn slots(&self) -> Vec<crate::slots::SlotView<'_>> {
        crate::slots::slot_list(&self.parts, &self.rig.slots)
    }

    /// Shows skin `name` (`default`: every attachment by its own name); refuses an unknown skin.
    pub fn set_skin(&mut self, name: &str) -> Result<(), crate::slots::SlotError> {
        self.rig.slots.set_active_skin(name)
    }

    /// The clip called `name`.
    pub fn clip(&self, name: &str) -> Option<&Clip> {
        self.rig.clips.iter().find(|c| c.name == name)
    }

    /// Where part `index`'s image is, for a project file at `project_path`.
    pub fn image_path(&self, project_path: &Path, index: usize) -> PathBuf {
        let folder = project_path.parent().unwrap_or(Path::new(""));
        folder.join(&self.parts[index].image)
    }
}

impl From<crate::read_file::ReadError> for ProjectError {
    fn from(error: crate::read_file::ReadError) -> Self {
        match error {
            crate::read_file::ReadError::Io(io) => Self::Io(io),
            other => Self::Read(other),
        }
    }
}

/// Checks that every part key of every clip names a part of the project and deforms only its
/// vertices.
pub fn check_part_keys(clips: &[Clip], parts: &[Part]) -> Result<(), AnimationError> {
    for clip in clips {
        for key in clip.part_keys() {
            let bad = |problem: String| AnimationError::BadKey {
                clip: clip.name.clone(),
                what: format!("part \"{}\"", key.part),
                time: key.time,
                problem,
            };
            let part = parts
                .iter()
                .find(|p| p.name == key.part)
                .ok_or_else(|| bad("there is no part of this name".into()))?;
            let count = part.mesh.positions.len();
            if let Some(deform) = &key.deform
                && deform.vertices.last().is_some_and(|&v| v as usize >= count)
            {
                return Err(bad(format!(
                    "it deforms a vertex beyond the part's {count}"
                )));
            }
        }
    }
    Ok(())
}

/// The path of `image` relative to the folder that will hold `project` (absolute if there is none).
pub fn relative_image_path(image: &Path, project: &Path) -> PathBuf {
    let absolute = |p: &Path| std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
    let image = absolute(image);
    let folder = absolute(project)
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default();
    pathdiff::diff_paths(&image, &folder).unwrap_or(image)
}

fn part_from_file(p: PartFile, skeleton: &Skeleton) -> Result<Part, ProjectError> {
    let invalid = |problem: String| ProjectError::InvalidPart {
        part: p.name.clone(),
        problem,
    };
    let [width, height] = p.image_size;
    if width == 0 || height == 0 {
        return Err(invalid("image size is zero".into()));
    }
    p.mesh_settings
        .validate()
        .map_err(|e| invalid(e.to_string()))?;
    if !(p.weight_settings.smoothness.is_finite() && p.weight_settings.smoothness > 0.0) {
        return Err(invalid("smoothness must be a positive number".into()));
    }
    let n = p.vertices.len();
    if let Some(v) = p.vertices.iter().find(|v| !v.iter().all(|c| c.is_finite())) {
        return Err(invalid(format!("vertex {v:?} is not finite")));
    }
    if let Some(t) = p
        .triangles
        .iter()
        .find(|t| t.iter().any(|&i| i as usize >= n))
    {
        return Err(invalid(format!(
            "triangle {t:?} names a vertex beyond the {n} there are"
        )));
    }
    if p.influences.len() != n {
        return Err(invalid(format!(
            "{} influence lists for {n} vertices",
            p.influences.len()
        )));
    }
    if p.offset.iter().any(|&o| o > u32::MAX / 2) {
        return Err(invalid(format!("offset {:?} is out of range", p.offset)));
    }
    crate::project_checks::check_part_mesh(&crate::project_checks::PartMeshView {
        offset: p.offset,
        image_size: p.image_size,
        settings: &p.mesh_settings,
        mesh_edited: p.mesh_edited,
        vertices: &p.vertices,
        triangles: &p.triangles,
    })
    .map_err(|e| invalid(e.to_string()))?;
    let binding = Binding {
        vertices: p.influences,
    };
    check_binding_on(&binding, skeleton).map_err(|e| invalid(e.to_string()))?;
    let mesh = Mesh::from_triangles_at(
        p.offset,
        width,
        height,
        Triangles {
            positions: p.vertices,
            triangles: p.triangles,
        },
    );
    Ok(Part {
        name: p.name,
        draw_order: p.draw_order,
        image: PathBuf::from(p.image),
        image_crc32: p.image_crc32,
        mesh_settings: p.mesh_settings,
        mesh_edited: p.mesh_edited,
        weight_settings: p.weight_settings,
        mesh: Arc::new(mesh),
        binding,
        pixel_art: p.pixel_art,
    })
}
