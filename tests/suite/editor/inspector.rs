//! The inspector's and parts list's edits: reparenting a bone (cycles refused with a status line),
//! a part's weight metric (weights recomputed, one undo step, in the background too), and keying a
//! part's draw order at the playhead from the Parts list.

use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use limber::app::ui::editor_ui;
use limber::core::distance::Metric;
use limber::core::image_io::load_png;
use limber::core::pipeline::build_mesh_and_grid;
use limber::core::weights::{Binding, weigh};
use limber::editor::editor::{Editor, Mode};

use crate::common::editor_harness;
use editor_harness::sample_editor;
use limber::editor::jobs::JobKind;

fn editor() -> Editor {
    sample_editor()
}

fn index(editor: &Editor, name: &str) -> usize {
    editor
        .document()
        .project
        .rig
        .skeleton
        .bones
        .iter()
        .position(|b| b.name == name)
        .unwrap()
}

#[test]
fn reparenting_offers_valid_parents_refuses_cycles_and_undoes() {
    let mut editor = editor();
    let (hip, spine, head) = (
        index(&editor, "hip"),
        index(&editor, "spine"),
        index(&editor, "head"),
    );
    // Every bone hangs below hip: it can have no parent but none.
    assert!(editor.rig().valid_parents(hip).is_empty());
    let for_spine = editor.rig().valid_parents(spine);
    assert!(!for_spine.contains(&spine) && !for_spine.contains(&head));
    assert!(for_spine.contains(&hip));

    let before = editor.document().project.clone();
    assert!(
        editor.run(limber::editor::commands::Command::Bone(
            limber::editor::commands::BoneCommand::SetParent {
                bone: spine,
                parent: Some(head)
            }
        )) != limber::editor::commands::Outcome::Done
    );
    assert_eq!(editor.document().project, before, "a cycle changes nothing");
    assert!(editor.status().contains("cycle"), "{}", editor.status());
    assert!(
        editor.run(limber::editor::commands::Command::Bone(
            limber::editor::commands::BoneCommand::SetParent {
                bone: spine,
                parent: Some(spine)
            }
        )) != limber::editor::commands::Outcome::Done
    );
    assert_eq!(editor.document().project, before);

    assert!(
        editor.run(limber::editor::commands::Command::Bone(
            limber::editor::commands::BoneCommand::SetParent {
                bone: head,
                parent: Some(hip)
            }
        )) == limber::editor::commands::Outcome::Done
    );
    assert_eq!(
        editor.document().project.rig.skeleton.bones[head].parent,
        Some(hip)
    );
    assert!(
        editor.run(limber::editor::commands::Command::Bone(
            limber::editor::commands::BoneCommand::SetParent {
                bone: head,
                parent: None
            }
        )) == limber::editor::commands::Outcome::Done
    );
    assert_eq!(
        editor.document().project.rig.skeleton.bones[head].parent,
        None
    );
    editor.undo();
    editor.undo();
    assert_eq!(editor.document().project, before);
}

/// Part 0's weights computed from scratch by the core with `metric`.
fn fresh_weights(editor: &Editor, metric: Metric) -> Binding {
    let part = &editor.document().project.parts[0];
    let image = load_png(&part.image).unwrap();
    let (_, grid, _) = build_mesh_and_grid(&image, &part.mesh_settings).unwrap();
    weigh(
        &grid,
        &editor.document().project.rig.skeleton,
        &part.mesh.positions,
        metric,
        part.weight_settings.smoothness,
    )
}

#[test]
fn changing_the_metric_recomputes_weights_as_one_undo_step() {
    for background in [false, true] {
        let mut editor = editor();
        if background {
            editor.run(limber::editor::commands::Command::Mesh(
                limber::editor::commands::MeshCommand::SetSyncWeightPixels { pixels: 0 },
            ));
        }
        let before = editor.document().project.clone();
        assert_eq!(before.parts[0].weight_settings.metric, Metric::Geodesic);
        assert!(
            editor.run(limber::editor::commands::Command::Mesh(
                limber::editor::commands::MeshCommand::SetMetric {
                    part: 0,
                    metric: Metric::Bfs4
                }
            )) == limber::editor::commands::Outcome::Done
        );
        assert_eq!(editor.jobs().is_running(JobKind::Weights), background);
        editor.finish_job(JobKind::Weights);
        let part = &editor.document().project.parts[0];
        assert_eq!(part.weight_settings.metric, Metric::Bfs4);
        assert_ne!(part.binding, before.parts[0].binding);
        assert_eq!(part.binding, fresh_weights(&editor, Metric::Bfs4));
        editor.undo();
        assert_eq!(
            editor.document().project,
            before,
            "one step takes back the metric and its weights"
        );
    }
}

#[test]
fn the_parts_list_keys_the_draw_order_at_the_playhead() {
    // Tall enough that the left panel shows the slot's controls without scrolling.
    let mut harness = Harness::builder()
        .with_size(egui::Vec2::new(1280.0, 1400.0))
        .build_ui_state(
            |ui, editor: &mut Editor| {
                editor_ui(ui, editor, None, false, &[]);
            },
            editor(),
        );
    harness.run_steps(2);
    assert_eq!(harness.state().tools().mode(), Mode::Animate);
    let own = harness.state().document().project.parts[0].draw_order;
    harness
        .state_mut()
        .run(limber::editor::commands::Command::Clip(
            limber::editor::commands::ClipCommand::SetTime { time: 0.5 },
        ));
    harness.run_steps(1);
    harness.get_by_label("Key order").click();
    harness.run_steps(1);
    let record = harness.state().current_clip().unwrap().to_record();
    let key = record
        .parts
        .iter()
        .find(|k| k.time == 0.5)
        .expect("a part key");
    assert_eq!(key.draw_order, Some(own));

    let editor = harness.state_mut();
    assert!(editor.key_draw_order(0, own + 4));
    assert_eq!(editor.animation().draw_order_at_playhead(0), Some(own + 4));
    let frame = editor.frame().unwrap();
    assert_eq!(frame.parts[0].draw_order, own + 4);
    let keys = editor.current_clip().unwrap().to_record().parts;
    assert_eq!(keys.len(), 1, "the second key joined the first");
    // The part's own order is untouched; undo takes the keys back one by one.
    assert_eq!(editor.document().project.parts[0].draw_order, own);
    editor.undo();
    assert_eq!(editor.animation().draw_order_at_playhead(0), Some(own));
    editor.undo();
    assert!(editor.current_clip().unwrap().to_record().parts.is_empty());
    // Outside Animate mode the field is the part's own order: no key button.
    editor.run(limber::editor::commands::Command::SetMode(Mode::Bones));
    harness.run_steps(1);
    assert!(harness.query_by_label("Key order").is_none());
}
