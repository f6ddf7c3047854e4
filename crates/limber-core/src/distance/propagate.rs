//! Distance fields by ordered propagation over the mask's pixels.
//!
//! All metrics share one propagation: a bucket queue (bucket width 1 px) pops pixels in roughly
//! increasing distance and relaxes their neighbours; a pixel whose distance improves is queued again,
//! so the result is the exact shortest path of the stencil whatever the order within a bucket.
//!
//! `Geodesic` adds *anchors*: each pixel remembers the point its shortest path last bends around —
//! the bone's segment itself, or a pixel at a corner of the mask — and takes its distance as the
//! anchor's distance plus the straight line from the anchor. A neighbour inherits the anchor when it
//! still sees it: the pixel one step from it toward the anchor is inside and has the same anchor.
//! Otherwise the path bends at the pixel being popped, which becomes the new anchor. Distances are
//! then exact Euclidean in convex parts and bend at pixel centres next to corners elsewhere, which
//! keeps them within about a pixel of the exact geodesic (see the accuracy tests).

use std::cell::RefCell;

use super::prune_limits::PruneLimits;
use super::queue::BucketQueue;
use super::sample::segment_distance;
use super::sources::{Seed, seeds};
use super::{InsideGrid, Metric};

/// The anchor of pixels that see the bone's segment directly. Other anchors are pixels, stored as
/// packed coordinates ([`pack`]); images are at most 16384 px a side, so no pixel packs to this.
const SEGMENT: u32 = u32::MAX;

/// A pixel's coordinates in one word: y in the high 16 bits, x in the low. Queue entries and anchors
/// use this, so the hot loop never divides by the width.
fn pack(x: i64, y: i64) -> u32 {
    ((y as u32) << 16) | x as u32
}

fn unpack(xy: u32) -> (i64, i64) {
    (i64::from(xy & 0xffff), i64::from(xy >> 16))
}

/// −1, 0 or 1: the nearest whole step along one axis toward a target `v` away, when the larger of the
/// two axes' distances is `reach` (the step rounds v / reach, without dividing).
fn unit_step(v: f32, reach: f32) -> i64 {
    i64::from(v > 0.5 * reach) - i64::from(v < -0.5 * reach)
}

const STEPS_4: [(i64, i64, f32); 4] = [(1, 0, 1.0), (-1, 0, 1.0), (0, 1, 1.0), (0, -1, 1.0)];
const STEPS_8: [(i64, i64, f32); 8] = [
    (1, 0, 1.0),
    (-1, 0, 1.0),
    (0, 1, 1.0),
    (0, -1, 1.0),
    (1, 1, std::f32::consts::SQRT_2),
    (1, -1, std::f32::consts::SQRT_2),
    (-1, 1, std::f32::consts::SQRT_2),
    (-1, -1, std::f32::consts::SQRT_2),
];

/// The distance of a pixel where a limited field stopped (see [`with_limited_field`]): finite, so
/// that [`super::vertex_distance`] reads it as it is instead of searching further, and larger than
/// any real distance. Read values of at least [`PRUNED_READ`] as pruned.
pub const PRUNED: f32 = f32::MAX;

/// Vertex distances at least this large come from [`PRUNED`] pixels.
pub const PRUNED_READ: f64 = 1e30;

/// Improvements smaller than this (px) do not requeue a pixel.
const EPSILON: f32 = 1e-4;

/// The distance from the segment `head`–`tail` to every pixel centre, walking inside the mask;
/// `f32::INFINITY` outside the mask and where the bone cannot reach.
pub fn field(grid: &InsideGrid, head: [f64; 2], tail: [f64; 2], metric: Metric) -> Vec<f32> {
    with_field(grid, head, tail, metric, <[f32]>::to_vec)
}

/// Computes the field of [`field`] in this thread's reusable buffers and hands it to `read`, so that
/// a caller who only needs a few values (the mesh's vertices) allocates nothing image-sized.
pub fn with_field<R>(
    grid: &InsideGrid,
    head: [f64; 2],
    tail: [f64; 2],
    metric: Metric,
    read: impl FnOnce(&[f32]) -> R,
) -> R {
    with_limited_field(grid, head, tail, metric, None, read)
}

