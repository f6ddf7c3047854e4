//! [`DistanceCache`]: each bone's per-vertex distances, keyed by the bone's rest geometry, so that a
//! smoothness change reweights without any field and moving one bone recomputes one field; many
//! missing fields at once are computed pruned (see [`PruneLimits`]), in parallel (rayon).

use std::collections::HashMap;
use std::sync::Arc;

use rayon::prelude::*;

use super::{MAX_INFLUENCES, Strongest, WeightSettings};
use crate::distance::{
    InsideGrid, Metric, PRUNED_READ, PruneLimits, bone_vertex_distances, release_field_buffers,
    vertex_distance, with_limited_field,
};
use crate::progress::Progress;
use crate::skeleton::{Bone, Skeleton};

/// Per-vertex distances of each bone, cached by the bone's rest geometry and the metric.
///
/// When many fields are missing at once (a new rig), they are computed *pruned* (see
/// [`PruneLimits`]): each bone's field stops where at least [`MAX_INFLUENCES`] other bones are
/// nearer, so the vertex reads infinity there, and the cache remembers a lower bound of the true
/// distance at those vertices. The four strongest bones of every vertex are then exact for any
/// smoothness shared by all bones; per-bone smoothness can let a far bone with a large smoothness
/// into a vertex's four, and [`DistanceCache::distances`] completes the fields of exactly those bones
/// (checking each vertex's bounds against its fourth-best score). The weights are the same as from
/// complete fields.
#[derive(Debug, Clone, Default)]
pub struct DistanceCache {
    entries: HashMap<GeometryKey, Entry>,
    /// Fields computed since the cache was made (pruned and complete; for tests and timings).
    pub fields_computed: usize,
    /// Of those, fields computed pruned.
    pub fields_pruned: usize,
}

/// One bone's distances at the vertices.
#[derive(Debug, Clone)]
struct Entry {
    /// Exact where finite; infinite where the bone cannot reach, or where it was pruned.
    values: Arc<Vec<f64>>,
    /// For a pruned field, per vertex, a lower bound of the bone's distance where `values` is
    /// infinite; `None` for a complete field.
    floor: Option<Arc<Vec<f64>>>,
}

type GeometryKey = ([u64; 4], Metric);

fn geometry_key(bone: &Bone, metric: Metric) -> GeometryKey {
    (
        [bone.head[0], bone.head[1], bone.tail[0], bone.tail[1]].map(f64::to_bits),
        metric,
    )
}

/// Fields are computed pruned only when at least this many are missing at once (fewer are cheaper
/// complete than the coarse bounds the limits need).
const PRUNE_FROM: usize = MAX_INFLUENCES + 2;

impl DistanceCache {
    /// A cache for one mask and one set of vertices; make a new one when either changes.
    pub fn new() -> Self {
        Self::default()
    }

    /// Distances of every bone of `skeleton` to every vertex, exact wherever the bone can be among
    /// the vertex's four strongest under `settings` (its smoothness, and the bones' own). Computes
    /// (in parallel) only what is not cached; entries of bones no longer present are dropped.
    pub fn distances(
        &mut self,
        grid: &InsideGrid,
        skeleton: &Skeleton,
        vertices: &[[f64; 2]],
        settings: WeightSettings,
    ) -> Vec<Arc<Vec<f64>>> {
        let progress = Progress::new();
        match self.distances_with(grid, skeleton, vertices, settings, &progress) {
            Some(distances) => distances,
            None => unreachable!("nothing cancels a private progress"),
        }
    }

