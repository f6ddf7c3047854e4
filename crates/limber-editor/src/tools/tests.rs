//! Each tool driven with synthetic pointer events on the bundled sample, without a window: a drag
//! is exactly one undo step that undo takes back, and a drag cancelled with Esc leaves the project
//! as it was with no undo step and the selection as it was.

use std::path::Path;

use glam::DVec2;

use super::{Drag, Press};
use crate::document::Document;
use crate::editor::{Editor, Mode};

/// An editor on the bundled sample (the zombie: rigged, two clips) with a fresh history.
fn sample() -> Editor {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/projects/zombie.limber");
    let editor = Editor::new(Document::open(&path).unwrap());
    assert!(!editor.document.can_undo());
    editor
}

/// Presses at `press`, moves towards `to` in six steps; leaves the drag open.
fn press_and_move(editor: &mut Editor, press: Press, to: DVec2) {
    assert!(
        editor.press(press),
        "the tool starts a drag: {}",
        editor.status
    );
    for i in 1..=6 {
        let p = press.point + (to - press.point) * (f64::from(i) / 6.0);
        editor.drag_to(p);
    }
}

/// A whole drag is one undo step that undo takes back exactly; the same drag cancelled with Esc
/// on a fresh editor leaves no step, the project `==` to before and the selection as it was.
/// Returns the editor after the finished drag (before its undo), for tool-specific checks.
fn check_tool(
    setup: impl Fn(&mut Editor),
    press: impl Fn(&Editor) -> Press,
    to: impl Fn(&Editor) -> DVec2,
) -> Editor {
    let mut editor = sample();
    setup(&mut editor);
    let before = editor.document.project.clone();
    let (p, t) = (press(&editor), to(&editor));
    press_and_move(&mut editor, p, t);
    assert!(editor.tools().drag().is_some());
    assert!(editor.document.in_transaction(), "the drag's step is open");
    editor.release();
    assert!(editor.tools().drag().is_none());
    assert!(!editor.document.in_transaction(), "the release closes it");
    assert_ne!(
        editor.document.project, before,
        "the drag changed the project"
    );
    let after = editor.document.project.clone();
    assert!(editor.document.undo(), "there is a step to undo");
    assert_eq!(
        editor.document.project, before,
        "one undo takes the whole drag back"
    );
    assert!(!editor.document.can_undo(), "the drag was exactly one step");
    assert!(editor.document.redo());
    assert_eq!(editor.document.project, after);

    let mut cancelled = sample();
    setup(&mut cancelled);
    let selection = (cancelled.selection().bone(), cancelled.selection().vertex());
    press_and_move(&mut cancelled, p, t);
    assert!(cancelled.cancel_drag(), "Esc cancels the drag");
    assert!(cancelled.tools().drag().is_none());
    assert!(!cancelled.document.in_transaction());
    assert_eq!(
        cancelled.document.project, before,
        "Esc restores the project exactly"
    );
    assert!(
        !cancelled.document.can_undo(),
        "a cancelled drag leaves no undo step"
    );
    assert_eq!(
        (cancelled.selection().bone(), cancelled.selection().vertex()),
        selection
    );
    // Releasing after Esc does nothing more.
    cancelled.release();
    assert_eq!(cancelled.document.project, before);
    assert!(!cancelled.document.can_undo());
    editor
}

/// Bone `bone`'s posed head and tail at the playhead.
fn posed_bone(editor: &Editor, bone: usize) -> (DVec2, DVec2) {
    let frame = editor.frame().unwrap();
    let record = &editor.document.project.rig.skeleton.bones[bone];
    (
        frame.palette[bone].transform_point2(record.head()),
        frame.palette[bone].transform_point2(record.tail()),
    )
}

/// A point on bone 0 near its tail, where a press grabs it.
fn grab(editor: &Editor) -> DVec2 {
    let (head, tail) = posed_bone(editor, 0);
    head + (tail - head) * 0.8
}

