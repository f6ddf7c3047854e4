//! `limber render`: a clip (or a transition into another: `--then B --crossfade S`) rendered on the GPU to a PNG sequence, a sprite sheet with its atlas, or
//! an animated GIF.

use std::path::{Path, PathBuf};

use anyhow::{anyhow, bail};
use clap::Args;

use crate::core::animation::Clip;
use crate::core::derived::refresh_stale_parts;
use crate::core::folders::{check_folder, ensure_folder};
use crate::core::limits::Limits;
use crate::core::output_guard::Inputs;
use crate::core::playback::Playback;
use crate::core::pose::PoseSolver;
use crate::core::project::Project;
use crate::core::skinning::SkinningMode;
use crate::render::GpuContext;
use crate::render::PartStyle;
use crate::render::export::frames_folder::is_frame_name;
use crate::render::export::framing::{Framing, anchor_point, clip_bounds, frame_rect};
use crate::render::export::gif::MAX_GIF_FPS;
use crate::render::export::timing::{DEFAULT_FPS, FrameTimes};
use crate::render::export::{
    ClipRenderer, RenderSettings, SheetOptions, write_frames, write_gif, write_sheet,
};

#[derive(Debug, Args)]
pub struct RenderArgs {
    /// The project file.
    pub project: PathBuf,
    /// The clip to render [default: the project's first clip; the rest pose when it has none].
    #[arg(long)]
    pub clip: Option<String>,
    /// Frames per second, 1–240 (at most 50 for --gif) [default: the clip's own frame rate, 30
    /// without one; a GIF at most 50].
    #[arg(long, allow_negative_numbers = true)]
    pub fps: Option<f64>,
    /// Output pixels per image pixel (above 0, at most 16).
    #[arg(long, default_value_t = 1.0, allow_negative_numbers = true)]
    pub scale: f64,
    /// Background colour as hex RRGGBBAA or RRGGBB [default: transparent].
    #[arg(long, value_name = "RGBA")]
    pub background: Option<String>,
    /// Skin with dual quaternions instead of linear blending.
    #[arg(long)]
    pub dqs: bool,
    /// Show this skin instead of the project's active one (`default`: each attachment by its own
    /// name).
    #[arg(long, value_name = "NAME")]
    pub skin: Option<String>,
    #[command(flatten)]
    pub transition: super::transition_args::TransitionArgs,
    #[command(flatten)]
    pub output: RenderOutput,
    #[command(flatten)]
    pub framing: super::framing_args::FramingArgs,
    /// Frames per row of a sprite sheet [default: the smallest square that holds them].
    #[arg(long, requires = "sheet")]
    pub columns: Option<u32>,
}

/// Exactly one output.
#[derive(Debug, Args)]
#[group(required = true, multiple = false)]
pub struct RenderOutput {
    /// Write frame_0000.png, frame_0001.png, … into this folder (made if missing).
    #[arg(long, value_name = "DIR")]
    pub frames: Option<PathBuf>,
    /// Write one sprite-sheet PNG and its JSON-hash atlas beside it (same name, .json; the folder
    /// is made if missing).
    #[arg(long, value_name = "OUT.png")]
    pub sheet: Option<PathBuf>,
    /// Write an animated GIF.
    #[arg(long, value_name = "OUT.gif")]
    pub gif: Option<PathBuf>,
}

/// Parses `RRGGBBAA` or `RRGGBB` (an optional leading `#`).
pub fn parse_color(text: &str) -> anyhow::Result<[u8; 4]> {
    let hex = text.strip_prefix('#').unwrap_or(text);
    let byte = |i: usize| {
        hex.get(i..i + 2)
            .and_then(|h| u8::from_str_radix(h, 16).ok())
    };
    let channels = match hex.len() {
        6 => [byte(0), byte(2), byte(4), Some(255)],
        8 => [byte(0), byte(2), byte(4), byte(6)],
        _ => [None; 4],
    };
    match channels {
        [Some(r), Some(g), Some(b), Some(a)] => Ok([r, g, b, a]),
        _ => bail!("--background {text}: expected hex RRGGBBAA or RRGGBB, for example ffffffff"),
    }
}

