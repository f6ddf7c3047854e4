//! Rendered exports: a clip rendered frame by frame offscreen, written as a PNG sequence, a sprite
//! sheet with a JSON-hash atlas, or an animated GIF.

pub mod frames_folder;
pub mod framing;
pub mod gif;
pub mod pack;
pub mod sheet;
pub mod timing;

use std::path::{Path, PathBuf};

use thiserror::Error;

use image::RgbaImage;

use super::context::GpuContext;
use super::error::RenderError;
use super::offscreen::OffscreenTarget;
use super::overlay::PartStyle;
use super::renderer::Renderer;
use super::scene::ProjectScene;
use super::view::ViewTransform;
use framing::{FrameRect, Framing, anchor_point, clip_bounds, frame_rect};
use limber_core::atomic_file::{
    destination, remove_stale_staging, staging_folder, write_atomic_replacing,
};
use limber_core::playback::Playback;
use limber_core::pose::PoseSolver;
use limber_core::progress::Progress;
use limber_core::project::Project;
use pack::{pack_trimmed, trim_rect};
use sheet::{Placement, SheetError, SheetLayout, atlas_json, paste};
use timing::FrameTimes;

/// What to render: size, background and skinning.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RenderSettings {
    /// Output pixels per image pixel.
    pub scale: f64,
    /// Straight RGBA.
    pub background: [u8; 4],
    pub style: PartStyle,
}

/// A project uploaded for offscreen rendering at one output size.
pub struct ClipRenderer<'a> {
    gpu: &'a GpuContext,
    project: &'a Project,
    solver: PoseSolver,
    renderer: Renderer,
    scene: ProjectScene,
    target: OffscreenTarget,
    settings: RenderSettings,
    /// The canvas rendered, in output pixels.
    rect: FrameRect,
    view: ViewTransform,
}

impl<'a> ClipRenderer<'a> {
    /// Uploads `project` (saved at `project_path`) and makes a target of the canvas size × scale.
    pub fn new(
        gpu: &'a GpuContext,
        project: &'a Project,
        project_path: &Path,
        settings: RenderSettings,
    ) -> Result<Self, RenderError> {
        let solver = PoseSolver::new(&project.rig.skeleton).map_err(|e| RenderError::BadPart {
            part: "skeleton".into(),
            problem: e.to_string(),
        })?;
        let renderer = Renderer::new(&gpu.device, super::offscreen::OFFSCREEN_FORMAT);
        let scene =
            ProjectScene::upload(&gpu.device, &gpu.queue, &renderer, project, project_path)?;
        let anchor = anchor_point(project);
        let rect = frame_rect(
            Framing::Image,
            scene.canvas_size(),
            None,
            anchor,
            settings.scale,
        );
        let target = OffscreenTarget::new(&gpu.device, rect.size[0], rect.size[1])?;
        let view = scene.canvas_view();
        Ok(Self {
            gpu,
            project,
            solver,
            renderer,
            scene,
            target,
            settings,
            rect,
            view,
        })
    }

    /// The renderer framed as `framing` asks for the frames `times` of `playback` (the image
    /// rectangle made by [`ClipRenderer::new`] is kept for [`Framing::Image`]).
    pub fn framed<'c>(
        mut self,
        framing: Framing,
        playback: impl Into<Playback<'c>>,
        times: &FrameTimes,
    ) -> Result<Self, RenderError> {
        if framing == Framing::Image {
            return Ok(self);
        }
        let bounds = clip_bounds(
            self.project,
            &self.solver,
            playback.into(),
            times,
            self.settings.style.mode,
        );
        let anchor = anchor_point(self.project);
        let rect = frame_rect(
            framing,
            self.scene.canvas_size(),
            bounds,
            anchor,
            self.settings.scale,
        );
        let (min, size) = rect.image_rect(self.settings.scale);
        self.target = OffscreenTarget::new(&self.gpu.device, rect.size[0], rect.size[1])?;
        self.view = ViewTransform::image_rect(min, size);
        self.rect = rect;
        Ok(self)
    }

    /// Output size in pixels.
    pub fn size(&self) -> [u32; 2] {
        [self.target.width, self.target.height]
    }

    /// The canvas rendered: where it sits relative to the image and where the anchor is in it.
    pub fn frame_rect(&self) -> FrameRect {
        self.rect
    }

    /// The project at time `t` of `playback` (a clip, a transition, or — for `None` — the rest
    /// pose), as straight RGBA.
    pub fn render<'c>(
        &self,
        playback: impl Into<Playback<'c>>,
        t: f64,
    ) -> Result<RgbaImage, RenderError> {
        let frame = playback.into().frame(self.project, &self.solver, t);
        let background = super::offscreen::premultiplied_color(self.settings.background);
        let image = self.scene.render_frame(
            self.gpu,
            &self.renderer,
            &self.target,
            &frame,
            &self.view,
            &self.settings.style,
            background,
        )?;
        Ok(image.to_straight())
    }
}

