//! The current clip's events (the timeline's event row and the event inspector), carried out by
//! the events feature (`events.rs`). Adding one at the playhead is the plain
//! [`Command::AddEvent`](crate::commands::Command::AddEvent).

use limber_core::animation::events::EventRecord;

use crate::editor::Editor;
use crate::events::{self, EventError};

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

    /// Carries the edit out; whether anything changed, or why not.
    pub(crate) fn run(self, editor: &mut Editor) -> Result<bool, EventError> {
        match self {
            Self::Select { event } => editor.selection.set_event(event),
            Self::Move { event, time } => events::move_to(editor.step(), event, time)?,
            Self::Set { event, record } => events::replace(editor.step(), event, record)?,
            Self::Delete { event } => events::delete(editor.step(), event)?,
        }
        Ok(true)
    }
}
