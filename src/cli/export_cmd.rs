//! `limber export`: a project as glTF 2.0 (see `crate::export::gltf`) or as Spine 4.2 JSON with its
//! atlas (see `crate::export::spine`).

use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::anyhow;
use clap::Args;

use crate::core::derived::refresh_stale_parts;
use crate::core::project::Project;
use crate::export::gltf::{DEFAULT_PIXELS_PER_UNIT, ExportError, GltfOptions, export};
use crate::export::spine::{self, SpineError, SpineOptions};

#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("format").required(true).args(["gltf", "spine"])))]
pub struct ExportArgs {
    /// The project file.
    pub project: PathBuf,
    /// Write glTF 2.0: OUT.glb (binary, self-contained) or OUT.gltf (JSON, with OUT.bin and
    /// OUT_N.png beside it).
    #[arg(long, value_name = "OUT.glb|OUT.gltf")]
    pub gltf: Option<PathBuf>,
    /// Write Spine 4.2 JSON into the folder OUT_DIR: NAME.json, NAME.atlas and NAME_N.png (NAME is
    /// the project file's name); see docs/SPINE.md.
    #[arg(long, value_name = "OUT_DIR")]
    pub spine: Option<PathBuf>,
    /// Samples per second for baked constraints and springs and for resampled Bézier keys
    /// [default: each clip's own frame rate, 30 without one].
    #[arg(long, allow_negative_numbers = true)]
    pub fps: Option<f64>,
    /// Spine: the largest atlas page width and height, in pixels (64-16384); parts are packed into
    /// as few pages as fit.
    #[arg(long, value_name = "N", default_value_t = spine::DEFAULT_MAX_PAGE)]
    pub max_page: u32,
    /// Spine: write the atlas pages with premultiplied alpha (`pma:true` in the atlas).
    #[arg(long)]
    pub premultiplied: bool,
    /// Spine: indent the JSON for reading (compact by default).
    #[arg(long)]
    pub pretty: bool,
    /// Spine: leave out bone influences under this weight (0-0.5) and renormalise the rest; 0
    /// keeps every influence.
    #[arg(
        long,
        value_name = "W",
        default_value_t = spine::lean::DEFAULT_MIN_WEIGHT,
        allow_negative_numbers = true
    )]
    pub min_weight: f64,
    /// Spine: mesh each part with more vertices than this again, coarser, for the export (its
    /// weights and deform keys carried); the project is not changed.
    #[arg(long, value_name = "N")]
    pub max_vertices: Option<u32>,
    /// Image pixels per glTF unit (metre).
    #[arg(
        long,
        value_name = "PX",
        default_value_t = DEFAULT_PIXELS_PER_UNIT,
        allow_negative_numbers = true
    )]
    pub pixels_per_unit: f64,
    /// Show this skin instead of the project's active one (`default`: each attachment by its own
    /// name).
    #[arg(long, value_name = "NAME")]
    pub skin: Option<String>,
}

pub fn run(args: &ExportArgs) -> anyhow::Result<()> {
    let started = Instant::now();
    let name = args.project.display();
    let mut project = Project::load(&args.project).map_err(|e| anyhow!("{name}: {e}"))?;
    for part in
        refresh_stale_parts(&mut project, &args.project).map_err(|e| anyhow!("{name}: {e}"))?
    {
        eprintln!("{name}: {}", part.note());
    }
    super::skin_arg::apply_skin(&mut project, args.skin.as_deref(), &name.to_string())?;
    let (out, files, bytes, warnings) = match (&args.gltf, &args.spine) {
        (Some(gltf), _) => {
            let options = GltfOptions {
                fps: args.fps,
                pixels_per_unit: args.pixels_per_unit,
            };
            let out = gltf.display();
            let written = export(&project, &args.project, gltf, &options).map_err(|e| match e {
                ExportError::Extension => anyhow!("{out}: {e}"),
                ExportError::Write { .. }
                | ExportError::BadOption(_)
                | ExportError::Overwrite(_) => {
                    anyhow!("{e}")
                }
                _ => anyhow!("{name}: {e}"),
            })?;
            (
                out.to_string(),
                written.files.len(),
                written.bytes,
                written.warnings,
            )
        }
        (None, Some(folder)) => {
            let options = SpineOptions {
                fps: args.fps,
                max_page: args.max_page,
                premultiplied: args.premultiplied,
                pretty: args.pretty,
                min_weight: args.min_weight,
                max_vertices: args.max_vertices,
            };
            let written = export_spine(&project, &args.project, folder, &options)?;
            for note in &written.notes {
                eprintln!(
                    "{}",
                    super::printable::printable(&format!("{name}: {note}"))
                );
            }
            (
                folder.display().to_string(),
                written.files.len(),
                written.bytes,
                written.warnings,
            )
        }
        (None, None) => return Err(anyhow!("give --gltf OUT or --spine OUT_DIR")),
    };
    for warning in &warnings {
        eprintln!(
            "{}",
            super::printable::printable(&format!("{name}: warning: {warning}"))
        );
    }
    let clips = project.rig.clips.len();
    let count = |n: usize, what: &str| format!("{n} {what}{}", if n == 1 { "" } else { "s" });
    println!(
        "{out}: {}, {}, {}, {}, {} bytes in {:.0} ms",
        count(project.parts.len(), "part"),
        count(project.rig.skeleton.bones.len(), "bone"),
        count(clips, "clip"),
        count(files, "file"),
        bytes,
        started.elapsed().as_secs_f64() * 1e3
    );
    Ok(())
}

/// The Spine export, its errors as one line naming the file.
fn export_spine(
    project: &Project,
    path: &Path,
    folder: &Path,
    options: &SpineOptions,
) -> anyhow::Result<spine::Written> {
    let name = path.display();
    spine::export(project, path, folder, options).map_err(|e| match e {
        SpineError::Write { .. } | SpineError::BadOption(_) | SpineError::Overwrite(_) => {
            anyhow!("{e}")
        }
        _ => anyhow!("{name}: {e}"),
    })
}
