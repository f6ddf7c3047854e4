//! Faint pixels are kept (issue 39): soft shadows, glows, feathered mask edges and anti-aliased
//! fringes, with alpha down to 1/255, are meshed and drawn. Files written by other tools (psd-tools'
//! test suite: one by GIMP, a grayscale one) and a PNG with a 5 % soft shadow are made into projects,
//! their rest pose rendered, and the pixels with alpha > 0 compared with the reference's.

use crate::common;

use std::path::{Path, PathBuf};

use image::{Rgba, RgbaImage};

use common::{limber_ok, temp_dir};

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn layered(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/layered")
        .join(name)
}

/// The rest pose of `project` rendered at its canvas.
fn render(project: &Path, dir: &Path) -> RgbaImage {
    let frames = dir.join("frames");
    limber_ok(&[
        "render",
        s(project),
        "--frame",
        "image",
        "--frames",
        s(&frames),
    ]);
    image::open(frames.join("frame_0000.png"))
        .unwrap()
        .to_rgba8()
}

/// 1 − IoU of the pixels with alpha > 0, and how many the reference has.
fn faint_mismatch(found: &RgbaImage, reference: &RgbaImage) -> (f64, u64) {
    assert_eq!(found.dimensions(), reference.dimensions());
    let (mut both, mut either, mut shown) = (0u64, 0u64, 0u64);
    for (a, b) in found.pixels().zip(reference.pixels()) {
        let (ia, ib) = (a[3] > 0, b[3] > 0);
        both += u64::from(ia && ib);
        either += u64::from(ia || ib);
        shown += u64::from(ib);
    }
    let mismatch = if either == 0 {
        0.0
    } else {
        1.0 - both as f64 / either as f64
    };
    (mismatch, shown)
}

#[test]
fn faint_pixels_of_layered_files_from_other_tools_are_imported() {
    // At the old default threshold (0.05) gray0's pixels with alpha > 0 mismatched by 34.5 %.
    for name in ["psdtools_gray0.psd", "psdtools_transparentbg-gimp.psd"] {
        let dir = temp_dir(&format!("faint-{name}"));
        let project = dir.join("P.limber");
        limber_ok(&["import", s(&layered(name)), "-o", s(&project)]);
        let frame = render(&project, &dir);
        let reference = image::open(layered(&format!("{name}.ref.png")))
            .unwrap()
            .to_rgba8();
        let (mismatch, shown) = faint_mismatch(&frame, &reference);
        eprintln!("{name}: alpha > 0 mismatch {:.3} %", mismatch * 100.0);
        assert!(shown > 100, "{name}: {shown} pixels shown");
        assert!(mismatch <= 0.005, "{name}: {:.3} %", mismatch * 100.0);
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// A 200 × 160 sprite: an opaque disc and, beside it, a soft shadow whose alpha falls from 13
/// (5 %) at its middle to 1 at its rim, and a lone glow that is faint all over.
fn sprite_with_a_soft_shadow() -> RgbaImage {
    RgbaImage::from_fn(200, 160, |x, y| {
        let (x, y) = (f64::from(x) + 0.5, f64::from(y) + 0.5);
        if (x - 70.0).hypot(y - 70.0) < 40.0 {
            return Rgba([200, 60, 40, 255]);
        }
        let shadow = ((x - 100.0) / 80.0).hypot((y - 135.0) / 18.0);
        if shadow < 1.0 {
            let alpha = (13.0 * (1.0 - shadow)).ceil() as u8;
            return Rgba([0, 0, 0, alpha.max(1)]);
        }
        let glow = (x - 170.0).hypot(y - 40.0);
        if glow < 20.0 {
            return Rgba([255, 255, 200, 4]);
        }
        Rgba([0, 0, 0, 0])
    })
}

#[test]
fn a_png_with_a_soft_shadow_keeps_it_in_its_mesh_and_render() {
    let dir = temp_dir("faint-new");
    let png = dir.join("shadowed.png");
    let sprite = sprite_with_a_soft_shadow();
    sprite.save(&png).unwrap();
    let project = dir.join("P.limber");
    limber_ok(&["new", s(&png), "-o", s(&project)]);
    let frame = render(&project, &dir);
    // At the old default threshold (0.05): 53.1 %.
    let (mismatch, shown) = faint_mismatch(&frame, &sprite);
    eprintln!("soft shadow: alpha > 0 mismatch {:.3} %", mismatch * 100.0);
    assert!(mismatch <= 0.005, "{:.3} %", mismatch * 100.0);
    // The shadow and the glow are drawn, not only the disc.
    let faint = frame.pixels().filter(|p| p[3] > 0 && p[3] < 20).count();
    assert!(faint as u64 > shown / 4, "{faint} faint pixels of {shown}");
    let _ = std::fs::remove_dir_all(&dir);
}
