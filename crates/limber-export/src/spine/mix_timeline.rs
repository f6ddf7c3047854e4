//! The frames of a Spine constraint timeline made from a clip's keys of one constraint's mix: a
//! frame at 0 holding the first key when it comes later, then each segment's keys — linear and
//! stepped as they are, a Bézier split into [`curves::MIX_BEZIER_PIECES`] exact sub-curves — and the
//! last key. Shared by the IK and transform timelines, which differ only in what a frame holds.

use serde_json::Value;

use super::curves::{self, Span};
use limber_core::animation::MixKeyRecord;

/// The frames of `keys` (one constraint's, in time order). `values(mix)` gives what a frame's
/// curve interpolates at a keyed mix (every timeline value, in Spine's order); `frame(time, mix,
/// curve)` writes one frame.
pub fn mix_frames(
    keys: &[&MixKeyRecord],
    values: impl Fn(f64) -> Vec<f64>,
    frame: impl Fn(f64, f64, Option<Value>) -> Value,
) -> Vec<Value> {
    let mut out = Vec::new();
    let Some(first) = keys.first() else {
        return out;
    };
    if first.time > 0.0 {
        out.push(frame(0.0, first.mix, None));
    }
    for (k, key) in keys.iter().enumerate() {
        let Some(next) = keys.get(k + 1) else {
            out.push(frame(key.time, key.mix, None));
            break;
        };
        let span = Span {
            t0: key.time,
            t1: next.time,
        };
        let (from, to) = (values(key.mix), values(next.mix));
        for piece in curves::pieces_split(key.interp, curves::MIX_BEZIER_PIECES) {
            let mix = key.mix + (next.mix - key.mix) * piece.e0;
            let curve = curves::spine_curve(&piece, span, &from, &to);
            out.push(frame(span.time(piece.u0), mix, curve));
        }
    }
    out
}
