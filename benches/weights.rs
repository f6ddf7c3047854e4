//! Criterion benchmarks of automatic weights on the lizards with a 16-bone rig (`bench/rigs/`):
//! all 16 bones' distances and weights from scratch, the same with three cuts (the mesh split along
//! them, their walls, the doubled vertices read on their own side), and a smoothness change at ~20k
//! vertices (weights recomputed from cached per-vertex distances, no field); and a 2560 px figure
//! with its hands on its hips, with its suggested bones, without and with its suggested cuts.
//!
//! Run with `cargo bench --bench weights`. The 4096 px lizard is read from `../shared/sprites`.

use std::path::Path;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use limber::core::MeshSettings;
use limber::core::cuts::{Cut, split_mesh, wall_off, weight_points};
use limber::core::distance::InsideGrid;
use limber::core::image_io::load_png;
use limber::core::mask_bits::MaskBits;
use limber::core::mesh::Mesh;
use limber::core::pipeline::build_mesh_and_grid;
use limber::core::rig::{load_rig, skeleton_from_records};
use limber::core::skeleton::Skeleton;
use limber::core::suggest::{SuggestSettings, suggest};
use limber::core::weights::{Binding, auto_weights};

mod support;
use support::rig_distances;

fn weights(c: &mut Criterion) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut group = c.benchmark_group("weights");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    for (sprite, rig) in [
        (
            "assets/sprites/oc_lizard_2560w.png",
            "bench/rigs/lizard_2560w_16.json",
        ),
        (
            "../shared/sprites/oc_lizard_4096w.png",
            "bench/rigs/lizard_4096w_16.json",
        ),
    ] {
        let path = root.join(sprite);
        if !path.exists() {
            eprintln!("skipping {sprite}: not found");
            continue;
        }
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let image = load_png(&path).unwrap();
        let skeleton = load_rig(&root.join(rig)).unwrap().skeleton;
        let (mesh, grid, _) = build_mesh_and_grid(&image, &MeshSettings::default()).unwrap();
        group.bench_function(format!("{name}/16-bones-distance+weights"), |b| {
            b.iter(|| {
                let distances = rig_distances(&grid, &skeleton, &mesh.positions);
                auto_weights(&skeleton, &distances, &mesh.positions, 100.0)
            })
        });
        // Three cuts across the sprite, in proportion to its width.
        let k = f64::from(image.width()) / 2560.0;
        let cuts: Vec<Cut> = [
            [[1280.0, 0.0], [1280.0, 1100.0]],
            [[0.0, 1300.0], [1000.0, 1300.0]],
            [[1500.0, 1500.0], [2500.0, 2200.0]],
        ]
        .iter()
        .map(|line| Cut {
            points: line.iter().map(|p| [p[0] * k, p[1] * k]).collect(),
        })
        .collect();
        group.bench_function(
            format!("{name}/16-bones-3-cuts-split+distance+weights"),
            |b| b.iter(|| split_and_weigh(&mesh, &grid, &cuts, &skeleton, 100.0)),
        );
        // A dense mesh (spacing 8 px: ~23k vertices on the 2560 lizard) for the smoothness change.
        let dense = MeshSettings {
            spacing: Some(8.0 * image.width() as f64 / 2560.0),
            ..MeshSettings::default()
        };
        let (mesh, grid, _) = build_mesh_and_grid(&image, &dense).unwrap();
        let distances = rig_distances(&grid, &skeleton, &mesh.positions);
        eprintln!(
            "{name}: smoothness change on {} vertices",
            mesh.positions.len()
        );
        let mut smoothness = 100.0;
        group.bench_function(
            format!(
                "{name}/smoothness-change-{}k-vertices",
                mesh.positions.len() / 1000
            ),
            |b| {
                b.iter(|| {
                    smoothness = if smoothness == 100.0 { 120.0 } else { 100.0 };
                    auto_weights(&skeleton, &distances, &mesh.positions, smoothness)
                })
            },
        );
    }
    suggested_cuts(&mut group, root, "police_2560h", "oc_woman_police_512h.png");
    suggested_cuts(&mut group, root, "dress_2560h", "oc_woman_fashion_512h.png");
    group.finish();
}

/// Weights with cuts, as a part is made: the mesh split along them, the mask walled, the doubled
/// vertices read on their own side.
fn split_and_weigh(
    mesh: &Mesh,
    grid: &InsideGrid,
    cuts: &[Cut],
    skeleton: &Skeleton,
    smoothness: f64,
) -> Binding {
    let split = split_mesh(mesh, cuts).unwrap();
    let walled = wall_off(grid, cuts, [0.0, 0.0]);
    let points = weight_points(&split);
    let distances = rig_distances(&walled, skeleton, &points);
    auto_weights(skeleton, &distances, &points, smoothness)
}

/// A figure of `tests/data/figures` scaled to 2560 px high (the police officer, hands on hips; the
/// woman in a dress, one arm against the body), with its suggested bones: weights without the
/// suggested cuts, and with them (mesh split, walls, doubled vertices read on their side) — issue
/// 37 holds the second to 1.2 times the first.
fn suggested_cuts(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    root: &Path,
    label: &str,
    file: &str,
) {
    let small = load_png(&root.join("tests/data/figures").join(file)).unwrap();
    let image = small.resize_exact(
        small.width() * 5,
        small.height() * 5,
        image::imageops::FilterType::Triangle,
    );
    let settings = SuggestSettings::default();
    let bits = MaskBits::from_image(&image, settings.alpha_threshold).unwrap();
    let suggestion = suggest(&bits, &settings).unwrap();
    let skeleton = skeleton_from_records(&suggestion.bones).unwrap();
    let cuts = suggestion.cuts;
    eprintln!(
        "{label}: {} bones, {} suggested cuts",
        skeleton.bones.len(),
        cuts.len()
    );
    let (mesh, grid, _) = build_mesh_and_grid(&image, &MeshSettings::default()).unwrap();
    group.bench_function(format!("{label}/suggested-bones-distance+weights"), |b| {
        b.iter(|| {
            let distances = rig_distances(&grid, &skeleton, &mesh.positions);
            auto_weights(&skeleton, &distances, &mesh.positions, 128.0)
        })
    });
    group.bench_function(
        format!("{label}/suggested-bones-and-cuts-split+distance+weights"),
        |b| b.iter(|| split_and_weigh(&mesh, &grid, &cuts, &skeleton, 128.0)),
    );
}

criterion_group!(benches, weights);
criterion_main!(benches);
