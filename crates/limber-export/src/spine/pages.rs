//! The packed atlas of an export: each part's image trimmed ([`super::trim`]), cut with its frame
//! and bled ([`super::bleed`]), packed ([`super::pack`]) into as few pages as fit `--max-page`, and
//! painted into page PNGs one page at a time.
//!
//! Memory: part images are read one at a time and each is dropped once its region is cut, and a
//! page is painted and encoded one row at a time, so an export holds the cut regions, one part's
//! image and one page row (six 8192 × 4096 parts at `--max-page 16384` peaked at 1.75 GB when
//! every image and a whole page were held).
//!
//! Pixel-art parts (nearest-neighbour filtering) and smooth parts (linear) go on separate pages,
//! since filtering is a page's setting. Each region sits inside its one-pixel frame, so two regions
//! are two pixels apart; the page outside the regions is transparent black.

use std::io::Write;

use image::RgbaImage;

use super::SpineError;
use super::atlas::{Page, Region};
use super::bleed::{FRAME, cut};
use super::pack::pack;
use super::trim::trim_box;

/// Smallest and largest `--max-page`. A 16384 × 16384 page is 256 Mi pixels, the budget of pixels
/// an export holds in memory at once (`limits::MAX_EXPORT_PIXELS_IN_MEMORY`), and one page is
/// painted at a time.
pub const MAX_PAGE_RANGE: (u32, u32) = (64, 16_384);

/// One part's image as the atlas takes it.
pub struct Source<'a> {
    /// The part's name (for messages).
    pub part: &'a str,
    /// The region's name in the atlas.
    pub region: String,
    pub image: RgbaImage,
    /// The mesh's texture coordinates over the image.
    pub uvs: &'a [[f64; 2]],
    pub pixel_art: bool,
}

/// The pages (as the atlas lists them) and the cut regions that paint them.
pub struct PackedAtlas {
    pub pages: Vec<Page>,
    /// Per page: (index into `cuts`, left, top) of each region's cut (frame included).
    paint: Vec<Vec<(usize, u32, u32)>>,
    cuts: Vec<RgbaImage>,
}

/// Trims, cuts and packs `sources` into pages named `NAME_K.png`. Each source is made (its image
/// read) only when its turn comes, and its image is dropped once cut; the first error ends it.
pub fn pack_atlas<'a>(
    name: &str,
    sources: impl IntoIterator<Item = Result<Source<'a>, SpineError>>,
    max_page: u32,
    premultiplied: bool,
) -> Result<PackedAtlas, SpineError> {
    let frame = 2 * FRAME;
    let mut regions = Vec::new();
    let mut cuts = Vec::new();
    let mut pixel_arts = Vec::new();
    for source in sources {
        let source = source?;
        let (width, height) = source.image.dimensions();
        let alpha: Vec<u8> = source.image.pixels().map(|p| p.0[3]).collect();
        let b = trim_box(width, height, &alpha, source.uvs);
        let too_large = |w: u64, h: u64| {
            let side = w.max(h) + u64::from(frame);
            let fits = side.next_power_of_two();
            (side > u64::from(max_page)).then(|| SpineError::RegionTooLarge {
                part: source.part.to_string(),
                width: w,
                height: h,
                max_page,
                fits: u32::try_from(fits).ok().filter(|&f| f <= MAX_PAGE_RANGE.1),
            })
        };
        if let Some(error) = too_large(b.width(), b.height()) {
            return Err(error);
        }
        regions.push(Region {
            name: source.region.clone(),
            bounds: [0, 0, b.width() as u32, b.height() as u32],
            offsets: [
                b.x0,
                i64::from(height) - b.y1,
                i64::from(width),
                i64::from(height),
            ],
        });
        cuts.push(cut(&source.image, b, premultiplied));
        pixel_arts.push(source.pixel_art);
    }
    let mut atlas = PackedAtlas {
        pages: Vec::new(),
        paint: Vec::new(),
        cuts,
    };
    for pixel_art in [false, true] {
        let group: Vec<usize> = (0..pixel_arts.len())
            .filter(|&i| pixel_arts[i] == pixel_art)
            .collect();
        let sizes: Vec<[u32; 2]> = group
            .iter()
            .map(|&i| atlas.cuts[i].dimensions().into())
            .collect();
        // Every size was checked against `max_page` above, so packing cannot refuse one.
        let Some(packing) = pack(&sizes, max_page) else {
            continue;
        };
        let first = atlas.pages.len();
        for &[width, height] in &packing.pages {
            atlas.pages.push(Page {
                file: format!("{name}_{}.png", atlas.pages.len()),
                width,
                height,
                pixel_art,
                premultiplied,
                regions: Vec::new(),
            });
            atlas.paint.push(Vec::new());
        }
        for (&i, placement) in group.iter().zip(&packing.placements) {
            let page = first + placement.page;
            let mut region = regions[i].clone();
            region.bounds[0] = placement.x + FRAME;
            region.bounds[1] = placement.y + FRAME;
            atlas.pages[page].regions.push(region);
            atlas.paint[page].push((i, placement.x, placement.y));
        }
    }
    Ok(atlas)
}

