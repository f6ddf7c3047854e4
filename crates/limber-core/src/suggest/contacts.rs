//! Contacts: where the drawing touches itself and closes a loop — a hand on the hip, hands in the
//! pockets, an arm against the side with a gap above the contact, feet together — the alpha is one
//! piece with a hole in it (the gap between the arm and the body). Walking distance goes round the
//! loop both ways, so the arm has no tip for the skeleton search, and the weights of its bones
//! reach the body across the contact.
//!
//! Each hole large enough is opened where the contact is: by the shortest straight crossing from
//! the bottom of the gap (or from its top, where that is clearly thinner: raised hands meeting) to
//! the outline, through the shape — a wrist or a hand is thinner than the shoulder at the gap's
//! other end. The crossing is taken out of the grid the skeleton is searched on (so the arm ends
//! there and gets a tip), and it is suggested as a [`crate::cuts::Cut`] with the bones (so the
//! weights do not cross it either), carried into the gap and into the open so that it still cuts
//! on the weights' mask, which reaches a little past the figure's pixels. A crossing longer than
//! [`MAX_CROSSING`] of the longer side is no contact (a prop held in both hands, a ring) and is
//! left alone, as is one that would leave the island in pieces.
//!
//! Alpha alone does not say where a hand drawn over the hip ends, so the crossing is at the wrist
//! and the hand stays on the body's side; an arm pressed against the body with no gap closes no
//! loop and is not found (the artist's Cut tool covers both).

use super::background::{OUTER, four_neighbours, holes, outline_cells};
use super::grid::Grid;

/// A hole's area is at least this fraction of the longer side, squared, to be a contact's gap.
const MIN_HOLE: f64 = 0.02;
/// The crossing starts in this share of the hole's height at its bottom (or its top).
const CONTACT_BAND: f64 = 0.2;
/// The crossing is at most this fraction of the longer side.
const MAX_CROSSING: f64 = 0.12;
/// At most this many gaps are opened, the largest first (a figure closes a few: two arms, the
/// legs): an upright lattice does not pay for each of its holes.
const MAX_LOOPS: usize = 4;
/// A crossing is looked for from at most this many of the gap's outline cells (spread evenly)…
const MAX_STARTS: usize = 256;
/// …and at most this many straight lines are traced for it before it is given up.
const MAX_TRACES: usize = 4096;
/// A crossing above the gap is taken over the one below it when it is shorter than this share of
/// it.
const ABOVE_THINNER: f64 = 0.8;

/// A crossing that opens a loop: from a cell beside the hole to an outline cell beside the outer
/// background (both inside the island, on the grid it was found on), and the cells taken out.
#[derive(Debug, Clone, PartialEq)]
pub struct Crossing {
    pub from: usize,
    pub to: usize,
    /// The suggested cut's points, in the grid's cell coordinates (a cell's centre is its column
    /// and row; the open end may lie past the grid): from inside the gap, across the crossing,
    /// out into the open.
    pub cut: Vec<[f64; 2]>,
    /// The 4-connected cells of the straight line between them, taken out of the grid.
    pub cells: Vec<usize>,
    /// Its length (cells, centre to centre).
    pub length: f64,
}

