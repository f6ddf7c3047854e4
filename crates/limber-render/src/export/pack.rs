//! Trimmed sprite sheets: each frame cut down to its own visible pixels, and the pieces packed on
//! shelves (tallest first, left to right, a new shelf when a row is full) with a pixel of space
//! between them so that an engine's filtering never bleeds one frame into the next.

use image::RgbaImage;

use super::sheet::{Placement, SheetError, check_sheet_size};

/// Space between packed frames, in pixels.
pub const PADDING: u32 = 1;

/// x, y, w, h of the pixels of `image` that are not fully transparent; a single corner pixel when
/// all of them are (an engine needs something to show).
pub fn trim_rect(image: &RgbaImage) -> [u32; 4] {
    let mut bounds: Option<[u32; 4]> = None;
    for (x, y, pixel) in image.enumerate_pixels() {
        if pixel[3] == 0 {
            continue;
        }
        bounds = Some(match bounds {
            Some([x0, y0, x1, y1]) => [x0.min(x), y0.min(y), x1.max(x), y1.max(y)],
            None => [x, y, x, y],
        });
    }
    match bounds {
        Some([x0, y0, x1, y1]) => [x0, y0, x1 - x0 + 1, y1 - y0 + 1],
        None => [0, 0, 1, 1],
    }
}

/// Places frames whose kept rectangles are `sources` (x, y, w, h in each frame) on one sheet,
/// returning where each went and the sheet's size.
pub fn pack_trimmed(sources: &[[u32; 4]]) -> Result<(Vec<Placement>, [u32; 2]), SheetError> {
    let side = |s: &[u32; 4]| [u64::from(s[2]) + u64::from(PADDING), u64::from(s[3])];
    let area: u64 = sources.iter().map(|s| side(s)[0] * side(s)[1]).sum();
    let widest = sources.iter().map(|s| side(s)[0]).max().unwrap_or(1);
    // About square: the row is as wide as the square root of the area, at least the widest frame.
    let row = ((area as f64).sqrt().ceil() as u64).max(widest);
    let mut order: Vec<usize> = (0..sources.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(sources[i][3]));
    let mut at = vec![[0u64; 2]; sources.len()];
    let (mut x, mut y, mut shelf, mut width) = (0u64, 0u64, 0u64, 1u64);
    for i in order {
        let [w, h] = side(&sources[i]);
        if x > 0 && x + w > row {
            y += shelf + u64::from(PADDING);
            x = 0;
            shelf = 0;
        }
        at[i] = [x, y];
        x += w;
        width = width.max(x - u64::from(PADDING));
        shelf = shelf.max(h);
    }
    let height = (y + shelf).max(1);
    let fits = |v: u64| u32::try_from(v).unwrap_or(u32::MAX);
    let size = [fits(width), fits(height)];
    check_sheet_size(size[0], size[1])?;
    let placements = sources
        .iter()
        .zip(at)
        .map(|(&source, [x, y])| Placement {
            sheet: [fits(x), fits(y), source[2], source[3]],
            source,
        })
        .collect();
    Ok((placements, size))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_trim_is_the_box_of_visible_pixels() {
        let mut image = RgbaImage::new(10, 8);
        image.put_pixel(2, 5, image::Rgba([0, 0, 0, 1]));
        image.put_pixel(6, 3, image::Rgba([0, 0, 0, 255]));
        assert_eq!(trim_rect(&image), [2, 3, 5, 3]);
        assert_eq!(trim_rect(&RgbaImage::new(4, 4)), [0, 0, 1, 1]);
    }

    #[test]
    fn packed_frames_do_not_overlap_and_fit_the_sheet() {
        let sources: Vec<[u32; 4]> = (0..9).map(|i| [i, 2 * i, 10 + 3 * i, 40 - 2 * i]).collect();
        let (placements, [w, h]) = pack_trimmed(&sources).unwrap();
        for (i, a) in placements.iter().enumerate() {
            assert_eq!(a.source, sources[i]);
            let [x, y, pw, ph] = a.sheet;
            assert!(x + pw <= w && y + ph <= h, "{a:?} outside {w} × {h}");
            for b in &placements[i + 1..] {
                let [bx, by, bw, bh] = b.sheet;
                let apart = x + pw <= bx || bx + bw <= x || y + ph <= by || by + bh <= y;
                assert!(apart, "{a:?} overlaps {b:?}");
            }
        }
        // Roughly square, and denser than a grid of the largest frame (9 cells of 34 × 40).
        assert!(u64::from(w) * u64::from(h) < 9 * 34 * 40, "{w} × {h}");
    }
}