/// [`with_field`], stopping at every pixel whose distance would exceed its `limits`: the bone is
/// not among the nearest there. Such pixels hold [`PRUNED`]; pixels reached only through them stay
/// infinite.
pub fn with_limited_field<R>(
    grid: &InsideGrid,
    head: [f64; 2],
    tail: [f64; 2],
    metric: Metric,
    limits: Option<&PruneLimits>,
    read: impl FnOnce(&[f32]) -> R,
) -> R {
    if metric == Metric::Euclidean {
        let straight: Vec<f32> = (0..grid.inside.len())
            .map(|i| {
                if !grid.inside[i] {
                    return f32::INFINITY;
                }
                let centre = [(i % grid.width) as f64 + 0.5, (i / grid.width) as f64 + 0.5];
                segment_distance(centre, head, tail) as f32
            })
            .collect();
        return read(&straight);
    }
    if let Some((seeds, on_segment)) = limits.and_then(|l| l.seeds_of(head, tail)) {
        let segment = on_segment.then(|| Segment::new(head, tail));
        return with_seeded_field(grid, seeds, segment, metric, limits, read);
    }
    let (seeds, on_segment) = seeds(grid, head, tail);
    let segment = on_segment.then(|| Segment::new(head, tail));
    with_seeded_field(grid, &seeds, segment, metric, limits, read)
}

/// The field grown from `seeds` (each at its own distance). With a `segment`, the seeds lie on it
/// and geodesic anchors measure from it; without, each seed is its own anchor.
pub(super) fn with_seeded_field<R>(
    grid: &InsideGrid,
    seeds: &[Seed],
    segment: Option<Segment>,
    metric: Metric,
    limits: Option<&PruneLimits>,
    read: impl FnOnce(&[f32]) -> R,
) -> R {
    SCRATCH.with(|cell| {
        let mut scratch = cell.borrow_mut();
        scratch.fit(grid.inside.len());
        let FieldScratch {
            distance,
            anchor,
            pruned,
            queue,
        } = &mut *scratch;
        let on_segment = segment.is_some();
        let mut walk = Walk {
            grid,
            segment: segment.unwrap_or_else(|| Segment::new([0.0; 2], [0.0; 2])),
            limits,
            distance,
            anchor,
            pruned,
            queue,
        };
        for &Seed { pixel, distance } in seeds {
            if distance >= walk.distance[pixel] {
                continue;
            }
            let xy = pack((pixel % grid.width) as i64, (pixel / grid.width) as i64);
            walk.distance[pixel] = distance;
            walk.anchor[pixel] = if on_segment { SEGMENT } else { xy };
            walk.queue.push(xy, distance);
        }
        match metric {
            Metric::Bfs4 => walk.run::<false, false>(),
            Metric::Dijkstra8 => walk.run::<true, false>(),
            _ => walk.run::<true, true>(),
        }
        let result = read(walk.distance);
        scratch.reset(grid.width);
        result
    })
}

thread_local! {
    static SCRATCH: RefCell<FieldScratch> = RefCell::new(FieldScratch::default());
}

/// Frees this thread's field buffers (they are image-sized; a long-running editor should not keep
/// them between weight computations).
pub fn release_field_buffers() {
    SCRATCH.with(|cell| {
        if let Ok(mut scratch) = cell.try_borrow_mut() {
            *scratch = FieldScratch::default();
        }
    });
}

/// Image-sized buffers kept between fields on one thread. Between uses every distance is infinite.
/// Anchors are not reset: a pixel's anchor means something only while its distance is below
/// [`PRUNED`] (it was reached in this walk); elsewhere it may be left over from an earlier field.
#[derive(Default)]
struct FieldScratch {
    distance: Vec<f32>,
    anchor: Vec<u32>,
    /// Pixels marked [`PRUNED`], to reset them afterwards. Every other pixel whose distance was
    /// set went through the queue, which keeps its entries until [`FieldScratch::reset`].
    pruned: Vec<u32>,
    queue: BucketQueue,
}

