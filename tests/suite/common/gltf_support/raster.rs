//! A reference picture of limber's frame, drawn on the CPU: each part's skinned triangles, textured
//! with its PNG, composited back to front over a background — the way a WebGL renderer with straight
//! alpha blending draws the glTF export:
//! - a pixel is covered when its centre is inside a triangle (a centre exactly on an edge shared by
//!   two triangles belongs to one of them, so it is drawn once), both windings drawn (double-sided);
//! - texture coordinates interpolate linearly (orthographic view); the texture is sampled
//!   bilinearly with clamped edges, after decoding its sRGB colour to linear (as an sRGB texture is);
//! - the colour is encoded back to sRGB and blended as src·α + dst·(1 − α) into an 8-bit target.

use image::RgbaImage;

/// The canvas: `width` × `height` pixels showing image space from (x0, y0) at `scale` pixels per
/// image pixel.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct View {
    pub x0: f64,
    pub y0: f64,
    pub width: u32,
    pub height: u32,
    pub scale: f64,
}

/// One part to draw: skinned positions (image pixels), texture coordinates, triangles, texture.
pub struct DrawPart<'a> {
    pub positions: &'a [[f64; 2]],
    pub uvs: &'a [[f64; 2]],
    pub triangles: &'a [[u32; 3]],
    pub texture: &'a RgbaImage,
}

