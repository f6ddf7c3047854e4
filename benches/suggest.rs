//! Criterion benchmark of "Suggest bones" (`core::suggest`): from the decoded image (the alpha mask
//! included) to the bone records, on the large lizards (issue 18 holds the 2560 px lizard to
//! 200 ms) and on the two shapes of issue 28 that once ran away (5000 blobs on 4000 × 2000, which
//! must keep to the 500-bone budget within 2 s, and a spiral), and on 2560 px figures (issue 37
//! holds suggest with its cuts to 200 ms there): the police officer of `tests/data/figures`, her
//! hands on her hips, and the woman in a dress, one arm against the body, scaled up.
//!
//! Run with `cargo bench --bench suggest`. The 4096 px lizard is read from `../shared/sprites` and
//! skipped when absent.

use std::path::{Path, PathBuf};
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use image::{DynamicImage, Rgba, RgbaImage};
use limber::core::image_io::load_png;
use limber::core::mask_bits::MaskBits;
use limber::core::suggest::{SuggestSettings, suggest as suggest_with_cuts, suggest_bones};

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

/// An opaque-or-transparent image from a per-pixel rule.
fn drawn(w: u32, h: u32, inside: impl Fn(f64, f64) -> bool) -> DynamicImage {
    DynamicImage::ImageRgba8(RgbaImage::from_fn(w, h, |x, y| {
        let a = if inside(x as f64 + 0.5, y as f64 + 0.5) {
            255
        } else {
            0
        };
        Rgba([120, 90, 60, a])
    }))
}

/// 5000 blobs of two sizes on a 40 px pitch, 4000 × 2000.
fn blobs() -> DynamicImage {
    drawn(4000, 2000, |x, y| {
        let (ix, iy) = ((x / 40.0).floor(), (y / 40.0).floor());
        let r = if (ix + iy * 100.0) % 5.0 == 0.0 {
            15.0
        } else {
            7.0
        };
        (x - ix * 40.0 - 20.0).hypot(y - iy * 40.0 - 20.0) <= r
    })
}

/// A spiral stroke 24 px thick with 50 px between turns, 2000 × 2000.
fn spiral() -> DynamicImage {
    drawn(2000, 2000, |x, y| {
        let (dx, dy) = (x - 1000.0, y - 1000.0);
        let (rho, phi) = (dx.hypot(dy), dy.atan2(dx).rem_euclid(std::f64::consts::TAU));
        let along = rho - 50.0 * phi / std::f64::consts::TAU;
        let off = along - (along / 50.0).round() * 50.0;
        rho > 60.0 && rho < 960.0 && off.abs() <= 12.0
    })
}

/// A 512 px figure of `tests/data/figures` scaled to 2560 px high.
fn figure_2560(name: &str) -> DynamicImage {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/figures")
        .join(name);
    let small = load_png(&path).unwrap();
    let (w, h) = (small.width() * 5, small.height() * 5);
    small.resize_exact(w, h, image::imageops::FilterType::Triangle)
}

fn suggest(c: &mut Criterion) {
    let mut group = c.benchmark_group("suggest");
    group
        .sample_size(20)
        .measurement_time(Duration::from_secs(6));
    let settings = SuggestSettings::default();
    let mut images: Vec<(String, DynamicImage)> = sprites()
        .into_iter()
        .map(|path| {
            let name = path.file_stem().unwrap().to_string_lossy().to_string();
            (name, load_png(&path).unwrap())
        })
        .collect();
    images.push(("blobs_5000_4000x2000".into(), blobs()));
    images.push(("spiral_2000".into(), spiral()));
    for (name, image) in &images {
        group.bench_function(format!("{name}/suggest_bones"), |b| {
            b.iter(|| suggest_bones(image, &settings).unwrap().len())
        });
    }
    // Hands on the hips: two loops opened, two cuts suggested with the bones. The woman in a
    // dress: one loop opened, one arm hung against the body with its cut.
    for (label, file) in [
        ("police_2560h_hands_on_hips", "oc_woman_police_512h.png"),
        (
            "dress_2560h_arm_against_the_body",
            "oc_woman_fashion_512h.png",
        ),
    ] {
        let figure = figure_2560(file);
        group.bench_function(format!("{label}/suggest+cuts"), |b| {
            b.iter(|| {
                let bits = MaskBits::from_image(&figure, settings.alpha_threshold).unwrap();
                let suggestion = suggest_with_cuts(&bits, &settings).unwrap();
                assert!(!suggestion.cuts.is_empty());
                suggestion.bones.len()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, suggest);
criterion_main!(benches);
