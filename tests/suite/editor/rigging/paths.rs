//! Path constraints made in the editor: "Add path" on the selected head lays it on a new path its
//! parent carries, through its own joints (one undo step); the rotate mode picked in the inspector
//! is one more; in Animate mode the view shows the head as the core samples it with the path, not
//! as its own keys turn it; Delete takes the path away and undo brings it back.

use eframe::egui::Key;
use egui_kittest::kittest::Queryable;
use glam::DVec2;
use limber::core::animation::path::RotateMode;
use limber::editor::editor::{Editor, Mode};
use limber::editor::tools::path_point::edited_path;

use super::editor_harness::harness;
use super::support::{bone, delete_first_constraint, drawn, sampled_head_tip, select, undo_depth};

/// The head's tip as the core samples the document at the playhead, with or without its paths.
fn sampled_tip(editor: &Editor, with_paths: bool) -> DVec2 {
    sampled_head_tip(editor, |project| {
        if !with_paths {
            project.rig.paths.clear();
        }
    })
}

#[test]
fn a_path_added_in_the_inspector_carries_the_head_in_the_view_and_deletes_in_one_step() {
    let mut harness = harness();
    harness.key_press(Key::Num2);
    harness.run_steps(2);
    select(&mut harness, "head");
    let steps = undo_depth(harness.state_mut());
    harness.get_by_label("Add path").click();
    harness.run_steps(2);
    let paths = harness.state().rig().constraint_records().paths;
    assert_eq!(paths.len(), 1);
    let path = &paths[0];
    assert_eq!(
        (path.name.as_str(), path.path.bone.as_str()),
        ("path", "spine")
    );
    assert_eq!(path.bones, ["head"]);
    let skeleton = &harness.state().document().project.rig.skeleton;
    let head = &skeleton.bones[bone(harness.state(), "head")];
    // Through the head's joints: its head and tail are the path's two anchors.
    assert_eq!(path.path.points.len(), 6);
    assert_eq!(
        (path.path.points[1], path.path.points[4]),
        (head.head, head.tail)
    );
    assert_eq!(undo_depth(harness.state_mut()), steps + 1);

    // The rotate mode, picked in the inspector: one more step.
    harness.get_by_label("rotate").scroll_to_me();
    harness.run_steps(30);
    harness.get_by_label("rotate").click();
    harness.run_steps(2);
    harness.get_by_label("tangent").click();
    harness.run_steps(2);
    let paths = harness.state().rig().constraint_records().paths;
    assert_eq!(paths[0].settings.rotate_mode, RotateMode::Tangent);
    assert_eq!(undo_depth(harness.state_mut()), steps + 2);

    // Animate mode, 0.4 s in: the view shows the core's frame, the path holding the head along
    // the spine, not where the clip's own head keys turn it.
    harness.key_press(Key::Num1);
    harness.run_steps(2);
    assert_eq!(harness.state().tools().mode(), Mode::Animate);
    harness
        .state_mut()
        .run(limber::editor::commands::Command::Clip(
            limber::editor::commands::ClipCommand::SetTime { time: 0.4 },
        ));
    harness.run_steps(2);
    let head = bone(harness.state(), "head");
    let shown = drawn(harness.state(), head).1;
    let with = sampled_tip(harness.state(), true);
    let without = sampled_tip(harness.state(), false);
    assert!((shown - with).length() < 1e-9, "{shown} vs {with}");
    assert!(
        (with - without).length() > 0.5,
        "the path moves the head: {with} vs {without}"
    );
    // Its mix, keyed at the playhead, is offered in Animate mode.
    assert!(harness.query_all_by_label_contains("path mix").count() > 0);

    harness.key_press(Key::Num2);
    harness.run_steps(2);
    delete_first_constraint(&mut harness);
    assert!(harness.state().rig().constraint_records().paths.is_empty());
    assert_eq!(undo_depth(harness.state_mut()), steps + 3);
    harness.state_mut().document_mut().undo();
    assert_eq!(harness.state().rig().constraint_records().paths.len(), 1);
}