/// Why a rendered export wrote nothing (or, for frames, left the folder as it was).
#[derive(Debug, Error)]
pub enum FrameExportError {
    #[error(transparent)]
    Render(#[from] RenderError),
    #[error("cannot encode PNG: {0}")]
    EncodePng(String),
    // The I/O errors are fields, not sources, so that the one-line message holds them once.
    #[error("{}: cannot write: {error}", path.display())]
    Write {
        path: PathBuf,
        error: std::io::Error,
    },
    #[error("{}: cannot write there: {error}", path.display())]
    Folder {
        path: PathBuf,
        error: std::io::Error,
    },
    /// The export is over a budget (the message says which and what to lower).
    #[error("{}: {problem}", path.display())]
    Format { path: PathBuf, problem: String },
    /// The sheet's grid or packing refused the frames.
    #[error("{}: {error}", path.display())]
    Sheet { path: PathBuf, error: SheetError },
    /// The GIF encoder refused the frames.
    #[error("{}: {error}", path.display())]
    Gif {
        path: PathBuf,
        error: image::ImageError,
    },
    /// An output would replace the project or a part's image.
    #[error(transparent)]
    Overwrite(#[from] limber_core::output_guard::OverwriteError),
    /// The export was stopped by its [`Progress`]'s cancel flag.
    #[error("export cancelled")]
    Cancelled,
}

impl FrameExportError {
    /// Whether the message already starts with the file or folder it is about.
    pub fn names_path(&self) -> bool {
        matches!(
            self,
            Self::Write { .. }
                | Self::Folder { .. }
                | Self::Format { .. }
                | Self::Sheet { .. }
                | Self::Gif { .. }
                | Self::Overwrite(_)
        )
    }
}

/// PNG bytes of `image`.
pub fn png_bytes(image: &RgbaImage) -> Result<Vec<u8>, FrameExportError> {
    let mut bytes = Vec::new();
    image
        .write_to(
            &mut std::io::Cursor::new(&mut bytes),
            image::ImageFormat::Png,
        )
        .map_err(|e| FrameExportError::EncodePng(e.to_string()))?;
    Ok(bytes)
}

/// Makes the folder `path` goes into when it is missing and checks that `path` can be replaced
/// (a regular file or nothing), before an export spends its time rendering.
fn prepare_file(path: &Path) -> Result<(), FrameExportError> {
    let error = |error| FrameExportError::Write {
        path: path.to_path_buf(),
        error,
    };
    if let Some(folder) = path.parent() {
        limber_core::folders::ensure_folder(folder).map_err(error)?;
    }
    destination(path).map(drop).map_err(error)
}

fn write(path: &Path, bytes: &[u8]) -> Result<(), FrameExportError> {
    write_atomic_replacing(path, bytes).map_err(|error| FrameExportError::Write {
        path: path.to_path_buf(),
        error,
    })
}

/// Renders every frame of `times` into `sink`, counting one unit of `progress` per frame and
/// stopping with [`FrameExportError::Cancelled`] before the next frame once it is cancelled.
fn render_counted(
    renderer: &ClipRenderer,
    playback: Playback,
    times: &FrameTimes,
    progress: Option<&Progress>,
    mut sink: impl FnMut(usize, RgbaImage) -> Result<(), FrameExportError>,
) -> Result<(), FrameExportError> {
    if let Some(progress) = progress {
        progress.add_total(times.len());
    }
    for (index, &t) in times.times.iter().enumerate() {
        stop_if_cancelled(progress)?;
        sink(index, renderer.render(playback, t)?)?;
        if let Some(progress) = progress {
            progress.finish_one();
        }
    }
    stop_if_cancelled(progress)
}

fn stop_if_cancelled(progress: Option<&Progress>) -> Result<(), FrameExportError> {
    match progress {
        Some(p) if p.is_cancelled() => Err(FrameExportError::Cancelled),
        _ => Ok(()),
    }
}

/// Renders `times` of `clip` to `dir/frame_0000.png`, … (the folder must exist), one at a time,
/// counting a unit of `progress` per frame.
///
/// The frames are first written into a hidden staging folder inside `dir` and moved into `dir`
/// (renames) only once every frame is rendered, so a cancelled or failed export leaves `dir` as it
/// was: the staging folder is removed. Then the frames an earlier, longer export left beyond the
/// new count are removed, so `dir` holds one sequence. (A process killed while rendering can leave
/// the hidden `.limber-frames-RANDOM.limber-tmp` folder behind, which a later export into `dir`
/// removes once it is an hour old; killed during the final renames, part of the new set.)
pub fn write_frames<'c>(
    renderer: &ClipRenderer,
    playback: impl Into<Playback<'c>>,
    times: &FrameTimes,
    dir: &Path,
    progress: Option<&Progress>,
) -> Result<(), FrameExportError> {
    remove_stale_staging(dir);
    let folder_error = |error| FrameExportError::Folder {
        path: dir.to_path_buf(),
        error,
    };
    // Removed, with whatever is left in it, when dropped.
    let staging = staging_folder(dir).map_err(folder_error)?;
    let name = frames_folder::frame_name;
    let staged = render_counted(
        renderer,
        playback.into(),
        times,
        progress,
        |index, image| write(&staging.path().join(name(index)), &png_bytes(&image)?),
    )
    .and_then(|()| {
        (0..times.len()).try_for_each(|index| {
            let target = dir.join(name(index));
            std::fs::rename(staging.path().join(name(index)), &target).map_err(|error| {
                FrameExportError::Write {
                    path: target,
                    error,
                }
            })
        })
    });
    staged?;
    frames_folder::remove_frames_from(dir, times.len()).map_err(folder_error)
}

/// How a sprite sheet is laid out.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SheetOptions {
    /// Frames per row of the grid (default: the smallest square); ignored when trimmed.
    pub columns: Option<u32>,
    /// Each frame cut to its own visible pixels and packed, its offset in the atlas.
    pub trim: bool,
}

