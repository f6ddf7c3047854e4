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

/// The floor: each output pixel sums its 3 × 3 neighbourhood of the mask.
pub fn neighbourhood_sum(grid: &InsideGrid) -> Vec<u8> {
    let (w, h) = (grid.width, grid.height);
    let mut out = vec![0u8; w * h];
    for y in 1..h - 1 {
        for x in 1..w - 1 {
            let mut sum = 0u8;
            for dy in 0..3 {
                let row = &grid.inside[(y + dy - 1) * w + x - 1..(y + dy - 1) * w + x + 2];
                sum += row.iter().map(|&b| u8::from(b)).sum::<u8>();
            }
            out[y * w + x] = sum;
        }
    }
    out
}

/// A bone along the lizard's body: the longest horizontal run of mask pixels through the middle row.
pub fn body_bone(grid: &InsideGrid) -> ([f64; 2], [f64; 2]) {
    let y = grid.height / 2;
    let row = &grid.inside[y * grid.width..(y + 1) * grid.width];
    let (mut best, mut start) = ((0, 0), None);
    for (x, &inside) in row.iter().chain([&false]).enumerate() {
        match (inside, start) {
            (true, None) => start = Some(x),
            (false, Some(s)) => {
                if x - s > best.1 - best.0 {
                    best = (s, x);
                }
                start = None;
            }
            _ => {}
        }
    }
    let yc = y as f64 + 0.5;
    ([best.0 as f64 + 0.5, yc], [best.1 as f64 - 0.5, yc])
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
