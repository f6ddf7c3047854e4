//! The character's tree in the left panel (issue 36, layout): bones, under each the slots it
//! carries, under each slot its attachments, the skin chooser above; driven through the real UI
//! (egui_kittest) on the bundled zombie with the tagged face (`tests/fixtures/tagged_face/face.ora`:
//! slots with several attachments, two skins) imported beside it.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use limber::core::project::Project;
use limber::editor::commands::Command;
use limber::editor::editor::{Editor, Mode};

use crate::common::editor_harness::{harness_sized, import_tagged_face, sample_editor};

/// The sample with the tagged face imported beside its part, in Bones mode (the setup).
fn zombie_with_face(folder: &str) -> Editor {
    let mut editor = sample_editor();
    assert!(
        import_tagged_face(&mut editor, folder, false),
        "{}",
        editor.status()
    );
    editor.run(Command::SetMode(Mode::Bones));
    editor
}

/// An attachment of slot `slot` that it does not show now.
fn attachment_not_shown(harness: &Harness<'_, Editor>, slot: &str) -> String {
    let row = harness
        .state()
        .slots()
        .rows()
        .into_iter()
        .find(|r| r.name == slot)
        .unwrap_or_else(|| panic!("a slot {slot}"));
    row.attachments
        .iter()
        .find(|a| Some(a.as_str()) != row.shown.as_deref())
        .expect("an attachment not shown")
        .clone()
}

/// The bone with the largest sum of weights over part `name`'s vertices, worked out here.
fn heaviest_bone(project: &Project, part: &str) -> usize {
    let part = project
        .parts
        .iter()
        .find(|p| p.name == part)
        .expect("the part");
    let mut sums = vec![0.0f64; project.rig.skeleton.bones.len()];
    for influences in &part.binding.vertices {
        for &(bone, weight) in influences {
            sums[bone] += weight;
        }
    }
    (0..sums.len())
        .max_by(|&a, &b| sums[a].total_cmp(&sums[b]).then(b.cmp(&a)))
        .expect("bones")
}

/// Clicks the topmost widget labelled `label`, two frames run.
fn click(harness: &mut Harness<'_, Editor>, label: &str) {
    let node = harness
        .get_all_by_label(label)
        .min_by(|a, b| a.rect().top().total_cmp(&b.rect().top()))
        .unwrap_or_else(|| panic!("a widget labelled {label:?}"));
    node.click();
    harness.run_steps(2);
}

#[test]
fn the_tree_puts_each_slot_under_the_bone_that_carries_it_with_its_attachments() {
    let editor = zombie_with_face("character-tree-model");
    let tree = editor.slots().tree();
    let project = &editor.document().project;
    // Every bone once, parents before children.
    assert_eq!(tree.bones.len(), project.rig.skeleton.bones.len());
    for (i, place) in tree.bones.iter().enumerate() {
        if let Some(parent) = project.rig.skeleton.bones[place.bone].parent {
            let at = tree
                .bones
                .iter()
                .position(|b| b.bone == parent)
                .expect("listed");
            assert!(at < i, "{} comes after its parent", place.name);
            assert_eq!(place.depth, tree.bones[at].depth + 1);
        }
    }
    // Every slot once, under the bone that carries most of it.
    let rows = editor.slots().rows();
    let listed: Vec<&str> = tree
        .unboned
        .iter()
        .chain(tree.bones.iter().flat_map(|b| &b.slots))
        .map(|s| s.name.as_str())
        .collect();
    assert_eq!(listed.len(), rows.len(), "{listed:?}");
    for row in &rows {
        assert!(listed.contains(&row.name.as_str()), "{} listed", row.name);
    }
    let zombie = "kenney_zombie_walk0";
    assert_eq!(tree.bone_of(zombie), Some(heaviest_bone(project, zombie)));
    // The eyes slot lists each of its attachments, the one shown marked.
    let eyes = tree
        .bones
        .iter()
        .flat_map(|b| &b.slots)
        .chain(&tree.unboned)
        .find(|s| s.name == "eyes")
        .expect("the eyes slot");
    assert!(eyes.attachments.len() >= 2, "{eyes:?}");
    let shown: Vec<&str> = eyes
        .attachments
        .iter()
        .filter(|a| a.shown)
        .map(|a| a.name.as_str())
        .collect();
    assert_eq!(
        shown,
        eyes.shown.iter().map(String::as_str).collect::<Vec<_>>()
    );
}