/// Renders `times` of `clip` into a sprite sheet at `path` (a grid, or trimmed and packed, as
/// `options` say) and writes its JSON-hash atlas beside it (same name, `.json`); nothing is written
/// when `progress` is cancelled first.
pub fn write_sheet<'c>(
    renderer: &ClipRenderer,
    playback: impl Into<Playback<'c>>,
    times: &FrameTimes,
    options: SheetOptions,
    path: &Path,
    progress: Option<&Progress>,
) -> Result<(), FrameExportError> {
    // Where it goes is made ready before any frame is rendered.
    prepare_file(path)?;
    prepare_file(&path.with_extension("json"))?;
    let [width, height] = renderer.size();
    let format_error = |error| FrameExportError::Sheet {
        path: path.to_path_buf(),
        error,
    };
    let playback = playback.into();
    let (image, placements) = if options.trim {
        let mut kept = Vec::with_capacity(times.len());
        render_counted(renderer, playback, times, progress, |_, image| {
            let [x, y, w, h] = trim_rect(&image);
            kept.push((
                image::imageops::crop_imm(&image, x, y, w, h).to_image(),
                [x, y, w, h],
            ));
            Ok(())
        })?;
        let sources: Vec<[u32; 4]> = kept.iter().map(|(_, source)| *source).collect();
        let (placements, [w, h]) = pack_trimmed(&sources).map_err(format_error)?;
        let mut sheet = RgbaImage::new(w, h);
        for ((piece, _), placement) in kept.iter().zip(&placements) {
            let [x, y, ..] = placement.sheet;
            image::imageops::replace(&mut sheet, piece, i64::from(x), i64::from(y));
        }
        (sheet, placements)
    } else {
        let layout =
            SheetLayout::new(times.len(), width, height, options.columns).map_err(format_error)?;
        let [w, h] = layout.size();
        let mut sheet = RgbaImage::new(w, h);
        render_counted(renderer, playback, times, progress, |index, image| {
            paste(&mut sheet, &image, &layout.placement(index));
            Ok(())
        })?;
        let placements: Vec<Placement> = (0..times.len()).map(|i| layout.placement(i)).collect();
        (sheet, placements)
    };
    let image_name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let atlas = atlas_json(
        &placements,
        [image.width(), image.height()],
        &renderer.frame_rect(),
        times,
        &playback.name(),
        &image_name,
    );
    let png = png_bytes(&image)?;
    stop_if_cancelled(progress)?;
    write(path, &png)?;
    write(
        &path.with_extension("json"),
        format!("{atlas:#}\n").as_bytes(),
    )
}

/// Renders `times` of `clip` into an animated GIF at `path`; nothing is written when `progress` is
/// cancelled first. `progress` counts two units per frame: its rendering, then its encoding, so the
/// bar is full only when the file is about to be written.
pub fn write_gif<'c>(
    renderer: &ClipRenderer,
    playback: impl Into<Playback<'c>>,
    times: &FrameTimes,
    path: &Path,
    progress: Option<&Progress>,
) -> Result<(), FrameExportError> {
    prepare_file(path)?;
    if let Some(progress) = progress {
        // The encoding's units, announced with the rendering's so the bar never steps back.
        progress.add_total(times.len());
    }
    let mut frames = Vec::with_capacity(times.len());
    render_counted(renderer, playback.into(), times, progress, |_, image| {
        frames.push(image);
        Ok(())
    })?;
    let bytes =
        gif::encode_gif(frames, times, progress).map_err(|error| FrameExportError::Gif {
            path: path.to_path_buf(),
            error,
        })?;
    stop_if_cancelled(progress)?;
    write(path, &bytes)
}
