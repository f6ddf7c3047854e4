//! Spine 4.2 export: a project as a Spine skeleton JSON, its atlas text and the atlas page PNGs.
//!
//! - [`skeleton`]: the coordinate mapping, bones (setup pose = rest pose) and slots (setup
//!   attachment, colour, blend mode).
//! - [`attachments`]: one weighted mesh per part, hull first; [`skins`]: the default skin and every
//!   named skin, with bounding-box, point and clipping attachments.
//! - [`pages`]: the packed atlas — [`trim`]med regions [`pack`]ed into as few pages as fit, each
//!   region framed and [`bleed`]ing its colour into transparent texels; [`atlas`]: its text.
//! - [`constraints`]: one- and two-bone IK and look-at as Spine IK constraints (other constraints
//!   are baked).
//! - [`animation`], [`part_timelines`] (deform) and [`slot_timelines`] (attachment, colour, draw
//!   order): one animation per clip; [`curves`]: limber's interpolation as Spine curves.
//!
//! - [`lean`]: numbers with the precision the runtime reads, influences pruned under a threshold;
//!   the JSON is compact unless asked to be pretty; [`vertex_budget`]: parts over a vertex budget
//!   meshed again, coarser, for the export.
//!
//! See `docs/SPINE.md` for the mapping, what is baked and what is dropped.

pub mod animation;
pub mod atlas;
pub mod attachments;
pub mod bleed;
pub mod budget;
pub mod constraints;
pub mod curves;
pub mod lean;
pub mod live_transforms;
pub mod mix_timeline;
pub mod pack;
pub mod pages;
pub mod part_timelines;
pub mod paths;
pub mod physics;
pub mod rig_relations;
pub mod skeleton;
pub mod skins;
pub mod slot_timelines;
pub mod trim;
pub mod vertex_budget;

use std::path::{Path, PathBuf};

use serde_json::{Map, Value, json};
use thiserror::Error;

use self::animation::{AnimationInput, animation_json};
use self::atlas::{atlas_text, region_name};
use self::attachments::{MeshWriting, PartMesh, part_mesh};
use self::pages::{MAX_PAGE_RANGE, Source, pack_atlas};
use self::part_timelines::PartTimelines;
use self::skeleton::{Bones, slot_order, slots_json};
use self::slot_timelines::SlotTimelines;
use crate::gltf::container::write_file;
use limber_core::pose::PoseSolver;
use limber_core::project::Project;
use limber_core::skeleton::SkeletonError;

/// The Spine version the JSON is written for.
pub const SPINE_VERSION: &str = "4.2.0";
/// Samples per second for baked bones of a clip without a frame rate of its own.
pub const DEFAULT_FPS: f64 = 30.0;

/// The largest atlas page side unless asked otherwise (`--max-page`).
pub const DEFAULT_MAX_PAGE: u32 = 2048;

/// Export settings.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SpineOptions {
    /// Samples per second for baked bones (1–1000); `None`: each clip's own frame rate,
    /// [`DEFAULT_FPS`] for a clip without one.
    pub fps: Option<f64>,
    /// The largest width and height of an atlas page, in pixels (64–16384).
    pub max_page: u32,
    /// Write the pages with premultiplied alpha (`pma:true` in the atlas).
    pub premultiplied: bool,
    /// Indent the JSON for reading (compact otherwise).
    pub pretty: bool,
    /// Bone influences under this weight are left out of meshes and the rest renormalised
    /// ([`lean::MIN_WEIGHT_RANGE`]; 0 keeps them all).
    pub min_weight: f64,
    /// The most vertices a part's mesh may have ([`vertex_budget`]; applied by [`export`], which
    /// reads the images); `None`: as they are.
    pub max_vertices: Option<u32>,
}

impl Default for SpineOptions {
    fn default() -> Self {
        SpineOptions {
            fps: None,
            max_page: DEFAULT_MAX_PAGE,
            premultiplied: false,
            pretty: false,
            min_weight: lean::DEFAULT_MIN_WEIGHT,
            max_vertices: None,
        }
    }
}

/// What to do about a region too large for its page: the page size that fits it, named as `option`
/// (`--max-page` on the command line, the Export dialog's field in the editor).
pub fn page_hint(fits: Option<u32>, option: &str) -> String {
    match fits {
        Some(fits) => format!("{option} {fits} fits it"),
        None => format!("no page fits it ({option} is at most {})", MAX_PAGE_RANGE.1),
    }
}