/// Opens every contact loop of the island `cells` on `grid` (an island's crop, with outside cells
/// around it): the crossings are taken out of `grid` and returned. `longer` is the image's longer
/// side (px).
pub fn open_loops(grid: &mut Grid, cells: &[usize], longer: f64) -> Vec<Crossing> {
    let holes = holes(grid);
    let cell = grid.cell as f64;
    let min_cells = (MIN_HOLE * longer / cell).powi(2);
    let max_len = MAX_CROSSING * longer / cell;
    let outer_edge = outline_cells(grid, &holes.outer);
    let mut crossings = Vec::new();
    let mut by_size: Vec<usize> = (0..holes.list.len())
        .filter(|&k| holes.list[k].len() as f64 >= min_cells)
        .collect();
    by_size.sort_by_key(|&k| (std::cmp::Reverse(holes.list[k].len()), k));
    for number in by_size.into_iter().take(MAX_LOOPS) {
        let hole = &holes.list[number];
        let (top, bottom) = hole.iter().fold((usize::MAX, 0), |(t, b), &i| {
            (t.min(i / grid.width), b.max(i / grid.width))
        });
        let band = (CONTACT_BAND * (bottom - top + 1) as f64).max(1.0);
        let edge = outline_cells(grid, hole);
        let crossing_in = |in_band: &dyn Fn(usize) -> bool| {
            let starts: Vec<usize> = edge
                .iter()
                .copied()
                .filter(|&c| in_band(c / grid.width))
                .collect();
            shortest_crossing(grid, &starts, &outer_edge, max_len)
        };
        let below = crossing_in(&|y| y as f64 >= bottom as f64 - band);
        let above = crossing_in(&|y| (y as f64) <= top as f64 + band);
        // A hand meets the body below the gap, raised hands meet above it: the thinner crossing is
        // the contact (a wrist or a hand is thinner than the shoulder at the gap's other end), the
        // bottom one unless the top one is clearly thinner (or there is none below).
        let found = match (below, above) {
            (Some(b), Some(a)) if a.length < ABOVE_THINNER * b.length => Some(a),
            (Some(b), _) => Some(b),
            (None, a) => a,
        };
        let Some(mut found) = found else {
            continue;
        };
        let beside = |c: usize, label: usize| {
            four_neighbours(c, grid.width, grid.height).find(|&j| holes.label[j] == label)
        };
        let (Some(gap), Some(open)) = (beside(found.from, number + 2), beside(found.to, OUTER))
        else {
            continue;
        };
        found.cut =
            super::contact_cut::cut_points(grid, &holes.label, [gap, open], found.to, number + 2);
        let before = grid.inside.clone();
        for &c in &found.cells {
            grid.inside[c] = false;
        }
        if !still_one_piece(grid, cells) {
            grid.inside = before;
            continue;
        }
        crossings.push(found);
    }
    crossings
}

/// The shortest straight crossing, at most `max_len` cells, from one of `starts` to one of
/// `ends` whose every cell is inside. At most [`MAX_STARTS`] starts (spread evenly) are tried and
/// [`MAX_TRACES`] lines traced, so a ragged outline costs no more than a bounded search.
fn shortest_crossing(
    grid: &Grid,
    starts: &[usize],
    ends: &[usize],
    max_len: f64,
) -> Option<Crossing> {
    let w = grid.width;
    let at = |i: usize| ((i % w) as f64, (i / w) as f64);
    let stride = starts.len().div_ceil(MAX_STARTS).max(1);
    let mut pairs: Vec<(f64, usize, usize)> = Vec::new();
    for &s in starts.iter().step_by(stride) {
        let (sx, sy) = at(s);
        for &e in ends {
            let (ex, ey) = at(e);
            let d = (ex - sx).hypot(ey - sy);
            if d <= max_len {
                pairs.push((d, s, e));
            }
        }
    }
    pairs.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)).then(a.2.cmp(&b.2)));
    pairs
        .into_iter()
        .take(MAX_TRACES)
        .find_map(|(length, from, to)| {
            let cells = line_cells(w, from, to);
            cells.iter().all(|&c| grid.inside[c]).then_some(Crossing {
                from,
                to,
                cut: Vec::new(),
                cells,
                length,
            })
        })
}

/// The 4-connected cells of the straight line between the centres of cells `a` and `b` (a
/// grid traversal: no 8-neighbour step crosses it), each within half a diagonal of the line.
fn line_cells(w: usize, a: usize, b: usize) -> Vec<usize> {
    let (mut x, mut y) = ((a % w) as i64, (a / w) as i64);
    let (bx, by) = ((b % w) as i64, (b / w) as i64);
    let (dx, dy) = ((bx - x).abs(), (by - y).abs());
    let (sx, sy) = ((bx - x).signum(), (by - y).signum());
    let mut cells = vec![a];
    // `err` is (steps along x) × dy − (steps along y) × dx; `2 err + dy − dx` is twice the line's
    // offset at the corner between the two next cells: the step taken is the one the line nears.
    let mut err = 0i64;
    while (x, y) != (bx, by) {
        if y == by || (x != bx && 2 * err + dy - dx < 0) {
            x += sx;
            err += dy;
        } else {
            y += sy;
            err -= dx;
        }
        cells.push(y as usize * w + x as usize);
    }
    cells
}

