//! Spine 4.2 export: a project as a Spine skeleton JSON, its atlas text and the atlas page PNGs.
//!
//! - [`skeleton`]: the coordinate mapping, bones (setup pose = rest pose) and slots.
//! - [`attachments`]: one weighted mesh per part, hull first.
//! - [`atlas`]: one page per part.
//! - [`constraints`]: two-bone IK as Spine IK constraints (other constraints are baked).
//! - [`animation`] and [`part_timelines`]: one animation per clip; [`curves`]: limber's
//!   interpolation as Spine curves.
//!
//! See `docs/SPINE.md` for the mapping, what is baked and what is dropped.

pub mod animation;
pub mod atlas;
pub mod attachments;
pub mod constraints;
pub mod curves;
pub mod part_timelines;
pub mod skeleton;

use std::path::{Path, PathBuf};

use serde_json::{Map, Value, json};
use thiserror::Error;

use self::animation::{AnimationInput, animation_json};
use self::atlas::{Page, atlas_text, region_name};
use self::attachments::{PartMesh, part_mesh};
use self::part_timelines::PartTimelines;
use self::skeleton::{Bones, slot_order, slots_json};
use crate::gltf::container::write_file;
use limber_core::pose::PoseSolver;
use limber_core::project::Project;
use limber_core::skeleton::SkeletonError;

/// The Spine version the JSON is written for.
pub const SPINE_VERSION: &str = "4.2.0";
/// Samples per second for baked bones of a clip without a frame rate of its own.
pub const DEFAULT_FPS: f64 = 30.0;

/// Export settings.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct SpineOptions {
    /// Samples per second for baked bones (1–1000); `None`: each clip's own frame rate,
    /// [`DEFAULT_FPS`] for a clip without one.
    pub fps: Option<f64>,
}

