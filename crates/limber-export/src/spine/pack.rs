//! Packing the atlas: rectangles (each region with its padding) into as few pages as fit, each page
//! at most `max_page` on a side, with sizes the smallest powers of two that hold their rectangles.
//!
//! The packer is the `crunch` crate's (free rectangles that may overlap, each item put where it
//! leaves the least area, largest items first; no rotation). Pages are filled one at a time: every
//! rectangle not yet placed is offered to a `max_page` square page, largest first, and one that
//! does not fit waits for the next page while the smaller ones still try this one. Each page is then
//! shrunk to the smallest power-of-two size (capped at `max_page`) its rectangles still pack into.

use crunch::{Item, PackedItem, Packer, Rect, Rotation};

/// Where a rectangle went: its page and its top-left corner there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placement {
    pub page: usize,
    pub x: u32,
    pub y: u32,
}

/// A packed set of rectangles.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Packing {
    /// Width and height of each page.
    pub pages: Vec<[u32; 2]>,
    /// Per rectangle, in the order given.
    pub placements: Vec<Placement>,
}

/// Packs `sizes` (width, height; each at most `max_page` on a side, which the caller checks) into
/// pages of at most `max_page` × `max_page`. Returns `None` only if a rectangle is larger than that.
pub fn pack(sizes: &[[u32; 2]], max_page: u32) -> Option<Packing> {
    if sizes
        .iter()
        .any(|&[w, h]| w == 0 || h == 0 || w > max_page || h > max_page)
    {
        return None;
    }
    let mut left: Vec<usize> = (0..sizes.len()).collect();
    // Largest first (by area, then the longer side), as the packer orders them.
    left.sort_by_key(|&i| {
        let [w, h] = sizes[i];
        std::cmp::Reverse(u64::from(w) * u64::from(h) + u64::from(w.max(h)))
    });
    let mut packing = Packing {
        pages: Vec::new(),
        placements: vec![
            Placement {
                page: 0,
                x: 0,
                y: 0
            };
            sizes.len()
        ],
    };
    while !left.is_empty() {
        let (on_page, rest) = fill_page(sizes, &left, max_page)?;
        let (size, placed) = smallest_page(sizes, &on_page, max_page)?;
        let page = packing.pages.len();
        packing.pages.push(size);
        for item in placed {
            packing.placements[item.data] = Placement {
                page,
                x: item.rect.x as u32,
                y: item.rect.y as u32,
            };
        }
        left = rest;
    }
    Some(packing)
}

fn items(sizes: &[[u32; 2]], which: &[usize]) -> Vec<Item<usize>> {
    which
        .iter()
        .map(|&i| {
            Item::new(
                i,
                sizes[i][0] as usize,
                sizes[i][1] as usize,
                Rotation::None,
            )
        })
        .collect()
}

/// The rectangles (of `left`, largest first) that one full-size page takes, and the rest (still
/// largest first).
///
/// The packer stops at the first rectangle it cannot place; that one waits and the rest try again.
/// The packer is greedy in a fixed order and its free rectangles only shrink as it places more, so
/// every later rectangle at least as wide and as tall as the one left out would be left out too:
/// they wait at once. Without that, a page of 7,000 equal rectangles was packed afresh once per
/// rectangle left out (70 s at `--max-page 64`); the pages are the same either way.
fn fill_page(
    sizes: &[[u32; 2]],
    left: &[usize],
    max_page: u32,
) -> Option<(Vec<usize>, Vec<usize>)> {
    let side = max_page as usize;
    let mut trying: Vec<usize> = left.to_vec();
    let mut waiting = Vec::new();
    loop {
        match Packer::with_items(items(sizes, &trying)).pack(Rect::of_size(side, side)) {
            Ok(_) => break,
            Err(partial) => {
                // The packer places `trying` in order up to the first it cannot place.
                let out = partial.len();
                let [w, h] = sizes[*trying.get(out)?];
                let (kept, no_room): (Vec<usize>, Vec<usize>) =
                    trying[out..].iter().partition(|&&i| {
                        let [iw, ih] = sizes[i];
                        iw < w || ih < h
                    });
                trying.truncate(out);
                trying.extend(kept);
                waiting.extend(no_room);
                if trying.is_empty() {
                    // Nothing fits an empty page: a rectangle larger than the page (checked above).
                    return None;
                }
            }
        }
    }
    // Back to `left`'s order (largest first), which the next page relies on.
    let rank: std::collections::HashMap<usize, usize> =
        left.iter().enumerate().map(|(r, &i)| (i, r)).collect();
    waiting.sort_by_key(|i| rank.get(i).copied());
    Some((trying, waiting))
}

