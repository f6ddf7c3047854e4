//! A whole project on the GPU: every part uploaded once, then drawn at any [`Frame`] — palettes,
//! deform offsets, slot colours, blend modes and draw order from the frame, back to front; offscreen
//! renders also clip through the stencil ([`ProjectScene::render_frame`]).
//!
//! After an edit, [`ProjectScene::sync`] uploads only what its [`SceneRevisions`] say changed: new
//! weights are written into the existing vertex buffers, a new mesh rebuilds its part's buffers but
//! keeps the texture, and a texture is created only for an image not yet on the GPU (keyed by path
//! and content through the [`AssetStore`]). [`SceneStats`] counts each kind of upload.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use glam::DVec2;

use super::context::GpuContext;
use super::error::RenderError;
use super::gpu_part::GpuPart;
use super::offscreen::{OffscreenTarget, PremultipliedImage};
use super::overlay::PartStyle;
use super::renderer::{Layers, Renderer, ShapeBatch};
use super::texture::SpriteTexture;
use super::view::ViewTransform;
use limber_core::Mesh;
use limber_core::assets::{AssetStore, FileStamp};
use limber_core::frame::{DrawStep, Frame};
use limber_core::project::Project;

/// Per kind of GPU data, a counter that grows whenever that kind may have changed (the editor's
/// document keeps them). The pose has nothing uploaded ahead: palettes are written every frame.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SceneRevisions {
    pub textures: u64,
    pub meshes: u64,
    pub weights: u64,
    pub pose: u64,
}

/// Uploads a scene has made since it was created.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SceneStats {
    /// Sprite textures created (with their mip chains).
    pub textures_created: u64,
    /// Parts whose mesh buffers were built.
    pub meshes_uploaded: u64,
    /// Parts whose weights were written into existing buffers.
    pub weights_uploaded: u64,
}

/// Which image content a texture holds.
type TextureKey = (PathBuf, FileStamp, u32);

/// A part taken out of the scene while it is rebuilt, with what its buffers hold.
type OldPart = Option<(GpuPart, (TextureKey, Arc<Mesh>))>;

/// The GPU side of a project: one [`GpuPart`] per part, in the project's order.
pub struct ProjectScene {
    pub parts: Vec<GpuPart>,
    /// Per part, the texture's key and the mesh its buffers hold.
    uploaded: Vec<(TextureKey, Arc<Mesh>)>,
    revisions: SceneRevisions,
    stats: SceneStats,
    /// The project's canvas size when it sets one.
    canvas: Option<[u32; 2]>,
}

impl ProjectScene {
    /// Uploads every part of `project` (saved at `project_path`, which its image paths are relative
    /// to).
    pub fn upload(
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        renderer: &Renderer,
        project: &Project,
        project_path: &Path,
    ) -> Result<Self, RenderError> {
        Self::upload_with(
            device,
            queue,
            renderer,
            project,
            project_path,
            &AssetStore::new(),
        )
    }

    /// [`ProjectScene::upload`] reading the images through `store`.
    pub fn upload_with(
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        renderer: &Renderer,
        project: &Project,
        project_path: &Path,
        store: &AssetStore,
    ) -> Result<Self, RenderError> {
        let mut scene = Self {
            parts: Vec::new(),
            uploaded: Vec::new(),
            revisions: SceneRevisions::default(),
            stats: SceneStats::default(),
            canvas: project.canvas,
        };
        scene.rebuild(device, queue, renderer, project, project_path, store, true)?;
        Ok(scene)
    }

    /// The uploads made so far.
    pub fn stats(&self) -> SceneStats {
        self.stats
    }

    /// Records that the scene (just uploaded) matches the project at `revisions`.
    pub fn set_revisions(&mut self, revisions: SceneRevisions) {
        self.revisions = revisions;
    }

    /// The revisions the scene was last synced at.
    pub fn revisions(&self) -> SceneRevisions {
        self.revisions
    }

