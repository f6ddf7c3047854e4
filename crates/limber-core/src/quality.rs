//! Measures of triangle quality: angles and areas.

use super::mesh::Mesh;

/// Twice the signed area of triangle (a, b, c) in image coordinates.
pub fn doubled_area(a: [f64; 2], b: [f64; 2], c: [f64; 2]) -> f64 {
    (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
}

/// The smallest interior angle of triangle (a, b, c), in degrees (0 for a degenerate triangle).
pub fn smallest_angle_degrees(a: [f64; 2], b: [f64; 2], c: [f64; 2]) -> f64 {
    let angle = |p: [f64; 2], q: [f64; 2], r: [f64; 2]| {
        let u = [q[0] - p[0], q[1] - p[1]];
        let v = [r[0] - p[0], r[1] - p[1]];
        let cross = u[0] * v[1] - u[1] * v[0];
        let dot = u[0] * v[0] + u[1] * v[1];
        cross.abs().atan2(dot).to_degrees()
    };
    angle(a, b, c).min(angle(b, c, a)).min(angle(c, a, b))
}

/// The median over triangles of each triangle's smallest angle, in degrees.
pub fn median_smallest_angle(mesh: &Mesh) -> f64 {
    let mut angles: Vec<f64> = (0..mesh.triangles.len())
        .map(|t| {
            let [a, b, c] = mesh.corners(t);
            smallest_angle_degrees(a, b, c)
        })
        .collect();
    if angles.is_empty() {
        return 0.0;
    }
    angles.sort_by(f64::total_cmp);
    angles[angles.len() / 2]
}

/// Total area of the mesh's triangles in px².
pub fn total_area(mesh: &Mesh) -> f64 {
    (0..mesh.triangles.len())
        .map(|t| {
            let [a, b, c] = mesh.corners(t);
            doubled_area(a, b, c) / 2.0
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn angles_of_known_triangles() {
        let equilateral = smallest_angle_degrees([0.0, 0.0], [1.0, 0.0], [0.5, 3f64.sqrt() / 2.0]);
        assert!((equilateral - 60.0).abs() < 1e-9);
        let right = smallest_angle_degrees([0.0, 0.0], [2.0, 0.0], [0.0, 2.0]);
        assert!((right - 45.0).abs() < 1e-9);
        assert_eq!(
            smallest_angle_degrees([0.0, 0.0], [1.0, 0.0], [2.0, 0.0]),
            0.0
        );
        assert_eq!(doubled_area([0.0, 0.0], [2.0, 0.0], [0.0, 2.0]), 4.0);
    }
}
