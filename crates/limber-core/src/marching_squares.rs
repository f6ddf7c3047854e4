//! Marching squares that visits only the cells the outline passes through.
//!
//! It follows the conventions of the `contour` crate (d3-contour's algorithm) exactly: grid value
//! (i, j) sits at (i + 0.5, j + 0.5), values beyond the grid count as outside, the same case table
//! and saddle choice, the same ring direction, and the same linear interpolation (none on the grid's
//! border). `tests/suite/engine/trace_oracle.rs` checks that both give the same rings on every bundled sprite.
//!
//! Why not call `contour` directly: its scan spends ~5 ns on every cell of the grid, most of which
//! are wholly inside or outside. Here a bit-packed pass finds the mixed cells 64 at a time and only
//! those are stitched, which makes tracing a 2560 × 2298 sprite several times faster (see
//! `docs/PERFORMANCE.md`).

/// A grid of values at pixel centres, as marching squares reads it.
pub trait Samples {
    /// (width, height) of the grid.
    fn size(&self) -> (usize, usize);
    /// The value at (x, y), within the grid.
    fn value(&self, x: usize, y: usize) -> f32;
    /// Bit `x % 64` of word `y · ⌈width / 64⌉ + x / 64` set where `value(x, y) >= level`; bits past
    /// the last column are 0.
    fn bits_at_least(&self, level: f32) -> Vec<u64>;
}

/// A dense row-major grid of values.
struct Dense<'a> {
    values: &'a [f32],
    width: usize,
    height: usize,
}

impl Samples for Dense<'_> {
    fn size(&self) -> (usize, usize) {
        (self.width, self.height)
    }

    fn value(&self, x: usize, y: usize) -> f32 {
        self.values[y * self.width + x]
    }

    fn bits_at_least(&self, level: f32) -> Vec<u64> {
        let words_per_row = self.width.div_ceil(64);
        let mut rows = vec![0u64; words_per_row * self.height];
        for (row, out) in self
            .values
            .chunks_exact(self.width)
            .zip(rows.chunks_exact_mut(words_per_row))
        {
            for (chunk, word) in row.chunks(64).zip(out.iter_mut()) {
                *word = pack_bits(chunk, level);
            }
        }
        rows
    }
}

/// Closed rings (first point not repeated) where `values` crosses `level`, as (x, y) in pixels.
/// Points with `value >= level` are inside.
pub fn isorings(values: &[f32], width: usize, height: usize, level: f32) -> Vec<Vec<[f64; 2]>> {
    if values.len() != width * height {
        return Vec::new();
    }
    isorings_of(
        &Dense {
            values,
            width,
            height,
        },
        level,
    )
}

/// [`isorings`] on any grid of values: only the values next to the outline are read.
pub fn isorings_of<S: Samples>(samples: &S, level: f32) -> Vec<Vec<[f64; 2]>> {
    let (width, height) = samples.size();
    if width == 0 || height == 0 {
        return Vec::new();
    }
    let bits = InsideBits {
        words_per_row: width.div_ceil(64),
        rows: samples.bits_at_least(level),
        width,
        height,
    };
    let grid = Grid {
        samples,
        bits: &bits,
        width,
        height,
        level,
    };
    // Each point on a cell side starts exactly one segment: (start, end) links, found by binary
    // search. Sorted by key, which is nearly the scan order, so a ring's walk stays in nearby memory
    // (a hash map's random probes cost a cache miss per point).
    let mut links: Vec<(u64, u64)> = Vec::new();
    // Cells (x, y) for x in -1..width, y in -1..height, with corners (x..=x+1, y..=y+1).
    for y in -1..height as i64 {
        bits.for_each_mixed_cell(y, |x| {
            let case = grid.case(x, y);
            for &(from, to) in SEGMENTS[case] {
                links.push((edge_key(width, x, y, from), edge_key(width, x, y, to)));
            }
        });
    }
    let starts: Vec<u64> = links.iter().map(|&(start, _)| start).collect();
    links.sort_unstable_by_key(|&(start, _)| start);
    // Where each key row's links begin, so that a search covers one row's few links.
    let row_of = |key: u64| (key >> 1) / (width as u64 + 2);
    let row_start: Vec<usize> = (0..=height as u64 + 2)
        .map(|row| links.partition_point(|&(start, _)| row_of(start) < row))
        .collect();
    let mut used = vec![false; links.len()];
    // The end of the unused link starting at `key`, marking it used.
    let mut take = |key: u64| {
        let row = usize::try_from(row_of(key)).ok()?;
        let (&from, &to) = (row_start.get(row)?, row_start.get(row + 1)?);
        let i = from
            + links[from..to]
                .binary_search_by_key(&key, |&(start, _)| start)
                .ok()?;
        (!std::mem::replace(&mut used[i], true)).then_some(links[i].1)
    };
    let mut rings = Vec::new();
    for start in starts {
        let Some(mut to) = take(start) else {
            continue;
        };
        let mut ring = vec![grid.point(start)];
        while to != start {
            ring.push(grid.point(to));
            match take(to) {
                Some(after) => to = after,
                None => break,
            }
        }
        rings.push(ring);
    }
    rings
}

