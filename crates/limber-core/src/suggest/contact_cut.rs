//! The cut suggested through a contact's crossing (see `contacts`): the crossing carried into the
//! gap and out into the open, far enough that it still cuts on the mask the weights are walked
//! on. That mask reaches a little past the figure's pixels (faint pixels, the mesh's margin): it
//! fills a narrow gap's tip and a narrow notch, and a cut that ended there would leave a way round
//! it (on a 2048 px figure a cut that stopped a cell past the outline left a triangle joining the
//! forearm to the hand).
//!
//! Into the gap the cut follows the hole (a gap's tip is narrow and may bend) to where it is
//! [`CLEAR_CELLS`] from the shape, going no further than a few times that; into the open it goes
//! straight, along the crossing or straight out of the outline, whichever stays in the open longer
//! (a path that hugged the outline there would slit the mesh's margin). Points are in the grid's
//! cell coordinates; the open end may lie past the island's crop, which is all outside.

use std::collections::VecDeque;

use super::background::{OUTER, four_neighbours};
use super::grid::Grid;

/// The cut reaches this many grid cells from the shape, into the gap and into the open (a cell is
/// a pixel or more: at least the mesh's margin of 2.5 px and the faint pixels around it).
const CLEAR_CELLS: f64 = 4.0;
/// Into the gap the cut goes at most this many times [`CLEAR_CELLS`] (a narrow gap whose widest
/// place is far up would otherwise send it along the whole arm).
const GAP_REACH: f64 = 3.0;
/// A suggested cut keeps within this many cells of its path when simplified.
const SIMPLIFY: f64 = 0.75;

/// The suggested cut through a crossing whose ends are `[gap, open]` (a cell of the hole labelled
/// `hole_label` and a cell of the outer background, beside its ends); `exit` is the crossing's
/// cell beside the open end. Points in cell coordinates, simplified.
pub fn cut_points(
    grid: &Grid,
    label: &[usize],
    ends: [usize; 2],
    exit: usize,
    hole_label: usize,
) -> Vec<[f64; 2]> {
    let at = |i: usize| [(i % grid.width) as f64, (i / grid.width) as f64];
    let mut points: Vec<[f64; 2]> = clear_path(grid, label, ends[0], hole_label)
        .into_iter()
        .rev()
        .map(at)
        .collect();
    points.push(at(ends[1]));
    let along = open_walk(grid, label, [at(ends[0]), at(ends[1])]);
    let out = open_walk(grid, label, [at(exit), at(ends[1])]);
    let (steps, last) = if out.0 > along.0 { out } else { along };
    if steps > 0 {
        points.push(last);
    }
    points.dedup();
    simplified(&points)
}

/// How many half-cell steps past `from[1]`, going on from `from[0]`, stay in the outer background
/// or beyond the grid (at most `2 × CLEAR_CELLS`), and the point reached.
fn open_walk(grid: &Grid, label: &[usize], from: [[f64; 2]; 2]) -> (usize, [f64; 2]) {
    let [a, b] = from;
    let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
    let length = dx.hypot(dy);
    let mut reached = (0, b);
    if length == 0.0 {
        return reached;
    }
    for k in 1..=(2.0 * CLEAR_CELLS) as usize {
        let t = 0.5 * k as f64 / length;
        let p = [b[0] + dx * t, b[1] + dy * t];
        let (x, y) = (p[0].round(), p[1].round());
        let on_grid = x >= 0.0 && y >= 0.0 && x < grid.width as f64 && y < grid.height as f64;
        if on_grid && label[y as usize * grid.width + x as usize] != OUTER {
            break;
        }
        reached = (k, p);
    }
    reached
}