/// The folders the outputs go into: the frames folder itself, or the sheet's or GIF's folder.
fn output_folders(args: &RenderArgs) -> Vec<&Path> {
    [
        args.output.frames.as_deref(),
        args.output.sheet.as_deref().and_then(Path::parent),
        args.output.gif.as_deref().and_then(Path::parent),
    ]
    .into_iter()
    .flatten()
    .filter(|dir| !dir.as_os_str().is_empty())
    .collect()
}

fn pick_clip<'a>(
    project: &'a Project,
    name: Option<&str>,
    file: &str,
) -> anyhow::Result<Option<&'a Clip>> {
    let clip = match name {
        Some(name) => Some(project.clip(name).ok_or_else(|| {
            let known: Vec<&str> = project.rig.clips.iter().map(|c| c.name.as_str()).collect();
            let known = if known.is_empty() {
                "none".to_string()
            } else {
                known.join(", ")
            };
            anyhow!("{file}: no clip named \"{name}\" (clips: {known})")
        })?),
        None => project.rig.clips.first(),
    };
    if let Some(clip) = clip
        && clip.key_count() == 0
        && clip.part_keys().is_empty()
        && clip.slot_keys().is_empty()
        && clip.mix_key_names().next().is_none()
        && clip.path_keys().all().is_empty()
    {
        bail!(
            "{file}: clip \"{}\" is empty (no keys), so there is nothing to animate",
            clip.name
        );
    }
    Ok(clip)
}

/// Refuses an export over the frame and pixel budgets before any GPU work starts. `size` is the
/// output in pixels: the canvas as framed (`--frame animation`: the clip's posed bounds, measured
/// on the CPU; `--frame image`: the canvas), times the scale.
fn check_budget(
    clip: Option<&Clip>,
    frames: u64,
    fps: f64,
    size: [u32; 2],
    args: &RenderArgs,
) -> anyhow::Result<()> {
    let what = match clip {
        Some(c) => format!("clip \"{}\"", c.name),
        None => "the rest pose".into(),
    };
    let in_memory = args.output.frames.is_none();
    Limits::current()
        .check_render(&what, fps, frames, size, in_memory)
        .map_err(|e| anyhow!("{}: {e}", args.project.display()))
}

/// The output size before the GPU is started: the frame rectangle `framing` gives for `times` of
/// `playback` at the scale (the same rectangle the renderer frames to).
fn framed_size(
    project: &Project,
    playback: Playback,
    times: &FrameTimes,
    mode: SkinningMode,
    args: &RenderArgs,
) -> anyhow::Result<[u32; 2]> {
    let framing = args.framing.framing();
    let bounds = match framing {
        Framing::Image => None,
        Framing::Animation { .. } => {
            let solver = PoseSolver::new(&project.rig.skeleton).map_err(|e| anyhow!("{e}"))?;
            clip_bounds(project, &solver, playback, times, mode)
        }
    };
    let rect = frame_rect(
        framing,
        project.canvas_size(),
        bounds,
        anchor_point(project),
        args.scale,
    );
    Ok(rect.size)
}

