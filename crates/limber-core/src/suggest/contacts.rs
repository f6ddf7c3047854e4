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

use super::grid::Grid;

/// A hole's area is at least this fraction of the longer side, squared, to be a contact's gap.
const MIN_HOLE: f64 = 0.02;
/// The crossing starts in this share of the hole's height at its bottom (or its top).
const CONTACT_BAND: f64 = 0.2;
/// The crossing is at most this fraction of the longer side.
const MAX_CROSSING: f64 = 0.12;
/// A suggested cut's path keeps within this many cells of its cells when simplified.
const SIMPLIFY: f64 = 0.75;
/// The suggested cut reaches this far from the shape into the gap and into the open (px)…
const CLEAR: f64 = 4.0;
/// …and at least this many grid cells (a cell is several pixels on a large image: the mesh's
/// margin and the faint pixels around the figure are pixels, not cells).
const CLEAR_CELLS: f64 = 4.0;
/// A crossing above the gap is taken over the one below it when it is shorter than this share of
/// it.
const ABOVE_THINNER: f64 = 0.8;

/// A crossing that opens a loop: from a cell beside the hole to an outline cell beside the outer
/// background (both inside the island, on the grid it was found on), and the cells taken out.
#[derive(Debug, Clone, PartialEq)]
pub struct Crossing {
    pub from: usize,
    pub to: usize,
    /// The cells the suggested cut runs through, in order: from inside the gap, through the
    /// crossing, out into the open.
    pub cut: Vec<usize>,
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
    for (number, hole) in holes.list.iter().enumerate() {
        if (hole.len() as f64) < min_cells {
            continue;
        }
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
        // bottom one unless the top one is clearly thinner.
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
        found.cut = cut_cells(grid, &holes.label, [gap, open], found.to, number + 2);
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

/// The cut through a crossing whose ends are `[gap, open]` (a hole cell and an outer cell): the
/// crossing, carried into the gap along the hole to where it is [`CLEAR`] px from the shape (or as
/// far as the hole allows), and straight on into the open for [`CLEAR`] px. Weights are walked on
/// a mask that reaches a little past the figure's pixels (faint pixels and the mesh's margin),
/// which fills a narrow gap's tip: a cut that ended there would leave a way round it. (Into the
/// open it goes straight: a path that hugged the outline there would slit the mesh's margin.)
/// `exit` is the crossing's cell beside the open end.
fn cut_cells(
    grid: &Grid,
    label: &[usize],
    ends: [usize; 2],
    exit: usize,
    hole_label: usize,
) -> Vec<usize> {
    let clear = (CLEAR / grid.cell as f64).max(CLEAR_CELLS);
    let mut cells = clear_path(grid, label, ends[0], hole_label, clear);
    cells.reverse();
    cells.push(ends[1]);
    // Into the open along the crossing, or straight out of the outline where the crossing runs
    // along it: whichever stays in the open longer.
    let along = open_walk(grid, label, [ends[0], ends[1]], clear);
    let out = open_walk(grid, label, [exit, ends[1]], clear);
    let (steps, last) = if out.0 > along.0 { out } else { along };
    if steps > 0 {
        cells.push(last);
    }
    cells
}

/// How many half-cell steps past `from[1]`, in the direction from `from[0]`, stay in the outer
/// background (at most `2 × clear`), and the last cell reached.
fn open_walk(grid: &Grid, label: &[usize], from: [usize; 2], clear: f64) -> (usize, usize) {
    let w = grid.width as i64;
    let at = |i: usize| [(i % grid.width) as f64, (i / grid.width) as f64];
    let [a, b] = from.map(at);
    let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
    let length = dx.hypot(dy);
    let mut reached = (0, from[1]);
    if length == 0.0 {
        return reached;
    }
    for k in 1..=(2.0 * clear).ceil() as usize {
        let t = 0.5 * k as f64 / length;
        let (x, y) = (
            (b[0] + dx * t).round() as i64,
            (b[1] + dy * t).round() as i64,
        );
        if x < 0 || y < 0 || x >= w || y >= grid.height as i64 {
            break;
        }
        let c = (y * w + x) as usize;
        if label[c] != OUTER {
            break;
        }
        reached = (k, c);
    }
    reached
}

/// The cells of a cut's path (on a grid `width` cells wide) that keep its shape within
/// [`SIMPLIFY`] cells (Douglas–Peucker): its ends and its corners.
pub fn simplified(path: &[usize], width: usize) -> Vec<usize> {
    let at = |i: usize| [(i % width) as f64, (i / width) as f64];
    let mut keep = vec![false; path.len()];
    let mut spans = vec![(0, path.len().saturating_sub(1))];
    while let Some((a, b)) = spans.pop() {
        keep[a] = true;
        keep[b] = true;
        let (pa, pb) = (at(path[a]), at(path[b]));
        let (dx, dy) = (pb[0] - pa[0], pb[1] - pa[1]);
        let length = dx.hypot(dy).max(1e-9);
        let off = |k: usize| {
            let p = at(path[k]);
            ((p[0] - pa[0]) * dy - (p[1] - pa[1]) * dx).abs() / length
        };
        if let Some(far) = (a + 1..b).max_by(|&i, &j| off(i).total_cmp(&off(j)))
            && off(far) > SIMPLIFY
        {
            spans.push((a, far));
            spans.push((far, b));
        }
    }
    path.iter()
        .zip(keep)
        .filter_map(|(&c, k)| k.then_some(c))
        .collect()
}

/// The shortest 4-connected path through the background piece `wanted` from `start` to the
/// nearest of its cells at least `clear` cells from every other cell (the farthest when none is).
fn clear_path(grid: &Grid, label: &[usize], start: usize, wanted: usize, clear: f64) -> Vec<usize> {
    let piece = Grid {
        inside: label.iter().map(|&l| l == wanted).collect(),
        ..*grid
    };
    let distance = super::edt::distance_to_outside(&piece);
    let (w, h) = (grid.width, grid.height);
    let mut from = vec![usize::MAX; label.len()];
    from[start] = start;
    let mut queue = std::collections::VecDeque::from([start]);
    let mut best = start;
    while let Some(i) = queue.pop_front() {
        if distance[i] > distance[best] {
            best = i;
        }
        if distance[i] >= clear {
            best = i;
            break;
        }
        for j in four_neighbours(i, w, h) {
            if piece.inside[j] && from[j] == usize::MAX {
                from[j] = i;
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

/// The background of `grid` in 4-connected pieces: the one touching the grid's border (outside
/// the island) and the holes; `label` gives each cell's piece ([`INSIDE`], [`OUTER`], or hole
/// `k` as `k + 2`).
struct Background {
    outer: Vec<usize>,
    list: Vec<Vec<usize>>,
    label: Vec<usize>,
}

const INSIDE: usize = 0;
const OUTER: usize = 1;

fn holes(grid: &Grid) -> Background {
    let (w, h) = (grid.width, grid.height);
    let mut seen = vec![false; grid.inside.len()];
    let mut outer = Vec::new();
    let mut list = Vec::new();
    let mut label = vec![INSIDE; grid.inside.len()];
    for start in 0..grid.inside.len() {
        if grid.inside[start] || seen[start] {
            continue;
        }
        seen[start] = true;
        let mut piece = vec![start];
        let mut touches_border = false;
        let mut k = 0;
        while k < piece.len() {
            let i = piece[k];
            k += 1;
            let (x, y) = (i % w, i / w);
            touches_border |= x == 0 || y == 0 || x + 1 == w || y + 1 == h;
            for j in four_neighbours(i, w, h) {
                if !grid.inside[j] && !seen[j] {
                    seen[j] = true;
                    piece.push(j);
                }
            }
        }
        let tag = if touches_border {
            OUTER
        } else {
            list.len() + 2
        };
        for &i in &piece {
            label[i] = tag;
        }
        if touches_border {
            outer.extend(piece);
        } else {
            list.push(piece);
        }
    }
    Background { outer, list, label }
}

fn four_neighbours(i: usize, w: usize, h: usize) -> impl Iterator<Item = usize> {
    let (x, y) = (i % w, i / w);
    [
        (x > 0).then(|| i - 1),
        (x + 1 < w).then(|| i + 1),
        (y > 0).then(|| i - w),
        (y + 1 < h).then(|| i + w),
    ]
    .into_iter()
    .flatten()
}

/// The inside cells 4-adjacent to any of `background`.
fn outline_cells(grid: &Grid, background: &[usize]) -> Vec<usize> {
    let (w, h) = (grid.width, grid.height);
    let mut out: Vec<usize> = background
        .iter()
        .flat_map(|&b| four_neighbours(b, w, h))
        .filter(|&j| grid.inside[j])
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// The shortest straight crossing, at most `max_len` cells, from one of `starts` to one of
/// `ends` whose every cell is inside.
fn shortest_crossing(
    grid: &Grid,
    starts: &[usize],
    ends: &[usize],
    max_len: f64,
) -> Option<Crossing> {
    let w = grid.width;
    let at = |i: usize| ((i % w) as f64, (i / w) as f64);
    let mut pairs: Vec<(f64, usize, usize)> = Vec::new();
    for &s in starts {
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
    pairs.into_iter().find_map(|(length, from, to)| {
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
/// grid traversal: no 8-neighbour step crosses it).
fn line_cells(w: usize, a: usize, b: usize) -> Vec<usize> {
    let (mut x, mut y) = ((a % w) as i64, (a / w) as i64);
    let (bx, by) = ((b % w) as i64, (b / w) as i64);
    let (dx, dy) = ((bx - x).abs(), (by - y).abs());
    let (sx, sy) = ((bx - x).signum(), (by - y).signum());
    let mut cells = vec![a];
    // Steps along x or y one at a time, by which side of the line the next corner lies.
    let mut err = 0i64;
    while (x, y) != (bx, by) {
        if dy == 0 || (dx != 0 && (err + dy) * 2 <= dx) && x != bx {
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
