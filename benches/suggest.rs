//! Criterion benchmark of "Suggest bones" (`core::suggest`) on the large lizards: from the decoded
//! image (the alpha mask included) to the bone records; issue 18 holds the 2560 px lizard to 200 ms.
//!
//! Run with `cargo bench --bench suggest`. The 4096 px lizard is read from `../shared/sprites` and
//! skipped when absent.

use std::path::{Path, PathBuf};
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use limber::core::image_io::load_png;
use limber::core::suggest::{SuggestSettings, suggest_bones};

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

fn suggest(c: &mut Criterion) {
    let mut group = c.benchmark_group("suggest");
    group
        .sample_size(20)
        .measurement_time(Duration::from_secs(6));
    let settings = SuggestSettings::default();
    for path in sprites() {
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let image = load_png(&path).unwrap();
        group.bench_function(format!("{name}/suggest_bones"), |b| {
            b.iter(|| suggest_bones(&image, &settings).unwrap().len())
        });
    }
    group.finish();
}

criterion_group!(benches, suggest);
criterion_main!(benches);