/// A cell side: where on the cell a segment starts or ends.
#[derive(Clone, Copy)]
enum Side {
    Top,
    Right,
    Bottom,
    Left,
}

use Side::{Bottom, Left, Right, Top};

/// Segments per case, case = bottom-left | bottom-right << 1 | top-right << 2 | top-left << 3
/// (1 = inside). Same table and saddle resolution as d3-contour.
const SEGMENTS: [&[(Side, Side)]; 16] = [
    &[],
    &[(Bottom, Left)],
    &[(Right, Bottom)],
    &[(Right, Left)],
    &[(Top, Right)],
    &[(Bottom, Left), (Top, Right)],
    &[(Top, Bottom)],
    &[(Top, Left)],
    &[(Left, Top)],
    &[(Bottom, Top)],
    &[(Left, Top), (Right, Bottom)],
    &[(Right, Top)],
    &[(Left, Right)],
    &[(Bottom, Right)],
    &[(Left, Bottom)],
    &[],
];

struct Grid<'a, S> {
    samples: &'a S,
    bits: &'a InsideBits,
    width: usize,
    height: usize,
    level: f32,
}

impl<S: Samples> Grid<'_, S> {
    /// The value at (x, y), or `None` beyond the grid.
    fn value(&self, x: i64, y: i64) -> Option<f32> {
        (x >= 0 && y >= 0 && (x as usize) < self.width && (y as usize) < self.height)
            .then(|| self.samples.value(x as usize, y as usize))
    }

    fn inside(&self, x: i64, y: i64) -> bool {
        x >= 0
            && (x as usize) < self.width
            && self.bits.word(y, x as usize / 64) >> (x % 64) & 1 == 1
    }

    fn case(&self, x: i64, y: i64) -> usize {
        usize::from(self.inside(x, y + 1))
            | usize::from(self.inside(x + 1, y + 1)) << 1
            | usize::from(self.inside(x + 1, y)) << 2
            | usize::from(self.inside(x, y)) << 3
    }

    /// Where the level crosses between grid points a and b (0 = a, 1 = b); 0.5 when one is beyond
    /// the grid.
    fn crossing(&self, a: (i64, i64), b: (i64, i64)) -> f64 {
        match (self.value(a.0, a.1), self.value(b.0, b.1)) {
            (Some(va), Some(vb)) => f64::from(self.level - va) / f64::from(vb - va),
            _ => 0.5,
        }
    }

    /// The position of the point with key `key` (see [`edge_key`]).
    fn point(&self, key: u64) -> [f64; 2] {
        let vertical = key & 1 == 1;
        let cell = key >> 1;
        let stride = self.width as u64 + 2;
        let x = (cell % stride) as i64 - 1;
        let y = (cell / stride) as i64 - 1;
        if vertical {
            let t = self.crossing((x, y), (x, y + 1));
            [x as f64 + 0.5, y as f64 + 0.5 + t]
        } else {
            let t = self.crossing((x, y), (x + 1, y));
            [x as f64 + 0.5 + t, y as f64 + 0.5]
        }
    }
}

/// A key for the point on one side of cell (x, y): the grid pair it lies between, as
/// ((y + 1) · (width + 2) + x + 1) · 2, plus 1 for a vertical pair ((x, y)–(x, y + 1)) or 0 for a
/// horizontal one ((x, y)–(x + 1, y)).
fn edge_key(width: usize, x: i64, y: i64, side: Side) -> u64 {
    let (px, py, vertical) = match side {
        Top => (x, y, 0),
        Bottom => (x, y + 1, 0),
        Left => (x, y, 1),
        Right => (x + 1, y, 1),
    };
    let stride = width as u64 + 2;
    (((py + 1) as u64) * stride + (px + 1) as u64) * 2 + vertical
}

