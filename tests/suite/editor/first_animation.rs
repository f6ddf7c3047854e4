//! The README's "your first animation" through the editor's UI, end to end: open a PNG, draw two
//! bones by dragging, weights, a smoothness change, key a rotation, scrub and see the pose change,
//! undo and redo, save, reopen and compare.

use eframe::egui::{Key, Modifiers, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use glam::DVec2;
use limber::app::timeline::key_position;
use limber::core::weights::check_binding;
use limber::editor::document::Document;
use limber::editor::editor::{Editor, Mode};

use crate::common::editor_harness;
use editor_harness::{drag, harness_with};
use limber::editor::commands::Command;
use limber::editor::commands::FileCommand;

use crate::common;

/// Clicks the dopesheet at time `t` (on the first bone's row, away from any key): scrubbing.
fn scrub(harness: &mut Harness<'_, Editor>, t: f64) {
    let at: Pos2 = key_position(&harness.ctx, 0, t).expect("the dopesheet was drawn");
    editor_harness::click_point(harness, at);
}

/// Where bone `bone`'s tail is drawn at the playhead.
fn posed_tail(editor: &Editor, bone: usize) -> DVec2 {
    let frame = editor.frame().expect("a frame");
    let tail = editor.document().project.rig.skeleton.bones[bone].tail();
    frame.palette[bone].transform_point2(tail)
}

#[test]
fn a_first_animation_from_a_png_to_a_saved_project() {
    let sprite = common::sprite("kenney_robot_jump.png");
    let document = Document::from_image(&sprite).expect("the sprite opens");
    let mut harness = harness_with(Editor::new(document));
    let mesh = harness.state().document().project.parts[0].mesh.clone();
    let (lo, hi) = mesh.positions.iter().fold(
        (DVec2::splat(f64::INFINITY), DVec2::splat(f64::NEG_INFINITY)),
        |(lo, hi), p| (lo.min(DVec2::from(*p)), hi.max(DVec2::from(*p))),
    );
    let at = |fx: f64, fy: f64| lo + (hi - lo) * DVec2::new(fx, fy);

    // Bones mode: a root bone up the body, then (it is selected) a child from its tail.
    harness.get_by_label("Bones").click();
    harness.run_steps(1);
    assert_eq!(harness.state().tools().mode(), Mode::Bones);
    let (hip, chest, head) = (at(0.5, 0.8), at(0.5, 0.5), at(0.5, 0.2));
    let (from, to) = (
        harness.state().screen_of(hip),
        harness.state().screen_of(chest),
    );
    drag(&mut harness, from, to);
    let from = harness.state().screen_of(chest + DVec2::new(0.0, -2.0));
    let to = harness.state().screen_of(head);
    drag(&mut harness, from, to);
    let skeleton = harness.state().document().project.rig.skeleton.clone();
    assert_eq!(skeleton.bones.len(), 2, "two bones drawn");
    assert_eq!(skeleton.bones[1].parent, Some(0));
    assert!((skeleton.bones[1].tail() - head).length() < 2.0);

    // Automatic weights came with the bones: every vertex weighted, both bones used.
    let binding = harness.state().document().project.parts[0].binding.clone();
    check_binding(&binding, 2).expect("valid weights");
    for bone in 0..2 {
        assert!(
            binding
                .vertices
                .iter()
                .any(|v| v.iter().any(|p| p.0 == bone))
        );
    }
    // A smoothness change (what the Weights inspector's slider calls) reweights at once.
    let smoothness = harness.state().document().project.parts[0]
        .weight_settings
        .smoothness;
    harness
        .state_mut()
        .run(limber::editor::commands::Command::Mesh(
            limber::editor::commands::MeshCommand::SetSmoothness {
                part: 0,
                smoothness: smoothness * 3.0,
            },
        ));
    harness.run_steps(1);
    let softer = harness.state().document().project.parts[0].binding.clone();
    assert_ne!(softer, binding);
    check_binding(&softer, 2).expect("valid weights");

    // Animate: a clip, the child keyed at rest at 0 s (K), rotated by dragging at 0.5 s.
    // The toolbar's "Animate" (the menu of that name comes first).
    harness
        .get_all_by_label("Animate")
        .last()
        .expect("the toolbar's Animate")
        .click();
    harness.get_by_label("+ clip").click();
    harness.run_steps(2);
    assert!(
        harness.state().playback().clip().is_some(),
        "the new clip is current"
    );
    harness
        .state_mut()
        .run(limber::editor::commands::Command::Bone(
            limber::editor::commands::BoneCommand::Select { bone: Some(1) },
        ));
    harness.key_press(Key::K);
    harness.run_steps(1);
    scrub(&mut harness, 0.5);
    assert!(
        (harness.state().playback().time() - 0.5).abs() < 0.02,
        "scrubbed to {}",
        harness.state().playback().time()
    );
    let grab = chest + (head - chest) * 0.8;
    let turned = chest + (grab - chest).perp();
    let (from, to) = (
        harness.state().screen_of(grab),
        harness.state().screen_of(turned),
    );
    drag(&mut harness, from, to);
    let keyed = harness.state().bone_keys(1).rotation();
    assert!((keyed.abs() - 90.0).abs() < 3.0, "keyed {keyed}°");

    // Scrubbing back to 0.25 s shows a pose between the two keys.
    let at_half = posed_tail(harness.state(), 1);
    scrub(&mut harness, 0.25);
    let at_quarter = posed_tail(harness.state(), 1);
    scrub(&mut harness, 0.0);
    let at_start = posed_tail(harness.state(), 1);
    assert!((at_start - head).length() < 1.0, "rest at 0 s");
    assert!(
        (at_quarter - at_start).length() > 3.0,
        "the pose changed by 0.25 s"
    );
    assert!(
        (at_quarter - at_half).length() > 3.0,
        "and is not yet the 0.5 s pose"
    );

    // Undo takes the rotation key back; redo restores it.
    scrub(&mut harness, 0.5);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(1);
    assert!(
        harness.state().bone_keys(1).rotation().abs() < 1e-9,
        "undone"
    );
    harness.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    harness.run_steps(1);
    assert!(
        (harness.state().bone_keys(1).rotation() - keyed).abs() < 1e-9,
        "redone"
    );

    // Save, reopen, compare.
    let dir = common::temp_dir("first_animation");
    let path = dir.join("robot.limber");
    assert!(
        harness
            .state_mut()
            .run(Command::File(FileCommand::SaveAs(path.clone())))
            .is_done(),
        "{}",
        harness.state().status()
    );
    let reopened = Document::open(&path).expect("the saved project opens");
    assert_eq!(reopened.project, harness.state().document().project);
    assert!(!harness.state().document().is_dirty());
}
