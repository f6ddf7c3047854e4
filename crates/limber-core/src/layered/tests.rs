//! The readers on files written by [`super::write`], and importing them into a project.

use image::{Rgba, RgbaImage};

use super::import::{import_layered, layers_folder};
use super::write::{LayerSpec, ora_bytes, psd_bytes};
use super::*;
use crate::part_build::PartRecipe;
use crate::progress::Progress;
use crate::project::Project;
use crate::rig::Rig;
use crate::skeleton::{Bone, Skeleton};

/// A filled disc of colour `c` in a `size`-pixel square.
fn disc(size: u32, c: u8) -> RgbaImage {
    let r = size as f64 / 2.0;
    RgbaImage::from_fn(size, size, |x, y| {
        let d = ((x as f64 + 0.5 - r).powi(2) + (y as f64 + 0.5 - r).powi(2)).sqrt();
        if d < r - 1.0 {
            Rgba([c, 255 - c, 7, 255])
        } else {
            Rgba([0, 0, 0, 0])
        }
    })
}

/// Bottom first: body, arm (in a group), a hidden hat, an eye in a hidden group, a multiplied
/// half-opaque glow, an empty layer.
fn sample_layers(groups: bool) -> Vec<LayerSpec> {
    let mut arm = LayerSpec::new("arm", 60, 10, disc(30, 50));
    let mut hat = LayerSpec::new("hat", 0, 0, disc(20, 90));
    hat.hidden = true;
    let mut eye = LayerSpec::new("eye", 5, 5, disc(10, 120));
    let mut glow = LayerSpec::new("glow", 10, 50, disc(24, 200));
    glow.multiply = true;
    glow.opacity = 128;
    if groups {
        arm.group = Some(("limbs".into(), false));
        eye.group = Some(("face".into(), true));
    } else {
        eye.hidden = true;
    }
    vec![
        LayerSpec::new("body", 4, 8, disc(40, 10)),
        arm,
        hat,
        eye,
        glow,
        LayerSpec::new("empty", 0, 0, RgbaImage::new(8, 8)),
    ]
}

fn check_sample(layered: &Layered) {
    let found: Vec<(&str, [u32; 2], (u32, u32))> = layered
        .layers
        .iter()
        .map(|l| (l.name.as_str(), l.offset, l.image.dimensions()))
        .collect();
    // The discs are trimmed to their visible pixels: one pixel in from each side.
    assert_eq!(
        found,
        [
            ("body", [5, 9], (38, 38)),
            ("arm", [61, 11], (28, 28)),
            ("glow", [11, 51], (22, 22)),
        ]
    );
    let body = &layered.layers[0].image;
    assert_eq!(body.get_pixel(19, 19), &Rgba([10, 245, 7, 255]));
    assert_eq!(layered.canvas, [100, 80]);
    assert_eq!(layered.warnings.len(), 1, "{:?}", layered.warnings);
    let warning = &layered.warnings[0];
    // Its opacity is either applied (PSD) or named as dropped.
    let applied = layered.layers[2].image.get_pixel(11, 11)[3] < 200;
    assert!(
        warning.contains("\"glow\"")
            && warning.contains("multiply")
            && (applied || warning.contains("50%")),
        "{warning}"
    );
}

#[test]
fn an_ora_file_reads_its_visible_layers_bottom_first() {
    let bytes = ora_bytes([100, 80], &sample_layers(true));
    check_sample(&read_layered_bytes(&bytes, false).unwrap());
}

#[test]
fn a_psd_file_reads_its_visible_layers_bottom_first() {
    let bytes = psd_bytes([100, 80], &sample_layers(false));
    check_sample(&read_layered_bytes(&bytes, true).unwrap());
}

fn psd_error(bytes: &[u8]) -> String {
    read_layered_bytes(bytes, true).unwrap_err().to_string()
}

#[test]
fn bad_psd_files_are_refused_with_the_reason() {
    let good = psd_bytes([100, 80], &sample_layers(false));
    for cut in [10, 40, good.len() / 3, good.len() - 100] {
        let e = psd_error(&good[..cut]);
        assert!(
            e.contains("truncated") || e.contains("damaged"),
            "{cut}: {e}"
        );
    }
    let mut cmyk = good.clone();
    cmyk[25] = 4;
    assert!(psd_error(&cmyk).contains("CMYK"));
    let mut deep = good.clone();
    deep[23] = 32;
    assert!(psd_error(&deep).contains("32 bits"));
    assert!(psd_error(b"not a psd at all, just some words").contains("not a PSD"));
    let none = psd_bytes([10, 10], &[]);
    assert!(psd_error(&none).contains("no visible pixel layer"));
    let big = psd_bytes([10, 10], &[LayerSpec::new("big", 0, 0, disc(12, 1))]);
    // A layer larger than the canvas is cut to it.
    let cut = read_layered_bytes(&big, true).unwrap();
    let (w, h) = cut.layers[0].image.dimensions();
    let [x, y] = cut.layers[0].offset;
    assert!(x + w <= 10 && y + h <= 10 && w >= 8, "{x} {y} {w} {h}");
    let twice = [
        LayerSpec::new("a", 0, 0, disc(6, 1)),
        LayerSpec::new("a", 2, 2, disc(6, 1)),
    ];
    assert!(psd_error(&psd_bytes([10, 10], &twice)).contains("two layers are named \"a\""));
    let slash = [LayerSpec::new("left/arm", 0, 0, disc(6, 1))];
    assert!(psd_error(&psd_bytes([10, 10], &slash)).contains("cannot be a file name"));
}

