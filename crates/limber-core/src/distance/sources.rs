//! Where a bone's distance field starts: the mask pixels its segment passes through (on its head's
//! side of any cut it crosses), or, for a bone entirely outside the mask, the mask pixels nearest
//! to it.

use super::InsideGrid;
use super::sample::segment_distance;

/// A starting pixel and its distance to the bone.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Seed {
    pub pixel: usize,
    pub distance: f32,
}

/// The seeds of the segment `head`–`tail`, and whether they lie on the segment itself (`true`) or
/// are the nearest mask pixels to a bone outside the mask (`false`).
pub(super) fn seeds(grid: &InsideGrid, head: [f64; 2], tail: [f64; 2]) -> (Vec<Seed>, bool) {
    let on_segment = rasterise(grid, head, tail);
    if !on_segment.is_empty() {
        return (on_segment, true);
    }
    // Outside the mask: start from the mask pixels within one pixel of the nearest one, each at its
    // own straight-line distance. Rows are visited nearest first (a row's vertical gap to the
    // segment bounds every distance in it), so rows that cannot hold a seed are skipped.
    let (top, bottom) = (head[1].min(tail[1]), head[1].max(tail[1]));
    let row_gap = |y: usize| {
        let cy = y as f64 + 0.5;
        (top - cy).max(cy - bottom).max(0.0)
    };
    let mut rows: Vec<usize> = (0..grid.height).collect();
    rows.sort_by(|&a, &b| row_gap(a).total_cmp(&row_gap(b)).then(a.cmp(&b)));
    let mut nearest = f64::INFINITY;
    let mut candidates: Vec<Seed> = Vec::new();
    for y in rows {
        if row_gap(y) > nearest + 1.0 {
            break;
        }
        let cy = y as f64 + 0.5;
        let row = &grid.inside[y * grid.width..(y + 1) * grid.width];
        for (x, _) in row.iter().enumerate().filter(|(_, inside)| **inside) {
            let d = segment_distance([x as f64 + 0.5, cy], head, tail);
            if d <= nearest + 1.0 {
                nearest = nearest.min(d);
                candidates.push(Seed {
                    pixel: y * grid.width + x,
                    distance: d as f32,
                });
            }
        }
    }
    candidates.retain(|seed| f64::from(seed.distance) <= nearest + 1.0);
    // In pixel order, as a scan of the whole mask would give them.
    candidates.sort_by_key(|seed| seed.pixel);
    (candidates, false)
}

/// Inside pixels that the segment passes through (sampled every quarter pixel over the part of the
/// segment that crosses the image) on the head's side of the cuts, each with the distance from its
/// centre to the segment.
fn rasterise(grid: &InsideGrid, head: [f64; 2], tail: [f64; 2]) -> Vec<Seed> {
    let Some((t0, t1)) = clip_to_image(grid, head, tail) else {
        return Vec::new();
    };
    let d = [tail[0] - head[0], tail[1] - head[1]];
    let length = (d[0] * d[0] + d[1] * d[1]).sqrt() * (t1 - t0);
    let steps = (length / 0.25).ceil() as usize + 1;
    let mut pixels: Vec<usize> = Vec::with_capacity(steps);
    // Walking from the head, each cut crossed flips the side the segment is on: pixels past an odd
    // number of cuts (a bone drawn under a hand cut out of the body) are not the bone's. A cut
    // through the head itself is not crossed.
    let (mut across, mut in_wall, mut seen_open) = (false, false, false);
    for k in 0..=steps {
        let t = t0 + (t1 - t0) * k as f64 / steps as f64;
        let (x, y) = ((head[0] + t * d[0]).floor(), (head[1] + t * d[1]).floor());
        let wall = grid.is_wall(x as i64, y as i64);
        if in_wall && !wall && seen_open {
            across = !across;
        }
        in_wall = wall;
        seen_open |= !wall;
        if !across && grid.is_inside(x as i64, y as i64) {
            pixels.push(y as usize * grid.width + x as usize);
        }
    }
    pixels.sort_unstable();
    pixels.dedup();
    pixels
        .into_iter()
        .map(|i| {
            let centre = [(i % grid.width) as f64 + 0.5, (i / grid.width) as f64 + 0.5];
            Seed {
                pixel: i,
                distance: segment_distance(centre, head, tail) as f32,
            }
        })
        .collect()
}