impl FieldScratch {
    fn fit(&mut self, pixels: usize) {
        if self.distance.len() != pixels {
            self.distance = vec![f32::INFINITY; pixels];
            // Any value will do (see above); zeroed memory is mapped lazily, so the pages of
            // pixels far from the mask are never touched.
            self.anchor = vec![0; pixels];
            self.pruned.clear();
            self.queue.clear();
        }
    }

    fn reset(&mut self, width: usize) {
        for xy in self.queue.all_pushed() {
            let (x, y) = unpack(xy);
            self.distance[y as usize * width + x as usize] = f32::INFINITY;
        }
        for &p in &self.pruned {
            self.distance[p as usize] = f32::INFINITY;
        }
        self.pruned.clear();
        self.queue.clear();
    }
}

struct Walk<'a> {
    grid: &'a InsideGrid,
    segment: Segment,
    limits: Option<&'a PruneLimits>,
    distance: &'a mut [f32],
    /// Each pixel's anchor. A pixel anchor's own distance is read from `distance` when it is used,
    /// so it is the best known then.
    anchor: &'a mut [u32],
    pruned: &'a mut Vec<u32>,
    queue: &'a mut BucketQueue,
}

/// The pixel being relaxed from, as its neighbours need it.
#[derive(Clone, Copy)]
struct Popped {
    xy: u32,
    x: i64,
    y: i64,
    distance: f32,
    anchor: u32,
    /// The anchor's own distance (0 for the segment).
    base: f32,
}