/// The bundled sample with "Add path" pressed on the head (Bones mode), then in Animate mode at
/// 0.4 s.
fn head_on_a_path_at_0_4_s() -> egui_kittest::Harness<'static, Editor> {
    let mut harness = harness();
    harness.key_press(Key::Num2);
    harness.run_steps(2);
    select(&mut harness, "head");
    harness.get_by_label("Add path").click();
    harness.run_steps(2);
    harness.key_press(Key::Num1);
    harness.run_steps(2);
    harness
        .state_mut()
        .run(limber::editor::commands::Command::Clip(
            limber::editor::commands::ClipCommand::SetTime { time: 0.4 },
        ));
    harness.run_steps(2);
    harness
}

/// The path's end anchor dragged in the view (Animate mode, the path drawn where its carrier, the
/// spine, is posed): "Edit points" in the inspector shows the points; the drag moves the anchor
/// and its two handles to where it is dropped, taken back through the spine's pose to the rest
/// shape; the head follows the new curve in the view and in the core's sample; it is one undo
/// step; with "Edit points" off the same drag poses a bone instead.
#[test]
fn the_paths_end_anchor_dragged_in_the_view_reshapes_the_curve_the_head_follows() {
    use crate::common::editor_harness::drag;
    let mut harness = head_on_a_path_at_0_4_s();
    let head = bone(harness.state(), "head");
    let spine = bone(harness.state(), "spine");
    let tip_before = drawn(harness.state(), head).1;
    let points_before = harness.state().document().project.rig.paths[0]
        .points
        .clone();
    let steps = undo_depth(harness.state_mut());

    harness.get_by_label("Edit points").click_accesskit();
    harness.run_steps(2);
    assert_eq!(edited_path(harness.state()), Some(0));
    // The end anchor as drawn: the rest point carried by the posed spine.
    let carry = harness.state().frame().expect("a frame").palette[spine];
    let anchor = carry.transform_point2(DVec2::from(points_before[4]));
    let dropped = anchor + DVec2::new(12.0, -8.0);
    let (from, to) = (
        harness.state().screen_of(anchor),
        harness.state().screen_of(dropped),
    );
    drag(&mut harness, from, to);
    harness.run_steps(2);

    let points = harness.state().document().project.rig.paths[0]
        .points
        .clone();
    let moved = carry.transform_point2(DVec2::from(points[4]));
    assert!(
        (moved - dropped).length() < 0.5,
        "the anchor is drawn where it was dropped: {moved} vs {dropped}"
    );
    let shift = DVec2::from(points[4]) - DVec2::from(points_before[4]);
    for handle in [3, 5] {
        let step = DVec2::from(points[handle]) - DVec2::from(points_before[handle]);
        assert!((step - shift).length() < 1e-9, "handle {handle} follows");
    }
    assert_eq!(points[..3], points_before[..3], "the first anchor stays");
    assert_eq!(undo_depth(harness.state_mut()), steps + 1, "one undo step");
    let tip = drawn(harness.state(), head).1;
    let sampled = sampled_tip(harness.state(), true);
    assert!((tip - sampled).length() < 1e-9, "{tip} vs {sampled}");
    assert!(
        (tip - tip_before).length() > 1.0,
        "the head follows the new curve: {tip} vs {tip_before}"
    );

    harness.state_mut().document_mut().undo();
    harness.run_steps(2);
    let rig = &harness.state().document().project.rig;
    assert_eq!(rig.paths[0].points, points_before);
    assert!((drawn(harness.state(), head).1 - tip_before).length() < 1e-9);

    // "Edit points" off: the same drag is the Animate mode's pose drag, the path left alone.
    harness.get_by_label("Edit points").click_accesskit();
    harness.run_steps(2);
    assert_eq!(edited_path(harness.state()), None);
    drag(&mut harness, from, to);
    harness.run_steps(2);
    assert_eq!(
        harness.state().document().project.rig.paths[0].points,
        points_before
    );

    // The edited path is followed by name: with a second path added and the first deleted, the
    // second (now first in the list) is not edited by mistake; undo brings the first back edited.
    harness.get_by_label("Edit points").click_accesskit();
    harness.run_steps(2);
    harness.key_press(Key::Num2);
    harness.run_steps(2);
    select(&mut harness, "arm_r");
    harness.get_by_label("Add path").click();
    harness.run_steps(2);
    assert_eq!(harness.state().document().project.rig.paths.len(), 2);
    assert_eq!(edited_path(harness.state()), Some(0));
    harness
        .state_mut()
        .run(limber::editor::commands::Command::Rig(
            limber::editor::commands::RigCommand::Remove(
                limber::editor::rigging::ConstraintRef::Path(0),
            ),
        ));
    harness.run_steps(2);
    assert_eq!(harness.state().document().project.rig.paths.len(), 1);
    assert_eq!(
        edited_path(harness.state()),
        None,
        "the other path is not edited"
    );
    harness.state_mut().document_mut().undo();
    harness.run_steps(2);
    assert_eq!(edited_path(harness.state()), Some(0));
}