/// The parameter range of the segment that lies within the image rectangle (Liang–Barsky), or
/// `None` if it misses the image.
fn clip_to_image(grid: &InsideGrid, head: [f64; 2], tail: [f64; 2]) -> Option<(f64, f64)> {
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    let d = [tail[0] - head[0], tail[1] - head[1]];
    let limits = [grid.width as f64, grid.height as f64];
    for axis in 0..2 {
        if d[axis] == 0.0 {
            if head[axis] < 0.0 || head[axis] > limits[axis] {
                return None;
            }
            continue;
        }
        let a = (0.0 - head[axis]) / d[axis];
        let b = (limits[axis] - head[axis]) / d[axis];
        t0 = t0.max(a.min(b));
        t1 = t1.min(a.max(b));
    }
    (t0 <= t1).then_some((t0, t1))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(width: usize, height: usize, inside: impl Fn(usize, usize) -> bool) -> InsideGrid {
        InsideGrid {
            width,
            height,
            inside: (0..width * height)
                .map(|i| inside(i % width, i / width))
                .collect(),
            walls: Vec::new(),
        }
    }

    #[test]
    fn a_segment_seeds_the_pixels_it_crosses() {
        let g = grid(10, 10, |_, _| true);
        let (seeds, on_segment) = seeds(&g, [1.5, 2.5], [7.5, 2.5]);
        assert!(on_segment);
        let pixels: Vec<usize> = seeds.iter().map(|s| s.pixel).collect();
        assert_eq!(pixels, (21..=27).collect::<Vec<_>>());
        assert!(seeds.iter().all(|s| s.distance == 0.0));
    }

    #[test]
    fn a_segment_seeds_nothing_between_two_cuts_it_crosses() {
        // Walls at columns 4 and 7 (a pocket between them): the segment seeds 1–3 and 8–9.
        let mut g = grid(10, 3, |x, _| x != 4 && x != 7);
        g.walls = (0..30).map(|i| i % 10 == 4 || i % 10 == 7).collect();
        let (seeds, on_segment) = seeds(&g, [1.5, 1.5], [9.5, 1.5]);
        assert!(on_segment);
        let columns: Vec<usize> = seeds.iter().map(|s| s.pixel % 10).collect();
        assert_eq!(columns, [1, 2, 3, 8, 9]);
        // A cut through the head is not crossed.
        let (seeds, _) = super::seeds(&g, [4.5, 1.5], [9.5, 1.5]);
        let columns: Vec<usize> = seeds.iter().map(|s| s.pixel % 10).collect();
        assert_eq!(columns, [5, 6]);
        // A gap in the mask that is no cut does not count.
        let gap = grid(10, 3, |x, _| x != 4);
        let (seeds, _) = super::seeds(&gap, [1.5, 1.5], [9.5, 1.5]);
        assert_eq!(seeds.len(), 8);
    }

    #[test]
    fn a_bone_outside_the_mask_seeds_the_nearest_pixels() {
        let g = grid(10, 10, |x, _| x >= 5);
        let (seeds, on_segment) = seeds(&g, [1.0, 0.0], [1.0, 10.0]);
        assert!(!on_segment);
        // Column 5 (centre x = 5.5, distance 4.5) and column 6 (5.5) are within a pixel of the nearest.
        assert!(seeds.iter().all(|s| [5, 6].contains(&(s.pixel % 10))));
        assert!(seeds.iter().any(|s| s.distance == 4.5));
        let far = super::seeds(&g, [-1e6, -1e6], [-1e6, 1e6]);
        assert!(!far.0.is_empty());
    }
}