/// Why a Spine export failed.
#[derive(Debug, Error)]
pub enum SpineError {
    #[error("{0}")]
    BadOption(String),
    #[error("invalid skeleton: {0}")]
    Skeleton(#[from] SkeletonError),
    #[error("image of part \"{part}\" not readable at {path}: {message}")]
    Image {
        part: String,
        path: PathBuf,
        message: String,
    },
    #[error("{}: cannot write: {source}", path.display())]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    /// An output would replace one of the export's inputs (the project or a part's image).
    #[error("{0}")]
    Overwrite(#[from] limber_core::output_guard::OverwriteError),
}

/// A built export: the skeleton JSON, the atlas text and its pages (one per part, project order).
#[derive(Debug, Clone)]
pub struct SpineDocument {
    pub skeleton: Value,
    pub atlas: String,
    pub pages: Vec<Page>,
    /// What the export baked or could not carry over (one sentence each).
    pub warnings: Vec<String>,
}

/// Builds the export of `project`; `name` names the page files (`NAME_N.png`).
pub fn build(
    project: &Project,
    name: &str,
    options: &SpineOptions,
) -> Result<SpineDocument, SpineError> {
    if let Some(fps) = options.fps
        && !(fps.is_finite() && (1.0..=1000.0).contains(&fps))
    {
        return Err(SpineError::BadOption(format!(
            "--fps {fps} is not a rate from 1 to 1000 samples per second"
        )));
    }
    let rig = &project.rig;
    let solver = PoseSolver::new(&rig.skeleton)?;
    let bones = Bones::new(&rig.skeleton)?;
    let order = slot_order(project);
    let pages: Vec<Page> = project
        .parts
        .iter()
        .enumerate()
        .map(|(i, part)| Page {
            file: format!("{name}_{i}.png"),
            width: part.mesh.width,
            height: part.mesh.height,
            region: region_name(i, &part.name),
            pixel_art: part.pixel_art,
        })
        .collect();
    let meshes: Vec<PartMesh> = project
        .parts
        .iter()
        .zip(&pages)
        .map(|(part, page)| part_mesh(part, &bones, &page.region))
        .collect();
    let mut skin = Map::new();
    for &i in &order {
        let part = &project.parts[i];
        skin.insert(
            part.name.clone(),
            json!({ part.name.clone(): meshes[i].json.clone() }),
        );
    }
    let parts = PartTimelines {
        project,
        slot_order: &order,
        meshes: &meshes,
    };
    let mut animations = Map::new();
    let mut warnings = Vec::new();
    let native = constraints::native_ik(rig);
    for clip in &rig.clips {
        let rate = options
            .fps
            .or(clip.fps.map(f64::from))
            .unwrap_or(DEFAULT_FPS);
        let input = AnimationInput {
            project,
            solver: &solver,
            bones: &bones,
            parts: &parts,
            rate,
            native_ik: &native,
        };
        animations.insert(clip.name.clone(), animation_json(&input, clip));
        let constrained: Vec<&str> = constraints::baked_bones(rig, &native, clip)
            .iter()
            .enumerate()
            .filter(|(_, c)| **c)
            .map(|(b, _)| rig.skeleton.bones[b].name.as_str())
            .collect();
        if !constrained.is_empty() {
            warnings.push(format!(
                "clip \"{}\": constraints and springs are baked into keys at {rate} per second on \
                 bone(s) {}",
                clip.name,
                constrained.join(", ")
            ));
        }
    }
    let mut events = Map::new();
    for event in rig.clips.iter().flat_map(|c| &c.events) {
        events.insert(event.name.clone(), json!({}));
    }
    let [width, height] = project.canvas_size();
    let mut root = json!({
        "skeleton": {
            "spine": SPINE_VERSION,
            "x": 0.0,
            "y": -f64::from(height),
            "width": width,
            "height": height,
            "images": "./",
        },
        "bones": bones.json(&rig.skeleton),
        "slots": slots_json(project, &order, &bones.root),
        "skins": [{ "name": "default", "attachments": skin }],
        "animations": animations,
    });
    if !events.is_empty() {
        root["events"] = Value::Object(events);
    }
    if !native.is_empty() {
        root["ik"] = constraints::ik_json(rig, &native);
    }
    Ok(SpineDocument {
        skeleton: root,
        atlas: atlas_text(&pages),
        pages,
        warnings,
    })
}

pub use crate::Written;

/// Exports the project loaded from `project_path` into the folder `out_dir` (made if missing) as
/// `NAME.json`, `NAME.atlas` and `NAME_N.png`, NAME being the project file's stem.
pub fn export(
    project: &Project,
    project_path: &Path,
    out_dir: &Path,
    options: &SpineOptions,
) -> Result<Written, SpineError> {
    let name = project_path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "skeleton".into());
    let document = build(project, &name, options)?;
    let images = project
        .parts
        .iter()
        .enumerate()
        .map(|(i, part)| {
            let path = project.image_path(project_path, i);
            limber_core::image_io::read_png_file(&path).map_err(|e| SpineError::Image {
                part: part.name.clone(),
                path,
                message: e.to_string(),
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    let json = serde_json::to_vec_pretty(&document.skeleton).unwrap_or_default();
    let mut outputs: Vec<(PathBuf, &[u8])> = vec![
        (out_dir.join(format!("{name}.json")), json.as_slice()),
        (
            out_dir.join(format!("{name}.atlas")),
            document.atlas.as_bytes(),
        ),
    ];
    for (page, bytes) in document.pages.iter().zip(&images) {
        outputs.push((out_dir.join(&page.file), bytes.as_slice()));
    }
    // Nothing is written when any output is one of the inputs (a page named like a part's image).
    limber_core::output_guard::Inputs::of_project(project, project_path)
        .check_all(outputs.iter().map(|(path, _)| path.as_path()))?;
    // A file or a dangling link in the way is named ("… is a file, not a folder").
    limber_core::folders::ensure_folder(out_dir).map_err(|source| SpineError::Write {
        path: out_dir.to_path_buf(),
        source,
    })?;
    let mut files = Vec::new();
    let mut bytes = 0u64;
    for (path, data) in outputs {
        write_file(&path, data).map_err(|source| SpineError::Write {
            path: path.clone(),
            source,
        })?;
        bytes += data.len() as u64;
        files.push(path);
    }
    Ok(Written {
        files,
        bytes,
        warnings: document.warnings,
    })
}
