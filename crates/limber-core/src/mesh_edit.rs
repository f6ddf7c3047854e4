//! Editing a mesh by hand: adding, moving and removing vertices. Each edit re-triangulates all the
//! vertices as a constrained Delaunay triangulation (`spade`) whose constraints are the boundary
//! loops, keeps the triangles inside the loops (even–odd rule, so holes stay holes), and refuses a
//! result that is not a valid mesh of the same shape: loops that cross or turn over, a vertex left
//! outside the outline, two vertices at one place, a degenerate triangle (a flat sliver between
//! points in a row on one outline loop covers nothing and is left out). Vertex indices are kept
//! (a removed vertex shifts the later ones down by one; an added vertex comes last).

use spade::{ConstrainedDelaunayTriangulation, Point2, Triangulation};
use std::collections::HashMap;
use thiserror::Error;

use super::mesh::{Mesh, loop_signed_area};
use super::remesh::carry_binding;
use super::triangulate::Triangles;
use super::weights::Binding;

/// Closest an added vertex may be to an existing one, in pixels.
pub const MIN_VERTEX_GAP: f64 = 0.25;
/// Smallest triangle area (px²) an edit may leave.
const MIN_TRIANGLE_AREA: f64 = 1e-6;

/// Why a mesh edit was refused (the mesh is unchanged).
#[derive(Debug, Clone, PartialEq, Error)]
pub enum MeshEditError {
    #[error("no vertex {0}")]
    NoVertex(usize),
    #[error("the point is outside the mesh")]
    Outside,
    #[error("the point is within {MIN_VERTEX_GAP} px of vertex {0}")]
    TooClose(usize),
    #[error("a vertex would lie outside the outline")]
    VertexOutside,
    #[error("the outline would cross itself")]
    Crossing,
    #[error("the outline would fold over")]
    Fold,
    #[error("a boundary loop needs at least 3 vertices")]
    LoopTooSmall,
    #[error("a triangle would have no area")]
    Degenerate,
    #[error("the mesh cannot be triangulated: {0}")]
    Rejected(String),
}

/// An edited mesh, and for each of its vertices the old vertex it is (same position, so its
/// per-vertex data can be copied), or `None` for a new or moved vertex (its data is carried).
#[derive(Debug, Clone, PartialEq)]
pub struct Edited {
    pub mesh: Mesh,
    pub kept: Vec<Option<u32>>,
}

/// Whether `point` lies in a triangle of `mesh` (edges included).
pub fn contains(mesh: &Mesh, point: [f64; 2]) -> bool {
    (0..mesh.triangles.len()).any(|t| {
        let [a, b, c] = mesh.corners(t);
        let side = |u: [f64; 2], v: [f64; 2]| cross(u, v, point) >= 0.0;
        side(a, b) && side(b, c) && side(c, a)
    })
}

/// Adds a vertex at `point`, which must be inside the mesh and not on an existing vertex.
pub fn add_vertex(mesh: &Mesh, point: [f64; 2]) -> Result<Edited, MeshEditError> {
    if !point.iter().all(|c| c.is_finite()) || !contains(mesh, point) {
        return Err(MeshEditError::Outside);
    }
    if let Some(v) = mesh
        .positions
        .iter()
        .position(|p| (p[0] - point[0]).hypot(p[1] - point[1]) < MIN_VERTEX_GAP)
    {
        return Err(MeshEditError::TooClose(v));
    }
    let mut positions = mesh.positions.clone();
    positions.push(point);
    let mut kept: Vec<Option<u32>> = (0..mesh.positions.len() as u32).map(Some).collect();
    kept.push(None);
    let mesh = retriangulate(mesh, positions, mesh.boundary_loops.clone())?;
    Ok(Edited { mesh, kept })
}

