//! Why a clip is invalid: [`AnimationError`] and the limits its messages name, shared by the clip (`clip.rs`) and the parts of a
//! clip it checks (events, keys), which would otherwise import each other in a circle.

use thiserror::Error;

use super::curve::{MAX_HANDLE_OFFSET, MAX_HANDLE_VALUE};
use crate::skeleton::MAX_COORDINATE;

/// Longest clip accepted, in seconds (a day).
pub const MAX_DURATION: f64 = 86_400.0;
/// Largest |rotate| of a key, in degrees (many turns; keys beyond it are refused).
pub const MAX_KEY_ROTATE: f64 = 1e6;
/// Largest |scale| factor of a key. Translations are bounded by [`MAX_COORDINATE`].
pub const MAX_KEY_SCALE: f64 = 1e3;
/// The highest clip frame rate.
pub const MAX_FPS: u32 = 240;

/// Why a clip is invalid.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum AnimationError {
    #[error(
        "clip \"{clip}\": duration {duration} is not a positive number of seconds (at most a day)"
    )]
    BadDuration { clip: String, duration: f64 },
    #[error("clip \"{clip}\": event \"{name}\" at {time} s: {problem}")]
    BadEvent {
        clip: String,
        name: String,
        time: f64,
        problem: &'static str,
    },
    #[error("clip \"{clip}\": fps {fps} is not a frame rate from 1 to {MAX_FPS}")]
    BadFps { clip: String, fps: u32 },
    #[error(
        "clip \"{clip}\": a key has time {time}, which is not a finite time from 0 to the clip's duration"
    )]
    BadTime { clip: String, time: f64 },
    #[error("clip \"{clip}\": a key names unknown bone \"{bone}\"")]
    UnknownBone { clip: String, bone: String },
    #[error("clip \"{clip}\": bone \"{bone}\" has two {channel} keys at time {time}")]
    DuplicateKey {
        clip: String,
        bone: String,
        channel: &'static str,
        time: f64,
    },
    #[error(
        "clip \"{clip}\": a key of bone \"{bone}\" has a non-finite or out-of-range value (rotate: ±{MAX_KEY_ROTATE}°, translate: ±{MAX_COORDINATE} px, scale: ±{MAX_KEY_SCALE}, Bézier handle values: ±{MAX_HANDLE_VALUE}, handle offsets: ±{MAX_HANDLE_OFFSET})"
    )]
    BadValue { clip: String, bone: String },
    #[error("clip \"{clip}\" is defined twice")]
    DuplicateClip { clip: String },
    #[error("a clip has an empty name")]
    EmptyName,
    #[error("clip \"{clip}\": {what} key at time {time}: {problem}")]
    BadKey {
        clip: String,
        /// Which part or constraint, as words ("part \"arm\"").
        what: String,
        time: f64,
        problem: String,
    },
    #[error(
        "the copied keys span {span:.2} s and do not fit between {at:.2} s and the clip's end ({duration:.2} s)"
    )]
    PasteDoesNotFit { span: f64, at: f64, duration: f64 },
}