    /// Brings the scene up to `project` at `revisions` (from the document), uploading only what
    /// changed since the last sync. On error the scene may hold a mix of old and new parts; the
    /// next sync (or a new upload) repairs it.
    #[allow(clippy::too_many_arguments)]
    pub fn sync(
        &mut self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        renderer: &Renderer,
        project: &Project,
        project_path: &Path,
        store: &AssetStore,
        revisions: SceneRevisions,
    ) -> Result<(), RenderError> {
        let before = self.revisions;
        if revisions == before {
            return Ok(());
        }
        // Invalidate first, so an error leaves the next sync with everything to do.
        self.revisions = SceneRevisions::default();
        let shape_changed = self.parts.len() != project.parts.len();
        if shape_changed
            || revisions.textures != before.textures
            || revisions.meshes != before.meshes
        {
            let check_textures = shape_changed || revisions.textures != before.textures;
            self.rebuild(
                device,
                queue,
                renderer,
                project,
                project_path,
                store,
                check_textures,
            )?;
        } else if revisions.weights != before.weights {
            let bone_count = project.rig.skeleton.bones.len();
            for (gpu, part) in self.parts.iter().zip(&project.parts) {
                gpu.set_weights(queue, &part.mesh, &part.binding, bone_count)?;
                self.stats.weights_uploaded += 1;
            }
        }
        self.revisions = revisions;
        Ok(())
    }

    /// Makes `parts` match `project`: a part whose mesh and texture are unchanged is kept (its
    /// weights written again), others are rebuilt; textures are looked up by image content when
    /// `check_textures`, else kept by part index.
    #[allow(clippy::too_many_arguments)]
    fn rebuild(
        &mut self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        renderer: &Renderer,
        project: &Project,
        project_path: &Path,
        store: &AssetStore,
        check_textures: bool,
    ) -> Result<(), RenderError> {
        let bone_count = project.rig.skeleton.bones.len();
        self.canvas = project.canvas;
        let mut old: Vec<OldPart> = std::mem::take(&mut self.parts)
            .into_iter()
            .zip(std::mem::take(&mut self.uploaded))
            .map(Some)
            .collect();
        let same_count = old.len() == project.parts.len();
        for (i, part) in project.parts.iter().enumerate() {
            let path = project.image_path(project_path, i);
            let kept = if same_count && !check_textures {
                old.get(i)
                    .and_then(Option::as_ref)
                    .map(|(gpu, (key, _))| (key.clone(), Arc::clone(gpu.texture())))
            } else {
                None
            };
            let (key, texture) = match kept {
                Some(kept) => kept,
                None => self.texture_for(device, queue, &path, &part.name, store, &old)?,
            };
            // The part as it is, when its texture, mesh and bone count are unchanged.
            let reusable = old
                .get(i)
                .and_then(Option::as_ref)
                .is_some_and(|(gpu, (k, mesh))| {
                    *k == key
                        && Arc::ptr_eq(mesh, &part.mesh)
                        && gpu.bone_count as usize == bone_count.max(1)
                        && gpu.name == part.name
                });
            let gpu = match old.get_mut(i).and_then(Option::take) {
                Some((gpu, _)) if reusable => {
                    gpu.set_weights(queue, &part.mesh, &part.binding, bone_count)?;
                    self.stats.weights_uploaded += 1;
                    gpu
                }
                _ => {
                    self.stats.meshes_uploaded += 1;
                    GpuPart::with_texture(
                        device,
                        &renderer.pipelines,
                        &part.name,
                        &part.mesh,
                        &part.binding,
                        texture,
                        bone_count,
                    )?
                }
            };
            let mut gpu = gpu;
            gpu.set_pixel_art(device, &renderer.pipelines, part.pixel_art);
            self.parts.push(gpu);
            self.uploaded.push((key, Arc::clone(&part.mesh)));
        }
        Ok(())
    }

    /// The texture of the image at `path`: one already on the GPU with the same content (among
    /// `old` parts and the parts rebuilt so far), else created.
    fn texture_for(
        &mut self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        path: &Path,
        label: &str,
        store: &AssetStore,
        old: &[OldPart],
    ) -> Result<(TextureKey, Arc<SpriteTexture>), RenderError> {
        let asset = store.image(path).map_err(|e| RenderError::Image {
            path: path.display().to_string(),
            problem: e.to_string(),
        })?;
        let key: TextureKey = (path.to_path_buf(), asset.stamp, asset.crc32);
        let existing = old
            .iter()
            .flatten()
            .map(|(gpu, (k, _))| (gpu, k))
            .chain(self.parts.iter().zip(self.uploaded.iter().map(|(k, _)| k)))
            .find(|(_, k)| **k == key)
            .map(|(gpu, _)| Arc::clone(gpu.texture()));
        let texture = match existing {
            Some(texture) => texture,
            None => {
                self.stats.textures_created += 1;
                Arc::new(SpriteTexture::upload(device, queue, &asset.image, label)?)
            }
        };
        Ok((key, texture))
    }

