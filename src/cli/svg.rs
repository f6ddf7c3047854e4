//! A picture a person can look at: the sprite with its mesh wireframe over it, as SVG.

use std::fmt::Write as _;
use std::path::Path;

use base64::Engine;

use crate::core::Mesh;
use crate::core::skeleton::Skeleton;
use crate::core::weights::Binding;

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

/// A distinct colour per bone (golden-angle hues), as RGB 0–255.
fn bone_colour(bone: usize) -> [f64; 3] {
    let hue = (bone as f64 * 137.508) % 360.0;
    let (s, l) = (0.75, 0.5);
    let c = (1.0 - (2.0 * l - 1.0f64).abs()) * s;
    let x = c * (1.0 - ((hue / 60.0) % 2.0 - 1.0).abs());
    let (r, g, b) = match (hue / 60.0) as u32 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    let m = l - c / 2.0;
    [(r + m) * 255.0, (g + m) * 255.0, (b + m) * 255.0]
}

/// The sprite with each triangle tinted by its vertices' weights (every bone its own colour, blended
/// by weight) and the bones drawn on top: what automatic weights did, at a glance.
pub fn weights_svg_text(
    png_bytes: &[u8],
    mesh: &Mesh,
    binding: &Binding,
    skeleton: &Skeleton,
) -> String {
    let mut svg = svg_text(png_bytes, mesh);
    svg.truncate(svg.rfind("</svg>").unwrap_or(svg.len()));
    let vertex_colour: Vec<[f64; 3]> = binding
        .vertices
        .iter()
        .map(|influences| {
            influences.iter().fold([0.0; 3], |acc, &(bone, w)| {
                let c = bone_colour(bone);
                [acc[0] + w * c[0], acc[1] + w * c[1], acc[2] + w * c[2]]
            })
        })
        .collect();
    for (t, triangle) in mesh.triangles.iter().enumerate() {
        let colour = triangle.iter().fold([0.0; 3], |acc, &v| {
            let c = vertex_colour.get(v as usize).copied().unwrap_or([128.0; 3]);
            [
                acc[0] + c[0] / 3.0,
                acc[1] + c[1] / 3.0,
                acc[2] + c[2] / 3.0,
            ]
        });
        let [a, b, c] = mesh.corners(t);
        let _ = writeln!(
            svg,
            r#"<path d="M{:.2} {:.2}L{:.2} {:.2}L{:.2} {:.2}Z" fill="rgb({:.0},{:.0},{:.0})" fill-opacity="0.55"/>"#,
            a[0], a[1], b[0], b[1], c[0], c[1], colour[0], colour[1], colour[2]
        );
    }
    let width = (f64::from(mesh.width.max(mesh.height)) / 150.0).max(0.5);
    for (i, bone) in skeleton.bones.iter().enumerate() {
        let c = bone_colour(i);
        let _ = writeln!(
            svg,
            r##"<line x1="{:.2}" y1="{:.2}" x2="{:.2}" y2="{:.2}" stroke="#000" stroke-width="{:.2}"/><line x1="{:.2}" y1="{:.2}" x2="{:.2}" y2="{:.2}" stroke="rgb({:.0},{:.0},{:.0})" stroke-width="{:.2}"/><circle cx="{:.2}" cy="{:.2}" r="{:.2}" fill="#000"/>"##,
            bone.head[0],
            bone.head[1],
            bone.tail[0],
            bone.tail[1],
            width * 2.0,
            bone.head[0],
            bone.head[1],
            bone.tail[0],
            bone.tail[1],
            c[0],
            c[1],
            c[2],
            width,
            bone.head[0],
            bone.head[1],
            width * 1.5
        );
    }
    svg.push_str("</svg>\n");
    svg
}

/// Writes [`svg_text`] to `path` (atomically, replacing it).
pub fn write_svg(path: &Path, png_bytes: &[u8], mesh: &Mesh) -> std::io::Result<()> {
    crate::core::atomic_file::write_atomic_replacing(path, svg_text(png_bytes, mesh).as_bytes())
}
