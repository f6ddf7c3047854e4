//! Lean Spine exports (issue 38, item 6), checked by spine-core 4.2: by default the JSON is compact,
//! every number has at most the digits a 32-bit float holds (positions to 1e-4 px, UVs to 1/256
//! texel), influences under 0.01 are left out and each vertex's weights still sum to exactly 1 in
//! decimals. With every influence kept (`--min-weight 0`) the runtime skins the lean numbers as
//! limber does within 0.01 px; the default pruning's largest change is measured and bounded.

use crate::common;
use crate::common::gltf_support::projects::{Kind, make};
use crate::common::spine_json::{meshes, weights_per_vertex};

use std::path::Path;

use serde_json::Value;

use super::spine_runtime::{export, max_error_within, require_tooling, thirty_layer_project};

/// The most a vertex may move in the runtime when influences under 0.01 are pruned, on these rigs.
const PRUNED_BOUND_PX: f64 = 2.0;

/// The most significant digits of any number written in `text`.
fn most_digits(text: &str) -> usize {
    let mut most = 0;
    let mut digits = String::new();
    let mut in_string = false;
    let mut previous = ' ';
    for c in text.chars() {
        if c == '"' && previous != '\\' {
            in_string = !in_string;
        }
        previous = c;
        if in_string {
            continue;
        }
        if c.is_ascii_digit() {
            digits.push(c);
        } else if c != '.' && c != '-' {
            if c == 'e' || c == 'E' {
                most = most.max(digits.trim_start_matches('0').len());
            }
            most = most.max(digits.trim_start_matches('0').trim_end_matches('0').len());
            digits.clear();
        }
    }
    most
}

#[test]
fn the_default_export_is_compact_lean_and_skins_as_limber_does() {
    require_tooling();
    let mut sizes = Vec::new();
    for kind in [Kind::Zombie, Kind::Keys, Kind::Constrained] {
        let name = format!("{kind:?}").to_lowercase();
        let project = make(kind, &format!("spine-lean-{name}"));
        // Baked constraints sampled finely enough for 0.01 px (as `spine_runtime` does).
        let fps: &[&str] = if kind == Kind::Constrained {
            &["--fps", "240"]
        } else {
            &[]
        };
        let (lean, atlas) = export(
            &project,
            &format!("lean-{name}"),
            &[fps, &["--min-weight", "0.01"]].concat(),
        );
        let (full, full_atlas) = export(
            &project,
            &format!("full-{name}"),
            &[fps, &["--pretty", "--min-weight", "0"]].concat(),
        );
        let lean_text = std::fs::read_to_string(&lean).unwrap();
        let full_text = std::fs::read_to_string(&full).unwrap();
        assert!(!lean_text.contains('\n'), "{name}: compact by default");
        assert!(full_text.lines().count() > 100, "{name}: --pretty indents");
        assert!(
            most_digits(&lean_text) <= 9,
            "{name}: a number longer than a float's digits"
        );
        let skeleton: Value = serde_json::from_str(&lean_text).unwrap();
        let mut influences = 0;
        for (vertices, count) in meshes(&skeleton) {
            for weights in weights_per_vertex(&vertices, count) {
                let units: i64 = weights.iter().map(|w| (w * 1e5).round() as i64).sum();
                assert_eq!(units, 100_000, "{name}: weights {weights:?}");
                assert!(
                    weights.len() == 1 || weights.iter().all(|&w| w >= 0.01),
                    "{name}: a weight under 0.01 in {weights:?}"
                );
                influences += weights.len();
            }
        }
        assert!(influences > 0, "{name}: weighted meshes");
        // Every influence kept: the lean numbers skin as limber does.
        let strict = max_error_within(&project, &full, &full_atlas, 0.01);
        // The default pruning moves vertices a little.
        let pruned = max_error_within(&project, &lean, &atlas, PRUNED_BOUND_PX);
        eprintln!(
            "{name}: JSON {} bytes pretty with every influence, {} bytes by default; runtime vs \
             limber {strict:.5} px with every influence, {pruned:.4} px pruned under 0.01",
            full_text.len(),
            lean_text.len()
        );
        sizes.push((full_text.len(), lean_text.len()));
    }
    // The bundled zombie's JSON shrinks to under a third.
    let (full, lean) = sizes[0];
    assert!(lean * 3 < full, "zombie: {lean} of {full} bytes");
}

#[test]
fn a_30_layer_import_exports_lean() {
    require_tooling();
    let (project, _) = thirty_layer_project("spine-lean-30-layers");
    let (lean, _) = export(&project, "lean-30", &["--min-weight", "0.01"]);
    let (full, _) = export(&project, "full-30", &["--pretty", "--min-weight", "0"]);
    let (lean, full) = (
        std::fs::read_to_string(&lean).unwrap(),
        std::fs::read_to_string(&full).unwrap(),
    );
    eprintln!(
        "30 layers: JSON {} bytes pretty, {} bytes by default",
        full.len(),
        lean.len()
    );
    assert!(most_digits(&lean) <= 9);
    assert!(
        lean.len() * 2 < full.len(),
        "{} of {}",
        lean.len(),
        full.len()
    );
}

/// A vertex budget per part: the zombie's 267-vertex mesh is meshed again within 60 vertices for
/// the export, and spine-core plays that export exactly as limber plays the project with the
/// coarser mesh (weights and deform keys carried), within 0.01 px on every clip.
#[test]
fn a_vertex_budget_meshes_parts_again_and_the_runtime_plays_them_as_limber_does() {
    use limber::core::project::Project;
    use limber::export::spine::vertex_budget;

    require_tooling();
    for (kind, max) in [(Kind::Zombie, 60u32), (Kind::Keys, 100)] {
        let name = format!("{kind:?}").to_lowercase();
        let project_path = make(kind, &format!("spine-budget-{name}"));
        let project = Project::load(&project_path).unwrap();
        let before = project.parts[0].mesh.positions.len();
        assert!(before > max as usize, "{name}: {before} vertices");
        let (json, atlas) = export(
            &project_path,
            &format!("budget-{name}"),
            &["--max-vertices", &max.to_string()],
        );
        let skeleton: Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
        for (_, count) in meshes(&skeleton) {
            assert!(count <= max as usize, "{name}: a mesh of {count} vertices");
        }
        // The project as the export meshed it, saved beside the original (its images resolve).
        let (fitted, notes) = vertex_budget::fit(&project, &project_path, max).unwrap();
        assert_eq!(notes.len(), 1, "{notes:?}");
        let after = fitted.parts[0].mesh.positions.len();
        assert!(
            after <= max as usize && after * 3 >= max as usize,
            "{after}"
        );
        let fitted_path = project_path.with_file_name("fitted.limber");
        fitted.save(&fitted_path).unwrap();
        let worst = max_error_within(&fitted_path, &json, &atlas, 0.01);
        eprintln!("{name}: {before} -> {after} vertices; runtime vs limber {worst:.5} px");
    }
    // An impossible budget is refused in one line naming the part.
    let project_path = make(Kind::Zombie, "spine-budget-refused");
    let out = common::temp_dir("spine-budget-refused-out");
    let s = |p: &Path| p.to_str().unwrap().to_string();
    let failed = common::limber(&[
        "export",
        &s(&project_path),
        "--spine",
        &s(&out),
        "--max-vertices",
        "3",
    ]);
    assert_eq!(failed.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&failed.stderr);
    assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("\"kenney_zombie_walk0\"") && stderr.contains("3 vertices or fewer"),
        "{stderr}"
    );
    assert!(!out.join("project.json").exists(), "nothing written");
}
