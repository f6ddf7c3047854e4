//! Previewing a transition in the view: from the current clip into another over a crossfade, as
//! `limber render --then` renders it ([`limber_core::playback::Transition`]). While the preview
//! plays, the view shows the transition's frame at its own time; it stops at the transition's end
//! (or on Stop), and the timeline's playhead is left as it was.

use limber_core::frame::Frame;
use limber_core::playback::{Playback, Transition};
use limber_core::pose::PoseSolver;

use crate::editor::{Editor, Mode};

pub use crate::playback::TransitionPreview;

impl Editor {
    /// The transition from the current clip into the chosen one, when both exist.
    pub fn transition(&self) -> Option<Transition<'_>> {
        let clips = &self.document.project.rig.clips;
        let from = self.current_clip()?;
        let to = clips.get(self.playback().transition().to?)?;
        let crossfade = self
            .playback()
            .transition()
            .crossfade
            .clamp(0.0, from.duration);
        Transition::new(from, to, crossfade).ok()
    }

    /// Starts playing the transition preview from its start (Animate mode).
    pub fn preview_transition(&mut self) {
        let Some(transition) = self.transition() else {
            self.status = "pick a clip to blend into (the inspector's Transition) first".into();
            return;
        };
        self.status = format!(
            "previewing {} over {:.2} s",
            Playback::Transition(transition).name(),
            transition.crossfade
        );
        self.tools.set_mode(Mode::Animate);
        self.playback.set_playing(false);
        self.playback.transition_mut().at = Some(0.0);
    }

    /// Stops the preview (the view shows the playhead again).
    pub fn stop_transition_preview(&mut self) {
        self.playback.transition_mut().at = None;
    }

    /// Advances the preview by `dt` seconds; returns whether it is still playing.
    pub fn tick_transition(&mut self, dt: f64) -> bool {
        let Some(at) = self.playback().transition().at else {
            return false;
        };
        let Some(length) = self.transition().map(|t| t.duration()) else {
            self.playback.transition_mut().at = None;
            return false;
        };
        let next = at + dt;
        self.playback.transition_mut().at = (next < length).then_some(next);
        self.playback().transition().at.is_some()
    }

    /// The frame the preview shows now, while it plays.
    pub fn transition_frame(&self) -> Option<Frame> {
        let at = self.playback().transition().at?;
        let transition = self.transition()?;
        let project = &self.document.project;
        let solver = PoseSolver::new(&project.rig.skeleton).ok()?;
        Some(Playback::Transition(transition).frame(project, &solver, at))
    }
}
