//! `limber rig IMAGE.png --suggest -o RIG.json` (or `limber rig PROJECT.limber --suggest -o
//! RIG.json`, every part read where it sits on the canvas): a suggested skeleton written as
//! RIG.json (see `core::suggest`), within the bone budget (what was left out is said), with the
//! suggested cuts when they keep to the cut-points budget (else they are left out, and it is said).

use std::path::{Path, PathBuf};

use anyhow::anyhow;
use clap::Args;
use image::DynamicImage;

use super::MeshOptions;
use crate::core::atomic_file::write_atomic;
use crate::core::cuts::with_suggested;
use crate::core::image_io::load_png;
use crate::core::limits::Limits;
use crate::core::output_guard::Inputs;
use crate::core::project::Project;
use crate::core::rig::RigFile;
use crate::core::suggest::{CanvasPart, SuggestSettings, suggest_on_canvas};

#[derive(Debug, Args)]
pub struct RigArgs {
    /// The sprite (PNG), or a project (.limber) whose parts are read together on its canvas.
    pub image: PathBuf,
    /// Propose bones from the sprite's shape: a figure's rig (hip, spine, neck, head, arms, legs)
    /// when it reads as one, else a root at its thickest point and a chain down each limb.
    #[arg(long, required = true)]
    pub suggest: bool,
    #[command(flatten)]
    pub options: MeshOptions,
    /// The RIG.json to write.
    #[arg(short, long, value_name = "RIG.json")]
    pub output: PathBuf,
}

/// The images to read and where each sits: the one sprite, or a project's parts.
fn sources(input: &Path, threshold: f64) -> anyhow::Result<Vec<(PathBuf, [u32; 2], f64)>> {
    if input.extension().is_none_or(|e| e != "limber") {
        return Ok(vec![(input.to_path_buf(), [0, 0], threshold)]);
    }
    let project = Project::load(input).map_err(|e| anyhow!("{}: {e}", input.display()))?;
    if project.parts.is_empty() {
        return Err(anyhow!("{}: the project has no part", input.display()));
    }
    Ok((0..project.parts.len())
        .map(|i| {
            let part = &project.parts[i];
            (
                project.image_path(input, i),
                part.mesh.offset,
                part.mesh_settings.alpha_threshold,
            )
        })
        .collect())
}

pub fn run(args: &RigArgs) -> anyhow::Result<()> {
    let input_name = args.image.display();
    let settings = SuggestSettings::from(&args.options.settings());
    let sources = sources(&args.image, settings.alpha_threshold)?;
    let mut inputs = Inputs::new().with(&args.image, "the input");
    for (path, _, _) in &sources {
        inputs = inputs.with(path, "an input image");
    }
    super::outputs::check_outputs(&inputs, [args.output.as_path()])?;
    let images: Vec<DynamicImage> = sources
        .iter()
        .map(|(path, _, _)| load_png(path).map_err(|e| anyhow!("{}: {e}", path.display())))
        .collect::<anyhow::Result<_>>()?;
    let parts: Vec<CanvasPart> = sources
        .iter()
        .zip(&images)
        .map(|((_, offset, alpha_threshold), image)| CanvasPart {
            image,
            offset: *offset,
            alpha_threshold: *alpha_threshold,
        })
        .collect();
    let suggestion =
        suggest_on_canvas(&parts, &settings).map_err(|e| anyhow!("{input_name}: {e}"))?;
    let note = suggestion.pruned_note();
    // Cuts over the cut-points budget would make the rig refused where it is loaded: the bones are
    // still worth having, so the cuts are left out and the message says why.
    let (cuts, cuts_left_out) = match with_suggested(&[], suggestion.cuts, &Limits::current()) {
        Ok(cuts) => (cuts, None),
        Err(left_out) => (Vec::new(), Some(left_out)),
    };
    let cut_count = cuts.len();
    let rig = RigFile {
        bones: suggestion.bones,
        cuts,
        ..RigFile::default()
    };
    let mut text = serde_json::to_string_pretty(&rig)
        .map_err(|e| anyhow!("{}: cannot write rig: {e}", args.output.display()))?;
    text.push('\n');
    write_atomic(&args.output, text.as_bytes())
        .map_err(|e| anyhow!("{}: cannot write rig: {e}", args.output.display()))?;
    let cuts = match cut_count {
        0 => String::new(),
        1 => " and a cut where the drawing touches itself".to_string(),
        n => format!(" and {n} cuts where the drawing touches itself"),
    };
    let left_out = cuts_left_out
        .map(|left_out| format!("; {left_out}"))
        .unwrap_or_default();
    println!(
        "{}: {} bones{cuts} suggested for {input_name}{}{left_out}",
        args.output.display(),
        rig.bones.len(),
        note.map(|n| format!(" ({n})")).unwrap_or_default()
    );
    Ok(())
}
