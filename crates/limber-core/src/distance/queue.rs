//! The walk's priority queue: pixels keyed by distance in buckets 1 px wide (Dial's bucket queue),
//! popped a bucket at a time in insertion order, without a heap.

/// A monotone queue of pixels keyed by distance, in buckets 1 px wide. Entries within a bucket come
/// out in insertion order. Popped entries are kept until [`BucketQueue::clear`], so that the walk's
/// buffers can be reset from them.
#[derive(Default)]
pub(super) struct BucketQueue {
    buckets: Vec<Vec<(u32, f32)>>,
    current: usize,
    cursor: usize,
}

impl BucketQueue {
    /// Inlined: the walk pushes from several places in its hottest loop.
    #[inline(always)]
    pub(super) fn push(&mut self, pixel: u32, distance: f32) {
        let bucket = (distance.max(0.0) as usize).max(self.current);
        if bucket >= self.buckets.len() {
            self.buckets.resize_with(bucket + 1, Vec::new);
        }
        self.buckets[bucket].push((pixel, distance));
    }

    pub(super) fn clear(&mut self) {
        self.buckets.iter_mut().for_each(Vec::clear);
        self.current = 0;
        self.cursor = 0;
    }

    /// Every pixel pushed since the last [`BucketQueue::clear`], popped or not (a pixel queued
    /// again appears again).
    pub(super) fn all_pushed(&self) -> impl Iterator<Item = u32> + '_ {
        self.buckets.iter().flatten().map(|&(xy, _)| xy)
    }

    pub(super) fn pop(&mut self) -> Option<(u32, f32)> {
        while self.current < self.buckets.len() {
            let bucket = &mut self.buckets[self.current];
            if self.cursor < bucket.len() {
                self.cursor += 1;
                return Some(bucket[self.cursor - 1]);
            }
            self.current += 1;
            self.cursor = 0;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bucket_queue_pops_in_bucket_order() {
        let mut q = BucketQueue::default();
        q.push(1, 3.5);
        q.push(2, 0.2);
        q.push(3, 3.1);
        q.push(4, 1.0);
        let order: Vec<u32> = std::iter::from_fn(|| q.pop()).map(|(p, _)| p).collect();
        assert_eq!(order, vec![2, 4, 1, 3]);
    }
}
