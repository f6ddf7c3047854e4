//! The curve editor's drag tool driven with synthetic screen points, without a window: a handle
//! drag reshapes only the channel grabbed (every other channel of every bone samples as before, to
//! 1e-12) and is one undo step; Esc restores the project exactly with no step; a key drag moves that
//! channel's value only; with two bones shown a drag on one changes nothing of the other.

use std::path::Path;

use glam::DVec2;
use limber_core::animation::curve::EASE_IN_OUT;
use limber_core::animation::{Clip, Interpolation, KeyRecord};

use crate::commands::{Command, CurveCommand};
use crate::curves::{CurveKeyId, CurveView, GraphFrame};
use crate::document::Document;
use crate::editor::{Editor, Mode};
use limber_core::animation::Channel;

/// The bundled sample on clip "wave", rewritten so that arm_r and head key rotation, translation
/// and scale at 0 s (eased) and 0.5 s; `bones` selected, the curve editor open and drawn 800 × 400
/// points large at frame all.
fn keyed(bones: &[&str]) -> Editor {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/projects/zombie.limber");
    let mut document = Document::open(&path).unwrap();
    let rig = &mut document.project.rig;
    let wave = rig.clips.iter().position(|c| c.name == "wave").unwrap();
    let mut record = rig.clips[wave].to_record();
    let key = |bone: &str, time: f64, k: f64| KeyRecord {
        shear: None,
        inherit: None,
        bone: bone.into(),
        time,
        rotate: Some(30.0 * k),
        translate: Some([12.0 * k, -8.0 * k]),
        scale: Some([1.0 + 0.3 * k, 1.0 - 0.4 * k]),
        interp: Interpolation::Bezier(EASE_IN_OUT).into(),
    };
    record.keys = vec![
        key("arm_r", 0.0, 0.0),
        key("arm_r", 0.5, 1.0),
        key("head", 0.0, 0.5),
        key("head", 0.5, -1.0),
    ];
    rig.clips[wave] = Clip::from_record(&record, &rig.skeleton).unwrap();
    // A fresh history: the rewritten clip is where the editor starts.
    let mut editor = Editor::new(document);
    editor.run(crate::commands::Command::SetMode(Mode::Animate));
    editor.run(crate::commands::Command::Clip(
        crate::commands::ClipCommand::SetCurrent { clip: Some(wave) },
    ));
    let skeleton = &editor.document.project.rig.skeleton;
    let chosen: Vec<usize> = bones.iter().filter_map(|b| skeleton.index_of(b)).collect();
    editor.selection.set_bones(chosen);
    editor.curves.open = true;
    let view = editor.curves().frame_all_view().unwrap();
    editor.run(Command::Curve(CurveCommand::SetView(Some(view))));
    editor.run(Command::Curve(CurveCommand::SetFrame(Some(GraphFrame {
        min: DVec2::new(0.0, 0.0),
        max: DVec2::new(800.0, 400.0),
        view,
    }))));
    editor
}

/// The index of the bone called `name`.
fn bone(editor: &Editor, name: &str) -> usize {
    editor.document.project.rig.skeleton.index_of(name).unwrap()
}

fn frame(editor: &Editor) -> GraphFrame {
    editor.curve_editor().frame.unwrap()
}

fn id(bone: &str, time: f64, channel: Channel) -> CurveKeyId {
    CurveKeyId {
        bone: bone.into(),
        time,
        channel,
    }
}

/// The screen point of handle `which` of `key`'s segment.
fn handle(editor: &Editor, key: &CurveKeyId, which: usize) -> DVec2 {
    let curves = editor.curves().shown().unwrap();
    let curve = curves
        .iter()
        .find(|c| c.bone == key.bone && c.channel == key.channel)
        .unwrap();
    let i = curve.key_index(key.time).unwrap();
    frame(editor).to_screen(curve.handles(i).unwrap()[which])
}

