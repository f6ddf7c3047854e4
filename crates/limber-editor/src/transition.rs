//! Previewing a transition in the view: from the current clip into another over a crossfade, as
//! `limber render --then` renders it ([`limber_core::playback::Transition`]). While the preview
//! plays, the view shows the transition's frame at its own time; it stops at the transition's end
//! (or on Stop), and the timeline's playhead is left as it was. The transition and its frame are
//! read on the [`Animation`] view; starting the preview without a clip to blend into is a
//! [`ClipError`].

use limber_core::frame::Frame;
use limber_core::playback::{Playback, Transition};
use limber_core::pose::PoseSolver;

use crate::animate::{Animation, ClipError};
use crate::editor::{Editor, Mode};

pub use crate::playback::TransitionPreview;

impl<'a> Animation<'a> {
    /// The transition from the current clip into the chosen one, when both exist.
    pub fn transition(&self) -> Option<Transition<'a>> {
        let clips = &self.project.rig.clips;
        let from = self.clip()?;
        let to = clips.get(self.playback.transition().to?)?;
        let crossfade = self
            .playback
            .transition()
            .crossfade
            .clamp(0.0, from.duration);
        Transition::new(from, to, crossfade).ok()
    }

    /// The frame the preview shows now, while it plays.
    pub fn transition_frame(&self) -> Option<Frame> {
        let at = self.playback.transition().at?;
        let transition = self.transition()?;
        let solver = PoseSolver::new(&self.project.rig.skeleton).ok()?;
        Some(Playback::Transition(transition).frame(self.project, &solver, at))
    }
}

/// The transition preview's target clip and crossfade (the Animate inspector).
pub(crate) fn set_transition(
    playback: &mut crate::playback::Playback,
    to: Option<usize>,
    crossfade: f64,
) {
    let preview = playback.transition_mut();
    preview.to = to;
    preview.crossfade = crossfade;
}

/// Starts playing the transition preview from its start (Animate mode).
pub(crate) fn preview_transition(editor: &mut Editor) -> Result<(), ClipError> {
    let transition = editor
        .animation()
        .transition()
        .ok_or(ClipError::NoTransition)?;
    editor.status = format!(
        "previewing {} over {:.2} s",
        Playback::Transition(transition).name(),
        transition.crossfade
    );
    editor.tools.set_mode(Mode::Animate);
    editor.playback.set_playing(false);
    editor.playback.transition_mut().at = Some(0.0);
    Ok(())
}

/// Stops the preview (the view shows the playhead again).
pub(crate) fn stop_preview(playback: &mut crate::playback::Playback) {
    playback.transition_mut().at = None;
}

impl Editor {
    /// Advances the preview by `dt` seconds; returns whether it is still playing.
    pub fn tick_transition(&mut self, dt: f64) -> bool {
        let Some(at) = self.playback().transition().at else {
            return false;
        };
        let Some(length) = self.animation().transition().map(|t| t.duration()) else {
            self.playback.transition_mut().at = None;
            return false;
        };
        let next = at + dt;
        self.playback.transition_mut().at = (next < length).then_some(next);
        self.playback().transition().at.is_some()
    }
}
