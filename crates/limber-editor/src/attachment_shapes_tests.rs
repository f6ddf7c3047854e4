//! The shape tools without a window, on the bundled sample: one drawing is one undo step, Esc
//! leaves the document as it was, a point is placed and aimed in one step (and later moved or turned
//! by its handles), a vertex drag is one step and Esc puts it back exactly, and a deleted vertex
//! keeps the polygon at three or more.

use std::path::Path;

use glam::DVec2;
use limber_core::slots::{AttachmentKind, AttachmentRecord, posed_point, posed_polygon};

use super::POINT_AIM;
use crate::commands::{Command, SkinCommand, SlotCommand};
use crate::document::Document;
use crate::editor::{Editor, Mode};
use crate::tools::Press;

/// The sample's one part, a slot of its own.
const PART: &str = "kenney_zombie_walk0";

/// The bundled sample in `mode` with a fresh history.
fn sample(mode: Mode) -> Editor {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/projects/zombie.limber");
    let mut editor = Editor::new(Document::open(&path).expect("the sample opens"));
    editor.run(crate::commands::Command::SetMode(mode));
    assert!(!editor.document.can_undo());
    editor
}

fn undo_depth(editor: &mut Editor) -> usize {
    let mut depth = 0;
    while editor.document.undo() {
        depth += 1;
    }
    for _ in 0..depth {
        editor.document.redo();
    }
    depth
}

/// A square of side 40 around the middle of the zombie, in view pixels.
fn square() -> [DVec2; 4] {
    [
        (100.0, 100.0),
        (140.0, 100.0),
        (140.0, 140.0),
        (100.0, 140.0),
    ]
    .map(DVec2::from)
}

/// The attachment `name` of slot `slot` as written.
fn record<'a>(editor: &'a Editor, slot: &str, name: &str) -> &'a AttachmentRecord {
    editor
        .document
        .project
        .rig
        .slots
        .slots
        .iter()
        .find(|s| s.name == slot)
        .and_then(|s| s.attachments.iter().find(|a| a.name() == name))
        .unwrap_or_else(|| panic!("attachment {name} of {slot}: {}", editor.status))
}

/// Draws `points` as a `kind` polygon with clicks and closes it with Enter (`close_shape`).
fn draw(editor: &mut Editor, kind: AttachmentKind, points: &[DVec2]) {
    let steps = undo_depth(editor);
    assert!(
        editor
            .run(Command::Slot(SlotCommand::StartShape {
                slot: PART.into(),
                kind
            }))
            .is_done(),
        "{}",
        editor.status
    );
    for &p in points {
        editor.click(Press::at(p));
    }
    assert_eq!(
        editor.slots().drawing().map(|d| d.points.len()),
        Some(points.len())
    );
    assert_eq!(undo_depth(editor), steps, "drawing changes nothing yet");
    assert!(
        editor.run(Command::Slot(SlotCommand::CloseShape)).is_done(),
        "{}",
        editor.status
    );
}

fn close(a: DVec2, b: [f64; 2]) -> bool {
    a.distance(DVec2::from(b)) < 1e-9
}

#[test]
fn a_drawn_box_is_one_undo_step_carried_by_the_selected_bone() {
    let mut editor = sample(Mode::Bones);
    editor.selection.set_bone(Some(1));
    let bone = editor.document.project.rig.skeleton.bones[1].name.clone();
    draw(&mut editor, AttachmentKind::BoundingBox, &square());
    assert_eq!(undo_depth(&mut editor), 1);
    assert!(editor.slots().drawing().is_none());
    let a = record(&editor, "box", "box");
    assert_eq!(a.kind(), AttachmentKind::BoundingBox);
    assert_eq!(a.bone(), Some(bone.as_str()));
    assert!(a.polygon().is_some_and(|p| p.bone().is_some()) && a.end().is_none());
    assert_eq!(a.vertices().len(), 4);
    for (p, v) in square().into_iter().zip(a.vertices()) {
        assert!(close(p, *v), "rest {v:?} for {p}");
    }
    // The part's own slot was written out; its mesh stays the setup, and the box has a slot of
    // its own right after it, which shows it.
    let slots = &editor.document.project.rig.slots.slots;
    assert_eq!(slots[0].setup.as_deref(), Some(PART));
    assert_eq!(
        (slots[1].name.as_str(), slots[1].setup.as_deref()),
        ("box", Some("box"))
    );
    assert_eq!(
        editor.slots().selected_shape().map(|(s, _)| s.attachment),
        Some("box".to_string())
    );
    editor.undo();
    assert!(editor.document.project.rig.slots.slots.is_empty());
}

