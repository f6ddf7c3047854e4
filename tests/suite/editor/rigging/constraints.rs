//! IK, rotation limits, look-at, child-of and springs made in the editor: a two-bone IK whose new
//! target, dragged in Animate mode, puts the chain's tip on it; a rotation limit whose arc handle is
//! dragged to set it and which then holds; look-at and child-of sampled as the core defines them;
//! each action one undo step, Esc cancelling each drag.

use eframe::egui::{Event, Key};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use glam::DVec2;
use limber::editor::bone_keys::KeyedChannels;
use limber::editor::commands::{Command, KeyCommand};
use limber::editor::editor::{Editor, Mode};

use super::editor_harness::{button, drag, harness, pos};
use super::support::{delete_first_constraint, drawn, select, undo_depth};

fn bone(editor: &Editor, name: &str) -> usize {
    editor
        .document()
        .project
        .rig
        .skeleton
        .index_of(name)
        .unwrap_or_else(|| panic!("bone {name}"))
}

fn click_label(harness: &mut Harness<'_, Editor>, label: &str) {
    harness.get_by_label(label).click();
    harness.run_steps(2);
}

fn bones_mode(harness: &mut Harness<'_, Editor>) {
    harness.key_press(Key::Num2);
    harness.run_steps(2);
    assert_eq!(harness.state().tools().mode(), Mode::Bones);
}

#[test]
fn two_bone_ik_made_in_the_inspector_follows_its_dragged_target_to_the_pixel() {
    let mut harness = harness();
    bones_mode(&mut harness);
    // Draw a forearm from arm_r's tail: a connected two-bone chain.
    select(&mut harness, "arm_r");
    let (_, elbow) = drawn(harness.state(), bone(harness.state(), "arm_r"));
    let hand = elbow + DVec2::new(18.0, 4.0);
    let (from, to) = (
        harness.state().screen_of(elbow + DVec2::new(0.0, 30.0)),
        harness.state().screen_of(hand),
    );
    drag(&mut harness, from, to);
    let forearm = harness
        .state()
        .selection()
        .bone()
        .expect("the new bone is selected");
    let steps = undo_depth(harness.state_mut());

    click_label(&mut harness, "Add IK");
    let editor = harness.state_mut();
    let ik = &editor.document().project.rig.ik;
    assert_eq!(ik.len(), 1, "{}", editor.status());
    assert_eq!(ik[0].chain, vec![bone(editor, "arm_r"), forearm]);
    let target = ik[0].target;
    let target_bone = &editor.document().project.rig.skeleton.bones[target];
    assert!(!target_bone.deform, "the new target bone does not deform");
    assert_eq!(target_bone.parent, None);
    assert!(
        editor.document().project.parts[0]
            .binding
            .vertices
            .iter()
            .flatten()
            .all(|&(b, _)| b != target),
        "and takes no weight"
    );
    assert_eq!(undo_depth(editor), steps + 1, "bone and IK are one step");

    // Animate mode: drag the target (by its tail) to a point the chain can reach.
    harness.key_press(Key::Num1);
    harness.run_steps(2);
    let arm = bone(harness.state(), "arm_r");
    let (shoulder, _) = drawn(harness.state(), arm);
    let (target_head, target_tail) = drawn(harness.state(), target);
    let wanted = shoulder + DVec2::new(22.0, 20.0);
    let (from, to) = (
        harness.state().screen_of(target_tail),
        harness
            .state()
            .screen_of(target_tail + (wanted - target_head)),
    );
    let before = harness.state().document().project.clone();
    // Esc mid-drag puts everything back.
    harness.event(Event::PointerMoved(pos(from)));
    harness.run_steps(1);
    button(&mut harness, from, true);
    harness.event(Event::PointerMoved(pos((from + to) * 0.5)));
    harness.run_steps(1);
    harness.key_press(Key::Escape);
    harness.run_steps(1);
    button(&mut harness, (from + to) * 0.5, false);
    assert_eq!(harness.state().document().project, before, "Esc restores");

    drag(&mut harness, from, to);
    let editor = harness.state();
    let (reached, _) = drawn(editor, target);
    assert!(
        reached.distance(wanted) < 0.05,
        "the drag moves the target: {reached} vs {wanted}"
    );
    let (_, tip) = drawn(editor, forearm);
    let miss = tip.distance(reached);
    assert!(
        miss <= 0.5,
        "the chain's tip reaches the target: {miss} px away"
    );
    let clip = &editor.document().project.rig.clips[editor.playback().clip().expect("a clip")];
    assert!(
        clip.to_record().keys.iter().any(|k| k.bone
            == editor.document().project.rig.skeleton.bones[target].name
            && k.translate.is_some()),
        "the drag keyed the target's translation"
    );
}

