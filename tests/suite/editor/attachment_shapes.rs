//! The shape tools driven through the editor's whole UI (egui_kittest) on the bundled sample: the
//! slots panel's "+ Box", "+ Point" and "+ Clip" start a drawing, clicks in the viewport add its
//! points, Enter or a click on the first point closes it, Esc drops it; a point is placed and aimed
//! by one drag; a selected polygon's point is dragged or right-click deleted; a clip's end slot is
//! chosen in the panel. A new shape gets a slot of its own (the sprite keeps showing) and moves to
//! another slot from its menu. Every action is one undo step, checked in the project as saved and read
//! back. The overlays are checked in the rendered picture (green box, purple clip).

use eframe::egui::{Event, Key, Modifiers, PointerButton, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use glam::DVec2;
use limber::core::slots::{AttachmentKind, AttachmentRecord, SlotSet};
use limber::editor::commands::{Command, SlotCommand};
use limber::editor::document::Document;
use limber::editor::editor::{Editor, Mode};

use crate::common::editor_harness;
use editor_harness::{click_point, drag, harness_sized, pos, sample_editor, undo_depth};
use limber::editor::commands::FileCommand;

const PART: &str = "kenney_zombie_walk0";

/// The sample in Bones mode (the rest pose), tall enough that a slot's whole section shows.
fn opened() -> Harness<'static, Editor> {
    opened_sized(1200.0)
}

/// The sample in Bones mode in a window `height` points tall.
fn opened_sized(height: f32) -> Harness<'static, Editor> {
    let mut harness = harness_sized(sample_editor(), Vec2::new(1280.0, height));
    harness
        .state_mut()
        .run(limber::editor::commands::Command::SetMode(Mode::Bones));
    harness.run_steps(2);
    harness
}

/// Clicks the lowest widget labelled `label` (the last slot's, when several slots have one).
fn click_last(harness: &mut Harness<'_, Editor>, label: &str) {
    let at = harness
        .get_all_by_label(label)
        .map(|n| n.rect().center())
        .max_by(|a, b| a.y.total_cmp(&b.y))
        .unwrap_or_else(|| panic!("a widget labelled {label:?}"));
    click_point(harness, at);
}

/// Where image point `image` is on screen.
fn screen(harness: &Harness<'_, Editor>, image: DVec2) -> DVec2 {
    harness.state().screen_of(image)
}

/// Clicks in the viewport at image point `image`.
fn click_image(harness: &mut Harness<'_, Editor>, image: DVec2) {
    let at = pos(screen(harness, image));
    click_point(harness, at);
}

/// Four corners of a square on the zombie, image pixels.
fn square(harness: &Harness<'_, Editor>) -> [DVec2; 4] {
    let c = harness.state().canvas() / 2.0;
    [(-20.0, -20.0), (20.0, -20.0), (20.0, 20.0), (-20.0, 20.0)].map(|(x, y)| c + DVec2::new(x, y))
}

/// The slots as saved: the project written to a file and read back.
fn saved(harness: &mut Harness<'_, Editor>) -> SlotSet {
    static SAVES: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = SAVES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("limber-shapes-{}-{n}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let path = dir.join("shapes.limber");
    let editor = harness.state_mut();
    assert!(
        editor
            .run(Command::File(FileCommand::SaveAs(path.clone())))
            .is_done(),
        "{}",
        editor.status()
    );
    let text = std::fs::read_to_string(&path).expect("the saved file");
    let document = Document::open(&path).expect("the saved project opens");
    let _ = std::fs::remove_dir_all(&dir);
    assert!(text.contains("\"type\""), "the kinds are written");
    document.project.rig.slots.clone()
}

fn attachment<'a>(set: &'a SlotSet, slot: &str, name: &str) -> &'a AttachmentRecord {
    set.slots
        .iter()
        .find(|s| s.name == slot)
        .and_then(|s| s.attachments.iter().find(|a| a.name() == name))
        .unwrap_or_else(|| panic!("attachment {name} of slot {slot} in {set:?}"))
}