/// Part 0's interior vertex nearest the middle of its image, and the distance to its nearest
/// neighbour.
fn interior_vertex(editor: &Editor) -> (usize, f64) {
    let mesh = &editor.document.project.parts[0].mesh;
    let boundary: Vec<u32> = mesh.boundary_loops.concat();
    let at = |v: usize| DVec2::from(mesh.positions[v]);
    let centre = DVec2::new(f64::from(mesh.width), f64::from(mesh.height)) / 2.0;
    let v = (0..mesh.positions.len())
        .filter(|&v| !boundary.contains(&(v as u32)))
        .min_by(|&a, &b| {
            (at(a) - centre)
                .length()
                .total_cmp(&(at(b) - centre).length())
        })
        .unwrap();
    let gap = (0..mesh.positions.len())
        .filter(|&u| u != v)
        .map(|u| (at(u) - at(v)).length())
        .fold(f64::INFINITY, f64::min);
    (v, gap)
}

#[test]
fn posing_rotates_the_bone_as_one_step_and_esc_restores_it() {
    let turned = |e: &Editor| {
        let (pivot, _) = posed_bone(e, 0);
        let arm = grab(e) - pivot;
        pivot + DVec2::new(-arm.y, arm.x)
    };
    let before = sample().bone_keys(0).rotation();
    // Zoomed in so the grab is farther from the head than the least lever (`pose::LEVER`).
    let zoom = |e: &mut Editor| {
        let camera = e.view().camera();
        e.view.set_camera(crate::view::Camera {
            zoom: 20.0,
            ..camera
        });
    };
    let editor = check_tool(zoom, |e| Press::at(grab(e)), turned);
    let turn = editor.bone_keys(0).rotation() - before;
    assert!((turn + 90.0).abs() < 1.0, "rotated by {turn}°");
    // At zoom 1 the same grab is within the lever: the turn is smaller, not a jump.
    let editor = check_tool(|_| {}, |e| Press::at(grab(e)), turned);
    let turn = editor.bone_keys(0).rotation() - before;
    assert!(turn < -5.0 && turn > -90.0, "rotated by {turn}°");
    assert_eq!(
        editor.selection().bone(),
        Some(0),
        "the posed bone is selected"
    );
}

#[test]
fn shift_posing_moves_the_bone_as_one_step_and_esc_restores_it() {
    let press = |e: &Editor| Press {
        shift: true,
        ..Press::at(grab(e))
    };
    let editor = check_tool(|_| {}, press, |e| grab(e) + DVec2::new(12.0, 5.0));
    assert_ne!(editor.bone_keys(0).translation(), DVec2::ZERO);
}

#[test]
fn drawing_a_bone_is_one_step_and_esc_draws_nothing() {
    let setup = |e: &mut Editor| {
        e.tools.set_mode(Mode::Bones);
        e.selection.set_bone(Some(0));
    };
    let tail0 = |e: &Editor| e.document.project.rig.skeleton.bones[0].tail();
    let bones = sample().document.project.rig.skeleton.bones.len();
    let editor = check_tool(
        setup,
        |e| Press::at(tail0(e) + DVec2::new(5.0, 5.0)),
        |e| tail0(e) + DVec2::new(20.0, -10.0),
    );
    let skeleton = &editor.document.project.rig.skeleton;
    assert_eq!(skeleton.bones.len(), bones + 1);
    assert_eq!(skeleton.bones[bones].parent, Some(0));
    assert_eq!(editor.selection().bone(), Some(bones));
    // The new bone's weights came in the same step (undo took them back with it above).
    let binding = &editor.document.project.parts[0].binding;
    assert!(
        binding
            .vertices
            .iter()
            .any(|v| v.iter().any(|&(b, _)| b == bones))
    );
}

