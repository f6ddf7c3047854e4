//! Criterion benchmarks of the GPU renderer (on whatever adapter wgpu finds; in our runs Mesa's
//! software Vulkan adapter, llvmpipe):
//! - one 512 × 512 offscreen frame of the rigged zombie: palette upload, draw, readback;
//! - the CPU side of a frame for a 100-bone skeleton: world transforms, palette, the GPU palette
//!   (local frame, DQS split, f32) and its upload (submitted, as a frame would).
//!
//! Run with `cargo bench --bench render`.

use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use glam::{DAffine2, DVec2};
use limber::core::distance::Metric;
use limber::core::image_io::load_png;
use limber::core::pipeline::{MeshSettings, build_mesh_and_grid};
use limber::core::pose::{Pose, PoseSolver};
use limber::core::rig::load_rig;
use limber::core::skeleton::{Bone, Skeleton};
use limber::core::weights::{auto_smoothness, weigh};
use limber::render::renderer::Layers;
use limber::render::{GpuContext, GpuPart, OffscreenTarget, PartStyle, Renderer, ViewTransform};

fn asset(path: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
}

fn offscreen_frame(c: &mut Criterion) {
    let gpu = GpuContext::headless().expect("a GPU adapter (install mesa-vulkan-drivers)");
    eprintln!("adapter: {}", gpu.adapter_name);
    let renderer = Renderer::new(&gpu.device, limber::render::offscreen::OFFSCREEN_FORMAT);
    let image = load_png(&asset("assets/sprites/kenney_zombie_walk0.png")).unwrap();
    let rig = load_rig(&asset("assets/rigs/kenney_zombie_walk0.json")).unwrap();
    let (mesh, grid, _) = build_mesh_and_grid(&image, &MeshSettings::default()).unwrap();
    let smoothness = auto_smoothness(image.width(), image.height());
    let binding = weigh(
        &grid,
        &rig.skeleton,
        &mesh.positions,
        Metric::Geodesic,
        smoothness,
    );
    let part = GpuPart::upload(
        &gpu.device,
        &gpu.queue,
        &renderer.pipelines,
        "zombie",
        &mesh,
        &binding,
        &image,
        rig.skeleton.bones.len(),
    )
    .unwrap();
    let solver = PoseSolver::new(&rig.skeleton).unwrap();
    let clip = &rig.clips[0];
    let target = OffscreenTarget::new(&gpu.device, 512, 512).unwrap();
    // The sprite fills the square (taller than wide, centred).
    let side = f64::from(image.height());
    let view = ViewTransform::image_rect(
        DVec2::new((f64::from(image.width()) - side) / 2.0, 0.0),
        DVec2::splat(side),
    );
    part.set_style(&gpu.queue, &view, &PartStyle::default());
    let mut t = 0.0;
    let mut group = c.benchmark_group("render");
    group.measurement_time(Duration::from_secs(8));
    group.bench_function("zombie 512x512 frame + readback", |b| {
        b.iter(|| {
            t += 1.0 / 30.0;
            let palette = solver.palette(&solver.world(&clip.sample(t)));
            part.set_palette(&gpu.queue, &palette);
            target
                .render(&gpu, [0.0; 4], |pass| {
                    renderer.draw_parts(pass, &[&part], Layers::default())
                })
                .unwrap()
        })
    });
    group.finish();
}

fn hundred_bone_palette(c: &mut Criterion) {
    let gpu = GpuContext::headless().expect("a GPU adapter (install mesa-vulkan-drivers)");
    let renderer = Renderer::new(&gpu.device, limber::render::offscreen::OFFSCREEN_FORMAT);
    // Ten chains of ten bones.
    let mut bones = Vec::new();
    for chain in 0..10 {
        for link in 0..10 {
            let (x, y) = (40.0 * chain as f64, 30.0 * link as f64);
            let parent = (link > 0).then(|| bones.len() - 1);
            bones.push(Bone::new(
                &format!("c{chain}b{link}"),
                parent,
                [x, y],
                [x, y + 30.0],
            ));
        }
    }
    let skeleton = Skeleton::new(bones).unwrap();
    let solver = PoseSolver::new(&skeleton).unwrap();
    let image = image::DynamicImage::ImageRgba8(image::RgbaImage::from_pixel(
        400,
        300,
        image::Rgba([255; 4]),
    ));
    let (mesh, _, _) = build_mesh_and_grid(&image, &MeshSettings::default()).unwrap();
    let binding = limber::core::weights::Binding {
        vertices: vec![vec![(0, 1.0)]; mesh.positions.len()],
    };
    let part = GpuPart::upload(
        &gpu.device,
        &gpu.queue,
        &renderer.pipelines,
        "grid",
        &mesh,
        &binding,
        &image,
        skeleton.bones.len(),
    )
    .unwrap();
    let mut pose = Pose::rest(&skeleton);
    let mut angle = 0.0;
    c.bench_function(
        "100-bone palette: world + palette + GPU palette + upload",
        |b| {
            b.iter(|| {
                angle += 0.01;
                for (i, bone) in pose.bones.iter_mut().enumerate() {
                    bone.rotate = angle * (1.0 + i as f64 * 0.01);
                }
                let palette: Vec<DAffine2> = solver.palette(&solver.world(&pose));
                part.set_palette(&gpu.queue, &palette);
                // A frame submits its writes; without it the staging copies would pile up unflushed.
                gpu.queue.submit([]);
                let _ = gpu.device.poll(wgpu::PollType::Poll);
            })
        },
    );
}

criterion_group!(benches, offscreen_frame, hundred_bone_palette);
criterion_main!(benches);
