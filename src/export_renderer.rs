//! The editor's rendered exports (GIF, sprite sheet, PNG frames) drawn by the GPU renderer: the
//! [`ExportRenderer`] the window hands the editor (whose model depends on no GPU crate). A headless
//! device renders the clip frame by frame on the export's worker thread (see
//! [`crate::render::export`]); nothing the export reads is written over, and the frame and pixel
//! budgets are checked before and after framing.

use std::path::Path;
use std::sync::Arc;

use crate::core::animation::Clip;
use crate::core::limits::thousands;
use crate::core::output_guard::Inputs;
use crate::core::progress::Progress;
use crate::core::project::Project;
use crate::editor::export_job::{
    ExportKind, ExportOptions, ExportRenderer, ExportRequest, RenderFailure,
};
use crate::render::export::frames_folder::is_frame_name;
use crate::render::export::gif::MAX_GIF_FPS;
use crate::render::export::timing::{FrameTimes, clip_fps};
use crate::render::export::{
    ClipRenderer, FrameExportError, RenderSettings, SheetOptions, write_frames, write_gif,
    write_sheet,
};

/// Renders the editor's exports on a headless GPU device of its own.
#[derive(Debug, Default, Clone, Copy)]
pub struct GpuExports;

impl GpuExports {
    /// The renderer as the editor holds it.
    pub fn shared() -> Arc<dyn ExportRenderer> {
        Arc::new(Self)
    }
}

impl ExportRenderer for GpuExports {
    fn render(&self, request: &ExportRequest, progress: &Progress) -> Result<(), RenderFailure> {
        render(
            request.kind,
            request.options,
            &request.project,
            &request.project_path,
            request.clip,
            &request.out,
            progress,
        )
        .map_err(failure)
    }

    fn check(&self, request: &ExportRequest) -> Result<(), RenderFailure> {
        check_budget(
            request.kind,
            request.options,
            &request.project,
            request.clip,
            &request.out,
            None,
        )
        .map_err(failure)
    }
}

fn failure(e: FrameExportError) -> RenderFailure {
    RenderFailure {
        names_path: e.names_path(),
        message: e.to_string(),
    }
}

/// The frame rate `kind` renders `clip` at: the options' (else the clip's own), a GIF at most 50.
fn export_fps(kind: ExportKind, options: ExportOptions, clip: Option<&Clip>) -> f64 {
    let fps = options.fps.unwrap_or_else(|| clip_fps(clip));
    match kind {
        ExportKind::Gif => fps.min(MAX_GIF_FPS),
        _ => fps,
    }
}