#[test]
fn bad_ora_files_are_refused_with_the_reason() {
    let error = |bytes: &[u8]| read_layered_bytes(bytes, false).unwrap_err().to_string();
    assert!(error(b"PK but not really").contains("not an OpenRaster file"));
    let good = ora_bytes([100, 80], &sample_layers(true));
    assert!(error(&good[..good.len() / 2]).contains("not an OpenRaster file"));
    // A zip with no stack.xml.
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    zip.start_file("readme.txt", zip::write::SimpleFileOptions::default())
        .unwrap();
    let plain = zip.finish().unwrap().into_inner();
    assert!(error(&plain).contains("no stack.xml"));
    let big = ora_bytes([10, 10], &[LayerSpec::new("big", 0, 0, disc(12, 1))]);
    assert!(error(&big).contains("larger than the 10 x 10"));
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("limber-layered-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn an_import_places_each_part_where_its_layer_sits_and_weighs_it_there() {
    let dir = temp_dir("import");
    let project_path = dir.join("robot.limber");
    let layered = read_layered_bytes(&ora_bytes([100, 80], &sample_layers(true)), false).unwrap();
    // One bone across the body, one across the arm.
    let skeleton = Skeleton::new(vec![
        Bone::new("body", None, [14.0, 28.0], [34.0, 28.0]),
        Bone::new("arm", Some(0), [66.0, 25.0], [84.0, 25.0]),
    ])
    .unwrap();
    let rig = Rig {
        skeleton,
        ..Rig::default()
    };
    let project = import_layered(
        &layered,
        &project_path,
        rig,
        &PartRecipe::default(),
        &Progress::new(),
    )
    .unwrap()
    .unwrap();
    let names: Vec<&str> = project.parts.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["body", "arm", "glow"]);
    assert_eq!(project.canvas, Some([100, 80]));
    for (part, layer) in project.parts.iter().zip(&layered.layers) {
        let mesh = &part.mesh;
        assert_eq!(mesh.offset, layer.offset);
        assert_eq!((mesh.width, mesh.height), layer.image.dimensions());
        for (p, uv) in mesh.positions.iter().zip(&mesh.uvs) {
            assert!((0.0..=1.0).contains(&uv[0]) && (0.0..=1.0).contains(&uv[1]));
            let again = mesh.uv_of(*p);
            assert!((again[0] - uv[0]).abs() < 1e-12 && (again[1] - uv[1]).abs() < 1e-12);
        }
        let png = folder_png(&project_path, &part.name);
        assert_eq!(
            image::open(&png).unwrap().into_rgba8(),
            layer.image,
            "{}",
            png.display()
        );
        assert_eq!(
            part.image,
            std::path::Path::new("robot_layers").join(format!("{}.png", part.name))
        );
    }
    // Each layer's vertices lean on the bone over it, though the bones are in canvas pixels.
    let strongest = |part: usize, bone: usize| {
        let binding = &project.parts[part].binding;
        binding
            .vertices
            .iter()
            .filter(|v| {
                v.iter()
                    .max_by(|a, b| a.1.total_cmp(&b.1))
                    .is_some_and(|&(b, _)| b == bone)
            })
            .count() as f64
            / binding.vertices.len() as f64
    };
    assert!(strongest(0, 0) > 0.9, "{}", strongest(0, 0));
    assert!(strongest(1, 1) > 0.9, "{}", strongest(1, 1));
    // Saved and loaded again: the offsets and the canvas survive.
    project.save(&project_path).unwrap();
    let loaded = Project::load(&project_path).unwrap();
    assert_eq!(loaded, project);
    assert_eq!(loaded.canvas_size(), [100, 80]);
    let _ = std::fs::remove_dir_all(&dir);
}

fn folder_png(project_path: &std::path::Path, name: &str) -> std::path::PathBuf {
    layers_folder(project_path).join(format!("{name}.png"))
}

#[test]
fn a_cancelled_import_leaves_nothing_behind() {
    let dir = temp_dir("cancel");
    let project_path = dir.join("p.limber");
    let layered = read_layered_bytes(&ora_bytes([100, 80], &sample_layers(true)), false).unwrap();
    let progress = Progress::new();
    progress.cancel();
    let made = import_layered(
        &layered,
        &project_path,
        Rig::default(),
        &PartRecipe::default(),
        &progress,
    )
    .unwrap();
    assert!(made.is_none());
    assert!(!layers_folder(&project_path).exists());
    let _ = std::fs::remove_dir_all(&dir);
}
