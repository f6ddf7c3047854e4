//! The divider above the timeline: dragging it sets the timeline's height, which is remembered
//! for the next start (the layout store read again by a new editor and harness); the same for the
//! curve editor's height, which opens usable in a 1024 × 640 window.

use super::*;
use limber::app::ui::timeline_rect;
use limber::editor::layout::{DEFAULT_TIMELINE_HEIGHT, Layout};

fn harness_on(store: &std::path::Path) -> Harness<'static, Editor> {
    let mut editor = editor_harness::sample_editor();
    editor.set_layout(Layout::load(store));
    editor_harness::harness_with(editor)
}

#[test]
fn dragging_the_divider_sets_the_timelines_height_and_a_restart_keeps_it() {
    let dir = std::env::temp_dir().join(format!("limber-divider-{}", std::process::id()));
    let store = dir.join("layout.txt");
    let mut harness = harness_on(&store);
    let before = timeline_rect(&harness.ctx).unwrap();
    assert!(
        (before.height() - DEFAULT_TIMELINE_HEIGHT).abs() < 1.0,
        "{before:?}"
    );
    let rows_before = at(&harness, 6, 0.0).y;
    let from = Pos2::new(before.center().x, before.top() + 1.0);
    drag_with(
        &mut harness,
        from,
        from - egui::vec2(0.0, 180.0),
        Modifiers::NONE,
    );
    let after = timeline_rect(&harness.ctx).unwrap();
    assert!(
        (after.height() - (before.height() + 180.0)).abs() < 3.0,
        "{before:?} → {after:?}"
    );
    assert!(
        at(&harness, 6, 0.0).y < rows_before,
        "the rows moved up with the divider"
    );
    assert_eq!(
        harness.state().document().revision(),
        0,
        "the layout is not the document"
    );
    let remembered = harness
        .state()
        .view()
        .layout()
        .timeline_height
        .expect("remembered");
    assert!((remembered - after.height()).abs() < 1.0);
    drop(harness);

    // A new start reads the store: the same height.
    let harness = harness_on(&store);
    let again = timeline_rect(&harness.ctx).unwrap();
    assert!(
        (again.height() - after.height()).abs() < 1.0,
        "{again:?} vs {after:?}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_curve_editors_height_is_dragged_remembered_and_usable_at_1024_by_640() {
    use limber::app::ui::curves_rect;
    use limber::editor::layout::{DEFAULT_CURVE_HEIGHT, MIN_CURVE_HEIGHT};
    let dir = crate::common::temp_dir("editor-curve-height");
    let store = dir.join("layout.txt");
    let mut harness = harness_on(&store);
    let select = || Command::Bone(limber::editor::commands::BoneCommand::Select { bone: Some(1) });
    harness.state_mut().run(select());
    harness.state_mut().run(Command::ToggleCurves);
    harness.run_steps(2);
    let before = curves_rect(&harness.ctx).expect("the curve editor is open");
    assert!(
        (before.height() - DEFAULT_CURVE_HEIGHT).abs() < 2.0,
        "{before:?}"
    );
    let from = Pos2::new(before.center().x, before.top() + 1.0);
    drag_with(
        &mut harness,
        from,
        from - egui::vec2(0.0, 60.0),
        Modifiers::NONE,
    );
    let after = curves_rect(&harness.ctx).expect("open");
    assert!(
        (after.height() - (before.height() + 60.0)).abs() < 3.0,
        "{before:?} → {after:?}"
    );
    let remembered = harness.state().view().layout().curve_height;
    assert!(remembered.is_some_and(|h| (h - after.height()).abs() < 1.0));
    drop(harness);
    // A new start reads the store; in a 1024 × 640 window it still opens usable.
    let mut editor = editor_harness::sample_editor();
    editor.set_layout(Layout::load(&store));
    editor.run(select());
    editor.run(Command::ToggleCurves);
    let harness = editor_harness::harness_sized(editor, egui::Vec2::new(1280.0, 800.0));
    let again = curves_rect(&harness.ctx).expect("open");
    assert!((again.height() - after.height()).abs() < 1.0, "{again:?}");
    let mut editor = editor_harness::sample_editor();
    editor.set_layout(Layout::load(&store));
    editor.run(select());
    editor.run(Command::ToggleCurves);
    let small = editor_harness::harness_sized(editor, egui::Vec2::new(1024.0, 640.0));
    let rect = curves_rect(&small.ctx).expect("open");
    assert!(rect.height() >= MIN_CURVE_HEIGHT - 1.0, "{rect:?}");
    let view = limber::app::ui::viewport_rect(&small.ctx).expect("laid out");
    assert!(view.height() >= 100.0, "the view keeps room: {view:?}");
}
