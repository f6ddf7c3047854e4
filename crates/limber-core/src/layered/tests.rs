//! The readers on files written by [`super::write`], and importing them into a project.

use image::{Rgba, RgbaImage};

use super::import::{import_layered, layers_folder};
use super::write::{LayerSpec, ora_bytes, png_bytes, psd_bytes, transparent_png, zip_bytes};
use super::*;
use crate::part_build::PartRecipe;
use crate::progress::Progress;
use crate::project::Project;
use crate::rig::Rig;
use crate::skeleton::{Bone, Skeleton};
use crate::slots::Blend;

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
    assert!(layered.warnings.is_empty(), "{:?}", layered.warnings);
    // The glow's opacity and blend mode are its slot's, not baked into its pixels.
    assert_eq!(layered.layers[2].image.get_pixel(11, 11)[3], 255);
    let slots = &layered.slots.slots;
    assert_eq!(slots.len(), 1, "{slots:?}");
    assert_eq!((slots[0].name.as_str(), slots[0].draw_order), ("glow", 2));
    assert_eq!(slots[0].blend, crate::slots::Blend::Multiply);
    assert!(
        (slots[0].color[3] - 128.0 / 255.0).abs() < 1e-3,
        "{slots:?}"
    );
    assert_eq!(slots[0].attachments[0].part(), Some("glow"));
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
    // Path traversal and absolute paths name no entry of the zip.
    for src in ["../../etc/passwd", "/etc/passwd"] {
        let xml = format!(
            "<image w=\"4\" h=\"4\"><stack><layer name=\"x\" src=\"{src}\"/></stack></image>"
        );
        let e = error(&zip_bytes(&[("stack.xml", xml.as_bytes())]));
        assert!(e.contains("the zip has no"), "{e}");
    }
}

/// An ORA with `xml` as stack.xml and `pngs` as its entries.
fn ora(xml: &str, pngs: &[(&str, &RgbaImage)]) -> Vec<u8> {
    let encoded: Vec<(&str, Vec<u8>)> = pngs.iter().map(|(n, i)| (*n, png_bytes(i))).collect();
    ora_of_bytes(xml, &encoded)
}

fn ora_of_bytes(xml: &str, pngs: &[(&str, Vec<u8>)]) -> Vec<u8> {
    let mut entries: Vec<(&str, &[u8])> = vec![("stack.xml", xml.as_bytes())];
    entries.extend(pngs.iter().map(|(n, b)| (*n, b.as_slice())));
    zip_bytes(&entries)
}

#[test]
fn a_mypaint_style_ora_imports_as_a_user_expects() {
    // No names (MyPaint writes none), a layer larger than the canvas, one reaching off it, two of
    // one name, a Windows device name, a name ending in NUL, nested groups.
    let xml = "<image w=\"20\" h=\"10\"><stack>\
        <stack name=\"body\"><stack><layer src=\"data/a.png\" x=\"15\" y=\"0\"/></stack>\
        <layer name=\"COM1\" src=\"data/a.png\" x=\"0\" y=\"0\"/></stack>\
        <layer name=\"arm\" src=\"data/a.png\" x=\"5\" y=\"5\"/>\
        <layer name=\"Arm\" src=\"data/a.png\" x=\"10\" y=\"0\"/>\
        <layer name=\"Background&#9;\" src=\"data/big.png\" x=\"-5\" y=\"-5\"/>\
        <layer src=\"data/a.png\" x=\"40\" y=\"40\"/>\
        </stack></image>";
    let square = RgbaImage::from_pixel(8, 8, Rgba([1, 2, 3, 255]));
    let big = RgbaImage::from_pixel(40, 30, Rgba([9, 9, 9, 255]));
    let bytes = ora(xml, &[("data/a.png", &square), ("data/big.png", &big)]);
    let layered = read_layered_bytes(&bytes, false).unwrap();
    type Found<'a> = (&'a str, &'a str, [u32; 2], (u32, u32), Vec<&'a str>);
    let found: Vec<Found> = layered
        .layers
        .iter()
        .map(|l| {
            let groups = l.groups.iter().map(String::as_str).collect();
            let dims = l.image.dimensions();
            (
                l.name.as_str(),
                l.file_stem.as_str(),
                l.offset,
                dims,
                groups,
            )
        })
        .collect();
    assert_eq!(
        found,
        [
            ("Background", "Background", [0, 0], (20, 10), vec![]),
            ("Arm", "Arm", [10, 0], (8, 8), vec![]),
            ("arm 2", "arm 2", [5, 5], (8, 5), vec![]),
            ("COM1", "_COM1", [0, 0], (8, 8), vec!["body"]),
            (
                "layer 6",
                "layer 6",
                [15, 0],
                (5, 8),
                vec!["body", "group 2"]
            ),
        ]
    );
    let warnings = layered.warnings.join("\n");
    for expected in [
        "layer \"layer 1\" lies outside the 20 x 10 px canvas: not imported",
        "layer \"Background\" reaches outside the 20 x 10 px canvas: cut to it",
        "layer \"arm\" reaches outside",
        "two layers are named \"arm\": this one is imported as \"arm 2\"",
        "layer \"layer 6\" reaches outside",
    ] {
        assert!(warnings.contains(expected), "{expected:?} in\n{warnings}");
    }
    assert_eq!(layered.warnings.len(), 5, "{warnings}");
}