impl Walk<'_> {
    /// Pops pixels until the queue is empty, relaxing their four neighbours, and the diagonal ones
    /// with `DIAGONALS`; `ANCHORED` measures through anchors (the geodesic metric).
    fn run<const DIAGONALS: bool, const ANCHORED: bool>(&mut self) {
        let (width, height) = (self.grid.width as i64, self.grid.height as i64);
        let row = self.grid.width;
        while let Some((xy, distance)) = self.queue.pop() {
            let (x, y) = unpack(xy);
            let p = (y * width + x) as usize;
            if distance > self.distance[p] {
                continue; // a better distance was queued since
            }
            let anchor = self.anchor[p];
            let base = if ANCHORED && anchor != SEGMENT {
                let (ax, ay) = unpack(anchor);
                self.distance[(ay * width + ax) as usize]
            } else {
                0.0
            };
            let from = Popped {
                xy,
                x,
                y,
                distance,
                anchor,
                base,
            };
            if x > 0 && y > 0 && x < width - 1 && y < height - 1 {
                // All eight neighbours are in the image: the steps unrolled, in the order of
                // `STEPS_8`, each neighbour's inside flag read once.
                let inside = &self.grid.inside;
                let (right, left, down, up) = (
                    inside[p + 1],
                    inside[p - 1],
                    inside[p + row],
                    inside[p - row],
                );
                if right {
                    self.relax::<ANCHORED>(&from, p + 1, 1, 0, 1.0);
                }
                if left {
                    self.relax::<ANCHORED>(&from, p - 1, -1, 0, 1.0);
                }
                if down {
                    self.relax::<ANCHORED>(&from, p + row, 0, 1, 1.0);
                }
                if up {
                    self.relax::<ANCHORED>(&from, p - row, 0, -1, 1.0);
                }
                // Geodesic distances come from anchors, not from the steps, so a diagonal step is
                // only needed where neither of the straight steps beside it is inside.
                if DIAGONALS && !(ANCHORED && right && left && down && up) {
                    let open = |a: bool, b: bool, q: usize| !(ANCHORED && (a || b)) && inside[q];
                    const D: f32 = std::f32::consts::SQRT_2;
                    if open(right, down, p + row + 1) {
                        self.relax::<ANCHORED>(&from, p + row + 1, 1, 1, D);
                    }
                    if open(right, up, p - row + 1) {
                        self.relax::<ANCHORED>(&from, p - row + 1, 1, -1, D);
                    }
                    if open(left, down, p + row - 1) {
                        self.relax::<ANCHORED>(&from, p + row - 1, -1, 1, D);
                    }
                    if open(left, up, p - row - 1) {
                        self.relax::<ANCHORED>(&from, p - row - 1, -1, -1, D);
                    }
                }
            } else {
                let steps: &[(i64, i64, f32)] = if DIAGONALS { &STEPS_8 } else { &STEPS_4 };
                for &(dx, dy, cost) in steps {
                    if !self.grid.is_inside(x + dx, y + dy) {
                        continue;
                    }
                    if ANCHORED
                        && dx != 0
                        && dy != 0
                        && (self.grid.is_inside(x + dx, y) || self.grid.is_inside(x, y + dy))
                    {
                        continue;
                    }
                    let q = ((y + dy) * width + x + dx) as usize;
                    self.relax::<ANCHORED>(&from, q, dx, dy, cost);
                }
            }
        }
    }

    /// Offers pixel `q` (inside, one step `dx`, `dy` of length `cost` from `from`) the path through
    /// `from`, or through `from`'s anchor when q sees it.
    #[inline(always)]
    fn relax<const ANCHORED: bool>(
        &mut self,
        from: &Popped,
        q: usize,
        dx: i64,
        dy: i64,
        cost: f32,
    ) {
        // No path through `from` can bring q below its distance − cost (triangle inequality).
        let current = self.distance[q];
        if current <= from.distance - cost + EPSILON {
            return;
        }
        let (qx, qy) = (from.x + dx, from.y + dy);
        let mut best = (from.distance + cost, from.xy);
        if ANCHORED {
            // Reached already through the same anchor: as short as any path through `from`.
            // (The anchors of pixels not reached are left over; not reading them also spares
            // loading a cache line the walk has not touched yet.)
            if current < PRUNED && self.anchor[q] == from.anchor {
                return;
            }
            if let Some(through_anchor) =
                self.through_anchor(from.anchor, from.base, qx, qy, current)
                && through_anchor <= best.0
            {
                best = (through_anchor, from.anchor);
            }
        }
        let (distance, anchor) = best;
        if distance >= current - EPSILON {
            return;
        }
        if let Some(limits) = self.limits
            && distance > limits.at(qx as usize, qy as usize)
        {
            if current.is_infinite() {
                // Marked, so a vertex here reads "pruned" rather than looking further afield for
                // a pixel that was reached.
                self.pruned.push(q as u32);
                self.distance[q] = PRUNED;
            }
            return;
        }
        self.distance[q] = distance;
        if ANCHORED {
            self.anchor[q] = anchor;
        }
        self.queue.push(pack(qx, qy), distance);
    }

    /// The distance of pixel (qx, qy) through `anchor` (whose own distance is `base`), if it can see
    /// that anchor and it would improve on `current` (the visibility test is skipped when it could
    /// not).
    #[inline(always)]
    fn through_anchor(
        &self,
        anchor: u32,
        base: f32,
        qx: i64,
        qy: i64,
        current: f32,
    ) -> Option<f32> {
        let (target, distance) = if anchor == SEGMENT {
            let q_centre = [qx as f64 + 0.5, qy as f64 + 0.5];
            let nearest = self.segment.nearest(q_centre);
            let gap = [
                (nearest[0] - q_centre[0]) as f32,
                (nearest[1] - q_centre[1]) as f32,
            ];
            (gap, (gap[0] * gap[0] + gap[1] * gap[1]).sqrt())
        } else {
            let (ax, ay) = unpack(anchor);
            let gap = [(ax - qx) as f32, (ay - qy) as f32];
            let length = (gap[0] * gap[0] + gap[1] * gap[1]).sqrt();
            (gap, base + length)
        };
        if distance >= current - EPSILON {
            return None;
        }
        // The neighbour of q one step toward the anchor must be inside and see the same anchor.
        let reach = target[0].abs().max(target[1].abs());
        if reach > 0.75 {
            let sx = qx + unit_step(target[0], reach);
            let sy = qy + unit_step(target[1], reach);
            // Only the image's bounds need testing: a pixel outside the mask is never reached.
            if sx < 0 || sy < 0 || sx as usize >= self.grid.width || sy as usize >= self.grid.height
            {
                return None;
            }
            let s = sy as usize * self.grid.width + sx as usize;
            if pack(sx, sy) != anchor && (self.distance[s] >= PRUNED || self.anchor[s] != anchor) {
                return None;
            }
        }
        Some(distance)
    }
}