#[test]
fn a_click_in_the_tree_selects_the_slot_and_its_bone_opens_its_details_and_shows_an_attachment() {
    let editor = zombie_with_face("character-tree-ui");
    let mut harness = harness_sized(editor, eframe::egui::Vec2::new(1280.0, 800.0));
    harness.run_steps(2);
    let tree = harness.state().slots().tree();
    let bone = tree.bone_of("eyes");
    // The skin chooser sits above the tree.
    let skin = harness.get_by_label("Skin").rect();
    let first_bone = &tree.bones[0].name;
    assert!(skin.bottom() <= harness.get_by_label(first_bone).rect().top());

    click(&mut harness, "eyes");
    assert_eq!(harness.state().slots().selected(), Some("eyes"));
    assert_eq!(
        harness.state().selection().bone(),
        bone,
        "its bone is selected"
    );
    // Its details opened below and came into view: the attachment choices (radios) show.
    let hidden = attachment_not_shown(&harness, "eyes");
    let listed = harness.get_all_by_label(&hidden).count();
    assert!(
        listed >= 2,
        "{hidden} in the tree and among the details' choices ({listed})"
    );

    // A click on an attachment in the tree shows it: one undo step.
    let depth = crate::common::editor_harness::undo_depth(harness.state_mut());
    click(&mut harness, &hidden);
    let now = harness
        .state()
        .slots()
        .rows()
        .into_iter()
        .find(|r| r.name == "eyes")
        .expect("eyes");
    assert_eq!(now.shown.as_deref(), Some(hidden.as_str()));
    assert_eq!(
        crate::common::editor_harness::undo_depth(harness.state_mut()),
        depth + 1
    );
}

#[test]
fn a_swap_key_leaves_the_slot_in_its_place_and_ctrl_click_on_a_slot_adds_its_bone() {
    let mut editor = zombie_with_face("character-tree-animate");
    editor.run(Command::SetMode(Mode::Animate));
    let mut harness = harness_sized(editor, eframe::egui::Vec2::new(1024.0, 640.0));
    harness.run_steps(2);
    let tree = harness.state().slots().tree();
    let place = tree.bone_of("eyes");
    let zombie_bone = tree.bone_of("kenney_zombie_walk0");
    assert!(place.is_some() && zombie_bone.is_some(), "{tree:?}");

    // Unfold eyes (a click on it), then key the attachment it does not show.
    click(&mut harness, "eyes");
    let other = attachment_not_shown(&harness, "eyes");
    click(&mut harness, &other);
    assert!(
        harness.state().status().starts_with("keyed eyes"),
        "{}",
        harness.state().status()
    );
    assert_eq!(
        harness.state().slots().tree().bone_of("eyes"),
        place,
        "the slot stays under its bone while a key changes what it shows"
    );

    // Ctrl + click on another slot adds its bone to the selection.
    let node = harness
        .get_all_by_label("kenney_zombie_walk0")
        .min_by(|a, b| a.rect().top().total_cmp(&b.rect().top()))
        .expect("the zombie's slot in the tree");
    node.click_modifiers(eframe::egui::Modifiers::COMMAND);
    harness.run_steps(2);
    let selected = harness.state().selection().bones().to_vec();
    for bone in [place, zombie_bone].into_iter().flatten() {
        assert!(selected.contains(&bone), "{bone} in {selected:?}");
    }
}
