//! Bad input across the commands, for the rows of `docs/RELIABILITY.md` that the per-command tests
//! (`cli_mesh`, `cli_project`, `animation`, `cli_render`) do not already cover: every refusal is exit
//! status 1 with one line on stderr naming the file and the problem; odd but valid input succeeds.

use crate::common;

use std::path::{Path, PathBuf};

use common::{limber, limber_ok, temp_dir};

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs `limber ARGS` and asserts exit status 1 with exactly one stderr line that names `file` and
/// contains `problem`, no panic and nothing on stdout. Returns the line.
fn refused(args: &[&str], file: &str, problem: &str) -> String {
    let out = limber(args);
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
    assert_eq!(
        stderr.lines().count(),
        1,
        "{args:?}: one line expected: {stderr:?}"
    );
    assert!(stderr.starts_with("error: "), "{stderr}");
    assert!(
        stderr.contains(file),
        "{args:?}: {file:?} not named in {stderr}"
    );
    assert!(
        stderr.contains(problem),
        "{args:?}: expected {problem:?} in {stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(out.stdout.is_empty(), "{args:?}: stdout {:?}", out.stdout);
    stderr
}

/// `limber new` on the zombie sprite with `rig_json` written to `dir/NAME`; asserts it is refused
/// naming the rig file and `problem`, and that no project is written.
fn refused_rig(dir: &Path, name: &str, rig_json: &str, problem: &str) {
    let rig = dir.join(name);
    std::fs::write(&rig, rig_json).unwrap();
    let out = dir.join("refused.limber");
    let sprite = common::sprite("kenney_zombie_walk0.png");
    refused(
        &["new", s(&sprite), "--rig", s(&rig), "-o", s(&out)],
        name,
        problem,
    );
    assert!(!out.exists(), "{name}: a project was written");
}

/// The sample zombie project (`new` with the bundled rig) in `dir`.
fn zombie(dir: &Path) -> PathBuf {
    let project = dir.join("zombie.limber");
    let sprite = common::sprite("kenney_zombie_walk0.png");
    let rig = root().join("assets/rigs/kenney_zombie_walk0.json");
    limber_ok(&["new", s(&sprite), "--rig", s(&rig), "-o", s(&project)]);
    project
}

/// Deterministic pseudo-random bytes (xorshift), so a failure can be reproduced.
fn random_bytes(seed: u64, len: usize) -> Vec<u8> {
    let mut x = seed | 1;
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 24) as u8
        })
        .collect()
}

