//! Editing meshes in the real editor, driven through its egui UI with egui_kittest on the bundled
//! zombie sample: adding, moving and deleting vertices in Mesh mode (one undo step each, weights
//! carried, folds refused), re-meshing a part that has deform keys, and the Mesh sliders (locked
//! after hand edits, one undo step per drag, settings outside their ranges kept).
//! Deform mode is in `editor_deform.rs`.

use eframe::egui::{Event, Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use glam::DVec2;
use limber::core::animation::{DeformRecord, PartKeyRecord};
use limber::core::edit::Edit;
use limber::core::weights::check_binding;
use limber::editor::document::Document;
use limber::editor::editor::{Editor, Mode};

use crate::common::editor_harness;
use editor_harness::{
    button, drag, harness, harness_with, interior_vertex, pos, sample, sample_editor, vertex,
};

/// A click (press and release without moving) at screen point `at`.
fn click(harness: &mut Harness<'_, Editor>, at: DVec2) {
    harness.event(Event::PointerMoved(pos(at)));
    harness.run_steps(1);
    button(harness, at, true);
    button(harness, at, false);
    harness.run_steps(1);
}

/// The harness in Mesh mode (key 4).
fn mesh_mode() -> Harness<'static, Editor> {
    let mut harness = harness();
    harness.key_press(Key::Num4);
    harness.run_steps(2);
    assert_eq!(harness.state().tools().mode(), Mode::Mesh);
    harness
}

fn bones(editor: &Editor) -> usize {
    editor.document().project.rig.skeleton.bones.len()
}

/// The triangle centre farthest from every vertex: on no vertex, inside the sprite.
fn open_spot(mesh: &limber::core::Mesh) -> DVec2 {
    // The centre of the roundest-and-largest triangle (largest inscribed circle): well inside a
    // triangle of real area, whatever the mesh's density.
    (0..mesh.triangles.len())
        .map(|t| {
            let [a, b, c] = mesh.corners(t).map(DVec2::from);
            let (la, lb, lc) = ((b - c).length(), (c - a).length(), (a - b).length());
            let perimeter = la + lb + lc;
            let area = 0.5 * (b - a).perp_dot(c - a).abs();
            let inradius = 2.0 * area / perimeter.max(f64::MIN_POSITIVE);
            let centre = (la * a + lb * b + lc * c) / perimeter.max(f64::MIN_POSITIVE);
            (inradius, centre)
        })
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .unwrap()
        .1
}

#[test]
fn a_click_inside_the_sprite_adds_a_vertex_with_valid_weights_and_undo_restores_exactly() {
    let mut harness = mesh_mode();
    let before = harness.state().document().project.clone();
    let count = before.parts[0].mesh.positions.len();
    let editor = harness.state();
    let spot = open_spot(&before.parts[0].mesh);
    let at = editor.screen_of(spot);
    click(&mut harness, at);
    let editor = harness.state();
    let part = &editor.document().project.parts[0];
    assert_eq!(part.mesh.positions.len(), count + 1, "{}", editor.status());
    let added = DVec2::from(part.mesh.positions[count]);
    assert!(
        (added - spot).length() < 1e-3,
        "added at {added} for {spot}"
    );
    check_binding(&part.binding, bones(editor)).unwrap();
    assert_eq!(part.binding.vertices.len(), count + 1);
    assert!(
        part.mesh
            .triangles
            .iter()
            .any(|t| t.contains(&(count as u32)))
    );
    assert_eq!(editor.selection().vertex(), Some((0, count)));
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(1);
    assert_eq!(harness.state().document().project, before);
    assert!(!harness.state().document().can_undo());
}

#[test]
fn dragging_a_vertex_moves_it_by_the_drag_as_one_undo_step() {
    let mut harness = mesh_mode();
    let before = harness.state().document().project.clone();
    let (v, gap) = interior_vertex(harness.state());
    let from = vertex(harness.state(), v);
    let shift = DVec2::new(0.3, -0.2) * gap;
    let (a, b) = (
        harness.state().screen_of(from),
        harness.state().screen_of(from + shift),
    );
    drag(&mut harness, a, b);
    let editor = harness.state();
    let moved = vertex(editor, v) - from;
    assert!(
        (moved - shift).length() < 1e-3,
        "moved by {moved}, dragged by {shift} ({})",
        editor.status()
    );
    let part = &editor.document().project.parts[0];
    assert_eq!(
        part.mesh.positions.len(),
        before.parts[0].mesh.positions.len()
    );
    check_binding(&part.binding, bones(editor)).unwrap();
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(1);
    assert_eq!(harness.state().document().project, before);
    assert!(
        !harness.state().document().can_undo(),
        "the drag was one undo step"
    );
}

