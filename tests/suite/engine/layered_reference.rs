//! Real PSD files against a reference reader (`tests/data/layered/`, from psd-tools' test suite,
//! and a file written by ImageMagick): each is imported with `limber import`, its rest pose rendered
//! at the canvas with `limber render --frame image`, and the frame compared with the reference
//! composite by class (see the folder's README and MANIFEST.tsv): `clean` files within a mean of
//! 1.0/255 (premultiplied RGBA) and 0.5 % of silhouette mismatch, `masked` within 2.0 and 1 %;
//! `other` files import (with their warnings) or refuse in one line; `refusable` ones refuse in one
//! line and write nothing.

use crate::common;

use std::path::{Path, PathBuf};

use image::RgbaImage;

use common::limber;

fn data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/layered")
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// (file, class) of every manifest row.
fn manifest() -> Vec<(String, String)> {
    let text = std::fs::read_to_string(data().join("MANIFEST.tsv")).unwrap();
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split('\t').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let (file, class) = (col("file"), col("class"));
    lines
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let cells: Vec<&str> = l.split('\t').collect();
            (cells[file].to_string(), cells[class].to_string())
        })
        .collect()
}

/// Mean |Δ| of premultiplied RGBA (0..255) and the silhouette (alpha > 127) mismatch, 1 − IoU.
fn compare(found: &RgbaImage, reference: &RgbaImage) -> (f64, f64) {
    let premultiplied = |p: &image::Rgba<u8>| {
        let a = f64::from(p[3]);
        [
            f64::from(p[0]) * a / 255.0,
            f64::from(p[1]) * a / 255.0,
            f64::from(p[2]) * a / 255.0,
            a,
        ]
    };
    let (mut sum, mut both, mut either) = (0.0, 0u64, 0u64);
    for (a, b) in found.pixels().zip(reference.pixels()) {
        let (pa, pb) = (premultiplied(a), premultiplied(b));
        sum += (0..4).map(|i| (pa[i] - pb[i]).abs()).sum::<f64>();
        let (ia, ib) = (a[3] > 127, b[3] > 127);
        both += u64::from(ia && ib);
        either += u64::from(ia || ib);
    }
    let mean = sum / (4.0 * f64::from(found.width() * found.height()));
    let mismatch = if either == 0 {
        0.0
    } else {
        1.0 - both as f64 / either as f64
    };
    (mean, mismatch)
}

/// What happened to one file.
enum Outcome {
    /// Imported; the warnings and the rendered frame.
    Imported(Vec<String>, RgbaImage),
    /// Refused: the error line.
    Refused(String),
}

fn import_and_render(file: &Path, dir: &Path) -> Outcome {
    let project = dir.join("P.limber");
    let out = limber(&["import", s(file), "-o", s(&project)]);
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(
        !stderr.contains("panicked"),
        "{}: a panic: {stderr}",
        file.display()
    );
    if !out.status.success() {
        assert_eq!(out.status.code(), Some(1), "{}: {stderr}", file.display());
        assert_eq!(stderr.lines().count(), 1, "{}: {stderr}", file.display());
        assert!(
            !project.exists(),
            "{}: a project was written",
            file.display()
        );
        assert!(
            !dir.join("P_layers").exists(),
            "{}: a layers folder was written",
            file.display()
        );
        return Outcome::Refused(stderr.trim().to_string());
    }
    let frames = dir.join("f");
    let rendered = limber(&[
        "render",
        s(&project),
        "--frame",
        "image",
        "--frames",
        s(&frames),
    ]);
    assert!(
        rendered.status.success(),
        "{}: render: {}",
        file.display(),
        String::from_utf8_lossy(&rendered.stderr)
    );
    let frame = image::open(frames.join("frame_0000.png"))
        .unwrap()
        .to_rgba8();
    Outcome::Imported(stderr.lines().map(str::to_string).collect(), frame)
}

