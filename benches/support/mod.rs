//! Shared by the distance and weight benches (`distance_fields`, `stage_report`, `weights`,
//! `editor_budget`): the 3 × 3 floor pass, the bone they measure fields from, and the rig
//! distances they weight with, so all report the same workload.

#![allow(dead_code)]

use std::sync::Arc;

use limber::core::distance::{InsideGrid, Metric};
use limber::core::skeleton::Skeleton;
use limber::core::weights::{DistanceCache, WeightSettings};

/// The weight settings of every rig bench: geodesic fields, 100 px smoothness.
pub const RIG_SETTINGS: WeightSettings = WeightSettings {
    metric: Metric::Geodesic,
    smoothness: 100.0,
};

/// Every bone's per-vertex distances from a fresh cache (fields computed now, pruned for a rig).
pub fn rig_distances(
    grid: &InsideGrid,
    skeleton: &Skeleton,
    vertices: &[[f64; 2]],
) -> Vec<Arc<Vec<f64>>> {
    DistanceCache::new().distances(grid, skeleton, vertices, RIG_SETTINGS)
}

/// The floor: each output pixel sums its 3 × 3 neighbourhood of the mask.
pub fn neighbourhood_sum(grid: &InsideGrid) -> Vec<u8> {
    let (w, h) = (grid.width, grid.height);
    let mut out = vec![0u8; w * h];
    for y in 1..h - 1 {
        for x in 1..w - 1 {
            let mut sum = 0u8;
            for dy in 0..3 {
                let row = &grid.inside[(y + dy - 1) * w + x - 1..(y + dy - 1) * w + x + 2];
                sum += row.iter().map(|&b| u8::from(b)).sum::<u8>();
            }
            out[y * w + x] = sum;
        }
    }
    out
}

/// A bone along the lizard's body: the longest horizontal run of mask pixels through the middle row.
pub fn body_bone(grid: &InsideGrid) -> ([f64; 2], [f64; 2]) {
    let y = grid.height / 2;
    let row = &grid.inside[y * grid.width..(y + 1) * grid.width];
    let (mut best, mut start) = ((0, 0), None);
    for (x, &inside) in row.iter().chain([&false]).enumerate() {
        match (inside, start) {
            (true, None) => start = Some(x),
            (false, Some(s)) => {
                if x - s > best.1 - best.0 {
                    best = (s, x);
                }
                start = None;
            }
            _ => {}
        }
    }
    let yc = y as f64 + 0.5;
    ([best.0 as f64 + 0.5, yc], [best.1 as f64 - 0.5, yc])
}
