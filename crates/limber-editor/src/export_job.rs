//! A rendered export (GIF, sprite sheet or PNG frames of a clip) on a worker thread: a headless GPU
//! device renders the clip frame by frame, reporting one unit of progress per frame and stopping
//! when cancelled, in which case nothing is written (see [`limber_render::export`]). The window's
//! dialog only picks the path; the editor starts, shows and polls the job (`exports.rs`).

use super::worker::{Worker, WorkerFailure};
use std::path::{Path, PathBuf};

use limber_core::output_guard::Inputs;
use limber_core::progress::Progress;
use limber_core::project::Project;
use limber_render::export::frames_folder::is_frame_name;
use limber_render::export::framing::Framing;
use limber_render::export::gif::MAX_GIF_FPS;
use limber_render::export::timing::{FrameTimes, clip_fps};
use limber_render::export::{
    ClipRenderer, FrameExportError, RenderSettings, SheetOptions, write_frames, write_gif,
    write_sheet,
};

/// What an export writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExportKind {
    /// An animated GIF (at most 50 fps: whole centiseconds).
    Gif,
    /// A sprite-sheet PNG with its JSON-hash atlas beside it.
    Sheet,
    /// `frame_0000.png`, … in a folder (made when missing).
    Frames,
}

impl ExportKind {
    /// What the status bar calls it.
    pub fn noun(self) -> &'static str {
        match self {
            Self::Gif => "GIF",
            Self::Sheet => "sprite sheet",
            Self::Frames => "PNG frames",
        }
    }
}

/// How rendered exports are made: the canvas they frame (the whole animation plus 2 px by default)
/// and whether a sprite sheet's frames are trimmed and packed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ExportOptions {
    pub framing: Framing,
    pub trim: bool,
}

impl ExportOptions {
    /// Switches between the image's rectangle and the animation's bounds (default margin).
    pub fn toggle_image_frame(&mut self) {
        self.framing = match self.framing {
            Framing::Image => Framing::default(),
            Framing::Animation { .. } => Framing::Image,
        };
    }
}

/// How an export ended, one line for the status bar.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExportOutcome {
    Written(String),
    Cancelled(String),
    Failed(String),
}

impl ExportOutcome {
    pub fn message(&self) -> &str {
        match self {
            Self::Written(m) | Self::Cancelled(m) | Self::Failed(m) => m,
        }
    }
}

/// An export running on a worker thread.
pub struct ExportJob {
    kind: ExportKind,
    out: PathBuf,
    worker: Worker<Result<(), FrameExportError>>,
}

impl ExportJob {
    /// Starts rendering clip `clip` of `project` (saved at `project_path`; `None`: the rest pose) at
    /// the clip's own frame rate (30 fps without one) into `out`, framed as `options` say.
    pub fn start(
        kind: ExportKind,
        options: ExportOptions,
        project: Project,
        project_path: PathBuf,
        clip: Option<usize>,
        out: PathBuf,
    ) -> Self {
        let target = out.clone();
        let worker = Worker::spawn("limber-export", move |progress: &Progress| {
            render(
                kind,
                options,
                &project,
                &project_path,
                clip,
                &target,
                progress,
            )
        });
        Self { kind, out, worker }
    }

    pub fn kind(&self) -> ExportKind {
        self.kind
    }

    /// Frames rendered and frames to render (0 of 0 until the device is ready).
    pub fn counts(&self) -> (usize, usize) {
        self.worker.progress().counts()
    }

    /// Asks the worker to stop before its next frame; nothing is written.
    pub fn cancel(&self) {
        self.worker.progress().cancel();
    }

    pub fn is_cancelled(&self) -> bool {
        self.worker.progress().is_cancelled()
    }

    /// Whether the worker has finished (or could not start).
    pub fn is_finished(&self) -> bool {
        self.worker.is_finished()
    }

    /// Waits for the worker and says how the export ended.
    pub fn wait(self) -> ExportOutcome {
        let out = self.out.display().to_string();
        let cancelled = self.is_cancelled();
        // The message, with the output's name unless it already starts with it.
        let result = match self.worker.join() {
            Ok(Ok(())) => Ok(()),
            Ok(Err(e)) if e.names_path() => Err(e.to_string()),
            Ok(Err(e)) => Err(format!("{out}: {e}")),
            Err(WorkerFailure::Panicked) => Err(format!("{out}: the export failed")),
            Err(WorkerFailure::NoThread) => {
                Err(format!("{out}: the export could not start a thread"))
            }
        };
        match result {
            _ if cancelled && result.is_err() => ExportOutcome::Cancelled(format!(
                "{} export cancelled: nothing written",
                self.kind.noun()
            )),
            Ok(()) => ExportOutcome::Written(format!("exported {out}")),
            Err(e) => ExportOutcome::Failed(e),
        }
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
    limber_core::limits::Limits::current()
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
    let gpu = limber_render::GpuContext::headless()?;
    let settings = RenderSettings {
        scale: 1.0,
        background: [0; 4],
        style: limber_render::PartStyle::default(),
    };
    let clip_index = clip;
    let clip = clip.and_then(|c| project.rig.clips.get(c));
    let fps = match kind {
        ExportKind::Gif => clip_fps(clip).min(MAX_GIF_FPS),
        _ => clip_fps(clip),
    };
    let times = FrameTimes::of_clip(clip, fps);
    let renderer = ClipRenderer::new(&gpu, project, project_path, settings)?.framed(
        options.framing,
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
