//! `limber import`: PSD and ORA files into a project (one part per visible layer, each where its
//! layer sits), the warnings, and bad files refused with one line and nothing written.

use crate::common;
use crate::common::gpu;

use std::path::{Path, PathBuf};

use image::{Rgba, RgbaImage};
use limber::core::layered::write::{LayerSpec, ora_bytes, psd_bytes};
use limber::core::project::Project;

use common::limber;

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn square(size: u32, c: u8) -> RgbaImage {
    RgbaImage::from_fn(size, size, |x, y| {
        let inside = (2..size - 2).contains(&x) && (2..size - 2).contains(&y);
        Rgba([c, 100, 200, if inside { 255 } else { 0 }])
    })
}

fn layers() -> Vec<LayerSpec> {
    let mut shadow = LayerSpec::new("shadow", 0, 40, square(30, 5));
    shadow.multiply = true;
    let mut hidden = LayerSpec::new("sketch", 0, 0, square(20, 9));
    hidden.hidden = true;
    vec![
        shadow,
        LayerSpec::new("torso", 20, 10, square(40, 50)),
        LayerSpec::new("head", 30, 0, square(24, 90)),
        hidden,
    ]
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

#[test]
fn psd_and_ora_import_into_the_same_project_with_the_multiply_layer_as_a_multiply_slot() {
    let dir = common::temp_dir("import-ok");
    let rig = dir.join("rig.json");
    std::fs::write(
        &rig,
        r#"{"bones":[{"name":"spine","parent":null,"head":[40,50],"tail":[40,15]}]}"#,
    )
    .unwrap();
    let mut loaded = Vec::new();
    for (file, bytes) in [
        ("fig.psd", psd_bytes([80, 72], &layers())),
        ("fig.ora", ora_bytes([80, 72], &layers())),
    ] {
        let input = write(&dir, file, &bytes);
        let output = dir.join(format!("{file}.limber"));
        let out = limber(&["import", s(&input), "--rig", s(&rig), "-o", s(&output)]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{stderr}");
        // Multiply is a slot blend mode: imported, not dropped with a warning.
        assert!(stderr.is_empty(), "{stderr}");
        let project = Project::load(&output).unwrap();
        let shadow = project
            .rig
            .slots
            .slots
            .iter()
            .find(|s| s.attachments.iter().any(|a| a.part() == Some("shadow")))
            .expect("the multiply layer is a written slot");
        assert_eq!(shadow.blend, limber::core::slots::Blend::Multiply);
        let names: Vec<&str> = project.parts.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["shadow", "torso", "head"]);
        let offsets: Vec<[u32; 2]> = project.parts.iter().map(|p| p.mesh.offset).collect();
        assert_eq!(offsets, [[2, 42], [22, 12], [32, 2]]);
        assert_eq!(project.canvas, Some([80, 72]));
        let folder = dir.join(format!("{file}_layers"));
        assert!(folder.join("torso.png").exists());
        assert!(
            project
                .parts
                .iter()
                .all(|p| !p.binding.vertices[0].is_empty())
        );
        loaded.push(project);
    }
    // The same layers give the same parts from either format (images named after each project).
    for (a, b) in loaded[0].parts.iter().zip(&loaded[1].parts) {
        assert_eq!(a.mesh, b.mesh);
        assert_eq!(a.binding, b.binding);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_layered_files_give_one_line_and_write_nothing() {
    let dir = common::temp_dir("import-bad");
    let good_psd = psd_bytes([80, 72], &layers());
    let mut cmyk = good_psd.clone();
    cmyk[25] = 4;
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        (
            "cut.psd",
            good_psd[..good_psd.len() / 2].to_vec(),
            "truncated",
        ),
        ("cmyk.psd", cmyk, "CMYK"),
        (
            "none.psd",
            psd_bytes([10, 10], &[]),
            "no visible pixel layer",
        ),
        (
            "hidden.ora",
            ora_bytes(
                [8, 8],
                &[{
                    let mut hidden = LayerSpec::new("only", 0, 0, square(10, 1));
                    hidden.hidden = true;
                    hidden
                }],
            ),
            "no visible pixel layer",
        ),
        (
            "zip.ora",
            b"PK\x03\x04 not much of a zip".to_vec(),
            "not an OpenRaster file",
        ),
        ("picture.png", vec![1, 2, 3], "expected .psd or .ora"),
    ];
    for (name, bytes, problem) in cases {
        let input = write(&dir, name, &bytes);
        let output = dir.join(format!("{name}.limber"));
        let out = limber(&["import", s(&input), "-o", s(&output)]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{name}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{name}: {stderr}");
        assert!(
            stderr.contains(name) && stderr.contains(problem),
            "{name}: expected {problem:?} in {stderr}"
        );
        assert!(!output.exists(), "{name}");
        assert!(!dir.join(format!("{name}_layers")).exists(), "{name}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_imported_project_renders_each_layer_where_it_sits_on_the_canvas() {
    use limber::render::PartStyle;
    use limber::render::export::{ClipRenderer, RenderSettings};
    let dir = common::temp_dir("import-render");
    let solid =
        |size: u32, c: [u8; 3]| RgbaImage::from_pixel(size, size, Rgba([c[0], c[1], c[2], 255]));
    let red = [230, 20, 20];
    let green = [20, 200, 40];
    let layers = [
        LayerSpec::new("red", 4, 30, solid(24, red)),
        LayerSpec::new("green", 50, 6, solid(20, green)),
    ];
    let input = write(&dir, "two.ora", &ora_bytes([96, 64], &layers));
    let output = dir.join("two.limber");
    let out = limber(&["import", s(&input), "-o", s(&output)]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let project = Project::load(&output).unwrap();
    let gpu = gpu::gpu();
    let settings = RenderSettings {
        scale: 1.0,
        background: [0, 0, 0, 0],
        style: PartStyle::default(),
    };
    let renderer = ClipRenderer::new(&gpu, &project, &output, settings).unwrap();
    // The file's canvas, not the layers' extent.
    assert_eq!(renderer.size(), [96, 64]);
    let image = renderer
        .render(None::<&limber::core::animation::Clip>, 0.0)
        .unwrap();
    let near = |x: u32, y: u32, c: [u8; 3]| {
        let p = image.get_pixel(x, y);
        p[3] > 240 && (0..3).all(|i| p[i].abs_diff(c[i]) < 8)
    };
    // Inside each layer (away from the traced edge), its colour; elsewhere, nothing.
    assert!(near(16, 42, red), "{:?}", image.get_pixel(16, 42));
    assert!(near(60, 16, green), "{:?}", image.get_pixel(60, 16));
    for (x, y) in [(16, 10), (60, 45), (90, 60), (2, 2)] {
        assert!(
            image.get_pixel(x, y)[3] < 10,
            "({x}, {y}): {:?}",
            image.get_pixel(x, y)
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
