//! The editor driven through its real egui UI with egui_kittest (no window, no GPU: the viewport
//! falls back to egui's painter): shortcuts, buttons, posing by dragging a bone, drawing a bone,
//! undo, instant weights, recovery files, and no bone from a drag begun on a panel edge.

use eframe::egui::{Event, Key, Modifiers};
use egui_kittest::kittest::Queryable;
use glam::DVec2;
use limber::editor::commands::{Command, SlotCommand};
use limber::editor::document::Document;
use limber::editor::editor::{Editor, Mode};
use limber::editor::recovery::{Autosave, recover, recoverable};

use crate::common::editor_harness;
use editor_harness::{drag, harness, sample};
use limber::editor::commands::FileCommand;

#[test]
fn space_plays_and_pauses_the_clip() {
    let mut harness = harness();
    assert!(!harness.state().playback().is_playing());
    harness.key_press(Key::Space);
    harness.run_steps(10);
    assert!(harness.state().playback().is_playing());
    assert!(
        harness.state().playback().time() > 0.0,
        "the playhead should move while playing"
    );
    harness.key_press(Key::Space);
    harness.run_steps(1);
    assert!(!harness.state().playback().is_playing());
}

#[test]
fn k_keys_the_selected_bone_and_ctrl_z_takes_it_back() {
    let mut harness = harness();
    let keys_before = harness.state().document().project.rig.clips[0].key_count();
    harness
        .state_mut()
        .run(limber::editor::commands::Command::Bone(
            limber::editor::commands::BoneCommand::Select { bone: Some(1) },
        ));
    harness
        .state_mut()
        .run(limber::editor::commands::Command::Clip(
            limber::editor::commands::ClipCommand::SetTime { time: 0.55 },
        ));
    harness.key_press(Key::K);
    harness.run_steps(1);
    assert_eq!(
        harness.state().document().project.rig.clips[0].key_count(),
        keys_before + 1
    );
    assert!(harness.state().document().is_dirty());
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(1);
    assert_eq!(
        harness.state().document().project.rig.clips[0].key_count(),
        keys_before
    );
    harness.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    harness.run_steps(1);
    assert_eq!(
        harness.state().document().project.rig.clips[0].key_count(),
        keys_before + 1
    );
}

#[test]
fn toolbar_buttons_toggle_overlays_and_modes() {
    let mut harness = harness();
    assert!(!harness.state().view().overlays().wireframe);
    harness.get_by_label("Wireframe").click();
    harness.run_steps(1);
    assert!(harness.state().view().overlays().wireframe);
    assert!(harness.state().view().overlays().bones);
    harness.get_by_label("Bone overlay").click();
    harness.run_steps(1);
    assert!(!harness.state().view().overlays().bones);
    harness.get_by_label("Bones").click();
    harness.run_steps(1);
    assert_eq!(harness.state().tools().mode(), Mode::Bones);
    harness.key_press(Key::Num3);
    harness.run_steps(1);
    assert_eq!(harness.state().tools().mode(), Mode::Weights);
    harness.get_by_label("Mesh").click();
    harness.run_steps(1);
    assert_eq!(harness.state().tools().mode(), Mode::Mesh);
    harness.key_press(Key::Num1);
    harness.run_steps(1);
    assert_eq!(harness.state().tools().mode(), Mode::Animate);
    harness.get_by_label("Onion skin").click();
    harness.run_steps(1);
    assert!(harness.state().view().overlays().onion);
    let clips = harness.state().document().project.rig.clips.len();
    harness.get_by_label("+ clip").click();
    harness.run_steps(1);
    assert_eq!(
        harness.state().document().project.rig.clips.len(),
        clips + 1
    );
    assert_eq!(harness.state().playback().clip(), Some(clips));
}