/// A bone's segment, ready for nearest-point queries.
pub(super) struct Segment {
    start: [f64; 2],
    direction: [f64; 2],
    /// 1 / |direction|², or 0 for a point bone.
    inverse_length2: f64,
}

impl Segment {
    fn new(head: [f64; 2], tail: [f64; 2]) -> Self {
        let direction = [tail[0] - head[0], tail[1] - head[1]];
        let length2 = direction[0] * direction[0] + direction[1] * direction[1];
        Self {
            start: head,
            direction,
            inverse_length2: if length2 > 0.0 { 1.0 / length2 } else { 0.0 },
        }
    }

    /// The point of the segment nearest to `p`.
    #[inline(always)]
    fn nearest(&self, p: [f64; 2]) -> [f64; 2] {
        let [dx, dy] = self.direction;
        let t = (((p[0] - self.start[0]) * dx + (p[1] - self.start[1]) * dy)
            * self.inverse_length2)
            .clamp(0.0, 1.0);
        [self.start[0] + t * dx, self.start[1] + t * dy]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn open(width: usize, height: usize) -> InsideGrid {
        InsideGrid {
            width,
            height,
            inside: vec![true; width * height],
            walls: Vec::new(),
        }
    }

    #[test]
    fn metrics_on_an_open_square_from_a_point() {
        let g = open(41, 41);
        let at = |f: &[f32], x: usize, y: usize| f[y * 41 + x];
        let source = [0.5, 0.5];
        let bfs = field(&g, source, source, Metric::Bfs4);
        let dijkstra = field(&g, source, source, Metric::Dijkstra8);
        let geodesic = field(&g, source, source, Metric::Geodesic);
        assert_eq!(at(&bfs, 30, 30), 60.0);
        assert!((at(&dijkstra, 30, 30) - 30.0 * std::f32::consts::SQRT_2).abs() < 1e-3);
        // 8-neighbour steps are ~8% long at 22.5°; the geodesic metric is exact in the open.
        let exact = (40.0f32 * 40.0 + 20.0 * 20.0).sqrt();
        assert!(at(&dijkstra, 40, 20) > exact * 1.05);
        assert!(
            (at(&geodesic, 40, 20) - exact).abs() < 1e-3,
            "{}",
            at(&geodesic, 40, 20)
        );
    }

    #[test]
    fn walls_are_walked_around_and_closed_rooms_are_unreached() {
        // A wall at x = 10 from y = 0 to 17 of a 21 x 20 grid; a closed room in the last two rows.
        let mut g = open(21, 20);
        for y in 0..18 {
            g.inside[y * 21 + 10] = false;
        }
        let source = [5.5, 2.5];
        let f = field(&g, source, source, Metric::Geodesic);
        // Straight through the wall would be 10; around its end at (10.5, 18.5)...
        let d = f[2 * 21 + 15];
        assert!(d > 25.0, "{d}");
        assert!(f[10].is_infinite(), "wall pixels are outside");
    }

    #[test]
    fn anchors_left_over_from_earlier_fields_change_nothing() {
        // Anchors are not reset between fields: a field computed after others on this thread's
        // buffers must equal the same field computed on a fresh thread.
        let mut g = open(60, 40);
        for y in 0..30 {
            g.inside[y * 60 + 30] = false;
        }
        let bones = [
            ([5.5, 5.5], [25.5, 5.5]),
            ([40.5, 35.5], [55.5, 10.5]),
            ([20.5, 20.5], [20.5, 20.5]),
            ([5.5, 35.5], [50.5, 35.5]),
        ];
        let after_others: Vec<Vec<f32>> = bones
            .iter()
            .map(|&(h, t)| field(&g, h, t, Metric::Geodesic))
            .collect();
        for (i, &(h, t)) in bones.iter().enumerate().rev() {
            let grid = g.clone();
            let fresh = std::thread::spawn(move || field(&grid, h, t, Metric::Geodesic))
                .join()
                .expect("field thread");
            assert_eq!(after_others[i], fresh, "bone {i}");
        }
    }
}
