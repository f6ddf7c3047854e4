//! `limber demo`: the headless demo for machines without a display — rigs the bundled zombie (mesh,
//! bones, automatic weights), writes a picture of its weights, and plays its clips as text.

use std::path::PathBuf;

use anyhow::anyhow;
use clap::Args;

use super::svg::weights_svg_text;
use crate::core::animation::apply_constraints;
use crate::core::assets::AssetStore;
use crate::core::output_guard::Inputs;
use crate::core::part_build::{PartRecipe, make_part};
use crate::core::pose::PoseSolver;
use crate::core::progress::Progress;
use crate::core::rig::parse_rig;
use crate::core::skinning::{SkinningMode, skin};

#[derive(Debug, Args)]
pub struct DemoArgs {
    /// Where to write the picture of the weights.
    #[arg(long, value_name = "OUT.svg", default_value = "limber-demo.svg")]
    pub svg: PathBuf,
}

pub fn run(args: &DemoArgs) -> anyhow::Result<()> {
    // The sample is compiled in (crate::sample), and meshed from the editor's unpacked copy of it:
    // the demo reads nothing from the source tree.
    let sprite = crate::sample::user_sample_sprite()?;
    let out = &args.svg;
    // The picture never replaces the unpacked sample it is drawn from (checked before any work).
    let inputs = Inputs::new()
        .with(&sprite, "the bundled sample's sprite")
        .with(
            crate::sample::project_in(&crate::sample::user_sample_dir()),
            "the bundled sample's project",
        );
    super::outputs::check_outputs(&inputs, [out.as_path()])?;
    let named = |path: &PathBuf| {
        let shown = path.display().to_string();
        move |e: &dyn std::fmt::Display| anyhow!("{shown}: {e}")
    };
    let rig = parse_rig(crate::sample::RIG).map_err(|e| anyhow!("the bundled rig: {e}"))?;
    let made = make_part(
        &AssetStore::new(),
        &sprite,
        &PartRecipe::default(),
        &rig.skeleton,
        &Progress::new(),
    )
    .map_err(|e| named(&sprite)(&e))?
    .ok_or_else(|| anyhow!("{}: cancelled", sprite.display()))?;
    let bytes = &made.asset.bytes;
    let (mesh, binding) = (&made.part.mesh, &made.part.binding);
    let smoothness = made.part.weight_settings.smoothness;

    let text = weights_svg_text(bytes, mesh, binding, &rig.skeleton);
    crate::core::atomic_file::write_atomic_replacing(out, text.as_bytes())
        .map_err(|e| anyhow!("{}: cannot write SVG: {e}", out.display()))?;

    println!(
        "limber {} — the command-line demo (run `limber` with no command for the editor).",
        env!("CARGO_PKG_VERSION")
    );
    println!(
        "{} (the bundled sample): {} vertices, {} triangles; {} bones with geodesic weights (smoothness {smoothness} px)",
        sprite.display(),
        mesh.positions.len(),
        mesh.triangles.len(),
        rig.skeleton.bones.len()
    );
    println!(
        "weights picture (each bone a colour) written to {}",
        out.display()
    );
    let solver = PoseSolver::new(&rig.skeleton)?;
    // Follow the mesh vertex nearest the right arm's tip through each clip.
    let arm = rig.skeleton.index_of("arm_r").unwrap_or(0);
    let tip = rig.skeleton.bones.get(arm).map_or([0.0, 0.0], |b| b.tail);
    let hand = (0..mesh.positions.len())
        .min_by(|&a, &b| {
            let d = |v: usize| {
                (mesh.positions[v][0] - tip[0]).powi(2) + (mesh.positions[v][1] - tip[1]).powi(2)
            };
            d(a).total_cmp(&d(b))
        })
        .unwrap_or(0);
    for clip in &rig.clips {
        let looping = if clip.looping { ", loops" } else { "" };
        print!(
            "clip \"{}\" ({} s{looping}): right hand at",
            clip.name, clip.duration
        );
        for step in 0..=4 {
            let t = clip.duration * f64::from(step) / 4.0;
            let pose = apply_constraints(
                &solver,
                &rig.skeleton,
                &clip.sample(t),
                &rig.ik,
                &rig.limits,
                &rig.transforms,
            );
            let palette = solver.palette(&solver.world(&pose));
            let moved = skin(
                &mesh.positions,
                binding,
                &palette,
                SkinningMode::DualQuaternion,
            );
            print!(" {t:.2} s ({:.0}, {:.0})", moved[hand][0], moved[hand][1]);
        }
        println!();
    }
    println!(
        "try: limber new IMAGE.png --rig RIG.json -o OUT.limber, then limber pose OUT.limber --clip NAME --time T"
    );
    println!("     (limber --help lists every command)");
    Ok(())
}