#[test]
fn dragging_a_bone_in_animate_mode_keys_its_rotation_as_one_undo_step() {
    let mut harness = harness();
    let (head, tail) = {
        let bone = &harness.state().document().project.rig.skeleton.bones[0];
        (bone.head(), bone.tail())
    };
    // At time 0 of the clip the pose may differ from rest: use the posed bone.
    let frame = harness.state().frame().unwrap();
    let (head, tail) = (
        frame.palette[0].transform_point2(head),
        frame.palette[0].transform_point2(tail),
    );
    let grab = head + (tail - head) * 0.8;
    let pivot = head;
    // Swing the grab point a quarter turn about the head.
    let arm = grab - pivot;
    let turned = pivot + DVec2::new(-arm.y, arm.x);
    let before = harness.state().bone_keys(0).rotation();
    let from = harness.state().screen_of(grab);
    let to = harness.state().screen_of(turned);
    drag(&mut harness, from, to);
    let after = harness.state().bone_keys(0).rotation();
    let turn = after - before;
    // Image y points down, so (−y, x) is a quarter turn clockwise on screen: −90°.
    assert!((turn + 90.0).abs() < 3.0, "rotation changed by {turn}°");
    assert_eq!(harness.state().selection().bone(), Some(0));
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(1);
    let undone = harness.state().bone_keys(0).rotation();
    assert!(
        (undone - before).abs() < 1e-9,
        "one undo step takes the whole drag back"
    );
}

#[test]
fn dragging_in_bones_mode_draws_a_child_of_the_selected_bone_with_weights() {
    let mut harness = harness();
    harness
        .state_mut()
        .run(limber::editor::commands::Command::SetMode(Mode::Bones));
    harness
        .state_mut()
        .run(limber::editor::commands::Command::Bone(
            limber::editor::commands::BoneCommand::Select { bone: Some(0) },
        ));
    harness.run_steps(1);
    let bones = harness.state().document().project.rig.skeleton.bones.len();
    let tail0 = harness.state().document().project.rig.skeleton.bones[0].tail();
    let end = tail0 + DVec2::new(20.0, -10.0);
    let from = harness.state().screen_of(tail0 + DVec2::new(5.0, 5.0));
    let to = harness.state().screen_of(end);
    drag(&mut harness, from, to);
    let skeleton = &harness.state().document().project.rig.skeleton;
    assert_eq!(skeleton.bones.len(), bones + 1);
    let new = skeleton.bones.last().unwrap();
    assert_eq!(new.parent, Some(0));
    assert_eq!(new.head(), tail0, "a child starts at its parent's tail");
    assert!((new.tail() - end).length() < 2.0, "{} vs {end}", new.tail());
    // Automatic weights include the new bone.
    let binding = &harness.state().document().project.parts[0].binding;
    assert!(
        binding
            .vertices
            .iter()
            .any(|v| v.iter().any(|&(b, _)| b == bones))
    );
    assert_eq!(harness.state().selection().bone(), Some(bones));
}

#[test]
fn a_smoothness_change_reweights_at_once_and_undoes() {
    let mut editor = Editor::new(Document::open(&sample()).unwrap());
    let before = editor.document().project.parts[0].binding.clone();
    let smoothness = editor.document().project.parts[0]
        .weight_settings
        .smoothness;
    editor.run(limber::editor::commands::Command::Mesh(
        limber::editor::commands::MeshCommand::SetSmoothness {
            part: 0,
            smoothness: smoothness * 4.0,
        },
    ));
    let after = &editor.document().project.parts[0].binding;
    assert_ne!(&before, after, "weights should follow the smoothness");
    for influences in &after.vertices {
        let total: f64 = influences.iter().map(|p| p.1).sum();
        assert!((total - 1.0).abs() < 1e-12);
    }
    editor.undo();
    editor.undo();
    assert_eq!(
        editor.document().project.parts[0]
            .weight_settings
            .smoothness,
        smoothness
    );
    assert_eq!(editor.document().project.parts[0].binding, before);
}

#[test]
fn a_refused_edit_leaves_the_document_unchanged_and_says_why() {
    let mut editor = Editor::new(Document::open(&sample()).unwrap());
    let before = editor.document().project.clone();
    let taken = editor.rig().bone_name(1).unwrap();
    assert!(
        editor.run(limber::editor::commands::Command::Bone(
            limber::editor::commands::BoneCommand::Rename {
                bone: 0,
                to: taken.clone()
            }
        )) != limber::editor::commands::Outcome::Done
    );
    assert_eq!(editor.document().project, before);
    assert!(
        editor.status().contains(&taken),
        "status: {}",
        editor.status()
    );
    assert!(!editor.document().is_dirty());
    assert!(!editor.open(std::path::Path::new("/no/such.limber")));
    assert_eq!(editor.document().project, before);
    assert!(editor.status().contains("/no/such.limber"));
}

