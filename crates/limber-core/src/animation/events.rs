//! Animation events: named markers at a time of a clip (a footstep, a sound, a hit) with an optional
//! integer, float and string payload, which game engines receive when playback passes them. They
//! do not change the pose; they are saved with their clip, exported (glTF: the animation's
//! `extras`) and listed by `limber info --json`.

use serde::{Deserialize, Serialize};

use super::error::AnimationError;

/// Longest event name and string payload, in bytes.
pub const MAX_EVENT_TEXT: usize = 1024;

/// One event as written.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EventRecord {
    pub name: String,
    /// Seconds from the clip's start, within its duration.
    pub time: f64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub int: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub float: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub string: Option<String>,
}

impl EventRecord {
    /// An event called `name` at `time` with no payload.
    pub fn new(name: &str, time: f64) -> Self {
        Self {
            name: name.to_string(),
            time,
            int: None,
            float: None,
            string: None,
        }
    }
}

/// Checks the events of clip `clip` (of length `duration`) and returns them sorted by time (ties
/// keep their written order): a name that is not empty, a finite time within the clip, a finite
/// float, texts of at most [`MAX_EVENT_TEXT`] bytes.
pub fn checked_events(
    clip: &str,
    duration: f64,
    events: &[EventRecord],
) -> Result<Vec<EventRecord>, AnimationError> {
    for event in events {
        let problem = if event.name.trim().is_empty() {
            Some("an event needs a name")
        } else if !(event.time.is_finite() && (0.0..=duration).contains(&event.time)) {
            Some("the time is outside the clip")
        } else if event.float.is_some_and(|f| !f.is_finite()) {
            Some("the float is not a finite number")
        } else if event.name.len() > MAX_EVENT_TEXT
            || event
                .string
                .as_ref()
                .is_some_and(|s| s.len() > MAX_EVENT_TEXT)
        {
            Some("a text is over 1024 bytes")
        } else {
            None
        };
        if let Some(problem) = problem {
            return Err(AnimationError::BadEvent {
                clip: clip.to_string(),
                name: event.name.clone(),
                time: event.time,
                problem,
            });
        }
    }
    let mut sorted = events.to_vec();
    sorted.sort_by(|a, b| a.time.total_cmp(&b.time));
    Ok(sorted)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_are_checked_and_sorted_by_time() {
        let mut step = EventRecord::new("footstep", 0.5);
        step.int = Some(2);
        let hit = EventRecord {
            float: Some(0.25),
            string: Some("sword".into()),
            ..EventRecord::new("hit", 0.1)
        };
        let sorted = checked_events("walk", 1.0, &[step.clone(), hit.clone()]).unwrap();
        assert_eq!(sorted, vec![hit.clone(), step.clone()]);
        for bad in [
            EventRecord::new("late", 1.5),
            EventRecord::new(" ", 0.2),
            EventRecord::new("nan", f64::NAN),
            EventRecord {
                float: Some(f64::INFINITY),
                ..hit
            },
        ] {
            let error = checked_events("walk", 1.0, &[bad]).unwrap_err();
            assert!(
                error.to_string().starts_with("clip \"walk\": event"),
                "{error}"
            );
        }
    }

    #[test]
    fn an_event_without_payload_is_written_with_name_and_time_only() {
        let text = serde_json::to_string(&EventRecord::new("land", 0.75)).unwrap();
        assert_eq!(text, r#"{"name":"land","time":0.75}"#);
    }
}