impl PackedAtlas {
    /// Page `index` as PNG bytes, painted and encoded one row at a time.
    pub fn page_png(&self, index: usize) -> Result<Vec<u8>, SpineError> {
        let page = &self.pages[index];
        let failed = |e: &dyn std::fmt::Display| SpineError::Encode {
            file: page.file.clone(),
            message: e.to_string(),
        };
        // The regions of this page, top first: those a row crosses are a window of this list.
        let mut placed = self.paint[index].clone();
        placed.sort_by_key(|&(_, _, y)| y);
        let mut bytes = Vec::new();
        let mut encoder = png::Encoder::new(&mut bytes, page.width, page.height);
        encoder.set_color(png::ColorType::Rgba);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header().map_err(|e| failed(&e))?;
        let mut stream = writer.stream_writer().map_err(|e| failed(&e))?;
        let mut row = vec![0u8; page.width as usize * 4];
        let mut first = 0;
        for y in 0..page.height {
            row.fill(0);
            while first < placed.len() && {
                let (cut, _, top) = placed[first];
                top + self.cuts[cut].height() <= y
            } {
                first += 1;
            }
            for &(cut, left, top) in &placed[first..] {
                if top > y {
                    break;
                }
                let cut = &self.cuts[cut];
                if y >= top + cut.height() {
                    continue;
                }
                let width = cut.width() as usize * 4;
                let from = (y - top) as usize * width;
                let at = left as usize * 4;
                row[at..at + width].copy_from_slice(&cut.as_raw()[from..from + width]);
            }
            stream.write_all(&row).map_err(|e| failed(&e))?;
        }
        stream.finish().map_err(|e| failed(&e))?;
        writer.finish().map_err(|e| failed(&e))?;
        Ok(bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgba;

    /// A `w` x `h` image, opaque in `x0..x1` × `y0..y1`, with a mesh over that box.
    fn source(w: u32, h: u32, visible: [u32; 4]) -> (RgbaImage, Vec<[f64; 2]>) {
        let [x0, y0, x1, y1] = visible;
        let image = RgbaImage::from_fn(w, h, |x, y| {
            let inside = (x0..x1).contains(&x) && (y0..y1).contains(&y);
            Rgba(if inside { [200, 100, 50, 255] } else { [0; 4] })
        });
        let uv = |x: u32, y: u32| [f64::from(x) / f64::from(w), f64::from(y) / f64::from(h)];
        (image, vec![uv(x0, y0), uv(x1, y0), uv(x1, y1), uv(x0, y1)])
    }

    #[test]
    fn trimmed_regions_share_a_page_with_their_offsets() {
        let (a, a_uvs) = source(100, 80, [10, 20, 60, 50]);
        let (b, b_uvs) = source(40, 40, [0, 0, 40, 40]);
        let sources = vec![
            Source {
                part: "a",
                region: "0_a".into(),
                image: a,
                uvs: &a_uvs,
                pixel_art: false,
            },
            Source {
                part: "b",
                region: "1_b".into(),
                image: b,
                uvs: &b_uvs,
                pixel_art: false,
            },
        ];
        let atlas = pack_atlas("x", sources.into_iter().map(Ok), 2048, false).unwrap();
        assert_eq!(atlas.pages.len(), 1);
        let page = &atlas.pages[0];
        // 52 x 32 and 42 x 42 with their frames: too wide and too tall for 64 x 64 together.
        assert_eq!((page.width, page.height), (128, 64));
        let a = page.regions.iter().find(|r| r.name == "0_a").unwrap();
        // 50 x 30 kept: 10 px cut at the left, 30 at the bottom (80 - 50) of 100 x 80.
        assert_eq!(&a.bounds[2..], &[50, 30]);
        assert_eq!(a.offsets, [10, 30, 100, 80]);
        let b = page.regions.iter().find(|r| r.name == "1_b").unwrap();
        assert!(b.untrimmed());
        // The page's pixels: the region's first pixel is the image's pixel at the box's corner.
        let png = atlas.page_png(0).unwrap();
        let decoded = image::load_from_memory(&png).unwrap().to_rgba8();
        assert_eq!(
            decoded.get_pixel(a.bounds[0], a.bounds[1]).0,
            [200, 100, 50, 255]
        );
        // Left of it, inside the frame: the colour bled, alpha 0.
        assert_eq!(
            decoded.get_pixel(a.bounds[0] - 1, a.bounds[1]).0,
            [200, 100, 50, 0]
        );
    }

    #[test]
    fn a_region_larger_than_a_page_names_the_part_and_a_size_that_fits() {
        let (a, uvs) = source(300, 10, [0, 0, 300, 10]);
        let sources = vec![Source {
            part: "arm",
            region: "0_arm".into(),
            image: a,
            uvs: &uvs,
            pixel_art: false,
        }];
        let Err(error) = pack_atlas("x", sources.into_iter().map(Ok), 256, false) else {
            panic!("a 300 px region fits a 256 px page");
        };
        let message = error.to_string();
        assert!(
            message.contains("\"arm\"") && message.contains("--max-page 512"),
            "{message}"
        );
    }

    #[test]
    fn pages_painted_row_by_row_equal_the_regions_pasted_whole() {
        let images: Vec<(RgbaImage, Vec<[f64; 2]>)> = (0..40u32)
            .map(|i| {
                let (w, h) = (3 + (i * 7) % 23, 2 + (i * 11) % 19);
                let image = RgbaImage::from_fn(w, h, |x, y| {
                    Rgba([(x * 9 + i) as u8, (y * 13) as u8, (i * 5) as u8, 255])
                });
                let uvs = vec![[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]];
                (image, uvs)
            })
            .collect();
        let sources = images.iter().enumerate().map(|(i, (image, uvs))| {
            Ok(Source {
                part: "p",
                region: format!("{i}_p"),
                image: image.clone(),
                uvs,
                pixel_art: i % 5 == 0,
            })
        });
        let atlas = pack_atlas("x", sources, 64, false).unwrap();
        assert!(atlas.pages.len() > 1, "{} pages", atlas.pages.len());
        for (index, page) in atlas.pages.iter().enumerate() {
            let mut whole = RgbaImage::new(page.width, page.height);
            for &(cut, x, y) in &atlas.paint[index] {
                image::imageops::replace(&mut whole, &atlas.cuts[cut], i64::from(x), i64::from(y));
            }
            let png = atlas.page_png(index).unwrap();
            let decoded = image::load_from_memory(&png).unwrap().to_rgba8();
            assert!(decoded == whole, "page {index}");
        }
    }
}
