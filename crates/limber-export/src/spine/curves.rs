//! limber's per-key interpolation as Spine 4 curves.
//!
//! A limber segment eases its normalised time u ∈ [0, 1] to a progress e ∈ [0, 1] (stepped, linear,
//! or a cubic Bézier from (0, 0) to (1, 1) with two handles). Spine 4 keeps `"curve": "stepped"`, no
//! curve (linear), or a cubic Bézier per value in absolute (time, value) space; an affine map of a
//! Bézier is a Bézier, so a limber Bézier maps exactly. The runtime, however, draws each Bézier as 10
//! straight pieces, which misses limber's curve by a visible fraction of a pixel. So a Bézier segment
//! is split at [`BEZIER_PIECES`] equal steps of its parameter into exact sub-curves (each one a
//! cubic over part of the parameter range): every sub-key lies on the curve and the runtime's
//! flattening error shrinks by about the square of the split count. A constraint's mix is split
//! finer ([`MIX_BEZIER_PIECES`]): its error is multiplied by the angle it blends and the bone's
//! reach.

use limber_core::animation::Interpolation;
use limber_core::animation::curve::{EASE_IN_OUT, InterpolationName, bernstein};

/// Sub-curves per limber Bézier segment.
pub const BEZIER_PIECES: usize = 8;
/// Sub-curves per Bézier segment of a constraint's mix.
pub const MIX_BEZIER_PIECES: usize = 16;

/// How one (sub-)segment is interpolated, in the segment's normalised coordinates.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Shape {
    Stepped,
    Linear,
    /// Handles (x1, e1, x2, e2) in the normalised (u, e) square of the whole limber segment.
    Bezier([f64; 4]),
}

/// One piece of a limber segment: from (u0, e0) to (u1, e1), normalised, and how it runs.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Piece {
    pub u0: f64,
    pub e0: f64,
    pub u1: f64,
    pub e1: f64,
    pub shape: Shape,
}

/// The pieces a segment after a key with `interp` becomes.
pub fn pieces(interp: Interpolation) -> Vec<Piece> {
    pieces_split(interp, BEZIER_PIECES)
}

/// [`pieces`] with a Bézier split into `count` sub-curves.
pub fn pieces_split(interp: Interpolation, count: usize) -> Vec<Piece> {
    let handles = match interp {
        Interpolation::Named(InterpolationName::Stepped) => {
            return vec![whole(Shape::Stepped)];
        }
        Interpolation::Named(InterpolationName::Linear) => return vec![whole(Shape::Linear)],
        Interpolation::Named(InterpolationName::Bezier) => EASE_IN_OUT,
        Interpolation::Bezier(handles) => handles,
        // Offsets over a unit span, as `Interpolation::ease` reads them (eased channels never
        // have them; a bone channel's go through `bone_segment`).
        Interpolation::Handles {
            handles: [x1, dv1, x2, dv2],
        } => [x1, dv1, x2, 1.0 + dv2],
    };
    // limber keeps the time handles inside the segment (so time is monotone); so does this.
    let [x1, y1, x2, y2] = handles;
    let xs = [0.0, x1.clamp(0.0, 1.0), x2.clamp(0.0, 1.0), 1.0];
    let ys = [0.0, y1, y2, 1.0];
    (0..count)
        .map(|k| {
            let [u0, x1, x2, u1] = sub_curve(xs, k, count);
            let [e0, y1, y2, e1] = sub_curve(ys, k, count);
            Piece {
                u0,
                e0,
                u1,
                e1,
                shape: Shape::Bezier([x1, y1, x2, y2]),
            }
        })
        .collect()
}

/// Piece `k` of [`BEZIER_PIECES`] (equal steps of the parameter) of the cubic Bézier with control
/// values `p`, as the control values of the exact sub-curve: its start, its two inner controls, its
/// end.
fn sub_curve(p: [f64; 4], k: usize, count: usize) -> [f64; 4] {
    let a = k as f64 / count as f64;
    let b = (k + 1) as f64 / count as f64;
    let third = (b - a) / 3.0;
    let (v0, v1) = (bernstein(p, a), bernstein(p, b));
    [v0, v0 + third * slope(p, a), v1 - third * slope(p, b), v1]
}

fn whole(shape: Shape) -> Piece {
    Piece {
        u0: 0.0,
        e0: 0.0,
        u1: 1.0,
        e1: 1.0,
        shape,
    }
}

