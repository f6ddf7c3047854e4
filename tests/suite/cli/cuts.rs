//! Cuts through the command line (issue 37, item 1): `limber new --rig` with a RIG.json whose
//! `cuts` go round the hand of a figure resting it on the hip splits the mesh along them and says
//! so, the project keeps them (`limber info` counts them), and a bad cut is refused in one line
//! naming the rig file.

use std::path::{Path, PathBuf};

use limber::core::project::Project;

use crate::common::{self, limber, limber_ok};

fn figure() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/figures/oc_silhouette_male_512h.png")
}

const BONES: &str = r#"[
 {"name": "spine", "head": [90, 222], "tail": [88, 72]},
 {"name": "upper_arm_l", "parent": "spine", "head": [123, 88], "tail": [165, 150]},
 {"name": "forearm_l", "parent": "upper_arm_l", "head": [165, 150], "tail": [105, 185]},
 {"name": "thigh", "parent": "spine", "head": [90, 222], "tail": [85, 335]}]"#;

const CUT: &str = "[[120, 161], [117.5, 168], [115.5, 171], [87.5, 192], [90, 199], \
                   [101, 204.5], [112, 188], [119, 186.5], [124, 187]]";

fn write_rig(dir: &Path, name: &str, cuts: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, format!(r#"{{"bones": {BONES}, "cuts": {cuts}}}"#)).unwrap();
    path
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn new_splits_the_mesh_along_the_rigs_cuts_and_the_project_keeps_them() {
    let dir = common::temp_dir("cli-cuts");
    let (figure, cut_rig, open_rig) = (
        figure(),
        write_rig(&dir, "cut.json", &format!("[{CUT}]")),
        write_rig(&dir, "open.json", "[]"),
    );
    let (cut_out, open_out) = (dir.join("cut.limber"), dir.join("open.limber"));
    let said = limber_ok(&["new", s(&figure), "--rig", s(&cut_rig), "-o", s(&cut_out)]);
    let said = String::from_utf8_lossy(&said.stdout);
    assert!(said.contains("split along 1 cut(s)"), "{said}");
    limber_ok(&["new", s(&figure), "--rig", s(&open_rig), "-o", s(&open_out)]);
    let (cut, open) = (
        Project::load(&cut_out).unwrap(),
        Project::load(&open_out).unwrap(),
    );
    assert_eq!(cut.rig.cuts.len(), 1);
    assert!(open.rig.cuts.is_empty());
    // The cut's vertices are doubled, one per side: the open mesh has no two at one place.
    let doubled = |project: &Project| {
        let positions = &project.parts[0].mesh.positions;
        let mut seen = std::collections::HashSet::new();
        positions
            .iter()
            .filter(|p| !seen.insert((p[0].to_bits(), p[1].to_bits())))
            .count()
    };
    assert!(doubled(&cut) >= 6, "{} doubled vertices", doubled(&cut));
    assert_eq!(doubled(&open), 0);
    let info = limber_ok(&["info", s(&cut_out)]);
    let info = String::from_utf8_lossy(&info.stdout);
    assert!(info.contains(", 1 cut"), "{info}");
    // (The folder's name holds "cuts": look for the count's own words.)
    let info = limber_ok(&["info", s(&open_out)]);
    let info = String::from_utf8_lossy(&info.stdout);
    assert!(!info.contains(" cut"), "{info}");
}

#[test]
fn a_bad_cut_is_refused_in_one_line_naming_the_rig() {
    let dir = common::temp_dir("cli-bad-cut");
    let rig = write_rig(&dir, "bad.json", "[[[1, 2]]]");
    let out_path = dir.join("bad.limber");
    let out = limber(&["new", s(&figure()), "--rig", s(&rig), "-o", s(&out_path)]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("bad.json") && stderr.contains("cut 1 has 1 point(s)"),
        "{stderr}"
    );
    assert!(!out_path.exists());
}
