//! Frictions an artist met in a first hour with the editor, each driven through the whole egui UI
//! (egui_kittest, no window): an open modal dialog takes every key; the first key made without a
//! clip makes one (one undo step); the viewport keeps most of a 1280 × 800 window (and half of a
//! 1024 × 640 one), the side panels collapse and are remembered; long bone names end in an ellipsis
//! in the dopesheet with the whole name on hover; and the spacing slider shows the vertex count and
//! asks before a very fine mesh.

use eframe::egui::{self, Event, Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use limber::app::file_dialog::{Answer, FileChooser, Purpose, Request};
use limber::app::timeline::row_header;
use limber::app::ui::{editor_ui, viewport_rect};
use limber::editor::editor::{Editor, Mode};
use limber::editor::layout::{Layout, Side};

use crate::common::editor_harness;
use editor_harness::{harness_with, sample_editor};

/// The editor's whole UI with limber's own file dialog over it.
struct WithDialog {
    editor: Editor,
    chooser: FileChooser,
}

#[test]
fn an_open_file_dialog_takes_every_key() {
    let dir = std::env::temp_dir().join(format!("limber-modal-keys-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut chooser = FileChooser {
        native_first: false,
        builtin: None,
    };
    assert_eq!(
        chooser.ask(Request::for_purpose(Purpose::Open, dir.clone())),
        Answer::Pending(None)
    );
    let mut editor = sample_editor();
    editor.run(limber::editor::commands::Command::SetMode(Mode::Animate));
    editor.run(limber::editor::commands::Command::Bone(
        limber::editor::commands::BoneCommand::Select { bone: Some(1) },
    ));
    let mut harness = Harness::builder()
        .with_size(egui::Vec2::new(1280.0, 800.0))
        .build_ui_state(
            |ui, app: &mut WithDialog| {
                editor_ui(ui, &mut app.editor, None, false, &[]);
                app.chooser.show(ui.ctx());
            },
            WithDialog { editor, chooser },
        );
    harness.run_steps(3);
    assert!(
        harness.state().chooser.builtin.is_some(),
        "the dialog is open"
    );
    let state = |h: &Harness<'_, WithDialog>| {
        let e = &h.state().editor;
        (
            e.animation().playhead(),
            e.tools().mode(),
            e.document().project.rig.clone(),
            e.document().revision(),
        )
    };
    let before = state(&harness);
    for key in [Key::End, Key::Num3, Key::I, Key::Period, Key::K] {
        harness.key_press(key);
        harness.run_steps(1);
    }
    let after = state(&harness);
    assert_eq!(after.0, before.0, "the playhead did not move");
    assert_eq!(after.1, before.1, "the mode did not change");
    assert!(
        after.2 == before.2,
        "the bones, constraints and keys did not change"
    );
    assert_eq!(after.3, before.3, "no edit");

    // Closed, the same key reaches the editor again (so the test above could fail).
    harness.key_press(Key::Escape);
    harness.run_steps(3);
    assert!(harness.state().chooser.builtin.is_none(), "Esc closed it");
    harness.key_press(Key::Num3);
    harness.run_steps(1);
    assert_eq!(
        harness.state().editor.tools().mode(),
        Mode::Weights,
        "3 reaches the editor"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_first_key_without_a_clip_makes_one_in_the_same_undo_step() {
    let mut editor = sample_editor();
    while editor.current_clip().is_some() {
        assert_eq!(
            editor.run(limber::editor::commands::Command::DeleteClip),
            limber::editor::commands::Outcome::Done
        );
    }
    editor.run(limber::editor::commands::Command::SetMode(Mode::Animate));
    editor.run(limber::editor::commands::Command::Bone(
        limber::editor::commands::BoneCommand::Select { bone: Some(1) },
    ));
    let before = editor.document().project.clone();
    let mut harness = harness_with(editor);
    harness.key_press(Key::K);
    harness.run_steps(2);
    let editor = harness.state();
    assert_eq!(editor.clip_name(), Some("clip"), "{}", editor.status());
    let keys = editor.current_clip().unwrap().to_record().keys;
    assert_eq!(keys.len(), 1, "{keys:?}");
    assert!(!editor.status().contains("no clip"), "{}", editor.status());
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(2);
    assert!(
        harness.state().document().project == before,
        "one undo takes back the clip and its key"
    );
}

#[test]
fn the_first_key_scrolls_its_bone_row_into_view() {
    let mut editor = sample_editor();
    while editor.current_clip().is_some() {
        assert_eq!(
            editor.run(limber::editor::commands::Command::DeleteClip),
            limber::editor::commands::Outcome::Done
        );
    }
    // The shortest timeline shows a few rows only.
    editor.run(limber::editor::commands::Command::Layout(
        limber::editor::commands::LayoutCommand::SetTimelineHeight {
            height: limber::editor::layout::MIN_TIMELINE_HEIGHT,
        },
    ));
    editor.run(limber::editor::commands::Command::SetMode(Mode::Animate));
    let mut harness = harness_with(editor);
    harness.run_steps(2);
    // The bone whose row is last in the dopesheet (depth first from the roots).
    let last = {
        let editor = harness.state();
        let bones = &editor.document().project.rig.skeleton.bones;
        let mut order = Vec::new();
        let mut stack: Vec<usize> = (0..bones.len())
            .filter(|&i| bones[i].parent.is_none())
            .rev()
            .collect();
        while let Some(i) = stack.pop() {
            order.push(i);
            stack.extend(
                (0..bones.len())
                    .filter(|&c| bones[c].parent == Some(i))
                    .rev(),
            );
        }
        *order.last().expect("the sample has bones")
    };
    harness
        .state_mut()
        .run(limber::editor::commands::Command::Bone(
            limber::editor::commands::BoneCommand::Select { bone: Some(last) },
        ));
    harness.key_press(Key::K);
    harness.run_steps(6);
    let at = limber::app::timeline::key_position(&harness.ctx, last, 0.0)
        .expect("the new clip's rows are drawn");
    let window = harness.ctx.content_rect();
    assert!(
        at.y < window.bottom() - 4.0,
        "the keyed bone's row is scrolled into view: {at:?} in {window:?}"
    );
}

#[test]
fn the_viewport_keeps_most_of_a_1280_by_800_window_and_panels_collapse_remembered() {
    let dir = std::env::temp_dir().join(format!("limber-panels-{}", std::process::id()));
    let store = dir.join("layout.txt");
    let _ = std::fs::remove_file(&store);
    let mut editor = sample_editor();
    editor.set_layout(Layout::load(&store));
    let mut harness = harness_with(editor);
    harness.run_steps(2);
    let view = viewport_rect(&harness.ctx).expect("the viewport was laid out");
    let share = view.width() / 1280.0;
    println!(
        "viewport at 1280 × 800: {:.0} × {:.0} points, {:.1} % of the width",
        view.width(),
        view.height(),
        share * 100.0
    );
    assert!(share >= 0.55, "the viewport is {view:?}");
    // The skeleton list's two checkbox columns say what they are.
    for header in ["deform", "lock", "bone"] {
        assert!(harness.query_by_label(header).is_some(), "{header}");
    }

    // Collapsing the skeleton panel gives the viewport its room, and a restart remembers it.
    harness.get_by_label("«").click();
    harness.run_steps(3);
    let wider = viewport_rect(&harness.ctx).unwrap();
    assert!(wider.width() > view.width() + 100.0, "{view:?} → {wider:?}");
    assert!(harness.state().view().layout().is_collapsed(Side::Left));
    assert_eq!(harness.state().document().revision(), 0, "not the document");
    drop(harness);
    assert!(Layout::load(&store).is_collapsed(Side::Left));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_long_bone_name_is_cut_with_an_ellipsis_and_shown_whole_on_hover() {
    let long = "limb_down_left_lower_and_then_some";
    let mut editor = sample_editor();
    assert!(
        editor.run(limber::editor::commands::Command::Bone(
            limber::editor::commands::BoneCommand::Rename {
                bone: 1,
                to: long.to_string()
            }
        )) == limber::editor::commands::Outcome::Done
    );
    let mut harness = harness_with(editor);
    harness.run_steps(2);
    let shown = harness.query_all_by_label(long).count();
    let (name, _) = row_header(&harness.ctx, 1).expect("the row is shown");
    harness.event(Event::PointerMoved(name));
    harness.run_steps(8);
    assert_eq!(
        harness.query_all_by_label(long).count(),
        shown + 1,
        "a tooltip with the whole name"
    );
}

/// A 1024 × 1024 sprite (an opaque disc) open in Mesh mode, in a harness.
fn big_sprite_in_mesh_mode() -> Harness<'static, Editor> {
    let dir = std::env::temp_dir().join(format!("limber-dense-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("disc.png");
    let image = image::RgbaImage::from_fn(1024, 1024, |x, y| {
        let (dx, dy) = (f64::from(x) - 512.0, f64::from(y) - 512.0);
        let alpha = if dx.hypot(dy) < 500.0 { 255 } else { 0 };
        image::Rgba([200, 120, 60, alpha])
    });
    image.save(&path).unwrap();
    let document = limber::editor::document::Document::open(&path).expect("the sprite opens");
    let mut editor = Editor::new(document);
    editor.run(limber::editor::commands::Command::SetMode(Mode::Mesh));
    let mut harness = harness_with(editor);
    harness.run_steps(2);
    harness
}

fn vertex_count(harness: &Harness<'_, Editor>) -> usize {
    harness.state().document().project.parts[0]
        .mesh
        .positions
        .len()
}

#[test]
fn the_spacing_slider_shows_the_vertex_count_and_asks_before_a_dense_mesh() {
    let mut harness = big_sprite_in_mesh_mode();
    let count = vertex_count(&harness);
    assert!(
        harness
            .query_by_label(&format!("{count} vertices"))
            .is_some(),
        "the count beside the slider"
    );
    // Neither the count nor the slider's label is cut at the window's (the panel's) right edge.
    let count_label = harness.get_by_label(&format!("{count} vertices")).rect();
    let mut rects = vec![("count".to_string(), count_label)];
    rects.extend(
        harness
            .get_all_by_label("spacing (px)")
            .map(|n| ("slider and its label".to_string(), n.rect())),
    );
    for (what, rect) in rects {
        assert!(
            rect.max.x <= 1280.0,
            "the {what} ends inside the window: {rect:?}"
        );
    }
    // The slider's range follows the image: 4 px (a 256th of 1024) to 256 px.
    let slider = harness
        .get_by_role_and_label(egui::accesskit::Role::Slider, "spacing (px)")
        .accesskit_node();
    let (lo, hi) = (
        slider.min_numeric_value().unwrap(),
        slider.max_numeric_value().unwrap(),
    );
    assert_eq!((lo, hi), (4.0, 256.0));
    let value = slider.numeric_value().unwrap();
    assert!(lo < value && value < hi, "the default {value} is inside");
    let bounds = slider.bounding_box().unwrap();
    let y = 0.5 * (bounds.y0 + bounds.y1) as f32;
    let from = egui::pos2((bounds.x0 + 0.5 * bounds.width()) as f32, y);
    let to = egui::pos2(bounds.x0 as f32 - 40.0, y);
    editor_harness::drag_with(&mut harness, from, to, Modifiers::NONE);
    harness.run_steps(3);
    let before = harness.state().document().project.clone();
    assert!(vertex_count(&harness) < 50_000);
    assert!(
        harness.query_by_label("Make the mesh").is_some(),
        "a spacing of 4 px on a 1024 px disc asks first"
    );
    harness.get_by_label("Make the mesh").click();
    harness.run_steps(3);
    let dense = vertex_count(&harness);
    // The estimate (the pipeline's budget rule) is a little above what the mesh makes.
    assert!(
        dense > 40_000 && dense > before.parts[0].mesh.positions.len(),
        "{dense} vertices"
    );
    assert!(
        harness.query_by_label("Make the mesh").is_none(),
        "answered"
    );
    assert!(
        harness
            .query_by_label(&format!("{dense} vertices"))
            .is_some(),
        "the count follows"
    );
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(2);
    assert!(
        harness.state().document().project == before,
        "one undo step"
    );
}

#[test]
fn at_1024_by_640_the_viewport_keeps_half_the_window_and_the_timeline_leaves_it_room() {
    let dir = std::env::temp_dir().join(format!("limber-small-window-{}", std::process::id()));
    let mut editor = sample_editor();
    // Default panel sizes, not a remembered layout of this machine.
    editor.set_layout(Layout::load(&dir.join("layout.txt")));
    let size = egui::Vec2::new(1024.0, 640.0);
    let mut harness = editor_harness::harness_sized(editor, size);
    harness.run_steps(2);
    let view = viewport_rect(&harness.ctx).expect("the viewport was laid out");
    println!(
        "viewport at 1024 × 640: {:.0} × {:.0} points ({:.1} % of the width)",
        view.width(),
        view.height(),
        view.width() / size.x * 100.0
    );
    // The issue saw about 100 points of width at this size.
    assert!(view.width() >= 0.5 * size.x, "the viewport is {view:?}");
    assert!(view.height() >= 160.0, "the viewport is {view:?}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn remembered_wide_panels_give_way_in_a_small_window() {
    let dir = std::env::temp_dir().join(format!("limber-wide-panels-{}", std::process::id()));
    let mut layout = Layout::load(&dir.join("layout.txt"));
    // Panels made wide in a big window, then the editor started in a small one.
    for side in [Side::Left, Side::Right] {
        layout
            .set_side_width(side, 600.0)
            .expect("the layout store");
    }
    let mut editor = sample_editor();
    editor.set_layout(layout);
    let size = egui::Vec2::new(1024.0, 640.0);
    let mut harness = editor_harness::harness_sized(editor, size);
    harness.run_steps(2);
    let view = viewport_rect(&harness.ctx).expect("the viewport was laid out");
    assert!(
        view.width() >= 0.5 * size.x,
        "the viewport is {view:?} with 600-point panels remembered"
    );
    std::fs::remove_dir_all(&dir).ok();
}
