//! Criterion benchmarks of each image → mesh stage on the large lizard sprites.
//!
//! Run with `cargo bench --bench mesh_stages`. The 4096 px lizard is read from `../shared/sprites`
//! (too large to bundle); it is skipped with a note when absent.

use std::path::{Path, PathBuf};
use std::time::Duration;

use contour::ContourBuilder;
use criterion::{Criterion, criterion_group, criterion_main};
use limber::core::MeshSettings;
use limber::core::image_io::{decode_png, load_png};
use limber::core::outline::{TRACE_LEVEL, trace};
use limber::core::pipeline::{StageTimings, build_mesh, mesh_outline, padded_field};

fn sprites() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    [
        root.join("assets/sprites/oc_lizard_2560w.png"),
        root.join("../shared/sprites/oc_lizard_4096w.png"),
    ]
    .into_iter()
    .filter(|p| {
        let found = p.exists();
        if !found {
            eprintln!("skipping {}: not found", p.display());
        }
        found
    })
    .collect()
}

fn stages(c: &mut Criterion) {
    let settings = MeshSettings::default();
    let mut group = c.benchmark_group("mesh");
    group
        .sample_size(20)
        .measurement_time(Duration::from_secs(6));
    for path in sprites() {
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let bytes = std::fs::read(&path).unwrap();
        let image = load_png(&path).unwrap();
        let field = padded_field(&image, &settings).unwrap();
        let outline = trace(&field, settings.min_island_area);
        group.bench_function(format!("{name}/decode"), |b| {
            b.iter(|| decode_png(&bytes).unwrap())
        });
        group.bench_function(format!("{name}/mask"), |b| {
            b.iter(|| padded_field(&image, &settings).unwrap())
        });
        group.bench_function(format!("{name}/trace"), |b| {
            b.iter(|| trace(&field, settings.min_island_area))
        });
        // The comparator for limber's marching squares: the `contour` crate on the same field.
        group.bench_function(format!("{name}/trace-with-contour-crate"), |b| {
            let builder = ContourBuilder::new(field.width, field.height, true);
            let margin = field.margins();
            b.iter(|| builder.lines(&margin, &[TRACE_LEVEL]).unwrap())
        });
        group.bench_function(format!("{name}/simplify+triangulate"), |b| {
            b.iter(|| mesh_outline(&outline, &settings, &mut StageTimings::default()).unwrap())
        });
        group.bench_function(format!("{name}/trace+simplify+triangulate"), |b| {
            b.iter(|| {
                let outline = trace(&field, settings.min_island_area);
                mesh_outline(&outline, &settings, &mut StageTimings::default()).unwrap()
            })
        });
        // Everything after decoding: what `limber mesh --timings` reports as `meshing`.
        group.bench_function(format!("{name}/meshing"), |b| {
            b.iter(|| build_mesh(&image, &settings).unwrap())
        });
    }
    group.finish();
}

criterion_group!(benches, stages);
criterion_main!(benches);