    /// [`DistanceCache::distances`] reporting one unit of `progress` per field computed, and
    /// stopping early (returning `None`) once `progress` is cancelled. Fields finished before the
    /// cancel stay cached, so asking again resumes the work.
    pub fn distances_with(
        &mut self,
        grid: &InsideGrid,
        skeleton: &Skeleton,
        vertices: &[[f64; 2]],
        settings: WeightSettings,
        progress: &Progress,
    ) -> Option<Vec<Arc<Vec<f64>>>> {
        let metric = settings.metric;
        let keys: Vec<GeometryKey> = skeleton
            .bones
            .iter()
            .map(|b| geometry_key(b, metric))
            .collect();
        let mut missing = self.missing(&keys);
        let deforming: Vec<usize> = (0..keys.len())
            .filter(|&b| skeleton.bones[b].deform)
            .collect();
        let prune = !progress.is_cancelled()
            && missing.len() >= PRUNE_FROM
            && deforming.len() > MAX_INFLUENCES
            && metric != Metric::Euclidean;
        progress.add_total(missing.len());
        let limits = prune.then(|| {
            let segments: Vec<([f64; 2], [f64; 2])> = deforming
                .iter()
                .map(|&b| (skeleton.bones[b].head, skeleton.bones[b].tail))
                .collect();
            PruneLimits::new(grid, &segments, MAX_INFLUENCES)
        });
        if let Some(limits) = &limits {
            // Largest first, so the last fields to finish are small ones and no thread idles long.
            let work = |b: usize| {
                deforming
                    .iter()
                    .position(|&d| d == b)
                    .map_or(usize::MAX, |i| limits.estimated_work(i))
            };
            missing.sort_by_key(|&b| std::cmp::Reverse(work(b)));
        }
        let computed = compute_fields(
            grid,
            skeleton,
            vertices,
            metric,
            &missing,
            limits.as_ref(),
            progress,
        );
        if prune {
            self.fields_pruned += computed.len();
            // Each new entry's floor: at a vertex it was pruned at, at least MAX_INFLUENCES deforming
            // bones are nearer, so the MAX_INFLUENCES-th smallest lower bound over the deforming
            // bones bounds it from below. The new entries' unknowns count as infinite here: none of
            // the truly nearest bones was pruned.
            let new: HashMap<GeometryKey, &Vec<f64>> =
                computed.iter().map(|(k, v)| (*k, v)).collect();
            let lower: Vec<Vec<f64>> = deforming
                .iter()
                .map(|&b| match (new.get(&keys[b]), self.entries.get(&keys[b])) {
                    (Some(values), _) => (*values).clone(),
                    (None, Some(entry)) => entry.lower_bounds(),
                    // Cancelled before this bone's field: nothing is known but d ≥ 0.
                    (None, None) => vec![0.0; vertices.len()],
                })
                .collect();
            let floor = Arc::new(kth_smallest_per_vertex(
                &lower,
                vertices.len(),
                MAX_INFLUENCES,
            ));
            self.insert(computed, Some(&floor));
        } else {
            self.insert(computed, None);
        }
        if progress.is_cancelled() && keys.iter().any(|k| !self.entries.contains_key(k)) {
            return None;
        }
        self.entries.retain(|key, _| keys.contains(key));
        // Complete the pruned fields of bones that per-bone smoothness may bring into a vertex's four.
        let incomplete = self.bones_to_complete(
            skeleton,
            &keys,
            &deforming,
            vertices.len(),
            settings.smoothness,
        );
        if !incomplete.is_empty() {
            progress.add_total(incomplete.len());
            let completed = compute_fields(
                grid,
                skeleton,
                vertices,
                metric,
                &incomplete,
                None,
                progress,
            );
            self.insert(completed, None);
            if progress.is_cancelled()
                && incomplete
                    .iter()
                    .any(|&b| self.entries[&keys[b]].floor.is_some())
            {
                return None;
            }
        }
        Some(
            keys.iter()
                .map(|k| Arc::clone(&self.entries[k].values))
                .collect(),
        )
    }

    /// The bones (one per distinct rest geometry) whose fields are not cached, by `keys`.
    fn missing(&self, keys: &[GeometryKey]) -> Vec<usize> {
        let mut missing: Vec<usize> = (0..keys.len())
            .filter(|&i| !self.entries.contains_key(&keys[i]))
            .collect();
        missing.sort_by_key(|&i| keys[i].0);
        missing.dedup_by_key(|&mut i| keys[i]);
        missing
    }

    /// How many fields [`DistanceCache::distances_with`] would compute first (and report as
    /// units of progress) for `skeleton` under `metric`.
    pub fn missing_fields(&self, skeleton: &Skeleton, metric: Metric) -> usize {
        let keys: Vec<GeometryKey> = skeleton
            .bones
            .iter()
            .map(|b| geometry_key(b, metric))
            .collect();
        self.missing(&keys).len()
    }

    /// Whether [`DistanceCache::distances`] with these arguments would compute no field (so it
    /// returns at once: a smoothness change on a cached rig).
    pub fn is_ready(
        &self,
        skeleton: &Skeleton,
        vertex_count: usize,
        settings: WeightSettings,
    ) -> bool {
        let keys: Vec<GeometryKey> = skeleton
            .bones
            .iter()
            .map(|b| geometry_key(b, settings.metric))
            .collect();
        if keys.iter().any(|k| !self.entries.contains_key(k)) {
            return false;
        }
        let deforming: Vec<usize> = (0..keys.len())
            .filter(|&b| skeleton.bones[b].deform)
            .collect();
        self.bones_to_complete(
            skeleton,
            &keys,
            &deforming,
            vertex_count,
            settings.smoothness,
        )
        .is_empty()
    }

