//! Pruning limits for computing many bones' fields at once.
//!
//! Weights keep each vertex's [`MAX_INFLUENCES`] nearest bones (under one smoothness), so a bone's
//! field is only needed where it is among the nearest few. If a bone's distance at a pixel exceeds
//! the k-th nearest bone's distance there, it exceeds it at every pixel reached through that one too
//! (the k nearer bones reach them by the same path or a shorter one), so its propagation can stop
//! there. The k-th nearest distance is not known before the fields are computed; an upper bound of it
//! is enough, and is cheap on a coarse grid: [`PruneLimits`] runs `dijkstra8` over cells of
//! [`CELL`] × [`CELL`] pixels that are entirely inside the mask, from every bone, and keeps per cell
//! the k-th smallest of the bones' cell distances plus a slack. A coarse path is a real path inside
//! the mask (through cells entirely inside, started from cells that the bone's own seed pixels see
//! in a straight line), so a bone's cell distance bounds its pixel distances from above; cells not
//! entirely inside get no limit (their pixels are never pruned).
//!
//! [`MAX_INFLUENCES`]: crate::weights::MAX_INFLUENCES

use super::propagate::{PRUNED, with_seeded_field};
pub use super::prune_limits::{CELL, PruneLimits};
use super::sources::{Seed, seeds};
use super::{InsideGrid, Metric};

/// Added to every coarse bound (px): the straight step from the last cell's centre to the pixel (at
/// most half a cell's diagonal, 2.83 px), room for the geodesic metric bending at pixel centres
/// (about a pixel), and a margin so that the pixels a vertex reads its distance from are never
/// pruned when the bone is among its nearest.
const SLACK_PX: f32 = 12.0;

/// Relative slack on top of [`SLACK_PX`], for the geodesic metric's error (under 1%) along long
/// paths.
const SLACK_RELATIVE: f32 = 0.03;

/// A coarse grid with at least this many cells gets its own walks limited by a coarser one.
const RECURSE_FROM_CELLS: usize = 20_000;

/// How a k-th smallest coarse distance (in cells) becomes a limit on the finer grid's distances.
#[derive(Debug, Clone, Copy)]
struct Bound {
    /// Finer units per coarse unit of path length.
    stretch: f32,
    /// Added, in finer units.
    slack: f32,
}

impl Bound {
    fn limit(self, kth: f32) -> f32 {
        kth * CELL as f32 * self.stretch * (1.0 + SLACK_RELATIVE) + self.slack
    }
}

/// Limits on a bone's geodesic field (pixels): a coarse path is a real path inside the mask, at
/// least as long as the geodesic, which the field's metric matches to about 1 %.
const FIELD_BOUND: Bound = Bound {
    stretch: 1.0,
    slack: SLACK_PX,
};

/// Limits on the coarse `dijkstra8` walks themselves (in cells), from walks over blocks of cells:
/// a straight step between block centres runs through cells entirely inside, where an 8-neighbour
/// path is at most 1.0824 times its length (the octile ratio at 22.5°); the slack covers the step
/// from the block centre to the cell (2√2 cells) with a margin.
const COARSE_WALK_BOUND: Bound = Bound {
    stretch: 1.09,
    slack: 6.0,
};

impl PruneLimits {
    /// Limits for keeping the `k` nearest of `bones` (segments head–tail) on `grid`. Bones whose
    /// segment crosses no coarse cell (outside the mask, or only on thin parts) give no bound, which
    /// only makes the limits looser.
    pub fn new(grid: &InsideGrid, bones: &[([f64; 2], [f64; 2])], k: usize) -> Self {
        let fine_seeds: Vec<(Vec<Seed>, bool)> = {
            use rayon::prelude::*;
            bones
                .par_iter()
                .map(|&(head, tail)| seeds(grid, head, tail))
                .collect()
        };
        let seed_lists: Vec<&[Seed]> = fine_seeds.iter().map(|(s, _)| s.as_slice()).collect();
        let mut limits = Self::from_seeds(grid, &seed_lists, k, FIELD_BOUND);
        limits.bones = bones.to_vec();
        limits.seeds = fine_seeds;
        limits
    }