#[test]
fn empty_and_random_project_and_rig_files_are_refused() {
    let dir = temp_dir("bad-input-files");
    let empty = dir.join("empty.limber");
    std::fs::write(&empty, b"").unwrap();
    refused(&["info", s(&empty)], "empty.limber", "not a limber project");
    refused(
        &["pose", s(&empty), "--clip", "x", "--time", "0"],
        "empty.limber",
        "not a limber project",
    );
    for seed in 1..=8 {
        let random = dir.join(format!("random{seed}.limber"));
        std::fs::write(&random, random_bytes(seed, 4096)).unwrap();
        refused(
            &["info", s(&random)],
            &format!("random{seed}.limber"),
            "not a limber project",
        );
    }
    // Valid JSON, but not a project.
    let other = dir.join("other.limber");
    std::fs::write(&other, br#"{"format":"blender","version":1}"#).unwrap();
    refused(&["info", s(&other)], "other.limber", "blender");

    refused_rig(&dir, "empty.json", "", "not a valid rig");
    refused_rig(
        &dir,
        "random.json",
        &String::from_utf8_lossy(&random_bytes(99, 2048)),
        "not a valid rig",
    );
}

#[test]
fn a_png_over_the_file_size_limit_is_refused_before_it_is_read() {
    let dir = temp_dir("bad-input-big-png");
    // A sparse file: a PNG signature and then 1 GiB + 1 of nothing. Reading it would take 1 GiB.
    let path = dir.join("big.png");
    let file = std::fs::File::create(&path).unwrap();
    use std::io::Write;
    (&file).write_all(&common::png_claiming(64, 64)).unwrap();
    file.set_len((1 << 30) + 1).unwrap();
    drop(file);
    refused(
        &["mesh", s(&path)],
        "big.png",
        "over the 1073741824-byte limit",
    );
    let out = dir.join("big.limber");
    refused(
        &["new", s(&path), "-o", s(&out)],
        "big.png",
        "over the 1073741824-byte limit",
    );
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn a_project_over_the_file_size_limit_is_refused_before_it_is_read() {
    let dir = temp_dir("bad-input-big-project");
    let path = dir.join("big.limber");
    let file = std::fs::File::create(&path).unwrap();
    file.set_len((512 << 20) + 1).unwrap();
    drop(file);
    refused(&["info", s(&path)], "big.limber", "over the");
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn new_refuses_bad_images_naming_them() {
    let dir = temp_dir("bad-input-new-images");
    let out = dir.join("o.limber");
    let write = |name: &str, bytes: &[u8]| {
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        path
    };
    let cases = [
        (write("empty.png", b""), "not a PNG"),
        (write("text.png", b"hello, I am text\n"), "not a PNG"),
        (
            write(
                "truncated.png",
                &std::fs::read(common::sprite("kenney_bee.png")).unwrap()[..2000],
            ),
            "truncated or corrupt",
        ),
        (
            write("huge.png", &common::png_claiming(20_000, 20_000)),
            "over the size limit",
        ),
        (dir.join("missing.png"), "cannot read"),
    ];
    for (path, problem) in &cases {
        let name = path.file_name().unwrap().to_str().unwrap();
        refused(&["new", s(path), "-o", s(&out)], name, problem);
    }
    let transparent = dir.join("transparent.png");
    image::RgbaImage::new(5, 3).save(&transparent).unwrap();
    refused(
        &["new", s(&transparent), "-o", s(&out)],
        "transparent.png",
        "no pixel has alpha",
    );
    assert!(!out.exists());
}

#[test]
fn odd_but_valid_images_give_projects_that_pose() {
    let dir = temp_dir("bad-input-odd-images");
    let rig = dir.join("one.json");
    std::fs::write(
        &rig,
        r#"{"bones":[{"name":"a","head":[0,0],"tail":[1,1]}],
            "clips":[{"name":"turn","duration":1,"keys":[{"bone":"a","time":1,"rotate":90}]}]}"#,
    )
    .unwrap();
    let images: Vec<(&str, image::DynamicImage)> = vec![
        (
            "one_rgba.png",
            image::RgbaImage::from_pixel(1, 1, image::Rgba([9, 9, 9, 255])).into(),
        ),
        (
            "one_grey.png",
            image::GrayImage::from_pixel(1, 1, image::Luma([200])).into(),
        ),
        (
            "grey16.png",
            image::ImageBuffer::<image::Luma<u16>, _>::from_fn(7, 5, |x, _| {
                image::Luma([x as u16 * 9000])
            })
            .into(),
        ),
        (
            "grey_alpha16.png",
            image::ImageBuffer::<image::LumaA<u16>, _>::from_fn(9, 6, |x, y| {
                image::LumaA([1000, if (x + y) % 3 == 0 { 0 } else { 65535 }])
            })
            .into(),
        ),
        (
            "rgba16.png",
            image::ImageBuffer::<image::Rgba<u16>, _>::from_fn(6, 6, |x, _| {
                image::Rgba([1, 2, 3, if x < 3 { 65535 } else { 0 }])
            })
            .into(),
        ),
        (
            "tall_line.png",
            image::RgbaImage::from_pixel(1, 300, image::Rgba([1, 2, 3, 255])).into(),
        ),
    ];
    for (name, img) in images {
        let png = dir.join(name);
        img.save(&png).unwrap();
        let project = dir.join(format!("{name}.limber"));
        limber_ok(&["mesh", s(&png)]);
        limber_ok(&["new", s(&png), "--rig", s(&rig), "-o", s(&project)]);
        let pose = limber_ok(&[
            "pose",
            s(&project),
            "--clip",
            "turn",
            "--time",
            "0.5",
            "--json",
        ]);
        let doc: serde_json::Value = serde_json::from_slice(&pose.stdout).unwrap();
        let positions = doc["parts"][0]["positions"].as_array().unwrap();
        assert!(positions.len() >= 3, "{name}: {positions:?}");
        for p in positions {
            for c in p.as_array().unwrap() {
                assert!(c.as_f64().is_some_and(f64::is_finite), "{name}: {p}");
            }
        }
    }
}

#[test]
fn bad_numbers_in_rigs_are_refused_naming_the_rig() {
    let dir = temp_dir("bad-input-rig-numbers");
    let bone =
        |extra: &str| format!(r#"{{"bones":[{{"name":"a","head":[1,1],"tail":[2,2]{extra}}}]}}"#);
    // JSON has no NaN or infinity; a number too large for f64 is refused by the parser.
    refused_rig(
        &dir,
        "overflow.json",
        r#"{"bones":[{"name":"a","head":[1e999,1],"tail":[2,2]}]}"#,
        "not a valid rig",
    );
    refused_rig(
        &dir,
        "nan.json",
        r#"{"bones":[{"name":"a","head":[NaN,1],"tail":[2,2]}]}"#,
        "not a valid rig",
    );
    refused_rig(
        &dir,
        "tail.json",
        r#"{"bones":[{"name":"a","head":[1,1],"tail":[2,-2e7]}]}"#,
        "out-of-range tail",
    );
    refused_rig(
        &dir,
        "smooth0.json",
        &bone(r#","smoothness":0"#),
        "smoothness",
    );
    refused_rig(
        &dir,
        "smoothneg.json",
        &bone(r#","smoothness":-4"#),
        "smoothness",
    );
    refused_rig(
        &dir,
        "noname.json",
        r#"{"bones":[{"name":" ","head":[1,1],"tail":[2,2]}]}"#,
        "name",
    );
    refused_rig(
        &dir,
        "self.json",
        r#"{"bones":[{"name":"a","parent":"a","head":[1,1],"tail":[2,2]}]}"#,
        "cycle",
    );
    refused_rig(
        &dir,
        "string.json",
        r#"{"bones":[{"name":"a","head":["1",1],"tail":[2,2]}]}"#,
        "not a valid rig",
    );
    // Physics (format version 10): settings out of range, an unknown bone, a taken name.
    let physics = |entry: &str| {
        format!(
            r#"{{"bones":[{{"name":"a","head":[1,1],"tail":[2,2]}}],
                "look_at":[], "physics":[{entry}]}}"#
        )
    };
    for (name, entry) in [
        (
            "damping.json",
            r#"{"name":"p","bone":"a","rotate":1,"damping":1.5}"#,
        ),
        ("fps.json", r#"{"name":"p","bone":"a","rotate":1,"fps":0}"#),
        ("mass.json", r#"{"name":"p","bone":"a","y":1,"mass":0}"#),
    ] {
        refused_rig(&dir, name, &physics(entry), "physics \"p\" needs");
    }
    refused_rig(
        &dir,
        "physics_bone.json",
        &physics(r#"{"name":"p","bone":"tail","rotate":1}"#),
        "physics \"p\" names unknown bone \"tail\"",
    );
    refused_rig(
        &dir,
        "physics_twice.json",
        &physics(r#"{"name":"p","bone":"a","rotate":1},{"name":"p","bone":"a","x":1}"#),
        "two constraints are named \"p\"",
    );
}

#[test]
fn bad_keys_and_clips_are_refused_naming_the_rig() {
    let dir = temp_dir("bad-input-keys");
    let clip = |duration: &str, key: &str| {
        format!(
            r#"{{"bones":[{{"name":"a","head":[48,60],"tail":[48,100]}}],
                "clips":[{{"name":"c","duration":{duration},"keys":[{key}]}}]}}"#
        )
    };
    refused_rig(
        &dir,
        "negative.json",
        &clip("1", r#"{"bone":"a","time":-0.5,"rotate":1}"#),
        "not a finite time from 0",
    );
    refused_rig(
        &dir,
        "late.json",
        &clip("1", r#"{"bone":"a","time":1.5,"rotate":1}"#),
        "not a finite time from 0",
    );
    refused_rig(
        &dir,
        "nantime.json",
        &clip("1", r#"{"bone":"a","time":NaN,"rotate":1}"#),
        "not a valid rig",
    );
    refused_rig(
        &dir,
        "ghost.json",
        &clip("1", r#"{"bone":"ghost","time":0,"rotate":1}"#),
        "unknown bone \"ghost\"",
    );
    refused_rig(
        &dir,
        "zero.json",
        &clip("0", r#"{"bone":"a","time":0,"rotate":1}"#),
        "duration 0 is not a positive number",
    );
    refused_rig(
        &dir,
        "negdur.json",
        &clip("-2", ""),
        "duration -2 is not a positive number",
    );
    refused_rig(
        &dir,
        "twice.json",
        &clip(
            "1",
            r#"{"bone":"a","time":0.5,"rotate":1},{"bone":"a","time":0.5,"rotate":2}"#,
        ),
        "two rotate keys",
    );
    // Finite but absurd values would overflow when interpolated or composed.
    for (name, key) in [
        ("far.json", r#"{"bone":"a","time":0,"translate":[1e308,0]}"#),
        ("spin.json", r#"{"bone":"a","time":0,"rotate":-1e300}"#),
        ("grow.json", r#"{"bone":"a","time":0,"scale":[1,1e242]}"#),
        (
            "handle.json",
            r#"{"bone":"a","time":0,"rotate":1,"interp":[0.5,1e300,0.5,1]}"#,
        ),
    ] {
        refused_rig(
            &dir,
            name,
            &clip("1", key),
            "non-finite or out-of-range value",
        );
    }
    refused_rig(
        &dir,
        "interp.json",
        &clip("1", r#"{"bone":"a","time":0,"rotate":1,"interp":"wobbly"}"#),
        "not a valid rig",
    );
}

#[test]
fn a_rig_whose_bones_do_not_deform_gives_a_project_that_loads() {
    // `new` gives vertices no influence when no bone deforms; loading such a project used to fail
    // ("vertex 0 has 0 influences"), so the work could not be opened again.
    let dir = temp_dir("bad-input-no-deform");
    let rig = dir.join("props.json");
    std::fs::write(
        &rig,
        r#"{"bones":[{"name":"prop","head":[48,60],"tail":[48,100],"deform":false}],
            "clips":[{"name":"c","duration":1,"keys":[{"bone":"prop","time":1,"rotate":30}]}]}"#,
    )
    .unwrap();
    let sprite = common::sprite("kenney_zombie_walk0.png");
    let project = dir.join("props.limber");
    limber_ok(&["new", s(&sprite), "--rig", s(&rig), "-o", s(&project)]);
    limber_ok(&["info", s(&project)]);
    let loaded = limber::core::project::Project::load(&project).unwrap();
    assert!(loaded.parts[0].binding.vertices.iter().all(Vec::is_empty));
    // And it can be edited (edits are checked as loading checks them).
    let mut edited = loaded.clone();
    limber::core::edit::apply(
        &mut edited,
        limber::core::edit::Edit::RenameBone {
            from: "prop".into(),
            to: "lamp".into(),
        },
    )
    .unwrap();
    assert_eq!(edited.rig.skeleton.bones[0].name, "lamp");
    let pose = limber_ok(&["pose", s(&project), "--clip", "c", "--time", "1", "--json"]);
    let doc: serde_json::Value = serde_json::from_slice(&pose.stdout).unwrap();
    let rest = &loaded.parts[0].mesh.positions;
    let posed = doc["parts"][0]["positions"].as_array().unwrap();
    for (r, p) in rest.iter().zip(posed) {
        assert_eq!(
            [p[0].as_f64().unwrap(), p[1].as_f64().unwrap()],
            *r,
            "unweighted vertices stay"
        );
    }
}

#[test]
fn unknown_clips_are_refused_by_every_command_that_takes_one() {
    let dir = temp_dir("bad-input-clips");
    let project = zombie(&dir);
    refused(
        &["pose", s(&project), "--clip", "dance", "--time", "0"],
        "zombie.limber",
        "no clip named \"dance\" (clips: shamble, wave)",
    );
    refused(
        &["pose", s(&project), "--clip", "wave", "--time", "NaN"],
        "--time",
        "not a finite number",
    );
}

#[test]
fn a_project_whose_image_is_missing_is_refused_by_every_command_that_reads_it() {
    let dir = temp_dir("bad-input-moved");
    let image = dir.join("hero.png");
    std::fs::copy(common::sprite("kenney_zombie_walk0.png"), &image).unwrap();
    let rig = root().join("assets/rigs/kenney_zombie_walk0.json");
    let project = dir.join("hero.limber");
    limber_ok(&["new", s(&image), "--rig", s(&rig), "-o", s(&project)]);
    std::fs::remove_file(&image).unwrap();
    refused(&["info", s(&project)], "hero.limber", "hero.png");
    refused(
        &["pose", s(&project), "--clip", "wave", "--time", "0"],
        "hero.limber",
        "not found",
    );
    let glb = dir.join("hero.glb");
    refused(
        &["export", s(&project), "--gltf", s(&glb)],
        "hero.limber",
        "hero.png",
    );
    assert!(!glb.exists());
    // An image replaced by something that is not a PNG.
    std::fs::write(&image, b"not a png").unwrap();
    refused(
        &["pose", s(&project), "--clip", "wave", "--time", "0"],
        "hero.png",
        "not a PNG",
    );
}

#[test]
fn unwritable_outputs_are_refused_naming_them() {
    let dir = temp_dir("bad-input-outputs");
    let project = zombie(&dir);
    let sprite = common::sprite("kenney_zombie_walk0.png");
    let blocker = dir.join("a-file");
    std::fs::write(&blocker, b"x").unwrap();
    let under_file = blocker.join("out.svg");
    refused(
        &["mesh", s(&sprite), "--svg", s(&under_file)],
        s(&under_file),
        "cannot write",
    );
    let under_file_glb = blocker.join("out.glb");
    refused(
        &["export", s(&project), "--gltf", s(&under_file_glb)],
        s(&under_file_glb),
        "",
    );
    // A missing folder is not unwritable: every export makes it.
    let missing_folder = dir.join("no-such-folder/out.gltf");
    limber_ok(&["export", s(&project), "--gltf", s(&missing_folder)]);
    assert!(missing_folder.is_file());
    // The project itself as a folder's name: `new -o` onto a path that is a folder.
    refused(&["new", s(&sprite), "-o", s(&dir)], s(&dir), "cannot write");
}

#[test]
fn open_on_a_layered_file_that_is_not_there_is_one_line_before_any_window() {
    let dir = temp_dir("open-missing-layered");
    let missing = dir.join("gone.psd");
    refused(&["open", s(&missing)], "gone.psd", "no such file");
}
