//! "Suggest bones" in the real editor UI (egui_kittest): on a project made from a PNG without
//! bones, the Bones-mode button adds a skeleton with weights as one undo step; on a rigged project
//! it refuses and says why; suggested cuts over the cut-points budget are left out, the bones kept.

use egui_kittest::kittest::Queryable;
use limber::core::cuts::Cut;
use limber::core::edit::Edit;
use limber::editor::commands::Command;
use limber::editor::document::Document;
use limber::editor::editor::{Editor, Mode};

use crate::common;
use crate::common::editor_harness;
use editor_harness::{harness, harness_with};

#[test]
fn suggest_bones_adds_a_skeleton_that_one_undo_removes() {
    let sprite = common::sprite("kenney_zombie_walk0.png");
    let document = Document::from_image(&sprite).expect("the sprite opens");
    let mut harness = harness_with(Editor::new(document));
    assert!(
        harness
            .state()
            .document()
            .project
            .rig
            .skeleton
            .bones
            .is_empty()
    );
    harness.get_by_label("Bones").click();
    harness.run_steps(1);
    assert_eq!(harness.state().tools().mode(), Mode::Bones);
    harness.get_by_label("Suggest bones").click();
    harness.run_steps(2);
    let editor = harness.state();
    let bones = editor.document().project.rig.skeleton.bones.len();
    assert!(bones >= 5, "{bones} bones: {}", editor.status());
    assert!(editor.status().contains("suggested"), "{}", editor.status());
    // Weights came with them: some vertex leans on a bone other than the root.
    let binding = &editor.document().project.parts[0].binding;
    let weighted: usize = (0..bones).filter(|&b| binding_uses(binding, b)).count();
    assert!(weighted >= 2, "weights spread over {weighted} bones");
    // The zombie reads as a figure: its bones' human names appear in the skeleton list.
    let arm = editor
        .document()
        .project
        .rig
        .skeleton
        .bones
        .iter()
        .find(|b| b.name.starts_with("arm_upper_"))
        .map(|b| b.name.clone())
        .expect("an upper arm");
    harness.get_by_label(&arm);
    harness.state_mut().run(Command::Undo);
    harness.run_steps(1);
    assert!(
        harness
            .state()
            .document()
            .project
            .rig
            .skeleton
            .bones
            .is_empty()
    );
    assert!(!harness.state().document().can_undo(), "one step only");
}

fn binding_uses(binding: &limber::core::weights::Binding, bone: usize) -> bool {
    binding
        .vertices
        .iter()
        .any(|v| v.iter().any(|&(b, w)| b == bone && w > 0.0))
}

#[test]
fn suggest_bones_leaves_an_artists_bones_alone() {
    let mut harness = harness();
    let before = harness.state().document().project.rig.clone();
    harness.get_by_label("Bones").click();
    harness.run_steps(1);
    harness.get_by_label("Suggest bones").click();
    harness.run_steps(1);
    let editor = harness.state();
    assert_eq!(editor.document().project.rig, before);
    assert!(
        editor.status().contains("already has bones"),
        "{}",
        editor.status()
    );
}

#[test]
fn suggested_cuts_over_the_cut_points_budget_are_left_out_and_the_bones_kept() {
    let figure = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/figures/oc_silhouette_female_512h.png");
    let mut document = Document::from_image(&figure).expect("the figure opens");
    // The artist's own cut, off the drawing, takes all but one of the 10,000 cut points: any
    // suggested cut (two points at least) goes over.
    let long = Cut {
        points: (0..9_999).map(|k| [2_000.0 + k as f64, 10.0]).collect(),
    };
    document
        .apply(Edit::SetCuts(vec![long.clone()]))
        .expect("a cut within the budget");
    let mut harness = harness_with(Editor::new(document));
    harness.get_by_label("Bones").click();
    harness.run_steps(1);
    harness.get_by_label("Suggest bones").click();
    harness.run_steps(2);
    let editor = harness.state();
    let status = editor.status();
    assert!(
        status.contains("(undo removes them); 2 suggested cut(s) left out: with them the rig")
            && status.contains("over the limit of 10,000"),
        "{status}"
    );
    let rig = &editor.document().project.rig;
    assert!(
        rig.skeleton.bones.iter().any(|b| b.name == "arm_upper_l"),
        "{status}"
    );
    assert_eq!(rig.cuts, vec![long.clone()], "the artist's cut alone");
    harness.state_mut().run(Command::Undo);
    harness.run_steps(1);
    let rig = &harness.state().document().project.rig;
    assert!(rig.skeleton.bones.is_empty());
    assert_eq!(rig.cuts, vec![long]);
}
