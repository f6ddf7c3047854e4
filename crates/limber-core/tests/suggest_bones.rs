//! `suggest_bones` on every bundled sprite, the 4096 px lizard when `../shared/sprites` has it, and
//! drawn shapes, against the requirements of issue 18 (checked by `suggest_support`).

mod suggest_support;

use std::path::{Path, PathBuf};
use std::time::Instant;

use image::{DynamicImage, Rgba, RgbaImage};
use limber_core::rig::BoneRecord;
use limber_core::suggest::{SuggestSettings, suggest_bones};
use suggest_support::check;
use suggest_support::shape::Shape;

fn assets() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/sprites")
}

/// Suggests and checks; the broken requirements, each line prefixed with `label`.
fn run(label: &str, image: &DynamicImage) -> (Vec<String>, Vec<BoneRecord>) {
    let start = Instant::now();
    let bones = match suggest_bones(image, &SuggestSettings::default()) {
        Ok(b) => b,
        Err(e) => return (vec![format!("{label}: {e}")], Vec::new()),
    };
    let took = start.elapsed();
    let shape = Shape::from_rgba(&image.to_rgba8());
    let (broken, tips) = check(&shape, &bones);
    if std::env::var("SUGGEST_DEBUG").is_ok_and(|v| label.contains(&v)) {
        println!("tips {tips:?}");
        for b in &bones {
            println!("  {} <- {:?} {:?} {:?}", b.name, b.parent, b.head, b.tail);
        }
    }
    println!(
        "{label}: {} bones, {} extremities, {:.1} ms{}",
        bones.len(),
        tips.len(),
        took.as_secs_f64() * 1000.0,
        if broken.is_empty() { "" } else { " BROKEN" }
    );
    (
        broken
            .into_iter()
            .map(|b| format!("{label}: {b}"))
            .collect(),
        bones,
    )
}

#[test]
fn every_bundled_sprite_meets_the_requirements() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(assets())
        .expect("assets/sprites")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "png"))
        .collect();
    files.sort();
    assert!(files.len() >= 10, "the bundled sprites are there");
    let mut broken = Vec::new();
    for file in &files {
        let image = image::open(file).expect("a bundled PNG");
        let name = file
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        broken.extend(run(&name, &image).0);
    }
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}

#[test]
fn the_4096_lizard_meets_the_requirements_when_present() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/sprites/oc_lizard_4096w.png");
    let Ok(image) = image::open(&path) else {
        eprintln!("{} not there: skipped", path.display());
        return;
    };
    let (broken, _) = run("oc_lizard_4096w.png", &image);
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}

/// A shape drawn as thick strokes between points (each stroke `radius` px thick on either side).
fn strokes(w: u32, h: u32, radius: f64, lines: &[([f64; 2], [f64; 2])]) -> DynamicImage {
    let img = RgbaImage::from_fn(w, h, |x, y| {
        let p = [x as f64 + 0.5, y as f64 + 0.5];
        let near = lines.iter().any(|(a, b)| {
            let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
            let t =
                (((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)).clamp(0.0, 1.0);
            (p[0] - a[0] - t * dx).hypot(p[1] - a[1] - t * dy) <= radius
        });
        Rgba([200, 100, 50, if near { 255 } else { 0 }])
    });
    DynamicImage::ImageRgba8(img)
}

#[test]
fn drawn_shapes_meet_the_requirements() {
    let star: Vec<_> = (0..5)
        .map(|k| {
            let a = k as f64 * std::f64::consts::TAU / 5.0;
            (
                [200.0, 200.0],
                [200.0 + 170.0 * a.sin(), 200.0 - 170.0 * a.cos()],
            )
        })
        .collect();
    let figure = [
        ([150.0, 60.0], [150.0, 220.0]),
        ([150.0, 100.0], [60.0, 170.0]),
        ([150.0, 100.0], [250.0, 60.0]),
        ([150.0, 220.0], [100.0, 370.0]),
        ([150.0, 220.0], [210.0, 370.0]),
    ];
    let bar = [([20.0, 50.0], [580.0, 50.0])];
    let mut broken = Vec::new();
    let (b, bones) = run("star", &strokes(400, 400, 14.0, &star));
    broken.extend(b);
    assert!(
        bones.len() >= 5 * 2,
        "two bones or more on each arm of the star"
    );
    broken.extend(run("stick figure", &strokes(300, 400, 12.0, &figure)).0);
    broken.extend(run("bar", &strokes(600, 100, 20.0, &bar)).0);
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}

#[test]
fn a_transparent_image_is_an_error() {
    let image = DynamicImage::ImageRgba8(RgbaImage::new(40, 30));
    let err = suggest_bones(&image, &SuggestSettings::default()).expect_err("nothing visible");
    assert!(err.to_string().contains("no pixel"), "{err}");
}

#[test]
fn the_zombie_gets_a_root_and_chains_named_by_direction() {
    let image = image::open(assets().join("kenney_zombie_walk0.png")).expect("the zombie");
    let bones = suggest_bones(&image, &SuggestSettings::default()).expect("bones");
    assert_eq!(bones[0].name, "root");
    assert_eq!(bones[0].parent, None);
    assert!(
        bones
            .iter()
            .any(|b| b.name.starts_with("limb_") && b.name.ends_with("_b"))
    );
    // Deterministic: the same image gives the same bones.
    assert_eq!(
        bones,
        suggest_bones(&image, &SuggestSettings::default()).expect("bones")
    );
}