#[test]
fn drawn_while_posed_the_polygon_is_where_it_was_clicked() {
    let mut editor = sample(Mode::Animate);
    editor.run(crate::commands::Command::Clip(
        crate::commands::ClipCommand::SetTime { time: 0.3 },
    ));
    let palette = editor.palette();
    assert!(
        palette.iter().any(|m| m.translation.length() > 1.0),
        "the clip poses the bones at 0.3 s"
    );
    editor.selection.set_bone(None);
    draw(&mut editor, AttachmentKind::BoundingBox, &square());
    let a = record(&editor, "box", "box").clone();
    let skeleton = &editor.document.project.rig.skeleton;
    let posed = posed_polygon(&a, skeleton, &editor.palette());
    for (p, q) in square().into_iter().zip(&posed) {
        assert!(close(p, *q), "{q:?} drawn for {p}");
    }
    // With no bone selected, the bone whose posed head is nearest carries it.
    let centre = square().iter().sum::<DVec2>() / 4.0;
    let nearest = (0..skeleton.bones.len())
        .min_by(|&x, &y| {
            let d = |i: usize| {
                palette[i]
                    .transform_point2(skeleton.bones[i].head())
                    .distance(centre)
            };
            d(x).total_cmp(&d(y))
        })
        .expect("bones");
    assert_eq!(a.bone(), Some(skeleton.bones[nearest].name.as_str()));
}

#[test]
fn esc_drops_a_drawing_with_the_document_unchanged() {
    let mut editor = sample(Mode::Bones);
    let before = editor.document.project.clone();
    assert!(
        editor
            .run(Command::Slot(SlotCommand::StartShape {
                slot: PART.into(),
                kind: AttachmentKind::BoundingBox
            }))
            .is_done()
    );
    editor.click(Press::at(square()[0]));
    editor.click(Press::at(square()[1]));
    // A press-and-drag adds a point that follows the pointer; Esc during it drops the drawing.
    assert!(editor.press(Press::at(square()[2])));
    editor.drag_to(square()[3]);
    assert_eq!(
        editor.slots().drawing().map(|d| d.points[2]),
        Some(square()[3])
    );
    assert!(editor.cancel_drag());
    assert!(editor.slots().drawing().is_none());
    assert_eq!(editor.document.project, before);
    assert_eq!(undo_depth(&mut editor), 0);
    // Esc with no drag held drops it too.
    assert!(
        editor
            .run(Command::Slot(SlotCommand::StartShape {
                slot: PART.into(),
                kind: AttachmentKind::BoundingBox
            }))
            .is_done()
    );
    editor.click(Press::at(square()[0]));
    assert!(
        editor
            .run(Command::Slot(SlotCommand::CancelShape))
            .is_done()
    );
    assert_eq!(editor.document.project, before);
    assert_eq!(undo_depth(&mut editor), 0);
}

#[test]
fn a_click_on_the_first_point_closes_and_two_points_do_not() {
    let mut editor = sample(Mode::Bones);
    assert!(
        editor
            .run(Command::Slot(SlotCommand::StartShape {
                slot: PART.into(),
                kind: AttachmentKind::BoundingBox
            }))
            .is_done()
    );
    let [a, b, c, _] = square();
    editor.click(Press::at(a));
    editor.click(Press::at(b));
    assert!(
        !editor.run(Command::Slot(SlotCommand::CloseShape)).is_done(),
        "two points are no polygon"
    );
    assert!(
        editor.status().contains("at least 3"),
        "{}",
        editor.status()
    );
    editor.click(Press::at(c));
    // A press (not a click) near the first point closes it too.
    assert!(!editor.press(Press::at(a + DVec2::new(1.0, 1.0))));
    assert!(editor.slots().drawing().is_none(), "{}", editor.status());
    assert_eq!(record(&editor, "box", "box").vertices().len(), 3);
    assert_eq!(undo_depth(&mut editor), 1);
    // A step made outside a command (here by a press) is named too: undo says what it took back.
    editor.undo();
    assert!(
        editor.status().starts_with("undid: added") && editor.status().contains("box"),
        "{}",
        editor.status()
    );
}

