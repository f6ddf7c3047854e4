//! `limber rig IMAGE.png --suggest -o RIG.json`: a suggested skeleton for a sprite, written as
//! RIG.json (see `core::suggest`).

use std::path::PathBuf;

use anyhow::anyhow;
use clap::Args;

use super::MeshOptions;
use crate::core::atomic_file::write_atomic;
use crate::core::image_io::load_png;
use crate::core::output_guard::Inputs;
use crate::core::rig::RigFile;
use crate::core::suggest::{SuggestSettings, suggest_bones};

#[derive(Debug, Args)]
pub struct RigArgs {
    /// The sprite (PNG).
    pub image: PathBuf,
    /// Propose bones from the sprite's shape: a root at its thickest point, a chain down each limb.
    #[arg(long, required = true)]
    pub suggest: bool,
    #[command(flatten)]
    pub options: MeshOptions,
    /// The RIG.json to write.
    #[arg(short, long, value_name = "RIG.json")]
    pub output: PathBuf,
}

pub fn run(args: &RigArgs) -> anyhow::Result<()> {
    let image_name = args.image.display();
    let inputs = Inputs::new().with(&args.image, "the input image");
    super::outputs::check_outputs(&inputs, [args.output.as_path()])?;
    let image = load_png(&args.image).map_err(|e| anyhow!("{image_name}: {e}"))?;
    let settings = SuggestSettings::from(&args.options.settings());
    let bones = suggest_bones(&image, &settings).map_err(|e| anyhow!("{image_name}: {e}"))?;
    let rig = RigFile {
        bones,
        ..RigFile::default()
    };
    let mut text = serde_json::to_string_pretty(&rig)
        .map_err(|e| anyhow!("{}: cannot write rig: {e}", args.output.display()))?;
    text.push('\n');
    write_atomic(&args.output, text.as_bytes())
        .map_err(|e| anyhow!("{}: cannot write rig: {e}", args.output.display()))?;
    println!(
        "{}: {} bones suggested for {image_name}",
        args.output.display(),
        rig.bones.len()
    );
    Ok(())
}
