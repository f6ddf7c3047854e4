//! When each exported frame is sampled and how long it shows, so that a looping clip repeats
//! seamlessly and the durations add up to the clip's length despite whole-millisecond (atlas) or
//! whole-centisecond (GIF) delays.

use limber_core::animation::Clip;
use limber_core::playback::Playback;

/// Frames per second of an export whose clip has no frame rate of its own.
pub const DEFAULT_FPS: f64 = 30.0;

/// The frame rate a clip exports at unless asked otherwise: its own, else [`DEFAULT_FPS`].
pub fn clip_fps(clip: Option<&Clip>) -> f64 {
    clip.and_then(|c| c.fps).map_or(DEFAULT_FPS, f64::from)
}

/// Sample times and display durations of an export.
#[derive(Debug, Clone, PartialEq)]
pub struct FrameTimes {
    /// Seconds, one per frame: i / fps.
    pub times: Vec<f64>,
    pub fps: f64,
    pub looping: bool,
    /// Seconds the frames show for in all: the clip's length (one frame for the rest pose).
    pub length: f64,
}

impl FrameTimes {
    /// Frames of `clip` at `fps`. A looping clip gets round(duration × fps) frames (its end is its
    /// start, so it is not repeated); a clip that plays once also gets its last pose. Without a clip,
    /// one frame of the rest pose.
    pub fn of_clip(clip: Option<&Clip>, fps: f64) -> Self {
        let Some(clip) = clip else {
            return Self {
                times: vec![0.0],
                fps,
                looping: false,
                length: 1.0 / fps,
            };
        };
        Self::new(clip.duration, clip.looping, fps)
    }

    /// Frames of `playback` at `fps` (as [`FrameTimes::of_clip`]; a transition plays once).
    pub fn of_playback(playback: Playback, fps: f64) -> Self {
        match playback {
            Playback::Rest => Self::of_clip(None, fps),
            _ => Self::new(playback.duration(), playback.looping(), fps),
        }
    }

    /// Frames of a clip of `duration` seconds at `fps` (see [`FrameTimes::of_clip`]).
    pub fn new(duration: f64, looping: bool, fps: f64) -> Self {
        let count = Self::count(duration, looping, fps) as usize;
        let times = (0..count).map(|i| (i as f64 / fps).min(duration)).collect();
        Self {
            times,
            fps,
            looping,
            length: if duration > 0.0 { duration } else { 1.0 / fps },
        }
    }

    /// How many frames [`FrameTimes::new`] makes, without making them (for budgets).
    pub fn count(duration: f64, looping: bool, fps: f64) -> u64 {
        let steps = (duration * fps).round().max(1.0) as u64;
        if looping { steps } else { steps + 1 }
    }

    /// How many frames [`FrameTimes::of_playback`] makes, without making them.
    pub fn count_of_playback(playback: Playback, fps: f64) -> u64 {
        match playback {
            Playback::Rest => 1,
            _ => Self::count(playback.duration(), playback.looping(), fps),
        }
    }

    pub fn len(&self) -> usize {
        self.times.len()
    }

    pub fn is_empty(&self) -> bool {
        self.times.is_empty()
    }

    /// Display duration of each frame in whole `units` per second (1000: ms, 100: GIF centiseconds):
    /// the clip's length shared evenly by the frames (a one-shot's extra end pose included, so it
    /// still plays for exactly the clip's length), rounded so that the running total stays within
    /// half a unit of the exact time and ends on the length.
    pub fn durations(&self, units: f64) -> Vec<u32> {
        let count = self.len().max(1) as f64;
        let end = |i: usize| (i as f64 * units * self.length / count).round() as u32;
        (0..self.len()).map(|i| end(i + 1) - end(i)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn times(duration: f64, looping: bool, fps: f64) -> FrameTimes {
        FrameTimes::new(duration, looping, fps)
    }

    #[test]
    fn a_loop_does_not_repeat_its_first_frame_and_a_one_shot_keeps_its_last() {
        assert_eq!(times(1.0, true, 4.0).times, vec![0.0, 0.25, 0.5, 0.75]);
        assert_eq!(
            times(1.0, false, 4.0).times,
            vec![0.0, 0.25, 0.5, 0.75, 1.0]
        );
    }

    #[test]
    fn gif_delays_add_up_to_the_clip_length() {
        let t = times(1.0, true, 30.0);
        let delays = t.durations(100.0);
        assert_eq!(delays.iter().sum::<u32>(), 100);
        assert!(delays.iter().all(|&d| d == 3 || d == 4), "{delays:?}");
    }

    #[test]
    fn a_one_shot_with_its_end_pose_still_lasts_the_clip_length() {
        // 1.0 s once at 4 fps: 5 poses sharing 1000 ms (it was 1250 with the end pose a frame long).
        let t = times(1.0, false, 4.0);
        let ms = t.durations(1000.0);
        assert_eq!(ms, vec![200; 5]);
        let t = times(1.0, false, 12.0);
        assert_eq!(t.durations(1000.0).iter().sum::<u32>(), 1000);
        assert_eq!(t.durations(100.0).iter().sum::<u32>(), 100);
        // A loop whose length is not a whole number of frames adds up to it too.
        assert_eq!(
            times(1.01, true, 30.0)
                .durations(1000.0)
                .iter()
                .sum::<u32>(),
            1010
        );
    }
}
