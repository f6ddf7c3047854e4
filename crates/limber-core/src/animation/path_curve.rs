//! Places along a path: where each bone of a path constraint sits on the curve, at constant speed,
//! computed as Spine 4.2's runtime does (`PathConstraint.computeWorldPositions`), in Spine's frame,
//! so a Spine export lays the bones where limber does.
//!
//! The curve's length is measured the runtime's way: each cubic's length from four forward
//! differences for the whole path, then, for the cubic a place falls on, ten forward differences,
//! and the place is found on the piecewise-straight length between them (so a place is not
//! exactly at its arc length, but at Spine's). Before the start of an open path and past its end,
//! places continue straight along the first and last handle's line. A closed path wraps.

use super::path::{PositionMode, SpacingMode};

/// One place on the path: where, and the curve's direction there (radians, Spine's frame).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Place {
    pub x: f64,
    pub y: f64,
    /// Only set where it was asked for (`tangents`), at the path's ends and beyond them.
    pub angle: f64,
}

/// What [`places`] needs besides the curve.
pub struct Walk<'a> {
    /// Distances between successive places, before the mode's multiplier (the first is 0).
    pub spaces: &'a [f64],
    pub position: f64,
    pub position_mode: PositionMode,
    pub spacing_mode: SpacingMode,
    /// Whether every place needs the curve's direction.
    pub tangents: bool,
}

/// A cubic's length from `steps` forward differences (Spine's coarse 4 or fine 10), each partial
/// sum pushed to `sums` when given.
fn forward_lengths(c: [[f64; 2]; 4], fine: bool, mut sums: Option<&mut [f64; 10]>) -> f64 {
    let [p1, c1, c2, p2] = c;
    // Spine's constants: for 4 steps 3/16, 3/32, 3/4; for 10 steps 0.03, 0.006, 0.3; and 1/6
    // rounded as the runtime writes it.
    let (k2, k3, k1) = if fine {
        (0.03, 0.006, 0.3)
    } else {
        (0.1875, 0.09375, 0.75)
    };
    let sixth = 0.16666667;
    let tmp = [
        (p1[0] - c1[0] * 2.0 + c2[0]) * k2,
        (p1[1] - c1[1] * 2.0 + c2[1]) * k2,
    ];
    let ddd = [
        ((c1[0] - c2[0]) * 3.0 - p1[0] + p2[0]) * k3,
        ((c1[1] - c2[1]) * 3.0 - p1[1] + p2[1]) * k3,
    ];
    let mut dd = [tmp[0] * 2.0 + ddd[0], tmp[1] * 2.0 + ddd[1]];
    let mut d = [
        (c1[0] - p1[0]) * k1 + tmp[0] + ddd[0] * sixth,
        (c1[1] - p1[1]) * k1 + tmp[1] + ddd[1] * sixth,
    ];
    let steps = if fine { 10 } else { 4 };
    let mut length = d[0].hypot_spine(d[1]);
    if let Some(s) = sums.as_deref_mut() {
        s[0] = length;
    }
    for step in 1..steps {
        if step == steps - 1 {
            // The last step adds the third difference once more, as the runtime does.
            d = [d[0] + (dd[0] + ddd[0]), d[1] + (dd[1] + ddd[1])];
        } else if step == steps - 2 {
            d = [d[0] + dd[0], d[1] + dd[1]];
        } else {
            d = [d[0] + dd[0], d[1] + dd[1]];
            dd = [dd[0] + ddd[0], dd[1] + ddd[1]];
        }
        length += d[0].hypot_spine(d[1]);
        if let Some(s) = sums.as_deref_mut() {
            s[step] = length;
        }
    }
    length
}

/// `sqrt(x² + y²)` as the runtime computes it (not `hypot`, which rounds differently).
trait SpineHypot {
    fn hypot_spine(self, y: f64) -> f64;
}

impl SpineHypot for f64 {
    fn hypot_spine(self, y: f64) -> f64 {
        (self * self + y * y).sqrt()
    }
}

