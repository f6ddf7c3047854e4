//! Shortest paths inside the coarse mask (Dijkstra over the 8 neighbours): walking distances for
//! finding extremities, and paths that keep to the middle of the shape for the bones.

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use super::grid::{Grid, NEIGHBOURS};

/// Distances from a source and each reached cell's predecessor on its shortest path.
pub struct ShortestPaths {
    pub dist: Vec<f64>,
    pub parent: Vec<usize>,
}

/// No predecessor (the source, or a cell not reached).
pub const NONE: usize = usize::MAX;

#[derive(PartialEq)]
struct Entry(f64, usize);

impl Eq for Entry {}

impl PartialOrd for Entry {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Entry {
    fn cmp(&self, other: &Self) -> Ordering {
        // Smallest distance first; ties by cell, so the result is deterministic.
        other.0.total_cmp(&self.0).then(other.1.cmp(&self.1))
    }
}

/// Shortest paths from `source`, a step into cell `j` costing its length times `cost(j)`.
pub fn shortest_paths(grid: &Grid, source: usize, cost: impl Fn(usize) -> f64) -> ShortestPaths {
    let n = grid.inside.len();
    let mut dist = vec![f64::INFINITY; n];
    let mut parent = vec![NONE; n];
    let mut heap = BinaryHeap::new();
    dist[source] = 0.0;
    heap.push(Entry(0.0, source));
    while let Some(Entry(d, i)) = heap.pop() {
        if d > dist[i] {
            continue;
        }
        for &(dx, dy, step) in &NEIGHBOURS {
            if let Some(j) = grid.neighbour(i, dx, dy) {
                let nd = d + step * cost(j);
                if nd < dist[j] {
                    dist[j] = nd;
                    parent[j] = i;
                    heap.push(Entry(nd, j));
                }
            }
        }
    }
    ShortestPaths { dist, parent }
}

/// Walking distances (cells) from `source`.
pub fn walking(grid: &Grid, source: usize) -> ShortestPaths {
    shortest_paths(grid, source, |_| 1.0)
}

/// Paths from `source` that keep to the middle: a step costs more the nearer the cell lies to the
/// outline (`thickness` from [`super::edt`]).
pub fn centred(grid: &Grid, source: usize, thickness: &[f64]) -> ShortestPaths {
    shortest_paths(grid, source, |j| {
        let t = thickness[j].max(0.5);
        1.0 / (t * t)
    })
}

/// The cells from `cell` back to the source, `cell` first.
pub fn path_to_source(paths: &ShortestPaths, cell: usize) -> Vec<usize> {
    let mut path = vec![cell];
    let mut at = cell;
    while paths.parent[at] != NONE {
        at = paths.parent[at];
        path.push(at);
    }
    path
}
