//! Mesh vertices kept clear of a cut before the mesh is split along it. A vertex a hair's breadth
//! off a cut is not on it, so it is neither doubled nor read on its own side: its weights are read
//! where it is, on the cut's one-pixel wall or across it, and the triangles it joins on its own
//! side follow the other side's bones (a 140 px² triangle that stretched from a raised arm back to
//! the body, on the woman in a dress of `tests/contact_bleed.rs`). Such a vertex is moved straight
//! away from the cut to [`CLEARANCE`]; one lying on the cut (the side of an earlier split along it)
//! stays, for the cut to pass through it.

use std::collections::HashMap;

use glam::DVec2;
use spade::Point2;

/// How far from a cut a vertex is kept (px); a doubled vertex's weights are read as far into its
/// own side (`split::SIDE_STEP` is this), so a vertex kept clear reads them on its side too.
pub const CLEARANCE: f64 = 1.5;
/// Nearer than this (px) a vertex is on the cut.
const ON_CUT: f64 = 1e-6;
/// The bucket size (px) vertices are looked up by.
const BUCKET: f64 = 8.0;

/// Moves every vertex not in `fixed` that lies within [`CLEARANCE`] of one of `segments` (but not
/// on it) straight away from that segment to [`CLEARANCE`], when `inside` holds where it lands.
/// The work is in proportion to the vertices plus the segments' length over [`BUCKET`].
pub fn keep_clear(
    vertices: &mut [Point2<f64>],
    fixed: &[bool],
    segments: &[[DVec2; 2]],
    inside: impl Fn(DVec2) -> bool,
) {
    let key = |p: DVec2| ((p.x / BUCKET).floor() as i64, (p.y / BUCKET).floor() as i64);
    let mut buckets: HashMap<(i64, i64), Vec<usize>> = HashMap::new();
    for (i, v) in vertices.iter().enumerate() {
        if !fixed.get(i).copied().unwrap_or(true) {
            buckets
                .entry(key(DVec2::new(v.x, v.y)))
                .or_default()
                .push(i);
        }
    }
    for &[a, b] in segments {
        let steps = (a.distance(b) / BUCKET).ceil().max(1.0) as usize;
        let mut seen: Vec<usize> = Vec::new();
        for k in 0..=steps {
            let (cx, cy) = key(a.lerp(b, k as f64 / steps as f64));
            for (dx, dy) in (-1..=1).flat_map(|dx| (-1..=1).map(move |dy| (dx, dy))) {
                seen.extend(buckets.get(&(cx + dx, cy + dy)).into_iter().flatten());
            }
        }
        seen.sort_unstable();
        seen.dedup();
        for i in seen {
            let p = DVec2::new(vertices[i].x, vertices[i].y);
            if let Some(moved) = cleared(p, a, b).filter(|&q| inside(q)) {
                vertices[i] = Point2::new(moved.x, moved.y);
            }
        }
    }
}

/// Where `p` goes when it lies within [`CLEARANCE`] of the segment `a`–`b` (measured square to
/// it, between its ends) but not on it: the same side, [`CLEARANCE`] from it.
fn cleared(p: DVec2, a: DVec2, b: DVec2) -> Option<DVec2> {
    let along = b - a;
    let length = along.length();
    if length < ON_CUT {
        return None;
    }
    let t = (p - a).dot(along) / (length * length);
    if !(0.0..=1.0).contains(&t) {
        return None;
    }
    let normal = along.perp() / length;
    let off = (p - a).dot(normal);
    (off.abs() > ON_CUT && off.abs() < CLEARANCE)
        .then(|| p + normal * (CLEARANCE * off.signum() - off))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_vertex_near_a_cut_moves_off_it_on_its_own_side_and_one_on_it_or_far_stays() {
        let (a, b) = (DVec2::new(0.0, 0.0), DVec2::new(100.0, 0.0));
        let mut vertices = vec![
            Point2::new(50.0, 0.03),
            Point2::new(20.0, -0.5),
            Point2::new(40.0, 0.0),
            Point2::new(60.0, 5.0),
            Point2::new(70.0, 0.2),
        ];
        let fixed = [false, false, false, false, true];
        keep_clear(&mut vertices, &fixed, &[[a, b]], |_| true);
        let at = |i: usize| DVec2::new(vertices[i].x, vertices[i].y);
        let near = |i: usize, x: f64, y: f64| at(i).distance(DVec2::new(x, y)) < 1e-9;
        assert!(near(0, 50.0, CLEARANCE), "{}", at(0));
        assert!(near(1, 20.0, -CLEARANCE), "{}", at(1));
        assert!(
            near(2, 40.0, 0.0),
            "on the cut: it stays for the cut to pass through"
        );
        assert!(near(3, 60.0, 5.0), "clear already");
        assert!(near(4, 70.0, 0.2), "an outline vertex stays");
        // Nor does one move where it would leave the mesh.
        let mut edge = vec![Point2::new(50.0, 0.03)];
        keep_clear(&mut edge, &[false], &[[a, b]], |q| q.y < 1.0);
        assert_eq!((edge[0].x, edge[0].y), (50.0, 0.03));
    }
}
