//! Animation events, as a feature model: markers on the current clip's event row (added at the
//! playhead, dragged in time, renamed, given an int, float or string, deleted). [`Events`] is what
//! the timeline and the event inspector read; the actions plan the clip's new event list and apply
//! it as one undo step through [`limber_core::edit::Edit::ReplaceClip`], returning an
//! [`EventError`] that [`Editor::run`](crate::editor::Editor::run) shows in the status line. The
//! selected event is an index into the clip's events, which are kept sorted by time.

use limber_core::animation::{Clip, EventRecord};
use limber_core::edit::{Edit, EditError};

use crate::editor::Editor;
use crate::step::Step;

/// Why an event action did nothing.
#[derive(Debug, thiserror::Error)]
pub enum EventError {
    #[error("no clip: add one to put events on")]
    NoClip,
    #[error("the clip has no event {0}")]
    NoSuchEvent(usize),
    #[error(transparent)]
    Refused(#[from] EditError),
}

/// The current clip's events and the selected one, read-only.
#[derive(Debug, Clone, Copy)]
pub struct Events<'a> {
    clip: Option<&'a Clip>,
    selected: Option<usize>,
}

impl<'a> Events<'a> {
    fn new(clip: Option<&'a Clip>, selected: Option<usize>) -> Self {
        Self { clip, selected }
    }

    /// Sorted by time; empty without a clip.
    pub fn all(&self) -> &'a [EventRecord] {
        self.clip.map_or(&[], |c| c.events.as_slice())
    }

    /// The selected event and its index, if it still exists.
    pub fn selected(&self) -> Option<(usize, &'a EventRecord)> {
        let index = self.selected?;
        Some((index, self.all().get(index)?))
    }
}

impl Editor {
    /// The current clip's events and the selected one. (The feature's one accessor lives here, not
    /// in `editor.rs`, so the coordinator imports no feature module.)
    pub fn events(&self) -> Events<'_> {
        Events::new(self.current_clip(), self.selection.event())
    }
}

/// Replaces the current clip's events (sorted here, so `moved` — an index into `events` — is
/// followed to its new place, and selected).
fn set_events(
    step: &mut Step,
    events: Vec<EventRecord>,
    moved: Option<usize>,
) -> Result<(), EventError> {
    let Some(clip) = step.current_clip() else {
        return Err(EventError::NoClip);
    };
    let mut order: Vec<usize> = (0..events.len()).collect();
    order.sort_by(|&a, &b| events[a].time.total_cmp(&events[b].time));
    let selected = moved.and_then(|m| order.iter().position(|&i| i == m));
    let mut record = clip.to_record();
    record.events = order.iter().map(|&i| events[i].clone()).collect();
    let name = record.name.clone();
    step.document
        .apply(Edit::ReplaceClip { name, clip: record })?;
    step.selection.set_event(selected);
    Ok(())
}

/// The current clip's events to edit, or why there are none.
fn current_events(step: &Step) -> Result<Vec<EventRecord>, EventError> {
    step.current_clip()
        .map(|c| c.events.clone())
        .ok_or(EventError::NoClip)
}

/// Adds an event called "event" at the playhead and selects it.
pub(crate) fn add_at_playhead(mut step: Step) -> Result<(), EventError> {
    let mut events = current_events(&step)?;
    events.push(EventRecord::new("event", step.animation().playhead()));
    let index = events.len() - 1;
    set_events(&mut step, events, Some(index))?;
    step.commit();
    Ok(())
}

/// Moves event `index` to `time`, clamped to the clip.
pub(crate) fn move_to(mut step: Step, index: usize, time: f64) -> Result<(), EventError> {
    let duration = step.current_clip().map_or(0.0, |c| c.duration);
    let mut events = current_events(&step)?;
    let event = events
        .get_mut(index)
        .ok_or(EventError::NoSuchEvent(index))?;
    event.time = time.clamp(0.0, duration);
    set_events(&mut step, events, Some(index))?;
    step.commit();
    Ok(())
}

/// Replaces event `index` (its name and payload; its time too).
pub(crate) fn replace(mut step: Step, index: usize, event: EventRecord) -> Result<(), EventError> {
    let mut events = current_events(&step)?;
    *events
        .get_mut(index)
        .ok_or(EventError::NoSuchEvent(index))? = event;
    set_events(&mut step, events, Some(index))?;
    step.commit();
    Ok(())
}

/// Deletes event `index`; nothing is selected after.
pub(crate) fn delete(mut step: Step, index: usize) -> Result<(), EventError> {
    let mut events = current_events(&step)?;
    if index >= events.len() {
        return Err(EventError::NoSuchEvent(index));
    }
    events.remove(index);
    set_events(&mut step, events, None)?;
    step.commit();
    Ok(())
}
