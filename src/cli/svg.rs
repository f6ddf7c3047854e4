//! A picture a person can look at: the sprite with its mesh wireframe over it, as SVG.

use std::fmt::Write as _;
use std::path::Path;

use base64::Engine;

use crate::core::Mesh;

/// Renders the SVG text: the PNG embedded as a data URI, triangle edges in one colour, boundary
/// loops in another, vertices as dots.
pub fn svg_text(png_bytes: &[u8], mesh: &Mesh) -> String {
    let (w, h) = (mesh.width, mesh.height);
    let stroke = (f64::from(w.max(h)) / 600.0).max(0.15);
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{}" height="{}" viewBox="0 0 {w} {h}">"#,
        w.max(h).max(512) * w / w.max(h),
        w.max(h).max(512) * h / w.max(h),
    );
    let _ = writeln!(
        svg,
        r#"<image width="{w}" height="{h}" style="image-rendering:pixelated" href="data:image/png;base64,{}"/>"#,
        base64::engine::general_purpose::STANDARD.encode(png_bytes)
    );
    let mut edges: Vec<(u32, u32)> = mesh
        .triangles
        .iter()
        .flat_map(|&[a, b, c]| [(a, b), (b, c), (c, a)])
        .map(|(a, b)| (a.min(b), a.max(b)))
        .collect();
    edges.sort_unstable();
    edges.dedup();
    let point = |v: u32| mesh.positions[v as usize];
    let mut path = String::new();
    for (a, b) in edges {
        let (p, q) = (point(a), point(b));
        let _ = write!(path, "M{:.2} {:.2}L{:.2} {:.2}", p[0], p[1], q[0], q[1]);
    }
    let _ = writeln!(
        svg,
        r##"<path d="{path}" fill="none" stroke="#1e6bff" stroke-width="{stroke:.3}" stroke-opacity="0.8"/>"##
    );
    let mut outline = String::new();
    for ring in &mesh.boundary_loops {
        for (i, &v) in ring.iter().enumerate() {
            let p = point(v);
            let _ = write!(
                outline,
                "{}{:.2} {:.2}",
                if i == 0 { "M" } else { "L" },
                p[0],
                p[1]
            );
        }
        outline.push('Z');
    }
    let _ = writeln!(
        svg,
        r##"<path d="{outline}" fill="none" stroke="#ff3b30" stroke-width="{:.3}"/>"##,
        stroke * 1.5
    );
    svg.push_str("</svg>\n");
    svg
}

/// Writes [`svg_text`] to `path`.
pub fn write_svg(path: &Path, png_bytes: &[u8], mesh: &Mesh) -> std::io::Result<()> {
    std::fs::write(path, svg_text(png_bytes, mesh))
}