fn near(a: [f64; 2], b: DVec2, tolerance: f64) -> bool {
    DVec2::from(a).distance(b) <= tolerance
}

#[test]
fn a_box_drawn_with_clicks_and_enter_then_edited() {
    let mut harness = opened();
    let steps = undo_depth(harness.state_mut());
    click_last(&mut harness, "+ Box");
    assert!(
        harness.state().slots().drawing().is_some(),
        "{}",
        harness.state().status()
    );
    let corners = square(&harness);
    for p in corners {
        click_image(&mut harness, p);
    }
    assert_eq!(
        undo_depth(harness.state_mut()),
        steps,
        "drawing is no step yet"
    );
    harness.key_press(Key::Enter);
    harness.run_steps(2);
    assert!(
        harness.state().slots().drawing().is_none(),
        "{}",
        harness.state().status()
    );
    assert_eq!(undo_depth(harness.state_mut()), steps + 1);
    // One screen point is a fraction of an image pixel or more: clicks land within a pixel.
    let tolerance = 1.0 / harness.state().view().camera().zoom + 1e-6;
    let set = saved(&mut harness);
    let a = attachment(&set, "box", "box");
    assert_eq!(a.kind(), AttachmentKind::BoundingBox);
    // In a slot of its own, which shows it, right after the part's, which still shows the sprite.
    let order: Vec<&str> = set.slots.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(order, [PART, "box"]);
    assert_eq!(set.slots[0].setup.as_deref(), Some(PART));
    assert_eq!(set.slots[1].setup.as_deref(), Some("box"));
    assert_eq!(set.slots[1].draw_order, set.slots[0].draw_order);
    assert!(a.polygon().is_some_and(|p| p.bone().is_some()));
    assert_eq!(a.vertices().len(), 4);
    for (v, p) in a.vertices().iter().zip(corners) {
        assert!(near(*v, p, tolerance), "{v:?} for {p}");
    }

    // The new box is selected: drag its second corner out, one step.
    let from = screen(&harness, corners[1]);
    drag(&mut harness, from, from + DVec2::new(40.0, -30.0));
    assert_eq!(undo_depth(harness.state_mut()), steps + 2);
    let set = saved(&mut harness);
    let moved = attachment(&set, "box", "box").vertices()[1];
    let zoom = harness.state().view().camera().zoom;
    let expected = corners[1] + DVec2::new(40.0, -30.0) / zoom;
    assert!(near(moved, expected, tolerance), "{moved:?} for {expected}");

    // A right-click on a corner deletes it (one step); three stay.
    let at = pos(screen(&harness, corners[3]));
    harness.event(Event::PointerMoved(at));
    harness.run_steps(1);
    for pressed in [true, false] {
        harness.event(Event::PointerButton {
            pos: at,
            button: PointerButton::Secondary,
            pressed,
            modifiers: Modifiers::NONE,
        });
        harness.run_steps(1);
    }
    harness.run_steps(1);
    assert_eq!(
        undo_depth(harness.state_mut()),
        steps + 3,
        "{}",
        harness.state().status()
    );
    let set = saved(&mut harness);
    assert_eq!(attachment(&set, "box", "box").vertices().len(), 3);
    harness.state_mut().undo();
    let slots = &harness.state().document().project.rig.slots;
    let box_now = attachment(slots, "box", "box");
    assert_eq!(box_now.vertices().len(), 4, "undo brings the corner back");
}

#[test]
fn esc_drops_a_drawing_and_changes_nothing() {
    let mut harness = opened();
    let before = harness.state().document().project.clone();
    click_last(&mut harness, "+ Box");
    let corners = square(&harness);
    click_image(&mut harness, corners[0]);
    click_image(&mut harness, corners[1]);
    harness.key_press(Key::Escape);
    harness.run_steps(2);
    assert!(harness.state().slots().drawing().is_none());
    assert_eq!(harness.state().document().project, before);
    assert_eq!(undo_depth(harness.state_mut()), 0);
    // A click in the viewport now is the mode's again (selects a bone or none), no point.
    click_image(&mut harness, corners[2]);
    assert_eq!(harness.state().document().project, before);
}