    /// Limits on `grid` for walks started from `seeds` (one list per bone), from walks over its
    /// coarse cells that are themselves limited the same way by a grid coarser again, while the
    /// coarse grid is large enough for that to pay.
    fn from_seeds(grid: &InsideGrid, seeds: &[&[Seed]], k: usize, bound: Bound) -> Self {
        use rayon::prelude::*;
        let coarse = coarse_grid(grid);
        let cell_seeds: Vec<Vec<Seed>> = seeds
            .par_iter()
            .map(|fine| coarse_seeds(grid, &coarse, fine))
            .collect();
        let coarse_limits =
            (coarse.inside.len() >= RECURSE_FROM_CELLS && seeds.len() > k).then(|| {
                let lists: Vec<&[Seed]> = cell_seeds.iter().map(Vec::as_slice).collect();
                Self::from_seeds(&coarse, &lists, k, COARSE_WALK_BOUND)
            });
        let bounds: Vec<Option<Vec<f32>>> = cell_seeds
            .par_iter()
            .map(|cell_seeds| {
                (!cell_seeds.is_empty()).then(|| {
                    with_seeded_field(
                        &coarse,
                        cell_seeds,
                        None,
                        Metric::Dijkstra8,
                        coarse_limits.as_ref(),
                        // A cell the limited walk stopped at holds `PRUNED`: no bound there.
                        |f| {
                            f.iter()
                                .map(|&d| if d == PRUNED { f32::INFINITY } else { d })
                                .collect()
                        },
                    )
                })
            })
            .collect();
        let known: Vec<&Vec<f32>> = bounds.iter().flatten().collect();
        let columns = coarse.width + 1;
        let mut cells = vec![f32::INFINITY; columns * (coarse.height + 1)];
        // Per bone, the cells where its bound is within the limit: roughly its share of the work.
        let mut work: Vec<usize> = bounds
            .iter()
            .map(|b| if b.is_some() { 0 } else { coarse.inside.len() })
            .collect();
        if k > 0 && known.len() >= k {
            use rayon::prelude::*;
            // Row by row in parallel: each row's limits and its cells' count per bone.
            let width = coarse.width;
            let rows: Vec<(Vec<f32>, Vec<usize>)> = (0..coarse.height)
                .into_par_iter()
                .map(|y| {
                    let mut limits = vec![f32::INFINITY; width];
                    let mut counts = vec![0usize; bounds.len()];
                    let mut column = Vec::with_capacity(known.len());
                    for (x, limit) in limits.iter_mut().enumerate() {
                        let cell = y * width + x;
                        column.clear();
                        column.extend(known.iter().map(|b| b[cell]));
                        let (_, kth, _) = column.select_nth_unstable_by(k - 1, f32::total_cmp);
                        let kth = *kth;
                        if kth.is_finite() {
                            *limit = bound.limit(kth);
                            for (count, b) in counts.iter_mut().zip(&bounds) {
                                if b.as_ref().is_some_and(|b| b[cell] <= kth) {
                                    *count += 1;
                                }
                            }
                        }
                    }
                    (limits, counts)
                })
                .collect();
            for (y, (limits, counts)) in rows.into_iter().enumerate() {
                cells[y * columns..y * columns + width].copy_from_slice(&limits);
                for (w, c) in work.iter_mut().zip(counts) {
                    *w += c;
                }
            }
        }
        Self {
            cells,
            columns,
            work,
            bones: Vec::new(),
            seeds: Vec::new(),
        }
    }
}

/// Where a bone's coarse walk starts: the coarse cells next to the bone's own seed pixels whose
/// centre the seed sees in a straight line inside the mask, each at the seed's distance plus that
/// line (in cell units). Every start is thus the end of a real path inside the mask from the bone.
fn coarse_seeds(grid: &InsideGrid, coarse: &InsideGrid, fine: &[Seed]) -> Vec<Seed> {
    let mut best: Vec<(usize, f32)> = Vec::new();
    for seed in fine {
        let (sx, sy) = (seed.pixel % grid.width, seed.pixel / grid.width);
        let from = [sx as f64 + 0.5, sy as f64 + 0.5];
        let (cx, cy) = ((sx / CELL) as i64, (sy / CELL) as i64);
        for ny in cy - 1..=cy + 1 {
            for nx in cx - 1..=cx + 1 {
                if !coarse.is_inside(nx, ny) {
                    continue;
                }
                let to = [
                    (nx as f64 + 0.5) * CELL as f64,
                    (ny as f64 + 0.5) * CELL as f64,
                ];
                if !sees(grid, from, to) {
                    continue;
                }
                let length = ((to[0] - from[0]).powi(2) + (to[1] - from[1]).powi(2)).sqrt();
                let distance = (f64::from(seed.distance) + length) / CELL as f64;
                best.push((ny as usize * coarse.width + nx as usize, distance as f32));
            }
        }
    }
    best.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.total_cmp(&b.1)));
    best.dedup_by_key(|c| c.0);
    best.into_iter()
        .map(|(pixel, distance)| Seed { pixel, distance })
        .collect()
}

