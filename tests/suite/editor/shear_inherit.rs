//! Shear and inheritance through the editor's UI (egui_kittest) on the bundled sample: typing a
//! shear in the inspector's key fields keys the shear alone and the view leans the bone; the
//! "Inherits" choice sets what a bone takes of its parent, which the pose shows, and in Animate
//! mode keys it at the playhead (format version 14); each is one undo step, and a bone a
//! constraint moves keeps inheriting everything, the status line saying why.

use eframe::egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use limber::core::inherit::Inherit;
use limber::editor::bone_keys::KeyedChannels;
use limber::editor::commands::{BoneCommand, ClipCommand, Command, KeyCommand};
use limber::editor::editor::{Editor, Mode};

use crate::common::editor_harness::{click_point, harness};

/// The sample's spine, its head (a child of the spine) and a time where neither has a key.
const SPINE: usize = 1;
const HEAD: usize = 2;
const T: f64 = 0.55;

/// The sample in Animate mode with `bone` selected, the playhead at `T`.
fn animating(bone: usize) -> Harness<'static, Editor> {
    let mut harness = harness();
    let editor = harness.state_mut();
    editor.run(Command::Bone(BoneCommand::Select { bone: Some(bone) }));
    editor.run(Command::Clip(ClipCommand::SetTime { time: T }));
    harness.run_steps(2);
    assert_eq!(harness.state().tools().mode(), Mode::Animate);
    assert!(!harness.state().document().can_undo());
    harness
}

/// The sample animating the head (see [`animating`]), with a spring on the head: a bone a
/// constraint moves.
fn animating_with_a_spring_on_the_head() -> Harness<'static, Editor> {
    let mut harness = animating(HEAD);
    let editor = harness.state_mut();
    let mut constraints =
        limber::core::rig::RigFile::from_rig(&editor.document().project.rig).constraints();
    constraints
        .springs
        .push(limber::core::animation::SpringRecord {
            bone: "head".into(),
            frequency: 2.0,
            damping: 0.5,
            mix: 1.0,
        });
    editor
        .document_mut()
        .apply(limber::core::edit::Edit::SetConstraints(Box::new(
            constraints,
        )))
        .unwrap();
    harness
}

/// Undoes once: the project is `before` again, with nothing more to undo.
fn undo_is_one_step(harness: &mut Harness<'_, Editor>, before: &limber::core::project::Project) {
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(1);
    assert_eq!(&harness.state().document().project, before, "undo restores");
    assert!(!harness.state().document().can_undo(), "one undo step");
}

#[test]
fn typing_a_shear_keys_the_shear_alone_and_the_bone_leans() {
    let mut harness = animating(SPINE);
    let before = harness.state().document().project.clone();
    assert!(
        harness.query_by_label("Key shear").is_some(),
        "hollow diamond"
    );
    harness.get_by_label("Shear x").click();
    harness.run_steps(2);
    harness.get_by_label("Shear x").type_text("30");
    harness.run_steps(1);
    harness.key_press(Key::Enter);
    harness.run_steps(2);
    let key = harness.state().bone_keys(SPINE).key().expect("a key");
    assert_eq!(key.shear, Some([30.0, 0.0]));
    assert_eq!((key.rotate, key.translate, key.scale), (None, None, None));
    assert!(
        harness.query_by_label("Remove shear key").is_some(),
        "filled"
    );
    // The view samples it: the bone's own axis turned 30° counter-clockwise on screen, away from
    // the axis across it (which, y pointing down, is 90° clockwise of it at rest), so 120° apart.
    let frame = harness.state().frame().expect("a frame");
    let world = frame.world[SPINE].matrix2;
    let between = world.x_axis.angle_to(world.y_axis).to_degrees().abs();
    assert!((between - 120.0).abs() < 1e-6, "{between}°");
    undo_is_one_step(&mut harness, &before);
}

#[test]
fn choosing_what_a_bone_inherits_changes_its_pose_in_one_step() {
    let mut harness = animating(HEAD);
    // The spine stretched to twice its length: the head, as it inherits everything, stretches too.
    let stretch = KeyCommand::Channels {
        bone: SPINE,
        channels: KeyedChannels::scale([2.0, 2.0]),
    };
    harness.state_mut().run(Command::Key(stretch));
    harness.run_steps(2);
    let length = |h: &Harness<'_, Editor>| {
        h.state().frame().unwrap().world[HEAD]
            .matrix2
            .x_axis
            .length()
    };
    assert!((length(&harness) - 2.0).abs() < 1e-9);
    // The rig's mode is chosen outside Animate mode (there the key fields key it).
    harness.state_mut().run(Command::SetMode(Mode::Bones));
    harness.run_steps(2);
    let before = harness.state().document().project.clone();
    harness.get_by_label("Inherits").click();
    harness.run_steps(2);
    let choice = harness
        .get_all_by_label(Inherit::NoScale.label())
        .map(|n| n.rect().center())
        .max_by(|a, b| a.y.total_cmp(&b.y))
        .expect("the choice");
    click_point(&mut harness, choice);
    harness.run_steps(2);
    let bones = &harness.state().document().project.rig.skeleton.bones;
    assert_eq!(bones[HEAD].inherit, Inherit::NoScale);
    harness.state_mut().run(Command::SetMode(Mode::Animate));
    harness.run_steps(2);
    assert!(
        (length(&harness) - 1.0).abs() < 1e-9,
        "the head keeps its own scale"
    );
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(1);
    assert_eq!(harness.state().document().project, before, "undo restores");
}