/// One sample of every channel, in channel order.
type Samples = [f64; Channel::ALL.len()];

/// Every channel of every bone sampled over the clip: [bone][time][channel].
fn samples(editor: &Editor) -> Vec<Vec<Samples>> {
    let clip = editor.current_clip().unwrap();
    let bones = editor.document.project.rig.skeleton.bones.len();
    (0..bones)
        .map(|b| {
            (0..=50)
                .map(|k| {
                    let pose = clip.sample(k as f64 * 0.01).bones[b];
                    Channel::ALL.map(|c| c.of_pose(&pose))
                })
                .collect()
        })
        .collect()
}

/// Presses at `from`, moves to `to` in steps; leaves the drag open.
fn press_and_move(editor: &mut Editor, from: DVec2, to: DVec2) {
    assert!(editor.press_curve(from), "a drag starts at {from}");
    assert!(editor.document.in_transaction());
    for i in 1..=6 {
        editor.drag_to(from + (to - from) * (f64::from(i) / 6.0));
    }
}

/// Whether only `(bone, channel)` differs between the two sample sets (others equal to 1e-12);
/// panics naming the first other channel that moved.
fn only_changed(
    before: &[Vec<[f64; Channel::ALL.len()]>],
    after: &[Vec<[f64; Channel::ALL.len()]>],
    bone: usize,
    channel: Channel,
) {
    let mut changed = false;
    for (b, (was, now)) in before.iter().zip(after).enumerate() {
        for (t, (was, now)) in was.iter().zip(now).enumerate() {
            for (i, c) in Channel::ALL.into_iter().enumerate() {
                let d = (was[i] - now[i]).abs();
                if b == bone && c == channel {
                    changed |= d > 1e-6;
                } else {
                    assert!(
                        d <= 1e-12,
                        "bone {b} {} moved by {d} at sample {t}",
                        c.name()
                    );
                }
            }
        }
    }
    assert!(changed, "the dragged channel changed");
}

#[test]
fn a_handle_drag_reshapes_only_its_channel_in_one_undo_step() {
    let mut editor = keyed(&["arm_r"]);
    let arm = bone(&editor, "arm_r");
    let before = samples(&editor);
    let project = editor.document.project.clone();
    let key = id("arm_r", 0.0, Channel::ScaleY);
    editor.run(Command::Curve(CurveCommand::SelectKey(Some(key.clone()))));
    let from = handle(&editor, &key, 0);
    press_and_move(&mut editor, from, from + DVec2::new(30.0, -40.0));
    editor.release();
    assert!(editor.tools().drag().is_none());
    assert!(!editor.document.in_transaction());
    only_changed(&before, &samples(&editor), arm, Channel::ScaleY);
    let written = editor.current_clip().unwrap().to_record();
    let k = written
        .keys
        .iter()
        .find(|k| k.bone == "arm_r" && k.time == 0.0)
        .unwrap();
    assert_eq!(k.interp.rotate, Interpolation::Bezier(EASE_IN_OUT));
    assert_ne!(k.interp.scale[1], Interpolation::Bezier(EASE_IN_OUT));
    assert!(editor.document.undo());
    assert_eq!(editor.document.project, project, "one undo takes it back");
    assert!(!editor.document.can_undo(), "the drag was one step");
}

#[test]
fn esc_during_a_handle_drag_restores_exactly_and_leaves_no_step() {
    let mut editor = keyed(&["arm_r"]);
    let project = editor.document.project.clone();
    let key = id("arm_r", 0.0, Channel::TranslateX);
    editor.run(Command::Curve(CurveCommand::SelectKey(Some(key.clone()))));
    let from = handle(&editor, &key, 1);
    press_and_move(&mut editor, from, from + DVec2::new(-50.0, 60.0));
    assert_ne!(editor.document.project, project, "the drag edits");
    assert!(editor.cancel_drag());
    assert_eq!(editor.document.project, project);
    assert!(!editor.document.in_transaction());
    assert!(!editor.document.can_undo());
    assert_eq!(editor.curve_editor().selected, Some(key));
    // A release after Esc does nothing.
    editor.release();
    assert_eq!(editor.document.project, project);
}

