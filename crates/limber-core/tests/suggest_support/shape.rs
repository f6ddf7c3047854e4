//! A sprite's visible pixels (alpha ≥ 0.05 of full, read with the `image` crate), its 8-connected
//! islands, walking distances inside it, and the extremities of its largest island as issue 18
//! defines them.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// The default alpha threshold of limber.
pub const THRESHOLD: f64 = 0.05;

pub struct Shape {
    pub width: usize,
    pub height: usize,
    pub visible: Vec<bool>,
}

pub struct Islands {
    /// Island number of each pixel (`u32::MAX` where not visible).
    pub label: Vec<u32>,
    pub largest: u32,
    pub largest_pixels: Vec<usize>,
}

impl Shape {
    pub fn from_rgba(rgba: &image::RgbaImage) -> Self {
        let (w, h) = (rgba.width() as usize, rgba.height() as usize);
        let visible = rgba
            .pixels()
            .map(|p| f64::from(p.0[3]) / 255.0 >= THRESHOLD)
            .collect();
        Self {
            width: w,
            height: h,
            visible,
        }
    }

    fn at(&self, x: i64, y: i64) -> bool {
        x >= 0
            && y >= 0
            && (x as usize) < self.width
            && (y as usize) < self.height
            && self.visible[y as usize * self.width + x as usize]
    }

    /// Whether a visible pixel's square lies within `slack` px of `p`.
    pub fn near_visible(&self, p: [f64; 2], slack: f64) -> bool {
        let (x0, y0) = ((p[0] - slack).floor() as i64, (p[1] - slack).floor() as i64);
        let (x1, y1) = ((p[0] + slack).floor() as i64, (p[1] + slack).floor() as i64);
        (y0..=y1).any(|y| {
            (x0..=x1).any(|x| {
                let dx = (x as f64 - p[0]).max(p[0] - (x + 1) as f64).max(0.0);
                let dy = (y as f64 - p[1]).max(p[1] - (y + 1) as f64).max(0.0);
                self.at(x, y) && dx.hypot(dy) <= slack
            })
        })
    }

    pub fn islands(&self) -> Islands {
        let mut label = vec![u32::MAX; self.visible.len()];
        let mut best: (usize, u32, Vec<usize>) = (0, 0, Vec::new());
        let mut next = 0u32;
        for start in 0..self.visible.len() {
            if !self.visible[start] || label[start] != u32::MAX {
                continue;
            }
            label[start] = next;
            let mut pixels = super::flood(self.width, self.height, start, |j| {
                self.visible[j] && label[j] == u32::MAX
            });
            for &p in &pixels {
                label[p] = next;
            }
            if pixels.len() > best.0 {
                pixels.sort_unstable();
                best = (pixels.len(), next, pixels);
            }
            next += 1;
        }
        Islands {
            label,
            largest: best.1,
            largest_pixels: best.2,
        }
    }

    /// The island under `p`, or of the nearest visible pixel within 1 px.
    pub fn island_near(&self, label: &[u32], p: [f64; 2]) -> Option<u32> {
        let (cx, cy) = (p[0].floor() as i64, p[1].floor() as i64);
        let mut best = None;
        let mut best_d = f64::INFINITY;
        for y in cy - 1..=cy + 1 {
            for x in cx - 1..=cx + 1 {
                if self.at(x, y) {
                    let d = (x as f64 + 0.5 - p[0]).hypot(y as f64 + 0.5 - p[1]);
                    if d < best_d {
                        best_d = d;
                        best = Some(label[y as usize * self.width + x as usize]);
                    }
                }
            }
        }
        best
    }