/// The point and, when `tangent`, the direction at parameter `t` of the cubic `c`.
fn curve_place(t: f64, c: [[f64; 2]; 4], tangent: bool) -> Place {
    let [p1, c1, c2, p2] = c;
    if t == 0.0 || t.is_nan() {
        return Place {
            x: p1[0],
            y: p1[1],
            angle: (c1[1] - p1[1]).atan2(c1[0] - p1[0]),
        };
    }
    let (tt, u) = (t * t, 1.0 - t);
    let (ttt, uu) = (tt * t, u * u);
    let uuu = uu * u;
    let ut = u * t;
    let ut3 = ut * 3.0;
    let (uut3, utt3) = (u * ut3, ut3 * t);
    let x = p1[0] * uuu + c1[0] * uut3 + c2[0] * utt3 + p2[0] * ttt;
    let y = p1[1] * uuu + c1[1] * uut3 + c2[1] * utt3 + p2[1] * ttt;
    let angle = if !tangent {
        0.0
    } else if t < 0.001 {
        (c1[1] - p1[1]).atan2(c1[0] - p1[0])
    } else {
        // Toward the point from the quadratic's point at t (de Casteljau's second level).
        let qx = p1[0] * uu + c1[0] * ut * 2.0 + c2[0] * tt;
        let qy = p1[1] * uu + c1[1] * ut * 2.0 + c2[1] * tt;
        (y - qy).atan2(x - qx)
    };
    Place { x, y, angle }
}

/// A place `beyond` px along the straight line from `from` through `to`, past `to` when
/// `past_end`, before `from` otherwise (`beyond` is then negative).
fn straight_on(from: [f64; 2], to: [f64; 2], beyond: f64, past_end: bool) -> Place {
    let angle = (to[1] - from[1]).atan2(to[0] - from[0]);
    let base = if past_end { to } else { from };
    Place {
        x: base[0] + beyond * angle.cos(),
        y: base[1] + beyond * angle.sin(),
        angle,
    }
}

/// The path's cubics as one line of points, each cubic its four from a multiple of three: an open
/// path from its first anchor to its last, a closed one back round to the first.
fn line_of(points: &[[f64; 2]], closed: bool) -> Vec<[f64; 2]> {
    let n = points.len();
    if n < 3 {
        return points.to_vec();
    }
    let mut line: Vec<[f64; 2]> = points[1..n - 1].to_vec();
    if closed {
        line.extend([points[n - 1], points[0], points[1]]);
    }
    line
}

/// Each cubic's end as a length along the path (the runtime's coarse measure), for the path whose
/// points are `points` (three per anchor), `closed` or not: what a Spine path attachment's
/// `lengths` hold.
pub fn coarse_lengths(points: &[[f64; 2]], closed: bool) -> Vec<f64> {
    let line = line_of(points, closed);
    let cubics = line.len().saturating_sub(1) / 3;
    let mut total = 0.0;
    (0..cubics)
        .map(|k| {
            let at = k * 3;
            total += forward_lengths(
                [line[at], line[at + 1], line[at + 2], line[at + 3]],
                false,
                None,
            );
            total
        })
        .collect()
}

