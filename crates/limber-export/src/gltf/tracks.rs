//! Keyframe tracks for glTF animation samplers, from limber's keys or from baking.
//!
//! glTF gives a sampler one interpolation for all its keys and all the values of a key (x, y and z of
//! a translation); limber gives each key its own, per channel (translate x and y may differ), for the
//! segment after it. A track whose segments are all stepped in every value becomes a `STEP` track
//! with the key times. Any other becomes a `LINEAR` track:
//! - a segment linear in every value keeps its two keys (glTF's linear interpolation, and spherical
//!   linear for rotations about one axis, match limber's exactly);
//! - a segment with a stepped value holds until one f32 step before the next key's time (a value
//!   linear beside it is then exact too: it runs straight to within one f32 step of its end);
//! - a segment with a Bézier value is resampled uniformly at the export rate (`--fps`; by default the
//!   clip's own frame rate, 30 per second without one),
//!   with at least [`MIN_BEZIER_SAMPLES`] intervals per segment; values at the samples are exact,
//!   between them the curve becomes straight lines.
//!
//! Before a channel's first key and after its last it holds (as limber does), and every track runs
//! from 0 to the clip's duration, so a player loops a clip over its whole length. Baked tracks
//! (constraints and springs) sample the frame at every 1 / rate seconds plus the clip's key times and
//! one f32 step before each (so a stepped key stays a step).
//! Values come from a `sample(t)` function, so they are limber's own at every exported time.

use limber_core::animation::Interpolation;
use limber_core::animation::curve::InterpolationName;

/// Fewest straight pieces a Bézier segment becomes.
pub const MIN_BEZIER_SAMPLES: usize = 4;

/// Rounding slack in counts of samples: 0.3 s × 30 per second is 9.000000000000002 in f64, which
/// must count as 9 pieces (so samples land on the clip's 1 / rate grid), not 10.
const SLACK: f64 = 1e-6;

/// How a glTF sampler interpolates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Step,
    Linear,
}

/// Times (strictly increasing, f32 as glTF stores them) and one value per time.
#[derive(Debug, Clone, PartialEq)]
pub struct Track<V> {
    pub mode: Mode,
    pub times: Vec<f32>,
    pub values: Vec<V>,
}

/// A clip's length and the rate (samples per second) for Bézier segments and baking.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Timing {
    pub duration: f64,
    pub rate: f64,
}

/// The interpolations of one key of a track: one, or one per value of the key.
pub trait KeyInterp {
    fn curves(&self) -> &[Interpolation];
}

impl KeyInterp for Interpolation {
    fn curves(&self) -> &[Interpolation] {
        std::slice::from_ref(self)
    }
}

impl KeyInterp for Vec<Interpolation> {
    fn curves(&self) -> &[Interpolation] {
        self
    }
}

/// A track from key times and the interpolations after each key; `sample(t)` gives the channel's
/// value at t ∈ [0, duration] without wrapping.
pub fn keyed<V, I: KeyInterp>(
    keys: &[(f64, I)],
    timing: Timing,
    sample: impl Fn(f64) -> V,
) -> Track<V> {
    let mut times = Vec::new();
    let segments = keys.len().saturating_sub(1);
    let all_stepped = keys[..segments]
        .iter()
        .all(|(_, interp)| interp.curves().iter().all(|i| *i == Interpolation::STEPPED));
    let mode = if all_stepped {
        Mode::Step
    } else {
        Mode::Linear
    };
    match keys.first() {
        Some(&(first, _)) if first > 0.0 => times.push(0.0),
        None => times.push(0.0),
        _ => {}
    }
    for (i, (t0, interp)) in keys.iter().enumerate() {
        let t0 = *t0;
        times.push(t0);
        let Some(t1) = keys.get(i + 1).map(|(t, _)| *t) else {
            break;
        };
        if mode == Mode::Step {
            continue;
        }
        let curves = interp.curves();
        let eased = curves.iter().any(|c| {
            !matches!(
                c,
                Interpolation::Named(InterpolationName::Linear | InterpolationName::Stepped)
            )
        });
        if eased {
            let n = (((t1 - t0) * timing.rate - SLACK).ceil() as usize).max(MIN_BEZIER_SAMPLES);
            times.extend((1..n).map(|k| t0 + (t1 - t0) * k as f64 / n as f64));
        }
        if curves.contains(&Interpolation::STEPPED) {
            times.push(f64::from(f32_before(t1 as f32)));
        }
    }
    if times.last().is_none_or(|&last| last < timing.duration) {
        times.push(timing.duration);
    }
    finish(mode, &times, sample)
}

/// A `LINEAR` track sampled every 1 / rate seconds from 0 to the duration, at the `extra` times (the
/// clip's key times) and one f32 step before each of them.
pub fn baked<V>(extra: &[f64], timing: Timing, sample: impl Fn(f64) -> V) -> Track<V> {
    let frames = (timing.duration * timing.rate + SLACK).floor() as usize;
    let mut times: Vec<f64> = (0..=frames)
        .map(|k| k as f64 / timing.rate)
        .filter(|&t| t < timing.duration - SLACK / timing.rate)
        .chain(extra.iter().copied())
        // One f32 step before each key too, so a stepped key's jump is kept as a jump.
        .chain(
            extra
                .iter()
                .filter(|&&t| t > 0.0)
                .map(|&t| f64::from(f32_before(t as f32))),
        )
        .chain([timing.duration])
        .collect();
    times.sort_by(f64::total_cmp);
    finish(Mode::Linear, &times, sample)
}

