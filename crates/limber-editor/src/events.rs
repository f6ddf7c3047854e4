//! Animation events in the editor: markers on the current clip's event row (added at the playhead,
//! dragged in time, renamed, given an int, float or string, deleted), each change one undo step
//! through [`limber_core::edit::Edit::ReplaceClip`]. The selected event is an index into the clip's
//! events, which are kept sorted by time.

use limber_core::animation::EventRecord;
use limber_core::edit::Edit;

use crate::editor::Editor;

impl Editor {
    /// The current clip's events, sorted by time (empty without a clip).
    pub fn clip_events(&self) -> Vec<EventRecord> {
        self.current_clip()
            .map(|c| c.events.clone())
            .unwrap_or_default()
    }

    /// Replaces the current clip's events (sorted here, so `moved` — an index into `events` —
    /// can be followed to its new place); the selection follows it. Returns whether it applied.
    fn set_events(&mut self, mut events: Vec<EventRecord>, moved: Option<usize>) -> bool {
        let Some(clip) = self.current_clip() else {
            self.status = "no clip: add one to put events on".into();
            return false;
        };
        let mut order: Vec<usize> = (0..events.len()).collect();
        order.sort_by(|&a, &b| events[a].time.total_cmp(&events[b].time));
        let sorted: Vec<EventRecord> = order.iter().map(|&i| events[i].clone()).collect();
        let selected = moved.and_then(|m| order.iter().position(|&i| i == m));
        events = sorted;
        let mut record = clip.to_record();
        record.events = events;
        let name = record.name.clone();
        let done = self.apply(Edit::ReplaceClip { name, clip: record });
        if done {
            self.selection.set_event(selected);
        }
        done
    }

    /// Adds an event called "event" at the playhead and selects it. One undo step.
    pub fn add_event_at_playhead(&mut self) -> bool {
        let mut events = self.clip_events();
        events.push(EventRecord::new("event", self.playhead()));
        let index = events.len() - 1;
        self.set_events(events, Some(index))
    }

    /// Moves event `index` to `time` (clamped to the clip; one undo step, or part of a drag's).
    pub fn move_event(&mut self, index: usize, time: f64) -> bool {
        let duration = self.current_clip().map_or(0.0, |c| c.duration);
        let mut events = self.clip_events();
        let Some(event) = events.get_mut(index) else {
            return false;
        };
        event.time = time.clamp(0.0, duration);
        self.set_events(events, Some(index))
    }

    /// Replaces event `index` (its name and payload; its time too). One undo step.
    pub fn set_event(&mut self, index: usize, event: EventRecord) -> bool {
        let mut events = self.clip_events();
        let Some(slot) = events.get_mut(index) else {
            return false;
        };
        *slot = event;
        self.set_events(events, Some(index))
    }

    /// Deletes event `index`. One undo step.
    pub fn delete_event(&mut self, index: usize) -> bool {
        let mut events = self.clip_events();
        if index >= events.len() {
            return false;
        }
        events.remove(index);
        let done = self.set_events(events, None);
        if done {
            self.selection.set_event(None);
        }
        done
    }

    /// The selected event, if it still exists.
    pub fn selected_event_record(&self) -> Option<EventRecord> {
        self.current_clip()?
            .events
            .get(self.selection().event()?)
            .cloned()
    }
}
