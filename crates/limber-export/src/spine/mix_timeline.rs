//! The frames of a Spine constraint timeline made from a clip's keys of one constraint's mix: a
//! frame at 0 holding the first key when it comes later, then each segment's keys — linear and
//! stepped as they are, a Bézier split into [`curves::MIX_BEZIER_PIECES`] exact sub-curves — and the
//! last key. Shared by the IK, transform, physics and path timelines, which differ only in what a
//! frame holds; a path's position and spacing timelines are made the same way from its keys of
//! each ([`value_frames`]).

use serde_json::Value;

use super::curves::{self, Span};
use limber_core::animation::{Interpolation, MixKeyRecord};

/// The frames of `keys` (one constraint's, in time order). `values(mix)` gives what a frame's
/// curve interpolates at a keyed mix (every timeline value, in Spine's order); `frame(time, mix,
/// curve)` writes one frame.
pub fn mix_frames(
    keys: &[&MixKeyRecord],
    values: impl Fn(f64) -> Vec<f64>,
    frame: impl Fn(f64, f64, Option<Value>) -> Value,
) -> Vec<Value> {
    let keys: Vec<(f64, f64, Interpolation)> =
        keys.iter().map(|k| (k.time, k.mix, k.interp)).collect();
    value_frames(&keys, values, frame)
}

/// [`mix_frames`] for any keyed value: `keys` are (time, value, curve to the next) in time order.
pub fn value_frames(
    keys: &[(f64, f64, Interpolation)],
    values: impl Fn(f64) -> Vec<f64>,
    frame: impl Fn(f64, f64, Option<Value>) -> Value,
) -> Vec<Value> {
    let mut out = Vec::new();
    let Some(&(first_time, first_value, _)) = keys.first() else {
        return out;
    };
    if first_time > 0.0 {
        out.push(frame(0.0, first_value, None));
    }
    for (k, &(time, value, interp)) in keys.iter().enumerate() {
        let Some(&(next_time, next_value, _)) = keys.get(k + 1) else {
            out.push(frame(time, value, None));
            break;
        };
        let span = Span {
            t0: time,
            t1: next_time,
        };
        let (from, to) = (values(value), values(next_value));
        for piece in curves::pieces_split(interp, curves::MIX_BEZIER_PIECES) {
            let at = value + (next_value - value) * piece.e0;
            let curve = curves::spine_curve(&piece, span, &from, &to);
            out.push(frame(span.time(piece.u0), at, curve));
        }
    }
    out
}
