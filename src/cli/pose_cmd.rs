//! `limber pose`: a project's skinned vertex positions at a time of a clip, or of a transition from
//! one clip into another (`--then B --crossfade S`), constraints applied,
//! from the CPU f64 reference.

use std::io::Write;
use std::path::PathBuf;

use anyhow::anyhow;
use clap::Args;
use serde::Serialize;

use crate::core::derived::refresh_stale_parts;
use crate::core::playback::Playback;
use crate::core::pose::PoseSolver;
use crate::core::project::Project;
use crate::core::skinning::{SkinningMode, skin};

#[derive(Debug, Args)]
pub struct PoseArgs {
    /// The project file.
    pub project: PathBuf,
    /// The clip to sample.
    #[arg(long)]
    pub clip: String,
    /// Time in seconds (wrapped for a looping clip, clamped otherwise).
    #[arg(long, allow_negative_numbers = true)]
    pub time: f64,
    #[command(flatten)]
    pub transition: super::transition_args::TransitionArgs,
    /// Print `{"parts":[{"name":..,"draw_order":..,"visible":..,"positions":[[x,y],..]}],
    /// "slots":[{"name":..,"attachment":..,"color":[r,g,b,a],"draw_order":..}], "attachments":[..]}`
    /// (bounding boxes' posed `polygon`, points' `position` and `rotation`) instead of a summary.
    #[arg(long)]
    pub json: bool,
    /// Skin with dual quaternions instead of linear blending.
    #[arg(long)]
    pub dqs: bool,
    /// Show this skin instead of the project's active one (`default`: each attachment by its own
    /// name).
    #[arg(long, value_name = "NAME")]
    pub skin: Option<String>,
}

#[derive(Serialize)]
struct PoseJson<'a> {
    parts: Vec<PartPositions<'a>>,
    slots: Vec<super::pose_slots::SlotState>,
    attachments: Vec<super::pose_slots::AttachmentPose>,
}

#[derive(Serialize)]
struct PartPositions<'a> {
    name: &'a str,
    draw_order: i32,
    visible: bool,
    positions: Vec<[f64; 2]>,
}

pub fn run(args: &PoseArgs) -> anyhow::Result<()> {
    let name = args.project.display();
    let mut project = Project::load(&args.project).map_err(|e| anyhow!("{name}: {e}"))?;
    // A part whose image changed is re-meshed and re-weighted rather than used stale.
    for part in
        refresh_stale_parts(&mut project, &args.project).map_err(|e| anyhow!("{name}: {e}"))?
    {
        eprintln!("{name}: {}", part.note());
    }
    super::skin_arg::apply_skin(&mut project, args.skin.as_deref(), &name.to_string())?;
    let clip = project.clip(&args.clip).ok_or_else(|| {
        let known: Vec<&str> = project.rig.clips.iter().map(|c| c.name.as_str()).collect();
        anyhow!(
            "{name}: no clip named \"{}\" (clips: {})",
            args.clip,
            known.join(", ")
        )
    })?;
    if !args.time.is_finite() {
        return Err(anyhow!(
            "--time {} is not a finite number of seconds",
            args.time
        ));
    }
    let solver = PoseSolver::new(&project.rig.skeleton).map_err(|e| anyhow!("{name}: {e}"))?;
    let playback = args
        .transition
        .playback(&project, Some(clip), &name.to_string())?;
    let frame = playback.frame(&project, &solver, args.time);
    let mode = if args.dqs {
        SkinningMode::DualQuaternion
    } else {
        SkinningMode::LinearBlend
    };
    let parts: Vec<PartPositions> = frame
        .parts
        .iter()
        .map(|state| {
            let part = &project.parts[state.part];
            PartPositions {
                name: &part.name,
                draw_order: state.draw_order,
                visible: state.visible,
                positions: skin(&state.rest, &part.binding, &frame.palette, mode),
            }
        })
        .collect();
    let (slots, attachments) = super::pose_slots::slot_states(&project, &frame);
    let mut out = std::io::stdout().lock();
    if args.json {
        let json = PoseJson {
            parts,
            slots,
            attachments,
        };
        serde_json::to_writer(&mut out, &json)?;
        writeln!(out)?;
    } else {
        // Slots beyond parts' own (a project without them prints what it always did).
        if !project.rig.slots.is_empty() {
            for line in super::pose_slots::summary_lines(&slots, &attachments) {
                writeln!(out, "{name}: {line}")?;
            }
        }
        for part in &parts {
            let (mut lo, mut hi) = ([f64::INFINITY; 2], [f64::NEG_INFINITY; 2]);
            for p in &part.positions {
                lo = [lo[0].min(p[0]), lo[1].min(p[1])];
                hi = [hi[0].max(p[0]), hi[1].max(p[1])];
            }
            writeln!(
                out,
                "{name}: clip \"{}\" at {} s: part \"{}\" spans ({:.1}, {:.1})–({:.1}, {:.1})",
                playback.name(),
                match playback {
                    Playback::Clip(clip) => clip.local_time(args.time),
                    _ => args.time,
                },
                part.name,
                lo[0],
                lo[1],
                hi[0],
                hi[1]
            )?;
        }
    }
    Ok(())
}
