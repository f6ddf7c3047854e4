//! Rotating a bone by dragging in the viewport (Animate mode): the bone follows the pointer's angle
//! around its posed head, a press next to the head does not make it jump, and Shift held during
//! the drag snaps the rotation to 15°; each drag is one undo step.

use super::*;
use glam::DVec2;
use limber::editor::tools::pose::LEVER;

/// The posed head of `bone` in image pixels.
fn pivot(editor: &Editor, bone: usize) -> DVec2 {
    let frame = editor.frame().unwrap();
    let record = &editor.document().project.rig.skeleton.bones[bone];
    frame.palette[bone].transform_point2(record.head())
}

fn screen(harness: &Harness<'_, Editor>, image: DVec2) -> Pos2 {
    editor_harness::pos(harness.state().screen_of(image))
}

/// Presses at `points[0]`, moves through the rest (Shift held from `shift_from` on), releases.
fn drag_through(harness: &mut Harness<'_, Editor>, points: &[Pos2], shift_from: usize) {
    harness.event(Event::PointerMoved(points[0]));
    harness.run_steps(1);
    harness.event(Event::PointerButton {
        pos: points[0],
        button: PointerButton::Primary,
        pressed: true,
        modifiers: Modifiers::NONE,
    });
    harness.run_steps(1);
    for (i, p) in points.iter().enumerate().skip(1) {
        if i == shift_from {
            harness.event(Event::ModifiersChanged(Modifiers::SHIFT));
        }
        harness.event(Event::PointerMoved(*p));
        harness.run_steps(1);
    }
    let last = points[points.len() - 1];
    harness.event(Event::PointerButton {
        pos: last,
        button: PointerButton::Primary,
        pressed: false,
        modifiers: Modifiers::NONE,
    });
    harness.event(Event::ModifiersChanged(Modifiers::NONE));
    harness.run_steps(2);
}

/// A bone the press at `offset` screen points from its head picks (or leaves to the selection).
fn grabbable(harness: &mut Harness<'_, Editor>, offset: DVec2) -> usize {
    let editor = harness.state();
    let palette = editor.palette();
    let reach = editor.bone_reach();
    let bone = (0..editor.document().project.rig.skeleton.bones.len())
        .find(|&b| {
            let at = pivot(editor, b) + offset / editor.view().camera().zoom;
            editor
                .rig()
                .bone_at(&palette, at, reach)
                .is_none_or(|hit| hit == b)
        })
        .expect("some bone can be grabbed by its head");
    harness
        .state_mut()
        .run(limber::editor::commands::Command::Bone(
            limber::editor::commands::BoneCommand::Select { bone: Some(bone) },
        ));
    bone
}

#[test]
fn a_quarter_circle_around_the_head_turns_the_bone_a_quarter_turn() {
    let mut harness = harness();
    let bone = grabbable(&mut harness, DVec2::new(80.0, 0.0));
    let centre = pivot(harness.state(), bone);
    let radius = 80.0 / harness.state().view().camera().zoom;
    let before = harness.state().bone_keys(bone).rotation();
    // From the head's right round to below it (screen y points down: clockwise on screen).
    let points: Vec<Pos2> = (0..=12)
        .map(|i| {
            let a = std::f64::consts::FRAC_PI_2 * f64::from(i) / 12.0;
            screen(&harness, centre + DVec2::new(a.cos(), a.sin()) * radius)
        })
        .collect();
    drag_through(&mut harness, &points, usize::MAX);
    let turn = harness.state().bone_keys(bone).rotation() - before;
    assert!((turn + 90.0).abs() < 0.2, "turned by {turn}°");
    assert_eq!(harness.state().selection().bone(), Some(bone));
    harness.state_mut().undo();
    assert_eq!(
        harness.state().bone_keys(bone).rotation(),
        before,
        "one undo step"
    );
    assert!(!harness.state().document().can_undo());
}

#[test]
fn a_drag_starting_next_to_the_head_turns_by_a_bounded_angle() {
    let mut harness = harness();
    let bone = grabbable(&mut harness, DVec2::new(3.0, 0.0));
    let zoom = harness.state().view().camera().zoom;
    let from = pivot(harness.state(), bone) + DVec2::new(3.0, 0.0) / zoom;
    let before = harness.state().bone_keys(bone).rotation();
    let points: Vec<Pos2> = (0..=10)
        .map(|i| screen(&harness, from + DVec2::new(0.0, 5.0 * f64::from(i)) / zoom))
        .collect();
    drag_through(&mut harness, &points, usize::MAX);
    let turn = harness.state().bone_keys(bone).rotation() - before;
    // The lever is LEVER points long: a 50-point drag across it turns by atan(50 / LEVER) at most,
    // where a lever of 3 points would have turned by almost 90°.
    let most = (50.0 / LEVER).atan().to_degrees();
    assert!(
        turn < -10.0 && turn > -most - 0.5,
        "turned by {turn}° (at most {most}°)"
    );
}

#[test]
fn shift_during_a_rotation_snaps_it_to_15_degrees() {
    let mut harness = harness();
    let bone = grabbable(&mut harness, DVec2::new(80.0, 0.0));
    let centre = pivot(harness.state(), bone);
    let radius = 80.0 / harness.state().view().camera().zoom;
    let points: Vec<Pos2> = [0.0_f64, 0.1, 0.3, 0.52]
        .iter()
        .map(|a| screen(&harness, centre + DVec2::new(a.cos(), a.sin()) * radius))
        .collect();
    drag_through(&mut harness, &points, 2);
    let rotation = harness.state().bone_keys(bone).rotation();
    assert!(
        (rotation / 15.0 - (rotation / 15.0).round()).abs() < 1e-9,
        "snapped: {rotation}°"
    );
    // Without Shift the same drag lands off the 15° grid (0.52 rad ≈ 29.8° of turn).
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(1);
    let before = harness.state().bone_keys(bone).rotation();
    drag_through(&mut harness, &points, usize::MAX);
    let turn = harness.state().bone_keys(bone).rotation() - before;
    assert!((turn + 0.52_f64.to_degrees()).abs() < 0.2, "{turn}");
}
