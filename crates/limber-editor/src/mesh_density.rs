//! How dense a mesh the spacing slider asks for, sized to the image: the slider's range (a 256th
//! to a quarter of the image's longer side), about how many vertices a spacing makes (the mesh
//! pipeline's own budget rule), whether that needs a question first (over [`ASK_VERTICES`]) or is
//! past the pipeline's hard limit ([`MAX_MESH_VERTICES`]), and how big the view draws vertex dots
//! and the default weight brush so that both stay readable on a 4096 px sprite.

use std::collections::HashMap;

use limber_core::Mesh;
use limber_core::pipeline::MAX_MESH_VERTICES;

/// A mesh with more vertices than this asks before it is made (every action on it gets slow).
pub const ASK_VERTICES: f64 = 50_000.0;

/// The area of an equilateral triangle of side 1.
const UNIT_TRIANGLE: f64 = 0.433_012_701_892_219_3;

/// The spacing slider's range (image pixels) for a `width` × `height` image: from a 256th of the
/// longer side (at least 2 px) to a quarter of it (at least 16 px), so the automatic spacing (a
/// twentieth) sits inside it, not at an end.
pub fn spacing_range(width: u32, height: u32) -> (f64, f64) {
    let longer = f64::from(width.max(height));
    let lo = (longer / 256.0).max(2.0);
    (lo, (longer / 4.0).max(16.0).max(lo * 2.0))
}

/// The outline's vertices of `mesh`: the ends of edges only one triangle uses.
fn outline_vertices(mesh: &Mesh) -> usize {
    let mut uses: HashMap<(u32, u32), u32> = HashMap::with_capacity(mesh.triangles.len() * 3);
    for t in &mesh.triangles {
        for (a, b) in [(t[0], t[1]), (t[1], t[2]), (t[2], t[0])] {
            *uses.entry((a.min(b), a.max(b))).or_default() += 1;
        }
    }
    let mut ends: Vec<u32> = uses
        .into_iter()
        .filter(|(_, n)| *n == 1)
        .flat_map(|((a, b), _)| [a, b])
        .collect();
    ends.sort_unstable();
    ends.dedup();
    ends.len()
}

/// The area `mesh` covers (image pixels²).
fn covered_area(mesh: &Mesh) -> f64 {
    mesh.triangles
        .iter()
        .map(|t| {
            let p = |i: u32| mesh.positions.get(i as usize).copied().unwrap_or_default();
            let (a, b, c) = (p(t[0]), p(t[1]), p(t[2]));
            ((b[0] - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (b[1] - a[1])).abs() / 2.0
        })
        .sum()
}

/// What a spacing would make of a part's mesh.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum SpacingCheck {
    /// About this many vertices: made at once.
    Fine(f64),
    /// About this many vertices, over [`ASK_VERTICES`]: made once the artist says so.
    Ask(f64),
    /// Past the hard limit: refused; `least` is the finest spacing the limit allows.
    TooFine { vertices: f64, least: f64 },
}

impl SpacingCheck {
    /// What a spacing of `spacing` px makes of `mesh` (estimated from the area it covers now, with
    /// the pipeline's rule: about two triangles per vertex, plus the outline's vertices).
    pub fn of(mesh: &Mesh, spacing: f64) -> Self {
        let area = covered_area(mesh);
        let outline = outline_vertices(mesh) as f64;
        let spacing = spacing.max(1e-3);
        let vertices = area / (spacing * spacing * UNIT_TRIANGLE) / 2.0 + outline;
        if vertices > MAX_MESH_VERTICES {
            let room = (MAX_MESH_VERTICES - outline).max(1.0);
            let least = (area / (room * 2.0 * UNIT_TRIANGLE)).sqrt().ceil();
            Self::TooFine { vertices, least }
        } else if vertices > ASK_VERTICES {
            Self::Ask(vertices)
        } else {
            Self::Fine(vertices)
        }
    }

    /// The question or the refusal, in a sentence.
    pub fn message(&self, spacing: f64) -> String {
        match *self {
            Self::Fine(n) => format!("spacing {spacing:.1} px: about {n:.0} vertices"),
            Self::Ask(n) => format!(
                "Spacing {spacing:.1} px makes about {n:.0} vertices (over {ASK_VERTICES:.0}): \
                 every action on the mesh, undo too, gets slow. Make it?"
            ),
            Self::TooFine { vertices, least } => format!(
                "spacing {spacing:.1} px is too fine for this image: about {vertices:.0} \
                 vertices, over the limit of {MAX_MESH_VERTICES:.0}; use {least:.0} px or more"
            ),
        }
    }
}