    /// Walking distances (8 neighbours, diagonal √2) inside the shape from `source`, and each
    /// pixel's predecessor.
    pub fn walk(&self, source: usize) -> (Vec<f64>, Vec<usize>) {
        let n = self.visible.len();
        let mut dist = vec![f64::INFINITY; n];
        let mut prev = vec![usize::MAX; n];
        // Distances scaled to integers (diagonal 1.41421…) keep the heap's order exact.
        let mut heap = BinaryHeap::new();
        dist[source] = 0.0;
        heap.push(Reverse((0u64, source)));
        let w = self.width as i64;
        while let Some(Reverse((d, i))) = heap.pop() {
            let d = d as f64 / 1e6;
            if d > dist[i] {
                continue;
            }
            let (x, y) = (i as i64 % w, i as i64 / w);
            for (dx, dy) in [
                (1, 0),
                (-1, 0),
                (0, 1),
                (0, -1),
                (1, 1),
                (1, -1),
                (-1, 1),
                (-1, -1),
            ] {
                if !self.at(x + dx, y + dy) {
                    continue;
                }
                let j = ((y + dy) * w + x + dx) as usize;
                let step = if dx != 0 && dy != 0 {
                    std::f64::consts::SQRT_2
                } else {
                    1.0
                };
                let nd = ((d + step) * 1e6).round() / 1e6;
                if nd < dist[j] {
                    dist[j] = nd;
                    prev[j] = i;
                    heap.push(Reverse(((nd * 1e6).round() as u64, j)));
                }
            }
        }
        (dist, prev)
    }

    /// The largest island's geodesic centre: the middle of its longest walk, found by two sweeps.
    pub fn centre(&self, islands: &Islands) -> usize {
        let pixels = &islands.largest_pixels;
        let farthest = |d: &[f64]| {
            *pixels
                .iter()
                .max_by(|&&a, &&b| d[a].total_cmp(&d[b]))
                .unwrap_or(&pixels[0])
        };
        let (d0, _) = self.walk(pixels[0]);
        let a = farthest(&d0);
        let (da, prev) = self.walk(a);
        let b = farthest(&da);
        let mut at = b;
        while da[at] > da[b] / 2.0 && prev[at] != usize::MAX {
            at = prev[at];
        }
        at
    }

    /// The largest island's extremities (see the module docs of `suggest_support`), as pixels.
    pub fn extremities(&self, islands: &Islands) -> Vec<[usize; 2]> {
        let longer = self.width.max(self.height) as f64;
        let (window, drop) = (0.06 * longer, 0.05 * longer);
        let (dist, _) = self.walk(self.centre(islands));
        let pixels = &islands.largest_pixels;
        let top = pixels.iter().map(|&p| dist[p]).fold(0.0, f64::max);
        let w = self.width;
        let mut found: Vec<[usize; 2]> = Vec::new();
        let mut candidates: Vec<usize> = pixels
            .iter()
            .copied()
            .filter(|&p| dist[p] > top / 4.0)
            .collect();
        candidates.sort_by(|&a, &b| dist[b].total_cmp(&dist[a]).then(a.cmp(&b)));
        let r = window.ceil() as i64;
        for p in candidates {
            let (px, py) = ((p % w) as i64, (p / w) as i64);
            // A neighbour farther away: not even a local peak.
            let local = (-1..=1).all(|dy: i64| {
                (-1..=1).all(|dx: i64| {
                    !self.at(px + dx, py + dy)
                        || dist[((py + dy) * w as i64 + px + dx) as usize] <= dist[p]
                })
            });
            if !local
                || found
                    .iter()
                    .any(|f| ((f[0] as f64 - px as f64).hypot(f[1] as f64 - py as f64)) <= window)
            {
                continue;
            }
            let largest_near = (-r..=r).all(|dy| {
                (-r..=r).all(|dx| {
                    (dx as f64).hypot(dy as f64) > window
                        || !self.at(px + dx, py + dy)
                        || dist[((py + dy) * w as i64 + px + dx) as usize] <= dist[p]
                })
            });
            if !largest_near {
                continue;
            }
            // Prominent: what can be reached without descending by `drop` holds nothing farther.
            let level = dist[p] - drop;
            let mut farther = false;
            super::flood(self.width, self.height, p, |j| {
                if farther || !self.visible[j] || dist[j] <= level {
                    return false;
                }
                if dist[j] > dist[p] {
                    farther = true;
                }
                true
            });
            if !farther {
                found.push([px as usize, py as usize]);
            }
        }
        found
    }
}