/// The smallest page (by area, then the squarer) that `which` packs into: sides powers of two,
/// capped at `max_page`.
fn smallest_page(
    sizes: &[[u32; 2]],
    which: &[usize],
    max_page: u32,
) -> Option<([u32; 2], Vec<PackedItem<usize>>)> {
    let area: u64 = which
        .iter()
        .map(|&i| u64::from(sizes[i][0]) * u64::from(sizes[i][1]))
        .sum();
    let widest = which.iter().map(|&i| sizes[i][0]).max().unwrap_or(1);
    let tallest = which.iter().map(|&i| sizes[i][1]).max().unwrap_or(1);
    let mut sides: Vec<u32> = (0..32)
        .map(|k| 1u32 << k)
        .take_while(|&s| s < max_page)
        .collect();
    sides.push(max_page);
    let mut candidates: Vec<[u32; 2]> = sides
        .iter()
        .flat_map(|&w| sides.iter().map(move |&h| [w, h]))
        .filter(|&[w, h]| w >= widest && h >= tallest && u64::from(w) * u64::from(h) >= area)
        .collect();
    candidates.sort_by_key(|&[w, h]| (u64::from(w) * u64::from(h), w.abs_diff(h), h));
    let mut packer = Packer::with_items(items(sizes, which));
    candidates.into_iter().find_map(|[w, h]| {
        packer
            .pack(Rect::of_size(w as usize, h as usize))
            .ok()
            .map(|placed| ([w, h], placed))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn overlaps(a: ([u32; 2], Placement), b: ([u32; 2], Placement)) -> bool {
        let ([aw, ah], pa) = a;
        let ([bw, bh], pb) = b;
        pa.page == pb.page
            && pa.x < pb.x + bw
            && pb.x < pa.x + aw
            && pa.y < pb.y + bh
            && pb.y < pa.y + ah
    }

    fn check(sizes: &[[u32; 2]], packing: &Packing, max_page: u32) {
        for (i, (&size, &p)) in sizes.iter().zip(&packing.placements).enumerate() {
            let [pw, ph] = packing.pages[p.page];
            assert!(pw <= max_page && ph <= max_page);
            assert!(pw.is_power_of_two() || pw == max_page);
            assert!(
                p.x + size[0] <= pw && p.y + size[1] <= ph,
                "{i} inside its page"
            );
            for (j, (&other, &q)) in sizes.iter().zip(&packing.placements).enumerate() {
                assert!(
                    i == j || !overlaps((size, p), (other, q)),
                    "{i} and {j} overlap"
                );
            }
        }
    }

    #[test]
    fn small_rectangles_share_one_smallest_page() {
        let sizes = [[30, 30], [30, 30], [30, 30], [30, 30]];
        let packing = pack(&sizes, 2048).unwrap();
        check(&sizes, &packing, 2048);
        assert_eq!(packing.pages, vec![[64, 64]]);
    }

    #[test]
    fn what_does_not_fit_one_page_goes_to_the_next() {
        // A 1024 x 1024 page holds one 600 x 600 square (two need 1200 px side by side).
        let sizes = [[600, 600], [600, 600], [600, 600], [100, 100]];
        let packing = pack(&sizes, 1024).unwrap();
        check(&sizes, &packing, 1024);
        assert_eq!(packing.pages.len(), 3);
        // The small one fills the first page beside a large one.
        assert_eq!(packing.placements[3].page, 0);
    }

    #[test]
    fn pages_need_not_be_powers_of_two_past_the_cap() {
        let sizes = [[700, 500], [700, 500]];
        let packing = pack(&sizes, 1000).unwrap();
        check(&sizes, &packing, 1000);
        assert_eq!(packing.pages, vec![[1000, 1000]]);
    }

    #[test]
    fn a_rectangle_larger_than_a_page_is_refused() {
        assert_eq!(pack(&[[10, 10], [2049, 5]], 2048), None);
        assert_eq!(pack(&[[0, 10]], 2048), None);
        assert_eq!(pack(&[], 2048).map(|p| p.pages.len()), Some(0));
    }

    /// The page filler before the shortcut: one rectangle left out per packing.
    fn fill_page_one_at_a_time(
        sizes: &[[u32; 2]],
        left: &[usize],
        max_page: u32,
    ) -> Option<(Vec<usize>, Vec<usize>)> {
        let side = max_page as usize;
        let mut trying: Vec<usize> = left.to_vec();
        let mut waiting = Vec::new();
        loop {
            match Packer::with_items(items(sizes, &trying)).pack(Rect::of_size(side, side)) {
                Ok(_) => return Some((trying, waiting)),
                Err(partial) => {
                    waiting.push(trying.remove(partial.len()));
                    if trying.is_empty() {
                        return None;
                    }
                }
            }
        }
    }

    #[test]
    fn leaving_out_every_rectangle_too_large_at_once_fills_the_same_pages() {
        // A small linear congruential sequence: mixed sizes, many equal, some wide, some tall.
        let mut seed = 12345u64;
        let mut next = |below: u32| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((seed >> 33) % u64::from(below)) as u32
        };
        for round in 0..40 {
            let max_page = [16, 32, 64, 100][round % 4];
            let count = 20 + next(200) as usize;
            let sizes: Vec<[u32; 2]> = (0..count)
                .map(|_| match next(3) {
                    0 => [5, 5],
                    1 => [1 + next(max_page), 1 + next(max_page / 4)],
                    _ => [1 + next(max_page / 3), 1 + next(max_page)],
                })
                .collect();
            let mut left: Vec<usize> = (0..sizes.len()).collect();
            left.sort_by_key(|&i| {
                let [w, h] = sizes[i];
                std::cmp::Reverse(u64::from(w) * u64::from(h) + u64::from(w.max(h)))
            });
            while !left.is_empty() {
                let quick = fill_page(&sizes, &left, max_page).unwrap();
                let slow = fill_page_one_at_a_time(&sizes, &left, max_page).unwrap();
                assert_eq!(quick, slow, "round {round}");
                left = quick.1;
            }
            check(&sizes, &pack(&sizes, max_page).unwrap(), max_page);
        }
    }

    #[test]
    fn seven_thousand_tiny_rectangles_fill_pages_of_equal_share() {
        let sizes = vec![[5, 5]; 7000];
        let packing = pack(&sizes, 64).unwrap();
        check(&sizes, &packing, 64);
        // 12 x 12 of them on a 64 px page.
        assert_eq!(packing.pages.len(), 7000usize.div_ceil(144));
    }

    #[test]
    fn many_mixed_rectangles_pack_densely() {
        let sizes: Vec<[u32; 2]> = (0..60u32)
            .map(|i| [20 + (i * 37) % 180, 20 + (i * 53) % 150])
            .collect();
        let packing = pack(&sizes, 4096).unwrap();
        check(&sizes, &packing, 4096);
        assert_eq!(packing.pages.len(), 1);
        let area: u64 = sizes
            .iter()
            .map(|s| u64::from(s[0]) * u64::from(s[1]))
            .sum();
        // The page is as small as a power-of-two area can be: nothing larger than needed.
        let [w, h] = packing.pages[0];
        assert_eq!(
            u64::from(w) * u64::from(h),
            area.next_power_of_two(),
            "{w} x {h}"
        );
    }
}