#[test]
fn a_point_is_placed_and_aimed_by_one_drag() {
    let mut harness = opened();
    let steps = undo_depth(harness.state_mut());
    click_last(&mut harness, "+ Point");
    let at = harness.state().canvas() / 2.0;
    let from = screen(&harness, at);
    // Straight up on screen: 90° counter-clockwise.
    drag(&mut harness, from, from + DVec2::new(0.0, -60.0));
    assert_eq!(
        undo_depth(harness.state_mut()),
        steps + 1,
        "{}",
        harness.state().status()
    );
    let tolerance = 1.0 / harness.state().view().camera().zoom + 1e-6;
    let set = saved(&mut harness);
    let a = attachment(&set, "point", "point");
    let AttachmentRecord::Point {
        position, rotation, ..
    } = a
    else {
        panic!("a point: {a:?}");
    };
    assert!(near(*position, at, tolerance), "{a:?}");
    let rotation = rotation.expect("a rotation");
    assert!((rotation - 90.0).abs() < 1.0, "rotation {rotation}");
}

#[test]
fn a_clip_closed_on_its_first_point_with_its_end_chosen_in_the_panel() {
    // Tall enough for three slots' sections without scrolling.
    let mut harness = opened_sized(2000.0);
    // Two slots in front of the part's: the clip ends at the nearer unless another is chosen.
    for _ in 0..2 {
        click_last(&mut harness, "+ slot");
    }
    harness.run_steps(2);
    let steps = undo_depth(harness.state_mut());
    // The part's slot is the back-most, its section the lowest.
    click_last(&mut harness, "+ Clip");
    let drawing = harness
        .state()
        .slots()
        .drawing()
        .cloned()
        .expect("drawing a clip");
    assert_eq!(drawing.slot, PART);
    assert_eq!(drawing.end.as_deref(), Some("slot"));
    let corners = square(&harness);
    for p in &corners[..3] {
        click_image(&mut harness, *p);
    }
    click_image(&mut harness, corners[0] + DVec2::new(0.5, 0.5));
    assert!(
        harness.state().slots().drawing().is_none(),
        "{}",
        harness.state().status()
    );
    assert_eq!(undo_depth(harness.state_mut()), steps + 1);
    let set = saved(&mut harness);
    let a = attachment(&set, "clip", "clip");
    assert_eq!(a.kind(), AttachmentKind::Clipping);
    assert_eq!(a.vertices().len(), 3);
    assert_eq!(a.end(), Some("slot"));

    // The new clip is selected: its "Clips until" chooses the other slot, one step.
    click_last(&mut harness, "Clips until");
    let choice = harness
        .get_all_by_label("slot 2")
        .map(|n| n.rect().center())
        .max_by(|a, b| a.y.total_cmp(&b.y))
        .expect("slot 2 among the choices");
    click_point(&mut harness, choice);
    assert_eq!(
        undo_depth(harness.state_mut()),
        steps + 2,
        "{}",
        harness.state().status()
    );
    let set = saved(&mut harness);
    assert_eq!(attachment(&set, "clip", "clip").end(), Some("slot 2"));
}

/// The colour of the rendered pixel at screen point `at` (points are pixels here).
fn pixel(image: &image::RgbaImage, at: DVec2) -> [u8; 4] {
    image.get_pixel(at.x.round() as u32, at.y.round() as u32).0
}