#[test]
fn a_key_drag_moves_that_channel_value_only_in_one_step() {
    let mut editor = keyed(&["arm_r"]);
    let arm = bone(&editor, "arm_r");
    let before = samples(&editor);
    let project = editor.document.project.clone();
    // Rotation's key at 0.5 s (30°), dragged straight down (time stays).
    let from = frame(&editor).to_screen(DVec2::new(0.5, 30.0));
    press_and_move(&mut editor, from, from + DVec2::new(0.0, 30.0));
    editor.release();
    only_changed(&before, &samples(&editor), arm, Channel::Rotate);
    assert!(editor.document.undo());
    assert_eq!(editor.document.project, project);
    assert!(!editor.document.can_undo());
}

#[test]
fn with_two_bones_shown_a_drag_on_one_leaves_the_other_alone() {
    let mut editor = keyed(&["head", "arm_r"]);
    let curves = editor.curves().shown().unwrap();
    let shown: Vec<&str> = curves.iter().map(|c| c.bone.as_str()).collect();
    assert_eq!(shown.iter().filter(|b| **b == "head").count(), 5);
    assert_eq!(shown.iter().filter(|b| **b == "arm_r").count(), 5);
    let head = bone(&editor, "head");
    let before = samples(&editor);
    let key = id("head", 0.0, Channel::TranslateY);
    editor.run(Command::Curve(CurveCommand::SelectKey(Some(key.clone()))));
    let from = handle(&editor, &key, 0);
    press_and_move(&mut editor, from, from + DVec2::new(20.0, 50.0));
    editor.release();
    only_changed(&before, &samples(&editor), head, Channel::TranslateY);
}

#[test]
fn a_press_away_from_every_point_starts_nothing_and_leaves_no_step() {
    let mut editor = keyed(&["arm_r"]);
    let project = editor.document.project.clone();
    assert!(!editor.press_curve(DVec2::new(-500.0, -500.0)));
    assert!(editor.tools().drag().is_none());
    assert!(!editor.document.in_transaction());
    assert!(!editor.document.can_undo());
    assert_eq!(editor.document.project, project);
}

#[test]
fn the_view_frames_all_again_when_the_graph_is_resized() {
    let mut editor = keyed(&["arm_r"]);
    let framed = editor.curve_editor().view;
    editor.run(Command::Curve(CurveCommand::SetView(Some(CurveView {
        time: [0.0, 0.1],
        value: [5.0, 6.0],
    }))));
    // The same size keeps the view; another frames all.
    editor.run(Command::Curve(CurveCommand::FitTo {
        size: DVec2::new(800.0, 400.0),
    }));
    assert_ne!(editor.curve_editor().view, framed);
    editor.run(Command::Curve(CurveCommand::FitTo {
        size: DVec2::new(800.0, 250.0),
    }));
    assert_eq!(editor.curve_editor().view, framed);
}

#[test]
fn opening_or_closing_the_graph_fits_the_view_and_frames_the_curves() {
    let mut editor = keyed(&["arm_r"]);
    editor.curves.open = false;
    editor
        .view
        .fit(DVec2::new(100.0, 100.0), DVec2::new(800.0, 600.0));
    assert!(!editor.view().fit_requested());
    editor.run(crate::commands::Command::ToggleCurves);
    assert!(editor.curve_editor().open);
    assert!(editor.view().fit_requested(), "the viewport lost height");
    assert_eq!(editor.curve_editor().view, None, "framed at its drawing");
    editor
        .view
        .fit(DVec2::new(100.0, 100.0), DVec2::new(800.0, 600.0));
    editor.run(crate::commands::Command::ToggleCurves);
    assert!(
        editor.view().fit_requested(),
        "the viewport got its height back"
    );
}