#[test]
fn a_bone_being_drawn_shows_its_tail_and_esc_forgets_it() {
    let mut editor = sample();
    editor.tools.set_mode(Mode::Bones);
    press_and_move(
        &mut editor,
        Press::at(DVec2::new(10.0, 10.0)),
        DVec2::new(40.0, 30.0),
    );
    assert!(matches!(
        editor.tools().drag(),
        Some(Drag::NewBone(b)) if b.tail == DVec2::new(40.0, 30.0) && b.head == DVec2::new(10.0, 10.0)
    ));
    assert!(editor.cancel_drag());
    assert!(editor.tools().drag().is_none());
    assert!(!editor.cancel_drag(), "nothing left to cancel");
}

#[test]
fn a_brush_stroke_is_one_step_and_esc_restores_the_weights() {
    let setup = |e: &mut Editor| {
        e.tools.set_mode(Mode::Weights);
        e.selection.set_bone(Some(3));
        let brush = e.tools().brush();
        e.tools.set_brush(crate::editor::Brush {
            strength: 0.8,
            radius: 10.0,
            ..brush
        });
    };
    let at = |x: f64| move |e: &Editor| e.canvas() * DVec2::new(x, 0.5);
    let editor = check_tool(setup, |e| Press::at(at(0.3)(e)), at(0.7));
    let before = sample().document.project.parts[0].binding.clone();
    assert_ne!(editor.document.project.parts[0].binding, before);
    assert!(editor.tools().drag().is_none());
}

#[test]
fn moving_a_mesh_vertex_is_one_step_and_esc_leaves_the_mesh() {
    let setup = |e: &mut Editor| e.tools.set_mode(Mode::Mesh);
    let at =
        |e: &Editor| DVec2::from(e.document.project.parts[0].mesh.positions[interior_vertex(e).0]);
    let offset = |e: &Editor| DVec2::new(interior_vertex(e).1 * 0.3, 0.0);
    let editor = check_tool(setup, |e| Press::at(at(e)), |e| at(e) + offset(e));
    let original = sample();
    let (v, _) = interior_vertex(&original);
    let moved = DVec2::from(editor.document.project.parts[0].mesh.positions[v]);
    let expected = at(&original) + offset(&original);
    assert!((moved - expected).length() < 1e-9, "{moved} vs {expected}");
    assert_eq!(editor.selection().vertex(), Some((0, v)));
}

#[test]
fn a_deform_drag_is_one_step_and_esc_removes_its_key() {
    let setup = |e: &mut Editor| e.tools.deform_mut().on = true;
    let posed = |e: &Editor| {
        let frame = e.frame().unwrap();
        let (v, _) = interior_vertex(e);
        DVec2::from(
            crate::deform::posed_vertices(&e.document.project.parts, &frame, e.view().skinning())
                [0]
            .1[v],
        )
    };
    let editor = check_tool(
        setup,
        |e| Press::at(posed(e)),
        |e| posed(e) + DVec2::new(6.0, 4.0),
    );
    let clip = editor.current_clip().unwrap();
    let name = &editor.document.project.parts[0].name;
    assert!(
        !clip.sample_part(name, 0.0).deform.is_empty(),
        "the drag keyed offsets"
    );
}

#[test]
fn a_press_on_nothing_starts_no_drag_and_leaves_no_step_open() {
    let mut editor = sample();
    assert!(!editor.press(Press::at(DVec2::new(-500.0, -500.0))));
    assert!(editor.tools().drag().is_none());
    assert!(!editor.document.in_transaction());
    editor.tools.set_mode(Mode::Weights);
    assert!(
        !editor.press(Press::at(DVec2::new(40.0, 60.0))),
        "no bone to paint"
    );
    assert!(!editor.document.in_transaction());
}

#[test]
fn a_click_with_the_brush_is_one_dab_and_one_step() {
    let mut editor = sample();
    editor.tools.set_mode(Mode::Weights);
    editor.selection.set_bone(Some(3));
    let brush = editor.tools().brush();
    editor.tools.set_brush(crate::editor::Brush {
        strength: 0.8,
        ..brush
    });
    let before = editor.document.project.clone();
    editor.click(Press::at(editor.canvas() * 0.5));
    assert_ne!(editor.document.project, before);
    assert!(editor.document.undo());
    assert_eq!(editor.document.project, before);
    assert!(!editor.document.can_undo());
}