#[test]
fn a_selected_vertex_is_deleted_with_the_delete_key_and_undo_restores_it() {
    let mut harness = mesh_mode();
    let before = harness.state().document().project.clone();
    let count = before.parts[0].mesh.positions.len();
    let (v, _) = interior_vertex(harness.state());
    let at = harness.state().screen_of(vertex(harness.state(), v));
    click(&mut harness, at);
    assert_eq!(harness.state().selection().vertex(), Some((0, v)));
    assert_eq!(
        harness.state().document().project,
        before,
        "selecting changes nothing"
    );
    harness.key_press(Key::Delete);
    harness.run_steps(1);
    let editor = harness.state();
    let part = &editor.document().project.parts[0];
    assert_eq!(part.mesh.positions.len(), count - 1, "{}", editor.status());
    check_binding(&part.binding, bones(editor)).unwrap();
    // The vertices after it moved down by one, in place.
    assert_eq!(
        part.mesh.positions[v],
        before.parts[0].mesh.positions[v + 1]
    );
    assert_eq!(
        part.binding.vertices[v],
        before.parts[0].binding.vertices[v + 1]
    );
    assert_eq!(editor.document().project.rig, before.rig);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(1);
    assert_eq!(harness.state().document().project, before);
}

#[test]
fn moves_that_would_fold_the_mesh_are_refused_and_change_nothing() {
    let mut harness = mesh_mode();
    let before = harness.state().document().project.clone();
    // An interior vertex dragged out of the sprite.
    let (v, _) = interior_vertex(harness.state());
    let from = vertex(harness.state(), v);
    let (a, b) = (
        harness.state().screen_of(from),
        harness.state().screen_of(DVec2::new(-20.0, -20.0)),
    );
    drag(&mut harness, a, b);
    assert_eq!(harness.state().document().project, before);
    assert!(
        harness.state().status().contains("refused"),
        "status: {}",
        harness.state().status()
    );
    assert!(!harness.state().status().contains('\n'));
    // A boundary vertex dragged across the sprite to beyond its far side.
    harness.state_mut().set_status("");
    let mesh = &before.parts[0].mesh;
    let centre = DVec2::new(f64::from(mesh.width), f64::from(mesh.height)) / 2.0;
    let b0 = mesh.boundary_loops[0][0] as usize;
    let p = vertex(harness.state(), b0);
    let across = centre + (centre - p) * 1.5;
    let (a, b) = (
        harness.state().screen_of(p),
        harness.state().screen_of(across),
    );
    drag(&mut harness, a, b);
    assert_eq!(harness.state().document().project, before);
    assert!(harness.state().status().contains("refused"));
    assert!(!harness.state().document().can_undo());
}

/// Adds a deform key on part 0 at `time` of clip 0 moving `vertices` by `offsets` (as a loaded file
/// could have it).
fn add_deform_key(editor: &mut Editor, time: f64, vertices: Vec<u32>, offsets: Vec<[f64; 2]>) {
    let clip = &editor.document().project.rig.clips[0];
    let mut record = clip.to_record();
    record.parts.push(PartKeyRecord {
        part: editor.document().project.parts[0].name.clone(),
        time,
        draw_order: None,
        visible: None,
        deform: Some(DeformRecord { vertices, offsets }),
        interp: Default::default(),
    });
    let name = record.name.clone();
    assert!(editor.apply(Edit::ReplaceClip { name, clip: record }));
}

