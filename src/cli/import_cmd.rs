//! `limber import`: a layered file (PSD or ORA) → a project with one part per visible pixel layer,
//! each layer's pixels written as a PNG in a folder beside the project (`NAME_layers/`, or the
//! first free `NAME_layers N/` when that name is taken: see `limber_core::layered::import`).
//!
//! The output is checked before anything is read (it is neither the layered file nor the rig, by
//! any path, and is a regular file or missing); the file is read through the regular-file reader
//! with its size cap. When the project cannot be saved, the layers folder this run made is removed
//! again, file by file.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::anyhow;
use clap::Args;

use super::MeshOptions;
use super::new_cmd::MetricArg;
use crate::core::distance::Metric;
use crate::core::layered::import::import_layered_into;
use crate::core::layered::read_layered;
use crate::core::output_guard::Inputs;
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
    let mut inputs = Inputs::new().with(&args.file, "the layered file");
    if let Some(rig) = &args.rig {
        inputs = inputs.with(rig, "the rig file");
    }
    super::outputs::check_outputs(&inputs, [args.output.as_path()])?;
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
        cuts: rig.cuts.clone(),
    };
    for warning in &layered.warnings {
        eprintln!(
            "{}",
            super::printable::printable(&format!("warning: {name}: {warning}"))
        );
    }
    let imported = import_layered_into(&layered, &args.output, rig, &recipe, &Progress::new())
        .map_err(|e| anyhow!("{name}: {e}"))?
        .ok_or_else(|| anyhow!("{name}: cancelled"))?;
    let (project, folder) = (imported.project, imported.folder);
    // Slots of the rig name the layers' parts, which the rig alone could not check.
    if let Err(e) = check_slots(&project.rig.slots, &project.rig.clips, &project.parts) {
        folder.remove();
        let rig = args.rig.as_deref().unwrap_or(&args.file).display();
        return Err(anyhow!("{rig}: {e}"));
    }
    if let Err(e) = project.save(&args.output) {
        folder.remove();
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
        folder.path().display(),
        project.rig.skeleton.bones.len(),
        start.elapsed().as_secs_f64(),
    );
    Ok(())
}
