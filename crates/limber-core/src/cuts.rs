//! Cuts: lines on the drawing that distance may not cross.
//!
//! Where two limbs touch in the drawing (a hand on the hip, an arm against the side, legs together),
//! the traced mask is one piece, and geodesic distance walks from one limb into the other across
//! the contact. A [`Cut`] is a polyline in canvas pixels along such a contact: [`wall_off`] takes
//! the pixels it passes through out of the mask the distance fields walk, so a bone's influence
//! reaches the far side only around the cut's ends. The wall is the 4-connected set of pixel cells
//! the segments pass through (a grid traversal), which no 8-neighbour step of the distance
//! propagation can cross, and which no 2 × 2 window of [`crate::distance::vertex_distance`] can
//! straddle: a vertex reads its own side.
//!
//! The mesh is split along the cuts too ([`split_mesh`]): no triangle bridges one, so the two
//! sides move apart when posed, and [`weight_points`] reads each side's weights on its own side.
//!
//! Cuts belong to the rig (RIG.json `"cuts"`, project format version 9), as bones do, and are
//! checked by [`check_cuts`] (finite coordinates, at least two points, the points budget).

use glam::DVec2;
use serde::{Deserialize, Serialize};

use super::distance::InsideGrid;
use super::limits::Limits;
use super::over_limit::OverLimit;

/// Largest coordinate a cut point may have, in pixels (images are at most 16384 px a side).
pub const MAX_CUT_COORDINATE: f64 = 1.0e6;

/// A polyline in canvas pixels that distance may not cross. Written as an array of `[x, y]` points.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(transparent)]
pub struct Cut {
    pub points: Vec<[f64; 2]>,
}

/// Why a cut was refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum CutError {
    #[error("cut {cut} has {count} point(s); a cut needs at least 2")]
    TooFewPoints { cut: usize, count: usize },
    #[error("cut {cut} point {point} is not a finite position within ±{MAX_CUT_COORDINATE} px")]
    BadPoint { cut: usize, point: usize },
    #[error("the rig has {0}")]
    Budget(#[from] OverLimit),
}

/// Checks every cut (numbered from 1 in messages): two points or more, each finite and within
/// [`MAX_CUT_COORDINATE`]; all points together within the `cut_points` budget.
pub fn check_cuts(cuts: &[Cut], limits: &Limits) -> Result<(), CutError> {
    let total: usize = cuts.iter().map(|c| c.points.len()).sum();
    OverLimit::check("cut points", total as u64, limits.cut_points)?;
    for (index, cut) in cuts.iter().enumerate() {
        if cut.points.len() < 2 {
            return Err(CutError::TooFewPoints {
                cut: index + 1,
                count: cut.points.len(),
            });
        }
        let bad = cut.points.iter().position(|p| {
            p.iter()
                .any(|v| !v.is_finite() || v.abs() > MAX_CUT_COORDINATE)
        });
        if let Some(point) = bad {
            return Err(CutError::BadPoint {
                cut: index + 1,
                point: point + 1,
            });
        }
    }
    Ok(())
}

/// The rig's `existing` cuts followed by `suggested` ones, when all of them together pass
/// [`check_cuts`]; else the suggested ones are left out, and [`CutsLeftOut`] says why. The caller
/// keeps the bones suggested with them: refusing the whole suggestion, or writing a rig that is
/// refused where it is loaded, would lose the bones for the sake of the cuts.
pub fn with_suggested(
    existing: &[Cut],
    suggested: Vec<Cut>,
    limits: &Limits,
) -> Result<Vec<Cut>, CutsLeftOut> {
    let count = suggested.len();
    let mut all = existing.to_vec();
    all.extend(suggested);
    match check_cuts(&all, limits) {
        Ok(()) => Ok(all),
        Err(reason) => Err(CutsLeftOut { count, reason }),
    }
}

/// Suggested cuts left out of a rig ([`with_suggested`]): how many, and why.
#[derive(Debug, Clone, PartialEq)]
pub struct CutsLeftOut {
    pub count: usize,
    pub reason: CutError,
}

impl std::fmt::Display for CutsLeftOut {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} suggested cut(s) left out: ", self.count)?;
        match &self.reason {
            // The rig never had them: say what it would have had.
            CutError::Budget(over) => write!(f, "with them the rig would have {over}"),
            other => write!(f, "{other}"),
        }
    }
}

/// A copy of `grid` with every pixel the `cuts` pass through taken out and marked as a wall (so a
/// bone's segment seeds only its head's side, `distance/sources.rs`), each end carried to the
/// mask's edge when it is near ([`reaching_outline`]). `offset` is where the grid's image sits on
/// the canvas (the cuts are in canvas pixels).
pub fn wall_off(grid: &InsideGrid, cuts: &[Cut], offset: [f64; 2]) -> InsideGrid {
    let mut walled = grid.clone();
    if walled.walls.len() != walled.inside.len() {
        walled.walls = vec![false; walled.inside.len()];
    }
    let moved = cuts_moved(cuts, offset);
    let cuts = reaching_outline(&moved, |p| {
        grid.is_inside(p[0].floor() as i64, p[1].floor() as i64)
    });
    for cut in &cuts {
        for pair in cut.points.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            for_each_cell(a, b, [walled.width, walled.height], |x, y| {
                let i = y * walled.width + x;
                // Only pixels of the sprite become walls: a cut's ends past the outline are air.
                walled.walls[i] |= walled.inside[i];
                walled.inside[i] = false;
            });
        }
    }
    walled
}