/// Why a Spine export failed.
#[derive(Debug, Error)]
pub enum SpineError {
    #[error("{0}")]
    BadOption(String),
    /// Over a documented budget ([`budget`]).
    #[error("{0}")]
    Budget(String),
    #[error("invalid skeleton: {0}")]
    Skeleton(#[from] SkeletonError),
    #[error("image of part \"{part}\" not readable at {path}: {message}")]
    Image {
        part: String,
        path: PathBuf,
        message: String,
    },
    #[error(
        "part \"{part}\" is {width} x {height} px after trimming, too large for an atlas page \
         of --max-page {max_page} with its 2 px padding: {}",
        page_hint(*.fits, "--max-page")
    )]
    RegionTooLarge {
        part: String,
        width: u64,
        height: u64,
        max_page: u32,
        /// The smallest page size that holds it, when one in [`MAX_PAGE_RANGE`] does.
        fits: Option<u32>,
    },
    #[error("cannot encode atlas page {file}: {message}")]
    Encode { file: String, message: String },
    #[error("{}: cannot write: {source}", path.display())]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    /// An output would replace one of the export's inputs (the project or a part's image).
    #[error("{0}")]
    Overwrite(#[from] limber_core::output_guard::OverwriteError),
}

/// A built skeleton: the Spine JSON, whose meshes name their atlas regions ([`region_name`]).
#[derive(Debug, Clone)]
pub struct SpineDocument {
    pub skeleton: Value,
    /// What the export baked or could not carry over (one sentence each).
    pub warnings: Vec<String>,
    /// What the export did that is no loss worth a warning (one sentence each).
    pub notes: Vec<String>,
}

/// Checks the options' ranges.
fn check_options(options: &SpineOptions) -> Result<(), SpineError> {
    if let Some(fps) = options.fps
        && !(fps.is_finite() && (1.0..=1000.0).contains(&fps))
    {
        return Err(SpineError::BadOption(format!(
            "--fps {fps} is not a rate from 1 to 1000 samples per second"
        )));
    }
    let (low, high) = lean::MIN_WEIGHT_RANGE;
    if !(options.min_weight.is_finite() && (low..=high).contains(&options.min_weight)) {
        return Err(SpineError::BadOption(format!(
            "--min-weight {} is not a weight from {low} to {high}",
            options.min_weight
        )));
    }
    let (low, high) = vertex_budget::MAX_VERTICES_RANGE;
    if let Some(max) = options.max_vertices
        && !(low..=high).contains(&max)
    {
        return Err(SpineError::BadOption(format!(
            "--max-vertices {max} is not a vertex count from {low} to {high}"
        )));
    }
    let (low, high) = MAX_PAGE_RANGE;
    if !(low..=high).contains(&options.max_page) {
        return Err(SpineError::BadOption(format!(
            "--max-page {} is not a page size from {low} to {high} pixels",
            options.max_page
        )));
    }
    Ok(())
}

/// Builds the skeleton JSON of `project`.
pub fn build(project: &Project, options: &SpineOptions) -> Result<SpineDocument, SpineError> {
    check_options(options)?;
    budget::check_entries(project, options)?;
    let rig = &project.rig;
    let solver = PoseSolver::new(&rig.skeleton)?;
    let bones = Bones::new(&rig.skeleton)?;
    let order = slot_order(project);
    let (slot_bones, mut warnings) = skins::slot_bones(project, &bones);
    let writing = MeshWriting {
        min_weight: options.min_weight,
        plain_when_unbound: slot_bones.iter().all(|b| *b == bones.root),
    };
    let meshes: Vec<PartMesh> = project
        .parts
        .iter()
        .enumerate()
        .map(|(i, part)| part_mesh(part, &bones, &region_name(i, &part.name), writing))
        .collect();
    let mut notes = Vec::new();
    let pruned: usize = meshes.iter().map(|m| m.pruned).sum();
    if pruned > 0 {
        let influences: usize = pruned
            + meshes
                .iter()
                .flat_map(|m| &m.influences)
                .map(Vec::len)
                .sum::<usize>();
        notes.push(format!(
            "{pruned} of {influences} bone influences under weight {} left out of the meshes, the \
             rest renormalised",
            options.min_weight
        ));
    }
    let parts = PartTimelines::new(project, &meshes);
    let slots = SlotTimelines {
        project,
        order: &order,
    };
    let mut animations = Map::new();
    let slot_names: Vec<String> = limber_core::slots::slot_list(&project.parts, &rig.slots)
        .iter()
        .map(|v| v.name.to_string())
        .collect();
    let slot_names: Vec<&str> = slot_names.iter().map(String::as_str).collect();
    let live = constraints::Live::of(rig, &slot_names);
    warnings.extend(constraints::baked_ik_warnings(rig));
    warnings.extend(physics::live_physics(rig).1);
    warnings.extend(paths::baked_path_warnings(rig));
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
            slots: &slots,
            rate,
            live: &live,
        };
        animations.insert(clip.name.clone(), animation_json(&input, clip));
        let constrained: Vec<&str> = constraints::baked_bones(rig, &live, clip)
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
        "slots": slots_json(project, &order, &slot_bones),
        "skins": skins::skins_json(project, &bones, &meshes),
        "animations": animations,
    });
    if !events.is_empty() {
        root["events"] = Value::Object(events);
    }
    if !live.ik.is_empty() {
        root["ik"] = constraints::ik_json(rig, &live.ik, live.transforms.len());
    }
    if !live.transforms.is_empty() {
        let first = live.ik.iter().filter(|c| !c.after_transforms).count();
        root["transform"] = live_transforms::transform_json(rig, &live.transforms, first);
    }
    if !live.paths.is_empty() {
        if let Some(slots) = root["slots"].as_array_mut() {
            slots.extend(paths::path_slots(rig, &live.paths));
        }
        paths::add_path_attachments(&mut root["skins"], rig, &bones, &live.paths);
        let first = live.ik.len() + live.transforms.len();
        root["path"] = paths::path_json(rig, &live.paths, first);
    }
    if !live.physics.is_empty() {
        let first = live.ik.len() + live.transforms.len() + live.paths.len();
        root["physics"] = physics::physics_json(rig, &live.physics, first);
    }
    lean::lean_numbers(&mut root);
    Ok(SpineDocument {
        skeleton: root,
        warnings,
        notes,
    })
}