/// Whether the straight line from `from` to `to` (image pixels) stays on inside pixels, sampled
/// every quarter pixel.
fn sees(grid: &InsideGrid, from: [f64; 2], to: [f64; 2]) -> bool {
    let length = ((to[0] - from[0]).powi(2) + (to[1] - from[1]).powi(2)).sqrt();
    let steps = (length * 4.0).ceil().max(1.0) as usize;
    (0..=steps).all(|k| {
        let t = k as f64 / steps as f64;
        let (x, y) = (
            from[0] + t * (to[0] - from[0]),
            from[1] + t * (to[1] - from[1]),
        );
        grid.is_inside(x.floor() as i64, y.floor() as i64)
    })
}

/// Cells of `CELL` × `CELL` pixels, inside when every one of their pixels is (cells over the image's
/// right or bottom edge are outside).
fn coarse_grid(grid: &InsideGrid) -> InsideGrid {
    use rayon::prelude::*;
    let (width, height) = (grid.width / CELL, grid.height / CELL);
    let mut inside = vec![true; width * height];
    if width > 0 {
        // One row of cells at a time, in parallel.
        inside
            .par_chunks_mut(width)
            .enumerate()
            .for_each(|(cy, cells)| {
                for y in cy * CELL..(cy + 1) * CELL {
                    let row = &grid.inside[y * grid.width..y * grid.width + width * CELL];
                    for (cell, pixels) in cells.iter_mut().zip(row.chunks_exact(CELL)) {
                        *cell &= pixels.iter().all(|&p| p);
                    }
                }
            });
    }
    InsideGrid {
        width,
        height,
        inside,
        walls: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::distance::field;

    #[test]
    fn coarse_cells_are_inside_only_when_all_their_pixels_are() {
        let mut grid = InsideGrid {
            width: 9,
            height: 8,
            inside: vec![true; 72],
            walls: Vec::new(),
        };
        grid.inside[5 * 9 + 6] = false; // in cell (1, 1)
        let coarse = coarse_grid(&grid);
        assert_eq!((coarse.width, coarse.height), (2, 2));
        assert_eq!(coarse.inside, vec![true, true, true, false]);
    }

    #[test]
    fn limits_bound_the_kth_nearest_bone_from_above() {
        // A U-shaped corridor: the limits must never fall below the true k-th nearest distance.
        let (w, h) = (120usize, 80usize);
        let mut inside = vec![false; w * h];
        for y in 0..h {
            for x in 0..w {
                let left = x < 40;
                let right = x >= 80;
                let bottom = y >= 50;
                inside[y * w + x] = left || right || bottom;
            }
        }
        let grid = InsideGrid {
            width: w,
            height: h,
            inside,
            walls: Vec::new(),
        };
        let bones = [
            ([10.5, 5.5], [30.5, 5.5]),
            ([90.5, 5.5], [110.5, 5.5]),
            ([50.5, 70.5], [70.5, 70.5]),
            ([20.5, 40.5], [20.5, 60.5]),
        ];
        let fields: Vec<Vec<f32>> = bones
            .iter()
            .map(|&(a, b)| field(&grid, a, b, Metric::Geodesic))
            .collect();
        for k in 1..=3 {
            let limits = PruneLimits::new(&grid, &bones, k);
            assert!(limits.limited_cells() > 0);
            for y in 0..h {
                for x in 0..w {
                    let mut d: Vec<f32> = fields.iter().map(|f| f[y * w + x]).collect();
                    d.sort_by(f32::total_cmp);
                    assert!(
                        limits.at(x, y) >= d[k - 1],
                        "k {k} at ({x}, {y}): limit {} < {}",
                        limits.at(x, y),
                        d[k - 1]
                    );
                }
            }
        }
    }
}