    /// The canvas (as [`limber_core::project::Project::canvas_size`]): the project's own, grown to
    /// hold every part's image where it sits on it.
    pub fn canvas_size(&self) -> [u32; 2] {
        self.parts
            .iter()
            .fold(self.canvas.unwrap_or([1, 1]), |[w, h], p| {
                [w.max(p.image_size[0]), h.max(p.image_size[1])]
            })
    }

    /// Sets every part's palette, deform offsets and uniforms for `frame` seen through `view`.
    pub fn apply(
        &self,
        queue: &wgpu::Queue,
        frame: &Frame,
        view: &ViewTransform,
        style: &PartStyle,
    ) {
        for state in &frame.parts {
            if let Some(part) = self.parts.get(state.part) {
                part.set_palette(queue, &frame.palette);
                part.set_deformed_rest(queue, &state.rest);
                // The slot's colour tints the sprite (white leaves the style's tint as it is).
                let slot = super::blend::premultiplied_tint(state.color);
                let tinted = PartStyle {
                    tint: std::array::from_fn(|i| style.tint[i] * slot[i]),
                    ..*style
                };
                part.set_style(queue, view, &tinted);
            }
        }
    }

    /// Sets onion skin `which`'s palette from `frame`.
    pub fn apply_onion(&self, queue: &wgpu::Queue, which: usize, frame: &Frame) {
        for part in &self.parts {
            part.set_onion_palette(queue, which, &frame.palette);
        }
    }

    /// Draws the visible parts of `frame` back to front, each with its slot's blend mode (no
    /// clipping: that needs a stencil attachment, see [`ProjectScene::render_frame`]).
    pub fn draw(
        &self,
        pass: &mut wgpu::RenderPass<'_>,
        renderer: &Renderer,
        frame: &Frame,
        layers: Layers,
    ) {
        let order: Vec<(&GpuPart, limber_core::slots::Blend)> = frame
            .draw_sequence()
            .iter()
            .filter_map(|state| self.parts.get(state.part).map(|p| (p, state.blend)))
            .collect();
        renderer.draw_blended(pass, &order, layers);
    }

    /// The view showing the canvas (image space from (0, 0)) on a whole target.
    pub fn canvas_view(&self) -> ViewTransform {
        let [w, h] = self.canvas_size();
        ViewTransform::image_rect(DVec2::ZERO, DVec2::new(f64::from(w), f64::from(h)))
    }

    /// Renders `frame` into `target` seen through `view` (see [`ProjectScene::canvas_view`]), over
    /// `background` (premultiplied, 0–1).
    #[allow(clippy::too_many_arguments)]
    pub fn render_frame(
        &self,
        gpu: &GpuContext,
        renderer: &Renderer,
        target: &OffscreenTarget,
        frame: &Frame,
        view: &ViewTransform,
        style: &PartStyle,
        background: [f64; 4],
    ) -> Result<PremultipliedImage, RenderError> {
        self.apply(&gpu.queue, frame, view, style);
        let steps = frame.draw_list();
        // Clip polygons as stencil fans, made before the pass that draws them.
        let fans: Vec<Option<ShapeBatch>> = steps
            .iter()
            .map(|step| match step {
                DrawStep::ClipStart(clip) | DrawStep::ClipEnd(clip) => Some(renderer.shape_batch(
                    &gpu.device,
                    &super::stencil::fan(&clip.polygon),
                    view,
                )),
                DrawStep::Part { .. } => None,
            })
            .collect();
        target.render_stenciled(gpu, background, |pass| {
            for (step, fan) in steps.iter().zip(&fans) {
                match (step, fan) {
                    (DrawStep::Part { part, clipped }, _) => {
                        if let Some(gpu_part) = self.parts.get(part.part) {
                            renderer.draw_stenciled(pass, gpu_part, part.blend, *clipped);
                        }
                    }
                    (DrawStep::ClipStart(_), Some(fan)) => renderer.draw_clip(pass, fan, true),
                    (DrawStep::ClipEnd(_), Some(fan)) => renderer.draw_clip(pass, fan, false),
                    _ => {}
                }
            }
        })
    }
}
