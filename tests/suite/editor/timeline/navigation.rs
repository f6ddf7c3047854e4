//! The timeline as animators expect it: time labels on the ruler, key navigation (buttons and
//! Home , . End), rows collapsing per bone hierarchy, a row header selecting its keys, a new key's
//! row scrolled into view, room after the clip's end, and "+ clip" leaving the layout alone.

use super::*;
use limber::app::timeline::{row_header, shown_rows};
use limber::app::ui::timeline_rect;
use limber::editor::layout::Layout;

fn all_bones() -> Vec<String> {
    ["hip", "spine", "head", "arm_l", "arm_r", "leg_l", "leg_r"]
        .map(String::from)
        .to_vec()
}

#[test]
fn the_ruler_is_labelled_in_seconds_and_in_frames_with_a_frame_rate() {
    let mut harness = harness();
    // shamble is 1.2 s long across about 1000 points: a label every 0.1 s, the end labelled.
    for label in ["0.0 s", "0.5 s", "1.0 s", "1.2 s"] {
        harness.get_by_label(label);
    }
    assert!(
        harness.query_by_label("0.05 s").is_none(),
        "labels do not crowd"
    );
    assert!(
        harness.query_by_label("7").is_none(),
        "no frame numbers without a rate"
    );
    assert_eq!(
        harness
            .state_mut()
            .run(limber::editor::commands::Command::Clip(
                limber::editor::commands::ClipCommand::SetFps { fps: Some(10) }
            )),
        limber::editor::commands::Outcome::Done
    );
    harness.run_steps(2);
    for frame in ["0", "7", "12"] {
        harness.get_by_label(frame);
    }
    // The labels' x follow the keys': 0.6 s's label is above hip's key at 0.6 s.
    let label = harness.get_by_label("0.6 s").rect();
    let key = at(&harness, 0, 0.6);
    assert!((label.center().x - key.x).abs() < 1.0, "{label:?} {key:?}");
}

#[test]
fn key_buttons_and_shortcuts_move_the_playhead_to_the_selected_bones_keys() {
    let mut harness = harness();
    harness
        .state_mut()
        .run(limber::editor::commands::Command::Bone(
            limber::editor::commands::BoneCommand::Select { bone: Some(0) },
        ));
    let revision = harness.state().document().revision();
    let go = |harness: &mut Harness<'_, Editor>, key: Key, expected: f64| {
        harness.key_press(key);
        harness.run_steps(1);
        assert_eq!(harness.state().playback().time(), expected, "{key:?}");
    };
    go(&mut harness, Key::End, 1.2);
    go(&mut harness, Key::Comma, 0.9);
    go(&mut harness, Key::Comma, 0.6);
    go(&mut harness, Key::Home, 0.0);
    go(&mut harness, Key::Period, 0.3);
    harness.get_by_label(">|").click();
    harness.run_steps(1);
    assert_eq!(harness.state().playback().time(), 1.2);
    harness.get_by_label("<").click();
    harness.run_steps(1);
    assert_eq!(harness.state().playback().time(), 0.9);
    harness.get_by_label("|<").click();
    harness.run_steps(1);
    assert_eq!(harness.state().playback().time(), 0.0);
    harness.get_by_label(">").click();
    harness.run_steps(1);
    assert_eq!(harness.state().playback().time(), 0.3);
    // Another bone's keys: head has none at 0.3, so the next is 0.6 and then 1.2.
    harness
        .state_mut()
        .run(limber::editor::commands::Command::Bone(
            limber::editor::commands::BoneCommand::Select { bone: Some(2) },
        ));
    harness
        .state_mut()
        .run(limber::editor::commands::Command::Clip(
            limber::editor::commands::ClipCommand::SetTime { time: 0.65 },
        ));
    go(&mut harness, Key::Period, 1.2);
    assert_eq!(
        harness.state().document().revision(),
        revision,
        "moving the playhead leaves the document alone"
    );
}