#[test]
fn a_rotation_limit_is_set_by_dragging_its_arc_and_holds_in_animate_mode() {
    let mut harness = harness();
    bones_mode(&mut harness);
    select(&mut harness, "head");
    click_label(&mut harness, "Add rotation limit");
    let head = bone(harness.state(), "head");
    let arc = harness
        .state()
        .rig()
        .limit_arc(&harness.state().frame().expect("a frame"), head)
        .expect("the limit is drawn");
    assert_eq!((arc.min, arc.max), (-45.0, 45.0));
    let steps = undo_depth(harness.state_mut());

    // Drag the max handle to 20°: Esc first, then for real.
    let (from, to) = (
        harness.state().screen_of(arc.point_at(45.0)),
        harness.state().screen_of(arc.point_at(20.0)),
    );
    harness.event(Event::PointerMoved(pos(from)));
    harness.run_steps(1);
    button(&mut harness, from, true);
    harness.event(Event::PointerMoved(pos(to)));
    harness.run_steps(1);
    assert!(
        harness
            .state()
            .rig()
            .limit_arc(&harness.state().frame().expect("a frame"), head)
            .expect("arc")
            .max
            < 40.0
    );
    harness.key_press(Key::Escape);
    harness.run_steps(1);
    button(&mut harness, to, false);
    assert_eq!(
        harness
            .state()
            .rig()
            .limit_arc(&harness.state().frame().expect("a frame"), head)
            .expect("arc")
            .max,
        45.0
    );

    drag(&mut harness, from, to);
    let arc = harness
        .state()
        .rig()
        .limit_arc(&harness.state().frame().expect("a frame"), head)
        .expect("arc");
    assert!(
        (arc.max - 20.0).abs() < 0.5,
        "max set by the drag: {}",
        arc.max
    );
    assert_eq!(arc.min, -45.0);
    assert_eq!(
        undo_depth(harness.state_mut()),
        steps + 1,
        "one drag, one step"
    );
    assert!(
        harness.state().document().project.rig.skeleton.bones.len() == 7,
        "the drag drew no bone"
    );

    // In Animate mode a keyed 80° turn is held at 20°.
    harness.key_press(Key::Num1);
    harness.run_steps(2);
    let key = KeyCommand::Channels {
        bone: head,
        channels: KeyedChannels::rotate(80.0),
    };
    harness.state_mut().run(Command::Key(key));
    let frame = harness.state().frame().expect("frame");
    let held = frame.pose.bones[head].rotate.to_degrees();
    assert!((held - arc.max).abs() < 1e-9, "the limit holds: {held}°");
}

#[test]
fn look_at_and_child_of_made_in_the_inspector_are_sampled_as_defined() {
    let mut harness = harness();
    bones_mode(&mut harness);
    let (head, arm, leg) = {
        let e = harness.state();
        (bone(e, "head"), bone(e, "arm_r"), bone(e, "leg_l"))
    };
    select(&mut harness, "head");
    let choices = harness.state().tools().rig_choices();
    harness
        .state_mut()
        .run(limber::editor::commands::Command::Rig(
            limber::editor::commands::RigCommand::SetChoices(limber::editor::rigging::RigChoices {
                target: Some(arm),
                ..choices
            }),
        ));
    harness.run_steps(1);
    click_label(&mut harness, "Add look-at");
    select(&mut harness, "leg_l");
    click_label(&mut harness, "Add child-of");
    let follows = &harness.state().document().project.rig.follows;
    assert_eq!(follows.len(), 2, "{}", harness.state().status());

    harness.key_press(Key::Num1);
    harness.run_steps(2);
    let editor = harness.state();
    let rest = editor.document().project.rig.skeleton.rest_world();
    let clip = editor.playback().clip().expect("a clip");
    for t in [0.1, 0.35, 0.8] {
        harness
            .state_mut()
            .run(limber::editor::commands::Command::Clip(
                limber::editor::commands::ClipCommand::SetTime { time: t },
            ));
        harness.run_steps(1);
        let editor = harness.state();
        let frame = editor.frame().expect("frame");
        let aim = frame.world[arm].translation - frame.world[head].translation;
        let off = frame.world[head].matrix2.x_axis.angle_to(aim).abs();
        assert!(
            off < 1e-9,
            "t = {t}: the head looks at arm_r ({off} rad off)"
        );
        // Child-of at mix 1: leg_l is where arm_r's motion from rest carries its own pose.
        let mut free = editor.document().project.clone();
        free.rig.follows.clear();
        let solver = limber::core::pose::PoseSolver::new(&free.rig.skeleton).expect("solver");
        let own = limber::core::frame::Frame::sample(&free, &solver, free.rig.clips.get(clip), t);
        let carried = frame.world[arm] * rest[arm].inverse() * own.world[leg];
        let gap = (carried.translation - frame.world[leg].translation).length();
        assert!(gap < 1e-9, "t = {t}: child-of carries leg_l ({gap} px off)");
    }
}

