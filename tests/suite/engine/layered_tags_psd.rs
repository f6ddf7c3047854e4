//! The tagged fixture as a PSD: `tests/fixtures/tagged_face/face.psd` (written by `make_face.py`
//! with the layers and groups of `face.ora`: group section dividers, a hidden layer and a hidden
//! group, and `[slot]`, `[skin]` and `[ignore]` names, stored as Photoshop stores them) imports with
//! `face_rig.json` into the project the ORA makes — the same parts, slots, attachments, skins,
//! active skin and part images — and `limber render` draws the same pixels at every frame of the
//! clip, the keyed times among them, in each skin.

use crate::common;

use std::path::{Path, PathBuf};

use common::{limber_ok, temp_dir};
use image::RgbaImage;
use limber::core::project::Project;

fn s(path: &Path) -> String {
    path.display().to_string()
}

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/tagged_face")
        .join(name)
}

/// `limber import FILE --rig face_rig.json` into `dir`, which must print no warning.
fn import(file: &str, dir: &Path) -> PathBuf {
    std::fs::create_dir_all(dir).unwrap();
    let project = dir.join("face.limber");
    let out = limber_ok(&[
        "import",
        &s(&fixture(file)),
        "--rig",
        &s(&fixture("face_rig.json")),
        "-o",
        &s(&project),
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("warning"), "{file}: {stderr}");
    project
}

/// Frames per second of the renders: frames 5, 12 and 15 fall on the keys at 0.25, 0.6 and 0.75 s.
const FPS: u32 = 20;

/// Every frame of clip `blink` (1 s) at [`FPS`] on the canvas, in `skin` (`None`: the active one).
fn render(project: &Path, skin: Option<&str>) -> Vec<RgbaImage> {
    let out = project.with_file_name(format!("frames-{}", skin.unwrap_or("active")));
    let fps = FPS.to_string();
    let frames = s(&out);
    let mut args = vec![
        "render",
        project.to_str().unwrap(),
        "--clip",
        "blink",
        "--fps",
        &fps,
        "--frame",
        "image",
        "--frames",
        &frames,
    ];
    if let Some(skin) = skin {
        args.extend(["--skin", skin]);
    }
    limber_ok(&args);
    (0..FPS)
        .map(|k| {
            image::open(out.join(format!("frame_{k:04}.png")))
                .unwrap_or_else(|e| panic!("frame {k} in {out:?}: {e}"))
                .to_rgba8()
        })
        .collect()
}

/// `actual` within 2 levels of `expected` in every channel (8-bit rounding of the tint).
fn near(actual: [u8; 4], expected: [u8; 4], what: &str) {
    let off = actual
        .iter()
        .zip(expected)
        .map(|(&a, e)| a.abs_diff(e))
        .max()
        .unwrap_or(0);
    assert!(off <= 2, "{what}: {actual:?}, expected {expected:?}");
}

#[test]
fn the_tagged_psd_imports_and_renders_as_the_tagged_ora() {
    let dir = temp_dir("layered-tags-psd");
    let psd_path = import("face.psd", &dir.join("psd"));
    let ora_path = import("face.ora", &dir.join("ora"));
    let psd = Project::load(&psd_path).expect("the PSD import loads");
    let ora = Project::load(&ora_path).expect("the ORA import loads");

    // What the tags make, read from the PSD alone: the [ignore] layer is gone, the eyes are one
    // slot of two attachments (the visible one at setup), each skin group's "body" is its skin's.
    let parts: Vec<&str> = psd.parts.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(
        parts,
        ["dark/body", "light/body", "eyes/open", "eyes/closed"]
    );
    let slots = &psd.rig.slots;
    assert_eq!(slots.active_skin.as_deref(), Some("light"));
    assert_eq!(slots.skin_names(), ["default", "dark", "light"]);
    let eyes = slots
        .slots
        .iter()
        .find(|slot| slot.name == "eyes")
        .expect("an eyes slot");
    let attachments: Vec<&str> = eyes.attachments.iter().map(|a| a.name()).collect();
    assert_eq!(attachments, ["open", "closed"]);
    assert_eq!(eyes.setup.as_deref(), Some("open"));
    for skin in ["light", "dark"] {
        let record = slots.skin(skin).expect("the skin");
        let body = record.slots.get("body").expect("the skin holds the body");
        assert_eq!(
            body.values().collect::<Vec<_>>(),
            [&format!("{skin}/body")],
            "{skin}"
        );
    }

    // And everything as the ORA makes it: rig, slots, skins, clips, parts with their meshes and
    // weights, and every part's image file byte for byte.
    assert_eq!(psd.rig.slots, ora.rig.slots);
    assert_eq!(psd, ora);
    for i in 0..psd.parts.len() {
        let (a, b) = (psd.image_path(&psd_path, i), ora.image_path(&ora_path, i));
        assert_eq!(
            std::fs::read(&a).unwrap(),
            std::fs::read(&b).unwrap(),
            "{a:?} and {b:?}"
        );
    }

    // The same pixels at every frame, in the active skin and in the other.
    for skin in [None, Some("dark")] {
        let (from_psd, from_ora) = (render(&psd_path, skin), render(&ora_path, skin));
        for (k, (a, b)) in from_psd.iter().zip(&from_ora).enumerate() {
            assert!(a == b, "skin {skin:?}, frame {k}: the PSD's render differs");
        }
        // The frames show the keys: closed eyes before 0.6 s and open ones after, the body tinted
        // (1, 0.5, 0.5, 1) at 0.25 s and (1, 1, 1, 0.5) from 0.75 s.
        let (tinted, faded) = match skin {
            None => ([240, 100, 80, 255], [240, 200, 160, 128]),
            Some(_) => ([120, 35, 20, 255], [120, 70, 40, 128]),
        };
        near(
            from_psd[5].get_pixel(16, 26).0,
            tinted,
            &format!("{skin:?}: body at 0.25 s"),
        );
        near(
            from_psd[15].get_pixel(16, 26).0,
            faded,
            &format!("{skin:?}: body at 0.75 s"),
        );
        assert_eq!(from_psd[11].get_pixel(22, 8).0[3], 255, "closed at 0.55 s");
        assert_eq!(
            from_psd[11].get_pixel(10, 8).0[3],
            0,
            "open hidden at 0.55 s"
        );
        assert_eq!(from_psd[12].get_pixel(10, 8).0[3], 255, "open at 0.6 s");
        assert_eq!(
            from_psd[12].get_pixel(22, 8).0[3],
            0,
            "closed hidden at 0.6 s"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
