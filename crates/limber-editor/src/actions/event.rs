//! The current clip's events (the timeline's event row and the event inspector), carried out by
//! `events.rs`. Adding one at the playhead is the plain [`Command::AddEvent`](crate::commands::Command::AddEvent).

use limber_core::animation::events::EventRecord;

use crate::editor::Editor;

/// One edit of the current clip's events, each known by its index in the clip.
#[derive(Debug, Clone, PartialEq)]
pub enum EventCommand {
    Select {
        event: Option<usize>,
    },
    /// To `time` seconds (snapped to the clip's frames).
    Move {
        event: usize,
        time: f64,
    },
    /// Its name and values.
    Set {
        event: usize,
        record: EventRecord,
    },
    Delete {
        event: usize,
    },
}

impl EventCommand {
    /// What it does, in a few words.
    pub fn name(&self) -> &'static str {
        match self {
            Self::Select { .. } => "select event",
            Self::Move { .. } => "move event",
            Self::Set { .. } => "edit event",
            Self::Delete { .. } => "delete event",
        }
    }

    /// Carries the edit out; whether anything changed.
    pub(crate) fn run(self, editor: &mut Editor) -> bool {
        match self {
            Self::Select { event } => {
                editor.select_event(event);
                true
            }
            Self::Move { event, time } => editor.move_event(event, time),
            Self::Set { event, record } => editor.set_event(event, record),
            Self::Delete { event } => editor.delete_event(event),
        }
    }
}
