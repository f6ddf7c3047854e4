//! Rendered exports: a clip rendered frame by frame offscreen, written as a PNG sequence, a sprite
//! sheet with a JSON-hash atlas, or an animated GIF.

pub mod gif;
pub mod sheet;
pub mod timing;

use std::path::Path;

use image::RgbaImage;

use super::context::GpuContext;
use super::error::RenderError;
use super::offscreen::OffscreenTarget;
use super::overlay::PartStyle;
use super::renderer::Renderer;
use super::scene::ProjectScene;
use crate::core::animation::Clip;
use crate::core::frame::Frame;
use crate::core::pose::PoseSolver;
use crate::core::project::Project;
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
        let [w, h] = scene.canvas_size();
        let size = |side: u32| (f64::from(side) * settings.scale).round().max(1.0) as u32;
        let target = OffscreenTarget::new(&gpu.device, size(w), size(h))?;
        Ok(Self {
            gpu,
            project,
            solver,
            renderer,
            scene,
            target,
            settings,
        })
    }

    /// Output size in pixels.
    pub fn size(&self) -> [u32; 2] {
        [self.target.width, self.target.height]
    }

    /// The project at time `t` of `clip` (rest pose for `None`), as straight RGBA.
    pub fn render(&self, clip: Option<&Clip>, t: f64) -> Result<RgbaImage, RenderError> {
        let frame = Frame::sample(self.project, &self.solver, clip, t);
        let background = super::offscreen::premultiplied_color(self.settings.background);
        let image = self.scene.render_frame(
            self.gpu,
            &self.renderer,
            &self.target,
            &frame,
            &self.settings.style,
            background,
        )?;
        Ok(image.to_straight())
    }

    /// Renders every frame of `times`, handing each to `sink` as it is made (so a long clip is never
    /// held in memory whole unless the sink keeps it).
    pub fn render_each(
        &self,
        clip: Option<&Clip>,
        times: &FrameTimes,
        mut sink: impl FnMut(usize, RgbaImage) -> Result<(), RenderError>,
    ) -> Result<(), RenderError> {
        for (index, &t) in times.times.iter().enumerate() {
            sink(index, self.render(clip, t)?)?;
        }
        Ok(())
    }
}
