//! The timeline's clip commands: which clip is current, its name, frame rate, loop and duration,
//! and the transition the inspector previews. Adding, duplicating and deleting a clip are plain
//! commands ([`Command::AddClip`](crate::commands::Command::AddClip), …). Carried out by the
//! animation feature (`animate.rs`, `transition.rs`); a refusal is a [`ClipError`].

use limber_core::animation::ClipRecord;
use limber_core::edit::Edit;

use crate::animate::{self, ClipError};
use crate::editor::Editor;
use crate::step::Step;
use crate::transition;

/// One edit of the current clip or of the clip choice.
#[derive(Debug, Clone, PartialEq)]
pub enum ClipCommand {
    /// Makes clip `clip` (its index) current, the playhead at its start.
    Choose {
        clip: usize,
    },
    /// Makes `clip` current (`None`: none), keeping the playhead where it is.
    SetCurrent {
        clip: Option<usize>,
    },
    /// Moves the playhead to `time` seconds (not snapped to frames).
    SetTime {
        time: f64,
    },
    /// Renames the current clip (an empty name is refused).
    Rename {
        to: String,
    },
    /// The current clip's frame rate (`None`: free timing).
    SetFps {
        fps: Option<u32>,
    },
    /// The current clip's loop switch and duration (seconds).
    SetTiming {
        looping: bool,
        duration: f64,
    },
    /// The clip the transition preview goes into and its crossfade (seconds).
    SetTransition {
        to: Option<usize>,
        crossfade: f64,
    },
    StopTransitionPreview,
}

impl ClipCommand {
    /// What it does, in a few words.
    pub fn name(&self) -> &'static str {
        match self {
            Self::Choose { .. } => "choose clip",
            Self::SetCurrent { .. } => "choose clip",
            Self::SetTime { .. } => "move playhead",
            Self::Rename { .. } => "rename clip",
            Self::SetFps { .. } => "set frame rate",
            Self::SetTiming { .. } => "set clip timing",
            Self::SetTransition { .. } => "set transition",
            Self::StopTransitionPreview => "stop transition preview",
        }
    }

    /// Carries the edit out; whether anything changed, or why not.
    pub(crate) fn run(self, editor: &mut Editor) -> Result<bool, ClipError> {
        match self {
            Self::Choose { clip } => {
                editor.playback.set_clip(Some(clip));
                editor.playback.set_time(0.0);
            }
            Self::SetCurrent { clip } => editor.playback.set_clip(clip),
            Self::SetTime { time } => editor.playback.set_time(time),
            Self::Rename { to } => return animate::rename_clip(editor.step(), &to),
            Self::SetFps { fps } => return animate::set_fps(editor.step(), fps),
            Self::SetTiming { looping, duration } => {
                return set_timing(editor.step(), looping, duration);
            }
            Self::SetTransition { to, crossfade } => {
                transition::set_transition(&mut editor.playback, to, crossfade);
            }
            Self::StopTransitionPreview => transition::stop_preview(&mut editor.playback),
        }
        Ok(true)
    }
}

/// The current clip looping (or not) over `duration` seconds, one undo step; whether it changed.
fn set_timing(mut step: Step, looping: bool, duration: f64) -> Result<bool, ClipError> {
    let record = step
        .current_clip()
        .map(|c| c.to_record())
        .ok_or(ClipError::NoClip)?;
    if record.looping == looping && record.duration == duration {
        return Ok(false);
    }
    step.document.apply(Edit::ReplaceClip {
        name: record.name.clone(),
        clip: ClipRecord {
            looping,
            duration,
            ..record
        },
    })?;
    step.commit();
    Ok(true)
}