/// Refuses an export over the frame and pixel budgets (see `limber_core::limits`), saying what to
/// lower in the Export dialog's terms: the scale below which and the fps below which it fits.
/// `canvas`: the framed canvas (output pixels) when known; before framing, the project's canvas at
/// the options' scale.
fn check_budget(
    kind: ExportKind,
    options: ExportOptions,
    project: &Project,
    clip: Option<usize>,
    out: &Path,
    canvas: Option<[u32; 2]>,
) -> Result<(), FrameExportError> {
    let clip = clip.and_then(|c| project.rig.clips.get(c));
    let fps = export_fps(kind, options, clip);
    let count = |fps: f64| clip.map_or(1, |c| FrameTimes::count(c.duration, c.looping, fps));
    let frames = count(fps);
    let scaled = |side: u32, scale: f64| (f64::from(side) * scale).round().max(1.0) as u32;
    let [w, h] = canvas.unwrap_or_else(|| {
        let [w, h] = project.canvas_size();
        [scaled(w, options.scale), scaled(h, options.scale)]
    });
    let limits = crate::core::limits::Limits::current();
    let in_memory = kind != ExportKind::Frames;
    let what = clip.map_or("the rest pose".to_string(), |c| {
        format!("clip \"{}\"", c.name)
    });
    if limits
        .check_render(&what, fps, frames, [w, h], in_memory)
        .is_ok()
    {
        return Ok(());
    }
    let pixel_limit = if in_memory {
        limits.export_pixels_in_memory
    } else {
        limits.export_pixels_on_disk
    };
    let fits = |frames: u64, [w, h]: [u32; 2]| {
        frames <= limits.export_frames
            && frames.saturating_mul(u64::from(w) * u64::from(h)) <= pixel_limit
    };
    // The largest whole fps at this scale, and the largest scale (in hundredths) at this fps.
    let fps_fit = (1..fps.ceil() as u64)
        .rev()
        .map(|f| f as f64)
        .find(|&f| fits(count(f), [w, h]));
    let scale_fit = (1..(options.scale * 100.0).ceil() as u64)
        .rev()
        .map(|c| c as f64 / 100.0)
        .find(|&s| {
            let ratio = s / options.scale;
            fits(frames, [scaled(w, ratio), scaled(h, ratio)])
        });
    let advice = match (scale_fit, fps_fit) {
        (Some(s), Some(f)) if frames <= limits.export_frames => {
            format!("lower the scale to {s} or less, or the fps to {f} or less")
        }
        (_, Some(f)) => format!("lower the fps to {f} or less"),
        (Some(s), None) => format!("lower the scale to {s} or less"),
        (None, None) => "shorten the clip".to_string(),
    };
    let pixels = frames.saturating_mul(u64::from(w) * u64::from(h));
    // Name only the limits that are passed.
    let over = match (frames > limits.export_frames, pixels > pixel_limit) {
        (true, true) => format!(
            "over the export limits of {} frames and {} pixels",
            thousands(limits.export_frames),
            thousands(pixel_limit)
        ),
        (true, false) => format!(
            "over the export limit of {} frames",
            thousands(limits.export_frames)
        ),
        _ => format!("over the export limit of {} pixels", thousands(pixel_limit)),
    };
    let problem = format!(
        "{what} at scale {} and {} fps is {} frames of {w} x {h} px, {} pixels in all, {over}: \
         {advice}",
        options.scale,
        fps,
        thousands(frames),
        thousands(pixels),
    );
    Err(FrameExportError::Format {
        path: out.to_path_buf(),
        problem,
    })
}

/// The worker: a headless device, the clip's frames, the file(s).
fn render(
    kind: ExportKind,
    options: ExportOptions,
    project: &Project,
    project_path: &Path,
    clip: Option<usize>,
    out: &Path,
    progress: &Progress,
) -> Result<(), FrameExportError> {
    // Nothing the export reads (the project, its parts' images) is written over or removed.
    let inputs = Inputs::of_project(project, project_path);
    match kind {
        ExportKind::Gif => inputs.check(out)?,
        ExportKind::Sheet => inputs.check_all([out, out.with_extension("json").as_path()])?,
        ExportKind::Frames => inputs.check_in_folder(out, is_frame_name)?,
    }
    check_budget(kind, options, project, clip, out, None)?;
    if kind == ExportKind::Frames {
        std::fs::create_dir_all(out).map_err(|error| FrameExportError::Folder {
            path: out.to_path_buf(),
            error,
        })?;
    }
    let gpu = crate::render::GpuContext::headless()?;
    let settings = RenderSettings {
        scale: options.scale,
        background: [0; 4],
        style: crate::render::PartStyle::default(),
    };
    let clip_index = clip;
    let clip = clip.and_then(|c| project.rig.clips.get(c));
    let fps = export_fps(kind, options, clip);
    let times = FrameTimes::of_clip(clip, fps);
    let renderer = ClipRenderer::new(&gpu, project, project_path, settings)?.framed(
        options.framing,
        clip,
        &times,
    )?;
    check_budget(
        kind,
        options,
        project,
        clip_index,
        out,
        Some(renderer.size()),
    )?;
    let sheet = SheetOptions {
        columns: options.columns,
        trim: options.trim,
    };
    let progress = Some(progress);
    match kind {
        ExportKind::Gif => write_gif(&renderer, clip, &times, out, progress),
        ExportKind::Sheet => write_sheet(&renderer, clip, &times, sheet, out, progress),
        ExportKind::Frames => write_frames(&renderer, clip, &times, out, progress),
    }
}