/// Picks `mode` in the open inheritance choice (the lowest of the labels: the list under the box).
fn pick(harness: &mut Harness<'_, Editor>, mode: Inherit) {
    let choice = harness
        .get_all_by_label(mode.label())
        .map(|n| n.rect().center())
        .max_by(|a, b| a.y.total_cmp(&b.y))
        .expect("the choice");
    click_point(harness, choice);
    harness.run_steps(2);
}

#[test]
fn keying_what_a_bone_inherits_steps_its_pose_from_the_playhead() {
    let mut harness = animating(HEAD);
    let stretch = KeyCommand::Channels {
        bone: SPINE,
        channels: KeyedChannels::scale([2.0, 2.0]),
    };
    harness.state_mut().run(Command::Key(stretch));
    harness.run_steps(2);
    let length = |h: &Harness<'_, Editor>| {
        h.state().frame().unwrap().world[HEAD]
            .matrix2
            .x_axis
            .length()
    };
    let before = harness.state().document().project.clone();
    assert!(
        harness.query_by_label("Key inheritance").is_some(),
        "hollow diamond"
    );
    harness.get_by_label("Inherits at playhead").click();
    harness.run_steps(2);
    pick(&mut harness, Inherit::NoScale);
    let state = harness.state();
    let key = state.bone_keys(HEAD).key().expect("a key at the playhead");
    assert_eq!(key.inherit, Some(Inherit::NoScale));
    assert_eq!((key.rotate, key.scale), (None, None), "the mode alone");
    assert_eq!(
        state.document().project.rig.skeleton.bones[HEAD].inherit,
        Inherit::Normal,
        "the rig's mode stays"
    );
    assert!((length(&harness) - 1.0).abs() < 1e-9, "no scale from T on");
    assert!(
        harness.query_by_label("Remove inheritance key").is_some(),
        "filled"
    );
    // Before the key the rig's mode holds: the head stretches with the spine.
    let before_key = T - 0.1;
    harness
        .state_mut()
        .run(Command::Clip(ClipCommand::SetTime { time: before_key }));
    harness.run_steps(2);
    assert!((length(&harness) - 2.0).abs() < 1e-9);
    // One undo step.
    harness
        .state_mut()
        .run(Command::Clip(ClipCommand::SetTime { time: T }));
    harness.run_steps(2);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(2);
    assert_eq!(harness.state().document().project, before, "undo restores");
    // Position only: the head would point where its rest angle relative to the spine says in the
    // image (Spine's reading of the same values), so the key also turns it back to where it
    // pointed, and it does not jump.
    let axis = |h: &Harness<'_, Editor>| h.state().frame().unwrap().world[HEAD].matrix2.x_axis;
    let pointing = axis(&harness);
    // A frame earlier (no fps: a 60th of a second) the clip plays as before the key.
    let earlier = T - 1.0 / 60.0;
    let at = |h: &mut Harness<'_, Editor>, time: f64| {
        h.state_mut()
            .run(Command::Clip(ClipCommand::SetTime { time }));
        h.run_steps(2);
    };
    at(&mut harness, earlier);
    let pointing_earlier = axis(&harness);
    at(&mut harness, T);
    harness.get_by_label("Inherits at playhead").click();
    harness.run_steps(2);
    pick(&mut harness, Inherit::OnlyTranslation);
    let key = harness.state().bone_keys(HEAD).key().expect("a key");
    assert_eq!(key.inherit, Some(Inherit::OnlyTranslation));
    assert!(key.rotate.is_some(), "{key:?}");
    assert!(
        axis(&harness)
            .normalize()
            .abs_diff_eq(pointing.normalize(), 1e-9),
        "{} vs {pointing}",
        axis(&harness)
    );
    let status = harness.state().status().to_string();
    assert!(status.contains("rotation keyed too"), "{status}");
    at(&mut harness, earlier);
    assert!(
        axis(&harness).abs_diff_eq(pointing_earlier, 1e-9),
        "{} vs {pointing_earlier}",
        axis(&harness)
    );
    at(&mut harness, T);
    // The filled diamond takes the mode out and leaves the rotation; two undos restore.
    harness.get_by_label("Remove inheritance key").click();
    harness.run_steps(2);
    let key = harness
        .state()
        .bone_keys(HEAD)
        .key()
        .expect("the rotation stays");
    assert_eq!((key.inherit, key.rotate.is_some()), (None, true));
    for _ in 0..2 {
        harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
        harness.run_steps(2);
    }
    assert_eq!(harness.state().document().project, before);
}

