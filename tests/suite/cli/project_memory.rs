//! Projects whose values would take too much memory once read (issue 39, round 3: `info` on a
//! 505 MB project of bounding boxes peaked at 3.5 GB before it refused the file for its slots): the
//! loader estimates the parsed size before parsing and refuses past its budget, and `new` never
//! writes a project the loader would refuse.

use std::path::{Path, PathBuf};

use image::{Rgba, RgbaImage};

use super::hostile_inputs::limber_within;
use crate::common::temp_dir;

/// A budget the boxes project passes by far in bytes of file, but not in estimated memory.
const SMALL_BUDGET: [(&str, &str); 1] = [("LIMBER_MAX_PROJECT_PARSED_BYTES", "2000000")];

fn s(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// A RIG.json of one bone and `slots` slots, each a bounding box of `vertices` vertices.
fn boxes_rig(dir: &Path, slots: usize, vertices: usize) -> PathBuf {
    let polygon: Vec<[f64; 2]> = (0..vertices)
        .map(|k| {
            let a = k as f64 / vertices as f64 * std::f64::consts::TAU;
            [16.0 + 10.0 * a.cos(), 16.0 + 10.0 * a.sin()]
        })
        .collect();
    let slots: Vec<serde_json::Value> = (0..slots)
        .map(|i| {
            serde_json::json!({
                "name": format!("box{i}"),
                "draw_order": i + 1,
                "attachments": [{"name": "b", "type": "boundingbox", "bone": "root",
                                 "vertices": polygon}],
            })
        })
        .collect();
    let rig = serde_json::json!({
        "bones": [{"name": "root", "head": [16, 31], "tail": [16, 1]}],
        "slots": slots,
    });
    let path = dir.join(format!("boxes-{}.json", slots.len()));
    std::fs::write(&path, serde_json::to_vec(&rig).unwrap()).unwrap();
    path
}

fn project_from(dir: &Path, rig: &Path, name: &str, env: &[(&str, &str)]) -> (PathBuf, String) {
    let body = dir.join("body.png");
    RgbaImage::from_pixel(32, 32, Rgba([90, 60, 30, 255]))
        .save(&body)
        .unwrap();
    let project = dir.join(name);
    let out = limber_within(&["new", s(&body), "--rig", s(rig), "-o", s(&project)], env);
    (project, String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn a_project_whose_values_would_take_too_much_memory_is_refused_before_it_is_parsed() {
    let dir = temp_dir("project-memory");
    // 100 boxes of 1,000 vertices: about 4 MB estimated (40 bytes a vertex), a 1.5 MB file.
    let (large, stderr) = project_from(&dir, &boxes_rig(&dir, 100, 1000), "large.limber", &[]);
    assert!(large.exists(), "{stderr}");
    let ok = limber_within(&["info", s(&large)], &[]);
    assert!(
        ok.status.success(),
        "{}",
        String::from_utf8_lossy(&ok.stderr)
    );
    let refused = limber_within(&["info", s(&large)], &SMALL_BUDGET);
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert_eq!(refused.status.code(), Some(1), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains(s(&large))
            && stderr.contains("would take over 2,000,000 bytes of memory once read"),
        "{stderr}"
    );
    // An ordinary project, long enough to be walked, loads under the same budget.
    let (small, stderr) = project_from(&dir, &boxes_rig(&dir, 20, 100), "small.limber", &[]);
    assert!(
        std::fs::metadata(&small).unwrap().len() * 160 > 2_000_000,
        "{stderr}"
    );
    let ok = limber_within(&["info", s(&small)], &SMALL_BUDGET);
    assert!(
        ok.status.success(),
        "{}",
        String::from_utf8_lossy(&ok.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn new_does_not_write_a_project_that_could_not_be_opened_again() {
    let dir = temp_dir("project-memory-new");
    let rig = boxes_rig(&dir, 100, 1000);
    let (project, stderr) = project_from(&dir, &rig, "p.limber", &SMALL_BUDGET);
    assert!(!project.exists(), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains(s(&project)) && stderr.contains("so it could not be opened again"),
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
