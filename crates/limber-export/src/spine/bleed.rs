//! Cutting a region out of a part's image for its page: the trimmed box with a one-pixel frame
//! around it (half of the two pixels between regions), colours bled into transparent texels, and
//! optionally premultiplied.
//!
//! - **The frame** holds what a renderer sampling the whole image would read just outside the box:
//!   the image's pixels there, or, past the image's edge, its edge pixels repeated (clamp to edge).
//!   Linear filtering of any point inside the box reads at most one texel beyond it, so every texel
//!   filtering reads is the same texel the part's own image would give, and no neighbour's.
//! - **Bleeding**: a fully transparent texel next to (of its eight neighbours) a visible one takes
//!   their colour (averaged, weighted by alpha) and keeps alpha 0; other transparent texels become
//!   transparent black. Filtering straight-alpha texels mixes the colour of transparent texels into
//!   the edge, which then darkens toward black; with the neighbours' colour it does not.
//! - **Premultiplied** pages hold colour × alpha (rounded to nearest).

use image::RgbaImage;

use super::trim::TrimBox;

/// The frame around each region, in pixels on each side.
pub const FRAME: u32 = 1;

/// The pixel of `image` at (x, y), the coordinates clamped into the image.
fn clamped(image: &RgbaImage, x: i64, y: i64) -> [u8; 4] {
    let x = x.clamp(0, i64::from(image.width().max(1)) - 1) as u32;
    let y = y.clamp(0, i64::from(image.height().max(1)) - 1) as u32;
    image.get_pixel(x, y).0
}

/// The region `b` of `image` with its frame: (`b`'s width + 2) × (`b`'s height + 2) pixels, the
/// box's top-left pixel at (1, 1). `b` must be no larger than a page (the caller checks).
pub fn cut(image: &RgbaImage, b: TrimBox, premultiplied: bool) -> RgbaImage {
    let frame = i64::from(FRAME);
    let (w, h) = (b.width() as i64 + 2 * frame, b.height() as i64 + 2 * frame);
    // (i, j) counts from one texel beyond the frame, so the frame's texels see all their
    // neighbours; read from the image itself (a copy of the box cost as much memory again).
    let at = |i: i64, j: i64| clamped(image, b.x0 - frame - 1 + i, b.y0 - frame - 1 + j);
    let mut out = RgbaImage::new(w as u32, h as u32);
    for (x, y, pixel) in out.enumerate_pixels_mut() {
        let (i, j) = (i64::from(x) + 1, i64::from(y) + 1);
        let mut p = at(i, j);
        if p[3] == 0 {
            p = bled(|di, dj| at(i + di, j + dj));
        } else if premultiplied {
            let a = u32::from(p[3]);
            for c in &mut p[..3] {
                *c = ((u32::from(*c) * a + 127) / 255) as u8;
            }
        }
        pixel.0 = if premultiplied && p[3] == 0 {
            [0; 4]
        } else {
            p
        };
    }
    out
}

/// A transparent texel's colour: its visible neighbours' colour weighted by their alpha, alpha 0;
/// transparent black when none is visible.
fn bled(neighbour: impl Fn(i64, i64) -> [u8; 4]) -> [u8; 4] {
    let mut sum = [0u32; 3];
    let mut weight = 0u32;
    for dj in -1..=1 {
        for di in -1..=1 {
            if di == 0 && dj == 0 {
                continue;
            }
            let n = neighbour(di, dj);
            let a = u32::from(n[3]);
            for (s, c) in sum.iter_mut().zip(&n[..3]) {
                *s += u32::from(*c) * a;
            }
            weight += a;
        }
    }
    if weight == 0 {
        return [0; 4];
    }
    let c = |s: u32| ((s + weight / 2) / weight) as u8;
    [c(sum[0]), c(sum[1]), c(sum[2]), 0]
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgba;

    /// 4 x 3: a red pixel (alpha 128) at (1, 1), green (opaque) at (2, 1), the rest transparent
    /// with a stray colour.
    fn image() -> RgbaImage {
        let mut image = RgbaImage::from_pixel(4, 3, Rgba([9, 9, 9, 0]));
        image.put_pixel(1, 1, Rgba([255, 0, 0, 128]));
        image.put_pixel(2, 1, Rgba([0, 255, 0, 255]));
        image
    }

    fn whole() -> TrimBox {
        TrimBox {
            x0: 1,
            y0: 1,
            x1: 3,
            y1: 2,
        }
    }

    #[test]
    fn the_frame_holds_the_neighbouring_texels_bled() {
        let out = cut(&image(), whole(), false);
        assert_eq!(out.dimensions(), (4, 3));
        // The box at (1, 1).
        assert_eq!(out.get_pixel(1, 1).0, [255, 0, 0, 128]);
        assert_eq!(out.get_pixel(2, 1).0, [0, 255, 0, 255]);
        // Left of red: red's colour, alpha 0.
        assert_eq!(out.get_pixel(0, 1).0, [255, 0, 0, 0]);
        // Above both: their colours weighted by alpha (128 red, 255 green).
        let above = out.get_pixel(1, 0).0;
        assert_eq!(above[3], 0);
        assert_eq!(above[0], ((255 * 128 + 191) / 383) as u8);
        assert_eq!(above[1], ((255 * 255 + 191) / 383) as u8);
    }

    #[test]
    fn past_the_image_edge_the_edge_repeats() {
        let mut image = image();
        image.put_pixel(3, 1, Rgba([0, 0, 255, 255]));
        let b = TrimBox {
            x0: 2,
            y0: 1,
            x1: 4,
            y1: 2,
        };
        let out = cut(&image, b, false);
        // The frame right of the image's last column repeats it.
        assert_eq!(out.get_pixel(3, 1).0, [0, 0, 255, 255]);
    }

    #[test]
    fn premultiplied_texels_hold_colour_times_alpha() {
        let out = cut(&image(), whole(), true);
        assert_eq!(out.get_pixel(1, 1).0, [128, 0, 0, 128]);
        assert_eq!(out.get_pixel(2, 1).0, [0, 255, 0, 255]);
        assert_eq!(out.get_pixel(0, 1).0, [0, 0, 0, 0]);
    }

    #[test]
    fn transparent_texels_away_from_colour_are_black() {
        let mut image = RgbaImage::from_pixel(5, 5, Rgba([9, 9, 9, 0]));
        image.put_pixel(4, 4, Rgba([1, 2, 3, 255]));
        let out = cut(
            &image,
            TrimBox {
                x0: 0,
                y0: 0,
                x1: 2,
                y1: 2,
            },
            false,
        );
        assert!(out.pixels().all(|p| p.0 == [0, 0, 0, 0]));
    }
}
