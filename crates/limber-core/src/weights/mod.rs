//! Automatic weights from per-vertex bone distances: w_b = exp(−d_b / s_b), the four strongest kept
//! and normalised in f64.
//!
//! [`DistanceCache`] (`cache.rs`) keeps each bone's per-vertex distances, keyed by the bone's rest
//! geometry, so a smoothness change reweights without computing any field, and moving one bone
//! recomputes one field. [`keep_locked`] (`locks.rs`) keeps locked bones' weights through a
//! recomputation.

mod cache;
mod locks;

use std::sync::Arc;

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use super::distance::{InsideGrid, Metric, segment_distance};
use super::skeleton::Skeleton;

pub use cache::DistanceCache;
pub use locks::keep_locked;

/// Most bones that influence one vertex.
pub const MAX_INFLUENCES: usize = 4;

/// The bones that move one vertex and how much: at most [`MAX_INFLUENCES`] pairs, strongest first,
/// weights in (0, 1] summing to 1 within 1e-12.
pub type Influences = Vec<(usize, f64)>;

/// Per-vertex influences of a mesh on a skeleton.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Binding {
    pub vertices: Vec<Influences>,
}

/// How automatic weights are computed.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct WeightSettings {
    pub metric: Metric,
    /// Falloff distance in pixels for bones without their own.
    pub smoothness: f64,
}

/// Global smoothness used when none is given: a twentieth of the image's longer side, at least 4 px.
pub fn auto_smoothness(width: u32, height: u32) -> f64 {
    (f64::from(width.max(height)) / 20.0).max(4.0)
}

/// Weights from per-bone vertex distances (`distances[bone][vertex]`). Only deforming bones get
/// weight; a vertex that no deforming bone reaches falls back to straight-line distances, so every
/// vertex has at least one influence whenever a deforming bone exists.
pub fn auto_weights(
    skeleton: &Skeleton,
    distances: &[Arc<Vec<f64>>],
    vertices: &[[f64; 2]],
    smoothness: f64,
) -> Binding {
    let mut binding = Binding::default();
    auto_weights_into(skeleton, distances, vertices, smoothness, &mut binding);
    binding
}

/// [`auto_weights`] written over `binding`, reusing its per-vertex lists so that reweighting a mesh
/// of the same size (a smoothness change in the editor) allocates nothing. The result is identical.
pub fn auto_weights_into(
    skeleton: &Skeleton,
    distances: &[Arc<Vec<f64>>],
    vertices: &[[f64; 2]],
    smoothness: f64,
    binding: &mut Binding,
) {
    let deforming: Vec<usize> = (0..skeleton.bones.len())
        .filter(|&b| skeleton.bones[b].deform)
        .collect();
    let inverse_falloff: Vec<f64> = skeleton
        .bones
        .iter()
        .map(|b| 1.0 / b.smoothness.unwrap_or(smoothness).max(1e-9))
        .collect();
    // Each deforming bone's distances as a plain slice, with its falloff, for the per-vertex loop.
    let columns: Vec<(usize, &[f64], f64)> = deforming
        .iter()
        .map(|&b| (b, distances[b].as_slice(), inverse_falloff[b]))
        .collect();
    binding.vertices.resize_with(vertices.len(), Vec::new);
    binding
        .vertices
        .par_iter_mut()
        .with_min_len(2048)
        .zip(vertices)
        .enumerate()
        .for_each(|(v, (influences, &position))| {
            let mut best = Strongest::default();
            for &(b, column, inverse) in &columns {
                best.offer(column[v] * inverse, b);
            }
            if best.len == 0 && !deforming.is_empty() {
                // No deforming bone reaches this vertex inside the mask: straight lines instead.
                let bones = &skeleton.bones;
                for &b in &deforming {
                    let d = segment_distance(position, bones[b].head, bones[b].tail);
                    best.offer(d * inverse_falloff[b], b);
                }
            }
            best.write_weights(influences);
        });
}

/// The four best scores seen (distance / smoothness: smaller is stronger), kept sorted without
/// allocating. Bones must be offered in increasing index; ties then go to the lower index. Infinite
/// and NaN scores are never kept.
#[derive(Default)]
pub(super) struct Strongest {
    scores: [(f64, usize); MAX_INFLUENCES],
    len: usize,
}

impl Strongest {
    pub(super) fn offer(&mut self, score: f64, bone: usize) {
        // Bones are offered in increasing index, so a tie never displaces an earlier bone.
        if score.is_nan() || score >= self.worst() {
            return;
        }
        let mut i = self.len.min(MAX_INFLUENCES - 1);
        while i > 0 && score < self.scores[i - 1].0 {
            self.scores[i] = self.scores[i - 1];
            i -= 1;
        }
        self.scores[i] = (score, bone);
        self.len = (self.len + 1).min(MAX_INFLUENCES);
    }

    /// The score a new bone must beat: the fourth best, or +∞ while fewer than four are kept.
    pub(super) fn worst(&self) -> f64 {
        if self.len == MAX_INFLUENCES {
            self.scores[MAX_INFLUENCES - 1].0
        } else {
            f64::INFINITY
        }
    }

    /// Weights exp(−score) relative to the best score (so none underflows for far vertices),
    /// normalised in f64.
    #[cfg(test)]
    fn weights(&self) -> Influences {
        let mut influences = Influences::new();
        self.write_weights(&mut influences);
        influences
    }

