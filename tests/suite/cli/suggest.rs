//! `limber rig IMAGE --suggest -o RIG.json`: the written rig parses as RIG.json, `limber new --rig`
//! takes it, and bad input is one line naming the file, a non-zero exit and nothing written.

use crate::common;

use std::path::Path;

use limber::core::project::Project;
use limber::core::rig::{RigFile, load_rig};

use common::{limber, limber_new, limber_new_with, limber_ok, limber_ok_with};

fn s(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 path")
}

/// The RIG.json `limber rig` wrote at `path`.
fn written_rig(path: &Path) -> RigFile {
    serde_json::from_str(&std::fs::read_to_string(path).expect("written")).expect("RIG.json")
}

/// The female silhouette: a hand on the hip, the other arm hanging against the body.
fn silhouette() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/figures/oc_silhouette_female_512h.png")
}

#[test]
fn a_suggested_rig_is_rig_json_that_new_accepts() {
    let dir = common::temp_dir("suggest_rig");
    let sprite = common::sprite("kenney_zombie_walk0.png");
    let rig_path = dir.join("zombie_rig.json");
    let out = limber_ok(&["rig", s(&sprite), "--suggest", "-o", s(&rig_path)]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains(" bones") && stdout.contains("suggested for"),
        "{stdout}"
    );
    let text = std::fs::read_to_string(&rig_path).expect("the rig was written");
    let file: RigFile = serde_json::from_str(&text).expect("RIG.json");
    assert!(file.bones.len() >= 3, "{} bones", file.bones.len());
    assert_eq!(file.bones.iter().filter(|b| b.parent.is_none()).count(), 1);
    let rig = load_rig(&rig_path).expect("a valid rig");
    assert_eq!(rig.skeleton.bones.len(), file.bones.len());
    // Mesh options reach the suggestion: a threshold no pixel reaches is refused.
    let refused = limber(&[
        "rig",
        s(&sprite),
        "--suggest",
        "--alpha-threshold",
        "1.5",
        "-o",
        s(&dir.join("never.json")),
    ]);
    assert_ne!(refused.status.code(), Some(0));
    assert!(!dir.join("never.json").exists());

    let project_path = dir.join("zombie.limber");
    limber_new(&sprite, &rig_path, &project_path);
    let project = Project::load(&project_path).expect("the project loads");
    assert_eq!(project.rig.skeleton.bones.len(), file.bones.len());
}

#[test]
fn a_hand_on_the_hip_is_cut_in_rig_json_and_new_splits_the_mesh_along_it() {
    let dir = common::temp_dir("suggest_contact");
    let figure = silhouette();
    let rig_path = dir.join("rig.json");
    let out = limber_ok(&["rig", s(&figure), "--suggest", "-o", s(&rig_path)]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("and 2 cuts where the drawing touches itself suggested"),
        "{stdout}"
    );
    let file = written_rig(&rig_path);
    // One at the wrist of the hand on the hip, one along the inner edge of the other arm, which
    // hangs against the body.
    assert_eq!(file.cuts.len(), 2, "{:?}", file.cuts);
    assert!(file.bones.iter().any(|b| b.name == "arm_upper_l"));
    // `new` takes the rig and splits the mesh along the cut: more vertices than without it.
    let plain = dir.join("plain.limber");
    limber_ok(&["new", s(&figure), "-o", s(&plain)]);
    let project_path = dir.join("figure.limber");
    limber_new(&figure, &rig_path, &project_path);
    let project = Project::load(&project_path).expect("the project loads");
    assert_eq!(project.rig.cuts, file.cuts);
    let plain = Project::load(&plain).expect("the plain project loads");
    assert!(
        project.parts[0].mesh.positions.len() > plain.parts[0].mesh.positions.len(),
        "the mesh splits along the cut"
    );
}

#[test]
fn suggested_cuts_over_the_cut_points_budget_are_left_out_and_the_bones_kept() {
    let dir = common::temp_dir("suggest_cut_budget");
    let figure = silhouette();
    let rig_path = dir.join("rig.json");
    let budget = [("LIMBER_MAX_CUT_POINTS", "3")];
    let out = limber_ok_with(
        &["rig", s(&figure), "--suggest", "-o", s(&rig_path)],
        &budget,
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("2 suggested cut(s) left out: ") && stdout.contains("over the limit of 3"),
        "{stdout}"
    );
    let file = written_rig(&rig_path);
    assert!(file.cuts.is_empty(), "{:?}", file.cuts);
    assert!(file.bones.iter().any(|b| b.name == "arm_upper_l"));
    // The rig written loads under the same budget.
    let project_path = dir.join("figure.limber");
    limber_new_with(&figure, &rig_path, &project_path, &budget);
}

