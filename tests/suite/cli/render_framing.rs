//! `limber render` framing on the GPU (the software Vulkan adapter in CI): `--frame animation` (the
//! default) keeps the whole zombie in every frame where `--frame image` cuts its foot, `--margin`
//! widens the canvas, `--trim` packs each frame's own pixels with their offsets in the atlas, the
//! atlas reads as PixiJS and Phaser expect, a one-shot clip's frames last the clip, and `--sheet`
//! makes its folder.

use crate::common;
use crate::common::node_tooling;

use std::path::{Path, PathBuf};

use common::{limber_ok, temp_dir};
use image::{AnimationDecoder, RgbaImage};
use serde_json::Value;

fn s(path: &Path) -> String {
    path.display().to_string()
}

/// The zombie sample with its bundled rig (clips: shamble 1.2 s looping, wave 1.0 s once).
fn zombie(dir: &Path) -> PathBuf {
    let project = dir.join("zombie.limber");
    let sprite = common::sprite("kenney_zombie_walk0.png");
    let rig = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/rigs/kenney_zombie_walk0.json");
    limber_ok(&["new", &s(&sprite), "-o", &s(&project), "--rig", &s(&rig)]);
    project
}

/// Renders `clip` of `project` at 10 fps as PNG frames into `out` with `extra` options, and reads
/// them back in order.
fn frames(project: &Path, clip: &str, out: &Path, extra: &[&str]) -> Vec<RgbaImage> {
    let mut args = vec!["render", &s(project), "--clip", clip, "--fps", "10"]
        .into_iter()
        .map(String::from)
        .collect::<Vec<_>>();
    args.extend(extra.iter().map(|a| a.to_string()));
    args.extend(["--frames".into(), s(out)]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    limber_ok(&args);
    let mut names: Vec<PathBuf> = std::fs::read_dir(out)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    names.sort();
    names
        .iter()
        .map(|p| image::open(p).unwrap().to_rgba8())
        .collect()
}

/// Visible pixels within `ring` pixels of the image's edge.
fn visible_near_edge(image: &RgbaImage, ring: u32) -> usize {
    let (w, h) = image.dimensions();
    image
        .enumerate_pixels()
        .filter(|&(x, y, p)| p[3] > 0 && (x < ring || y < ring || x >= w - ring || y >= h - ring))
        .count()
}

#[test]
fn animation_framing_keeps_the_whole_zombie_where_image_framing_cuts_its_foot() {
    let dir = temp_dir("render-framing");
    let project = zombie(&dir);
    let cut = frames(
        &project,
        "shamble",
        &dir.join("image"),
        &["--frame", "image"],
    );
    let whole = frames(&project, "shamble", &dir.join("animation"), &[]);
    assert_eq!(cut.len(), 12);
    assert_eq!(whole.len(), 12);
    assert_eq!(cut[0].dimensions(), (96, 128), "the image's rectangle");
    // Today's framing: the shambling foot reaches the image's edge.
    let touching = cut.iter().filter(|f| visible_near_edge(f, 1) > 0).count();
    assert!(touching > 0, "no frame reaches the image's edge");
    // The animation's bounds plus the 2 px margin: nothing within 2 px of any edge, in any frame.
    for (i, frame) in whole.iter().enumerate() {
        assert_eq!(visible_near_edge(frame, 2), 0, "frame {i} touches its edge");
        assert_eq!(frame.dimensions(), whole[0].dimensions());
    }
    // Nothing is lost: each frame holds at least as many visible pixels as the cut one.
    let visible = |f: &RgbaImage| f.pixels().filter(|p| p[3] > 0).count();
    for (cut, whole) in cut.iter().zip(&whole) {
        assert!(visible(whole) >= visible(cut));
    }
    assert!(
        cut.iter().zip(&whole).any(|(c, w)| visible(w) > visible(c)),
        "the animation framing should show pixels the image framing cut"
    );
    // --margin 12 adds 10 px on each side to the default 2.
    let wide = frames(&project, "shamble", &dir.join("wide"), &["--margin", "12"]);
    let (w, h) = whole[0].dimensions();
    assert_eq!(wide[0].dimensions(), (w + 20, h + 20));
    assert_eq!(visible(&wide[3]), visible(&whole[3]));
}

fn atlas(path: &Path) -> Value {
    serde_json::from_slice(&std::fs::read(path.with_extension("json")).unwrap()).unwrap()
}

fn rect(v: &Value) -> [u32; 4] {
    let n = |k: &str| v[k].as_u64().map_or(0, |x| x as u32);
    [n("x"), n("y"), n("w"), n("h")]
}

#[test]
fn a_trimmed_sheet_packs_each_frames_own_pixels_with_its_offset() {
    let dir = temp_dir("render-trim");
    let project = zombie(&dir);
    let render = |out: &Path, extra: &[&str]| {
        let (project, out) = (s(&project), s(out));
        let mut args = vec!["render", project.as_str()];
        args.extend(["--clip", "wave", "--fps", "12"]);
        args.extend(extra);
        args.extend(["--sheet", &out]);
        limber_ok(&args);
    };
    // Into folders that do not exist yet: --sheet makes them.
    let grid = dir.join("new/grid/wave.png");
    let packed = dir.join("new/packed/wave.png");
    render(&grid, &[]);
    render(&packed, &["--trim"]);
    let (grid_atlas, packed_atlas) = (atlas(&grid), atlas(&packed));
    let grid_image = image::open(&grid).unwrap().to_rgba8();
    let packed_image = image::open(&packed).unwrap().to_rgba8();
    assert!(
        u64::from(packed_image.width()) * u64::from(packed_image.height())
            < u64::from(grid_image.width()) * u64::from(grid_image.height()),
        "trimming makes the sheet smaller"
    );
    let grid_frames = grid_atlas["frames"].as_object().unwrap();
    assert_eq!(grid_frames.len(), 13);
    for (name, g) in grid_frames {
        let p = &packed_atlas["frames"][name.as_str()];
        assert_eq!(g["trimmed"], Value::Bool(false));
        assert_eq!(p["trimmed"], Value::Bool(true), "frame {name}");
        assert_eq!(p["sourceSize"], g["sourceSize"]);
        assert_eq!(p["pivot"], g["pivot"]);
        let [px, py, pw, ph] = rect(&p["frame"]);
        let [sx, sy, sw, sh] = rect(&p["spriteSourceSize"]);
        assert_eq!((pw, ph), (sw, sh));
        let [gx, gy, gw, gh] = rect(&g["frame"]);
        assert!(sx + sw <= gw && sy + sh <= gh);
        // The packed piece is the full frame's pixels at its offset, and nothing visible was cut.
        for y in 0..gh {
            for x in 0..gw {
                let full = grid_image.get_pixel(gx + x, gy + y);
                let inside = x >= sx && x < sx + sw && y >= sy && y < sy + sh;
                if inside {
                    let piece = packed_image.get_pixel(px + x - sx, py + y - sy);
                    assert_eq!(full, piece, "frame {name} at ({x}, {y})");
                } else {
                    assert_eq!(full[3], 0, "frame {name}: a visible pixel was trimmed");
                }
            }
        }
    }
}

#[test]
fn the_atlas_has_pixi_animations_and_phaser_readable_frame_tags_and_lasts_the_clip() {
    let dir = temp_dir("render-atlas");
    let project = zombie(&dir);
    let sheet = dir.join("wave.png");
    limber_ok(&[
        "render",
        &s(&project),
        "--clip",
        "wave",
        "--fps",
        "12",
        "--sheet",
        &s(&sheet),
    ]);
    let atlas = atlas(&sheet);
    let frames = atlas["frames"].as_object().unwrap();
    // PixiJS: animations maps the clip to its frame names, in order.
    let names: Vec<&str> = atlas["animations"]["wave"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert_eq!(names.len(), 13);
    assert!(names.iter().all(|n| frames.contains_key(*n)));
    // Phaser's createFromAseprite looks frame i of a tag up as frames[i.toString()].
    let tag = &atlas["meta"]["frameTags"][0];
    assert_eq!(tag["name"], "wave");
    let (from, to) = (tag["from"].as_u64().unwrap(), tag["to"].as_u64().unwrap());
    let found = (from..=to)
        .filter(|i| frames.contains_key(&i.to_string()))
        .count();
    assert_eq!(found, 13);
    // A one-shot: its 13 poses share the clip's 1.0 s (not 13 × 1/12 s).
    let total: u64 = frames.values().filter_map(|f| f["duration"].as_u64()).sum();
    assert_eq!(total, 1000);
    // The pivot is the root bone's head inside the canvas.
    let pivot = &frames["0"]["pivot"];
    for axis in ["x", "y"] {
        let v = pivot[axis].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&v), "pivot {axis} = {v}");
    }

    // The GIF of the one-shot also lasts 1.0 s.
    let gif = dir.join("wave.gif");
    limber_ok(&[
        "render",
        &s(&project),
        "--clip",
        "wave",
        "--fps",
        "12",
        "--gif",
        &s(&gif),
    ]);
    let file = std::fs::File::open(&gif).unwrap();
    let decoder = image::codecs::gif::GifDecoder::new(std::io::BufReader::new(file)).unwrap();
    let gif_frames = decoder.into_frames().collect_frames().unwrap();
    assert_eq!(gif_frames.len(), 13);
    let ms: u32 = gif_frames
        .iter()
        .map(|f| {
            let (n, d) = f.delay().numer_denom_ms();
            n / d
        })
        .sum();
    assert_eq!(ms, 1000);
}