/// Sets the inspector's slider labelled `label` to `value` as an assistive tool does, which is
/// one edit.
fn set_slider(harness: &mut egui_kittest::Harness<'_, Editor>, label: &str, value: f64) {
    let node = || harness.query_all_by_label(label).next().expect(label);
    node().set_value_accesskit(value);
    harness.run_steps(2);
}

/// The path's position and spacing keyed in Animate mode (format version 13, Spine's path
/// position and spacing timelines): "position (keyed at playhead)" keys the position at the
/// playhead, one undo step, and the head moves along the path in the view as the core samples
/// it; the spacing keyed at the same time joins the same key; the position's key button removes
/// the position from that key.
#[test]
fn the_paths_position_keyed_at_the_playhead_moves_the_head_along_it() {
    let mut harness = head_on_a_path_at_0_4_s();
    let head = bone(harness.state(), "head");
    let (head_before, _) = drawn(harness.state(), head);
    let steps = undo_depth(harness.state_mut());

    set_slider(&mut harness, "position (keyed at playhead)", 0.5);
    let clip = harness.state().current_clip().expect("a clip").to_record();
    assert_eq!(clip.paths.len(), 1, "{:?}", clip.paths);
    let key = &clip.paths[0];
    assert_eq!(
        (key.path.as_str(), key.time, key.position, key.spacing),
        ("path", 0.4, Some(0.5), None)
    );
    assert_eq!(undo_depth(harness.state_mut()), steps + 1, "one undo step");
    // Half way along the path: the head's base leaves its joint, as the core samples it.
    let (head_at, tip) = drawn(harness.state(), head);
    assert!(
        (head_at - head_before).length() > 1.0,
        "{head_at} vs {head_before}"
    );
    let sampled = sampled_tip(harness.state(), true);
    assert!((tip - sampled).length() < 1e-9, "{tip} vs {sampled}");

    set_slider(&mut harness, "spacing (keyed at playhead)", 5.0);
    let clip = harness.state().current_clip().expect("a clip").to_record();
    assert_eq!(clip.paths.len(), 1, "merged into the key at 0.4 s");
    assert_eq!(
        (clip.paths[0].position, clip.paths[0].spacing),
        (Some(0.5), Some(5.0))
    );
    // The position's filled diamond removes the position from the key; the spacing stays. The
    // spacing's key button then keys, and the position's offers to key again.
    harness
        .get_by_label("Remove position key")
        .click_accesskit();
    harness.run_steps(2);
    let clip = harness.state().current_clip().expect("a clip").to_record();
    assert_eq!(
        (clip.paths[0].position, clip.paths[0].spacing),
        (None, Some(5.0))
    );
    assert!(harness.query_by_label("Key position").is_some());
    assert!(harness.query_by_label("Remove spacing key").is_some());
    assert_eq!(undo_depth(harness.state_mut()), steps + 3);
    for _ in 0..3 {
        harness.state_mut().document_mut().undo();
    }
    harness.run_steps(2);
    let clip = harness.state().current_clip().expect("a clip").to_record();
    assert!(clip.paths.is_empty());
    assert!((drawn(harness.state(), head).0 - head_before).length() < 1e-9);
}
