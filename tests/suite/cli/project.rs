//! `limber new` and `limber info`: the project contract, the version-1 fixture, and bad input.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Output;

use limber::core::project::Project;

use common::{limber, limber_ok};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn assert_one_line_error(out: &Output, names: &str, problem: &str) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains(names) && stderr.contains(problem),
        "expected {names:?} and {problem:?} in {stderr}"
    );
}

fn new_zombie(dir: &Path, extra: &[&str]) -> PathBuf {
    let out_path = dir.join("zombie.limber");
    let sprite = common::sprite("kenney_zombie_walk0.png");
    let rig = root().join("assets/rigs/kenney_zombie_walk0.json");
    let mut args = vec!["new", s(&sprite), "--rig", s(&rig), "-o", s(&out_path)];
    args.extend_from_slice(extra);
    limber_ok(&args);
    out_path
}

#[test]
fn new_then_info_json_gives_bones_parts_and_exact_weights() {
    let dir = common::temp_dir("info");
    let svg = dir.join("weights.svg");
    let project = new_zombie(&dir, &["--svg", s(&svg)]);
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(
        picture.starts_with("<svg") && picture.matches("<line").count() == 2 * 7,
        "seven bones drawn"
    );
    assert!(
        picture.contains("fill-opacity"),
        "triangles tinted by weight"
    );
    let out = limber(&["info", s(&project), "--json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let bones = doc["bones"].as_array().unwrap();
    assert_eq!(bones.len(), 7);
    assert_eq!(bones[0]["name"], "hip");
    assert!(bones[0]["parent"].is_null());
    assert_eq!(bones[1]["parent"], "hip");
    let part = &doc["parts"][0];
    let vertices = part["vertices"].as_array().unwrap();
    let influences = part["influences"].as_array().unwrap();
    assert_eq!(vertices.len(), influences.len());
    assert!(!part["triangles"].as_array().unwrap().is_empty());
    for list in influences {
        let pairs = list.as_array().unwrap();
        assert!((1..=4).contains(&pairs.len()));
        let total: f64 = pairs.iter().map(|p| p[1].as_f64().unwrap()).sum();
        assert!(
            (total - 1.0).abs() <= 1e-12,
            "weights printed in full precision sum to {total}"
        );
        assert!(pairs.iter().all(|p| p[0].as_u64().unwrap() < 7));
    }
    let clips = doc["clips"].as_array().unwrap();
    assert_eq!(clips.len(), 2);
    assert_eq!(
        (clips[1]["name"].as_str(), clips[1]["duration"].as_f64()),
        (Some("wave"), Some(1.0))
    );

    let summary = limber(&["info", s(&project)]);
    let text = String::from_utf8(summary.stdout).unwrap();
    assert!(
        text.contains("7 bones") && text.contains("1 part (") && text.contains("2 clips"),
        "{text}"
    );
}

#[test]
fn new_prints_distance_and_weights_timings_and_saves_the_same_bytes_twice() {
    let dir = common::temp_dir("timings");
    let sprite = common::sprite("kenney_zombie_walk0.png");
    let rig = root().join("assets/rigs/kenney_zombie_walk0.json");
    let path = dir.join("z.limber");
    let args = [
        "new",
        s(&sprite),
        "--rig",
        s(&rig),
        "-o",
        s(&path),
        "--metric",
        "dijkstra8",
        "--smoothness",
        "9",
    ];
    let out = limber(&[&args[..], &["--timings"]].concat());
    assert!(out.status.success());
    let stderr = String::from_utf8(out.stderr).unwrap();
    for stage in [
        "decode",
        "mask",
        "trace",
        "simplify",
        "triangulate",
        "distance",
        "weights",
    ] {
        assert!(
            stderr
                .lines()
                .any(|l| l.starts_with(&format!("timing: {stage} "))),
            "{stage} missing: {stderr}"
        );
    }
    let first = std::fs::read(&path).unwrap();
    assert!(limber(&args).status.success());
    assert!(
        std::fs::read(&path).unwrap() == first,
        "saving twice gives the same bytes"
    );
    // The previous version was kept as a backup.
    assert!(dir.join("z.limber.bak").exists());
    // Loading and saving again gives the same bytes too.
    let loaded = Project::load(&path).unwrap();
    assert!(loaded.to_bytes() == first);
}

#[test]
fn the_version_1_fixture_keeps_loading() {
    let fixture = root().join("tests/fixtures/key_v1.limber");
    let project = Project::load(&fixture).unwrap();
    assert_eq!(project.rig.skeleton.bones.len(), 2);
    assert_eq!(project.rig.skeleton.bones[1].smoothness, Some(12.0));
    assert_eq!(
        project.parts[0].mesh.hole_count, 1,
        "the key's ring keeps its hole"
    );
    let image = project.image_path(&fixture, 0);
    assert!(!project.parts[0].is_stale(&std::fs::read(image).unwrap()));
    let out = limber(&["info", s(&fixture)]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn bad_projects_and_rigs_get_one_clear_line() {
    let dir = common::temp_dir("bad");
    let write = |name: &str, text: &str| {
        let p = dir.join(name);
        std::fs::write(&p, text).unwrap();
        p
    };
    let fixture = std::fs::read_to_string(root().join("tests/fixtures/key_v1.limber")).unwrap();

    let not_json = write("text.limber", "hello");
    assert_one_line_error(
        &limber(&["info", s(&not_json)]),
        "text.limber",
        "not a limber project",
    );
    let truncated = write("truncated.limber", &fixture[..fixture.len() / 2]);
    assert_one_line_error(
        &limber(&["info", s(&truncated)]),
        "truncated.limber",
        "not a limber project",
    );
    let future = write(
        "future.limber",
        &fixture.replacen(
            "\"version\":1",
            &format!("\"version\":{}", limber::core::project::FORMAT_VERSION + 1),
            1,
        ),
    );
    assert_one_line_error(
        &limber(&["info", s(&future)]),
        "future.limber",
        "newer limber",
    );
    // Versions this build cannot read: named as written in one line, never a parser's `u32`.
    let newest = limber::core::project::FORMAT_VERSION;
    for (version, expected) in [
        (
            "4294967296".to_string(),
            "newer limber: file version 4294967296".to_string(),
        ),
        (
            "1e30".to_string(),
            "newer limber: file version 1e+30".to_string(),
        ),
        (
            format!("{}", newest + 1),
            format!("this build reads up to {newest}"),
        ),
        (
            "-1".to_string(),
            "file version -1 is not a version".to_string(),
        ),
        (
            "2.5".to_string(),
            "file version 2.5 is not a version".to_string(),
        ),
        (
            "\"7\"".to_string(),
            "file version \"7\" is not a version".to_string(),
        ),
        ("0".to_string(), "file version 0 does not exist".to_string()),
    ] {
        let file = write(
            "versioned.limber",
            &fixture.replacen("\"version\":1", &format!("\"version\":{version}"), 1),
        );
        let out = limber(&["info", s(&file)]);
        assert_one_line_error(&out, "versioned.limber", &expected);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.contains("u32"), "{version}: {stderr}");
    }
    let moved = write("moved.limber", &fixture);
    assert_one_line_error(&limber(&["info", s(&moved)]), "moved.limber", "not found");
    // The first triangle's first index pointed past the last vertex.
    let at = fixture.find("\"triangles\":[[").unwrap() + "\"triangles\":[[".len();
    let digits = fixture[at..].find(',').unwrap();
    let bad_index = write(
        "index.limber",
        &format!("{}9999{}", &fixture[..at], &fixture[at + digits..]),
    );
    assert_one_line_error(&limber(&["info", s(&bad_index)]), "index.limber", "invalid");
    assert_one_line_error(
        &limber(&["info", s(&dir.join("absent.limber"))]),
        "absent.limber",
        "cannot read",
    );

    let sprite = common::sprite("kenney_zombie_walk0.png");
    let out = dir.join("o.limber");
    let bad_rigs = [
        (
            "cycle.json",
            r#"{"bones":[{"name":"a","parent":"b","head":[1,1],"tail":[2,2]},{"name":"b","parent":"a","head":[1,1],"tail":[2,2]}]}"#,
            "cycle",
        ),
        (
            "dup.json",
            r#"{"bones":[{"name":"a","head":[1,1],"tail":[2,2]},{"name":"a","head":[1,1],"tail":[2,2]}]}"#,
            "two bones are named",
        ),
        (
            "ghost.json",
            r#"{"bones":[{"name":"a","parent":"ghost","head":[1,1],"tail":[2,2]}]}"#,
            "unknown parent",
        ),
        (
            "huge.json",
            r#"{"bones":[{"name":"a","head":[1e300,1],"tail":[2,2]}]}"#,
            "out-of-range head",
        ),
        ("text.json", "bones: a, b", "not a valid rig"),
    ];
    for (name, text, problem) in bad_rigs {
        let rig = write(name, text);
        let run = limber(&["new", s(&sprite), "--rig", s(&rig), "-o", s(&out)]);
        assert_one_line_error(&run, name, problem);
    }
    assert_one_line_error(
        &limber(&[
            "new",
            s(&sprite),
            "--rig",
            s(&dir.join("none.json")),
            "-o",
            s(&out),
        ]),
        "none.json",
        "cannot read",
    );
    assert_one_line_error(
        &limber(&["new", s(&sprite), "--smoothness=-3", "-o", s(&out)]),
        "smoothness",
        "positive",
    );
    assert_one_line_error(
        &limber(&["new", s(&sprite), "-o", "/nonexistent-dir/x.limber"]),
        "/nonexistent-dir/x.limber",
        "cannot save",
    );
    assert!(!out.exists(), "no project is written after an error");
}

#[test]
fn a_zero_length_bone_far_outside_the_image_is_accepted() {
    let dir = common::temp_dir("far");
    let rig = dir.join("far.json");
    std::fs::write(&rig, r#"{"bones":[{"name":"body","head":[48,40],"tail":[48,110]},{"name":"far","head":[5000,-3000],"tail":[5000,-3000]}]}"#).unwrap();
    let sprite = common::sprite("kenney_zombie_walk0.png");
    let out = dir.join("far.limber");
    let run = limber(&["new", s(&sprite), "--rig", s(&rig), "-o", s(&out)]);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let project = Project::load(&out).unwrap();
    limber::core::weights::check_binding(&project.parts[0].binding, 2).unwrap();
}

#[test]
fn a_changed_image_is_reported_and_its_part_rebuilt_rather_than_used_stale() {
    let dir = common::temp_dir("stale");
    let image = dir.join("hero.png");
    std::fs::copy(common::sprite("kenney_zombie_walk0.png"), &image).unwrap();
    let rig = root().join("assets/rigs/kenney_zombie_walk0.json");
    let project = dir.join("hero.limber");
    limber_ok(&["new", s(&image), "--rig", s(&rig), "-o", s(&project)]);
    let stored = Project::load(&project).unwrap().parts[0]
        .mesh
        .positions
        .len();

    // The artist repaints the sprite (here: another character of the same size).
    std::fs::copy(common::sprite("kenney_robot_jump.png"), &image).unwrap();
    let info = limber_ok(&["info", s(&project)]);
    assert!(
        String::from_utf8_lossy(&info.stdout).contains("image changed since its mesh was made")
    );
    let pose = limber_ok(&[
        "pose",
        s(&project),
        "--clip",
        "shamble",
        "--time",
        "0.3",
        "--json",
    ]);
    assert!(String::from_utf8_lossy(&pose.stderr).contains("rebuilt mesh and weights"));
    let doc: serde_json::Value = serde_json::from_slice(&pose.stdout).unwrap();
    let rebuilt = doc["parts"][0]["positions"].as_array().unwrap().len();
    assert_ne!(
        rebuilt, stored,
        "the new image's mesh is used, not the stored one"
    );
}

#[test]
fn a_changed_image_carries_the_parts_deform_keys_to_its_rebuilt_mesh() {
    use limber::core::animation::{DeformRecord, Interpolation, PartKeyRecord};
    use limber::core::derived::refresh_stale_parts;
    use limber::core::edit::{Edit, apply};

    let dir = common::temp_dir("stale_deform");
    let image = dir.join("hero.png");
    std::fs::copy(common::sprite("kenney_zombie_walk0.png"), &image).unwrap();
    let rig = root().join("assets/rigs/kenney_zombie_walk0.json");
    let path = dir.join("hero.limber");
    limber_ok(&["new", s(&image), "--rig", s(&rig), "-o", s(&path)]);
    // A deform key moving every vertex of the part by (3, −2) px at 0.3 s of the first clip.
    let mut project = Project::load(&path).unwrap();
    let count = project.parts[0].mesh.positions.len();
    let mut clip = project.rig.clips[0].to_record();
    clip.parts.push(PartKeyRecord {
        part: project.parts[0].name.clone(),
        time: 0.3,
        draw_order: None,
        visible: None,
        deform: Some(DeformRecord {
            vertices: (0..count as u32).collect(),
            offsets: vec![[3.0, -2.0]; count],
        }),
        interp: Interpolation::default(),
    });
    let name = clip.name.clone();
    apply(&mut project, Edit::ReplaceClip { name, clip }).unwrap();
    project.parts[0].mesh_edited = true;
    project.save(&path).unwrap();

    // The artist repaints the sprite: the rebuilt mesh has other vertices, and the key follows them.
    std::fs::copy(common::sprite("kenney_robot_jump.png"), &image).unwrap();
    let mut project = Project::load(&path).unwrap();
    let rebuilt = refresh_stale_parts(&mut project, &path).expect("the part is rebuilt");
    assert_eq!(rebuilt.len(), 1);
    assert_eq!(rebuilt[0].part, project.parts[0].name);
    // A hand-edited mesh cannot survive a new image: it is rebuilt from the settings, and said.
    assert!(rebuilt[0].hand_edits_replaced);
    assert!(rebuilt[0].note().contains("hand-edited mesh is replaced"));
    assert!(!project.parts[0].mesh_edited);
    let new_count = project.parts[0].mesh.positions.len();
    assert_ne!(new_count, count);
    let key = &project.rig.clips[0].part_keys()[0];
    let deform = key.deform.as_ref().expect("the deform key survives");
    assert!(deform.vertices.iter().all(|&v| (v as usize) < new_count));
    // A uniform offset blends to itself wherever a new vertex lies.
    assert!(
        deform.vertices.len() > new_count / 2,
        "{} of {new_count}",
        deform.vertices.len()
    );
    for offset in &deform.offsets {
        assert!((offset[0] - 3.0).abs() < 1e-9 && (offset[1] + 2.0).abs() < 1e-9);
    }
    // And the CLI renders the changed project instead of refusing it.
    let pose = limber_ok(&["pose", s(&path), "--clip", "shamble", "--time", "0.3"]);
    assert!(String::from_utf8_lossy(&pose.stderr).contains("rebuilt mesh and weights"));
}