#[test]
fn deeply_nested_groups_are_refused_without_recursion() {
    let depth = 200_000;
    let xml = format!(
        "<image w=\"4\" h=\"4\">{}<layer name=\"x\" src=\"a.png\"/>{}</image>",
        "<stack>".repeat(depth),
        "</stack>".repeat(depth)
    );
    let e = read_layered_bytes(&ora(&xml, &[]), false)
        .unwrap_err()
        .to_string();
    assert!(e.contains("nests groups over 256 deep"), "{e}");
    // Deep but within the limit: read.
    let xml = format!(
        "<image w=\"4\" h=\"4\">{}<layer name=\"x\" src=\"a.png\"/>{}</image>",
        "<stack>".repeat(200),
        "</stack>".repeat(200)
    );
    let dot = RgbaImage::from_pixel(1, 1, Rgba([1, 1, 1, 255]));
    let layered = read_layered_bytes(&ora(&xml, &[("a.png", &dot)]), false).unwrap();
    assert_eq!(layered.layers[0].groups.len(), 199);
}

#[test]
fn oversized_entries_are_refused_before_they_are_held() {
    // 100 MB of stack.xml deflates to about 100 KB.
    let mut xml = String::from("<image w=\"4\" h=\"4\"><stack>");
    xml.push_str(&" ".repeat(100 << 20));
    xml.push_str("</stack></image>");
    let bytes = zip_bytes(&[("stack.xml", xml.as_bytes())]);
    assert!(bytes.len() < 1 << 20, "{}", bytes.len());
    let e = read_layered_bytes(&bytes, false).unwrap_err().to_string();
    assert!(
        e.contains("stack.xml is over the limit of 16,777,216 bytes"),
        "{e}"
    );
    // A PNG entry that inflates past its limit.
    let bomb = vec![0u8; (ora::MAX_PNG_BYTES + 10) as usize];
    let xml = "<image w=\"4\" h=\"4\"><stack><layer src=\"a.png\"/></stack></image>";
    let bytes = zip_bytes(&[("stack.xml", xml.as_bytes()), ("a.png", &bomb)]);
    let e = read_layered_bytes(&bytes, false).unwrap_err().to_string();
    assert!(
        e.contains("a.png is over the limit of 268,435,456 bytes"),
        "{e}"
    );
}

#[test]
fn layers_sharing_one_large_transparent_png_are_decoded_row_by_row() {
    // Four layers of one 11000 x 11000 transparent PNG and a dot: only the dot is kept, and the
    // large PNG is scanned once (its visible rectangle is remembered).
    let dot = png_bytes(&RgbaImage::from_pixel(1, 1, Rgba([1, 1, 1, 255])));
    let layers: String = (0..4)
        .map(|i| format!("<layer name=\"clear {i}\" src=\"clear.png\" x=\"{i}\"/>"))
        .collect();
    let xml = format!(
        "<image w=\"12000\" h=\"12000\"><stack><layer name=\"dot\" src=\"dot.png\"/>{layers}</stack></image>"
    );
    let bytes = ora_of_bytes(
        &xml,
        &[("clear.png", transparent_png(11000)), ("dot.png", dot)],
    );
    let layered = read_layered_bytes(&bytes, false).unwrap();
    assert_eq!(layered.layers.len(), 1);
    assert_eq!(layered.layers[0].name, "dot");
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
    let project = imported(&layered, &project_path, rig);
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

/// `layered` imported beside `project_path` on `rig` with the default recipe.
fn imported(layered: &Layered, project_path: &std::path::Path, rig: Rig) -> Project {
    import_layered(
        layered,
        project_path,
        rig,
        &PartRecipe::default(),
        &Progress::new(),
    )
    .unwrap()
    .unwrap()
}

/// A rig of one bone up the middle of a 40 × 20 canvas.
fn one_bone_rig() -> Rig {
    Rig {
        skeleton: Skeleton::new(vec![Bone::new("root", None, [20.0, 19.0], [20.0, 1.0])]).unwrap(),
        ..Rig::default()
    }
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
    // Not even the staging folder.
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_existing_layers_folder_is_left_as_it_is() {
    let dir = temp_dir("existing");
    let project_path = dir.join("p.limber");
    let mine = layers_folder(&project_path);
    std::fs::create_dir_all(&mine).unwrap();
    // A user's file named like a layer's PNG, and another.
    std::fs::write(mine.join("body.png"), b"my own body").unwrap();
    std::fs::write(mine.join("notes.txt"), b"notes").unwrap();
    let layered = read_layered_bytes(&ora_bytes([100, 80], &sample_layers(true)), false).unwrap();
    let import = || {
        super::import::import_layered_into(
            &layered,
            &project_path,
            Rig::default(),
            &PartRecipe::default(),
            &Progress::new(),
        )
        .unwrap()
        .unwrap()
    };
    let first = import();
    assert_eq!(first.folder.path(), dir.join("p_layers 2"));
    assert_eq!(
        first.project.parts[0].image,
        std::path::Path::new("p_layers 2/body.png")
    );
    assert!(dir.join("p_layers 2/body.png").exists());
    // Again: a third folder, the second one kept for the parts that use it.
    let second = import();
    assert_eq!(second.folder.path(), dir.join("p_layers 3"));
    // A folder removed after a failed save takes only what its import wrote.
    std::fs::write(dir.join("p_layers 3/extra.txt"), b"x").unwrap();
    second.folder.remove();
    assert!(!dir.join("p_layers 3/body.png").exists());
    assert_eq!(
        std::fs::read(dir.join("p_layers 3/extra.txt")).unwrap(),
        b"x"
    );
    assert_eq!(
        std::fs::read(mine.join("body.png")).unwrap(),
        b"my own body"
    );
    assert_eq!(std::fs::read(mine.join("notes.txt")).unwrap(), b"notes");
    assert_eq!(std::fs::read_dir(&mine).unwrap().count(), 2);
    assert!(dir.join("p_layers 2/arm.png").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[path = "odd_file_tests.rs"]
mod odd_files;
#[path = "tagged_tests.rs"]
mod tagged;
