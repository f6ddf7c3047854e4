//! Distance from a bone to every pixel of the sprite, measured by walking inside the padded mask,
//! and its value at mesh vertices.
//!
//! The mask is the mesh's own ([`crate::mask::PaddedField`]): pixel centres inside the traced
//! outline. Sources are the mask pixels the bone's segment passes through (`sources.rs`); a bone
//! entirely outside the mask is seeded from the mask pixels nearest to it, at their straight-line
//! distance. Fields are full resolution and short-lived: only per-vertex distances are kept.

mod propagate;
mod prune;
mod prune_limits;
mod queue;
mod sample;
mod sources;

use serde::{Deserialize, Serialize};

use super::mask::PaddedField;
use super::outline::TRACE_LEVEL;
use super::skeleton::Bone;

pub use propagate::{
    PRUNED, PRUNED_READ, field, release_field_buffers, with_field, with_limited_field,
};
pub use prune::{CELL, PruneLimits};
pub use sample::{segment_distance, vertex_distance};

/// How distance is measured inside the mask.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Metric {
    /// Unit steps to the four neighbours (breadth-first search): up to ~41% long on diagonals.
    Bfs4,
    /// Steps to the eight neighbours, diagonals √2 (Dijkstra): up to ~8% long.
    Dijkstra8,
    /// Euclidean geodesic: shortest paths inside the mask are straight lines between the corners they
    /// bend around; exact in convex parts (see `propagate`). The default.
    #[default]
    Geodesic,
    /// Straight-line distance, ignoring the mask (for comparison; not shape-aware).
    Euclidean,
}

impl Metric {
    pub fn name(self) -> &'static str {
        match self {
            Metric::Bfs4 => "bfs4",
            Metric::Dijkstra8 => "dijkstra8",
            Metric::Geodesic => "geodesic",
            Metric::Euclidean => "euclidean",
        }
    }
}

/// Which pixel centres are inside the sprite, row-major.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InsideGrid {
    pub width: usize,
    pub height: usize,
    pub inside: Vec<bool>,
    /// The pixels a cut took out of the mask ([`crate::cuts::wall_off`]), row-major; empty when
    /// there is none. A bone's segment seeds no pixel past an odd number of them (`sources.rs`).
    pub walls: Vec<bool>,
}

impl InsideGrid {
    /// The mesh's mask: pixel centres on the inside of the traced outline.
    pub fn from_field(field: &PaddedField) -> Self {
        let (width, height) = (field.width, field.height);
        let bits = field.bits_at_least(TRACE_LEVEL);
        let words = width.div_ceil(64);
        Self {
            width,
            height,
            inside: (0..height)
                .flat_map(|y| (0..width).map(move |x| (y, x)))
                .map(|(y, x)| bits[y * words + x / 64] >> (x % 64) & 1 == 1)
                .collect(),
            walls: Vec::new(),
        }
    }

    pub fn is_inside(&self, x: i64, y: i64) -> bool {
        x >= 0
            && y >= 0
            && (x as usize) < self.width
            && (y as usize) < self.height
            && self.inside[y as usize * self.width + x as usize]
    }

    /// Whether pixel (x, y) was taken out of the mask by a cut.
    pub fn is_wall(&self, x: i64, y: i64) -> bool {
        x >= 0
            && y >= 0
            && (x as usize) < self.width
            && (y as usize) < self.height
            && self
                .walls
                .get(y as usize * self.width + x as usize)
                .copied()
                .unwrap_or(false)
    }
}

/// Distances from `bone` to each of `vertices` (image pixels) under `metric`. A vertex the bone
/// cannot reach inside the mask reads `f64::INFINITY`.
pub fn bone_vertex_distances(
    grid: &InsideGrid,
    bone: &Bone,
    vertices: &[[f64; 2]],
    metric: Metric,
) -> Vec<f64> {
    if metric == Metric::Euclidean {
        return vertices
            .iter()
            .map(|&v| segment_distance(v, bone.head, bone.tail))
            .collect();
    }
    with_field(grid, bone.head, bone.tail, metric, |distances| {
        vertices
            .iter()
            .map(|&v| vertex_distance(grid, distances, v))
            .collect()
    })
}