    /// The weights of [`Strongest::weights`], written over `influences` (keeping its allocation).
    fn write_weights(&self, influences: &mut Influences) {
        influences.clear();
        let Some(&(best, _)) = self.scores[..self.len].first() else {
            return;
        };
        let mut total = 0.0;
        for &(score, bone) in &self.scores[..self.len] {
            let w = (best - score).exp();
            if w > 0.0 {
                influences.push((bone, w));
                total += w;
            }
        }
        for (_, w) in influences.iter_mut() {
            *w /= total;
        }
    }
}

/// Automatic weights from scratch: every bone's distances (computed now, in parallel) and the weights.
/// Use a [`DistanceCache`] instead when the same mask will be weighted again.
pub fn weigh(
    grid: &InsideGrid,
    skeleton: &Skeleton,
    vertices: &[[f64; 2]],
    metric: Metric,
    smoothness: f64,
) -> Binding {
    let settings = WeightSettings { metric, smoothness };
    let distances = DistanceCache::new().distances(grid, skeleton, vertices, settings);
    auto_weights(skeleton, &distances, vertices, smoothness)
}

/// Scales weights to sum to 1 (in f64).
pub fn normalise(influences: &mut Influences) {
    let total: f64 = influences.iter().map(|&(_, w)| w).sum();
    if total > 0.0 {
        for (_, w) in influences.iter_mut() {
            *w /= total;
        }
    }
}

/// The first fault [`check_binding`] finds in a binding.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum BindingError {
    #[error("vertex {vertex} has {count} influences")]
    InfluenceCount { vertex: usize, count: usize },
    #[error("vertex {vertex} has a bad or repeated bone {bone}")]
    Bone { vertex: usize, bone: usize },
    #[error("vertex {vertex} has weight {weight} for bone {bone}")]
    Weight {
        vertex: usize,
        bone: usize,
        weight: f64,
    },
    #[error("vertex {vertex} weights sum to {total}")]
    Sum { vertex: usize, total: f64 },
}

/// Checks every vertex has 1–4 influences with distinct bones below `bone_count`, each weight in
/// (0, 1] and the sum 1 within 1e-12. Returns the first fault.
pub fn check_binding(binding: &Binding, bone_count: usize) -> Result<(), BindingError> {
    check_influences(binding, bone_count, bone_count > 0)
}

/// [`check_binding`] for a binding on `skeleton`, except that vertices may have no influence when no
/// bone of the skeleton deforms: automatic weights give none then, and such vertices stay at rest.
pub fn check_binding_on(binding: &Binding, skeleton: &Skeleton) -> Result<(), BindingError> {
    let deforming = skeleton.bones.iter().any(|b| b.deform);
    check_influences(binding, skeleton.bones.len(), deforming)
}

fn check_influences(
    binding: &Binding,
    bone_count: usize,
    need_one: bool,
) -> Result<(), BindingError> {
    for (vertex, influences) in binding.vertices.iter().enumerate() {
        if (need_one && influences.is_empty()) || influences.len() > MAX_INFLUENCES {
            return Err(BindingError::InfluenceCount {
                vertex,
                count: influences.len(),
            });
        }
        let mut seen = Vec::new();
        for &(bone, weight) in influences {
            if bone >= bone_count || seen.contains(&bone) {
                return Err(BindingError::Bone { vertex, bone });
            }
            seen.push(bone);
            if !(weight > 0.0 && weight <= 1.0) {
                return Err(BindingError::Weight {
                    vertex,
                    bone,
                    weight,
                });
            }
        }
        let total: f64 = influences.iter().map(|&(_, w)| w).sum();
        if !influences.is_empty() && (total - 1.0).abs() > 1e-12 {
            return Err(BindingError::Sum { vertex, total });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strongest_four_normalised_without_underflow() {
        let scores = [
            (1000.0, 0),
            (1001.0, 1),
            (5000.0, 2),
            (1002.0, 3),
            (1003.0, 4),
            (1000.5, 5),
            (f64::INFINITY, 6),
        ];
        let mut best = Strongest::default();
        for (score, bone) in scores {
            best.offer(score, bone);
        }
        let influences = best.weights();
        assert_eq!(influences.len(), 4);
        assert_eq!(
            influences.iter().map(|p| p.0).collect::<Vec<_>>(),
            vec![0, 5, 1, 3]
        );
        let total: f64 = influences.iter().map(|p| p.1).sum();
        assert!((total - 1.0).abs() <= 1e-12);
        assert!(influences[0].1 > influences[1].1);
        assert!(
            check_binding(
                &Binding {
                    vertices: vec![influences]
                },
                6
            )
            .is_ok()
        );
    }

    #[test]
    fn check_binding_finds_faults() {
        let bad_sum = Binding {
            vertices: vec![vec![(0, 0.5), (1, 0.4)]],
        };
        assert!(check_binding(&bad_sum, 2).is_err());
        let repeated = Binding {
            vertices: vec![vec![(0, 0.5), (0, 0.5)]],
        };
        assert!(check_binding(&repeated, 2).is_err());
        let unknown = Binding {
            vertices: vec![vec![(3, 1.0)]],
        };
        assert!(check_binding(&unknown, 2).is_err());
    }
}