#[test]
fn re_meshing_a_part_with_deform_keys_carries_them_to_the_new_vertices_and_undoes() {
    let mut editor = Editor::new(Document::open(&sample()).unwrap());
    let count = editor.document().project.parts[0].mesh.positions.len() as u32;
    // Every third vertex moves, by an amount that varies with the vertex.
    let vertices: Vec<u32> = (0..count).step_by(3).collect();
    let offsets = vertices
        .iter()
        .map(|&v| [f64::from(v % 7) - 3.0, f64::from(v % 5) * 0.5])
        .collect();
    add_deform_key(&mut editor, 0.3, vertices, offsets);
    add_deform_key(&mut editor, 0.9, vec![1, 2], vec![[2.0, 2.0], [-1.0, 0.5]]);
    let before = editor.document().project.clone();
    let part_name = before.parts[0].name.clone();
    let mut settings = before.parts[0].mesh_settings.clone();
    settings.spacing = Some(3.0);
    assert!(editor.remesh(0, settings), "{}", editor.status());
    let after = &editor.document().project;
    let (old, new) = (&before.parts[0].mesh, &after.parts[0].mesh);
    assert!(new.positions.len() > old.positions.len());
    let clip_before = &before.rig.clips[0];
    let clip_after = &after.rig.clips[0];
    assert_eq!(clip_after.part_keys().len(), 2, "both deform keys survive");
    // At vertices the two meshes share, the sampled offsets are the old ones, at both keys and
    // between them.
    let mut shared = 0;
    for (n, p) in new.positions.iter().enumerate() {
        let Some(o) = old.positions.iter().position(|q| q == p) else {
            continue;
        };
        shared += 1;
        for t in [0.3, 0.6, 0.9] {
            let offset = |pose: limber::core::animation::PartPose, v: usize| {
                pose.deform
                    .iter()
                    .find(|e| e.0 as usize == v)
                    .map_or([0.0, 0.0], |e| e.1)
            };
            let was = offset(clip_before.sample_part(&part_name, t), o);
            let is = offset(clip_after.sample_part(&part_name, t), n);
            assert!(
                (was[0] - is[0]).abs() < 1e-12 && (was[1] - is[1]).abs() < 1e-12,
                "vertex {o} → {n} at {t}: {was:?} vs {is:?}"
            );
        }
    }
    assert!(shared > 10, "only {shared} vertices in common");
    // Deform keys name only vertices of the new mesh.
    for key in clip_after.part_keys() {
        let deform = key.deform.as_ref().unwrap();
        assert!(
            deform
                .vertices
                .iter()
                .all(|&v| (v as usize) < new.positions.len())
        );
    }
    editor.undo();
    assert_eq!(editor.document().project, before);
}

#[test]
fn a_hand_edit_of_a_deformed_mesh_keeps_the_deform_keys_on_their_vertices() {
    let mut editor = Editor::new(Document::open(&sample()).unwrap());
    add_deform_key(&mut editor, 0.3, vec![0, 4], vec![[3.0, 0.0], [0.0, -2.0]]);
    let before = editor.document().project.clone();
    let (v, _) = interior_vertex(&editor);
    assert!(v > 4, "the test wants a vertex after those keyed");
    editor.run(limber::editor::commands::Command::Mesh(
        limber::editor::commands::MeshCommand::SelectVertex {
            vertex: Some((0, v)),
        },
    ));
    editor.run(limber::editor::commands::Command::SetMode(Mode::Mesh));
    assert_eq!(
        editor.run(limber::editor::commands::Command::Delete),
        limber::editor::commands::Outcome::Done,
        "{}",
        editor.status()
    );
    let key = &editor.document().project.rig.clips[0].part_keys()[0];
    let deform = key.deform.as_ref().unwrap();
    assert_eq!(deform.vertices, vec![0, 4]);
    assert_eq!(deform.offsets, vec![[3.0, 0.0], [0.0, -2.0]]);
    editor.undo();
    assert_eq!(editor.document().project, before);
}

/// Whether each of the four mesh-settings sliders is disabled.
fn sliders_disabled(harness: &Harness<'_, Editor>) -> Vec<bool> {
    [
        "alpha threshold",
        "padding (px)",
        "tolerance (px)",
        "spacing (px)",
    ]
    .iter()
    .map(|label| {
        harness
            .get_by_role_and_label(eframe::egui::accesskit::Role::Slider, label)
            .accesskit_node()
            .is_disabled()
    })
    .collect()
}

#[test]
fn a_hand_edited_mesh_locks_its_sliders_until_re_meshed_from_its_settings() {
    let mut harness = mesh_mode();
    let fresh = harness.state().document().project.clone();
    assert!(!fresh.parts[0].mesh_edited);
    let enabled = sliders_disabled(&harness);
    assert_eq!(enabled, vec![false; 4], "the four mesh sliders, enabled");
    assert!(harness.query_by_label("Re-mesh from settings").is_none());

    // A hand edit: the part is marked, the sliders lock, the button appears.
    let at = harness.state().screen_of(open_spot(&fresh.parts[0].mesh));
    click(&mut harness, at);
    harness.run_steps(2);
    let edited = harness.state().document().project.clone();
    assert!(edited.parts[0].mesh_edited, "{}", harness.state().status());
    assert_eq!(sliders_disabled(&harness), vec![true; 4]);

    // The project file keeps the mark, and files without it load unmarked.
    let bytes = edited.to_bytes();
    let text = String::from_utf8(bytes.clone()).unwrap();
    assert!(text.contains("\"mesh_edited\":true"));
    let reloaded = limber::core::project::Project::from_bytes(&bytes).unwrap();
    assert!(reloaded.parts[0].mesh_edited);
    assert!(
        !String::from_utf8(fresh.to_bytes())
            .unwrap()
            .contains("mesh_edited")
    );

    // Re-meshing from the settings replaces the edit (the settings' own mesh) as one undo step.
    harness.get_by_label("Re-mesh from settings").click();
    harness.run_steps(2);
    let remeshed = harness.state().document().project.clone();
    assert!(!remeshed.parts[0].mesh_edited);
    assert_eq!(remeshed.parts[0].mesh, fresh.parts[0].mesh);
    check_binding(&remeshed.parts[0].binding, bones(harness.state())).unwrap();
    assert_eq!(sliders_disabled(&harness), vec![false; 4]);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(2);
    assert_eq!(harness.state().document().project, edited);
    assert_eq!(sliders_disabled(&harness), vec![true; 4]);
}

