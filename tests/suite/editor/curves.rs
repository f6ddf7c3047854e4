//! The curve editor driven through the real UI (egui_kittest) on the bundled zombie: G opens and
//! closes the graph; dragging a key point changes that key's value exactly as sampled; dragging a
//! Bézier handle changes the sampled pose between the keys just as the graph draws it, and
//! `limber pose` on the saved project agrees; the context menu's interpolation is one undo step;
//! Esc during a handle drag restores the project exactly; a handle drag on one channel (scale y)
//! leaves every other channel's samples unchanged to 1e-12 (each channel has its own curve); with
//! several bones selected all their channels show and a drag changes only the bone grabbed; the
//! graph frames all again when the window is resized; and a snapshot of the panel.

use eframe::egui::{self, Event, Key, Modifiers, PointerButton, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use glam::DVec2;
use limber::core::animation::Channel;
use limber::core::animation::{Interpolation, KeyRecord};
use limber::core::edit::Edit;
use limber::core::frame::Frame;
use limber::core::pose::PoseSolver;
use limber::core::skinning::{SkinningMode, skin};
use limber::editor::commands::{Command, CurveCommand};
use limber::editor::curves::Curve;
use limber::editor::editor::{Editor, Mode};

use crate::common;
use crate::common::editor_harness;
use editor_harness::{harness_with, pos, sample_editor};
use limber::editor::commands::FileCommand;

/// The sample in Animate mode on clip "wave" with arm_r selected (keys: 0 s at 0° with custom
/// Bézier handles, 0.5 s at 75° stepped, 0.8 s at 60° linear) and the curve editor open.
fn wave_harness() -> (Harness<'static, Editor>, usize) {
    let mut editor = sample_editor();
    editor.run(limber::editor::commands::Command::SetMode(Mode::Animate));
    let clips = &editor.document().project.rig.clips;
    editor.run(limber::editor::commands::Command::Clip(
        limber::editor::commands::ClipCommand::SetCurrent {
            clip: clips.iter().position(|c| c.name == "wave"),
        },
    ));
    let arm = editor.document().project.rig.skeleton.index_of("arm_r");
    editor.run(limber::editor::commands::Command::Bone(
        limber::editor::commands::BoneCommand::Select { bone: arm },
    ));
    editor.run(limber::editor::commands::Command::ToggleCurves);
    let mut harness = harness_with(editor);
    harness.run_steps(2);
    (harness, arm.expect("the sample has arm_r"))
}

/// The rotation curve of the selected bone.
fn rotation(harness: &Harness<'_, Editor>) -> Curve {
    let curves = harness
        .state()
        .curves()
        .shown()
        .expect("a bone is selected");
    curves
        .into_iter()
        .find(|c| c.channel == Channel::Rotate)
        .expect("arm_r's rotation is keyed")
}

/// The screen point of graph point (time, value).
fn screen(harness: &Harness<'_, Editor>, time: f64, value: f64) -> DVec2 {
    let frame = harness
        .state()
        .curve_editor()
        .frame
        .expect("the graph was drawn");
    frame.to_screen(DVec2::new(time, value))
}

/// arm_r's key at `time` in the current clip.
fn key(harness: &Harness<'_, Editor>, time: f64) -> KeyRecord {
    let clip = harness.state().current_clip().expect("a clip").to_record();
    clip.keys
        .into_iter()
        .find(|k| k.bone == "arm_r" && k.time == time)
        .expect("the key exists")
}

/// arm_r's sampled rotation (degrees) at `t`.
fn sampled(harness: &Harness<'_, Editor>, arm: usize, t: f64) -> f64 {
    let clip = harness.state().current_clip().expect("a clip");
    clip.sample(t).bones[arm].rotate.to_degrees()
}

fn press(harness: &mut Harness<'_, Editor>, at: DVec2, button: PointerButton, pressed: bool) {
    harness.event(Event::PointerButton {
        pos: pos(at),
        button,
        pressed,
        modifiers: Modifiers::NONE,
    });
    harness.run_steps(1);
}

/// Presses at `from` and moves to `to` in steps, without releasing.
fn press_and_move(harness: &mut Harness<'_, Editor>, from: DVec2, to: DVec2) {
    harness.event(Event::PointerMoved(pos(from)));
    harness.run_steps(1);
    press(harness, from, PointerButton::Primary, true);
    for i in 1..=8 {
        let p = from + (to - from) * (f64::from(i) / 8.0);
        harness.event(Event::PointerMoved(pos(p)));
        harness.run_steps(1);
    }
}

fn drag(harness: &mut Harness<'_, Editor>, from: DVec2, to: DVec2) {
    press_and_move(harness, from, to);
    press(harness, to, PointerButton::Primary, false);
    harness.run_steps(1);
}

fn click(harness: &mut Harness<'_, Editor>, at: DVec2, button: PointerButton) {
    harness.event(Event::PointerMoved(pos(at)));
    harness.run_steps(1);
    press(harness, at, button, true);
    press(harness, at, button, false);
}

#[test]
fn g_toggles_the_graph_and_it_shows_the_bones_channels() {
    let mut editor = sample_editor();
    editor.run(limber::editor::commands::Command::Bone(
        limber::editor::commands::BoneCommand::Select {
            bone: editor.document().project.rig.skeleton.index_of("head"),
        },
    ));
    let mut harness = harness_with(editor);
    assert!(
        harness.query_by_label("Frame all").is_none(),
        "closed at first"
    );
    harness.key_press(Key::G);
    harness.run_steps(2);
    assert!(harness.state().curve_editor().open);
    assert!(
        harness.query_by_label("Frame all").is_some(),
        "the panel shows"
    );
    assert!(
        harness.state().curve_editor().frame.is_some(),
        "the graph is drawn"
    );
    // The head's rotation, keyed in "shamble" at 0, 0.6 and 1.2 s.
    let curve = rotation(&harness);
    let times: Vec<f64> = curve.keys.iter().map(|k| k.time).collect();
    assert_eq!(times, [0.0, 0.6, 1.2]);
    assert!(curve.points.len() > 200, "sampled densely");
    // Frame all fits the curve: every drawn point is inside the graph.
    let frame = harness.state().curve_editor().frame.expect("drawn");
    for p in &curve.points {
        let s = frame.to_screen(*p);
        assert!(s.y >= frame.min.y && s.y <= frame.max.y, "{p} at {s}");
    }
    harness.key_press(Key::G);
    harness.run_steps(2);
    assert!(!harness.state().curve_editor().open);
    assert!(
        harness.query_by_label("Frame all").is_none(),
        "closed again"
    );
}

#[test]
fn dragging_a_key_point_changes_its_value_exactly_as_sampled() {
    let (mut harness, arm) = wave_harness();
    assert_eq!(key(&harness, 0.5).rotate, Some(75.0));
    let from = screen(&harness, 0.5, 75.0);
    let to = screen(&harness, 0.5, 40.0);
    drag(&mut harness, from, to);
    let moved = key(&harness, 0.5).rotate.expect("still keys rotation");
    assert!(
        (moved - 40.0).abs() < 1.0,
        "the key followed the pointer: {moved}"
    );
    // Sampling at the key gives the key's new value, and the graph draws it there.
    assert!((sampled(&harness, arm, 0.5) - moved).abs() < 1e-9);
    let drawn = rotation(&harness)
        .point_at(0.5)
        .expect("a point at the key");
    assert_eq!(drawn.y, sampled(&harness, arm, 0.5));
    // One undo step.
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(1);
    assert_eq!(key(&harness, 0.5).rotate, Some(75.0));
    assert!(
        !harness.state().document().can_undo(),
        "the drag was one step"
    );
}

/// Skinned positions of every part of `project` at `t` of clip "wave", as `limber pose` computes.
fn positions(project: &limber::core::project::Project, t: f64) -> Vec<Vec<[f64; 2]>> {
    let solver = PoseSolver::new(&project.rig.skeleton).expect("the skeleton solves");
    let clip = project.clip("wave");
    let frame = Frame::sample(project, &solver, clip, t);
    frame
        .parts
        .iter()
        .map(|s| {
            let part = &project.parts[s.part];
            skin(
                &s.rest,
                &part.binding,
                &frame.palette,
                SkinningMode::LinearBlend,
            )
        })
        .collect()
}

/// `limber pose PROJECT --clip wave --time T --json`, parsed.
fn limber_pose(project: &std::path::Path, t: f64) -> Vec<Vec<[f64; 2]>> {
    let out = common::limber(&[
        "pose",
        &project.to_string_lossy(),
        "--clip",
        "wave",
        "--time",
        &t.to_string(),
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("pose --json");
    json["parts"]
        .as_array()
        .expect("parts")
        .iter()
        .map(|p| serde_json::from_value(p["positions"].clone()).expect("positions"))
        .collect()
}

#[test]
fn dragging_a_bezier_handle_changes_the_pose_as_the_graph_draws_it() {
    let (mut harness, arm) = wave_harness();
    let t = 0.25;
    let before = sampled(&harness, arm, t);
    let original = positions(&harness.state().document().project, t);
    // Select the key at 0 s: its segment's handles show.
    let at = screen(&harness, 0.0, 0.0);
    click(&mut harness, at, PointerButton::Primary);
    assert_eq!(
        harness
            .state()
            .curve_editor()
            .selected
            .as_ref()
            .map(|k| k.time),
        Some(0.0)
    );
    let curve = rotation(&harness);
    let [h1, _] = curve.handles(0).expect("the key has handles");
    // The sample's handles [0.25, 0.1, 0.25, 1] over 0-0.5 s and 0-75 degrees.
    assert!((h1 - DVec2::new(0.125, 7.5)).length() < 1e-9, "{h1}");
    let (from, to) = (screen(&harness, h1.x, h1.y), screen(&harness, 0.35, 70.0));
    drag(&mut harness, from, to);
    // Dragged handles are offsets in degrees from the keys' values (0° and 75°).
    let Interpolation::Handles {
        handles: [x1, dv1, x2, dv2],
    } = key(&harness, 0.0).interp.rotate
    else {
        panic!("the key has explicit handles");
    };
    assert!(
        (x1 - 0.7).abs() < 0.05 && (dv1 - 70.0).abs() < 0.05 * 75.0,
        "{x1} {dv1}"
    );
    assert_eq!(x2, 0.25, "the other handle stays");
    assert!(dv2.abs() < 1e-12, "the other handle stays: {dv2}");
    // The pose between the keys changed, and is what the graph draws at that time.
    let after = sampled(&harness, arm, t);
    assert!((after - before).abs() > 5.0, "{before} -> {after}");
    let drawn = rotation(&harness).point_at(t).expect("a sample at 0.25 s");
    assert_eq!(drawn.y, after, "the graph draws what sampling gives");
    assert!(!harness.state().document().can_redo());
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(1);
    assert_eq!(sampled(&harness, arm, t), before, "one undo step");
    assert!(!harness.state().document().can_undo());
    harness.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    harness.run_steps(1);

    // `limber pose` on the saved project gives the edited pose.
    let dir = common::temp_dir("curves");
    let path = dir.join("zombie.limber");
    assert!(
        harness
            .state_mut()
            .run(Command::File(FileCommand::SaveAs(path.clone())))
            .is_done(),
        "{}",
        harness.state().status()
    );
    let expected = positions(&harness.state().document().project, t);
    let cli = limber_pose(&path, t);
    assert_eq!(cli.len(), expected.len());
    let mut moved = 0.0f64;
    for ((c, e), o) in cli.iter().zip(&expected).zip(&original) {
        for ((c, e), o) in c.iter().zip(e).zip(o) {
            assert!((c[0] - e[0]).abs() < 1e-6 && (c[1] - e[1]).abs() < 1e-6);
            moved = moved.max((e[0] - o[0]).abs().max((e[1] - o[1]).abs()));
        }
    }
    assert!(moved > 1.0, "the arm moved {moved} px at {t} s");
}

#[test]
fn the_context_menu_sets_the_interpolation_in_one_step() {
    let (mut harness, arm) = wave_harness();
    assert_eq!(key(&harness, 0.5).interp.rotate, Interpolation::STEPPED);
    let before = sampled(&harness, arm, 0.65);
    assert_eq!(before, 75.0, "stepped holds");
    let at = screen(&harness, 0.5, 75.0);
    click(&mut harness, at, PointerButton::Secondary);
    harness.run_steps(1);
    harness.get_by_label("Linear").click();
    harness.run_steps(2);
    assert_eq!(key(&harness, 0.5).interp.rotate, Interpolation::LINEAR);
    assert!((sampled(&harness, arm, 0.65) - 67.5).abs() < 1e-9);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(1);
    assert_eq!(key(&harness, 0.5).interp.rotate, Interpolation::STEPPED);
    assert!(!harness.state().document().can_undo(), "one step");
}

#[test]
fn esc_during_a_handle_drag_restores_exactly() {
    let (mut harness, _) = wave_harness();
    let project = harness.state().document().project.clone();
    let at = screen(&harness, 0.0, 0.0);
    click(&mut harness, at, PointerButton::Primary);
    let [h1, _] = rotation(&harness).handles(0).expect("handles");
    let to = screen(&harness, 0.4, 30.0);
    let from = screen(&harness, h1.x, h1.y);
    press_and_move(&mut harness, from, to);
    assert_ne!(
        harness.state().document().project,
        project,
        "the drag edits"
    );
    harness.key_press(Key::Escape);
    harness.run_steps(1);
    press(&mut harness, to, PointerButton::Primary, false);
    harness.run_steps(1);
    assert_eq!(harness.state().document().project, project);
    assert!(!harness.state().document().can_undo(), "no step left");
    assert!(harness.state().tools().drag().is_none());
}

#[test]
fn snapshot_of_the_curve_editor() {
    let (mut harness, _) = wave_harness();
    let at = screen(&harness, 0.0, 0.0);
    click(&mut harness, at, PointerButton::Primary);
    let editor = std::mem::replace(harness.state_mut(), sample_editor());
    let mut panel = Harness::builder()
        .with_size(egui::Vec2::new(900.0, 300.0))
        .with_render_cursor(false)
        .wgpu()
        .build_ui_state(
            |ui, editor: &mut Editor| {
                egui::CentralPanel::default()
                    .show(ui, |ui| limber::app::curve_editor::show(ui, editor));
            },
            editor,
        );
    panel.run_steps(3);
    panel.event(Event::PointerMoved(Pos2::new(-10.0, -10.0)));
    panel.run_steps(1);
    panel.snapshot("curve_editor");
}

/// The sample on clip "wave" rewritten so that arm_r and head key rotation, translation and scale
/// at 0 s and 0.5 s (linear, as K makes them), `bones` selected, the curve editor open.
fn channels_harness(bones: &[&str]) -> Harness<'static, Editor> {
    let mut editor = sample_editor();
    editor.run(limber::editor::commands::Command::SetMode(Mode::Animate));
    let clips = &editor.document().project.rig.clips;
    let wave = clips.iter().position(|c| c.name == "wave");
    let mut record = clips[wave.expect("the sample has wave")].to_record();
    let key = |bone: &str, time: f64, k: f64| KeyRecord {
        shear: None,
        inherit: None,
        bone: bone.into(),
        time,
        rotate: Some(60.0 * k),
        translate: Some([40.0 * k, -20.0 * k]),
        scale: Some([1.0 + 0.2 * k, 1.0 - 0.3 * k]),
        interp: Interpolation::LINEAR.into(),
    };
    record.keys = vec![
        key("arm_r", 0.0, 0.0),
        key("arm_r", 0.5, 1.0),
        key("head", 0.0, 0.4),
        key("head", 0.5, -0.6),
    ];
    let name = record.name.clone();
    assert!(editor.apply(Edit::ReplaceClip { name, clip: record }));
    editor.run(limber::editor::commands::Command::Clip(
        limber::editor::commands::ClipCommand::SetCurrent { clip: wave },
    ));
    let skeleton = &editor.document().project.rig.skeleton;
    let chosen: Vec<usize> = bones.iter().filter_map(|b| skeleton.index_of(b)).collect();
    for (i, bone) in chosen.into_iter().enumerate() {
        editor.run(limber::editor::commands::Command::Bone(if i == 0 {
            limber::editor::commands::BoneCommand::Select { bone: Some(bone) }
        } else {
            limber::editor::commands::BoneCommand::ToggleSelected { bone }
        }));
    }
    editor.run(limber::editor::commands::Command::ToggleCurves);
    let mut harness = harness_with(editor);
    harness.run_steps(2);
    harness
}

/// Every channel of every bone at 101 times over the clip: [bone][time][channel].
fn all_samples(harness: &Harness<'_, Editor>) -> Vec<Vec<[f64; Channel::ALL.len()]>> {
    let clip = harness.state().current_clip().expect("a clip");
    let bones = harness.state().document().project.rig.skeleton.bones.len();
    (0..bones)
        .map(|b| {
            (0..=100)
                .map(|k| {
                    let pose = clip.sample(k as f64 * 0.01).bones[b];
                    Channel::ALL.map(|c| c.of_pose(&pose))
                })
                .collect()
        })
        .collect()
}

/// Asserts that only `bone`'s `channel` changed (by more than 1e-3 somewhere) and every other
/// channel of every bone is unchanged to 1e-12.
fn only_changed(
    before: &[Vec<[f64; Channel::ALL.len()]>],
    after: &[Vec<[f64; Channel::ALL.len()]>],
    bone: usize,
    channel: Channel,
) {
    let mut moved = 0.0f64;
    for (b, (was, now)) in before.iter().zip(after).enumerate() {
        for (was, now) in was.iter().zip(now) {
            for (i, c) in Channel::ALL.into_iter().enumerate() {
                let d = (was[i] - now[i]).abs();
                if b == bone && c == channel {
                    moved = moved.max(d);
                } else {
                    assert!(d <= 1e-12, "bone {b}'s {} moved by {d}", c.name());
                }
            }
        }
    }
    assert!(moved > 1e-3, "the dragged channel changed ({moved})");
}

/// The curve of `bone`'s `channel` as shown.
fn shown(harness: &Harness<'_, Editor>, bone: &str, channel: Channel) -> Curve {
    harness
        .state()
        .curves()
        .shown()
        .expect("bones are selected")
        .into_iter()
        .find(|c| c.bone == bone && c.channel == channel)
        .expect("the channel is shown")
}

/// The index of the sample's bone `name`.
fn bone_index(harness: &Harness<'_, Editor>, name: &str) -> usize {
    let skeleton = &harness.state().document().project.rig.skeleton;
    skeleton.index_of(name).expect("the sample has the bone")
}

/// Hides every channel but scale y, as the legend's boxes do.
fn show_only_scale_y(harness: &mut Harness<'_, Editor>) {
    for channel in [
        Channel::Rotate,
        Channel::TranslateX,
        Channel::TranslateY,
        Channel::ScaleX,
    ] {
        let hidden = CurveCommand::SetChannelHidden {
            channel,
            hidden: true,
        };
        harness.state_mut().run(Command::Curve(hidden));
    }
}

#[test]
fn a_handle_drag_on_scale_y_leaves_every_other_channel_unchanged() {
    let mut harness = channels_harness(&["arm_r"]);
    let arm = bone_index(&harness, "arm_r");
    // Only scale y shown (as the legend's boxes do), so the key at 0 s is its key.
    show_only_scale_y(&mut harness);
    harness.run_steps(1);
    let curves = harness
        .state()
        .curves()
        .shown()
        .expect("a bone is selected");
    assert_eq!(curves.len(), 1, "only scale y shows");
    harness.get_by_label("Frame all").click();
    harness.run_steps(2);
    let before = all_samples(&harness);
    let project = harness.state().document().project.clone();
    let at = screen(&harness, 0.0, 1.0);
    click(&mut harness, at, PointerButton::Primary);
    let selected = harness.state().curve_editor().selected.clone();
    assert_eq!(
        selected.map(|k| (k.channel, k.time)),
        Some((Channel::ScaleY, 0.0))
    );
    let [h1, _] = shown(&harness, "arm_r", Channel::ScaleY)
        .handles(0)
        .expect("the key has handles");
    let from = screen(&harness, h1.x, h1.y);
    drag(&mut harness, from, from + DVec2::new(25.0, -40.0));
    only_changed(&before, &all_samples(&harness), arm, Channel::ScaleY);
    // The key's other channels keep their linear curve; scale y has its own handles now.
    let k = key(&harness, 0.0);
    assert_eq!(k.interp.rotate, Interpolation::LINEAR);
    assert_eq!(k.interp.translate, [Interpolation::LINEAR; 2]);
    assert_eq!(k.interp.scale[0], Interpolation::LINEAR);
    assert!(matches!(k.interp.scale[1], Interpolation::Handles { .. }));
    // One undo step.
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(1);
    assert_eq!(harness.state().document().project, project);
}

#[test]
fn a_handle_on_a_flat_line_leaves_it_where_dragged_and_bumps_only_that_channel() {
    let mut harness = channels_harness(&["arm_r"]);
    let arm = bone_index(&harness, "arm_r");
    // arm_r's scale y is 0.7 at both keys: a flat line.
    let mut record = harness.state().current_clip().expect("a clip").to_record();
    for k in record.keys.iter_mut().filter(|k| k.bone == "arm_r") {
        k.scale = k.scale.map(|[x, _]| [x, 0.7]);
    }
    let name = record.name.clone();
    assert!(
        harness
            .state_mut()
            .apply(Edit::ReplaceClip { name, clip: record })
    );
    show_only_scale_y(&mut harness);
    harness.run_steps(1);
    harness.get_by_label("Frame all").click();
    harness.run_steps(2);
    let before = all_samples(&harness);
    let at = screen(&harness, 0.0, 0.7);
    click(&mut harness, at, PointerButton::Primary);
    let [h1, _] = shown(&harness, "arm_r", Channel::ScaleY)
        .handles(0)
        .expect("the key has handles");
    assert!((h1.y - 0.7).abs() < 1e-12, "the handle starts on the line");
    // The drag: the handle 40 points up.
    let from = screen(&harness, h1.x, h1.y);
    let to = from + DVec2::new(0.0, -40.0);
    drag(&mut harness, from, to);
    only_changed(&before, &all_samples(&harness), arm, Channel::ScaleY);
    let [moved, _] = shown(&harness, "arm_r", Channel::ScaleY)
        .handles(0)
        .expect("the key keeps its handles");
    let drawn = screen(&harness, moved.x, moved.y);
    assert!(
        drawn.distance(to) < 0.5,
        "the handle is where it was dropped: {drawn} vs {to}"
    );
    // The curve rises between the two equal keys and still meets them.
    let clip = harness.state().current_clip().expect("a clip");
    let scale_y = |t: f64| clip.sample(t).bones[arm].scale[1];
    assert!(scale_y(0.15) > 0.7 + 1e-3, "a bump: {}", scale_y(0.15));
    assert!((scale_y(0.0) - 0.7).abs() < 1e-12 && (scale_y(0.5) - 0.7).abs() < 1e-12);
}

#[test]
fn several_selected_bones_show_their_channels_and_a_drag_changes_only_the_bone_grabbed() {
    let mut harness = channels_harness(&["arm_r", "head"]);
    let curves = harness
        .state()
        .curves()
        .shown()
        .expect("bones are selected");
    for bone in ["arm_r", "head"] {
        let channels: Vec<Channel> = curves
            .iter()
            .filter(|c| c.bone == bone)
            .map(|c| c.channel)
            .collect();
        let keyed: Vec<Channel> = Channel::ALL
            .into_iter()
            .filter(|c| c.group() != limber::core::animation::ChannelGroup::Shear)
            .collect();
        assert_eq!(
            channels, keyed,
            "{bone}'s five keyed channels show (shear is not keyed)"
        );
    }
    assert!(harness.query_by_label("2 bones").is_some());
    let head = harness
        .state()
        .document()
        .project
        .rig
        .skeleton
        .index_of("head");
    let head = head.expect("the sample has head");
    let before = all_samples(&harness);
    // head's rotation key at 0.5 s (-36°) dragged down: only head's rotation changes.
    let from = screen(&harness, 0.5, -36.0);
    drag(&mut harness, from, from + DVec2::new(0.0, 30.0));
    only_changed(&before, &all_samples(&harness), head, Channel::Rotate);
    let moved = harness.state().current_clip().expect("a clip").to_record();
    let k = moved
        .keys
        .iter()
        .find(|k| k.bone == "head" && k.time == 0.5);
    assert!(k.and_then(|k| k.rotate).is_some_and(|r| r < -40.0), "{k:?}");
}

#[test]
fn the_graph_frames_all_again_when_its_panel_is_resized() {
    let mut harness = channels_harness(&["arm_r"]);
    let framed = harness
        .state()
        .curve_editor()
        .view
        .expect("framed at opening");
    // Zoomed in by hand, then the window (and the panel with it) is resized.
    let zoomed = limber::editor::curves::CurveView {
        time: [0.1, 0.2],
        value: [10.0, 11.0],
    };
    harness
        .state_mut()
        .run(Command::Curve(CurveCommand::SetView(Some(zoomed))));
    harness.run_steps(1);
    assert_ne!(
        harness.state().curve_editor().view,
        Some(framed),
        "kept while the size stays"
    );
    harness.set_size(egui::Vec2::new(1100.0, 700.0));
    harness.run_steps(3);
    let view = harness.state().curve_editor().view.expect("a view");
    assert_eq!(view.time, framed.time, "the whole clip again");
    for p in shown(&harness, "arm_r", Channel::Rotate).points {
        assert!(p.y >= view.value[0] && p.y <= view.value[1], "{p} fits");
    }
}

#[test]
fn each_curve_is_named_by_bone_and_channel_and_the_key_menu_names_its_channel() {
    let mut harness = channels_harness(&["arm_r", "head"]);
    // Every shown curve of both bones carries its own name in the graph.
    let curves = harness
        .state()
        .curves()
        .shown()
        .expect("bones are selected");
    assert_eq!(curves.len(), 10, "5 channels of 2 bones");
    for curve in &curves {
        let name = format!("{} · {}", curve.bone, curve.channel.name());
        let label = harness.get_by_label(&name);
        let graph = harness.state().curve_editor().frame.expect("drawn");
        let at = label.rect().center();
        assert!(
            f64::from(at.y) >= graph.min.y && f64::from(at.y) <= graph.max.y,
            "{name} is inside the graph"
        );
    }
    // Right-click head's scale y key at 0.5 s: the menu says which channel it sets.
    show_only_scale_y(&mut harness);
    harness.get_by_label("Frame all").click();
    harness.run_steps(2);
    let value = shown(&harness, "head", Channel::ScaleY).keys[1].value;
    let at = screen(&harness, 0.5, value);
    click(&mut harness, at, PointerButton::Secondary);
    harness.run_steps(1);
    harness.get_by_label("head · scale y, key at 0.50 s: interpolation");
}
