//! Where parts sit on the canvas (issue 36, layout), through the real UI (egui_kittest): in Mesh
//! mode a drag inside a part, off its vertices, moves the whole part in whole pixels with its
//! weights made again for where it lies, as one undo step that Esc cancels; and a layered file's
//! layers added to a document keep their places on the file's canvas, centred on the document's.

use egui_kittest::Harness;
use glam::DVec2;
use limber::core::project::Project;
use limber::editor::commands::Command;
use limber::editor::editor::{Editor, Mode};
use limber::editor::layered_import::centring_shift;

use crate::common::editor_harness::{
    drag, harness_with, import_tagged_face, sample_editor, undo_depth,
};

/// A point inside part 0 away from every vertex: the centroid of its largest triangle.
fn inside_off_vertices(editor: &Editor) -> DVec2 {
    let mesh = &editor.document().project.parts[0].mesh;
    let corner = |i: u32| DVec2::from(mesh.positions[i as usize]);
    let area = |t: &[u32; 3]| {
        (corner(t[1]) - corner(t[0]))
            .perp_dot(corner(t[2]) - corner(t[0]))
            .abs()
    };
    let largest = mesh
        .triangles
        .iter()
        .max_by(|a, b| area(a).total_cmp(&area(b)))
        .expect("a triangle");
    let centre = (corner(largest[0]) + corner(largest[1]) + corner(largest[2])) / 3.0;
    assert!(
        editor.rig().mesh_vertex_at(centre).is_none(),
        "off the vertices"
    );
    centre
}

fn mesh_harness() -> Harness<'static, Editor> {
    let mut editor = sample_editor();
    editor.run(Command::SetMode(Mode::Mesh));
    let mut harness = harness_with(editor);
    harness.run_steps(2);
    harness
}

#[test]
fn a_drag_inside_a_part_in_mesh_mode_moves_it_in_one_step_and_reweighs_it() {
    let mut harness = mesh_harness();
    let before: Project = harness.state().document().project.clone();
    let depth = undo_depth(harness.state_mut());
    let grab = inside_off_vertices(harness.state());
    let zoom = harness.state().view().camera().zoom;
    // 12 image pixels right and 5 down, in screen points.
    let from = harness.state().screen_of(grab);
    let to = from + DVec2::new(12.0, 5.0) * zoom;
    drag(&mut harness, from, to);

    let after = harness.state().document().project.clone();
    let (was, now) = (&before.parts[0].mesh, &after.parts[0].mesh);
    assert_eq!(
        now.offset,
        [was.offset[0] + 12, was.offset[1] + 5],
        "{}",
        harness.state().status()
    );
    for (a, b) in was.positions.iter().zip(&now.positions) {
        assert!((b[0] - a[0] - 12.0).abs() < 1e-9 && (b[1] - a[1] - 5.0).abs() < 1e-9);
    }
    assert_eq!(was.uvs, now.uvs, "the texture moves with it");
    assert_ne!(
        before.parts[0].binding, after.parts[0].binding,
        "weighed again where it now lies under the bones"
    );
    assert!(
        harness.state().status().starts_with("moved part"),
        "{}",
        harness.state().status()
    );
    assert_eq!(undo_depth(harness.state_mut()), depth + 1, "one undo step");
    assert!(harness.state_mut().document_mut().undo());
    assert_eq!(
        harness.state().document().project,
        before,
        "undo puts it back"
    );
}

#[test]
fn esc_during_a_part_drag_puts_it_back_with_no_step() {
    let mut harness = mesh_harness();
    let before = harness.state().document().project.clone();
    let depth = undo_depth(harness.state_mut());
    let from = harness
        .state()
        .screen_of(inside_off_vertices(harness.state()));
    let pos = crate::common::editor_harness::pos;
    harness.event(eframe::egui::Event::PointerMoved(pos(from)));
    harness.run_steps(1);
    crate::common::editor_harness::button(&mut harness, from, true);
    for i in 1..=6 {
        let p = from + DVec2::new(6.0, 4.0) * f64::from(i);
        harness.event(eframe::egui::Event::PointerMoved(pos(p)));
        harness.run_steps(1);
    }
    assert_ne!(
        harness.state().document().project,
        before,
        "it moves while dragged"
    );
    harness.key_press(eframe::egui::Key::Escape);
    harness.run_steps(1);
    crate::common::editor_harness::button(&mut harness, from + DVec2::new(36.0, 24.0), false);
    assert_eq!(harness.state().document().project, before);
    assert_eq!(undo_depth(harness.state_mut()), depth);
}

#[test]
fn layers_added_to_a_larger_canvas_keep_their_places_centred_on_it() {
    // The file on its own canvas: where each layer sits there.
    let mut alone = sample_editor();
    assert!(import_tagged_face(&mut alone, "placement-alone", true));
    let file = alone.document().project.clone();
    let file_canvas = file.canvas_size();

    // Beside the sample's part, on a canvas made wider than the file's.
    let mut editor = sample_editor();
    let mut canvas = editor.document().project.canvas_size();
    canvas[0] = canvas[0].max(file_canvas[0] + 40);
    canvas[1] = canvas[1].max(file_canvas[1] + 20);
    editor.document_mut().project.canvas = Some(canvas);
    assert!(import_tagged_face(&mut editor, "placement-beside", false));
    let shift = centring_shift(file_canvas, canvas);
    assert!(shift[0] >= 20 && shift[1] >= 10, "{shift:?}");
    let project = &editor.document().project;
    for part in &file.parts {
        let placed = project
            .parts
            .iter()
            .find(|p| p.name == part.name)
            .unwrap_or_else(|| panic!("{} imported: {}", part.name, editor.status()));
        assert_eq!(
            placed.mesh.offset,
            [
                part.mesh.offset[0] + shift[0],
                part.mesh.offset[1] + shift[1]
            ],
            "{}",
            part.name
        );
    }
}

#[test]
fn shift_drag_moves_the_whole_part_even_from_one_of_its_vertices() {
    let mut harness = mesh_harness();
    let before = harness.state().document().project.parts[0].mesh.clone();
    let (vertex, _) = crate::common::editor_harness::interior_vertex(harness.state());
    let on_vertex = crate::common::editor_harness::vertex(harness.state(), vertex);
    let zoom = harness.state().view().camera().zoom;
    let from = harness.state().screen_of(on_vertex);
    let to = from + DVec2::new(7.0, 9.0) * zoom;
    let pos = crate::common::editor_harness::pos;
    crate::common::editor_harness::drag_with(
        &mut harness,
        pos(from),
        pos(to),
        eframe::egui::Modifiers::SHIFT,
    );
    let after = &harness.state().document().project.parts[0].mesh;
    assert_eq!(
        after.offset,
        [before.offset[0] + 7, before.offset[1] + 9],
        "{}",
        harness.state().status()
    );
    assert_eq!(
        after.uvs, before.uvs,
        "the whole part moved, no vertex alone"
    );
}