/// The radius (screen points) of the view's vertex dots for a mesh of `vertices` vertices covering
/// `area` image pixels² seen at `zoom`: a quarter of the typical distance between neighbouring
/// vertices on screen, between 0.75 and 2.5 points, so a dense mesh reads as dots, not a blob.
pub fn dot_radius(area: f64, vertices: usize, zoom: f64) -> f32 {
    let apart = (area / vertices.max(1) as f64).sqrt() * zoom;
    (apart / 4.0).clamp(0.75, 2.5) as f32
}

/// The weight brush's starting radius (image pixels) for an image whose longer side is `longer`
/// pixels: a fortieth of it, at least 12 px, so it shows on a big sprite.
pub fn brush_radius(longer: u32) -> f64 {
    (f64::from(longer) / 40.0).max(12.0)
}

/// The dots' radius for `mesh` at `zoom` ([`dot_radius`] with its covered area).
pub fn mesh_dot_radius(mesh: &Mesh, zoom: f64) -> f32 {
    dot_radius(covered_area(mesh), mesh.positions.len(), zoom)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A `side` × `side` square meshed as a grid of `n` × `n` cells.
    fn grid(side: f64, n: u32) -> Mesh {
        let step = side / f64::from(n);
        let mut positions = Vec::new();
        for y in 0..=n {
            for x in 0..=n {
                positions.push([f64::from(x) * step, f64::from(y) * step]);
            }
        }
        let at = |x: u32, y: u32| y * (n + 1) + x;
        let mut triangles = Vec::new();
        for y in 0..n {
            for x in 0..n {
                triangles.push([at(x, y), at(x + 1, y), at(x + 1, y + 1)]);
                triangles.push([at(x, y), at(x + 1, y + 1), at(x, y + 1)]);
            }
        }
        Mesh::from_triangles(
            side as u32,
            side as u32,
            limber_core::triangulate::Triangles {
                positions,
                triangles,
            },
        )
    }

    #[test]
    fn the_range_follows_the_image_and_holds_the_automatic_spacing() {
        for (w, h) in [(64, 48), (512, 512), (2392, 4096)] {
            let (lo, hi) = spacing_range(w, h);
            let auto = limber_core::pipeline::auto_spacing(w, h);
            assert!(lo < auto && auto < hi, "{w}×{h}: {lo}..{hi} vs {auto}");
        }
        assert_eq!(spacing_range(4096, 2392), (16.0, 1024.0));
    }

    #[test]
    fn a_fine_spacing_on_a_big_image_asks_and_past_the_limit_is_refused() {
        let mesh = grid(4096.0, 8);
        assert_eq!(outline_vertices(&mesh), 32);
        assert!((covered_area(&mesh) - 4096.0 * 4096.0).abs() < 1e-6);
        assert!(matches!(
            SpacingCheck::of(&mesh, 205.0),
            SpacingCheck::Fine(_)
        ));
        let SpacingCheck::Ask(n) = SpacingCheck::of(&mesh, 16.0) else {
            panic!("16 px on 4096² asks");
        };
        assert!(n > ASK_VERTICES && n < MAX_MESH_VERTICES, "{n}");
        let SpacingCheck::TooFine { least, .. } = SpacingCheck::of(&mesh, 2.0) else {
            panic!("2 px on 4096² is past the limit");
        };
        assert!(matches!(
            SpacingCheck::of(&mesh, least),
            SpacingCheck::Ask(_)
        ));
        assert!(
            SpacingCheck::of(&mesh, 2.0)
                .message(2.0)
                .contains("too fine")
        );
    }

    #[test]
    fn dots_shrink_on_a_dense_mesh_and_the_brush_grows_with_the_image() {
        // 9,150 vertices over a 2392 × 4096 figure seen whole in ~700 points.
        let dense = dot_radius(2392.0 * 4096.0 * 0.4, 9_150, 700.0 / 4096.0);
        assert!(dense < 1.5, "{dense}");
        assert_eq!(dot_radius(100.0 * 100.0, 20, 1.0), 2.5);
        assert_eq!(brush_radius(256), 12.0);
        assert!(brush_radius(4096) > 100.0);
    }
}
