//! An [`AlphaMask`] packed 64 pixels to a `u64`, with the word-wise queries the padded margin field
//! needs: which pixels have a masked pixel within a square window (a dilation), and how far the
//! nearest masked pixel of a row lies from a column.
//!
//! Bit `x % 64` of word `x / 64` of a row is column `x`; bits past the last column are 0, and
//! positions beyond the image read as unmasked.

use rayon::prelude::*;

use image::DynamicImage;

use super::alpha::AlphaRows;
use super::error::CoreResult;

/// The mask as rows of bits (see the module docs).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MaskBits {
    pub width: usize,
    pub height: usize,
    pub words_per_row: usize,
    words: Vec<u64>,
}

impl MaskBits {
    /// Packs a mask of `width` × `height` pixels given row-major as `inside` (an
    /// [`AlphaMask`](super::mask::AlphaMask)'s pixels), rows in parallel.
    pub fn new(width: usize, height: usize, inside: &[bool]) -> Self {
        let words_per_row = width.div_ceil(64);
        let mut words = vec![0u64; words_per_row * height];
        if width > 0 {
            words
                .par_chunks_exact_mut(words_per_row)
                .zip(inside.par_chunks_exact(width))
                .for_each(|(out, row)| {
                    for (word, pixels) in out.iter_mut().zip(row.chunks(64)) {
                        *word = pixels
                            .iter()
                            .enumerate()
                            .fold(0u64, |w, (j, &inside)| w | (u64::from(inside) << j));
                    }
                });
        }
        Self {
            width,
            height,
            words_per_row,
            words,
        }
    }

    /// The pixels of `image` whose alpha reaches `threshold` (a fraction; see [`AlphaRows`]), rows
    /// in parallel.
    pub fn from_image(image: &DynamicImage, threshold: f64) -> CoreResult<Self> {
        let alpha = AlphaRows::new(image, threshold)?;
        let (width, height) = (image.width() as usize, image.height() as usize);
        let words_per_row = width.div_ceil(64);
        let mut words = vec![0u64; words_per_row * height];
        if words_per_row > 0 {
            words
                .par_chunks_exact_mut(words_per_row)
                .enumerate()
                .for_each(|(y, out)| alpha.pack_row(y, width, out));
        }
        Ok(Self {
            width,
            height,
            words_per_row,
            words,
        })
    }

    /// Whether any pixel is set.
    pub fn any(&self) -> bool {
        self.words.iter().any(|&w| w != 0)
    }

    /// Whether pixel (x, y) is set.
    pub fn get(&self, x: usize, y: usize) -> bool {
        self.row(y)[x / 64] >> (x % 64) & 1 == 1
    }

    /// The words of row `y`.
    pub fn row(&self, y: usize) -> &[u64] {
        &self.words[y * self.words_per_row..(y + 1) * self.words_per_row]
    }

    /// Bit `j` set where row `y` has a masked pixel within `reach` columns of column `64 · i + j`, and
    /// within `reach` rows: the mask dilated by a (2 · reach + 1)² square, word `i` of row `y`, for
    /// every `i` (written to `dilated`; `column` is scratch of the row's length).
    pub fn dilated_row(&self, y: usize, reach: usize, column: &mut [u64], dilated: &mut [u64]) {
        column.fill(0);
        let lo = y.saturating_sub(reach);
        let hi = (y + reach).min(self.height - 1);
        for source in lo..=hi {
            for (c, &w) in column.iter_mut().zip(self.row(source)) {
                *c |= w;
            }
        }
        let reach = reach as i64;
        for (i, d) in dilated.iter_mut().enumerate() {
            let start = i as i64 * 64;
            *d = (-reach..=reach).fold(0, |acc, s| acc | bits_from(column, start + s));
        }
    }
}

/// The 64 bits of `row` from bit position `start` on (bit 0 of the result is position `start`);
/// positions outside the row read 0.
pub fn bits_from(row: &[u64], start: i64) -> u64 {
    let word = |i: i64| {
        usize::try_from(i)
            .ok()
            .and_then(|i| row.get(i).copied())
            .unwrap_or(0)
    };
    let (q, r) = (start.div_euclid(64), start.rem_euclid(64) as u32);
    if r == 0 {
        word(q)
    } else {
        (word(q) >> r) | (word(q + 1) << (64 - r))
    }
}

/// The horizontal distance from column `x` to the nearest set bit of `row`, capped at `cap` (also
/// `cap` when there is none within it).
pub fn nearest_in_row(row: &[u64], x: usize, cap: usize) -> usize {
    let x = x as i64;
    let mut best = cap;
    // Rightwards: bit k of the window is column x + offset + k.
    let mut offset = 0usize;
    while offset < best {
        let bits = bits_from(row, x + offset as i64);
        if bits != 0 {
            best = best.min(offset + bits.trailing_zeros() as usize);
            break;
        }
        offset += 64;
    }
    // Leftwards: bit 63 − k of the window is column x − offset − k.
    let mut offset = 0usize;
    while offset < best {
        let bits = bits_from(row, x - offset as i64 - 63);
        if bits != 0 {
            best = best.min(offset + bits.leading_zeros() as usize);
            break;
        }
        offset += 64;
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_from_reads_across_words_and_beyond_the_row() {
        let row = [1u64 << 63, 0b101];
        assert_eq!(bits_from(&row, 63), 0b1011);
        assert_eq!(bits_from(&row, -1), 0);
        assert_eq!(bits_from(&row, 60), 0b101_1000);
        assert_eq!(bits_from(&row, 0), 1u64 << 63);
        assert_eq!(bits_from(&row, 128), 0);
    }

    #[test]
    fn nearest_in_row_matches_a_scan() {
        let width: usize = 200;
        let set = [3usize, 70, 71, 150];
        let mut row = vec![0u64; width.div_ceil(64)];
        for &x in &set {
            row[x / 64] |= 1 << (x % 64);
        }
        for cap in [0, 1, 3, 66, 100] {
            for x in 0..width {
                let scan = set
                    .iter()
                    .map(|&s| s.abs_diff(x))
                    .min()
                    .unwrap_or(cap)
                    .min(cap);
                assert_eq!(nearest_in_row(&row, x, cap), scan, "x {x} cap {cap}");
            }
        }
    }
}
