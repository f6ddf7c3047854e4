//! `limber import`: a layered file (PSD or ORA) → a project with one part per visible pixel layer,
//! each layer's pixels written as a PNG in a folder beside the project.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::anyhow;
use clap::Args;

use super::MeshOptions;
use super::new_cmd::MetricArg;
use crate::core::distance::Metric;
use crate::core::layered::import::{import_layered, layers_folder};
use crate::core::layered::read_layered;
use crate::core::part_build::PartRecipe;
use crate::core::progress::Progress;
use crate::core::rig::{Rig, load_rig};
use crate::core::slots::validate::check_project as check_slots;

#[derive(Debug, Args)]
pub struct ImportArgs {
    /// The layered file (`.psd` or `.ora`).
    pub file: PathBuf,
    /// Bones to weigh every part on (RIG.json); without it the project has no bones yet.
    #[arg(long, value_name = "RIG.json")]
    pub rig: Option<PathBuf>,
    #[command(flatten)]
    pub options: MeshOptions,
    /// Weight falloff distance in px for bones without their own [default: per layer, its longer
    /// side / 20].
    #[arg(long, value_name = "PX")]
    pub smoothness: Option<f64>,
    /// How distance from a bone is measured.
    #[arg(long, value_enum, default_value = "geodesic")]
    pub metric: MetricArg,
    /// The project file to write (the layers' PNGs go in NAME_layers/ beside it).
    #[arg(short, long, value_name = "OUT.limber")]
    pub output: PathBuf,
}

pub fn run(args: &ImportArgs) -> anyhow::Result<()> {
    let start = Instant::now();
    let name = args.file.display();
    if let Some(smoothness) = args.smoothness
        && !(smoothness.is_finite() && smoothness > 0.0)
    {
        return Err(anyhow!(
            "--smoothness {smoothness} must be a positive number of pixels"
        ));
    }
    // A damaged PSD can panic inside the parser, which reports it as an error: keep the panic's
    // own message off the terminal, so the error stays one line.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let read = read_layered(&args.file);
    std::panic::set_hook(hook);
    let layered = read.map_err(|e| anyhow!("{name}: {e}"))?;
    let rig = match &args.rig {
        Some(path) => load_rig(path).map_err(|e| anyhow!("{}: {e}", path.display()))?,
        None => Rig::default(),
    };
    let recipe = PartRecipe {
        mesh_settings: args.options.settings(),
        metric: Metric::from(args.metric),
        smoothness: args.smoothness,
    };
    for warning in &layered.warnings {
        eprintln!("warning: {name}: {warning}");
    }
    let project = import_layered(&layered, &args.output, rig, &recipe, &Progress::new())
        .map_err(|e| anyhow!("{name}: {e}"))?
        .ok_or_else(|| anyhow!("{name}: cancelled"))?;
    // Slots of the rig name the layers' parts, which the rig alone could not check.
    if let Err(e) = check_slots(&project.rig.slots, &project.rig.clips, &project.parts) {
        let folder = args.output.parent().unwrap_or(std::path::Path::new(""));
        for part in &project.parts {
            let _ = std::fs::remove_file(folder.join(&part.image));
        }
        let _ = std::fs::remove_dir(layers_folder(&args.output));
        let rig = args.rig.as_deref().unwrap_or(&args.file).display();
        return Err(anyhow!("{rig}: {e}"));
    }
    if let Err(e) = project.save(&args.output) {
        let _ = std::fs::remove_dir_all(layers_folder(&args.output));
        return Err(anyhow!(
            "{}: cannot save project: {e}",
            args.output.display()
        ));
    }
    let [w, h] = layered.canvas;
    println!(
        "{}: {} parts from {name} ({w} x {h} canvas, PNGs in {}), {} bones, {:.2} s",
        args.output.display(),
        project.parts.len(),
        layers_folder(&args.output).display(),
        project.rig.skeleton.bones.len(),
        start.elapsed().as_secs_f64(),
    );
    Ok(())
}