/// Samples at `times` (sorted), keeping one time per distinct f32 value (the later of equals).
fn finish<V>(mode: Mode, times: &[f64], sample: impl Fn(f64) -> V) -> Track<V> {
    let mut kept: Vec<(f32, f64)> = Vec::with_capacity(times.len());
    for &t in times {
        let stored = t as f32;
        while kept.last().is_some_and(|&(last, _)| last >= stored) {
            kept.pop();
        }
        kept.push((stored, t));
    }
    Track {
        mode,
        times: kept.iter().map(|&(stored, _)| stored).collect(),
        values: kept.iter().map(|&(_, t)| sample(t)).collect(),
    }
}

/// The largest f32 below a positive `t` (0 stays 0).
fn f32_before(t: f32) -> f32 {
    if t > 0.0 {
        f32::from_bits(t.to_bits() - 1)
    } else {
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TIMING: Timing = Timing {
        duration: 2.0,
        rate: 10.0,
    };

    #[test]
    fn all_stepped_keys_make_a_step_track_spanning_the_clip() {
        let keys = [(0.5, Interpolation::STEPPED), (1.0, Interpolation::LINEAR)];
        let track = keyed(&keys, TIMING, |t| t);
        assert_eq!(track.mode, Mode::Step);
        assert_eq!(track.times, vec![0.0, 0.5, 1.0, 2.0]);
    }

    #[test]
    fn mixed_segments_hold_steps_and_resample_beziers() {
        let bezier = Interpolation::Bezier([0.42, 0.0, 0.58, 1.0]);
        let keys = [
            (0.0, Interpolation::STEPPED),
            (0.4, bezier),
            (0.6, Interpolation::LINEAR),
            (1.0, Interpolation::LINEAR),
        ];
        let track = keyed(&keys, TIMING, |t| t);
        assert_eq!(track.mode, Mode::Linear);
        // Step: 0, then just before 0.4. Bézier 0.4–0.6 at ≥ 4 intervals. Linear 0.6–1.0: the keys.
        assert_eq!(track.times[0], 0.0);
        assert_eq!(track.times[1], f32_before(0.4));
        assert_eq!(track.times[2], 0.4);
        assert_eq!(track.times.len(), 2 + MIN_BEZIER_SAMPLES + 3);
        assert_eq!(&track.times[track.times.len() - 3..], &[0.6, 1.0, 2.0]);
        assert!(track.times.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn bezier_samples_land_on_the_rate_grid_despite_rounding() {
        let keys = [
            (0.6, Interpolation::Bezier([0.42, 0.0, 0.58, 1.0])),
            (0.9, Interpolation::LINEAR),
        ];
        let timing = Timing {
            duration: 1.2,
            rate: 30.0,
        };
        let track = keyed(&keys, timing, |t| t);
        // 0, then 0.6 to 0.9 in nine pieces, then 1.2.
        assert_eq!(track.times.len(), 1 + 10 + 1);
        assert_eq!(track.times[2], (0.6 + 0.3 / 9.0) as f32);
    }

    #[test]
    fn baking_covers_the_grid_and_the_keys() {
        let track = baked(&[0.25], TIMING, |t| t * 2.0);
        assert_eq!(track.times.len(), 21 + 2);
        assert!(track.times.contains(&0.25));
        assert!(track.times.contains(&f32_before(0.25)));
        assert_eq!(*track.times.last().unwrap(), 2.0);
        assert_eq!(*track.values.last().unwrap(), 4.0);
    }

    #[test]
    fn a_key_with_a_curve_per_value_takes_the_times_each_needs() {
        let bezier = Interpolation::Bezier([0.42, 0.0, 0.58, 1.0]);
        // x stepped, y linear: held to just before the next key, no resampling, not a STEP track.
        let keys = [
            (0.0, vec![Interpolation::STEPPED, Interpolation::LINEAR]),
            (1.0, vec![Interpolation::LINEAR; 2]),
        ];
        let track = keyed(&keys, TIMING, |t| t);
        assert_eq!(track.mode, Mode::Linear);
        assert_eq!(track.times, vec![0.0, f32_before(1.0), 1.0, 2.0]);
        // x Bézier, y stepped: resampled and held.
        let keys = [
            (0.0, vec![bezier, Interpolation::STEPPED]),
            (1.0, vec![Interpolation::LINEAR; 2]),
        ];
        let track = keyed(&keys, TIMING, |t| t);
        assert_eq!(track.times.len(), 1 + 9 + 1 + 1 + 1);
        assert_eq!(track.times[10], f32_before(1.0));
        assert!(track.times.windows(2).all(|w| w[0] < w[1]));
        // Stepped in every value: a STEP track.
        let keys = [
            (0.0, vec![Interpolation::STEPPED; 2]),
            (1.0, vec![Interpolation::LINEAR; 2]),
        ];
        assert_eq!(keyed(&keys, TIMING, |t| t).mode, Mode::Step);
    }
}