#[test]
fn bad_input_is_one_line_and_writes_nothing() {
    let dir = common::temp_dir("suggest_bad");
    let out_path = dir.join("rig.json");
    let missing = dir.join("missing.png");
    let transparent = dir.join("transparent.png");
    image::RgbaImage::new(32, 24)
        .save(&transparent)
        .expect("a transparent PNG");
    for (input, problem) in [(&missing, "cannot read"), (&transparent, "no pixel")] {
        let out = limber(&["rig", s(input), "--suggest", "-o", s(&out_path)]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_ne!(out.status.code(), Some(0), "{stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(
            stderr.contains(s(input)) && stderr.contains(problem),
            "{stderr}"
        );
        assert!(
            !out_path.exists(),
            "nothing written for {}",
            input.display()
        );
    }
    // Without --suggest there is nothing to do yet: clap says so.
    let out = limber(&["rig", s(&transparent), "-o", s(&out_path)]);
    assert_ne!(out.status.code(), Some(0));
    assert!(!out_path.exists());
}

#[test]
fn a_project_is_read_across_its_parts() {
    let dir = common::temp_dir("suggest_project");
    let sprite = common::sprite("kenney_zombie_walk0.png");
    let project_path = dir.join("zombie.limber");
    limber_ok(&["new", s(&sprite), "-o", s(&project_path)]);
    let rig_path = dir.join("rig.json");
    let out = limber_ok(&["rig", s(&project_path), "--suggest", "-o", s(&rig_path)]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains(" bones") && stdout.contains("suggested for"),
        "{stdout}"
    );
    let file = written_rig(&rig_path);
    assert!(
        file.bones.iter().any(|b| b.name == "head"),
        "{:?}",
        file.bones
    );
    // The project itself is an input: writing over it is refused.
    let before = std::fs::read(&project_path).expect("the project");
    let refused = limber(&["rig", s(&project_path), "--suggest", "-o", s(&project_path)]);
    assert_ne!(refused.status.code(), Some(0));
    assert_eq!(std::fs::read(&project_path).expect("the project"), before);
}

/// `blobs.png` in `dir`: a `width` x `height` image of round blobs of radius 9, one every 40 px.
fn blobs_png(dir: &std::path::Path, width: u32, height: u32) -> std::path::PathBuf {
    let image = image::RgbaImage::from_fn(width, height, |x, y| {
        let (cx, cy) = ((x / 40) * 40 + 20, (y / 40) * 40 + 20);
        let (dx, dy) = (x as f64 + 0.5 - cx as f64, y as f64 + 0.5 - cy as f64);
        image::Rgba([50, 90, 200, if dx.hypot(dy) <= 9.0 { 255 } else { 0 }])
    });
    let png = dir.join("blobs.png");
    image.save(&png).expect("blobs.png");
    png
}

/// Issue 28: 5000 blobs on 4000 x 2000 once made 5000 bones in 42 s, a rig `new` refused. Under a
/// lowered bone budget (LIMBER_MAX_BONES=50) the rig keeps to it, says what it left out, and `new`
/// takes it.
#[test]
fn many_blobs_keep_to_the_bone_budget() {
    let dir = common::temp_dir("suggest_blobs");
    let png = blobs_png(&dir, 4000, 2000);
    let rig_path = dir.join("blobs_rig.json");
    let out = limber_ok_with(
        &["rig", s(&png), "--suggest", "-o", s(&rig_path)],
        &[("LIMBER_MAX_BONES", "50")],
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("50-bone budget"), "{stdout}");
    let file = written_rig(&rig_path);
    assert!(
        file.bones.len() <= 50 && !file.bones.is_empty(),
        "{} bones",
        file.bones.len()
    );
    let project_path = dir.join("blobs.limber");
    limber_new_with(
        &png,
        &rig_path,
        &project_path,
        &[("LIMBER_MAX_BONES", "50")],
    );
}

/// Issue 39 item 7: the suggestion keeps to the weights budget (bones × image pixels) too, so
/// `new --rig` always accepts it: 50 blobs on 400 x 200 under a budget of 12 bones' worth of
/// pixels give at most 12 bones, and `new` takes them under the same budget.
#[test]
fn a_suggestion_keeps_to_the_weights_budget_so_new_accepts_it() {
    let dir = common::temp_dir("suggest_weights_budget");
    let png = blobs_png(&dir, 400, 200);
    let budget = (400 * 200 * 12).to_string();
    let envs = [("LIMBER_MAX_WEIGHT_BONE_PIXELS", budget.as_str())];
    let rig_path = dir.join("blobs_rig.json");
    limber_ok_with(&["rig", s(&png), "--suggest", "-o", s(&rig_path)], &envs);
    let file = written_rig(&rig_path);
    assert!(
        (1..=12).contains(&file.bones.len()),
        "{} bones for a 12-bone weights budget",
        file.bones.len()
    );
    let project_path = dir.join("blobs.limber");
    limber_new_with(&png, &rig_path, &project_path, &envs);
}