#[test]
fn a_point_is_placed_by_a_press_and_aimed_by_the_drag_in_one_step() {
    let mut editor = sample(Mode::Animate);
    editor.run(crate::commands::Command::Clip(
        crate::commands::ClipCommand::SetTime { time: 0.3 },
    ));
    assert!(
        editor
            .run(Command::Slot(SlotCommand::StartShape {
                slot: PART.into(),
                kind: AttachmentKind::Point
            }))
            .is_done()
    );
    let at = DVec2::new(120.0, 80.0);
    assert!(editor.press(Press::at(at)));
    // Up and to the right on screen: 45° counter-clockwise.
    editor.drag_to(at + DVec2::new(10.0, -10.0));
    editor.drag_to(at + DVec2::new(20.0, -20.0));
    assert!(!editor.document.can_undo());
    editor.release();
    assert_eq!(undo_depth(&mut editor), 1, "{}", editor.status());
    let a = record(&editor, "point", "point").clone();
    assert_eq!(a.kind(), AttachmentKind::Point);
    let posed = posed_point(&a, &editor.document.project.rig.skeleton, &editor.palette());
    assert!(close(at, posed.position), "{posed:?}");
    assert!((posed.rotation - 45.0).abs() < 1e-9, "{posed:?}");
    // Esc while aiming adds nothing.
    let before = editor.document.project.clone();
    assert!(
        editor
            .run(Command::Slot(SlotCommand::StartShape {
                slot: PART.into(),
                kind: AttachmentKind::Point
            }))
            .is_done()
    );
    assert!(editor.press(Press::at(at)));
    editor.drag_to(at + DVec2::X * 5.0);
    assert!(editor.cancel_drag());
    assert!(editor.slots().drawing().is_none());
    assert_eq!(editor.document.project, before);
}

#[test]
fn a_placed_point_moves_and_turns_by_its_handles_one_step_each() {
    let mut editor = sample(Mode::Animate);
    editor.run(crate::commands::Command::Clip(
        crate::commands::ClipCommand::SetTime { time: 0.3 },
    ));
    assert!(
        editor
            .run(Command::Slot(SlotCommand::StartShape {
                slot: PART.into(),
                kind: AttachmentKind::Point
            }))
            .is_done()
    );
    let at = DVec2::new(120.0, 80.0);
    assert!(editor.press(Press::at(at)));
    editor.release();
    editor.run(Command::Slot(SlotCommand::SelectShape {
        slot: "point".into(),
        attachment: Some("point".into()),
    }));
    let placed = editor.document.project.clone();
    let steps = undo_depth(&mut editor);
    let posed = |editor: &Editor| {
        let a = record(editor, "point", "point").clone();
        posed_point(&a, &editor.document.project.rig.skeleton, &editor.palette())
    };
    // The position handle: a drag moves the point, one step; Esc mid-drag puts it back.
    let to = DVec2::new(140.0, 95.0);
    for cancel in [true, false] {
        assert!(editor.press(Press::at(at)), "a press on the point grabs it");
        editor.drag_to((at + to) / 2.0);
        editor.drag_to(to);
        if cancel {
            assert!(editor.cancel_drag());
            assert_eq!(editor.document.project, placed, "Esc puts it back exactly");
        } else {
            editor.release();
        }
    }
    assert_eq!(undo_depth(&mut editor), steps + 1);
    assert!(close(to, posed(&editor).position), "{:?}", posed(&editor));
    assert!(
        posed(&editor).rotation.abs() < 1e-9,
        "the aim stays along +x"
    );
    // The aim handle at the tip of the direction line turns it: straight up is 90°.
    let zoom = editor.view().camera().zoom;
    let tip = to + DVec2::X * (POINT_AIM / zoom);
    assert!(
        editor.press(Press::at(tip)),
        "a press on the tip grabs the aim"
    );
    editor.drag_to(to + DVec2::new(0.0, -30.0));
    editor.release();
    assert_eq!(undo_depth(&mut editor), steps + 2);
    assert!(
        (posed(&editor).rotation - 90.0).abs() < 1e-6,
        "{:?}",
        posed(&editor)
    );
    assert!(close(to, posed(&editor).position), "the position stays");
}

#[test]
fn a_clip_ends_at_the_slot_in_front_and_needs_one() {
    let mut editor = sample(Mode::Bones);
    assert!(
        !editor
            .run(Command::Slot(SlotCommand::StartShape {
                slot: PART.into(),
                kind: AttachmentKind::Clipping
            }))
            .is_done()
    );
    assert!(editor.status().contains("in front"), "{}", editor.status());
    assert!(editor.run(Command::Slot(SlotCommand::Add)).is_done());
    assert_eq!(editor.slots().clip_end_choices(PART), ["slot"]);
    draw(&mut editor, AttachmentKind::Clipping, &square());
    assert_eq!(record(&editor, "clip", "clip").end(), Some("slot"));
    assert_eq!(undo_depth(&mut editor), 2, "the slot, then the clip");
}

