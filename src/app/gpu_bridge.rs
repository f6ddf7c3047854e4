//! The one bridge between egui and the renderer: an `egui_wgpu::CallbackTrait` whose per-frame value
//! carries only the view, the frame (shared, not copied) and the overlay shapes. The renderer and the
//! project's GPU parts live in egui's callback resources, created once and brought up to date by the
//! document's revisions ([`sync_document`]): a weight change writes weights only, a new mesh keeps
//! its texture, and textures come from the document's asset store.

use std::sync::Arc;

use eframe::egui_wgpu;

use crate::core::frame::Frame;
use crate::render::gpu_types::GpuShapeVertex;
use crate::render::renderer::{Layers, ShapeBatch};
use crate::render::scene::SceneRevisions;
use crate::render::{PartStyle, ProjectScene, Renderer, ViewTransform};
use limber_editor::document::Document;

/// What lives in egui's callback resources.
pub struct EditorGpu {
    pub renderer: Renderer,
    pub scene: Option<ProjectScene>,
    /// The document (its id) and revisions the scene was last synced to.
    pub uploaded: Option<(u64, SceneRevisions)>,
    shapes: Option<ShapeBatch>,
}

/// Creates the renderer in the render state's callback resources (once, at start-up).
pub fn install(render_state: &egui_wgpu::RenderState) {
    let renderer = Renderer::new(&render_state.device, render_state.target_format);
    render_state
        .renderer
        .write()
        .callback_resources
        .insert(EditorGpu {
            renderer,
            scene: None,
            uploaded: None,
            shapes: None,
        });
}

/// Brings the GPU scene up to `document` (shown as `document_id`): a new document is uploaded
/// whole, the same one only as far as its revisions changed. An error is for the status bar.
pub fn sync_document(
    render_state: &egui_wgpu::RenderState,
    document_id: u64,
    document: &Document,
) -> Result<(), SyncError> {
    let mut renderer = render_state.renderer.write();
    let Some(gpu) = renderer.callback_resources.get_mut::<EditorGpu>() else {
        return Err(SyncError::NotInstalled);
    };
    let revisions = scene_revisions(document);
    let key = (document_id, revisions);
    if gpu.scene.is_none() && gpu.uploaded == Some(key) {
        // The last upload of this state failed (and said why): wait for the next change.
        return Ok(());
    }
    let same_document = gpu.uploaded.is_some_and(|(id, _)| id == document_id);
    let (device, queue) = (&render_state.device, &render_state.queue);
    let project_path = document.base_path();
    gpu.uploaded = Some(key);
    let result = match gpu.scene.as_mut() {
        Some(scene) if same_document => scene.sync(
            device,
            queue,
            &gpu.renderer,
            &document.project,
            &project_path,
            &document.assets,
            revisions,
        ),
        _ => ProjectScene::upload_with(
            device,
            queue,
            &gpu.renderer,
            &document.project,
            &project_path,
            &document.assets,
        )
        .map(|mut scene| {
            scene.set_revisions(revisions);
            gpu.scene = Some(scene);
        }),
    };
    result.map_err(|e| {
        gpu.scene = None;
        SyncError::Upload(e)
    })
}

/// Why the GPU scene could not follow the document.
#[derive(Debug, thiserror::Error)]
pub enum SyncError {
    #[error("the renderer was not installed")]
    NotInstalled,
    #[error(transparent)]
    Upload(crate::render::RenderError),
}

/// The document's revisions as the scene reads them.
pub fn scene_revisions(document: &Document) -> SceneRevisions {
    let r = document.revisions();
    SceneRevisions {
        textures: r.textures,
        meshes: r.meshes,
        weights: r.weights,
        pose: r.pose,
    }
}

/// One frame of the viewport.
pub struct ViewportCallback {
    pub view: ViewTransform,
    pub frame: Arc<Frame>,
    pub style: PartStyle,
    pub layers: Layers,
    pub shapes: Vec<GpuShapeVertex>,
    /// The onion skins' frames, in slot order (their tints are in `style`).
    pub onion: Vec<Arc<Frame>>,
}

impl egui_wgpu::CallbackTrait for ViewportCallback {
    fn prepare(
        &self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        _screen_descriptor: &egui_wgpu::ScreenDescriptor,
        _egui_encoder: &mut wgpu::CommandEncoder,
        resources: &mut egui_wgpu::CallbackResources,
    ) -> Vec<wgpu::CommandBuffer> {
        if let Some(gpu) = resources.get_mut::<EditorGpu>() {
            if let Some(scene) = &gpu.scene {
                scene.apply(queue, &self.frame, &self.view, &self.style);
                for (which, frame) in self.onion.iter().enumerate() {
                    scene.apply_onion(queue, which, frame);
                }
            }
            gpu.shapes = Some(gpu.renderer.shape_batch(device, &self.shapes, &self.view));
        }
        Vec::new()
    }

    fn paint(
        &self,
        _info: eframe::egui::PaintCallbackInfo,
        render_pass: &mut wgpu::RenderPass<'static>,
        resources: &egui_wgpu::CallbackResources,
    ) {
        let Some(gpu) = resources.get::<EditorGpu>() else {
            return;
        };
        if let Some(scene) = &gpu.scene {
            scene.draw(render_pass, &gpu.renderer, &self.frame, self.layers);
        }
        if let Some(shapes) = &gpu.shapes {
            gpu.renderer.draw_shapes(render_pass, shapes);
        }
    }
}