/// Moves vertex `vertex` to `to`. An interior vertex must stay inside the outline; a boundary vertex
/// moves the outline with it, which must not cross itself or turn over.
pub fn move_vertex(mesh: &Mesh, vertex: usize, to: [f64; 2]) -> Result<Edited, MeshEditError> {
    if vertex >= mesh.positions.len() {
        return Err(MeshEditError::NoVertex(vertex));
    }
    if !to.iter().all(|c| c.is_finite()) {
        return Err(MeshEditError::VertexOutside);
    }
    let mut positions = mesh.positions.clone();
    positions[vertex] = to;
    let kept = (0..mesh.positions.len())
        .map(|v| (v != vertex).then_some(v as u32))
        .collect();
    let mesh = retriangulate(mesh, positions, mesh.boundary_loops.clone())?;
    Ok(Edited { mesh, kept })
}

/// Removes vertex `vertex`. A boundary vertex leaves its loop, whose neighbours then join directly.
pub fn remove_vertex(mesh: &Mesh, vertex: usize) -> Result<Edited, MeshEditError> {
    if vertex >= mesh.positions.len() {
        return Err(MeshEditError::NoVertex(vertex));
    }
    let removed = vertex as u32;
    let renumber = |v: u32| if v > removed { v - 1 } else { v };
    let mut loops = Vec::with_capacity(mesh.boundary_loops.len());
    for ring in &mesh.boundary_loops {
        let ring: Vec<u32> = ring
            .iter()
            .filter(|&&v| v != removed)
            .map(|&v| renumber(v))
            .collect();
        if ring.len() < 3 {
            return Err(MeshEditError::LoopTooSmall);
        }
        loops.push(ring);
    }
    let mut positions = mesh.positions.clone();
    positions.remove(vertex);
    let kept = (0..mesh.positions.len() as u32)
        .filter(|&v| v != removed)
        .map(Some)
        .collect();
    let mesh = retriangulate(mesh, positions, loops)?;
    Ok(Edited { mesh, kept })
}

/// The old binding on the edited mesh: kept vertices keep their influences exactly, new and moved
/// ones take them from the old triangle they lie in ([`carry_binding`]).
pub fn carry_edited_binding(old: &Mesh, old_binding: &Binding, edited: &Edited) -> Binding {
    let fresh: Vec<[f64; 2]> = edited
        .kept
        .iter()
        .zip(&edited.mesh.positions)
        .filter(|(k, _)| k.is_none())
        .map(|(_, p)| *p)
        .collect();
    let mut carried = carry_binding(old, old_binding, &fresh).vertices.into_iter();
    let vertices = edited
        .kept
        .iter()
        .map(|k| match k {
            Some(v) => old_binding
                .vertices
                .get(*v as usize)
                .cloned()
                .unwrap_or_default(),
            None => carried.next().unwrap_or_default(),
        })
        .collect();
    Binding { vertices }
}

/// z of (b − a) × (p − a): positive when p is to the left of a → b (shoelace-positive side).
fn cross(a: [f64; 2], b: [f64; 2], p: [f64; 2]) -> f64 {
    (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])
}

/// Even–odd test of `p` against closed loops.
fn inside_loops(positions: &[[f64; 2]], loops: &[Vec<u32>], p: [f64; 2]) -> bool {
    let mut inside = false;
    for ring in loops {
        for (k, &a) in ring.iter().enumerate() {
            let (a, b) = (
                positions[a as usize],
                positions[ring[(k + 1) % ring.len()] as usize],
            );
            if (a[1] > p[1]) != (b[1] > p[1]) {
                let x = a[0] + (p[1] - a[1]) / (b[1] - a[1]) * (b[0] - a[0]);
                if p[0] < x {
                    inside = !inside;
                }
            }
        }
    }
    inside
}

/// Triangulates `positions` constrained by `loops` (which were `old`'s loops before the edit) and
/// checks that the result is a mesh of the same kind: same loops, same orientation, every vertex used.
/// Whether `corners` all lie on one outline loop; `on_loop` maps an outline vertex to its loop.
fn on_one_loop(on_loop: &HashMap<u32, usize>, corners: [u32; 3]) -> bool {
    let mut rings = corners.iter().map(|v| on_loop.get(v));
    let Some(Some(first)) = rings.next() else {
        return false;
    };
    rings.all(|ring| ring == Some(first))
}

