//! Reading a pixel distance field at an arbitrary point (a mesh vertex), from inside pixels only.

use super::InsideGrid;

/// Distance at `point`: the smallest `field[p] + |point − centre(p)|` over the inside pixels `p`
/// around it (the four whose centres surround it; a 5 × 5 window when none of those four is inside).
/// Outside pixels never contribute, so a vertex on the outline does not pick up an outside pixel's
/// infinity.
pub fn vertex_distance(grid: &InsideGrid, field: &[f32], point: [f64; 2]) -> f64 {
    let (fx, fy) = (
        (point[0] - 0.5).floor() as i64,
        (point[1] - 0.5).floor() as i64,
    );
    let best_in = |x0: i64, y0: i64, x1: i64, y1: i64| {
        let mut best = f64::INFINITY;
        for y in y0..=y1 {
            for x in x0..=x1 {
                if !grid.is_inside(x, y) {
                    continue;
                }
                let d = f64::from(field[y as usize * grid.width + x as usize]);
                if d.is_finite() {
                    let (dx, dy) = (point[0] - (x as f64 + 0.5), point[1] - (y as f64 + 0.5));
                    best = best.min(d + (dx * dx + dy * dy).sqrt());
                }
            }
        }
        best
    };
    let near_inside = (fy..=fy + 1).any(|y| (fx..=fx + 1).any(|x| grid.is_inside(x, y)));
    if near_inside {
        // Unreached there means unreached (or pruned) here: a pixel further off may lie across a
        // gap in the mask.
        best_in(fx, fy, fx + 1, fy + 1)
    } else {
        best_in(fx - 2, fy - 2, fx + 3, fy + 3)
    }
}

/// Straight-line distance from `point` to the segment `a`–`b` (a point when `a == b`).
pub fn segment_distance(point: [f64; 2], a: [f64; 2], b: [f64; 2]) -> f64 {
    let (abx, aby) = (b[0] - a[0], b[1] - a[1]);
    let (apx, apy) = (point[0] - a[0], point[1] - a[1]);
    let length2 = abx * abx + aby * aby;
    let t = if length2 > 0.0 {
        ((apx * abx + apy * aby) / length2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let (dx, dy) = (apx - t * abx, apy - t * aby);
    (dx * dx + dy * dy).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn segment_distance_of_known_points() {
        assert_eq!(segment_distance([5.0, 3.0], [0.0, 0.0], [10.0, 0.0]), 3.0);
        assert_eq!(segment_distance([13.0, 4.0], [0.0, 0.0], [10.0, 0.0]), 5.0);
        assert_eq!(segment_distance([3.0, 4.0], [0.0, 0.0], [0.0, 0.0]), 5.0);
    }

    #[test]
    fn reads_inside_pixels_only() {
        // Two pixels: (0,0) inside with distance 2, (1,0) outside with infinity.
        let grid = InsideGrid {
            width: 2,
            height: 1,
            inside: vec![true, false],
            walls: Vec::new(),
        };
        let field = [2.0f32, f32::INFINITY];
        let d = vertex_distance(&grid, &field, [1.0, 0.5]);
        assert!((d - 2.5).abs() < 1e-12, "{d}");
        let far = vertex_distance(&grid, &field, [1.9, 0.5]);
        assert!((far - 3.4).abs() < 1e-9, "{far}");
    }
}