/// How far past its end a cut is carried to reach the outline (px): an end drawn just short of the
/// edge (the mesh reaches up to 2.5 px past the visible pixels, which the artist cannot see) still
/// cuts through, where a slit that ends further inside stays a slit.
pub const END_REACH: f64 = 8.0;

/// `cuts` with each end that lies `inside` carried along its last segment's direction to just past
/// the outline, when the outline is within [`END_REACH`] of it.
pub fn reaching_outline(cuts: &[Cut], inside: impl Fn([f64; 2]) -> bool) -> Vec<Cut> {
    let carried = |end: [f64; 2], before: [f64; 2]| -> Option<[f64; 2]> {
        let (dx, dy) = (end[0] - before[0], end[1] - before[1]);
        let length = dx.hypot(dy);
        if !inside(end) || length == 0.0 {
            return None;
        }
        let step = [dx / length * 0.5, dy / length * 0.5];
        (1..=(END_REACH * 2.0) as usize)
            .map(|k| [end[0] + step[0] * k as f64, end[1] + step[1] * k as f64])
            .find(|p| !inside(*p))
            .map(|p| [p[0] + step[0], p[1] + step[1]])
    };
    cuts.iter()
        .map(|cut| {
            let mut points = cut.points.clone();
            let n = points.len();
            if n >= 2 {
                if let Some(start) = carried(points[0], points[1]) {
                    points.insert(0, start);
                }
                let n = points.len();
                if let Some(end) = carried(points[n - 1], points[n - 2]) {
                    points.push(end);
                }
            }
            Cut { points }
        })
        .collect()
}

/// `cuts` moved by `-offset` (from the canvas into the pixels of an image placed at `offset`).
pub fn cuts_moved(cuts: &[Cut], offset: [f64; 2]) -> Vec<Cut> {
    cuts.iter()
        .map(|c| Cut {
            points: c
                .points
                .iter()
                .map(|p| [p[0] - offset[0], p[1] - offset[1]])
                .collect(),
        })
        .collect()
}

/// Calls `visit` with every pixel cell (x, y) of a `size` grid that the segment `a`–`b` passes
/// through, in order, each step to a 4-neighbour (Amanatides and Woo's traversal). The segment is
/// clipped to the grid first, so the work is at most the grid's width plus height per segment.
pub fn for_each_cell(
    a: [f64; 2],
    b: [f64; 2],
    size: [usize; 2],
    mut visit: impl FnMut(usize, usize),
) {
    let corner = DVec2::new(size[0] as f64, size[1] as f64);
    let Some([a, b]) = clip_segment(a.into(), b.into(), [DVec2::ZERO, corner]) else {
        return;
    };
    let (a, b) = (a.to_array(), b.to_array());
    let cell = |v: f64, limit: usize| (v.floor().max(0.0) as usize).min(limit.saturating_sub(1));
    let (mut x, mut y) = (cell(a[0], size[0]), cell(a[1], size[1]));
    let (end_x, end_y) = (cell(b[0], size[0]), cell(b[1], size[1]));
    let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
    let axis = |d: f64, from: f64, at: usize| -> (f64, f64) {
        // The first crossing of a cell line along this axis, and the distance (in t) between two.
        if d > 0.0 {
            (((at as f64 + 1.0) - from) / d, 1.0 / d)
        } else if d < 0.0 {
            ((at as f64 - from) / d, -1.0 / d)
        } else {
            (f64::INFINITY, f64::INFINITY)
        }
    };
    let (mut next_x, step_x) = axis(dx, a[0], x);
    let (mut next_y, step_y) = axis(dy, a[1], y);
    visit(x, y);
    // Each step moves one cell toward the end cell, so this many steps always reach it.
    let steps = x.abs_diff(end_x) + y.abs_diff(end_y);
    for _ in 0..steps {
        let x_first = next_x < next_y || (next_x == next_y && x != end_x);
        if (x_first && x != end_x) || y == end_y {
            x = if dx > 0.0 { x + 1 } else { x.saturating_sub(1) };
            next_x += step_x;
        } else {
            y = if dy > 0.0 { y + 1 } else { y.saturating_sub(1) };
            next_y += step_y;
        }
        visit(x, y);
    }
}

/// The part of segment `a`–`b` inside the box from `low` to `high` (Liang and Barsky's clipping);
/// `None` when it misses the box. Used by the wall's traversal and the mesh split.
fn clip_segment(a: DVec2, b: DVec2, [low, high]: [DVec2; 2]) -> Option<[DVec2; 2]> {
    let d = b - a;
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    for (p, q) in [
        (-d.x, a.x - low.x),
        (d.x, high.x - a.x),
        (-d.y, a.y - low.y),
        (d.y, high.y - a.y),
    ] {
        if p == 0.0 {
            if q < 0.0 {
                return None;
            }
        } else if p < 0.0 {
            t0 = t0.max(q / p);
        } else {
            t1 = t1.min(q / p);
        }
    }
    (t0 <= t1).then(|| [a + d * t0, a + d * t1])
}

mod clearance;
mod split;

pub use split::{SIDE_STEP, SplitError, split_mesh, weight_points};

#[cfg(test)]
mod tests;
