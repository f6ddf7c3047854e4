//! Trimming: the part of a part's image its region keeps.
//!
//! A region keeps the bounding box of the image's visible pixels (alpha above 0) together with the
//! box the mesh covers (every vertex's uv times the image size). The mesh's triangles may reach over
//! transparent pixels beyond the visible ones, and Spine maps their uvs through the trimmed
//! region's offsets onto the page as they are, so whatever a triangle covers must be on the page:
//! the transparent margin a mesh reaches is kept, the rest is cut away. A mesh vertex outside the
//! image (moved there by hand) widens the box past the image; those pixels repeat the image's edge,
//! as a renderer clamping to the image edge draws them.

/// A box of pixels in the image's frame (x right, y down), `x0..x1` × `y0..y1`; it may reach past
/// the image (see the module doc).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TrimBox {
    pub x0: i64,
    pub y0: i64,
    pub x1: i64,
    pub y1: i64,
}

impl TrimBox {
    pub fn width(&self) -> u64 {
        (self.x1 - self.x0).max(0) as u64
    }

    pub fn height(&self) -> u64 {
        (self.y1 - self.y0).max(0) as u64
    }
}

/// The box a region keeps of an image `width` × `height` whose alpha channel is `alpha` (row-major,
/// one byte per pixel) and whose mesh has texture coordinates `uvs`. Never empty: an image with
/// nothing visible and no mesh keeps its top-left pixel.
pub fn trim_box(width: u32, height: u32, alpha: &[u8], uvs: &[[f64; 2]]) -> TrimBox {
    let mut b = TrimBox {
        x0: i64::MAX,
        y0: i64::MAX,
        x1: i64::MIN,
        y1: i64::MIN,
    };
    let w = width as usize;
    for (y, row) in alpha.chunks(w.max(1)).enumerate().take(height as usize) {
        let Some(first) = row.iter().position(|&a| a > 0) else {
            continue;
        };
        let last = row.iter().rposition(|&a| a > 0).unwrap_or(first);
        b.x0 = b.x0.min(first as i64);
        b.x1 = b.x1.max(last as i64 + 1);
        b.y0 = b.y0.min(y as i64);
        b.y1 = b.y1.max(y as i64 + 1);
    }
    // Far-off vertices are bounded: the region's size is checked against the page size after this.
    const FAR: f64 = 1.0e6;
    for &[u, v] in uvs {
        let x = (u * f64::from(width)).clamp(-FAR, FAR);
        let y = (v * f64::from(height)).clamp(-FAR, FAR);
        if !(x.is_finite() && y.is_finite()) {
            continue;
        }
        b.x0 = b.x0.min(x.floor() as i64);
        b.x1 = b.x1.max(x.ceil() as i64);
        b.y0 = b.y0.min(y.floor() as i64);
        b.y1 = b.y1.max(y.ceil() as i64);
    }
    if b.x1 <= b.x0 || b.y1 <= b.y0 {
        let (x, y) = if b.x0 <= b.x1 && b.y0 <= b.y1 {
            (b.x0, b.y0)
        } else {
            (0, 0)
        };
        return TrimBox {
            x0: x,
            y0: y,
            x1: x + 1,
            y1: y + 1,
        };
    }
    b
}

#[cfg(test)]
mod tests {
    use super::*;

    fn alpha(width: u32, height: u32, visible: &[(u32, u32)]) -> Vec<u8> {
        let mut a = vec![0u8; (width * height) as usize];
        for &(x, y) in visible {
            a[(y * width + x) as usize] = 200;
        }
        a
    }

    #[test]
    fn the_box_holds_the_visible_pixels_and_the_mesh() {
        let a = alpha(20, 10, &[(5, 3), (9, 6)]);
        // No mesh: just the visible pixels.
        assert_eq!(
            trim_box(20, 10, &a, &[]),
            TrimBox {
                x0: 5,
                y0: 3,
                x1: 10,
                y1: 7
            }
        );
        // A mesh reaching from (3.5, 2.5) to (12.25, 6.0) in pixels widens it.
        let uvs = [[3.5 / 20.0, 2.5 / 10.0], [12.25 / 20.0, 0.6]];
        assert_eq!(
            trim_box(20, 10, &a, &uvs),
            TrimBox {
                x0: 3,
                y0: 2,
                x1: 13,
                y1: 7
            }
        );
    }

    #[test]
    fn a_vertex_outside_the_image_reaches_past_it() {
        let a = alpha(10, 10, &[(0, 0)]);
        let b = trim_box(10, 10, &a, &[[-0.2, 0.5], [1.05, 0.0]]);
        assert_eq!((b.x0, b.x1, b.y0, b.y1), (-2, 11, 0, 5));
    }

    #[test]
    fn an_empty_image_keeps_one_pixel() {
        let b = trim_box(8, 8, &alpha(8, 8, &[]), &[]);
        assert_eq!((b.width(), b.height()), (1, 1));
    }
}
