//! The divider above the timeline: dragging it sets the timeline's height, which is remembered
//! for the next start (the layout store read again by a new editor and harness).

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