/// Checks one file by class; `Err` says why it does not meet its class.
fn check(name: &str, class: &str, dir: &Path) -> Result<String, String> {
    let file = data().join(name);
    let reference = image::open(data().join(format!("{name}.ref.png")))
        .unwrap()
        .to_rgba8();
    match (import_and_render(&file, dir), class) {
        (Outcome::Refused(line), "refusable" | "other") => Ok(format!("refused: {line}")),
        (Outcome::Refused(line), _) => Err(format!("refused: {line}")),
        (Outcome::Imported(..), "refusable") => Err("imported, but should be refused".into()),
        (Outcome::Imported(warnings, frame), _) => {
            if frame.dimensions() != reference.dimensions() {
                return Err(format!(
                    "frame {:?}, reference {:?}",
                    frame.dimensions(),
                    reference.dimensions()
                ));
            }
            let (mean, mismatch) = compare(&frame, &reference);
            let summary = format!(
                "mean {mean:.3}, silhouette {:.3} %, {} warnings",
                mismatch * 100.0,
                warnings.len()
            );
            let (max_mean, max_mismatch) = match class {
                "clean" => (1.0, 0.005),
                "masked" => (2.0, 0.01),
                _ => return Ok(summary),
            };
            // A layer reaching outside the canvas is cut to it, as the reference composite is: its
            // one-line warning is expected of any class.
            let unexpected: Vec<&String> = warnings
                .iter()
                .filter(|w| !w.ends_with("canvas: cut to it"))
                .collect();
            if !unexpected.is_empty() {
                return Err(format!("{summary}: unexpected {unexpected:?}"));
            }
            if mean <= max_mean && mismatch <= max_mismatch {
                Ok(summary)
            } else {
                Err(summary)
            }
        }
    }
}

#[test]
fn every_reference_file_imports_as_its_reference_shows_or_refuses_in_one_line() {
    let root = common::temp_dir("layered-reference");
    let mut files = manifest();
    files.push(("imagemagick_zombie.psd".into(), "clean".into()));
    assert_eq!(files.len(), 31);
    let mut failures = Vec::new();
    for (i, (name, class)) in files.iter().enumerate() {
        let dir = root.join(i.to_string());
        std::fs::create_dir_all(&dir).unwrap();
        match check(name, class, &dir) {
            Ok(summary) => eprintln!("ok   {class:9} {name}: {summary}"),
            Err(why) => {
                eprintln!("FAIL {class:9} {name}: {why}");
                failures.push(format!("{name} ({class}): {why}"));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&root);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn an_imagemagick_file_with_a_negative_layer_count_imports_its_four_layers() {
    let dir = common::temp_dir("layered-imagemagick");
    let file = data().join("imagemagick_zombie.psd");
    let bytes = std::fs::read(&file).unwrap();
    // The layer count (after the header, colour mode data, image resources and two lengths).
    let len = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap()) as usize;
    let resources = 26 + 4 + len(26);
    let count_at = resources + 4 + len(resources) + 8;
    assert!(i16::from_be_bytes([bytes[count_at], bytes[count_at + 1]]) < 0);
    let project = dir.join("zombie.limber");
    common::limber_ok(&["import", s(&file), "-o", s(&project)]);
    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&project).unwrap()).unwrap();
    let names: Vec<&str> = doc["parts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["legs", "body", "arm", "head"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_group_clipped_to_a_layer_renders_as_photoshop_composites_it() {
    // psd-tools' reference composite ignores group clipping; Photoshop's own composite, stored in
    // the file as its merged image (`….merged.png`), shows the group only on its base layer.
    let dir = common::temp_dir("layered-group-clipping");
    let name = "psdtools_group-clipping_group-clipping.psd";
    let Outcome::Imported(warnings, frame) = import_and_render(&data().join(name), &dir) else {
        panic!("{name}: refused");
    };
    assert!(warnings.is_empty(), "{warnings:?}");
    let photoshop = image::open(data().join(format!("{name}.merged.png")))
        .unwrap()
        .to_rgba8();
    let (mean, mismatch) = compare(&frame, &photoshop);
    eprintln!("{name} vs Photoshop: mean {mean:.3}, silhouette {mismatch:.4}");
    // Unclipped, the group's layers cover the base's surroundings: mean 13.9 (psd-tools' composite).
    assert!(
        mean <= 1.0 && mismatch <= 0.005,
        "mean {mean}, silhouette {mismatch}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