pub fn run(args: &RenderArgs) -> anyhow::Result<()> {
    let file = args.project.display().to_string();
    if let Some(fps) = args.fps {
        if !(fps.is_finite() && (1.0..=240.0).contains(&fps)) {
            bail!("--fps {fps}: expected a number of frames per second from 1 to 240");
        }
        if args.output.gif.is_some() && fps > MAX_GIF_FPS {
            bail!(
                "--fps {fps}: GIF delays are whole hundredths of a second and players slow anything \
                 shorter than 2, so GIFs go up to 50 fps"
            );
        }
    }
    if !(args.scale.is_finite() && args.scale > 0.0 && args.scale <= 16.0) {
        bail!(
            "--scale {}: expected a number above 0 and at most 16",
            args.scale
        );
    }
    let background = match &args.background {
        Some(text) => parse_color(text)?,
        None => [0; 4],
    };
    if args.framing.trim && args.output.sheet.is_none() {
        bail!("--trim: only a sprite sheet (--sheet OUT.png) has frames to trim");
    }
    // A missing output folder is made, but only once every check has passed; what stands in its
    // way (a file, a dangling link) is named now.
    for dir in output_folders(args) {
        check_folder(dir).map_err(|e| anyhow!("cannot write: {e}"))?;
    }
    let mut project = Project::load(&args.project).map_err(|e| anyhow!("{file}: {e}"))?;
    for part in
        refresh_stale_parts(&mut project, &args.project).map_err(|e| anyhow!("{file}: {e}"))?
    {
        eprintln!("{file}: {}", part.note());
    }
    super::skin_arg::apply_skin(&mut project, args.skin.as_deref(), &file)?;
    // Nothing the render reads (the project, its parts' images) is written over or removed.
    let inputs = Inputs::of_project(&project, &args.project);
    let atlas = args.output.sheet.as_ref().map(|p| p.with_extension("json"));
    let files = [&args.output.sheet, &atlas, &args.output.gif];
    super::outputs::check_outputs(&inputs, files.into_iter().flatten().map(PathBuf::as_path))?;
    if let Some(dir) = &args.output.frames {
        inputs.check_in_folder(dir, is_frame_name)?;
    }
    let clip = pick_clip(&project, args.clip.as_deref(), &file)?;
    let playback = args.transition.playback(&project, clip, &file)?;
    // Without --fps, the clip's own rate (a GIF at most 50 fps).
    let fps = args.fps.unwrap_or_else(|| {
        let own = playback.fps().map_or(DEFAULT_FPS, f64::from);
        if args.output.gif.is_some() {
            own.min(MAX_GIF_FPS)
        } else {
            own
        }
    });
    let frames = FrameTimes::count_of_playback(playback, fps);
    let mode = if args.dqs {
        SkinningMode::DualQuaternion
    } else {
        SkinningMode::LinearBlend
    };
    // The frame count first (framing costs a pose per frame), then the pixels as framed.
    check_budget(clip, frames, fps, [1, 1], args)?;
    let times = FrameTimes::of_playback(playback, fps);
    let size = framed_size(&project, playback, &times, mode, args)?;
    check_budget(clip, frames, fps, size, args)?;

    let gpu = GpuContext::headless()?;
    let settings = RenderSettings {
        scale: args.scale,
        background,
        style: PartStyle {
            mode,
            ..PartStyle::default()
        },
    };
    let renderer = ClipRenderer::new(&gpu, &project, &args.project, settings)
        .and_then(|r| r.framed(args.framing.framing(), playback, &times))
        .map_err(|e| anyhow!("{file}: {e}"))?;
    // The renderer's own rectangle (the same as measured above) is what is written.
    check_budget(clip, frames, fps, renderer.size(), args)?;
    let [width, height] = renderer.size();
    for dir in output_folders(args) {
        ensure_folder(dir).map_err(|e| anyhow!("cannot write: {e}"))?;
    }

    let written = if let Some(dir) = &args.output.frames {
        write_frames(&renderer, playback, &times, dir, None)?;
        dir.clone()
    } else if let Some(path) = &args.output.sheet {
        let options = SheetOptions {
            columns: args.columns,
            trim: args.framing.trim,
        };
        write_sheet(&renderer, playback, &times, options, path, None)?;
        path.clone()
    } else if let Some(path) = &args.output.gif {
        write_gif(&renderer, playback, &times, path, None)?;
        path.clone()
    } else {
        bail!("choose an output: --frames DIR, --sheet OUT.png or --gif OUT.gif");
    };
    println!(
        "{}: {} frame{} of {width} × {height} from {} at {} fps ({})",
        written.display(),
        times.len(),
        if times.len() == 1 { "" } else { "s" },
        match clip {
            Some(c) => format!("clip \"{}\"", c.name),
            None => "the rest pose".into(),
        },
        fps,
        gpu.adapter_name
    );
    Ok(())
}
