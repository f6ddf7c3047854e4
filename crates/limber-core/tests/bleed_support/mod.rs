//! Measuring bleed: where pixels of a mesh go when it is posed (each moves with the triangle that
//! holds it), and the plane geometry the marked regions need.

use glam::{DAffine2, DVec2};
use limber_core::mesh::Mesh;
use limber_core::skinning::{SkinningMode, skin};
use limber_core::slots::posed::contains;
use limber_core::weights::Binding;

/// Whether `p` lies inside the closed `polygon` (even-odd, as the slots' stencil draws).
pub fn inside_polygon(p: DVec2, polygon: &[[f64; 2]]) -> bool {
    contains(polygon, p.to_array())
}

/// The distance from `p` to the closed `polygon`'s outline.
pub fn polygon_distance(p: DVec2, polygon: &[[f64; 2]]) -> f64 {
    (0..polygon.len())
        .map(|k| {
            let (a, b) = (
                DVec2::from(polygon[k]),
                DVec2::from(polygon[(k + 1) % polygon.len()]),
            );
            let t = ((p - a).dot(b - a) / (b - a).length_squared()).clamp(0.0, 1.0);
            p.distance(a + (b - a) * t)
        })
        .fold(f64::INFINITY, f64::min)
}

/// Where each of `pixels` goes when the mesh is skinned with `palette` (one transform per bone):
/// each moves with the triangle that holds it. Pixels in no triangle are left out.
pub fn posed_pixels(
    mesh: &Mesh,
    binding: &Binding,
    palette: &[DAffine2],
    pixels: &[DVec2],
) -> Vec<(DVec2, DVec2)> {
    let posed = skin(&mesh.positions, binding, palette, SkinningMode::LinearBlend);
    let mut moved_pixels = Vec::new();
    for &p in pixels {
        for t in &mesh.triangles {
            let [a, b, c] = t.map(|v| DVec2::from(mesh.positions[v as usize]));
            let area = (b - a).perp_dot(c - a);
            let (u, v) = (
                (p - a).perp_dot(c - a) / area,
                (b - a).perp_dot(p - a) / area,
            );
            if u < -1e-9 || v < -1e-9 || u + v > 1.0 + 1e-9 {
                continue;
            }
            let [pa, pb, pc] = t.map(|i| DVec2::from(posed[i as usize]));
            moved_pixels.push((p, pa + (pb - pa) * u + (pc - pa) * v));
            break;
        }
    }
    moved_pixels
}

/// The most any of `pixels` moves under `palette`, and how many were measured.
pub fn bleed(
    mesh: &Mesh,
    binding: &Binding,
    palette: &[DAffine2],
    pixels: &[DVec2],
) -> (f64, usize) {
    let moved = posed_pixels(mesh, binding, palette, pixels);
    let worst = moved
        .iter()
        .map(|(p, q)| p.distance(*q))
        .fold(0.0, f64::max);
    (worst, moved.len())
}

/// A turn of `degrees` about `pivot`.
pub fn turn_about(pivot: DVec2, degrees: f64) -> DAffine2 {
    DAffine2::from_translation(pivot)
        * DAffine2::from_angle(degrees.to_radians())
        * DAffine2::from_translation(-pivot)
}
