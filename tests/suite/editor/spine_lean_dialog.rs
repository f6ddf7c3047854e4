//! The Spine Export dialog's lean choices (issue 38, item 6), driven through the editor's UI: a
//! smallest weight out of range is explained next to its field and Export refused with nothing
//! written; at 0.05 with "Indented JSON" ticked the skeleton is written indented, every mesh
//! vertex's influences are 0.05 or more and sum to 1; with "Most vertices per part" at 60 the mesh
//! is written within 60 vertices while the project keeps its own; the status line says how many
//! influences were left out and which part was meshed again, and the project remembers the
//! choices. Without ticking, the JSON is compact.

use crate::common;

use std::path::Path;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use limber::editor::commands::Command;
use limber::editor::editor::Editor;
use serde_json::Value;

use crate::common::editor_harness::{harness_with as harness, sample_editor};
use crate::common::spine_json::mesh_weights;

fn open_spine_dialog(harness: &mut Harness<'_, Editor>, folder: &Path) {
    harness.state_mut().run(Command::ExportSpine);
    harness.run_steps(2);
    harness
        .get_by_label("Folder:")
        .set_text_value_accesskit(&folder.display().to_string());
    harness.run_steps(1);
}

/// Sets a number field, then clicks the dialog's title: the field has the keyboard after its value
/// was set, and a click elsewhere ends that.
fn set_number(harness: &mut Harness<'_, Editor>, label: &str, value: f64) {
    harness.get_by_label(label).set_value_accesskit(value);
    harness.run_steps(1);
    harness.get_by_label("Export Spine 4.2 JSON").click();
    harness.run_steps(2);
}

fn dialog_problem(harness: &Harness<'_, Editor>) -> Option<String> {
    let dialog = harness.state().jobs().export_dialog();
    dialog.and_then(|d| d.problem.clone())
}

#[test]
fn the_spine_dialog_prunes_weak_influences_and_writes_indented_json_when_asked() {
    let dir = common::temp_dir("editor-spine-lean");
    let mut harness = harness(sample_editor());
    let out = dir.join("lean");
    open_spine_dialog(&mut harness, &out);
    // Out of range: explained next to the field, refused, nothing written.
    set_number(&mut harness, "Smallest weight:", 0.7);
    harness.get_by_label_contains("smallest weight 0.7 is outside 0–0.5");
    harness.get_by_label("Export").click();
    harness.run_steps(2);
    let problem = dialog_problem(&harness).expect("Export is refused");
    assert!(problem.contains("smallest weight 0.7"), "{problem}");
    assert!(!out.exists(), "nothing written");
    // 0.05 and indented: written so.
    set_number(&mut harness, "Smallest weight:", 0.05);
    set_number(&mut harness, "Most vertices per part (0: any):", 60.0);
    harness.get_by_label("Indented JSON").click();
    harness.run_steps(2);
    harness.get_by_label("Export").click();
    harness.run_steps(2);
    assert!(
        harness.state().jobs().export_dialog().is_none(),
        "{:?}",
        dialog_problem(&harness)
    );
    let text = std::fs::read_to_string(out.join("zombie.json")).expect("the skeleton is written");
    assert!(text.lines().count() > 100, "indented");
    let skeleton: Value = serde_json::from_str(&text).expect("JSON");
    let weights = mesh_weights(&skeleton);
    assert!(!weights.is_empty());
    assert!(weights.len() <= 60, "{} vertices", weights.len());
    for vertex in &weights {
        assert!(
            vertex.len() == 1 || vertex.iter().all(|&w| w >= 0.05),
            "{vertex:?}"
        );
        let units: i64 = vertex.iter().map(|w| (w * 1e5).round() as i64).sum();
        assert_eq!(units, 100_000, "{vertex:?}");
    }
    let status = harness.state().status().to_string();
    assert!(
        status.contains("bone influences under weight 0.05 left out")
            && status.contains("meshed again to at most 60 vertices"),
        "{status}"
    );
    let remembered = harness.state().document().project.exports.spine.clone();
    let remembered = remembered.expect("the Spine choices are kept");
    assert_eq!(
        (
            remembered.min_weight,
            remembered.pretty,
            remembered.max_vertices
        ),
        (0.05, true, 60)
    );
    // The project keeps its own mesh.
    let part = &harness.state().document().project.parts[0];
    assert!(part.mesh.positions.len() > 60);

    // The defaults write compact JSON and keep influences down to 0.01.
    let mut harness = self::harness(sample_editor());
    let out = dir.join("compact");
    open_spine_dialog(&mut harness, &out);
    harness.get_by_label("Export").click();
    harness.run_steps(2);
    let text = std::fs::read_to_string(out.join("zombie.json")).expect("the skeleton is written");
    assert!(!text.contains('\n'), "compact");
    let skeleton: Value = serde_json::from_str(&text).expect("JSON");
    let weakest = mesh_weights(&skeleton)
        .into_iter()
        .filter(|v| v.len() > 1)
        .flatten()
        .fold(1.0f64, f64::min);
    assert!((0.01..0.05).contains(&weakest), "weakest kept {weakest}");
}