#[test]
fn unsaved_work_goes_to_a_recovery_file_that_the_next_start_offers() {
    let dir = std::env::temp_dir().join(format!("limber-recovery-{}", std::process::id()));
    let state = dir.join("state");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // A copy of the sample beside its image, so relative paths resolve.
    let project = dir.join("zombie.limber");
    let mut document = Document::open(&sample()).unwrap();
    document.save_as(&project).unwrap();
    let project_bytes = std::fs::read(&project).unwrap();
    let mut editor = Editor::new(Document::open(&project).unwrap());
    let mut autosave = Autosave::in_dir(state.clone());
    let now = std::time::Instant::now();
    autosave
        .update(editor.document(), editor.document().revision(), now)
        .unwrap();
    assert_eq!(
        autosave.recovery_file(),
        None,
        "nothing to recover while saved"
    );

    assert!(
        editor.run(limber::editor::commands::Command::Bone(
            limber::editor::commands::BoneCommand::Rename {
                bone: 0,
                to: "pelvis".to_string()
            }
        )) == limber::editor::commands::Outcome::Done
    );
    autosave
        .update(editor.document(), editor.document().revision(), now)
        .unwrap();
    let recovery = autosave.recovery_file().expect("a recovery file");
    assert!(recovery.exists());
    assert!(recovery.starts_with(&state), "kept in the state folder");
    assert!(
        recoverable(&state).is_empty(),
        "a running editor's file is not offered"
    );
    // The editor dies here without saving. The next start finds the recovery file.
    drop(editor);
    drop(autosave);
    let mut offers = recoverable(&state);
    assert_eq!(offers.len(), 1);
    assert_eq!(offers[0].project.as_deref(), Some(project.as_path()));
    assert_eq!(
        offers[0].image.as_deref(),
        Some("kenney_zombie_walk0.png"),
        "the offer names its image"
    );
    let offer = offers.remove(0);
    let recovered = recover(&offer).unwrap();
    assert_eq!(recovered.project.rig.skeleton.bones[0].name, "pelvis");
    assert!(recovered.is_dirty());
    assert_eq!(recovered.path.as_deref(), Some(project.as_path()));
    assert_eq!(
        std::fs::read(&project).unwrap(),
        project_bytes,
        "project untouched"
    );

    // The new session writes its own file; the offered one goes once recovered; saving deletes.
    let mut autosave = Autosave::in_dir(state.clone());
    autosave.write_now(&recovered).unwrap();
    let own = autosave.recovery_file().unwrap();
    assert_ne!(own, recovery);
    offer.discard();
    assert!(!recovery.exists());
    let mut editor = Editor::new(recovered);
    assert!(editor.run(Command::Save).is_done());
    autosave
        .update(editor.document(), editor.document().revision(), now)
        .unwrap();
    assert!(!own.exists(), "a saved document leaves no recovery file");
    drop(autosave);
    assert!(
        recoverable(&state).is_empty(),
        "nothing is offered after a save"
    );
    assert_eq!(
        Document::open(&project).unwrap().project.rig.skeleton.bones[0].name,
        "pelvis"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_bundled_sample_project_is_current_with_its_image() {
    let project = limber::core::project::Project::load(&sample()).unwrap();
    let image = std::fs::read(project.image_path(&sample(), 0)).unwrap();
    assert!(!project.parts[0].is_stale(&image));
    assert!(project.rig.clips.len() >= 2 && project.rig.skeleton.bones.len() >= 5);
}

#[test]
fn a_brush_stroke_in_weights_mode_raises_the_bone_and_undoes_as_one_step() {
    let mut harness = harness();
    harness
        .state_mut()
        .run(limber::editor::commands::Command::SetMode(Mode::Weights));
    harness
        .state_mut()
        .run(limber::editor::commands::Command::Bone(
            limber::editor::commands::BoneCommand::Select { bone: Some(3) },
        ));
    let brush = harness.state().tools().brush();
    harness
        .state_mut()
        .run(limber::editor::commands::Command::Mesh(
            limber::editor::commands::MeshCommand::SetBrush(limber::editor::editor::Brush {
                strength: 0.8,
                radius: 10.0,
                ..brush
            }),
        ));
    harness.run_steps(2);
    let before = harness.state().document().project.parts[0].binding.clone();
    let weight = |binding: &limber::core::weights::Binding, v: usize| {
        binding.vertices[v]
            .iter()
            .find(|p| p.0 == 3)
            .map_or(0.0, |p| p.1)
    };
    // Stroke across the middle of the sprite (rest pose in Weights mode).
    let canvas = harness.state().canvas();
    let (a, b) = (canvas * DVec2::new(0.3, 0.5), canvas * DVec2::new(0.7, 0.5));
    let (from, to) = (harness.state().screen_of(a), harness.state().screen_of(b));
    drag(&mut harness, from, to);
    let after = harness.state().document().project.parts[0].binding.clone();
    let mesh = harness.state().document().project.parts[0].mesh.clone();
    let on_stroke: Vec<usize> = (0..mesh.positions.len())
        .filter(|&v| {
            let p = DVec2::from(mesh.positions[v]);
            (p.y - a.y).abs() < 4.0 && p.x > a.x + 2.0 && p.x < b.x - 2.0
        })
        .collect();
    assert!(!on_stroke.is_empty());
    for &v in &on_stroke {
        assert!(
            weight(&after, v) > weight(&before, v),
            "vertex {v} did not gain weight"
        );
        let total: f64 = after.vertices[v].iter().map(|p| p.1).sum();
        assert!((total - 1.0).abs() < 1e-12);
    }
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(1);
    assert_eq!(harness.state().document().project.parts[0].binding, before);
}

#[test]
fn a_key_picked_in_the_dopesheet_takes_an_interpolation_and_moves() {
    use limber::core::animation::Interpolation;
    let mut editor = Editor::new(Document::open(&sample()).unwrap());
    let record = editor.document().project.rig.clips[0].to_record();
    let key = record.keys.iter().find(|k| k.time > 0.0).unwrap().clone();
    editor.set_selected_key(Some((key.bone.clone(), key.time)));
    editor.run(limber::editor::commands::Command::Key(
        limber::editor::commands::KeyCommand::SetInterpolation(Interpolation::STEPPED),
    ));
    assert_eq!(
        editor.animation().selected_key_record().unwrap().interp,
        Interpolation::STEPPED.into(),
        "the inspector's choice sets every channel of the key"
    );
    editor.run(limber::editor::commands::Command::Key(
        limber::editor::commands::KeyCommand::MoveSelected {
            time: key.time + 0.05,
        },
    ));
    let moved = editor.animation().selected_key_record().unwrap();
    assert_eq!(moved.time, key.time + 0.05);
    assert_eq!(moved.rotate, key.rotate);
    let count = editor.document().project.rig.clips[0].key_count();
    assert_eq!(count, record.keys.len(), "moved, not copied");
    editor.undo();
    assert!(
        editor.document().project.rig.clips[0]
            .to_record()
            .keys
            .iter()
            .any(|k| k.bone == key.bone && k.time == key.time)
    );
    editor.redo();
    editor.run(limber::editor::commands::Command::Key(
        limber::editor::commands::KeyCommand::DeleteSelected,
    ));
    assert_eq!(
        editor.document().project.rig.clips[0].key_count(),
        count - 1
    );
}

#[test]
fn a_second_part_is_added_weighted_and_ordered_and_survives_a_save() {
    let dir = std::env::temp_dir().join(format!("limber-parts-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut editor = Editor::new(Document::open(&sample()).unwrap());
    let arm = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("assets/sprites/kenney_wormGreen.png");
    assert!(
        editor
            .run(Command::File(FileCommand::AddPart(arm.clone())))
            .is_done(),
        "{}",
        editor.status()
    );
    let parts = &editor.document().project.parts;
    assert_eq!(parts.len(), 2);
    assert_eq!(parts[1].name, "kenney_wormGreen");
    assert!(
        parts[1].draw_order > parts[0].draw_order,
        "a new part goes in front"
    );
    let bones = editor.document().project.rig.skeleton.bones.len();
    limber::core::weights::check_binding(&parts[1].binding, bones).unwrap();
    // The same image again gets its own name.
    assert!(
        editor
            .run(Command::File(FileCommand::AddPart(arm.clone())))
            .is_done()
    );
    assert_eq!(editor.document().project.parts[2].name, "kenney_wormGreen2");
    assert!(
        editor
            .run(Command::Slot(SlotCommand::SetDrawOrder {
                part: 2,
                order: -5
            }))
            .is_done()
    );
    let frame = editor.frame().unwrap();
    let order: Vec<usize> = frame.draw_sequence().iter().map(|p| p.part).collect();
    assert_eq!(order, vec![2, 0, 1], "drawn back to front by draw order");
    let path = dir.join("two.limber");
    assert!(
        editor
            .run(Command::File(FileCommand::SaveAs(path.clone())))
            .is_done(),
        "{}",
        editor.status()
    );
    let reopened = Document::open(&path).unwrap();
    assert_eq!(reopened.project.parts.len(), 3);
    assert_eq!(reopened.project.parts[2].draw_order, -5);
    editor.undo();
    assert_eq!(
        editor.document().project.parts[2].draw_order,
        editor.document().project.parts[1].draw_order + 1
    );
}

#[test]
fn re_meshing_carries_the_weights_over_and_undoes() {
    let mut editor = Editor::new(Document::open(&sample()).unwrap());
    let before = editor.document().project.parts[0].clone();
    let mut settings = before.mesh_settings.clone();
    settings.spacing = Some(3.0);
    assert!(editor.remesh(0, settings), "{}", editor.status());
    let after = &editor.document().project.parts[0];
    assert!(after.mesh.positions.len() > before.mesh.positions.len());
    let bones = editor.document().project.rig.skeleton.bones.len();
    limber::core::weights::check_binding(&after.binding, bones).unwrap();
    // A new vertex at (or very near) an old one carries that vertex's weights.
    let mut compared = 0;
    for (p, influences) in after.mesh.positions.iter().zip(&after.binding.vertices) {
        if let Some(v) = before
            .mesh
            .positions
            .iter()
            .position(|q| (q[0] - p[0]).hypot(q[1] - p[1]) < 1e-9)
        {
            compared += 1;
            let mut a = influences.clone();
            let mut b = before.binding.vertices[v].clone();
            a.sort_by_key(|e| e.0);
            b.sort_by_key(|e| e.0);
            for (x, y) in a.iter().zip(&b) {
                assert_eq!(x.0, y.0);
                assert!((x.1 - y.1).abs() < 1e-9);
            }
        }
    }
    assert!(compared > 10, "only {compared} vertices in common");
    editor.undo();
    assert_eq!(editor.document().project.parts[0], before);
}

#[test]
fn onion_skins_follow_the_playhead_in_animate_mode_only() {
    let mut editor = Editor::new(Document::open(&sample()).unwrap());
    assert!(
        editor.animation().onion_ghosts().is_none(),
        "off by default"
    );
    editor.run(limber::editor::commands::Command::ToggleOnion);
    editor.run(limber::editor::commands::Command::Clip(
        limber::editor::commands::ClipCommand::SetTime { time: 0.5 },
    ));
    let ghosts = editor
        .animation()
        .onion_ghosts()
        .expect("ghosts while animating");
    let [earlier, later] = &ghosts[..] else {
        panic!("one ghost each side by default: {}", ghosts.len());
    };
    let project = editor.document().project.clone();
    let clip = &project.rig.clips[0];
    let solver = limber::core::pose::PoseSolver::new(&project.rig.skeleton).unwrap();
    let sample = |t: f64| limber::core::frame::Frame::sample(&project, &solver, Some(clip), t);
    assert_eq!(earlier.frame.palette, sample(0.4).palette);
    assert_ne!(earlier.frame.palette, later.frame.palette);
    assert!(
        earlier.tint[0] > earlier.tint[1],
        "the earlier ghost is reddish"
    );
    // Three each side, two frames apart at 10 fps, fading with distance.
    editor.run(limber::editor::commands::Command::View(
        limber::editor::commands::ViewCommand::SetOnion(limber::editor::onion::OnionSettings {
            before: 3,
            after: 3,
            spacing_frames: 2,
            ..*editor.view().onion()
        }),
    ));
    let mut record = clip.to_record();
    record.fps = Some(10);
    let name = record.name.clone();
    assert!(editor.apply(limber::core::edit::Edit::ReplaceClip { name, clip: record }));
    let ghosts = editor.animation().onion_ghosts().expect("ghosts");
    let offsets: Vec<f64> = ghosts.iter().map(|g| g.offset).collect();
    let expected = [-0.6, -0.4, -0.2, 0.6, 0.4, 0.2];
    assert!(
        offsets
            .iter()
            .zip(expected)
            .all(|(a, b)| (a - b).abs() < 1e-12),
        "{offsets:?}"
    );
    assert!(
        ghosts[0].tint[3] < ghosts[2].tint[3],
        "the farthest is the faintest"
    );
    editor.run(limber::editor::commands::Command::SetMode(Mode::Bones));
    assert!(
        editor.animation().onion_ghosts().is_none(),
        "no ghosts while rigging"
    );
}

#[test]
fn shift_dragging_a_bone_keys_its_translation_by_the_pointer_motion() {
    let mut harness = harness();
    harness
        .state_mut()
        .run(limber::editor::commands::Command::Clip(
            limber::editor::commands::ClipCommand::SetTime { time: 0.3 },
        ));
    harness.run_steps(1);
    let frame = harness.state().frame().unwrap();
    let bone = &harness.state().document().project.rig.skeleton.bones[0];
    assert!(bone.parent.is_none(), "the root moves in image space");
    let (head, tail) = (
        frame.palette[0].transform_point2(bone.head()),
        frame.palette[0].transform_point2(bone.tail()),
    );
    let grab = head + (tail - head) * 0.5;
    let before = harness.state().bone_keys(0).translation();
    let motion = DVec2::new(12.0, -7.0);
    let (from, to) = (
        harness.state().screen_of(grab),
        harness.state().screen_of(grab + motion),
    );
    harness.event(Event::ModifiersChanged(Modifiers::SHIFT));
    drag(&mut harness, from, to);
    harness.event(Event::ModifiersChanged(Modifiers::NONE));
    harness.run_steps(1);
    let moved = harness.state().bone_keys(0).translation() - before;
    assert!(
        (moved - motion).length() < 0.5,
        "moved by {moved}, pointer by {motion}"
    );
    assert!(
        (harness.state().bone_keys(0).rotation() - {
            let mut editor = Editor::new(Document::open(&sample()).unwrap());
            editor.run(limber::editor::commands::Command::Clip(
                limber::editor::commands::ClipCommand::SetTime { time: 0.3 },
            ));
            editor.bone_keys(0).rotation()
        })
        .abs()
            < 1e-9,
        "a move does not rotate"
    );
}

#[test]
fn clips_are_renamed_duplicated_and_deleted_with_undo() {
    let mut editor = Editor::new(Document::open(&sample()).unwrap());
    let keys = editor.document().project.rig.clips[0].key_count();
    assert_eq!(
        editor.run(limber::editor::commands::Command::Clip(
            limber::editor::commands::ClipCommand::Rename { to: "walk".into() }
        )),
        limber::editor::commands::Outcome::Done
    );
    assert_eq!(editor.clip_name(), Some("walk"));
    assert_eq!(
        editor.run(limber::editor::commands::Command::DuplicateClip),
        limber::editor::commands::Outcome::Done
    );
    assert_eq!(editor.clip_name(), Some("walk copy"));
    assert_eq!(
        editor
            .document()
            .project
            .rig
            .clips
            .last()
            .unwrap()
            .key_count(),
        keys
    );
    let clips = editor.document().project.rig.clips.len();
    assert_eq!(
        editor.run(limber::editor::commands::Command::DeleteClip),
        limber::editor::commands::Outcome::Done
    );
    assert_eq!(editor.document().project.rig.clips.len(), clips - 1);
    editor.undo();
    editor.undo();
    editor.undo();
    assert_eq!(editor.document().project.rig.clips[0].name, "shamble");
}

#[test]
fn a_typed_vertex_weight_is_exact_and_the_others_share_the_rest() {
    let mut editor = Editor::new(Document::open(&sample()).unwrap());
    // A vertex with at least two influences.
    let (vertex, influences) = editor.document().project.parts[0]
        .binding
        .vertices
        .iter()
        .enumerate()
        .find(|(_, v)| v.len() >= 2)
        .map(|(i, v)| (i, v.clone()))
        .expect("a shared vertex");
    let position = DVec2::from(editor.document().project.parts[0].mesh.positions[vertex]);
    assert_eq!(
        editor.rig().vertex_at(position + DVec2::new(0.5, 0.0), 2.0),
        Some((0, vertex))
    );
    let bone = influences[1].0;
    assert!(
        editor.run(limber::editor::commands::Command::Mesh(
            limber::editor::commands::MeshCommand::SetVertexWeight {
                part: 0,
                vertex,
                bone,
                weight: 0.7
            }
        )) == limber::editor::commands::Outcome::Done
    );
    let after = &editor.document().project.parts[0].binding.vertices[vertex];
    let weight = after.iter().find(|e| e.0 == bone).unwrap().1;
    assert!((weight - 0.7).abs() < 1e-12, "{weight}");
    let total: f64 = after.iter().map(|e| e.1).sum();
    assert!((total - 1.0).abs() < 1e-12);
    // Only that vertex changed.
    let changed = editor.document().project.parts[0]
        .binding
        .vertices
        .iter()
        .zip(
            &Document::open(&sample()).unwrap().project.parts[0]
                .binding
                .vertices,
        )
        .filter(|(a, b)| a != b)
        .count();
    assert_eq!(changed, 1);
}

#[test]
fn a_drag_from_a_panel_edge_or_from_outside_the_view_draws_no_bone() {
    let mut harness = harness();
    harness
        .state_mut()
        .run(limber::editor::commands::Command::SetMode(Mode::Bones));
    harness
        .state_mut()
        .run(limber::editor::commands::Command::Bone(
            limber::editor::commands::BoneCommand::Select { bone: Some(0) },
        ));
    harness.run_steps(2);
    let view = limber::app::ui::viewport_rect(&harness.ctx).expect("laid out");
    let bones = harness.state().document().project.rig.skeleton.bones.len();
    let y = f64::from(view.center().y);
    let into = DVec2::new(f64::from(view.center().x), y + 40.0);
    let x = f64::from(view.center().x);
    for (from, what) in [
        (
            DVec2::new(f64::from(view.left()) + 1.0, y),
            "the left panel's edge",
        ),
        (
            DVec2::new(f64::from(view.left()) - 30.0, y),
            "the left panel",
        ),
        (
            DVec2::new(f64::from(view.right()) - 1.0, y),
            "the right panel's edge",
        ),
        (
            DVec2::new(x, f64::from(view.bottom()) - 1.0),
            "the timeline's divider",
        ),
        (
            DVec2::new(x, f64::from(view.bottom()) + 1.0),
            "the timeline's divider (below)",
        ),
        (
            DVec2::new(x, f64::from(view.top()) + 1.0),
            "the menu bar's edge",
        ),
    ] {
        drag(&mut harness, from, into);
        assert_eq!(
            harness.state().document().project.rig.skeleton.bones.len(),
            bones,
            "a drag from {what} draws no bone"
        );
    }
    // Next to a collapsed panel's strip (which has no resize handle): a press 3 points outside the
    // view is still within egui's reach of it, and must not draw a bone either.
    harness.state_mut().run(Command::Layout(
        limber::editor::commands::LayoutCommand::SetCollapsed {
            side: limber::editor::layout::Side::Left,
            collapsed: true,
        },
    ));
    harness.run_steps(2);
    let view = limber::app::ui::viewport_rect(&harness.ctx).expect("laid out");
    let from = DVec2::new(f64::from(view.left()) - 3.0, y);
    drag(
        &mut harness,
        from,
        DVec2::new(f64::from(view.center().x), y + 40.0),
    );
    assert_eq!(
        harness.state().document().project.rig.skeleton.bones.len(),
        bones,
        "a drag from beside the collapsed panel draws no bone"
    );
    // The same drag begun inside the view (the edge drags resized the panels) draws one.
    let view = limber::app::ui::viewport_rect(&harness.ctx).expect("laid out");
    let into = DVec2::new(f64::from(view.center().x), y + 40.0);
    drag(
        &mut harness,
        DVec2::new(f64::from(view.left()) + 40.0, y),
        into,
    );
    assert_eq!(
        harness.state().document().project.rig.skeleton.bones.len(),
        bones + 1
    );
}
