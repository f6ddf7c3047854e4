//! Criterion benchmark of `limber import` without a rig (issue 16 holds it to 1.5 s): a generated
//! 30-layer 4096 x 4096 PSD and the same layers as ORA, from the file on disk to the project in
//! disk (reading, writing each layer's PNG, meshing the layers in parallel, saving the project).
//!
//! Run with `cargo bench --bench import`.

use std::path::Path;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use image::{Rgba, RgbaImage};
use limber::core::layered::import::import_layered_into;
use limber::core::layered::read_layered;
use limber::core::layered::write::{LayerSpec, ora_bytes, psd_bytes};
use limber::core::part_build::PartRecipe;
use limber::core::progress::Progress;
use limber::core::rig::Rig;

const CANVAS: u32 = 4096;

/// 30 soft-edged ellipses from 300 to 1000 px, spread over the canvas (a character's pieces).
fn layers() -> Vec<LayerSpec> {
    (0..30u32)
        .map(|i| {
            let w = 300 + (i * 97) % 700;
            let h = 300 + (i * 61) % 700;
            let image = RgbaImage::from_fn(w, h, |x, y| {
                let dx = (f64::from(x) + 0.5) / f64::from(w) * 2.0 - 1.0;
                let dy = (f64::from(y) + 0.5) / f64::from(h) * 2.0 - 1.0;
                let r = (dx * dx + dy * dy).sqrt();
                let alpha = ((1.0 - r) * 40.0).clamp(0.0, 1.0);
                Rgba([(i * 8) as u8, 120, 200, (alpha * 255.0) as u8])
            });
            let left = ((i * 523) % (CANVAS - w)) as i32;
            let top = ((i * 331) % (CANVAS - h)) as i32;
            LayerSpec::new(&format!("layer {i:02}"), left, top, image)
        })
        .collect()
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
