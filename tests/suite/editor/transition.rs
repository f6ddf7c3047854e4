//! Previewing a transition in the editor (Animate mode's inspector): from `shamble` into `wave`
//! over 0.4 s, the view shows exactly shamble's frame before the blend and wave's after it — the
//! same frames `limber render --then` renders — and the preview stops at the transition's end.

use egui_kittest::kittest::Queryable;
use limber::core::frame::Frame;
use limber::core::pose::PoseSolver;

use crate::common::editor_harness;

#[test]
fn the_inspector_previews_a_transition_frame_by_frame_as_rendered() {
    let mut harness = editor_harness::harness();
    assert_eq!(
        harness
            .state()
            .current_clip()
            .map(|c| c.name.clone())
            .as_deref(),
        Some("shamble")
    );
    harness
        .state_mut()
        .run(limber::editor::commands::Command::Clip(
            limber::editor::commands::ClipCommand::SetTransition {
                to: Some(1),
                crossfade: 0.4,
            },
        ));
    harness.run_steps(2);
    harness.get_by_label("Preview transition").click();
    harness.run_steps(1);
    assert!(
        harness.state().playback().transition().at.is_some(),
        "{}",
        harness.state().status()
    );

    let project = harness.state().document().project.clone();
    let solver = PoseSolver::new(&project.rig.skeleton).expect("solver");
    let (shamble, wave) = (&project.rig.clips[0], &project.rig.clips[1]);
    let editor = harness.state_mut();
    editor.run(limber::editor::commands::Command::PreviewTransition);
    assert!(editor.tick_transition(0.3));
    let shown = editor.frame().expect("frame");
    assert_eq!(shown, Frame::sample(&project, &solver, Some(shamble), 0.3));
    assert!(editor.tick_transition(1.2));
    let shown = editor.frame().expect("frame");
    assert_eq!(
        shown,
        Frame::sample(&project, &solver, Some(wave), 1.5 - 0.8)
    );
    // 1.2 − 0.4 + 1.0 = 1.8 s: past the end the preview stops and the playhead shows again.
    assert!(!editor.tick_transition(0.5));
    assert!(editor.playback().transition().at.is_none());
    assert_eq!(
        editor.frame().expect("frame"),
        Frame::sample(
            &project,
            &solver,
            Some(shamble),
            editor.animation().playhead()
        )
    );
}