/// Whether the island's `cells` still inside `grid` are one 8-connected piece.
fn still_one_piece(grid: &Grid, cells: &[usize]) -> bool {
    let left: Vec<usize> = cells.iter().copied().filter(|&c| grid.inside[c]).collect();
    let Some(&start) = left.first() else {
        return false;
    };
    let mut seen = vec![false; grid.inside.len()];
    seen[start] = true;
    let mut stack = vec![start];
    let mut reached = 1;
    while let Some(i) = stack.pop() {
        for &(dx, dy, _) in &super::grid::NEIGHBOURS {
            if let Some(j) = grid.neighbour(i, dx, dy)
                && !seen[j]
            {
                seen[j] = true;
                reached += 1;
                stack.push(j);
            }
        }
    }
    reached == left.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A grid from rows of `#` (inside) and `.`.
    fn grid(rows: &[&str]) -> Grid {
        let width = rows[0].len();
        Grid {
            width,
            height: rows.len(),
            cell: 1,
            inside: rows
                .iter()
                .flat_map(|r| r.bytes().map(|b| b == b'#'))
                .collect(),
            origin: [0, 0],
        }
    }

    #[test]
    fn a_line_is_four_connected_and_joins_its_ends() {
        let w = 10;
        for (a, b) in [(0, 99), (9, 90), (5, 55), (12, 17), (93, 21)] {
            let cells = line_cells(w, a, b);
            assert_eq!((cells[0], *cells.last().unwrap()), (a, b));
            for pair in cells.windows(2) {
                let (p, q) = (pair[0] as i64, pair[1] as i64);
                assert!(
                    [1, w as i64].contains(&(p - q).abs()),
                    "{a}->{b}: {p} to {q} is not a 4-step"
                );
            }
        }
    }

    #[test]
    fn a_line_keeps_within_half_a_diagonal_of_itself() {
        let w = 64;
        for (ax, ay, bx, by) in [(0, 0, 1, 10), (0, 0, 10, 1), (3, 40, 9, 2), (60, 5, 1, 33)] {
            let (a, b) = (ay * w + ax, by * w + bx);
            let (p, q) = ([ax as f64, ay as f64], [bx as f64, by as f64]);
            let (dx, dy) = (q[0] - p[0], q[1] - p[1]);
            let length = dx.hypot(dy);
            for c in line_cells(w, a, b) {
                let (x, y) = ((c % w) as f64, (c / w) as f64);
                let off = ((x - p[0]) * dy - (y - p[1]) * dx).abs() / length;
                assert!(
                    off <= std::f64::consts::FRAC_1_SQRT_2 + 1e-9,
                    "({ax},{ay})->({bx},{by}): cell ({x},{y}) is {off} from the line"
                );
            }
        }
    }

    #[test]
    fn a_loop_is_opened_at_its_thin_bottom() {
        // A body (left) and an arm (right) joined at the top and, by one cell, at the bottom
        // around a gap: that cell is the crossing.
        let mut g = grid(&[
            "..........",
            ".#######..",
            ".#######..",
            ".###..##..",
            ".###..##..",
            ".###..##..",
            ".###..##..",
            ".#######..",
            ".###......",
            ".###......",
            "..........",
        ]);
        let cells: Vec<usize> = (0..g.inside.len()).filter(|&i| g.inside[i]).collect();
        let crossings = open_loops(&mut g, &cells, 20.0);
        assert_eq!(crossings.len(), 1, "{crossings:?}");
        let c = &crossings[0];
        assert_eq!(c.from / 10, 7, "starts beside the gap's bottom: {c:?}");
        assert!(c.cells.iter().all(|&i| !g.inside[i]));
        assert!(holes(&g).list.is_empty(), "the loop is open");
    }

    #[test]
    fn a_small_hole_or_a_long_crossing_is_left_alone() {
        let rows = [
            "...........",
            ".#########.",
            ".#########.",
            ".####.####.",
            ".#########.",
            ".#########.",
            "...........",
        ];
        let mut g = grid(&rows);
        let cells: Vec<usize> = (0..g.inside.len()).filter(|&i| g.inside[i]).collect();
        // A one-cell hole is under the least area for a 100 px figure.
        assert!(open_loops(&mut g, &cells, 100.0).is_empty());
        // Large enough on an 8 px figure, but its crossing (a cell) is over 12 % of 8 px.
        assert!(open_loops(&mut g, &cells, 8.0).is_empty());
        assert_eq!(g.inside, grid(&rows).inside);
    }
}