#[test]
fn a_slider_drag_ends_its_undo_step_even_when_a_hand_edit_locks_the_slider_mid_drag() {
    let mut harness = mesh_mode();
    let fresh = harness.state().document().project.clone();
    let slider = harness
        .get_by_role_and_label(eframe::egui::accesskit::Role::Slider, "tolerance (px)")
        .accesskit_node()
        .bounding_box()
        .expect("the slider has a rectangle");
    let start = DVec2::new(
        slider.x0 + 0.3 * slider.width(),
        0.5 * (slider.y0 + slider.y1),
    );
    harness.event(Event::PointerMoved(pos(start)));
    harness.run_steps(1);
    button(&mut harness, start, true);
    for i in 1..=4 {
        let p = start + DVec2::new(5.0 * f64::from(i), 0.0);
        harness.event(Event::PointerMoved(pos(p)));
        harness.run_steps(1);
    }
    assert!(
        harness.state().document().in_transaction(),
        "the drag opened an undo step"
    );
    // A hand edit arrives mid-drag (a shortcut does this): the sliders lock at once. The spot is
    // an open one of the mesh the drag has made so far.
    let part = 0;
    let spot = open_spot(&harness.state().document().project.parts[part].mesh);
    let added = harness
        .state_mut()
        .run(limber::editor::commands::Command::Mesh(
            limber::editor::commands::MeshCommand::AddVertex { part, point: spot },
        ))
        == limber::editor::commands::Outcome::Done;
    assert!(added, "{}", harness.state().status());
    harness.run_steps(2);
    assert_eq!(sliders_disabled(&harness), vec![true; 4]);
    button(&mut harness, start + DVec2::new(20.0, 0.0), false);
    harness.run_steps(2);
    assert!(
        !harness.state().document().in_transaction(),
        "the undo step is closed although the slider reported no drag stop"
    );
    // The drag and the edit are one undo step; undo gives the fresh project back.
    let edited = harness.state().document().project.clone();
    assert!(edited.parts[0].mesh_edited);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(2);
    assert_eq!(harness.state().document().project, fresh);
}

#[test]
fn settings_outside_the_sliders_ranges_are_kept_until_their_own_slider_moves() {
    // Valid settings the sliders do not reach (from `limber new --padding 12 --tolerance 9`).
    let mut editor = sample_editor();
    let settings = &mut editor.document_mut().project.parts[0].mesh_settings;
    settings.padding = 12.0;
    settings.tolerance = 9.0;
    let before = editor.document().project.clone();
    let mut harness = harness_with(editor);
    harness.key_press(Key::Num4);
    harness.run_steps(4);
    assert_eq!(harness.state().tools().mode(), Mode::Mesh);
    assert_eq!(
        harness.state().document().project,
        before,
        "nothing re-meshed"
    );
    assert!(!harness.state().document().can_undo());
    // Dragging another slider re-meshes with that one setting changed, the others as they were.
    let slider = harness
        .get_by_role_and_label(eframe::egui::accesskit::Role::Slider, "spacing (px)")
        .accesskit_node()
        .bounding_box()
        .expect("the slider has a rectangle");
    let y = 0.5 * (slider.y0 + slider.y1);
    let from = DVec2::new(slider.x0 + 0.5 * slider.width(), y);
    drag(&mut harness, from, from + DVec2::new(15.0, 0.0));
    let after = &harness.state().document().project.parts[0].mesh_settings;
    assert_ne!(
        after.spacing,
        before.parts[0].mesh_settings.spacing,
        "{}",
        harness.state().status()
    );
    assert_eq!((after.padding, after.tolerance), (12.0, 9.0));
}
