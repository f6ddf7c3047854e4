//! The pruning limits' data and what the field's propagation reads of it: per coarse cell the most
//! a bone's distance may be and still be among the nearest few, and the seeds found for each bone.
//! How the limits are computed (coarse walks over the mask) is `prune.rs`, which builds a
//! [`PruneLimits`]; the propagation (`propagate.rs`) only reads one, so the two import each other
//! in no circle.

use super::sources::Seed;

/// Pixels per side of a coarse cell.
pub const CELL: usize = 4;

/// Per coarse cell, the most a bone's distance may be at a pixel in it and still be among the
/// `k` nearest; infinite where there is no limit.
#[derive(Debug, Clone)]
pub struct PruneLimits {
    /// One more column and row than the coarse grid, infinite, for pixels past its last cell.
    pub(super) cells: Vec<f32>,
    pub(super) columns: usize,
    /// Per bone, [`PruneLimits::estimated_work`].
    pub(super) work: Vec<usize>,
    /// The bones given, and each one's seeds (computed once for the coarse walk and the field).
    pub(super) bones: Vec<([f64; 2], [f64; 2])>,
    pub(super) seeds: Vec<(Vec<Seed>, bool)>,
}

impl PruneLimits {
    /// The seeds of the bone head–tail and whether they lie on it, as [`PruneLimits::new`] found
    /// them, if it was one of its bones.
    pub(super) fn seeds_of(&self, head: [f64; 2], tail: [f64; 2]) -> Option<(&[Seed], bool)> {
        let i = self.bones.iter().position(|&b| b == (head, tail))?;
        let (seeds, on_segment) = &self.seeds[i];
        Some((seeds, *on_segment))
    }

    /// Roughly how much of the mask bone `bone` (an index into the `bones` given to
    /// [`PruneLimits::new`]) will walk, in coarse cells: for ordering the work, largest first.
    pub fn estimated_work(&self, bone: usize) -> usize {
        self.work.get(bone).copied().unwrap_or(usize::MAX)
    }

    /// The limit at pixel (x, y).
    #[inline]
    pub fn at(&self, x: usize, y: usize) -> f32 {
        self.cells[(y / CELL) * self.columns + x / CELL]
    }

    /// How many cells have a finite limit (for tests and reports).
    pub fn limited_cells(&self) -> usize {
        self.cells.iter().filter(|l| l.is_finite()).count()
    }
}
