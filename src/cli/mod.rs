//! The command line: argument parsing (clap) and the headless commands over `core` and `render`.
//!
//! Every command returns `anyhow::Result`; `main` prints a failure as one line on stderr and exits
//! non-zero. Errors name the file they concern.

mod demo;
mod export_cmd;
mod framing_args;
mod import_cmd;
mod info_cmd;
mod mesh_cmd;
mod new_cmd;
mod new_slots;
mod outputs;
mod pose_cmd;
mod pose_slots;
pub mod printable;
mod render_cmd;
mod rig;
mod skin_arg;
mod start;
pub mod svg;
mod transition_args;

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

use crate::core::MeshSettings;

/// limber: rig and animate 2D sprites.
#[derive(Debug, Parser)]
#[command(name = "limber", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Trace a PNG's alpha and triangulate its visible region.
    Mesh(MeshArgs),
    /// Make a project from a PNG: the mesh, the bones of a rig, automatic weights.
    New(new_cmd::NewArgs),
    /// Make a project from a layered file (PSD or ORA): one part per visible pixel layer.
    Import(import_cmd::ImportArgs),
    /// Suggest a skeleton for a sprite from its shape and write it as RIG.json (`--suggest`).
    Rig(rig::RigArgs),
    /// Validate a project and summarise it.
    Info(info_cmd::InfoArgs),
    /// Print a project's skinned vertex positions at a time of a clip.
    Pose(pose_cmd::PoseArgs),
    /// Render a clip on the GPU to PNG frames, a sprite sheet or a GIF.
    Render(render_cmd::RenderArgs),
    /// Export a project: glTF 2.0 (`--gltf`: `.glb`, or `.gltf` with its `.bin` and PNGs beside it)
    /// or Spine 4.2 JSON with its atlas and pages (`--spine`).
    Export(export_cmd::ExportArgs),
    /// Open the editor window on a project, a PNG or a layered file (no command: the last project
    /// saved or opened, the bundled sample the first time).
    Open(OpenArgs),
    /// Rig the bundled zombie on the command line and print where its hand goes (no window).
    Demo(demo::DemoArgs),
    /// Write the bundled sample project (and its sprite) into a folder, to try the commands on.
    Sample(SampleArgs),
}

#[derive(Debug, Args)]
pub struct SampleArgs {
    /// Where to write `projects/zombie.limber` and `sprites/kenney_zombie_walk0.png` (made if
    /// missing; files already there are kept).
    #[arg(default_value = ".")]
    pub dir: PathBuf,
}

#[derive(Debug, Args)]
pub struct OpenArgs {
    /// A project (.limber), a PNG to start a project from, or a layered file (.psd, .ora) to
    /// import as a new document.
    pub path: PathBuf,
}

/// The bundled sample project the editor opens with no arguments: the binary's own copy, unpacked
/// into the user's data folder (see [`crate::sample`]), so it opens from any folder.
pub fn sample_project() -> anyhow::Result<PathBuf> {
    crate::sample::user_sample_project()
        .map_err(|e| anyhow::anyhow!("cannot unpack the bundled sample: {e}"))
}

/// Options shared by every command that meshes an image.
#[derive(Debug, Clone, Args)]
pub struct MeshOptions {
    /// Pixels with alpha at or above this fraction (0–1) are visible.
    #[arg(long, value_name = "A")]
    pub alpha_threshold: Option<f64>,
    /// How far (px) the outline is pushed beyond the visible pixels.
    #[arg(long, value_name = "PX")]
    pub padding: Option<f64>,
    /// How far (px) simplification may move the outline.
    #[arg(long, value_name = "PX")]
    pub tolerance: Option<f64>,
    /// Distance (px) between interior vertices [default: the image's longer side / 20, at least 4].
    #[arg(long, value_name = "PX")]
    pub spacing: Option<f64>,
    /// Drop islands and holes smaller than this area (px²).
    #[arg(long = "min-island", value_name = "PX")]
    pub min_island: Option<f64>,
}

impl MeshOptions {
    /// The settings these options ask for, defaults filled in.
    pub fn settings(&self) -> MeshSettings {
        let defaults = MeshSettings::default();
        MeshSettings {
            alpha_threshold: self.alpha_threshold.unwrap_or(defaults.alpha_threshold),
            padding: self.padding.unwrap_or(defaults.padding),
            tolerance: self.tolerance.unwrap_or(defaults.tolerance),
            spacing: self.spacing.or(defaults.spacing),
            min_island_area: self.min_island.unwrap_or(defaults.min_island_area),
        }
    }
}

#[derive(Debug, Args)]
pub struct MeshArgs {
    /// The sprite (PNG).
    pub image: PathBuf,
    #[command(flatten)]
    pub options: MeshOptions,
    /// Print the mesh as JSON on stdout instead of a summary line.
    #[arg(long)]
    pub json: bool,
    /// Write the image with the mesh wireframe over it as SVG.
    #[arg(long, value_name = "OUT.svg")]
    pub svg: Option<PathBuf>,
    /// Print `timing: STAGE MS` for each stage on stderr.
    #[arg(long)]
    pub timings: bool,
}

/// Runs the parsed command line.
pub fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Some(Command::Mesh(args)) => mesh_cmd::run(&args),
        Some(Command::New(args)) => new_cmd::run(&args),
        Some(Command::Import(args)) => import_cmd::run(&args),
        Some(Command::Rig(args)) => rig::run(&args),
        Some(Command::Info(args)) => info_cmd::run(&args),
        Some(Command::Pose(args)) => pose_cmd::run(&args),
        Some(Command::Render(args)) => render_cmd::run(&args),
        Some(Command::Export(args)) => export_cmd::run(&args),
        Some(Command::Open(args)) => crate::app::run(&args.path),
        Some(Command::Demo(args)) => demo::run(&args),
        Some(Command::Sample(args)) => {
            let existing = crate::sample::project_in(&args.dir).exists();
            // The error names the file or folder in the way.
            let project = crate::sample::unpack(&args.dir)
                .map_err(|e| anyhow::anyhow!("cannot write the sample: {e}"))?;
            if existing {
                eprintln!("{}: already there, kept as it is", project.display());
            }
            println!("{}", project.display());
            Ok(())
        }
        None => crate::app::run_document(start::document_to_start()?),
    }
}
