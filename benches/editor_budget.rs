//! The editor's real-time budget (issue 9), on the CPU side, as criterion benchmarks:
//!
//! - one frame with a 100k-vertex mesh and 100 bones: pose (world transforms), palette, the GPU
//!   palette (`render::palette::gpu_palette`: part-local frame, DQS split, f32), and the upload
//!   bookkeeping — the palette's and the deform offsets' bytes copied into a staging buffer, as
//!   `wgpu::Queue::write_buffer` does. The GPU's own work is not counted (skinning runs in the vertex
//!   shader), so the vertex count enters only through the deform offsets. Target ≤ 2 ms.
//! - weights refreshed after a smoothness change at ~20k vertices (16 bones, cached distances, no
//!   field): a fresh `Binding`, and the same written over the previous one. Target ≤ 2 ms.
//!
//! Run with `cargo bench --bench editor_budget`. Nothing here asserts a time.

use std::path::Path;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use glam::{DAffine2, DVec2};
use limber::core::MeshSettings;
use limber::core::image_io::load_png;
use limber::core::pipeline::build_mesh_and_grid;
use limber::core::pose::{Pose, PoseSolver};
use limber::core::rig::load_rig;
use limber::core::skeleton::{Bone, Skeleton};
use limber::core::weights::{Binding, auto_weights, auto_weights_into};
use limber::render::palette::gpu_palette;

mod support;
use support::rig_distances;

/// Ten chains of ten bones over a `width` × `height` image.
fn hundred_bones(width: f64, height: f64) -> Skeleton {
    let mut bones = Vec::new();
    for chain in 0..10 {
        for link in 0..10 {
            let (x, y) = (
                width * (chain as f64 + 0.5) / 10.0,
                height * link as f64 / 10.0,
            );
            let parent = (link > 0).then(|| bones.len() - 1);
            bones.push(Bone::new(
                &format!("c{chain}b{link}"),
                parent,
                [x, y],
                [x, y + height / 10.0],
            ));
        }
    }
    Skeleton::new(bones).unwrap()
}

fn frame(c: &mut Criterion) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let image = load_png(&root.join("assets/sprites/oc_lizard_2560w.png")).unwrap();
    // Spacing 3.8 px gives about 100k vertices on the 2560 lizard.
    let settings = MeshSettings {
        spacing: Some(3.8),
        ..MeshSettings::default()
    };
    let (mesh, _, _) = build_mesh_and_grid(&image, &settings).unwrap();
    let skeleton = hundred_bones(f64::from(image.width()), f64::from(image.height()));
    let solver = PoseSolver::new(&skeleton).unwrap();
    let origin = DVec2::new(
        f64::from(image.width()) / 2.0,
        f64::from(image.height()) / 2.0,
    );
    // A deform key: every vertex moved a little, so the offsets are uploaded each frame.
    let deformed: Vec<[f64; 2]> = mesh
        .positions
        .iter()
        .map(|p| [p[0] + 0.25, p[1] - 0.5])
        .collect();
    let mut staging: Vec<u8> = Vec::new();
    let mut pose = Pose::rest(&skeleton);
    let mut angle = 0.0;
    let name = format!(
        "editor/frame-{}k-vertices-{}-bones",
        mesh.positions.len() / 1000,
        skeleton.bones.len()
    );
    c.bench_function(&name, |b| {
        b.iter(|| {
            angle += 0.01;
            for (i, bone) in pose.bones.iter_mut().enumerate() {
                bone.rotate = angle * (1.0 + i as f64 * 0.01);
            }
            let palette: Vec<DAffine2> = solver.palette(&solver.world(&pose));
            let bones = gpu_palette(&palette, origin);
            let offsets: Vec<[f32; 2]> = deformed
                .iter()
                .zip(&mesh.positions)
                .map(|(d, r)| [(d[0] - r[0]) as f32, (d[1] - r[1]) as f32])
                .collect();
            staging.clear();
            staging.extend_from_slice(bytemuck::cast_slice(&bones));
            staging.extend_from_slice(bytemuck::cast_slice(&offsets));
            staging.len()
        })
    });
    c.bench_function("editor/frame-palette-only-100-bones", |b| {
        b.iter(|| {
            angle += 0.01;
            for (i, bone) in pose.bones.iter_mut().enumerate() {
                bone.rotate = angle * (1.0 + i as f64 * 0.01);
            }
            let palette: Vec<DAffine2> = solver.palette(&solver.world(&pose));
            let bones = gpu_palette(&palette, origin);
            staging.clear();
            staging.extend_from_slice(bytemuck::cast_slice(&bones));
            staging.len()
        })
    });
}

fn smoothness_change(c: &mut Criterion) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let image = load_png(&root.join("assets/sprites/oc_lizard_2560w.png")).unwrap();
    let skeleton = load_rig(&root.join("bench/rigs/lizard_2560w_16.json"))
        .unwrap()
        .skeleton;
    // Spacing 8.8 px gives about 20k vertices on the 2560 lizard.
    let settings = MeshSettings {
        spacing: Some(8.8),
        ..MeshSettings::default()
    };
    let (mesh, grid, _) = build_mesh_and_grid(&image, &settings).unwrap();
    let distances = rig_distances(&grid, &skeleton, &mesh.positions);
    let k = mesh.positions.len() / 1000;
    let mut smoothness = 100.0;
    c.bench_function(&format!("editor/smoothness-change-{k}k-vertices"), |b| {
        b.iter(|| {
            smoothness = if smoothness == 100.0 { 120.0 } else { 100.0 };
            auto_weights(&skeleton, &distances, &mesh.positions, smoothness)
        })
    });
    let mut binding: Binding = auto_weights(&skeleton, &distances, &mesh.positions, smoothness);
    c.bench_function(
        &format!("editor/smoothness-change-{k}k-vertices-in-place"),
        |b| {
            b.iter(|| {
                smoothness = if smoothness == 100.0 { 120.0 } else { 100.0 };
                auto_weights_into(
                    &skeleton,
                    &distances,
                    &mesh.positions,
                    smoothness,
                    &mut binding,
                );
                binding.vertices.len()
            })
        },
    );
}

fn config() -> Criterion {
    Criterion::default()
        .sample_size(30)
        .measurement_time(Duration::from_secs(4))
}

criterion_group! {
    name = benches;
    config = config();
    targets = frame, smoothness_change
}
criterion_main!(benches);
