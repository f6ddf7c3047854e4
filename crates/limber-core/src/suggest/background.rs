//! The background of an island's crop in 4-connected pieces: the outside (the piece touching the
//! crop's border) and the holes the island closes, each cell labelled with its piece; and the
//! island's cells beside a piece. Read by `contacts` (which holes to open) and `contact_cut`
//! (where a cut may run).

use super::grid::Grid;

/// The background of `grid` in 4-connected pieces: the one touching the grid's border (outside
/// the island) and the holes; `label` gives each cell's piece ([`INSIDE`], [`OUTER`], or hole
/// `k` as `k + 2`).
pub struct Background {
    pub outer: Vec<usize>,
    pub list: Vec<Vec<usize>>,
    pub label: Vec<usize>,
}

const INSIDE: usize = 0;
/// The label of the background outside the island.
pub const OUTER: usize = 1;

/// The background pieces of `grid`.
pub fn holes(grid: &Grid) -> Background {
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

/// The 4-neighbours of cell `i` on a `w` × `h` grid.
pub fn four_neighbours(i: usize, w: usize, h: usize) -> impl Iterator<Item = usize> {
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
pub fn outline_cells(grid: &Grid, background: &[usize]) -> Vec<usize> {
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