#[test]
fn a_vertex_drag_is_one_step_and_esc_puts_it_back_exactly() {
    let mut editor = sample(Mode::Animate);
    editor.run(crate::commands::Command::Clip(
        crate::commands::ClipCommand::SetTime { time: 0.3 },
    ));
    draw(&mut editor, AttachmentKind::BoundingBox, &square());
    let drawn = editor.document.project.clone();
    let steps = undo_depth(&mut editor);
    let grab = square()[1] + DVec2::new(2.0, 0.0);
    let to = DVec2::new(170.0, 90.0);
    for cancel in [true, false] {
        assert!(
            editor.press(Press::at(grab)),
            "a press on a handle grabs it"
        );
        for i in 1..=5 {
            editor.drag_to(grab + (to - grab) * (f64::from(i) / 5.0));
        }
        if cancel {
            assert!(editor.cancel_drag());
            assert_eq!(editor.document.project, drawn, "Esc puts it back exactly");
            assert_eq!(undo_depth(&mut editor), steps);
        } else {
            editor.release();
        }
    }
    assert_eq!(undo_depth(&mut editor), steps + 1);
    let a = record(&editor, "box", "box").clone();
    let posed = posed_polygon(&a, &editor.document.project.rig.skeleton, &editor.palette());
    // Grabbed 2 px right of the point: it lands 2 px left of the pointer.
    assert!(close(to - DVec2::new(2.0, 0.0), posed[1]), "{:?}", posed[1]);
    assert!(close(square()[0], posed[0]), "the others stay");
    editor.undo();
    assert_eq!(editor.document.project, drawn);
}

#[test]
fn a_deleted_vertex_is_one_step_and_three_stay() {
    let mut editor = sample(Mode::Bones);
    draw(&mut editor, AttachmentKind::BoundingBox, &square());
    let steps = undo_depth(&mut editor);
    assert!(
        !editor.delete_shape_vertex_at(DVec2::new(500.0, 500.0)),
        "no point there"
    );
    assert!(editor.delete_shape_vertex_at(square()[2]));
    assert_eq!(undo_depth(&mut editor), steps + 1);
    let kept: Vec<[f64; 2]> = record(&editor, "box", "box").vertices().to_vec();
    assert_eq!(kept.len(), 3);
    assert!(close(square()[3], kept[2]));
    assert!(!editor.delete_shape_vertex_at(square()[0]));
    assert!(
        editor.status().contains("at least 3"),
        "{}",
        editor.status()
    );
    assert_eq!(undo_depth(&mut editor), steps + 1);
}

#[test]
fn with_a_skin_active_the_sprite_keeps_showing_beside_the_new_shape() {
    let mut editor = sample(Mode::Bones);
    assert!(editor.run(Command::Skin(SkinCommand::Add)).is_done());
    let skin = editor.slots().active_skin();
    draw(&mut editor, AttachmentKind::BoundingBox, &square());
    let set = &editor.document.project.rig.slots;
    let entries = &set.skin(&skin).expect("the new skin").slots;
    assert!(
        entries.get(PART).is_none_or(|e| e.get(PART).is_none()),
        "the skin does not put the box in place of the sprite: {entries:?}"
    );
    let rows = editor.slots().rows();
    let shown = |name: &str| {
        rows.iter()
            .find(|r| r.name == name)
            .and_then(|r| r.shown.clone())
    };
    assert_eq!(shown(PART).as_deref(), Some(PART));
    assert_eq!(shown("box").as_deref(), Some("box"));
}

#[test]
fn overlays_show_shown_and_selected_shapes_posed() {
    let mut editor = sample(Mode::Bones);
    assert!(editor.run(Command::Slot(SlotCommand::Add)).is_done());
    assert!(
        editor
            .run(Command::Slot(SlotCommand::StartShape {
                slot: "slot".into(),
                kind: AttachmentKind::BoundingBox
            }))
            .is_done()
    );
    for p in square() {
        editor.click(Press::at(p));
    }
    assert!(editor.run(Command::Slot(SlotCommand::CloseShape)).is_done());
    editor.run(Command::Slot(SlotCommand::SelectShape {
        slot: "box".into(),
        attachment: None,
    }));
    let frame = editor.frame().expect("a frame");
    let overlays = editor.slots().shape_overlays(&frame);
    assert_eq!(overlays.len(), 1, "the box's own slot shows it");
    assert_eq!(overlays[0].kind, AttachmentKind::BoundingBox);
    assert!(!overlays[0].selected);
    assert_eq!(overlays[0].points.len(), 4);
    editor.run(Command::Slot(SlotCommand::SelectShape {
        slot: "box".into(),
        attachment: Some("box".into()),
    }));
    assert!(editor.slots().shape_overlays(&frame)[0].selected);
    editor.run(Command::Slot(SlotCommand::SelectShape {
        slot: PART.into(),
        attachment: Some(PART.into()),
    }));
    assert!(
        editor.slots().selected_shape().is_none(),
        "a mesh is not a shape"
    );
}