/// The shortest 4-connected path through the background piece `wanted` from `start` to the
/// nearest of its cells at least [`CLEAR_CELLS`] from any cell not in the piece, searched no
/// further than [`GAP_REACH`] times that; the farthest from them within that reach when none is.
fn clear_path(grid: &Grid, label: &[usize], start: usize, wanted: usize) -> Vec<usize> {
    let piece = Grid {
        inside: label.iter().map(|&l| l == wanted).collect(),
        ..*grid
    };
    let distance = super::edt::distance_to_outside(&piece);
    let (w, h) = (grid.width, grid.height);
    let reach = (GAP_REACH * CLEAR_CELLS) as usize;
    let mut from = vec![usize::MAX; label.len()];
    let mut depth = vec![0usize; label.len()];
    from[start] = start;
    let mut queue = VecDeque::from([start]);
    let mut best = start;
    while let Some(i) = queue.pop_front() {
        if distance[i] > distance[best] {
            best = i;
        }
        if distance[i] >= CLEAR_CELLS {
            best = i;
            break;
        }
        if depth[i] >= reach {
            continue;
        }
        for j in four_neighbours(i, w, h) {
            if piece.inside[j] && from[j] == usize::MAX {
                from[j] = i;
                depth[j] = depth[i] + 1;
                queue.push_back(j);
            }
        }
    }
    let mut path = vec![best];
    while let Some(&last) = path.last()
        && last != start
    {
        path.push(from[last]);
    }
    path.reverse();
    path
}

/// The points of `path` that keep its shape within [`SIMPLIFY`] cells (Douglas–Peucker): its
/// ends and its corners.
fn simplified(path: &[[f64; 2]]) -> Vec<[f64; 2]> {
    simplified_within(path, SIMPLIFY)
}

/// The points of `path` that keep its shape within `tolerance` cells (Douglas–Peucker).
pub(super) fn simplified_within(path: &[[f64; 2]], tolerance: f64) -> Vec<[f64; 2]> {
    if path.len() < 3 {
        return path.to_vec();
    }
    let mut keep = vec![false; path.len()];
    let mut spans = vec![(0, path.len() - 1)];
    while let Some((a, b)) = spans.pop() {
        keep[a] = true;
        keep[b] = true;
        let (pa, pb) = (path[a], path[b]);
        let (dx, dy) = (pb[0] - pa[0], pb[1] - pa[1]);
        let length = dx.hypot(dy).max(1e-9);
        let off = |k: usize| {
            let p = path[k];
            ((p[0] - pa[0]) * dy - (p[1] - pa[1]) * dx).abs() / length
        };
        if let Some(far) = (a + 1..b).max_by(|&i, &j| off(i).total_cmp(&off(j)))
            && off(far) > tolerance
        {
            spans.push((a, far));
            spans.push((far, b));
        }
    }
    path.iter()
        .zip(keep)
        .filter_map(|(&p, k)| k.then_some(p))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_straight_path_keeps_its_ends_and_a_bent_one_its_corner() {
        let line: Vec<[f64; 2]> = (0..6).map(|k| [k as f64, 0.0]).collect();
        assert_eq!(simplified(&line), vec![[0.0, 0.0], [5.0, 0.0]]);
        let bent = [[0.0, 0.0], [3.0, 0.0], [3.0, 1.0], [3.0, 4.0]];
        assert_eq!(simplified(&bent), vec![[0.0, 0.0], [3.0, 0.0], [3.0, 4.0]]);
        assert_eq!(simplified(&[[1.0, 2.0]]), vec![[1.0, 2.0]]);
    }

    #[test]
    fn the_open_end_goes_past_the_grid_when_the_outline_is_at_its_edge() {
        // One outside column at the grid's edge: the walk carries on beyond it.
        let grid = Grid {
            width: 3,
            height: 1,
            cell: 1,
            inside: vec![true, true, false],
            origin: [0, 0],
        };
        let label = vec![0, 0, OUTER];
        let (steps, end) = open_walk(&grid, &label, [[1.0, 0.0], [2.0, 0.0]]);
        assert_eq!(steps, 8);
        assert!((end[0] - 6.0).abs() < 1e-9, "{end:?}");
    }
}
