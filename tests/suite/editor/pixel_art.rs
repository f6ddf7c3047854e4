//! Pixel art: a part marked `pixel_art` is saved so, shown with sharp pixels, and rendered with
//! them — at 4× every opaque source pixel becomes a uniform 4 × 4 block of its own colour, where
//! smooth (linear) sampling blends neighbours — and the Parts list's "pixels" box toggles it as one
//! undo step.

use crate::common;

use std::path::{Path, PathBuf};

use common::{limber_ok, temp_dir};
use egui_kittest::kittest::Queryable;
use image::RgbaImage;
use limber::core::project::Project;

use crate::common::editor_harness;

fn s(p: &Path) -> String {
    p.display().to_string()
}

/// A project of the small bee sprite (no bones, so it renders its rest pose), pixel art or not.
fn bee(dir: &Path, pixel_art: bool) -> PathBuf {
    let project = dir.join(format!("bee-{pixel_art}.limber"));
    let sprite = common::sprite("kenney_bee.png");
    limber_ok(&["new", &s(&sprite), "-o", &s(&project)]);
    let mut loaded = Project::load(&project).expect("loads");
    loaded.parts[0].pixel_art = pixel_art;
    loaded.save(&project).expect("saves");
    project
}

/// The share of the source's opaque pixels whose 4 × 4 block in `rendered` is exactly their colour.
fn sharp_share(source: &RgbaImage, rendered: &RgbaImage) -> f64 {
    let (mut opaque, mut sharp) = (0usize, 0usize);
    for (x, y, texel) in source.enumerate_pixels() {
        if texel[3] != 255 {
            continue;
        }
        opaque += 1;
        let block = (0..4).flat_map(|dy| (0..4).map(move |dx| (4 * x + dx, 4 * y + dy)));
        if block
            .into_iter()
            .all(|(bx, by)| rendered.get_pixel_checked(bx, by) == Some(texel))
        {
            sharp += 1;
        }
    }
    sharp as f64 / opaque.max(1) as f64
}

#[test]
fn a_pixel_art_part_renders_with_sharp_pixels_and_a_smooth_one_does_not() {
    let dir = temp_dir("pixel-art");
    let source = image::open(common::sprite("kenney_bee.png"))
        .expect("sprite")
        .to_rgba8();
    let mut shares = Vec::new();
    for pixel_art in [true, false] {
        let project = bee(&dir, pixel_art);
        let text = std::fs::read_to_string(&project).expect("text");
        assert_eq!(text.contains(r#""pixel_art":true"#), pixel_art);
        let frames = dir.join(format!("frames-{pixel_art}"));
        limber_ok(&[
            "render",
            &s(&project),
            "--scale",
            "4",
            "--frame",
            "image",
            "--frames",
            &s(&frames),
        ]);
        let rendered = image::open(frames.join("frame_0000.png"))
            .expect("frame")
            .to_rgba8();
        assert_eq!(
            rendered.dimensions(),
            (source.width() * 4, source.height() * 4)
        );
        shares.push(sharp_share(&source, &rendered));
    }
    println!(
        "sharp 4 × 4 blocks: pixel art {:.3}, smooth {:.3}",
        shares[0], shares[1]
    );
    assert!(
        shares[0] > 0.97,
        "pixel art keeps pixels sharp: {}",
        shares[0]
    );
    assert!(
        shares[1] < 0.8,
        "smooth sampling blends them: {}",
        shares[1]
    );
}

#[test]
fn the_parts_list_pixels_box_toggles_pixel_art_as_one_undo_step() {
    // Tall enough that the left panel shows the slot's controls without scrolling.
    let mut harness = editor_harness::harness_sized(
        editor_harness::sample_editor(),
        eframe::egui::Vec2::new(1280.0, 1400.0),
    );
    assert!(!harness.state().document().project.parts[0].pixel_art);
    harness.get_by_label("pixels").click();
    harness.run_steps(2);
    assert!(harness.state().document().project.parts[0].pixel_art);
    harness.state_mut().undo();
    assert!(!harness.state().document().project.parts[0].pixel_art);
    // The command table's toggle does every part.
    harness
        .state_mut()
        .run(limber::editor::commands::Command::TogglePixelArt);
    assert!(
        harness
            .state()
            .document()
            .project
            .parts
            .iter()
            .all(|p| p.pixel_art)
    );
}
