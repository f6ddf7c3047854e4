//! GPU test support: a headless device (a test without one fails, naming the fix), and small
//! one-part scenes built straight from the core.
#![allow(dead_code)] // each test file uses some of these helpers

use glam::{DAffine2, DVec2};
use image::DynamicImage;
use limber::core::Mesh;
use limber::core::skinning::SkinningMode;
use limber::core::weights::Binding;
use limber::render::renderer::Layers;
use limber::render::{
    GpuContext, GpuPart, OffscreenTarget, PartStyle, PremultipliedImage, Renderer, ViewTransform,
};

/// The headless GPU context. Fails the test (never skips it) when no adapter is found.
pub fn gpu() -> GpuContext {
    match GpuContext::headless() {
        Ok(gpu) => gpu,
        Err(e) => panic!("GPU tests need an adapter: {e}"),
    }
}

/// A renderer for offscreen targets.
pub fn offscreen_renderer(gpu: &GpuContext) -> Renderer {
    Renderer::new(&gpu.device, limber::render::offscreen::OFFSCREEN_FORMAT)
}

/// Every vertex bound to bone 0 with weight 1.
pub fn single_bone_binding(mesh: &Mesh) -> Binding {
    Binding {
        vertices: vec![vec![(0, 1.0)]; mesh.positions.len()],
    }
}

/// Renders one part with `palette` in image space at the image's own size.
pub fn render_part(
    gpu: &GpuContext,
    renderer: &Renderer,
    mesh: &Mesh,
    binding: &Binding,
    image: &DynamicImage,
    palette: &[DAffine2],
    mode: SkinningMode,
) -> PremultipliedImage {
    let bones = palette.len().max(1);
    let part = GpuPart::upload(
        &gpu.device,
        &gpu.queue,
        &renderer.pipelines,
        "part",
        mesh,
        binding,
        image,
        bones,
    )
    .expect("the part uploads");
    let size = DVec2::new(f64::from(image.width()), f64::from(image.height()));
    let view = ViewTransform::image_rect(DVec2::ZERO, size);
    part.set_palette(&gpu.queue, palette);
    part.set_style(
        &gpu.queue,
        &view,
        &PartStyle {
            mode,
            ..PartStyle::default()
        },
    );
    let target =
        OffscreenTarget::new(&gpu.device, image.width(), image.height()).expect("a target");
    target
        .render(gpu, [0.0; 4], |pass| {
            renderer.draw_parts(pass, &[&part], Layers::default())
        })
        .expect("the frame renders")
}