#[test]
fn a_bones_triangle_hides_its_descendants_rows_and_shows_them_again() {
    let mut harness = harness();
    assert_eq!(shown_rows(&harness.ctx), all_bones());
    let (_, triangle) = row_header(&harness.ctx, 1).expect("spine's row");
    click(&mut harness, triangle.expect("spine has children"));
    harness.run_steps(1);
    assert_eq!(
        shown_rows(&harness.ctx),
        ["hip", "spine", "leg_l", "leg_r"]
            .map(String::from)
            .to_vec()
    );
    assert!(
        key_position(&harness.ctx, 2, 0.0).is_none(),
        "head's row is hidden"
    );
    // leg_l's keys moved up to where head's row was.
    assert_eq!(
        key_position(&harness.ctx, 5, 0.0).map(|p| p.y),
        Some(at(&harness, 1, 0.0).y + 20.0)
    );
    let (_, triangle) = row_header(&harness.ctx, 1).unwrap();
    click(&mut harness, triangle.unwrap());
    harness.run_steps(1);
    assert_eq!(shown_rows(&harness.ctx), all_bones());
    assert!(
        row_header(&harness.ctx, 2).unwrap().1.is_none(),
        "head has no children"
    );
}

#[test]
fn a_row_header_selects_the_rows_keys_and_shift_adds_another_row() {
    let mut harness = harness();
    let (name, _) = row_header(&harness.ctx, 0).unwrap();
    click(&mut harness, name);
    let mut selected = harness.state().animation().selected_keys();
    selected.sort_by(|a, b| a.1.total_cmp(&b.1));
    let hip: Vec<(String, f64)> = [0.0, 0.3, 0.6, 0.9, 1.2].map(|t| id("hip", t)).to_vec();
    assert_eq!(selected, hip);
    assert_eq!(harness.state().selection().bone(), Some(0));
    let (name, _) = row_header(&harness.ctx, 2).unwrap();
    harness.event(Event::ModifiersChanged(Modifiers::SHIFT));
    harness.event(Event::PointerMoved(name));
    harness.run_steps(1);
    for pressed in [true, false] {
        harness.event(Event::PointerButton {
            pos: name,
            button: PointerButton::Primary,
            pressed,
            modifiers: Modifiers::SHIFT,
        });
        harness.run_steps(1);
    }
    harness.event(Event::ModifiersChanged(Modifiers::NONE));
    harness.run_steps(1);
    let selected = harness.state().animation().selected_keys();
    assert_eq!(selected.len(), 8, "{selected:?}");
    assert!(selected.contains(&id("head", 1.2)) && selected.contains(&id("hip", 0.3)));
    // The rows' keys copy together.
    harness.key_press_modifiers(Modifiers::COMMAND, Key::C);
    harness.run_steps(1);
    assert!(
        harness.state().status().contains("copied 8 keys"),
        "{}",
        harness.state().status()
    );
}

#[test]
fn a_new_keys_row_is_scrolled_into_view_and_the_clip_end_has_room() {
    let mut editor = editor_harness::sample_editor();
    editor.set_layout(Layout {
        timeline_height: Some(150.0),
        store: None,
        ..Layout::default()
    });
    let mut harness = editor_harness::harness_with(editor);
    let panel = timeline_rect(&harness.ctx).unwrap();
    assert!((panel.height() - 150.0).abs() < 1.0, "{panel:?}");
    let below = at(&harness, 6, 0.0);
    assert!(
        below.y > panel.bottom(),
        "leg_r's row starts out of view: {below:?} {panel:?}"
    );
    let editor = harness.state_mut();
    editor.run(limber::editor::commands::Command::Bone(
        limber::editor::commands::BoneCommand::Select { bone: Some(6) },
    ));
    editor.run(limber::editor::commands::Command::Clip(
        limber::editor::commands::ClipCommand::SetTime { time: 0.45 },
    ));
    harness.key_press(Key::K);
    harness.run_steps(3);
    assert!(keys(harness.state()).contains(&id("leg_r", 0.45)));
    let shown = at(&harness, 6, 0.45);
    assert!(
        shown.y > panel.top() && shown.y < panel.bottom(),
        "the new key's row is in view: {shown:?} {panel:?}"
    );
    // The clip's last keys sit well inside the panel, clear of the scrollbar.
    let end = at(&harness, 6, 1.2);
    assert!(end.x + 30.0 < panel.right(), "{end:?} {panel:?}");
}

#[test]
fn adding_a_clip_leaves_the_layout_alone() {
    let mut harness = harness();
    let centre = harness.state().view().viewport_center();
    let panel = timeline_rect(&harness.ctx).unwrap();
    for _ in 0..3 {
        harness.get_by_label("+ clip").click();
        harness.run_steps(2);
    }
    assert_eq!(harness.state().document().project.rig.clips.len(), 5);
    assert_eq!(
        harness.state().view().viewport_center(),
        centre,
        "the view did not shift"
    );
    assert_eq!(timeline_rect(&harness.ctx).unwrap().width(), panel.width());
}