#[test]
fn an_undo_mid_drag_leaves_the_rest_of_the_drag_a_step_of_its_own() {
    let mut editor = sample();
    let before = editor.document.project.clone();
    let start = grab(&editor);
    assert!(editor.press(Press::at(start)));
    editor.drag_to(start + DVec2::new(0.0, 8.0));
    editor.undo();
    assert_eq!(editor.document.project, before);
    editor.drag_to(start + DVec2::new(0.0, 16.0));
    assert!(
        editor.document.in_transaction(),
        "the drag reopened its step"
    );
    editor.release();
    assert!(editor.document.undo());
    assert_eq!(editor.document.project, before);
}

/// Bones mode with bone `bone` of the sample selected.
fn bones_mode(bone: usize) -> impl Fn(&mut Editor) {
    move |e: &mut Editor| {
        e.tools.set_mode(Mode::Bones);
        e.selection.set_bone(Some(bone));
    }
}

fn rest(editor: &Editor, bone: usize) -> (DVec2, DVec2) {
    let b = &editor.document.project.rig.skeleton.bones[bone];
    (b.head(), b.tail())
}

#[test]
fn dragging_a_tail_moves_it_with_the_attached_children_and_the_weights_in_one_step() {
    // hip (0): spine (1) hangs at its tail, the legs (5, 6) at its head.
    let before = sample();
    let offset = DVec2::new(10.0, 0.0);
    let editor = check_tool(
        bones_mode(0),
        |e| Press::at(rest(e, 0).1),
        move |e| rest(e, 0).1 + offset,
    );
    let (h0, t0) = rest(&before, 0);
    assert_eq!(rest(&editor, 0), (h0, t0 + offset));
    let (h1, t1) = rest(&before, 1);
    assert_eq!(
        rest(&editor, 1),
        (h1 + offset, t1 + offset),
        "spine follows"
    );
    assert_eq!(rest(&editor, 5), rest(&before, 5), "a leg does not");
    assert_ne!(
        editor.document.project.parts[0].binding, before.document.project.parts[0].binding,
        "the weights were recomputed in the step"
    );
    assert!(editor.tools().drag().is_none());
}

#[test]
fn alt_moves_the_tail_alone_and_a_body_drag_takes_the_subtree() {
    let before = sample();
    let offset = DVec2::new(0.0, -6.0);
    let mut editor = sample();
    bones_mode(0)(&mut editor);
    let tail = rest(&editor, 0).1;
    let press = Press {
        alt: true,
        ..Press::at(tail)
    };
    press_and_move(&mut editor, press, tail + offset);
    assert!(matches!(editor.tools().drag(), Some(Drag::BindPose(_))));
    editor.release();
    assert_eq!(rest(&editor, 0).1, tail + offset);
    assert_eq!(rest(&editor, 1), rest(&before, 1), "Alt: spine stays");
    assert!(editor.document.undo());
    assert_eq!(editor.document.project, before.document.project);

    // The middle of hip: the whole bone and everything below it.
    let (h, t) = rest(&editor, 0);
    press_and_move(
        &mut editor,
        Press::at((h + t) / 2.0),
        (h + t) / 2.0 + offset,
    );
    editor.release();
    for bone in 0..before.document.project.rig.skeleton.bones.len() {
        let (bh, bt) = rest(&before, bone);
        assert_eq!(
            rest(&editor, bone),
            (bh + offset, bt + offset),
            "bone {bone}"
        );
    }
}

