//! The `limber mesh` command-line contract: outputs, and one clear line for every kind of bad input.

use crate::common;

use std::path::Path;

use common::{limber, limber_ok};

/// Runs `limber mesh FILE` and asserts a non-zero exit with one stderr line naming the file and
/// containing `problem`.
fn assert_refused(file: &Path, problem: &str) {
    let out = limber(&["mesh", file.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{file:?} was accepted");
    assert_eq!(out.status.code(), Some(1), "{file:?}: exit code");
    assert_eq!(stderr.lines().count(), 1, "{file:?}: stderr {stderr:?}");
    assert!(
        stderr.contains(&*file.to_string_lossy()),
        "{file:?}: {stderr}"
    );
    assert!(
        stderr.contains(problem),
        "{file:?}: expected {problem:?} in {stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(out.stdout.is_empty());
}

#[test]
fn summary_line_names_vertices_triangles_islands_and_holes() {
    let key = common::sprite("kenney_keyBlue.png");
    let out = limber(&["mesh", key.to_str().unwrap()]);
    assert!(out.status.success());
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(stdout.lines().count(), 1);
    for word in ["vertices", "triangles", "1 islands", "1 holes"] {
        assert!(stdout.contains(word), "{stdout}");
    }
}

#[test]
fn json_output_follows_the_contract() {
    let boy = common::sprite("oc_soccer_boy_768h.png");
    let out = limber(&["mesh", boy.to_str().unwrap(), "--json"]);
    assert!(out.status.success());
    assert!(
        out.stdout
            .starts_with(br#"{"width":543,"height":768,"vertices":[["#)
    );
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["width"], 543);
    assert_eq!(doc["height"], 768);
    let vertices = doc["vertices"].as_array().unwrap();
    let triangles = doc["triangles"].as_array().unwrap();
    assert!(vertices.len() > 100 && triangles.len() > 100);
    for v in vertices {
        let p = v.as_array().unwrap();
        assert_eq!(p.len(), 2);
        let (x, y) = (p[0].as_f64().unwrap(), p[1].as_f64().unwrap());
        assert!((0.0..=543.0).contains(&x) && (0.0..=768.0).contains(&y));
    }
    for t in triangles {
        let t = t.as_array().unwrap();
        assert_eq!(t.len(), 3);
        assert!(
            t.iter()
                .all(|i| (i.as_u64().unwrap() as usize) < vertices.len())
        );
    }
    assert!(doc["islands"].as_u64().unwrap() >= 2);
    assert!(doc["holes"].as_u64().unwrap() >= 1);
    // Same input, same bytes.
    let again = limber(&["mesh", boy.to_str().unwrap(), "--json"]);
    assert!(
        again.stdout == out.stdout,
        "two runs printed different JSON"
    );
}

#[test]
fn options_change_the_mesh() {
    let worm = common::sprite("kenney_wormGreen.png");
    let count = |extra: &[&str]| {
        let mut args = vec!["mesh", worm.to_str().unwrap(), "--json"];
        args.extend_from_slice(extra);
        let out = limber_ok(&args);
        let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        doc["vertices"].as_array().unwrap().len()
    };
    assert!(count(&["--spacing", "3"]) > count(&["--spacing", "12"]));
    assert!(count(&["--tolerance", "0.25"]) > count(&["--tolerance", "3"]));
    let bad = limber(&["mesh", worm.to_str().unwrap(), "--alpha-threshold", "2"]);
    assert_eq!(bad.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("alpha threshold"));
}

#[test]
fn svg_and_timings() {
    let dir = common::temp_dir("svg");
    let svg = dir.join("zombie.svg");
    let zombie = common::sprite("kenney_zombie_walk0.png");
    let out = limber(&[
        "mesh",
        zombie.to_str().unwrap(),
        "--svg",
        svg.to_str().unwrap(),
        "--timings",
    ]);
    assert!(out.status.success());
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(
        text.starts_with("<svg")
            && text.contains("data:image/png;base64,")
            && text.contains("<path")
    );
    let stderr = String::from_utf8(out.stderr).unwrap();
    let stages: Vec<(&str, f64)> = stderr
        .lines()
        .map(|l| {
            let parts: Vec<&str> = l.split(' ').collect();
            assert_eq!(parts.len(), 3, "{l}");
            assert_eq!(parts[0], "timing:");
            let ms = parts[2].parse::<f64>().unwrap();
            assert!(ms >= 0.0);
            (parts[1], ms)
        })
        .collect();
    let names: Vec<&str> = stages.iter().map(|(name, _)| *name).collect();
    assert_eq!(
        names,
        [
            "decode",
            "mask",
            "trace",
            "simplify",
            "triangulate",
            "meshing",
            "total"
        ]
    );
    // Meshing is everything after decoding; the total adds decoding (each printed to 0.001 ms).
    let sum = |range: std::ops::Range<usize>| stages[range].iter().map(|(_, ms)| ms).sum::<f64>();
    assert!((stages[5].1 - sum(1..5)).abs() < 0.005, "{stderr}");
    assert!((stages[6].1 - sum(0..5)).abs() < 0.005, "{stderr}");
    let unwritable = limber(&[
        "mesh",
        zombie.to_str().unwrap(),
        "--svg",
        "/nonexistent-dir/x.svg",
    ]);
    assert_eq!(unwritable.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&unwritable.stderr).contains("/nonexistent-dir/x.svg"));
}

#[test]
fn bad_input_gets_one_clear_line_and_a_non_zero_exit() {
    let dir = common::temp_dir("bad");
    let write = |name: &str, bytes: &[u8]| {
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        path
    };
    assert_refused(&dir.join("missing.png"), "cannot read");
    assert_refused(&write("empty.png", b""), "not a PNG");
    assert_refused(&write("text.png", b"just some text\n"), "not a PNG");
    let real = std::fs::read(common::sprite("kenney_bee.png")).unwrap();
    assert_refused(
        &write("truncated.png", &real[..real.len() / 2]),
        "truncated or corrupt",
    );
    assert_refused(
        &write("huge.png", &common::png_claiming(100_000, 100_000)),
        "over the size limit",
    );
    assert_refused(&write("zero.png", &common::png_claiming(0, 0)), "PNG");

    let transparent = image::RgbaImage::new(8, 8);
    let path = dir.join("transparent.png");
    transparent.save(&path).unwrap();
    assert_refused(&path, "no pixel has alpha");
}

#[test]
fn a_fully_opaque_image_and_a_single_pixel_mesh_as_rectangles() {
    let dir = common::temp_dir("opaque");
    for (w, h) in [(1, 1), (64, 48)] {
        let path = dir.join(format!("opaque_{w}x{h}.png"));
        image::RgbImage::from_pixel(w, h, image::Rgb([10, 20, 30]))
            .save(&path)
            .unwrap();
        let out = limber(&["mesh", path.to_str().unwrap(), "--json"]);
        assert!(out.status.success());
        let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let vertices = doc["vertices"].as_array().unwrap();
        let corners = [
            [0.0, 0.0],
            [w as f64, 0.0],
            [w as f64, h as f64],
            [0.0, h as f64],
        ];
        for corner in corners {
            assert!(
                vertices
                    .iter()
                    .any(|v| v[0].as_f64() == Some(corner[0]) && v[1].as_f64() == Some(corner[1])),
                "{w}x{h}: corner {corner:?} missing"
            );
        }
        assert_eq!(
            (doc["islands"].as_u64(), doc["holes"].as_u64()),
            (Some(1), Some(0))
        );
    }
}
