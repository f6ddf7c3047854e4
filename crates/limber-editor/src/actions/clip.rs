//! The timeline's clip commands: which clip is current, its name, frame rate, loop and duration,
//! and the transition the inspector previews. Adding, duplicating and deleting a clip are plain
//! commands ([`Command::AddClip`](crate::commands::Command::AddClip), …).

use limber_core::animation::ClipRecord;
use limber_core::edit::Edit;

use crate::editor::Editor;

/// One edit of the current clip or of the clip choice.
#[derive(Debug, Clone, PartialEq)]
pub enum ClipCommand {
    /// Makes clip `clip` (its index) current, the playhead at its start.
    Choose {
        clip: usize,
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
            Self::Rename { .. } => "rename clip",
            Self::SetFps { .. } => "set frame rate",
            Self::SetTiming { .. } => "set clip timing",
            Self::SetTransition { .. } => "set transition",
            Self::StopTransitionPreview => "stop transition preview",
        }
    }

    /// Carries the edit out; whether anything changed.
    pub(crate) fn run(self, editor: &mut Editor) -> bool {
        match self {
            Self::Choose { clip } => {
                editor.choose_clip(clip);
                true
            }
            Self::Rename { to } => editor.rename_clip(&to),
            Self::SetFps { fps } => editor.set_clip_fps(fps),
            Self::SetTiming { looping, duration } => set_timing(editor, looping, duration),
            Self::SetTransition { to, crossfade } => {
                editor.set_transition(to, crossfade);
                true
            }
            Self::StopTransitionPreview => {
                editor.stop_transition_preview();
                true
            }
        }
    }
}

/// The current clip looping (or not) over `duration` seconds, one undo step.
fn set_timing(editor: &mut Editor, looping: bool, duration: f64) -> bool {
    let Some(record) = editor.current_clip().map(|c| c.to_record()) else {
        return false;
    };
    if record.looping == looping && record.duration == duration {
        return false;
    }
    editor.apply(Edit::ReplaceClip {
        name: record.name.clone(),
        clip: ClipRecord {
            looping,
            duration,
            ..record
        },
    })
}
