//! Physics made in the editor: "Add physics" on the selected head is one undo step; in Animate mode
//! the view shows the head swinging behind the body as the core samples it (the same frame as
//! `Frame::sample`, and not the pose without physics); its gravity slider changes the swing in one
//! undo step; its mix keyed to 0 at the playhead turns it off in the clip; Delete takes it away.

use eframe::egui::{Key, Pos2};
use egui_kittest::kittest::Queryable;
use glam::DVec2;
use limber::app::timeline::key_position;
use limber::editor::editor::{Editor, Mode};

use super::editor_harness::{self, harness};
use super::support::{bone, delete_first_constraint, drawn, sampled_head_tip, select, undo_depth};

/// The head's tip as the core samples the document at the playhead, with or without its physics.
fn sampled_tip(editor: &Editor, with_physics: bool) -> DVec2 {
    sampled_head_tip(editor, |project| {
        if !with_physics {
            project.rig.physics.clear();
        }
    })
}

#[test]
fn physics_added_in_the_inspector_swings_the_head_in_the_view_and_its_sliders_tune_it() {
    let mut harness = harness();
    harness.key_press(Key::Num2);
    harness.run_steps(2);
    select(&mut harness, "head");
    let steps = undo_depth(harness.state_mut());
    harness.get_by_label("Add physics").click();
    harness.run_steps(2);
    let physics = harness.state().rig().constraint_records().physics;
    assert_eq!(physics.len(), 1);
    assert_eq!(
        (physics[0].name.as_str(), physics[0].bone.as_str()),
        ("physics", "head")
    );
    assert_eq!(physics[0].settings.rotate, 1.0);
    assert_eq!(undo_depth(harness.state_mut()), steps + 1);

    // Animate mode, 0.4 s into the clip: the head lags behind the shambling body.
    harness.key_press(Key::Num1);
    harness.run_steps(2);
    assert_eq!(harness.state().tools().mode(), Mode::Animate);
    let at: Pos2 = key_position(&harness.ctx, 0, 0.4).expect("the dopesheet was drawn");
    editor_harness::click_point(&mut harness, at);
    let head = bone(harness.state(), "head");
    let shown = drawn(harness.state(), head).1;
    let with = sampled_tip(harness.state(), true);
    let without = sampled_tip(harness.state(), false);
    assert!(
        (shown - with).length() < 1e-9,
        "the view shows the core's frame"
    );
    let swing = (with - without).length();
    assert!(swing > 0.5, "physics moves the head's tip {swing} px");

    // Gravity, set on its slider, changes the swing: one more undo step.
    let steps = undo_depth(harness.state_mut());
    // The slider and its value box share the label; the slider comes first.
    harness
        .get_all_by_label("gravity")
        .next()
        .unwrap()
        .scroll_to_me();
    harness.run_steps(4);
    harness
        .get_all_by_label("gravity")
        .next()
        .unwrap()
        .set_value_accesskit(60.0);
    harness.run_steps(2);
    let settings = harness.state().rig().constraint_records().physics[0].settings;
    assert_eq!(settings.gravity, 60.0);
    assert_eq!(undo_depth(harness.state_mut()), steps + 1);
    let heavy = drawn(harness.state(), head).1;
    assert!((heavy - sampled_tip(harness.state(), true)).length() < 1e-9);
    assert!(
        (heavy - shown).length() > 0.5,
        "gravity moved the tip: {heavy} from {shown}"
    );
    eprintln!(
        "physics swings the head's tip {swing:.2} px at 0.4 s; gravity 60 moves it {:.2} px more",
        (heavy - shown).length()
    );

    // Its mix, keyed at the playhead to 0 in Animate mode: a clip's mix key, and the head as if it
    // had no physics.
    let label = "physics mix (keyed at playhead)";
    harness
        .get_all_by_label(label)
        .next()
        .unwrap()
        .scroll_to_me();
    harness.run_steps(4);
    harness
        .get_all_by_label(label)
        .next()
        .unwrap()
        .set_value_accesskit(0.0);
    harness.run_steps(2);
    let clip = harness
        .state()
        .animation()
        .clip()
        .expect("a clip")
        .to_record();
    let keys: Vec<_> = clip
        .constraints
        .iter()
        .filter(|k| k.constraint == "physics")
        .collect();
    assert_eq!(keys.len(), 1, "{:?}", clip.constraints);
    assert_eq!(keys[0].mix, 0.0);
    let off = drawn(harness.state(), head).1;
    assert!((off - sampled_tip(harness.state(), false)).length() < 1e-9);
    // The filled diamond before the slider removes that key (one more step); undo puts it back.
    harness
        .get_by_label("Remove physics mix key")
        .click_accesskit();
    harness.run_steps(2);
    let clip = harness.state().animation().clip().expect("a clip");
    assert_eq!(clip.mix_keys_of("physics").count(), 0);
    assert!(harness.query_by_label("Key physics mix").is_some());
    harness.state_mut().undo();
    harness.run_steps(2);
    let clip = harness.state().animation().clip().expect("a clip");
    assert_eq!(clip.mix_keys_of("physics").count(), 1);
    harness.state_mut().undo();
    harness.run_steps(2);

    // Deleted from its row: gone in one step, back on undo.
    delete_first_constraint(&mut harness);
    assert!(
        harness
            .state()
            .rig()
            .constraint_records()
            .physics
            .is_empty()
    );
    harness.state_mut().undo();
    assert_eq!(harness.state().rig().constraint_records().physics.len(), 1);
}
