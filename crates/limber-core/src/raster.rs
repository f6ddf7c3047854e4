//! Rasterising a mesh at pixel centres: how many triangles cover each pixel's centre.
//!
//! Uses exact orientation tests and a fill rule under which a centre on an edge shared by two
//! triangles counts for exactly one of them, so a count above 1 always means overlapping triangles.

use geo::Coord;
use geo::kernels::{Kernel, Orientation, RobustKernel};

use super::mesh::Mesh;

/// Coverage count per pixel, row-major (`counts[y * width + x]`).
pub fn coverage(mesh: &Mesh) -> Vec<u16> {
    let (width, height) = (mesh.width as usize, mesh.height as usize);
    let mut counts = vec![0u16; width * height];
    for t in 0..mesh.triangles.len() {
        let corners = mesh.corners(t).map(|[x, y]| Coord { x, y });
        let min_x = corners.iter().map(|c| c.x).fold(f64::INFINITY, f64::min);
        let max_x = corners
            .iter()
            .map(|c| c.x)
            .fold(f64::NEG_INFINITY, f64::max);
        let min_y = corners.iter().map(|c| c.y).fold(f64::INFINITY, f64::min);
        let max_y = corners
            .iter()
            .map(|c| c.y)
            .fold(f64::NEG_INFINITY, f64::max);
        let x0 = (min_x - 0.5).ceil().max(0.0) as usize;
        let y0 = (min_y - 0.5).ceil().max(0.0) as usize;
        let x1 = ((max_x - 0.5).floor() as i64).min(width as i64 - 1);
        let y1 = ((max_y - 0.5).floor() as i64).min(height as i64 - 1);
        if x1 < 0 || y1 < 0 {
            continue;
        }
        for y in y0..=y1 as usize {
            for x in x0..=x1 as usize {
                let centre = Coord {
                    x: x as f64 + 0.5,
                    y: y as f64 + 0.5,
                };
                if covers(&corners, centre) {
                    counts[y * width + x] = counts[y * width + x].saturating_add(1);
                }
            }
        }
    }
    counts
}

/// Whether a triangle wound with positive shoelace area covers `p` under the fill rule.
fn covers(corners: &[Coord<f64>; 3], p: Coord<f64>) -> bool {
    (0..3).all(|i| {
        let a = corners[i];
        let b = corners[(i + 1) % 3];
        match RobustKernel::orient2d(a, b, p) {
            Orientation::CounterClockwise => true,
            Orientation::Clockwise => false,
            Orientation::Collinear => owns_edge(b - a),
        }
    })
}

/// The fill rule: an edge owns the points on it when it points this way; the same edge walked the
/// other way (by the neighbouring triangle) does not.
fn owns_edge(d: Coord<f64>) -> bool {
    d.y > 0.0 || (d.y == 0.0 && d.x > 0.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::triangulate::Triangles;

    #[test]
    fn two_triangles_of_a_square_cover_each_centre_once() {
        let mesh = Mesh::from_triangles(
            4,
            4,
            Triangles {
                positions: vec![[0.5, 0.5], [3.5, 0.5], [3.5, 3.5], [0.5, 3.5]],
                triangles: vec![[0, 1, 2], [0, 2, 3]],
            },
        );
        let counts = coverage(&mesh);
        // Centres on the square's outer edges are owned by some triangles, never twice.
        assert!(counts.iter().all(|&c| c <= 1));
        // The diagonal passes through centres (1.5,1.5) and (2.5,2.5): covered exactly once.
        assert_eq!(counts[4 + 1], 1);
        assert_eq!(counts[2 * 4 + 2], 1);
        assert_eq!(counts[2 * 4 + 1], 1);
    }

    #[test]
    fn overlapping_triangles_count_twice() {
        let mesh = Mesh::from_triangles(
            4,
            4,
            Triangles {
                positions: vec![[0.0, 0.0], [4.0, 0.0], [0.0, 4.0]],
                triangles: vec![[0, 1, 2], [0, 1, 2]],
            },
        );
        assert_eq!(coverage(&mesh)[0], 2);
    }
}
