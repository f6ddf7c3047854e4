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

#[test]
fn the_weighing_of_all_attachment_images_together_keeps_to_the_weights_budget() {
    let dir = temp_dir("attachment-budget");
    disc(&dir.join("body.png"), 28.0, [200, 100, 50, 255]);
    for k in 0..4u8 {
        disc(&dir.join(format!("d{k}.png")), 18.0, [50, 100, 40 * k, 255]);
    }
    // The body alone is 2 bones x 64 x 64 = 8,192 bone-pixels, as is each attachment image: each
    // part passes the budget on its own. A disc of radius 18 has about 1,150 pixels inside its
    // traced mask, so three discs weigh about 6,900 bone-pixels together and four about 9,200.
    let budget = [("LIMBER_MAX_WEIGHT_BONE_PIXELS", "8192")];
    let run = |name: &str, attachments: &[(&str, &str)]| {
        let rig_path = dir.join(format!("{name}.json"));
        std::fs::write(&rig_path, rig(attachments)).unwrap();
        let project = dir.join(format!("{name}.limber"));
        let body = dir.join("body.png");
        let args = [
            "new",
            body.to_str().unwrap(),
            "--rig",
            rig_path.to_str().unwrap(),
            "-o",
            project.to_str().unwrap(),
        ];
        let out = super::hostile_inputs::limber_within(&args, &budget);
        (out, project, rig_path)
    };
    let (three, project, _) = run(
        "three",
        &[("a", "d0.png"), ("b", "d1.png"), ("c", "d2.png")],
    );
    assert!(
        three.status.success(),
        "{}",
        String::from_utf8_lossy(&three.stderr)
    );
    assert_eq!(Project::load(&project).unwrap().parts.len(), 4);
    // The same image four times is weighed once.
    let same = [
        ("a", "d0.png"),
        ("b", "d0.png"),
        ("c", "d0.png"),
        ("d", "d0.png"),
    ];
    let (same, _, _) = run("same", &same);
    assert!(
        same.status.success(),
        "{}",
        String::from_utf8_lossy(&same.stderr)
    );
    let four = [
        ("a", "d0.png"),
        ("b", "d1.png"),
        ("c", "d2.png"),
        ("d", "d3.png"),
    ];
    let (four, project, rig_path) = run("four", &four);
    let stderr = String::from_utf8_lossy(&four.stderr);
    assert_eq!(four.status.code(), Some(1), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains(&rig_path.display().to_string())
            && stderr.contains("weighing the attachment images takes")
            && stderr.contains("over the limit of 8,192"),
        "{stderr}"
    );
    assert!(!project.exists(), "a refused new writes no project");
    let _ = std::fs::remove_dir_all(&dir);
}