#[test]
fn a_head_drag_leaves_the_tail_and_a_press_away_from_the_bone_draws_one() {
    let before = sample();
    let mut editor = sample();
    bones_mode(1)(&mut editor);
    let (head, tail) = rest(&editor, 1);
    press_and_move(&mut editor, Press::at(head), head + DVec2::new(-3.0, 2.0));
    editor.release();
    assert_eq!(rest(&editor, 1), (head + DVec2::new(-3.0, 2.0), tail));
    assert_eq!(rest(&editor, 2), rest(&before, 2), "head (the bone) stays");
    press_and_move(
        &mut editor,
        Press::at(tail + DVec2::new(30.0, 0.0)),
        tail + DVec2::new(40.0, -10.0),
    );
    assert!(matches!(editor.tools().drag(), Some(Drag::NewBone(_))));
}

#[test]
fn a_ctrl_band_selects_the_bones_inside_without_an_undo_step_and_esc_puts_the_selection_back() {
    let mut editor = sample();
    editor.selection.set_bone(Some(0));
    let project = editor.document.project.clone();
    let canvas = editor.canvas();
    let press = Press {
        ctrl: true,
        ..Press::at(DVec2::new(-10.0, -10.0))
    };
    // Over the whole canvas: every bone.
    press_and_move(&mut editor, press, canvas + DVec2::splat(10.0));
    assert!(matches!(editor.tools().drag(), Some(Drag::Band(_))));
    editor.release();
    let bones = editor.document.project.rig.skeleton.bones.len();
    assert_eq!(editor.selection().bones().len(), bones);
    assert_eq!(editor.document.project, project);
    assert!(!editor.document.can_undo(), "a band is no undo step");
    // A band over nothing, cancelled: the selection is as it was.
    press_and_move(&mut editor, press, DVec2::new(-5.0, -5.0));
    assert!(editor.cancel_drag());
    assert_eq!(editor.selection().bones().len(), bones);
    // Released over nothing: no bone.
    press_and_move(&mut editor, press, DVec2::new(-5.0, -5.0));
    editor.release();
    assert!(editor.selection().bones().is_empty());
}

/// A panel widget's drag (a slider's, say) is a drag like the tools': the commands it runs are one
/// undo step at the release; Esc (`Command::Cancel`) puts the document back and the rest of that
/// drag, still held, runs nothing until the button is up.
#[test]
fn a_widget_drag_is_one_step_and_esc_puts_it_back_until_released() {
    use super::WidgetDrag;
    use crate::commands::{BoneCommand, Command, Outcome};
    let smooth = |editor: &mut Editor, smoothness: f64| {
        editor.run(Command::Bone(BoneCommand::SetSmoothness {
            bone: 3,
            smoothness,
        }))
    };
    let mut editor = sample();
    let before = editor.document.project.clone();
    editor.press_widget(7);
    assert_eq!(editor.widget_drag(7), Some(WidgetDrag::Editing));
    assert_eq!(editor.widget_drag(8), None, "known by its own id");
    for smoothness in [5.0, 9.0, 14.0] {
        assert_eq!(smooth(&mut editor, smoothness), Outcome::Done);
    }
    editor.release();
    assert_eq!(editor.tools().drag(), None);
    assert_eq!(
        editor.document.project.rig.skeleton.bones[3].smoothness,
        Some(14.0)
    );
    editor.undo();
    assert_eq!(
        editor.document.project, before,
        "the three edits were one step"
    );
    assert!(!editor.document.can_undo());

    editor.press_widget(7);
    smooth(&mut editor, 30.0);
    assert_eq!(editor.run(Command::Cancel), Outcome::Done);
    assert_eq!(editor.document.project, before, "Esc put it back");
    assert_eq!(editor.widget_drag(7), Some(WidgetDrag::Cancelled));
    // The widget is still held and moving: pressing it again does not restart the drag.
    editor.press_widget(7);
    assert_eq!(editor.widget_drag(7), Some(WidgetDrag::Cancelled));
    editor.release();
    assert_eq!(editor.tools().drag(), None);
    assert_eq!(editor.document.project, before);
    assert!(
        !editor.document.can_undo(),
        "a cancelled drag leaves no step"
    );
    // With no drag, Cancel has nothing to put back.
    assert_eq!(editor.run(Command::Cancel), Outcome::Unchanged);
}

#[path = "scale_tests.rs"]
mod scale;