pub use crate::Written;

/// Exports the project loaded from `project_path` into the folder `out_dir` (made if missing) as
/// `NAME.json`, `NAME.atlas` and the atlas pages `NAME_K.png`, NAME being the project file's stem.
/// Nothing is written when anything fails before writing (an option, an image, a region too large
/// for a page, an output that is one of the inputs).
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
    check_options(options)?;
    let (project, budget_notes) = match options.max_vertices {
        Some(max) => vertex_budget::fit(project, project_path, max)?,
        None => (std::borrow::Cow::Borrowed(project), Vec::new()),
    };
    let project = project.as_ref();
    let mut document = build(project, options)?;
    document.notes.extend(budget_notes);
    // Each part's image is read when the atlas comes to it, and dropped once its region is cut.
    let sources = project.parts.iter().enumerate().map(|(i, part)| {
        let path = project.image_path(project_path, i);
        let image = limber_core::image_io::load_png(&path).map_err(|e| SpineError::Image {
            part: part.name.clone(),
            path,
            message: e.to_string(),
        })?;
        Ok(Source {
            part: &part.name,
            region: region_name(i, &part.name),
            image: image.into_rgba8(),
            uvs: &part.mesh.uvs,
            pixel_art: part.pixel_art,
        })
    });
    // Pages are named inside the atlas: their names keep to what an atlas reader resolves.
    let pages_name = atlas::page_stem(&name);
    let atlas = pack_atlas(
        &pages_name,
        sources,
        options.max_page,
        options.premultiplied,
    )?;
    let json = if options.pretty {
        serde_json::to_vec_pretty(&document.skeleton)
    } else {
        serde_json::to_vec(&document.skeleton)
    }
    .unwrap_or_default();
    let atlas_file = atlas_text(&atlas.pages);
    let mut paths = vec![
        out_dir.join(format!("{name}.json")),
        out_dir.join(format!("{name}.atlas")),
    ];
    paths.extend(atlas.pages.iter().map(|page| out_dir.join(&page.file)));
    // Nothing is written when any output is one of the inputs (a page named like a part's image).
    limber_core::output_guard::Inputs::of_project(project, project_path)
        .check_all(paths.iter().map(PathBuf::as_path))?;
    // The folder, then each output, can be written (a file where the folder goes, a folder or a
    // FIFO in the way of one output, is named) before anything is: a refused export writes nothing.
    limber_core::folders::check_folder(out_dir).map_err(|source| SpineError::Write {
        path: out_dir.to_path_buf(),
        source,
    })?;
    for path in &paths {
        limber_core::atomic_file::destination(path).map_err(|source| SpineError::Write {
            path: path.clone(),
            source,
        })?;
    }
    let pages = (0..atlas.pages.len())
        .map(|k| atlas.page_png(k))
        .collect::<Result<Vec<_>, _>>()?;
    let mut outputs: Vec<&[u8]> = vec![json.as_slice(), atlas_file.as_bytes()];
    outputs.extend(pages.iter().map(Vec::as_slice));
    let outputs = paths.into_iter().zip(outputs);
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
        notes: document.notes,
    })
}
