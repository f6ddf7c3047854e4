//! An island's geodesic centre and its extremities: the ends of its limbs, found as the prominent
//! peaks of the walking distance from the centre (a peak's prominence is how far one must descend
//! from it before reaching any farther cell; a limb's tip stands out, a bump on a round outline
//! does not).

use super::grid::{Grid, NEIGHBOURS};
use super::paths::{path_to_source, walking};

/// The middle of the island's longest walk (a double sweep: the farthest cell from any cell, then
/// the farthest from that one).
pub fn geodesic_centre(grid: &Grid, island: &[usize]) -> usize {
    let first = walking(grid, island[0]);
    let a = farthest(&first.dist, island);
    let from_a = walking(grid, a);
    let b = farthest(&from_a.dist, island);
    let half = from_a.dist[b] / 2.0;
    path_to_source(&from_a, b)
        .into_iter()
        .find(|&c| from_a.dist[c] <= half)
        .unwrap_or(a)
}

/// The island's cell with the largest `dist` (the first such cell on ties).
pub fn farthest(dist: &[f64], island: &[usize]) -> usize {
    island.iter().copied().fold(
        island[0],
        |best, c| if dist[c] > dist[best] { c } else { best },
    )
}

/// The island's cells whose `dist` is a peak with prominence at least `min_prominence` and a value
/// at least `min_fraction` of the island's largest, highest first. The highest peak counts as
/// infinitely prominent.
pub fn prominent_peaks(
    grid: &Grid,
    dist: &[f64],
    island: &[usize],
    min_prominence: f64,
    min_fraction: f64,
) -> Vec<usize> {
    let mut order: Vec<usize> = island.to_vec();
    order.sort_by(|&a, &b| dist[b].total_cmp(&dist[a]).then(a.cmp(&b)));
    let mut slot = vec![u32::MAX; grid.inside.len()];
    for (k, &c) in order.iter().enumerate() {
        slot[c] = k as u32;
    }
    // Union-find over positions in `order`; a set's peak is its first (highest) position.
    let mut up: Vec<u32> = (0..order.len() as u32).collect();
    let mut peak: Vec<u32> = up.clone();
    let mut prominence = vec![0.0f64; order.len()];
    let mut active = vec![false; order.len()];
    fn find(up: &mut [u32], mut k: u32) -> u32 {
        while up[k as usize] != k {
            let next = up[up[k as usize] as usize];
            up[k as usize] = next;
            k = next;
        }
        k
    }
    for k in 0..order.len() {
        active[k] = true;
        let cell = order[k];
        let level = dist[cell];
        for &(dx, dy, _) in &NEIGHBOURS {
            let Some(j) = grid.neighbour(cell, dx, dy) else {
                continue;
            };
            let kj = slot[j];
            if kj == u32::MAX || !active[kj as usize] {
                continue;
            }
            let (ra, rb) = (find(&mut up, k as u32), find(&mut up, kj));
            if ra == rb {
                continue;
            }
            let (pa, pb) = (peak[ra as usize], peak[rb as usize]);
            // The lower peak meets higher ground here: its prominence is settled.
            let (high, low) = if pa < pb { (pa, pb) } else { (pb, pa) };
            prominence[low as usize] = dist[order[low as usize]] - level;
            up[ra as usize] = rb;
            peak[rb as usize] = high;
        }
    }
    let Some(&top) = order.first() else {
        return Vec::new();
    };
    let floor = dist[top] * min_fraction;
    let mut peaks = vec![top];
    peaks.extend(
        (1..order.len())
            .filter(|&k| prominence[k] >= min_prominence && dist[order[k]] >= floor)
            .map(|k| order[k]),
    );
    peaks
}

/// `tips` in order, without those within `spacing` px of one kept before or of the root (none when
/// `root` is `usize::MAX`).
pub fn spread_out(grid: &Grid, tips: &[usize], root: usize, spacing: f64) -> Vec<usize> {
    let c = grid.cell as f64;
    let at = |i: usize| [(i % grid.width) as f64 * c, (i / grid.width) as f64 * c];
    let mut kept: Vec<usize> = Vec::new();
    for &t in tips {
        let p = at(t);
        let near = |q: usize| {
            let q = at(q);
            (p[0] - q[0]).hypot(p[1] - q[1]) < spacing
        };
        if (root == usize::MAX || !near(root)) && !kept.iter().any(|&k| near(k)) {
            kept.push(t);
        }
    }
    kept
}

/// The middle of a tip: of the cells within `reach` px of `tip` that are no more than `drop` (cells)
/// nearer the source than it and connected to it, the one nearest their mean. A bone ends there
/// rather than at one corner of a broad end (a foot's sole).
pub fn tip_middle(grid: &Grid, dist: &[f64], tip: usize, drop: f64, reach: f64) -> usize {
    let w = grid.width;
    let c = grid.cell as f64;
    let (tx, ty) = ((tip % w) as f64, (tip / w) as f64);
    let within = |i: usize| {
        let (x, y) = ((i % w) as f64, (i / w) as f64);
        (x - tx).hypot(y - ty) * c <= reach && dist[i] >= dist[tip] - drop
    };
    let mut region = vec![tip];
    let mut seen = std::collections::HashSet::from([tip]);
    let mut k = 0;
    while k < region.len() {
        let i = region[k];
        k += 1;
        for &(dx, dy, _) in &NEIGHBOURS {
            if let Some(j) = grid.neighbour(i, dx, dy)
                && within(j)
                && seen.insert(j)
            {
                region.push(j);
            }
        }
    }
    let n = region.len() as f64;
    let mx = region.iter().map(|&i| (i % w) as f64).sum::<f64>() / n;
    let my = region.iter().map(|&i| (i / w) as f64).sum::<f64>() / n;
    let off = |i: usize| ((i % w) as f64 - mx).hypot((i / w) as f64 - my);
    region
        .into_iter()
        .min_by(|&a, &b| off(a).total_cmp(&off(b)).then(a.cmp(&b)))
        .unwrap_or(tip)
}
