//! "Suggest bones" in the real editor UI (egui_kittest): on a project made from a PNG without
//! bones, the Bones-mode button adds a skeleton with weights as one undo step; on a rigged project
//! it refuses and says why.

use egui_kittest::kittest::Queryable;
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
