//! `limber new --rig` with mesh attachments that name images: attachments naming the same image
//! make the same part, meshed and weighed once and copied (issue 39 round 3: 250 attachments of
//! one 512 px PNG were each meshed and weighed, 100,000 of one 16 px PNG ran for minutes).

use std::path::Path;

use image::{Rgba, RgbaImage};
use limber::core::project::Project;

use crate::common::{limber_new, temp_dir};

fn disc(path: &Path, radius: f64, colour: [u8; 4]) {
    RgbaImage::from_fn(64, 64, |x, y| {
        let d = (f64::from(x) - 31.5).hypot(f64::from(y) - 31.5);
        if d < radius {
            Rgba(colour)
        } else {
            Rgba([0; 4])
        }
    })
    .save(path)
    .unwrap();
}

fn rig(attachments: &[(&str, &str)]) -> String {
    let list: Vec<String> = attachments
        .iter()
        .map(|(name, image)| format!(r#"{{"name": "{name}", "image": "{image}"}}"#))
        .collect();
    format!(
        r#"{{"bones": [{{"name": "root", "head": [32, 60], "tail": [32, 30]}},
                      {{"name": "tip", "parent": "root", "head": [32, 30], "tail": [32, 4]}}],
            "slots": [{{"name": "s", "draw_order": 1, "setup": "a", "attachments": [{}]}}]}}"#,
        list.join(", ")
    )
}

#[test]
fn attachments_of_one_image_make_equal_parts_as_one_alone_would() {
    let dir = temp_dir("attachment-parts");
    disc(&dir.join("body.png"), 28.0, [200, 100, 50, 255]);
    disc(&dir.join("same.png"), 20.0, [50, 100, 200, 255]);
    disc(&dir.join("other.png"), 12.0, [50, 200, 100, 255]);
    let make = |name: &str, attachments: &[(&str, &str)]| -> Project {
        let rig_path = dir.join(format!("{name}.json"));
        std::fs::write(&rig_path, rig(attachments)).unwrap();
        let project = dir.join(format!("{name}.limber"));
        limber_new(&dir.join("body.png"), &rig_path, &project);
        Project::load(&project).unwrap()
    };
    let many = make(
        "many",
        &[
            ("a", "same.png"),
            ("b", "other.png"),
            ("c", "same.png"),
            ("d", "same.png"),
        ],
    );
    let alone = make("alone", &[("a", "same.png")]);
    let part = |project: &Project, name: &str| {
        project
            .parts
            .iter()
            .find(|p| p.name == name)
            .unwrap_or_else(|| panic!("part {name}"))
            .clone()
    };
    let reference = part(&alone, "s-a");
    for name in ["s-a", "s-c", "s-d"] {
        let made = part(&many, name);
        assert_eq!(made.mesh, reference.mesh, "{name}");
        assert_eq!(made.binding, reference.binding, "{name}");
        assert_eq!(made.image, reference.image, "{name}");
    }
    let other = part(&many, "s-b");
    assert_ne!(other.mesh, reference.mesh);
    let _ = std::fs::remove_dir_all(&dir);
}
