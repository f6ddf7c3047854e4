//! Criterion benchmarks of distance fields on the large lizards, beside the floor they are held to:
//! one pass of a 3 × 3 neighbourhood sum over the same mask.
//!
//! Run with `cargo bench --bench distance_fields`. The 4096 px lizard is read from
//! `../shared/sprites` and skipped when absent.

use std::path::{Path, PathBuf};
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use limber::core::MeshSettings;
use limber::core::distance::{InsideGrid, Metric, with_field};
use limber::core::image_io::load_png;
use limber::core::pipeline::padded_field;

mod support;
use support::{body_bone, neighbourhood_sum};

fn sprites() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    [
        root.join("assets/sprites/oc_lizard_2560w.png"),
        root.join("../shared/sprites/oc_lizard_4096w.png"),
    ]
    .into_iter()
    .filter(|p| p.exists())
    .collect()
}

fn fields(c: &mut Criterion) {
    let mut group = c.benchmark_group("distance");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(8));
    for path in sprites() {
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let image = load_png(&path).unwrap();
        let grid = InsideGrid::from_field(&padded_field(&image, &MeshSettings::default()).unwrap());
        let (head, tail) = body_bone(&grid);
        group.bench_function(format!("{name}/3x3-pass"), |b| {
            b.iter(|| neighbourhood_sum(&grid))
        });
        for metric in [Metric::Bfs4, Metric::Dijkstra8, Metric::Geodesic] {
            group.bench_function(format!("{name}/field-{}", metric.name()), |b| {
                // Read one value: the field is computed in reusable buffers, as weights use it.
                b.iter(|| with_field(&grid, head, tail, metric, |f| f[f.len() / 2]))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, fields);
criterion_main!(benches);
