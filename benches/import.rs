//! Criterion benchmark of `limber import` without a rig (issue 16 holds it to 1.5 s): a generated
//! 30-layer 4096 x 4096 PSD and the same layers as ORA, from the file on disk to the project in
//! disk (reading, writing each layer's PNG, meshing the layers in parallel, saving the project).
//!
//! Run with `cargo bench --bench import`.

use std::path::Path;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use limber::core::layered::import::import_layered_into;
use limber::core::layered::read_layered;
use limber::core::layered::write::{LayerSpec, ora_bytes, psd_bytes};
use limber::core::part_build::PartRecipe;
use limber::core::progress::Progress;
use limber::core::rig::Rig;

#[path = "../tests/suite/common/thirty_layers.rs"]
mod thirty_layers;

use thirty_layers::CANVAS;

/// 30 soft-edged ellipses from 300 to 1000 px, spread over the canvas, each of one colour.
fn layers() -> Vec<LayerSpec> {
    thirty_layers::layers(|i, _, _| [(i * 8) as u8, 120, 200])
}

fn import(c: &mut Criterion) {
    let dir = std::env::temp_dir().join(format!("limber-bench-import-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let layers = layers();
    let files = [
        ("psd", psd_bytes([CANVAS, CANVAS], &layers)),
        ("ora", ora_bytes([CANVAS, CANVAS], &layers)),
    ];
    let mut group = c.benchmark_group("import");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(15));
    for (ext, bytes) in files {
        let file = dir.join(format!("figure.{ext}"));
        std::fs::write(&file, bytes).unwrap();
        let project = dir.join(format!("figure_{ext}.limber"));
        group.bench_function(format!("30_layers_4096/{ext}"), |b| {
            b.iter(|| import_file(&file, &project))
        });
    }
    group.finish();
    let _ = std::fs::remove_dir_all(&dir);
}

fn import_file(file: &Path, project: &Path) -> usize {
    let layered = read_layered(file).unwrap();
    let made = import_layered_into(
        &layered,
        project,
        Rig::default(),
        &PartRecipe::default(),
        &Progress::new(),
    )
    .unwrap()
    .unwrap();
    made.project.save(project).unwrap();
    // Each import makes a fresh layers folder (an existing one is never replaced): remove this
    // one so the next starts from the same state.
    made.folder.remove();
    made.project.parts.len()
}

criterion_group!(benches, import);
criterion_main!(benches);