/// Bit j set where `values[j] >= level` (at most 64 values). Eight at a time with fixed shifts, which
/// the compiler turns into vector compares.
fn pack_bits(values: &[f32], level: f32) -> u64 {
    let mut word = 0u64;
    let mut eights = values.chunks_exact(8);
    for (k, eight) in eights.by_ref().enumerate() {
        let mut byte = 0u64;
        for (j, &v) in eight.iter().enumerate() {
            byte |= u64::from(v >= level) << j;
        }
        word |= byte << (8 * k);
    }
    let done = values.len() - eights.remainder().len();
    for (j, &v) in eights.remainder().iter().enumerate() {
        word |= u64::from(v >= level) << (done + j);
    }
    word
}

/// The inside/outside bit of every grid point, packed 64 to a word: bit x of a row is column x.
/// Bits past the last column are 0 (outside), as are rows beyond the grid.
struct InsideBits {
    words_per_row: usize,
    rows: Vec<u64>,
    width: usize,
    height: usize,
}

impl InsideBits {
    fn word(&self, y: i64, i: usize) -> u64 {
        if y < 0 || y as usize >= self.height || i >= self.words_per_row {
            return 0;
        }
        self.rows[y as usize * self.words_per_row + i]
    }

    /// Calls `f(x)` for every cell (x, y), x in −1..width, whose four corners are not all alike, in
    /// increasing x.
    fn for_each_mixed_cell(&self, y: i64, mut f: impl FnMut(i64)) {
        if y + 1 < 0 || y >= self.height as i64 {
            return;
        }
        // The cell left of column 0 has outside corners on its left.
        if self.word(y, 0) & 1 != 0 || self.word(y + 1, 0) & 1 != 0 {
            f(-1);
        }
        for i in 0..self.words_per_row {
            let (a, b) = (self.word(y, i), self.word(y + 1, i));
            let a_right = (a >> 1) | (self.word(y, i + 1) << 63);
            let b_right = (b >> 1) | (self.word(y + 1, i + 1) << 63);
            let mut mixed = (a ^ b) | (a ^ a_right) | (b ^ b_right);
            while mixed != 0 {
                let x = i * 64 + mixed.trailing_zeros() as usize;
                mixed &= mixed - 1;
                if x < self.width {
                    f(x as i64);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn area(ring: &[[f64; 2]]) -> f64 {
        (0..ring.len())
            .map(|i| {
                let (p, q) = (ring[i], ring[(i + 1) % ring.len()]);
                p[0] * q[1] - q[0] * p[1]
            })
            .sum::<f64>()
            / 2.0
    }

    #[test]
    fn single_pixel_is_a_diamond_around_its_centre() {
        let rings = isorings(&[1.0], 1, 1, 0.5);
        assert_eq!(rings.len(), 1);
        assert_eq!(rings[0].len(), 4);
        assert!((area(&rings[0]).abs() - 0.5).abs() < 1e-12);
        for p in &rings[0] {
            assert!(((p[0] - 0.5).abs() + (p[1] - 0.5).abs() - 0.5).abs() < 1e-12);
        }
    }

    #[test]
    fn islands_and_holes_wind_oppositely_and_interpolate() {
        // A 5x5 block with its centre pixel out: one island ring and one hole ring.
        let mut values = vec![1.0f32; 25];
        values[12] = 0.0;
        let rings = isorings(&values, 5, 5, 0.25);
        assert_eq!(rings.len(), 2);
        let areas: Vec<f64> = rings.iter().map(|r| area(r)).collect();
        assert!(areas.iter().any(|&a| a < 0.0) && areas.iter().any(|&a| a > 0.0));
        // The hole's points lie a quarter of the way from the empty centre to its neighbours.
        let hole = rings.iter().find(|r| area(r).abs() < 2.0).unwrap();
        for p in hole {
            let d = (p[0] - 2.5).abs() + (p[1] - 2.5).abs();
            assert!((d - 0.25).abs() < 1e-9, "{p:?}");
        }
    }

    #[test]
    fn wide_rows_cross_word_boundaries() {
        // A bar spanning columns 60..70 (across the first 64-bit word's end).
        let (w, h) = (130, 3);
        let values: Vec<f32> = (0..w * h)
            .map(|i| {
                if (60..70).contains(&(i % w)) && i / w == 1 {
                    1.0
                } else {
                    0.0
                }
            })
            .collect();
        let rings = isorings(&values, w, h, 0.5);
        assert_eq!(rings.len(), 1);
        let xs: Vec<f64> = rings[0].iter().map(|p| p[0]).collect();
        assert_eq!(xs.iter().cloned().fold(f64::INFINITY, f64::min), 60.0);
        assert_eq!(xs.iter().cloned().fold(0.0, f64::max), 70.0);
    }
}