    fn insert(&mut self, computed: Vec<(GeometryKey, Vec<f64>)>, floor: Option<&Arc<Vec<f64>>>) {
        if !computed.is_empty() {
            // The fields' image-sized buffers are not needed until the next bone moves.
            rayon::broadcast(|_| release_field_buffers());
            release_field_buffers();
        }
        self.fields_computed += computed.len();
        for (key, values) in computed {
            let entry = Entry {
                values: Arc::new(values),
                floor: floor.cloned(),
            };
            self.entries.insert(key, entry);
        }
    }

    /// Deforming bones with a pruned field whose lower bound at some vertex scores better than that
    /// vertex's fourth-best exact score under `smoothness`.
    fn bones_to_complete(
        &self,
        skeleton: &Skeleton,
        keys: &[GeometryKey],
        deforming: &[usize],
        vertex_count: usize,
        smoothness: f64,
    ) -> Vec<usize> {
        let pruned: Vec<usize> = deforming
            .iter()
            .copied()
            .filter(|&b| self.entries[&keys[b]].floor.is_some())
            .collect();
        if pruned.is_empty() {
            return Vec::new();
        }
        let inverse = |b: usize| 1.0 / skeleton.bones[b].smoothness.unwrap_or(smoothness).max(1e-9);
        let columns: Vec<(&[f64], f64)> = deforming
            .iter()
            .map(|&b| (self.entries[&keys[b]].values.as_slice(), inverse(b)))
            .collect();
        let mut needed = vec![false; skeleton.bones.len()];
        for v in 0..vertex_count {
            let mut best = Strongest::default();
            for (i, &(values, inverse)) in columns.iter().enumerate() {
                best.offer(values[v] * inverse, i);
            }
            let fourth = best.worst();
            for &b in &pruned {
                let entry = &self.entries[&keys[b]];
                if entry.values[v].is_finite() {
                    continue;
                }
                if let Some(floor) = &entry.floor
                    && floor[v] * inverse(b) < fourth
                {
                    needed[b] = true;
                }
            }
        }
        let mut bones: Vec<usize> = (0..needed.len()).filter(|&b| needed[b]).collect();
        bones.dedup_by_key(|&mut b| keys[b]);
        bones
    }
}

impl Entry {
    /// Per vertex, the exact distance where known, else the lower bound (infinite when none).
    fn lower_bounds(&self) -> Vec<f64> {
        match &self.floor {
            None => self.values.to_vec(),
            Some(floor) => self
                .values
                .iter()
                .zip(floor.iter())
                .map(|(&v, &f)| if v.is_finite() { v } else { f })
                .collect(),
        }
    }
}

/// The fields of `bones` (in parallel, each limited by `limits` when given), read at the vertices;
/// bones skipped once `progress` is cancelled are left out.
fn compute_fields(
    grid: &InsideGrid,
    skeleton: &Skeleton,
    vertices: &[[f64; 2]],
    metric: Metric,
    bones: &[usize],
    limits: Option<&PruneLimits>,
    progress: &Progress,
) -> Vec<(GeometryKey, Vec<f64>)> {
    // Handed out one at a time in the given order (par_bridge), so a caller's largest-first order
    // holds; the result does not depend on the order.
    bones
        .iter()
        .par_bridge()
        .filter_map(|&i| {
            if progress.is_cancelled() {
                return None;
            }
            let bone = &skeleton.bones[i];
            let distances = match limits {
                Some(limits) => {
                    with_limited_field(grid, bone.head, bone.tail, metric, Some(limits), |field| {
                        vertices
                            .iter()
                            .map(|&v| vertex_distance(grid, field, v))
                            .map(|d| if d >= PRUNED_READ { f64::INFINITY } else { d })
                            .collect()
                    })
                }
                None => bone_vertex_distances(grid, bone, vertices, metric),
            };
            progress.finish_one();
            Some((geometry_key(bone, metric), distances))
        })
        .collect()
}

/// Per vertex, the `k`-th smallest of `columns[c][v]` (infinite when fewer than `k` are finite).
fn kth_smallest_per_vertex(columns: &[Vec<f64>], vertex_count: usize, k: usize) -> Vec<f64> {
    let mut values = Vec::with_capacity(columns.len());
    (0..vertex_count)
        .map(|v| {
            values.clear();
            values.extend(columns.iter().map(|c| c[v]));
            if values.len() < k {
                return f64::INFINITY;
            }
            let (_, kth, _) = values.select_nth_unstable_by(k - 1, f64::total_cmp);
            *kth
        })
        .collect()
}
