//! limber's per-key interpolation as Spine 4 curves.
//!
//! A limber segment eases its normalised time u ∈ [0, 1] to a progress e ∈ [0, 1] (stepped, linear,
//! or a cubic Bézier from (0, 0) to (1, 1) with two handles). Spine 4 keeps `"curve": "stepped"`, no
//! curve (linear), or a cubic Bézier per value in absolute (time, value) space; an affine map of a
//! Bézier is a Bézier, so a limber Bézier maps exactly. The runtime, however, draws each Bézier as 10
//! straight pieces, which misses limber's curve by a visible fraction of a pixel. So a Bézier segment
//! is split at [`BEZIER_PIECES`] equal steps of its parameter into exact sub-curves (each one a
//! cubic over part of the parameter range): every sub-key lies on the curve and the runtime's
//! flattening error shrinks by about the square of the split count.

use limber_core::animation::Interpolation;
use limber_core::animation::curve::{EASE_IN_OUT, InterpolationName};

/// Sub-curves per limber Bézier segment.
pub const BEZIER_PIECES: usize = 8;

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
    let handles = match interp {
        Interpolation::Named(InterpolationName::Stepped) => {
            return vec![whole(Shape::Stepped)];
        }
        Interpolation::Named(InterpolationName::Linear) => return vec![whole(Shape::Linear)],
        Interpolation::Named(InterpolationName::Bezier) => EASE_IN_OUT,
        Interpolation::Bezier(handles) => handles,
    };
    // limber keeps the time handles inside the segment (so time is monotone); so does this.
    let [x1, y1, x2, y2] = handles;
    let xs = [0.0, x1.clamp(0.0, 1.0), x2.clamp(0.0, 1.0), 1.0];
    let ys = [0.0, y1, y2, 1.0];
    (0..BEZIER_PIECES)
        .map(|k| {
            let a = k as f64 / BEZIER_PIECES as f64;
            let b = (k + 1) as f64 / BEZIER_PIECES as f64;
            let third = (b - a) / 3.0;
            let (u0, e0) = (cubic(xs, a), cubic(ys, a));
            let (u1, e1) = (cubic(xs, b), cubic(ys, b));
            Piece {
                u0,
                e0,
                u1,
                e1,
                shape: Shape::Bezier([
                    u0 + third * slope(xs, a),
                    e0 + third * slope(ys, a),
                    u1 - third * slope(xs, b),
                    e1 - third * slope(ys, b),
                ]),
            }
        })
        .collect()
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

/// A cubic Bézier coordinate with control values `p` at parameter s.
fn cubic(p: [f64; 4], s: f64) -> f64 {
    let r = 1.0 - s;
    r * r * r * p[0] + 3.0 * r * r * s * p[1] + 3.0 * r * s * s * p[2] + s * s * s * p[3]
}

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
            let u = cubic([piece.u0, x1, x2, piece.u1], 0.5);
            let e = cubic([piece.e0, y1, y2, piece.e1], 0.5);
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
}