#[test]
fn a_spring_is_switched_on_and_deleted_from_the_inspector_in_one_step_each() {
    let mut harness = harness();
    bones_mode(&mut harness);
    select(&mut harness, "head");
    let steps = undo_depth(harness.state_mut());
    click_label(&mut harness, "Spring");
    let springs = harness.state().rig().constraint_records().springs;
    assert_eq!(springs.len(), 1);
    assert_eq!(springs[0].bone, "head");
    assert_eq!(undo_depth(harness.state_mut()), steps + 1);
    delete_first_constraint(&mut harness);
    assert!(
        harness
            .state()
            .rig()
            .constraint_records()
            .springs
            .is_empty()
    );
    assert_eq!(undo_depth(harness.state_mut()), steps + 2);
    harness.state_mut().undo();
    assert_eq!(harness.state().rig().constraint_records().springs.len(), 1);
}

#[test]
fn a_child_of_mix_keyed_in_animate_mode_picks_a_prop_up_at_its_key() {
    let mut harness = harness();
    bones_mode(&mut harness);
    let arm = bone(harness.state(), "arm_r");
    select(&mut harness, "leg_l");
    let choices = harness.state().tools().rig_choices();
    harness
        .state_mut()
        .run(limber::editor::commands::Command::Rig(
            limber::editor::commands::RigCommand::SetChoices(limber::editor::rigging::RigChoices {
                target: Some(arm),
                ..choices
            }),
        ));
    harness.run_steps(1);
    click_label(&mut harness, "Add child-of");
    harness.key_press(Key::Num1);
    harness.run_steps(2);
    // In Animate mode the slider keys the mix at the playhead.
    let label = "child-of mix (keyed at playhead)";
    assert!(
        harness.query_all_by_label_contains(label).next().is_some(),
        "the keyed slider shows"
    );
    let name = harness.state().rig().constraint_records().child_of[0]
        .name
        .clone();
    let editor = harness.state_mut();
    editor.run(limber::editor::commands::Command::Clip(
        limber::editor::commands::ClipCommand::SetTime { time: 0.0 },
    ));
    assert!(
        editor.run(limber::editor::commands::Command::Rig(
            limber::editor::commands::RigCommand::KeyMix {
                name: name.clone(),
                mix: 0.0
            }
        )) == limber::editor::commands::Outcome::Done
    );
    editor.run(limber::editor::commands::Command::Clip(
        limber::editor::commands::ClipCommand::SetTime { time: 0.6 },
    ));
    assert!(
        editor.run(limber::editor::commands::Command::Rig(
            limber::editor::commands::RigCommand::KeyMix {
                name: name.clone(),
                mix: 1.0
            }
        )) == limber::editor::commands::Outcome::Done
    );
    let clip = editor.current_clip().expect("clip");
    assert_eq!(clip.sample_mix(&name, 0.0), Some(0.0));
    assert_eq!(clip.sample_mix(&name, 0.6), Some(1.0));
    assert_eq!(editor.rig().constraint_mix_at_playhead(&name, 1.0), 1.0);
    editor.run(limber::editor::commands::Command::Clip(
        limber::editor::commands::ClipCommand::SetTime { time: 0.0 },
    ));
    assert_eq!(
        editor.rig().constraint_mix_at_playhead(&name, 1.0),
        0.0,
        "keyed, not its own"
    );
    // At mix 0 leg_l is where its own animation puts it.
    let leg = bone(editor, "leg_l");
    let frame = editor.frame().expect("frame");
    let mut free = editor.document().project.clone();
    free.rig.follows.clear();
    let solver = limber::core::pose::PoseSolver::new(&free.rig.skeleton).expect("solver");
    let own = limber::core::frame::Frame::sample(&free, &solver, free.rig.clips.first(), 0.0);
    assert!((frame.world[leg].translation - own.world[leg].translation).length() < 1e-9);
}

