//! The editor's rendered exports (GIF, sprite sheet, PNG frames) drawn by the GPU renderer: the
//! [`ExportRenderer`] the window hands the editor (whose model depends on no GPU crate). A headless
//! device renders the clip frame by frame on the export's worker thread (see
//! [`crate::render::export`]); nothing the export reads is written over, and the frame and pixel
//! budgets are checked before and after framing.

use std::path::Path;
use std::sync::Arc;

use crate::core::output_guard::Inputs;
use crate::core::progress::Progress;
use crate::core::project::Project;
use crate::editor::export_job::{
    ExportKind, ExportOptions, ExportRenderer, ExportRequest, Framing, RenderFailure,
};
use crate::render::export::frames_folder::is_frame_name;
use crate::render::export::framing;
use crate::render::export::gif::MAX_GIF_FPS;
use crate::render::export::timing::{FrameTimes, clip_fps};
use crate::render::export::{
    ClipRenderer, FrameExportError, RenderSettings, SheetOptions, write_frames, write_gif,
    write_sheet,
};

// The editor names the renderer's default margin without depending on it.
const _: () = assert!(crate::editor::export_job::DEFAULT_MARGIN == framing::DEFAULT_MARGIN);

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
        .map_err(|e| RenderFailure {
            names_path: e.names_path(),
            message: e.to_string(),
        })
    }
}

/// The renderer's framing for the editor's.
fn render_framing(options: ExportOptions) -> framing::Framing {
    match options.framing {
        Framing::Image => framing::Framing::Image,
        Framing::Animation { margin } => framing::Framing::Animation { margin },
    }
}

/// Refuses an export over the frame and pixel budgets (see `limber_core::limits`) before it starts.
fn check_budget(
    kind: ExportKind,
    project: &Project,
    clip: Option<usize>,
    out: &Path,
    canvas: Option<[u32; 2]>,
) -> Result<(), FrameExportError> {
    let clip = clip.and_then(|c| project.rig.clips.get(c));
    let fps = match kind {
        ExportKind::Gif => clip_fps(clip).min(MAX_GIF_FPS),
        _ => clip_fps(clip),
    };
    let frames = clip.map_or(1, |c| FrameTimes::count(c.duration, c.looping, fps));
    // Before framing: the project's canvas; after: the canvas as framed.
    let size = canvas.unwrap_or_else(|| project.canvas_size());
    let what = clip.map_or("the rest pose".to_string(), |c| {
        format!("clip \"{}\"", c.name)
    });
    crate::core::limits::Limits::current()
        .check_render(&what, fps, frames, size, kind != ExportKind::Frames)
        .map_err(|problem| FrameExportError::Format {
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
    check_budget(kind, project, clip, out, None)?;
    if kind == ExportKind::Frames {
        std::fs::create_dir_all(out).map_err(|error| FrameExportError::Folder {
            path: out.to_path_buf(),
            error,
        })?;
    }
    let gpu = crate::render::GpuContext::headless()?;
    let settings = RenderSettings {
        scale: 1.0,
        background: [0; 4],
        style: crate::render::PartStyle::default(),
    };
    let clip_index = clip;
    let clip = clip.and_then(|c| project.rig.clips.get(c));
    let fps = match kind {
        ExportKind::Gif => clip_fps(clip).min(MAX_GIF_FPS),
        _ => clip_fps(clip),
    };
    let times = FrameTimes::of_clip(clip, fps);
    let renderer = ClipRenderer::new(&gpu, project, project_path, settings)?.framed(
        render_framing(options),
        clip,
        &times,
    )?;
    check_budget(kind, project, clip_index, out, Some(renderer.size()))?;
    let sheet = SheetOptions {
        columns: None,
        trim: options.trim,
    };
    let progress = Some(progress);
    match kind {
        ExportKind::Gif => write_gif(&renderer, clip, &times, out, progress),
        ExportKind::Sheet => write_sheet(&renderer, clip, &times, sheet, out, progress),
        ExportKind::Frames => write_frames(&renderer, clip, &times, out, progress),
    }
}
