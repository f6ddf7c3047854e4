//! Deform mode in the real editor, driven through its egui UI with egui_kittest on the bundled
//! zombie sample: a drag keys the part's vertex offsets at the playhead (one undo step), the grabbed
//! vertex lands under the pointer with either skinning method, and the mode's toolbar button.

use eframe::egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable;
use glam::DVec2;
use limber::editor::editor::{Editor, Mode};

use crate::common::editor_harness;
use editor_harness::{drag, harness, interior_vertex};

/// Part 0's posed position of vertex `v` in `editor`'s current frame.
fn posed(editor: &Editor, v: usize) -> DVec2 {
    let frame = editor.frame().unwrap();
    let parts = &editor.document().project.parts;
    let (_, positions) =
        limber::editor::deform::posed_vertices(parts, &frame, editor.view().skinning())
            .into_iter()
            .find(|(p, _)| *p == 0)
            .unwrap();
    DVec2::from(positions[v])
}

#[test]
fn a_drag_in_deform_mode_keys_the_vertex_offsets_at_the_playhead_and_undoes() {
    let mut harness = harness();
    harness
        .state_mut()
        .run(limber::editor::commands::Command::Clip(
            limber::editor::commands::ClipCommand::SetTime { time: 0.45 },
        ));
    harness.key_press(Key::D);
    harness.run_steps(2);
    assert!(harness.state().tools().deform().on);
    assert_eq!(harness.state().tools().mode(), Mode::Animate);
    let before = harness.state().document().project.clone();
    assert!(before.rig.clips[0].part_keys().is_empty());
    let (v, gap) = interior_vertex(harness.state());
    let from = posed(harness.state(), v);
    let shift = DVec2::new(4.0, -2.5).normalize() * gap * 0.8;
    let (a, b) = (
        harness.state().screen_of(from),
        harness.state().screen_of(from + shift),
    );
    drag(&mut harness, a, b);
    let editor = harness.state();
    let keys = editor.document().project.rig.clips[0].part_keys();
    assert_eq!(keys.len(), 1, "{}", editor.status());
    assert_eq!(keys[0].time, 0.45);
    assert!(
        keys[0]
            .deform
            .as_ref()
            .unwrap()
            .vertices
            .contains(&(v as u32))
    );
    // Sampling the clip at the playhead puts the vertex where it was dragged.
    let moved = posed(editor, v) - from;
    assert!(
        (moved - shift).length() < 1e-3,
        "moved by {moved}, dragged by {shift}"
    );
    // Bones are not keyed by a deform drag, and the mesh itself is untouched.
    assert_eq!(
        editor.document().project.rig.clips[0].key_count(),
        before.rig.clips[0].key_count()
    );
    assert_eq!(editor.document().project.parts, before.parts);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(1);
    assert_eq!(harness.state().document().project, before);
    assert!(!harness.state().document().can_undo(), "one undo step");
    assert!((posed(harness.state(), v) - from).length() < 1e-12);
    // D again leaves Deform mode: a drag poses bones again.
    harness.key_press(Key::D);
    harness.run_steps(1);
    assert!(!harness.state().tools().deform().on);
}

#[test]
fn with_dual_quaternion_skinning_the_dragged_vertex_follows_the_pointer_exactly() {
    use limber::core::skinning::{SkinningMode, displacement_map};
    let mut harness = harness();
    {
        let editor = harness.state_mut();
        let wave = editor
            .document()
            .project
            .rig
            .clips
            .iter()
            .position(|c| c.name == "wave");
        editor.run(limber::editor::commands::Command::Clip(
            limber::editor::commands::ClipCommand::SetCurrent { clip: wave },
        ));
        editor.run(limber::editor::commands::Command::Clip(
            limber::editor::commands::ClipCommand::SetTime { time: 0.65 },
        ));
        editor.run(limber::editor::commands::Command::SetSkinning(
            SkinningMode::DualQuaternion,
        ));
    }
    harness.key_press(Key::D);
    harness.run_steps(2);
    // The interior vertex where the two skinning methods move an offset most differently (between
    // the raised arm and the body), away from the others so the press picks it.
    let editor = harness.state();
    let frame = editor.frame().unwrap();
    let part = &editor.document().project.parts[0];
    let boundary: Vec<u32> = part.mesh.boundary_loops.concat();
    let posed_all = limber::editor::deform::posed_vertices(
        &editor.document().project.parts,
        &frame,
        editor.view().skinning(),
    )[0]
    .1
    .clone();
    let gap_of = |v: usize| {
        (0..posed_all.len())
            .filter(|&u| u != v)
            .map(|u| (DVec2::from(posed_all[u]) - DVec2::from(posed_all[v])).length())
            .fold(f64::INFINITY, f64::min)
    };
    let difference = |v: usize| {
        let w = &part.binding.vertices[v];
        let lbs = displacement_map(w, &frame.palette, SkinningMode::LinearBlend);
        let dqs = displacement_map(w, &frame.palette, SkinningMode::DualQuaternion);
        (lbs - dqs).x_axis.length() + (lbs - dqs).y_axis.length()
    };
    let v = (0..part.mesh.positions.len())
        .filter(|&v| !boundary.contains(&(v as u32)) && gap_of(v) > 2.0)
        .max_by(|&a, &b| difference(a).total_cmp(&difference(b)))
        .expect("an interior vertex");
    assert!(
        difference(v) > 0.05,
        "LBS and DQS should differ here: {}",
        difference(v)
    );
    let from = posed(editor, v);
    let shift = DVec2::new(3.0, 2.0).normalize() * gap_of(v) * 0.8;
    let (a, b) = (editor.screen_of(from), editor.screen_of(from + shift));
    drag(&mut harness, a, b);
    let moved = posed(harness.state(), v) - from;
    assert!(
        (moved - shift).length() < 1e-3,
        "moved by {moved}, dragged by {shift}: {}",
        harness.state().status()
    );
}

#[test]
fn the_deform_toggle_is_a_toolbar_button_and_listed_in_the_shortcuts() {
    let mut harness = harness();
    harness.key_press(Key::Num2);
    harness.run_steps(1);
    harness.get_by_label("Deform").click();
    harness.run_steps(1);
    assert!(harness.state().tools().deform().on);
    assert_eq!(
        harness.state().tools().mode(),
        Mode::Animate,
        "Deform works in Animate"
    );
    // The shortcuts window lists what the command table says: D for Deform.
    let entry =
        limber::editor::commands::entry_of(&limber::editor::commands::Command::ToggleDeform)
            .expect("Deform is a command");
    assert_eq!(entry.shortcut_text().as_deref(), Some("D"));
    assert!(entry.name.contains("Deform"));
}