/// The places of a constraint's bones (one per space) on the path whose points, in the world and
/// in Spine's frame, are `points` (three per anchor), `closed` or not.
pub fn places(points: &[[f64; 2]], closed: bool, walk: &Walk) -> Vec<Place> {
    let line = line_of(points, closed);
    let cubics = line.len().saturating_sub(1) / 3;
    if cubics == 0 {
        return vec![Place::default(); walk.spaces.len()];
    }
    let cubic = |k: usize| -> [[f64; 2]; 4] {
        let at = k * 3;
        [line[at], line[at + 1], line[at + 2], line[at + 3]]
    };
    let ends = coarse_lengths(points, closed);
    let total = ends[cubics - 1];
    let mut position = walk.position;
    if walk.position_mode == PositionMode::Percent {
        position *= total;
    }
    let multiplier = match walk.spacing_mode {
        SpacingMode::Percent => total,
        SpacingMode::Proportional => total / walk.spaces.len() as f64,
        _ => 1.0,
    };
    let mut out = Vec::with_capacity(walk.spaces.len());
    // The runtime keeps the cubic and the step it last stopped at, and searches on from them.
    let (mut current, mut previous): (usize, Option<usize>) = (0, None);
    let mut steps = [0.0; 10];
    let mut cubic_length = 0.0;
    let mut step = 0;
    for (i, space) in walk.spaces.iter().enumerate() {
        let space = space * multiplier;
        position += space;
        let mut p = position;
        if closed {
            p %= total;
            if p < 0.0 {
                p += total;
            }
            current = 0;
        } else if p < 0.0 {
            out.push(straight_on(line[0], line[1], p, false));
            continue;
        } else if p > total {
            let last = line.len() - 1;
            out.push(straight_on(line[last - 1], line[last], p - total, true));
            continue;
        }
        while current + 1 < cubics && p > ends[current] {
            current += 1;
        }
        p = if current == 0 {
            p / ends[0]
        } else {
            let before = ends[current - 1];
            (p - before) / (ends[current] - before)
        };
        if previous != Some(current) {
            previous = Some(current);
            cubic_length = forward_lengths(cubic(current), true, Some(&mut steps));
            step = 0;
        }
        p *= cubic_length;
        while step < 9 && p > steps[step] {
            step += 1;
        }
        p = if step == 0 {
            p / steps[0]
        } else {
            let before = steps[step - 1];
            step as f64 + (p - before) / (steps[step] - before)
        };
        let tangent = walk.tangents || (i > 0 && space == 0.0);
        out.push(curve_place(p * 0.1, cubic(current), tangent));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A straight open path from (0,0) to (90,0), two anchors, handles a third of the way.
    fn straight() -> Vec<[f64; 2]> {
        vec![
            [-30.0, 0.0],
            [0.0, 0.0],
            [30.0, 0.0],
            [60.0, 0.0],
            [90.0, 0.0],
            [120.0, 0.0],
        ]
    }

    fn walk(spaces: &[f64], position: f64, mode: SpacingMode) -> Walk<'_> {
        Walk {
            spaces,
            position,
            position_mode: PositionMode::Percent,
            spacing_mode: mode,
            tangents: true,
        }
    }

    #[test]
    fn a_straight_path_places_at_arc_length() {
        let out = places(
            &straight(),
            false,
            &walk(&[0.0, 30.0, 30.0], 0.0, SpacingMode::Length),
        );
        let xs: Vec<f64> = out.iter().map(|p| p.x).collect();
        for (x, want) in xs.iter().zip([0.0, 30.0, 60.0]) {
            assert!((x - want).abs() < 1e-9, "{xs:?}");
        }
        assert!(
            out.iter()
                .all(|p| p.y.abs() < 1e-12 && p.angle.abs() < 1e-12)
        );
    }

    #[test]
    fn past_the_end_places_go_straight_on() {
        let out = places(
            &straight(),
            false,
            &walk(&[0.0, 100.0], 0.5, SpacingMode::Length),
        );
        assert!((out[0].x - 45.0).abs() < 1e-9);
        assert!((out[1].x - 145.0).abs() < 1e-9, "{:?}", out[1]);
        let before = places(&straight(), false, &walk(&[0.0], -0.1, SpacingMode::Length));
        assert!((before[0].x + 9.0).abs() < 1e-9, "{:?}", before[0]);
    }

    #[test]
    fn a_closed_circle_wraps_and_its_tangents_turn() {
        // A circle of radius 50 from four anchors (handle length 0.5523 r).
        let k = 50.0 * 0.5523;
        let points = vec![
            [50.0, -k],
            [50.0, 0.0],
            [50.0, k],
            [k, 50.0],
            [0.0, 50.0],
            [-k, 50.0],
            [-50.0, k],
            [-50.0, 0.0],
            [-50.0, -k],
            [-k, -50.0],
            [0.0, -50.0],
            [k, -50.0],
        ];
        let quarter = 0.25;
        let out = places(
            &points,
            true,
            &walk(
                &[0.0, quarter, quarter, quarter, quarter],
                0.0,
                SpacingMode::Percent,
            ),
        );
        let expect = [
            [50.0, 0.0],
            [0.0, 50.0],
            [-50.0, 0.0],
            [0.0, -50.0],
            [50.0, 0.0],
        ];
        for (p, e) in out.iter().zip(expect) {
            assert!(
                (p.x - e[0]).abs() < 0.05 && (p.y - e[1]).abs() < 0.05,
                "{p:?} vs {e:?}"
            );
            assert!((p.x.hypot(p.y) - 50.0).abs() < 0.05);
        }
        // At (0, 50) the curve runs toward −x: angle π.
        assert!(
            (out[1].angle.abs() - std::f64::consts::PI).abs() < 0.01,
            "{:?}",
            out[1]
        );
    }
}