/// Runs `tests/tooling/phaser/check_atlas.cjs` on `atlas`: Phaser's own atlas parser and
/// `createFromAseprite` read it (`npm ci` in that folder installs Phaser; CI's `.ci/run` does).
fn phaser_reads(atlas: &Path) -> Value {
    let folder = node_tooling::require("phaser", &["phaser"]);
    let out = std::process::Command::new("node")
        .arg(folder.join("check_atlas.cjs"))
        .arg(atlas)
        .output()
        .expect("Node.js runs (install Node 20 or newer)");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("the checker prints JSON")
}

#[test]
fn phasers_own_loader_makes_the_clip_from_a_trimmed_atlas() {
    let dir = temp_dir("render-phaser");
    let project = zombie(&dir);
    let sheet = dir.join("wave.png");
    limber_ok(&[
        "render",
        &s(&project),
        "--clip",
        "wave",
        "--fps",
        "12",
        "--trim",
        "--sheet",
        &s(&sheet),
    ]);
    let atlas = atlas(&sheet);
    let phaser = phaser_reads(&sheet.with_extension("json"));
    // createFromAseprite made one animation with every frame, each one the atlas has.
    assert_eq!(phaser["created"], 1);
    let animation = &phaser["animations"][0];
    assert_eq!(animation["key"], "wave");
    assert_eq!(animation["frames"].as_array().map(Vec::len), Some(13));
    assert_eq!(animation["missing"], 0);
    assert_eq!(animation["duration"], 1000, "the one-shot's length");
    // The texture parser took each frame's rectangle, trim and pivot as written.
    for (name, frame) in atlas["frames"].as_object().unwrap() {
        let made = &phaser["frames"][name.as_str()];
        let [x, y, w, h] = rect(&frame["frame"]);
        assert_eq!(
            [&made["x"], &made["y"], &made["w"], &made["h"]],
            [x, y, w, h]
        );
        let [sx, sy, sw, sh] = rect(&frame["spriteSourceSize"]);
        let source = &frame["sourceSize"];
        let trim = serde_json::json!([source["w"], source["h"], sx, sy, sw, sh]);
        assert_eq!(made["trim"], trim, "frame {name}");
        let pivot = serde_json::json!([frame["pivot"]["x"], frame["pivot"]["y"]]);
        assert_eq!(made["pivot"], pivot);
    }
}

#[test]
fn trim_goes_with_a_sheet_only_and_not_with_columns() {
    let dir = temp_dir("render-trim-refused");
    let project = zombie(&dir);
    let p = s(&project);
    let gif = s(&dir.join("x.gif"));
    let sheet = s(&dir.join("x.png"));
    let out = common::limber(&["render", &p, "--trim", "--gif", &gif]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("--trim: only a sprite sheet"), "{err}");
    for args in [
        vec!["render", &p, "--trim", "--columns", "3", "--sheet", &sheet],
        vec!["render", &p, "--frame", "tight", "--sheet", &sheet],
    ] {
        let out = common::limber(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: clap refuses it");
    }
    assert!(!dir.join("x.gif").exists() && !dir.join("x.png").exists());
}
