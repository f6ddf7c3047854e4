//! `limber new`: PNG (+ RIG.json) → a project with the mesh, the bones and automatic weights.

use std::path::PathBuf;

use anyhow::anyhow;
use clap::{Args, ValueEnum};

use super::MeshOptions;
use super::svg::weights_svg_text;
use crate::core::assets::AssetStore;
use crate::core::distance::Metric;
use crate::core::output_guard::Inputs;
use crate::core::part_build::{PartRecipe, make_part};
use crate::core::progress::Progress;
use crate::core::project::{Project, check_part_keys, relative_image_path};
use crate::core::rig::{Rig, load_rig};
use crate::core::slots::validate::check_project as check_slots;

/// Distance metrics as the command line names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum MetricArg {
    Bfs4,
    Dijkstra8,
    Geodesic,
    /// Straight-line distance, ignoring the shape (for comparison).
    Euclidean,
}

impl From<MetricArg> for Metric {
    fn from(m: MetricArg) -> Self {
        match m {
            MetricArg::Bfs4 => Metric::Bfs4,
            MetricArg::Dijkstra8 => Metric::Dijkstra8,
            MetricArg::Geodesic => Metric::Geodesic,
            MetricArg::Euclidean => Metric::Euclidean,
        }
    }
}

#[derive(Debug, Args)]
pub struct NewArgs {
    /// The sprite (PNG).
    pub image: PathBuf,
    /// Bones to add (RIG.json); without it the project has no bones yet.
    #[arg(long, value_name = "RIG.json")]
    pub rig: Option<PathBuf>,
    #[command(flatten)]
    pub options: MeshOptions,
    /// Weight falloff distance in px for bones without their own [default: longer side / 20].
    #[arg(long, value_name = "PX")]
    pub smoothness: Option<f64>,
    /// How distance from a bone is measured.
    #[arg(long, value_enum, default_value = "geodesic")]
    pub metric: MetricArg,
    /// Print `timing: STAGE MS` for each stage on stderr.
    #[arg(long)]
    pub timings: bool,
    /// Also write the sprite with its weights (each bone a colour) and bones drawn over it, as SVG.
    #[arg(long, value_name = "OUT.svg")]
    pub svg: Option<PathBuf>,
    /// The project file to write.
    #[arg(short, long, value_name = "OUT.limber")]
    pub output: PathBuf,
}

pub fn run(args: &NewArgs) -> anyhow::Result<()> {
    let image_name = args.image.display();
    let mut inputs = Inputs::new().with(&args.image, "the input image");
    if let Some(rig) = &args.rig {
        inputs = inputs.with(rig, "the rig file");
    }
    super::outputs::check_outputs(
        &inputs,
        std::iter::once(args.output.as_path()).chain(args.svg.as_deref()),
    )?;
    // The image first, so its problems are reported before the rig's.
    let store = AssetStore::new();
    store
        .image(&args.image)
        .map_err(|e| anyhow!("{image_name}: {e}"))?;
    let mut rig = match &args.rig {
        Some(path) => load_rig(path).map_err(|e| anyhow!("{}: {e}", path.display()))?,
        None => Rig::default(),
    };
    // Attachment images are inputs too: refuse an output that would overwrite one.
    if let Some(rig_path) = &args.rig {
        let images = super::new_slots::attachment_images(&rig, rig_path);
        let inputs = images.iter().fold(inputs, |inputs, image| {
            inputs.with(image, "an attachment image")
        });
        super::outputs::check_outputs(
            &inputs,
            std::iter::once(args.output.as_path()).chain(args.svg.as_deref()),
        )?;
    }
    if let Some(smoothness) = args.smoothness
        && !(smoothness.is_finite() && smoothness > 0.0)
    {
        return Err(anyhow!(
            "--smoothness {smoothness} must be a positive number of pixels"
        ));
    }
    let metric = Metric::from(args.metric);
    let recipe = PartRecipe {
        mesh_settings: args.options.settings(),
        metric,
        smoothness: args.smoothness,
        cuts: rig.cuts.clone(),
    };
    let made = make_part(
        &store,
        &args.image,
        &recipe,
        &rig.skeleton,
        &Progress::new(),
    )
    .map_err(|e| anyhow!("{image_name}: {e}"))?
    .ok_or_else(|| anyhow!("{image_name}: cancelled"))?;
    let mut timings = made.timings;
    let bytes = std::sync::Arc::clone(&made.asset.bytes);
    let mut part = made.part;
    part.image = relative_image_path(&args.image, &args.output);
    let smoothness = part.weight_settings.smoothness;
    let mut parts = vec![part];
    if let Some(rig_path) = &args.rig {
        let taken = vec![parts[0].name.clone()];
        parts.extend(super::new_slots::make_attachment_parts(
            &mut rig,
            rig_path,
            &args.output,
            &store,
            &recipe,
            &taken,
        )?);
    }
    let project = Project {
        rig,
        parts,
        canvas: None,
        exports: Default::default(),
    };
    // Part and slot keys name parts and slots, which the rig alone could not check.
    let in_rig = |e: &dyn std::fmt::Display| {
        anyhow!(
            "{}: {e}",
            args.rig.as_ref().map_or_else(
                || args.image.display().to_string(),
                |r| r.display().to_string()
            )
        )
    };
    check_part_keys(&project.rig.clips, &project.parts).map_err(|e| in_rig(&e))?;
    check_slots(&project.rig.slots, &project.rig.clips, &project.parts).map_err(|e| in_rig(&e))?;
    timings
        .time("save", || project.save(&args.output))
        .map_err(|e| anyhow!("{}: cannot save project: {e}", args.output.display()))?;
    if let Some(svg) = &args.svg {
        let part = &project.parts[0];
        let text = weights_svg_text(&bytes, &part.mesh, &part.binding, &project.rig.skeleton);
        crate::core::atomic_file::write_atomic_replacing(svg, text.as_bytes())
            .map_err(|e| anyhow!("{}: cannot write SVG: {e}", svg.display()))?;
    }
    if args.timings {
        for (stage, elapsed) in &timings.stages {
            eprintln!("timing: {stage} {:.3}", elapsed.as_secs_f64() * 1000.0);
        }
    }
    let part = &project.parts[0];
    let mut extra = match project.parts.len() - 1 {
        0 => String::new(),
        n => format!(" and {n} attachment parts"),
    };
    if !project.rig.cuts.is_empty() {
        extra.push_str(&format!(", split along {} cut(s)", project.rig.cuts.len()));
    }
    println!(
        "{}: 1 part ({} vertices, {} triangles){extra}, {} bones, {} clips, metric {}, smoothness {smoothness} px",
        args.output.display(),
        part.mesh.positions.len(),
        part.mesh.triangles.len(),
        project.rig.skeleton.bones.len(),
        project.rig.clips.len(),
        metric.name(),
    );
    Ok(())
}