/// The derivative in s of the cubic Bézier with control values `p` ([`bernstein`]).
fn slope(p: [f64; 4], s: f64) -> f64 {
    let r = 1.0 - s;
    3.0 * r * r * (p[1] - p[0]) + 6.0 * r * s * (p[2] - p[1]) + 3.0 * s * s * (p[3] - p[2])
}

/// A segment of a timeline in absolute terms: from time t0 to t1.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Span {
    pub t0: f64,
    pub t1: f64,
}

impl Span {
    /// The absolute time of normalised time u.
    pub fn time(&self, u: f64) -> f64 {
        self.t0 + (self.t1 - self.t0) * u
    }
}

/// The Spine `curve` value of `piece` of a segment spanning `span` whose channels run from `from` to
/// `to` (one pair per value: a translate key has two): `None` for linear, `"stepped"`, or four
/// numbers per value (cx1, cy1, cx2, cy2) in absolute time and value.
pub fn spine_curve(
    piece: &Piece,
    span: Span,
    from: &[f64],
    to: &[f64],
) -> Option<serde_json::Value> {
    match piece.shape {
        Shape::Linear => None,
        Shape::Stepped => Some(serde_json::Value::from("stepped")),
        Shape::Bezier([x1, e1, x2, e2]) => {
            let mut numbers = Vec::with_capacity(4 * from.len());
            for (&a, &b) in from.iter().zip(to) {
                let value = |e: f64| a + (b - a) * e;
                numbers.extend([span.time(x1), value(e1), span.time(x2), value(e2)]);
            }
            Some(serde_json::json!(numbers))
        }
    }
}

/// A key of a Spine timeline: its time, its values (one per component) and its `curve`.
pub type TimelineKey = (f64, Vec<f64>, Option<serde_json::Value>);

/// The keys a bone channel's segment over `span` becomes, its components running from `from` to
/// `to` (a translate or scale key has two): one key at the start for a linear or stepped segment,
/// else [`BEZIER_PIECES`] keys on limber's curve, each with the exact sub-curve to the next in
/// absolute time and value. The control values come from the segment's own values, so handles in
/// value offsets ([`Interpolation::Handles`], which can shape a flat segment) map exactly too.
pub fn bone_segment(
    interp: Interpolation,
    span: Span,
    from: &[f64],
    to: &[f64],
) -> Vec<TimelineKey> {
    let controls: Vec<([f64; 2], [f64; 4])> = from
        .iter()
        .zip(to)
        .filter_map(|(&a, &b)| interp.bezier_controls(a, b))
        .collect();
    let linear = matches!(
        interp,
        Interpolation::Named(InterpolationName::Linear | InterpolationName::Stepped)
    );
    let Some(&([x1, x2], _)) = controls.first().filter(|_| !linear) else {
        let curve = (interp == Interpolation::STEPPED).then(|| serde_json::Value::from("stepped"));
        return vec![(span.t0, from.to_vec(), curve)];
    };
    let xs = [0.0, x1, x2, 1.0];
    (0..BEZIER_PIECES)
        .map(|k| {
            let [u0, out, into, _] = sub_curve(xs, k, BEZIER_PIECES);
            let mut numbers = Vec::with_capacity(4 * controls.len());
            let mut values = Vec::with_capacity(controls.len());
            for (_, ys) in &controls {
                let [v0, y1, y2, _] = sub_curve(*ys, k, BEZIER_PIECES);
                numbers.extend([span.time(out), y1, span.time(into), y2]);
                values.push(v0);
            }
            (span.time(u0), values, Some(serde_json::json!(numbers)))
        })
        .collect()
}

