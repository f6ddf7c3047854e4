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
//! - one mesh-slider step on the 4096 px lizard (issue 15; target ≤ 60 ms), through the editor's
//!   model (`Editor::remesh`: the asset store's stages, the weights carried, the undo step): a
//!   spacing step (triangulate only), a tolerance step (simplify onwards), threshold and padding
//!   steps (mask onwards), each with a new value every iteration; and, for comparison, the step as
//!   it was before the store (read, decode, full pipeline). The plain threshold step moves by
//!   0.0001, which mostly stays on one 8-bit alpha level (the store reuses that mask); the
//!   threshold-level step moves a whole level each time, so its mask is always rebuilt.
//! - a smoothness change through the editor (`MeshCommand::SetSmoothness` on the 4096 lizard with 16
//!   bones, fields cached): what the store saves there is the file read.
//!
//! The lizard is read from `../shared/sprites` (skipped with a note when absent). Run with
//! `cargo bench --bench editor_budget`. Nothing here asserts a time.

use std::path::Path;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use glam::{DAffine2, DVec2};
use limber::core::MeshSettings;
use limber::core::edit::Edit;
use limber::core::image_io::load_png;
use limber::core::pipeline::build_mesh_and_grid;
use limber::core::pose::{Pose, PoseSolver};
use limber::core::rig::BoneRecord;
use limber::core::rig::load_rig;
use limber::core::skeleton::{Bone, Skeleton};
use limber::core::weights::{Binding, auto_weights, auto_weights_into};
use limber::editor::document::Document;
use limber::editor::editor::Editor;
use limber::editor::jobs::JobKind;
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

/// The 4096 px lizard, when the shared sprites are there.
fn lizard_4096() -> Option<std::path::PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let path = root.join("../shared/sprites/oc_lizard_4096w.png");
    if path.exists() {
        Some(path)
    } else {
        eprintln!(
            "{} is missing: mesh-slider benchmarks skipped",
            path.display()
        );
        None
    }
}

/// An editor on the 4096 lizard with its 16-bone rig and automatic weights.
fn lizard_editor(path: &Path) -> Editor {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let skeleton = load_rig(&root.join("bench/rigs/lizard_4096w_16.json"))
        .unwrap()
        .skeleton;
    let mut editor = Editor::new(Document::open(path).unwrap());
    for bone in &skeleton.bones {
        let record = BoneRecord {
            inherit: Default::default(),
            name: bone.name.clone(),
            parent: bone.parent.map(|p| skeleton.bones[p].name.clone()),
            head: bone.head,
            tail: bone.tail,
            smoothness: bone.smoothness,
            deform: bone.deform,
        };
        assert!(editor.apply(Edit::AddBone(record)));
    }
    editor.recompute_weights();
    editor.finish_job(JobKind::Weights);
    editor
}

fn mesh_slider(c: &mut Criterion) {
    let Some(path) = lizard_4096() else {
        return;
    };
    let mut editor = lizard_editor(&path);
    let base = editor.document().project.parts[0].mesh_settings.clone();
    let mut group = c.benchmark_group("editor/mesh-slider-4096-lizard");
    group.sample_size(10);
    let mut step = 0u32;
    // Spacing around the default (longer side / 20 = 205 px) and fine (about 20 px).
    for (name, around) in [("spacing-step-default", 205.0), ("spacing-step-20px", 20.0)] {
        group.bench_function(name, |b| {
            b.iter(|| {
                step += 1;
                let settings = MeshSettings {
                    spacing: Some(around + f64::from(step % 50) * 0.01),
                    ..base.clone()
                };
                assert!(editor.remesh(0, settings));
            })
        });
    }
    group.bench_function("tolerance-step", |b| {
        b.iter(|| {
            step += 1;
            let settings = MeshSettings {
                tolerance: 1.0 + f64::from(step % 500) * 0.001,
                ..base.clone()
            };
            assert!(editor.remesh(0, settings));
        })
    });
    group.bench_function("threshold-step", |b| {
        b.iter(|| {
            step += 1;
            let settings = MeshSettings {
                alpha_threshold: 0.05 + f64::from(step % 500) * 0.0001,
                ..base.clone()
            };
            assert!(editor.remesh(0, settings));
        })
    });
    // A new alpha level every iteration (thresholds a level apart, cycling through more levels than
    // the store keeps masks), so the mask is always rebuilt.
    group.bench_function("threshold-level-step", |b| {
        b.iter(|| {
            step += 1;
            let settings = MeshSettings {
                alpha_threshold: f64::from(5 + step % 26) / 255.0,
                ..base.clone()
            };
            assert!(editor.remesh(0, settings));
        })
    });
    // Padding steps of 0.001 px around the default (the mesh keeps ~1.7k vertices) and around
    // 1.45 px (where the traced outline takes in more fringe and the mesh has ~6.2k vertices). Each
    // cycles through its own 50 values, so the mesh size does not depend on the benchmarks before.
    for (name, around) in [("padding-step", 1.0), ("padding-step-1.45px", 1.45)] {
        let mut k = 0u32;
        group.bench_function(name, |b| {
            b.iter(|| {
                k += 1;
                let settings = MeshSettings {
                    padding: around + f64::from(k % 50) * 0.001,
                    ..base.clone()
                };
                assert!(editor.remesh(0, settings));
            })
        });
    }
    // Before the asset store: every step read, decoded and meshed the whole image.
    group.bench_function("any-step-before-the-store", |b| {
        b.iter(|| {
            step += 1;
            let settings = MeshSettings {
                spacing: Some(205.0 + f64::from(step % 50) * 0.01),
                ..base.clone()
            };
            let image = load_png(&path).unwrap();
            build_mesh_and_grid(&image, &settings).unwrap().0
        })
    });
    group.finish();
    // Measure the fields for the last mesh and both smoothness values first.
    for warm in [150.0, 180.0] {
        editor.run(limber::editor::commands::Command::Mesh(
            limber::editor::commands::MeshCommand::SetSmoothness {
                part: 0,
                smoothness: warm,
            },
        ));
        editor.finish_job(JobKind::Weights);
    }
    let mut smoothness = 180.0;
    c.bench_function("editor/smoothness-change-4096-lizard-16-bones", |b| {
        b.iter(|| {
            smoothness = if smoothness == 150.0 { 180.0 } else { 150.0 };
            editor.run(limber::editor::commands::Command::Mesh(
                limber::editor::commands::MeshCommand::SetSmoothness {
                    part: 0,
                    smoothness,
                },
            ));
            assert!(!editor.jobs().is_running(JobKind::Weights));
        })
    });
}

fn config() -> Criterion {
    Criterion::default()
        .sample_size(30)
        .measurement_time(Duration::from_secs(4))
}

criterion_group! {
    name = benches;
    config = config();
    targets = frame, smoothness_change, mesh_slider
}
criterion_main!(benches);