#[test]
fn the_overlays_are_drawn_green_for_a_box_and_purple_for_a_clip() {
    let mut harness = opened();
    click_last(&mut harness, "+ slot");
    harness.run_steps(2);
    // A box drawn from the new slot and a clip from the part's (each gets a slot of its own).
    let c = harness.state().canvas() / 2.0;
    assert!(
        harness
            .state_mut()
            .run(Command::Slot(SlotCommand::StartShape {
                slot: "slot".into(),
                kind: AttachmentKind::BoundingBox
            }))
            .is_done()
    );
    harness.run_steps(1);
    let box_corners =
        [(-60.0, -60.0), (-10.0, -60.0), (-10.0, -10.0)].map(|(x, y)| c + DVec2::new(x, y));
    let clip_corners =
        [(10.0, 10.0), (60.0, 10.0), (60.0, 60.0)].map(|(x, y)| c + DVec2::new(x, y));
    for p in box_corners {
        click_image(&mut harness, p);
    }
    harness.key_press(Key::Enter);
    harness.run_steps(2);
    assert!(
        harness
            .state_mut()
            .run(Command::Slot(SlotCommand::StartShape {
                slot: PART.into(),
                kind: AttachmentKind::Clipping
            }))
            .is_done()
    );
    for p in clip_corners {
        click_image(&mut harness, p);
    }
    harness.key_press(Key::Enter);
    harness.run_steps(2);
    // The box is drawn because its slot shows it; the clip because it is selected, with its
    // handles.
    let image = harness.render().expect("a picture");
    if let Ok(path) = std::env::var("LIMBER_SHAPES_PNG") {
        image.save(path).expect("the picture saved");
    }
    let mid = |a: DVec2, b: DVec2| (screen(&harness, a) + screen(&harness, b)) / 2.0;
    let green = pixel(&image, mid(box_corners[0], box_corners[1]));
    let [r, g, b, _] = green.map(i32::from);
    assert!(g > r + 30 && g > b + 30, "box edge {green:?}");
    let purple = pixel(&image, mid(clip_corners[0], clip_corners[1]));
    let [r, g, b, _] = purple.map(i32::from);
    assert!(r > g + 30 && b > g + 60, "clip edge {purple:?}");
}

/// Centres of the widgets labelled `label`.
fn centres(harness: &Harness<'_, Editor>, label: &str) -> Vec<eframe::egui::Pos2> {
    harness
        .get_all_by_label(label)
        .map(|n| n.rect().center())
        .collect()
}

#[test]
fn a_box_moves_to_another_slot_from_its_menu_in_one_step() {
    let mut harness = opened();
    click_last(&mut harness, "+ Box");
    for p in square(&harness) {
        click_image(&mut harness, p);
    }
    harness.key_press(Key::Enter);
    harness.run_steps(2);
    let steps = undo_depth(harness.state_mut());
    let before = harness.state().document().project.clone();
    // Right-click the box's entry in its own slot's section, then Move to slot > the part's slot.
    let entry = harness
        .get_all_by_label("box")
        .find(|n| {
            egui_kittest::kittest::NodeT::accesskit_node(n).role()
                == eframe::egui::accesskit::Role::RadioButton
        })
        .map(|n| n.rect().center())
        .expect("the box's entry");
    harness.event(Event::PointerMoved(entry));
    harness.run_steps(1);
    for pressed in [true, false] {
        harness.event(Event::PointerButton {
            pos: entry,
            button: PointerButton::Secondary,
            pressed,
            modifiers: Modifiers::NONE,
        });
        harness.run_steps(1);
    }
    harness.run_steps(1);
    let listed = centres(&harness, PART);
    harness.get_by_label("Move to slot").click();
    harness.run_steps(2);
    let target = centres(&harness, PART)
        .into_iter()
        .find(|c| !listed.contains(c))
        .expect("the part's slot in the submenu");
    click_point(&mut harness, target);
    harness.run_steps(2);
    assert_eq!(
        undo_depth(harness.state_mut()),
        steps + 1,
        "{}",
        harness.state().status()
    );
    let set = saved(&mut harness);
    let part = set
        .slots
        .iter()
        .find(|s| s.name == PART)
        .expect("the part's slot");
    assert_eq!(
        attachment(&set, PART, "box").kind(),
        AttachmentKind::BoundingBox
    );
    assert_eq!(part.setup.as_deref(), Some(PART), "the sprite still shows");
    let own = set.slots.iter().find(|s| s.name == "box").expect("kept");
    assert!(own.attachments.is_empty() && own.setup.is_none());
    harness.state_mut().undo();
    assert_eq!(harness.state().document().project, before, "one undo step");
}