fn srgb_to_linear(c: f64) -> f64 {
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

fn linear_to_srgb(c: f64) -> f64 {
    if c <= 0.0031308 {
        c * 12.92
    } else {
        1.055 * c.powf(1.0 / 2.4) - 0.055
    }
}

/// Bilinear sample (linear colour, alpha) at texture coordinates (u, v), edges clamped.
fn sample(texture: &RgbaImage, u: f64, v: f64) -> [f64; 4] {
    let (w, h) = (texture.width() as i64, texture.height() as i64);
    let x = u * w as f64 - 0.5;
    let y = v * h as f64 - 0.5;
    let (x0, y0) = (x.floor(), y.floor());
    let (fx, fy) = (x - x0, y - y0);
    let texel = |i: i64, j: i64| -> [f64; 4] {
        let p = texture
            .get_pixel(i.clamp(0, w - 1) as u32, j.clamp(0, h - 1) as u32)
            .0;
        let c = |k: usize| srgb_to_linear(f64::from(p[k]) / 255.0);
        [c(0), c(1), c(2), f64::from(p[3]) / 255.0]
    };
    let (i, j) = (x0 as i64, y0 as i64);
    let (a, b, c, d) = (
        texel(i, j),
        texel(i + 1, j),
        texel(i, j + 1),
        texel(i + 1, j + 1),
    );
    let mut out = [0.0; 4];
    for k in 0..4 {
        let top = a[k] + (b[k] - a[k]) * fx;
        let bottom = c[k] + (d[k] - c[k]) * fx;
        out[k] = top + (bottom - top) * fy;
    }
    out
}

/// Whether an edge from a to b (of a triangle given positive area) owns the pixel centres exactly on
/// it. The neighbour sharing the edge runs it from b to a and gets the opposite answer.
fn owns_its_line(a: [f64; 2], b: [f64; 2]) -> bool {
    let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
    dy < 0.0 || (dy == 0.0 && dx > 0.0)
}

/// Draws `parts` (back to front) over `background` (sRGB bytes).
pub fn draw(parts: &[DrawPart], view: View, background: [u8; 3]) -> Vec<[u8; 3]> {
    let (w, h) = (view.width as usize, view.height as usize);
    let mut canvas = vec![background; w * h];
    for part in parts {
        for tri in part.triangles {
            let idx = tri.map(|i| i as usize);
            let to_canvas =
                |p: [f64; 2]| [(p[0] - view.x0) * view.scale, (p[1] - view.y0) * view.scale];
            let mut p = idx.map(|i| to_canvas(part.positions[i]));
            let mut uv = idx.map(|i| part.uvs[i]);
            let edge = |a: [f64; 2], b: [f64; 2], c: [f64; 2]| {
                (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
            };
            let mut area = edge(p[0], p[1], p[2]);
            if area == 0.0 {
                continue;
            }
            if area < 0.0 {
                p.swap(1, 2);
                uv.swap(1, 2);
                area = -area;
            }
            let xs = p.map(|q| q[0]);
            let ys = p.map(|q| q[1]);
            let lo_x = xs
                .iter()
                .copied()
                .fold(f64::INFINITY, f64::min)
                .floor()
                .max(0.0) as usize;
            let hi_x = (xs.iter().copied().fold(f64::NEG_INFINITY, f64::max).ceil() as i64)
                .clamp(0, w as i64) as usize;
            let lo_y = ys
                .iter()
                .copied()
                .fold(f64::INFINITY, f64::min)
                .floor()
                .max(0.0) as usize;
            let hi_y = (ys.iter().copied().fold(f64::NEG_INFINITY, f64::max).ceil() as i64)
                .clamp(0, h as i64) as usize;
            let owns = [
                owns_its_line(p[1], p[2]),
                owns_its_line(p[2], p[0]),
                owns_its_line(p[0], p[1]),
            ];
            for y in lo_y..hi_y {
                for x in lo_x..hi_x {
                    let c = [x as f64 + 0.5, y as f64 + 0.5];
                    let b = [
                        edge(p[1], p[2], c),
                        edge(p[2], p[0], c),
                        edge(p[0], p[1], c),
                    ];
                    let inside = (0..3).all(|k| b[k] > 0.0 || (b[k] == 0.0 && owns[k]));
                    if !inside {
                        continue;
                    }
                    let (u, v) = (0..3).fold((0.0, 0.0), |(u, v), k| {
                        (u + uv[k][0] * b[k] / area, v + uv[k][1] * b[k] / area)
                    });
                    let texel = sample(part.texture, u, v);
                    let alpha = texel[3];
                    let dst = &mut canvas[y * w + x];
                    for k in 0..3 {
                        let src = linear_to_srgb(texel[k]) * 255.0;
                        let blended = src * alpha + f64::from(dst[k]) * (1.0 - alpha);
                        dst[k] = blended.round().clamp(0.0, 255.0) as u8;
                    }
                }
            }
        }
    }
    canvas
}

/// How two pictures of the same size differ.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Difference {
    /// Mean absolute difference per colour channel, 0–255.
    pub mean: f64,
    /// Largest difference of a channel.
    pub max: u8,
    /// Fraction of pixels with a channel differing by more than 32.
    pub far: f64,
    /// Pixels that are background in one picture and not in the other, over the pixels that are
    /// not background in either (1 − intersection over union of the silhouettes).
    pub silhouette: f64,
}

/// How far (in levels of 255) a pixel must differ from the background to count as covered.
pub const SILHOUETTE_LEVELS: u8 = 8;

pub fn compare(a: &[[u8; 3]], b: &[[u8; 3]], background: [u8; 3]) -> Difference {
    assert_eq!(a.len(), b.len(), "pictures of one size");
    let (mut sum, mut max, mut far) = (0u64, 0u8, 0usize);
    let (mut either, mut both) = (0usize, 0usize);
    for (p, q) in a.iter().zip(b) {
        let d: Vec<u8> = (0..3).map(|k| p[k].abs_diff(q[k])).collect();
        sum += d.iter().map(|&x| u64::from(x)).sum::<u64>();
        max = max.max(d.iter().copied().max().unwrap_or(0));
        if d.iter().any(|&x| x > 32) {
            far += 1;
        }
        // A pixel is part of the silhouette when it differs visibly from the background: faint
        // alpha at the rim (a level or two after 8-bit blending, which premultiplied and straight
        // pipelines round differently) does not count.
        let visible =
            |c: &[u8; 3]| (0..3).any(|k| c[k].abs_diff(background[k]) > SILHOUETTE_LEVELS);
        let (in_a, in_b) = (visible(p), visible(q));
        either += usize::from(in_a || in_b);
        both += usize::from(in_a && in_b);
    }
    Difference {
        mean: sum as f64 / (a.len() * 3) as f64,
        max,
        far: far as f64 / a.len() as f64,
        silhouette: 1.0 - both as f64 / either.max(1) as f64,
    }
}