#[test]
fn a_press_on_an_ik_target_takes_the_target_though_a_child_bone_starts_there() {
    let mut harness = harness();
    bones_mode(&mut harness);
    // IK on hip > spine: the new target sits at spine's tail, where the head bone starts.
    select(&mut harness, "spine");
    click_label(&mut harness, "Add IK");
    let target = harness.state().document().project.rig.ik[0].target;
    harness.key_press(Key::Num1);
    harness.run_steps(2);
    let head = bone(harness.state(), "head");
    let rotation = harness.state().bone_keys(head).rotation();
    let (at, _) = drawn(harness.state(), target);
    let from = harness.state().screen_of(at);
    drag(&mut harness, from, from + DVec2::new(30.0, 20.0));
    let editor = harness.state();
    assert_eq!(
        editor.selection().bone(),
        Some(target),
        "the target was taken"
    );
    assert_eq!(
        editor.bone_keys(head).rotation(),
        rotation,
        "the head bone was not turned"
    );
    let (moved, _) = drawn(editor, target);
    assert!(moved.distance(at) > 1.0, "the target moved");
}

#[test]
fn set_inverse_here_picks_a_bone_up_at_the_playhead_without_a_jump() {
    let mut harness = harness();
    bones_mode(&mut harness);
    let (arm, leg) = (
        bone(harness.state(), "arm_r"),
        bone(harness.state(), "leg_l"),
    );
    select(&mut harness, "leg_l");
    let choices = harness.state().tools().rig_choices();
    harness
        .state_mut()
        .run(limber::editor::commands::Command::Rig(
            limber::editor::commands::RigCommand::SetChoices(limber::editor::rigging::RigChoices {
                target: Some(arm),
                ..choices
            }),
        ));
    harness.run_steps(1);
    click_label(&mut harness, "Add child-of");
    harness.key_press(Key::Num1);
    harness.run_steps(2);
    let own_at = |editor: &Editor, t: f64| {
        let mut free = editor.document().project.clone();
        free.rig.follows.clear();
        let solver = limber::core::pose::PoseSolver::new(&free.rig.skeleton).expect("solver");
        limber::core::frame::Frame::sample(&free, &solver, free.rig.clips.first(), t).world[leg]
    };
    harness
        .state_mut()
        .run(limber::editor::commands::Command::Clip(
            limber::editor::commands::ClipCommand::SetTime { time: 0.3 },
        ));
    harness.run_steps(2);
    let before = harness.state().frame().expect("frame").world[leg].translation;
    let jump = before.distance(own_at(harness.state(), 0.3).translation);
    assert!(
        jump > 0.5,
        "carried since rest, the leg is off its own place: {jump} px"
    );
    let steps = undo_depth(harness.state_mut());
    // The inspector's rows (shear included) reach past the timeline's top: the artist scrolls the
    // inspector down to the button with the mouse wheel.
    let over_inspector = harness.get_by_label("Constraints").rect().center();
    harness.hover_at(over_inspector);
    harness.event(eframe::egui::Event::MouseWheel {
        unit: eframe::egui::MouseWheelUnit::Point,
        delta: eframe::egui::vec2(0.0, -300.0),
        phase: eframe::egui::TouchPhase::Move,
        source: eframe::egui::MouseWheelSource::Unknown,
        modifiers: eframe::egui::Modifiers::NONE,
    });
    harness.run_steps(30);
    click_label(&mut harness, "Set inverse here");
    assert_eq!(undo_depth(harness.state_mut()), steps + 1);
    let editor = harness.state();
    let now = editor.frame().expect("frame").world[leg].translation;
    assert!(
        now.distance(own_at(editor, 0.3).translation) < 1e-9,
        "at the frame it was set, the leg is where its own animation puts it"
    );
    harness
        .state_mut()
        .run(limber::editor::commands::Command::Clip(
            limber::editor::commands::ClipCommand::SetTime { time: 0.6 },
        ));
    harness.run_steps(1);
    let editor = harness.state();
    let later = editor.frame().expect("frame").world[leg].translation;
    assert!(
        later.distance(own_at(editor, 0.6).translation) > 0.1,
        "later the arm carries it"
    );
}
