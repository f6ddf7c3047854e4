//! Progress and cancellation of long work (the distance fields of every bone, the frames of a
//! rendered export), shared between the thread doing the work and the one showing it. Cancelling
//! stops the work at the next unit (one bone's field, one frame); what happens to work already
//! finished is the caller's choice (the distance cache keeps it; an export writes nothing).

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// Counts of finished and total units of work, and a cancel flag. Share it behind an `Arc`.
#[derive(Debug, Default)]
pub struct Progress {
    done: AtomicUsize,
    total: AtomicUsize,
    /// Units counted in `total` ahead of time by [`Progress::reserve`], not yet claimed by
    /// [`Progress::add_total`].
    reserved: AtomicUsize,
    cancelled: AtomicBool,
}

impl Progress {
    pub fn new() -> Self {
        Self::default()
    }

    /// Asks the work to stop at the next unit.
    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::Relaxed);
    }

    pub fn is_cancelled(&self) -> bool {
        self.cancelled.load(Ordering::Relaxed)
    }

    /// Adds `units` to the work still to do, first claiming units reserved for it.
    pub fn add_total(&self, units: usize) {
        let claimed = self
            .reserved
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |r| {
                Some(r - r.min(units))
            })
            .map_or(0, |r| r.min(units));
        self.total.fetch_add(units - claimed, Ordering::Relaxed);
    }

    /// Counts `units` of work that later steps will announce with [`Progress::add_total`], so that
    /// a job made of several steps shows its whole size from the start and its bar never steps
    /// back when a step begins.
    pub fn reserve(&self, units: usize) {
        self.reserved.fetch_add(units, Ordering::Relaxed);
        self.total.fetch_add(units, Ordering::Relaxed);
    }

    /// Marks one unit finished.
    pub fn finish_one(&self) {
        self.done.fetch_add(1, Ordering::Relaxed);
    }

    /// Finished and total units.
    pub fn counts(&self) -> (usize, usize) {
        (
            self.done.load(Ordering::Relaxed),
            self.total.load(Ordering::Relaxed),
        )
    }

    /// The finished fraction in [0, 1]; 1 when there is nothing to do.
    pub fn fraction(&self) -> f32 {
        let (done, total) = self.counts();
        if total == 0 {
            1.0
        } else {
            (done as f32 / total as f32).min(1.0)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_cancels() {
        let p = Progress::new();
        assert_eq!(p.fraction(), 1.0);
        p.add_total(4);
        p.finish_one();
        assert_eq!(p.counts(), (1, 4));
        assert!((p.fraction() - 0.25).abs() < 1e-6);
        assert!(!p.is_cancelled());
        p.cancel();
        assert!(p.is_cancelled());
    }

    #[test]
    fn reserved_units_are_counted_once_and_the_fraction_never_steps_back() {
        let p = Progress::new();
        p.reserve(10); // two steps of 4 and 6 units, known ahead
        let mut last = p.fraction();
        assert_eq!(p.counts(), (0, 10));
        for step in [4, 6] {
            p.add_total(step);
            for _ in 0..step {
                assert!(p.fraction() >= last);
                last = p.fraction();
                p.finish_one();
            }
        }
        assert_eq!(p.counts(), (10, 10));
        // More than was reserved adds the excess only.
        p.reserve(2);
        p.add_total(3);
        assert_eq!(p.counts(), (10, 13));
    }
}
