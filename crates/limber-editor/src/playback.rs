//! Where the editor is in time: the current clip, the playhead, whether it plays, and the
//! transition the Animate inspector previews (`transition.rs`). Stepping the playhead and the
//! preview is done by the editor, which knows the clips (`animate.rs`).

/// The transition to preview and where the preview is.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct TransitionPreview {
    /// The clip to blend into (index into the project's clips).
    pub to: Option<usize>,
    /// Seconds of blending (clamped to the current clip's duration).
    pub crossfade: f64,
    /// Seconds into the transition while the preview plays.
    pub at: Option<f64>,
}

/// The editor's playback state (not saved).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Playback {
    /// Index into the project's clips.
    clip: Option<usize>,
    /// Playhead, seconds.
    time: f64,
    playing: bool,
    transition: TransitionPreview,
}

impl Playback {
    /// Playback of `clip` from its start, stopped.
    pub fn of_clip(clip: Option<usize>) -> Self {
        Self {
            clip,
            ..Self::default()
        }
    }

    /// The current clip (index into the project's clips).
    pub fn clip(&self) -> Option<usize> {
        self.clip
    }

    pub fn set_clip(&mut self, clip: Option<usize>) {
        self.clip = clip;
    }

    /// The playhead, seconds.
    pub fn time(&self) -> f64 {
        self.time
    }

    pub fn set_time(&mut self, time: f64) {
        self.time = time;
    }

    pub fn is_playing(&self) -> bool {
        self.playing
    }

    pub fn set_playing(&mut self, playing: bool) {
        self.playing = playing;
    }

    /// The transition the inspector previews and where its preview is.
    pub fn transition(&self) -> &TransitionPreview {
        &self.transition
    }

    pub(crate) fn transition_mut(&mut self) -> &mut TransitionPreview {
        &mut self.transition
    }

    /// Keeps the current clip among `clips` (the first one when it is gone).
    pub fn keep_valid(&mut self, clips: usize) {
        self.clip = self
            .clip
            .filter(|&c| c < clips)
            .or((clips > 0).then_some(0));
    }
}
