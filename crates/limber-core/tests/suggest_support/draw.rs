//! Shapes drawn for the suggestion tests: thick strokes between points and round blobs.

use image::{DynamicImage, Rgba, RgbaImage};

/// A `w` × `h` image, opaque within `radius` px of any stroke (a segment between two points) and
/// within any blob (centre, radius), transparent elsewhere.
pub fn drawn(
    w: u32,
    h: u32,
    radius: f64,
    lines: &[([f64; 2], [f64; 2])],
    blobs: &[([f64; 2], f64)],
) -> DynamicImage {
    let img = RgbaImage::from_fn(w, h, |x, y| {
        let p = [x as f64 + 0.5, y as f64 + 0.5];
        let near = lines.iter().any(|(a, b)| {
            let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
            let t =
                (((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)).clamp(0.0, 1.0);
            (p[0] - a[0] - t * dx).hypot(p[1] - a[1] - t * dy) <= radius
        }) || blobs
            .iter()
            .any(|(c, r)| (p[0] - c[0]).hypot(p[1] - c[1]) <= *r);
        Rgba([200, 100, 50, if near { 255 } else { 0 }])
    });
    DynamicImage::ImageRgba8(img)
}