/// Runs `command` on the head, which a spring moves: the project is unchanged and the status
/// says `why`.
fn refused_on_the_sprung_head(command: Command, why: &str) {
    let mut harness = animating_with_a_spring_on_the_head();
    let before = harness.state().document().project.clone();
    harness.state_mut().run(command);
    harness.run_steps(2);
    assert_eq!(harness.state().document().project, before, "unchanged");
    let status = harness.state().status().to_string();
    assert!(status.contains(why), "{status}");
}

#[test]
fn keying_a_constrained_bone_to_take_less_is_refused_and_says_why() {
    let key = KeyCommand::Inherit {
        bone: HEAD,
        inherit: Inherit::NoScale,
    };
    refused_on_the_sprung_head(Command::Key(key), "a spring moves it");
}

#[test]
fn a_bone_a_constraint_moves_keeps_inheriting_everything() {
    let set = BoneCommand::SetInherit {
        bone: HEAD,
        inherit: Inherit::OnlyTranslation,
    };
    refused_on_the_sprung_head(Command::Bone(set), "a spring moves \"head\"");
}

#[test]
fn shear_keys_draw_as_curves_of_their_own_in_the_curve_editor() {
    let mut harness = animating(SPINE);
    for (time, degrees) in [(0.2, "10"), (0.7, "-25")] {
        harness
            .state_mut()
            .run(Command::Clip(ClipCommand::SetTime { time }));
        harness.run_steps(2);
        harness.get_by_label("Shear y").click();
        harness.run_steps(2);
        harness.get_by_label("Shear y").type_text(degrees);
        harness.run_steps(1);
        harness.key_press(Key::Enter);
        harness.run_steps(2);
    }
    harness.key_press(Key::G);
    harness.run_steps(2);
    let curves = harness
        .state()
        .curves()
        .shown()
        .expect("a bone is selected");
    let shear = curves
        .iter()
        .find(|c| c.channel == limber::core::animation::Channel::ShearY)
        .expect("the shear y curve");
    let keys: Vec<(f64, f64)> = shear.keys.iter().map(|k| (k.time, k.value)).collect();
    assert_eq!(keys, vec![(0.2, 10.0), (0.7, -25.0)]);
    // Half way the graph and the pose agree: linear from 10° to −25°.
    let half = shear
        .points
        .iter()
        .find(|p| (p.x - 0.45).abs() < 0.02)
        .expect("a point half way");
    let sampled =
        harness.state().current_clip().unwrap().sample(half.x).bones[SPINE].shear[1].to_degrees();
    assert!((half.y - sampled).abs() < 1e-9, "{} vs {sampled}", half.y);
    // The legend lets the artist hide it.
    assert!(
        harness.query_by_label("shear y").is_some(),
        "the legend names it"
    );
}

#[test]
fn a_keyed_mode_under_an_unevenly_scaled_turned_parent_keeps_the_direction() {
    let mut harness = animating(HEAD);
    let editor = harness.state_mut();
    for (bone, channels) in [
        (SPINE, KeyedChannels::scale([2.0, 0.5])),
        (SPINE, KeyedChannels::rotate(30.0)),
        (HEAD, KeyedChannels::rotate(45.0)),
    ] {
        editor.run(Command::Key(KeyCommand::Channels { bone, channels }));
    }
    harness.run_steps(2);
    let axis = |h: &Harness<'_, Editor>| h.state().frame().unwrap().world[HEAD].matrix2.x_axis;
    let pointing = axis(&harness).normalize();
    // Without rotation or reflection the head keeps the spine's uneven scale: its direction does
    // not follow its rotation at one rate, and the kept direction is solved for.
    harness.state_mut().run(Command::Key(KeyCommand::Inherit {
        bone: HEAD,
        inherit: Inherit::NoRotationOrReflection,
    }));
    harness.run_steps(2);
    let key = harness.state().bone_keys(HEAD).key().expect("a key");
    assert_eq!(key.inherit, Some(Inherit::NoRotationOrReflection));
    let now = axis(&harness).normalize();
    // Solved exactly against the pose; the drawn frame agrees within a few nanoradians. (A turn
    // that assumed the direction follows the rotation at one rate missed by degrees here.)
    assert!(now.abs_diff_eq(pointing, 1e-7), "{now} vs {pointing}");
}