fn retriangulate(
    old: &Mesh,
    positions: Vec<[f64; 2]>,
    loops: Vec<Vec<u32>>,
) -> Result<Mesh, MeshEditError> {
    // The loops must keep their orientation (an island stays an island, a hole a hole).
    for (before, after) in old.boundary_loops.iter().zip(&loops) {
        let was = loop_signed_area(&old.positions, before);
        let is = loop_signed_area(&positions, after);
        if was.signum() != is.signum() || is.abs() < MIN_TRIANGLE_AREA {
            return Err(MeshEditError::Fold);
        }
    }
    let points: Vec<Point2<f64>> = positions.iter().map(|p| Point2::new(p[0], p[1])).collect();
    let edges: Vec<[usize; 2]> = loops
        .iter()
        .flat_map(|ring| {
            (0..ring.len()).map(move |k| [ring[k] as usize, ring[(k + 1) % ring.len()] as usize])
        })
        .collect();
    let mut crossing = false;
    let cdt: ConstrainedDelaunayTriangulation<Point2<f64>> =
        ConstrainedDelaunayTriangulation::try_bulk_load_cdt(points, edges.clone(), |_| {
            crossing = true;
        })
        .map_err(|e| MeshEditError::Rejected(format!("{e:?}")))?;
    if crossing {
        return Err(MeshEditError::Crossing);
    }
    if cdt.num_vertices() != positions.len() {
        return Err(MeshEditError::Rejected("two vertices at one place".into()));
    }
    // The loop of each outline vertex.
    let on_loop: HashMap<u32, usize> = loops
        .iter()
        .enumerate()
        .flat_map(|(l, ring)| ring.iter().map(move |&v| (v, l)))
        .collect();
    let mut triangles = Vec::new();
    for face in cdt.inner_faces() {
        let [a, b, c] = face.vertices().map(|v| v.fix().index() as u32);
        let corners = [a, b, c].map(|v| positions[v as usize]);
        let centre = [
            (corners[0][0] + corners[1][0] + corners[2][0]) / 3.0,
            (corners[0][1] + corners[1][1] + corners[2][1]) / 3.0,
        ];
        if !inside_loops(&positions, &loops, centre) {
            continue;
        }
        let area = cross(corners[0], corners[1], corners[2]);
        if area.abs() < MIN_TRIANGLE_AREA {
            if on_one_loop(&on_loop, [a, b, c]) {
                // Outline points in a row on a straight stretch of one loop (the mesher splits
                // long outline edges): a flat sliver between them covers nothing. Folds and
                // crossings are refused above.
                continue;
            }
            return Err(MeshEditError::Degenerate);
        }
        triangles.push(if area > 0.0 { [a, b, c] } else { [a, c, b] });
    }
    let mut used = vec![false; positions.len()];
    for &v in triangles.iter().flatten() {
        used[v as usize] = true;
    }
    if used.contains(&false) {
        return Err(MeshEditError::VertexOutside);
    }
    let mesh = Mesh::from_triangles_at(
        old.offset,
        old.width,
        old.height,
        Triangles {
            positions,
            triangles,
        },
    );
    // The boundary must be exactly the constraint loops: anything else means the outline folded.
    let undirected = |mut e: Vec<[u32; 2]>| {
        for pair in &mut e {
            pair.sort_unstable();
        }
        e.sort_unstable();
        e
    };
    let wanted = undirected(edges.iter().map(|e| [e[0] as u32, e[1] as u32]).collect());
    let found = undirected(
        mesh.boundary_loops
            .iter()
            .flat_map(|ring| (0..ring.len()).map(move |k| [ring[k], ring[(k + 1) % ring.len()]]))
            .collect(),
    );
    if wanted != found || mesh.island_count != old.island_count || mesh.hole_count != old.hole_count
    {
        return Err(MeshEditError::Fold);
    }
    Ok(mesh)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pipeline::{MeshSettings, build_mesh};
    use image::{DynamicImage, Rgba, RgbaImage};

    fn rectangle() -> Mesh {
        let image = DynamicImage::ImageRgba8(RgbaImage::from_pixel(60, 40, Rgba([9, 9, 9, 255])));
        build_mesh(&image, &MeshSettings::default()).unwrap().0
    }

    fn area(mesh: &Mesh) -> f64 {
        (0..mesh.triangles.len())
            .map(|t| {
                let [a, b, c] = mesh.corners(t);
                cross(a, b, c) / 2.0
            })
            .sum()
    }

    #[test]
    fn a_coarse_outline_with_points_in_a_straight_row_still_takes_hand_edits() {
        // At a 4.5 px tolerance the mesher splits long straight outline edges, leaving three
        // outline points in a row; re-triangulating them gave a flat sliver and refused every edit.
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../assets/sprites/kenney_zombie_walk0.png"
        );
        let image = image::open(path).unwrap();
        for tolerance in [4.5, 5.0] {
            let settings = MeshSettings {
                tolerance,
                spacing: Some(6.4),
                ..MeshSettings::default()
            };
            let mesh = build_mesh(&image, &settings).unwrap().0;
            let [a, b, c] = mesh.corners(0);
            let centre = [(a[0] + b[0] + c[0]) / 3.0, (a[1] + b[1] + c[1]) / 3.0];
            let edited = add_vertex(&mesh, centre).unwrap().mesh;
            assert_eq!(edited.positions.len(), mesh.positions.len() + 1);
            assert!(
                (area(&edited) - area(&mesh)).abs() < 1e-6,
                "{tolerance}: same shape"
            );
            // A fold is still refused: the added vertex dragged far outside.
            let last = edited.positions.len() - 1;
            assert!(move_vertex(&edited, last, [-50.0, -50.0]).is_err());
        }
    }

    #[test]
    fn an_added_vertex_comes_last_and_the_area_is_unchanged() {
        let mesh = rectangle();
        let edited = add_vertex(&mesh, [17.3, 21.9]).unwrap();
        assert_eq!(edited.mesh.positions.len(), mesh.positions.len() + 1);
        assert_eq!(edited.mesh.positions.last(), Some(&[17.3, 21.9]));
        assert!((area(&edited.mesh) - area(&mesh)).abs() < 1e-9);
        assert_eq!(edited.mesh.boundary_loops.len(), mesh.boundary_loops.len());
        assert_eq!(edited.kept.last(), Some(&None));
        assert!(matches!(
            add_vertex(&mesh, [-5.0, 3.0]),
            Err(MeshEditError::Outside)
        ));
        let on = mesh.positions[3];
        assert!(matches!(
            add_vertex(&mesh, on),
            Err(MeshEditError::TooClose(3))
        ));
    }

    #[test]
    fn removing_an_interior_vertex_renumbers_and_keeps_the_area() {
        let mesh = rectangle();
        let boundary: Vec<u32> = mesh.boundary_loops.concat();
        let interior = (0..mesh.positions.len() as u32)
            .find(|v| !boundary.contains(v))
            .unwrap() as usize;
        let edited = remove_vertex(&mesh, interior).unwrap();
        assert_eq!(edited.mesh.positions.len(), mesh.positions.len() - 1);
        assert!((area(&edited.mesh) - area(&mesh)).abs() < 1e-9);
        assert!(!edited.kept.contains(&Some(interior as u32)));
    }

    #[test]
    fn moves_that_leave_or_fold_the_outline_are_refused() {
        let mesh = rectangle();
        let boundary: Vec<u32> = mesh.boundary_loops.concat();
        let interior = (0..mesh.positions.len() as u32)
            .find(|v| !boundary.contains(v))
            .unwrap() as usize;
        assert!(matches!(
            move_vertex(&mesh, interior, [200.0, 10.0]),
            Err(MeshEditError::VertexOutside)
        ));
        // A boundary corner dragged across the whole sprite makes the outline cross itself.
        let corner = boundary[0] as usize;
        let p = mesh.positions[corner];
        let across = [30.0 + (30.0 - p[0]) * 1.5, 20.0 + (20.0 - p[1]) * 1.5];
        assert!(move_vertex(&mesh, corner, across).is_err());
        // A small move of an interior vertex is fine and keeps the area.
        let q = mesh.positions[interior];
        let moved = move_vertex(&mesh, interior, [q[0] + 0.5, q[1] - 0.5]).unwrap();
        assert_eq!(moved.mesh.positions[interior], [q[0] + 0.5, q[1] - 0.5]);
        assert!((area(&moved.mesh) - area(&mesh)).abs() < 1e-9);
        assert_eq!(moved.kept[interior], None);
    }

    #[test]
    fn a_boundary_vertex_moved_outward_grows_the_mesh() {
        let mesh = rectangle();
        // The corner nearest the image's top-left corner, pulled further out.
        let corner = mesh.boundary_loops[0]
            .iter()
            .copied()
            .min_by(|&a, &b| {
                let (p, q) = (mesh.positions[a as usize], mesh.positions[b as usize]);
                (p[0] + p[1]).total_cmp(&(q[0] + q[1]))
            })
            .unwrap() as usize;
        let p = mesh.positions[corner];
        let moved = move_vertex(&mesh, corner, [p[0] - 2.0, p[1] - 2.0]).unwrap();
        assert!(area(&moved.mesh) > area(&mesh));
        assert_eq!(moved.mesh.boundary_loops.len(), 1);
    }

    /// A valid edit result: positive triangles that tile exactly the area its loops enclose, every
    /// vertex used.
    fn assert_valid(mesh: &Mesh) {
        let enclosed: f64 = mesh
            .boundary_loops
            .iter()
            .map(|l| loop_signed_area(&mesh.positions, l))
            .sum();
        for t in 0..mesh.triangles.len() {
            let [a, b, c] = mesh.corners(t);
            assert!(cross(a, b, c) > 0.0, "triangle {t} is not positive");
        }
        assert!(
            (area(mesh) - enclosed).abs() < 1e-6 * enclosed.max(1.0),
            "triangles cover {} of {enclosed}",
            area(mesh)
        );
        let mut used = vec![false; mesh.positions.len()];
        for &v in mesh.triangles.iter().flatten() {
            used[v as usize] = true;
        }
        assert!(used.iter().all(|&u| u));
    }

    #[test]
    fn random_edits_on_a_sprite_never_panic_and_every_accepted_one_is_valid() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../assets/sprites/kenney_zombie_walk0.png");
        let image = crate::image_io::load_png(&path).unwrap();
        let (mut mesh, _) = build_mesh(&image, &MeshSettings::default()).unwrap();
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = move |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as usize
        };
        let (mut accepted, mut refused) = (0, 0);
        for round in 0..400 {
            let count = mesh.positions.len();
            let v = next(count);
            let other = mesh.positions[next(count)];
            let here = mesh.positions[v];
            let target = match round % 5 {
                // Onto another vertex, onto the middle of a segment to another vertex, a small
                // step, anywhere in (and around) the image.
                0 => other,
                1 => [(here[0] + other[0]) / 2.0, (here[1] + other[1]) / 2.0],
                2 => [
                    here[0] + next(7) as f64 - 3.0,
                    here[1] + next(7) as f64 - 3.0,
                ],
                _ => [next(120) as f64 - 12.0, next(150) as f64 - 11.0],
            };
            let result = match round % 3 {
                0 => move_vertex(&mesh, v, target),
                1 => add_vertex(&mesh, target),
                _ => remove_vertex(&mesh, v),
            };
            match result {
                Ok(edited) => {
                    assert_valid(&edited.mesh);
                    assert_eq!(edited.kept.len(), edited.mesh.positions.len());
                    assert_eq!(edited.mesh.island_count, mesh.island_count);
                    mesh = edited.mesh;
                    accepted += 1;
                }
                Err(_) => refused += 1,
            }
        }
        assert!(
            accepted > 50 && refused > 50,
            "{accepted} accepted, {refused} refused"
        );
    }
}