/// The Spine `curve` of a deform piece: Spine eases deform keys by a percentage from 0 to 1 between
/// the piece's own two keys, so the handles are renormalised to the piece's progress range.
pub fn deform_curve(piece: &Piece, span: Span) -> Option<serde_json::Value> {
    match piece.shape {
        Shape::Bezier([x1, e1, x2, e2]) => {
            let range = piece.e1 - piece.e0;
            if range.abs() < 1e-12 {
                // No progress over the piece: hold its value (a straight line from a to a).
                return None;
            }
            let percent = |e: f64| (e - piece.e0) / range;
            Some(serde_json::json!([
                span.time(x1),
                percent(e1),
                span.time(x2),
                percent(e2)
            ]))
        }
        _ => spine_curve(piece, span, &[0.0], &[1.0]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bezier_pieces_lie_on_limber_curve_and_join_up() {
        let interp = Interpolation::Bezier([0.25, 0.1, 0.25, 1.0]);
        let pieces = pieces(interp);
        assert_eq!(pieces.len(), BEZIER_PIECES);
        assert_eq!((pieces[0].u0, pieces[0].e0), (0.0, 0.0));
        let last = pieces[BEZIER_PIECES - 1];
        assert!((last.u1 - 1.0).abs() < 1e-12 && (last.e1 - 1.0).abs() < 1e-12);
        for w in pieces.windows(2) {
            assert_eq!((w[0].u1, w[0].e1), (w[1].u0, w[1].e0));
        }
        for piece in &pieces {
            assert!((interp.ease(piece.u1) - piece.e1).abs() < 1e-9, "{piece:?}");
            // The midpoint of the sub-curve (parameter ½) is on limber's curve too.
            let Shape::Bezier([x1, y1, x2, y2]) = piece.shape else {
                panic!("a Bézier piece");
            };
            let u = bernstein([piece.u0, x1, x2, piece.u1], 0.5);
            let e = bernstein([piece.e0, y1, y2, piece.e1], 0.5);
            assert!((interp.ease(u) - e).abs() < 1e-9, "{u} {e}");
        }
    }

    #[test]
    fn curves_are_written_in_absolute_time_and_value() {
        let piece = pieces(Interpolation::LINEAR)[0];
        let span = Span { t0: 1.0, t1: 2.0 };
        assert_eq!(spine_curve(&piece, span, &[0.0], &[5.0]), None);
        let stepped = pieces(Interpolation::STEPPED)[0];
        assert_eq!(
            spine_curve(&stepped, span, &[0.0], &[5.0]),
            Some(serde_json::json!("stepped"))
        );
        let bezier = Piece {
            shape: Shape::Bezier([0.25, 0.0, 0.75, 1.0]),
            ..piece
        };
        assert_eq!(
            spine_curve(&bezier, span, &[10.0, 0.0], &[20.0, -4.0]),
            Some(serde_json::json!([
                1.25, 10.0, 1.75, 20.0, 1.25, 0.0, 1.75, -4.0
            ]))
        );
    }

    #[test]
    fn a_bone_segment_with_offset_handles_bumps_a_flat_line_on_limbers_curve() {
        let bump = Interpolation::Handles {
            handles: [0.2, 30.0, 0.7, 10.0],
        };
        let span = Span { t0: 0.5, t1: 1.5 };
        let keys = bone_segment(bump, span, &[5.0], &[5.0]);
        assert_eq!(keys.len(), BEZIER_PIECES);
        assert_eq!((keys[0].0, keys[0].1[0]), (0.5, 5.0));
        let mut highest = f64::MIN;
        for (time, values, curve) in &keys {
            let u = (time - span.t0) / (span.t1 - span.t0);
            let limber = bump.interpolate(5.0, 5.0, u);
            assert!(
                (values[0] - limber).abs() < 1e-9,
                "{time}: {values:?} vs {limber}"
            );
            highest = highest.max(values[0]);
            // The sub-curve's handles are in absolute time (inside the span) and value.
            let numbers = curve.as_ref().and_then(|c| c.as_array()).unwrap();
            assert_eq!(numbers.len(), 4);
            let t = |i: usize| numbers[i].as_f64().unwrap();
            assert!(span.t0 <= t(0) && t(0) <= t(2) && t(2) <= span.t1);
        }
        assert!(
            highest > 15.0,
            "a flat segment with raised handles bumps: {highest}"
        );
        // A normalised Bézier gives the same keys as before: values on the eased line.
        let ease = Interpolation::Bezier([0.42, 0.0, 0.58, 1.0]);
        for (time, values, _) in bone_segment(ease, span, &[10.0, 0.0], &[20.0, -4.0]) {
            let e = ease.ease(time - span.t0);
            assert!((values[0] - (10.0 + 10.0 * e)).abs() < 1e-9);
            assert!((values[1] - (-4.0 * e)).abs() < 1e-9);
        }
        assert_eq!(
            bone_segment(Interpolation::STEPPED, span, &[1.0], &[2.0]),
            vec![(0.5, vec![1.0], Some(serde_json::json!("stepped")))]
        );
        assert_eq!(
            bone_segment(Interpolation::LINEAR, span, &[1.0], &[2.0]),
            vec![(0.5, vec![1.0], None)]
        );
    }
}
