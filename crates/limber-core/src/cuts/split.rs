//! The mesh split along cuts: no triangle bridges a cut, so the two sides move apart when posed.
//!
//! The mesh's own vertices are triangulated again (spade's constrained Delaunay triangulation) with
//! its boundary edges and the parts of every cut inside the mesh as constraints (inner vertices
//! a hair's breadth off a cut first moved clear of it, `clearance`): where a cut
//! crosses the outline, the outline gains a vertex that the cut's part ends on; cuts crossing each
//! other are split where they meet. Faces whose centre lies outside the old mesh are dropped. A vertex
//! on a cut then gets one copy per side: the triangles around it are grouped by the edges they share
//! that are not cut edges, and each group beyond the first takes a new vertex at the same place.
//! [`weight_points`] gives such copies a point just inside their own side, where the distance
//! fields (walled along the cut) are read, so each side is weighted by its own bones.

use std::collections::{HashMap, HashSet};

use glam::DVec2;
use spade::{ConstrainedDelaunayTriangulation, Point2, Triangulation};

use super::Cut;
use crate::mesh::Mesh;
use crate::remesh::TriangleGrid;
use crate::triangulate::Triangles;

/// How far into its own side a copied vertex's weights are read (image pixels): past the cut's
/// one-pixel wall, so the pixels around the point are all on the vertex's side.
pub const SIDE_STEP: f64 = super::clearance::CLEARANCE;

/// Why a mesh could not be split.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SplitError {
    #[error("the mesh could not be triangulated along the cuts: {0}")]
    Triangulation(String),
}

/// `mesh` split along `cuts` (both in canvas pixels; an end near the outline carried to it,
/// [`super::reaching_outline`]); the mesh itself when no cut comes near it.
pub fn split_mesh(mesh: &Mesh, cuts: &[Cut]) -> Result<Mesh, SplitError> {
    let Some(bounds) = mesh_bounds(mesh) else {
        return Ok(mesh.clone());
    };
    let inside = TriangleGrid::new(mesh);
    let cuts = super::reaching_outline(cuts, |p| inside.contains(p.into()));
    let segments: Vec<[DVec2; 2]> = cuts
        .iter()
        .flat_map(|c| c.points.windows(2))
        .filter_map(|w| super::clip_segment(w[0].into(), w[1].into(), bounds))
        .collect();
    if segments.is_empty() {
        return Ok(mesh.clone());
    }
    // Vertices at one place (the sides of an earlier split) become one again: the slit's edges are
    // then constraints with the mesh on both sides, and split again below.
    let mut welded: HashMap<(u64, u64), usize> = HashMap::new();
    let mut vertices: Vec<Point2<f64>> = Vec::new();
    let index: Vec<usize> = mesh
        .positions
        .iter()
        .map(|p| {
            *welded
                .entry((p[0].to_bits(), p[1].to_bits()))
                .or_insert_with(|| {
                    vertices.push(Point2::new(p[0], p[1]));
                    vertices.len() - 1
                })
        })
        .collect();
    let mut outline: Vec<[usize; 2]> = mesh
        .boundary_loops
        .iter()
        .flat_map(|ring| {
            (0..ring.len()).map(move |k| [ring[k] as usize, ring[(k + 1) % ring.len()] as usize])
        })
        .map(|[a, b]| {
            let (a, b) = ordered(index[a], index[b]);
            [a, b]
        })
        .filter(|[a, b]| a != b)
        .collect();
    outline.sort_unstable();
    outline.dedup();
    let (segments, edges) = inside_pieces(&mut vertices, &outline, &inside, &segments);
    if segments.is_empty() {
        return Ok(mesh.clone());
    }
    // No vertex a hair's breadth off a cut: it would be read across it (see `clearance`).
    let mut fixed = vec![false; vertices.len()];
    for &[a, b] in &edges {
        fixed[a] = true;
        fixed[b] = true;
    }
    super::clearance::keep_clear(&mut vertices, &fixed, &segments, |p| inside.contains(p));
    let mut cdt: ConstrainedDelaunayTriangulation<Point2<f64>> =
        ConstrainedDelaunayTriangulation::try_bulk_load_cdt(vertices, edges, |_| {})
            .map_err(|e| SplitError::Triangulation(format!("{e:?}")))?;
    // Cut segments are laid in pieces about as long as the mesh's edges, so the triangles along a
    // cut keep the mesh's size instead of becoming slivers.
    let edge = typical_edge(mesh);
    for [a, b] in segments {
        let insert = |cdt: &mut ConstrainedDelaunayTriangulation<Point2<f64>>, p: DVec2| {
            cdt.insert(Point2::new(p.x, p.y))
                .map_err(|e| SplitError::Triangulation(format!("{e:?}")))
        };
        let pieces = (a.distance(b) / edge).ceil().clamp(1.0, 10_000.0) as usize;
        let mut from = insert(&mut cdt, a)?;
        for k in 1..=pieces {
            let to = insert(&mut cdt, a.lerp(b, k as f64 / pieces as f64))?;
            if from != to {
                cdt.add_constraint_and_split(from, to, |p| p);
            }
            from = to;
        }
    }
    let mut kept = vec![false; cdt.num_all_faces()];
    let mut triangles: Vec<[usize; 3]> = Vec::new();
    for face in cdt.inner_faces() {
        let centre = face
            .vertices()
            .iter()
            .map(|v| DVec2::new(v.position().x, v.position().y))
            .sum::<DVec2>()
            / 3.0;
        if inside.contains(centre) {
            kept[face.fix().index()] = true;
            triangles.push(face.vertices().map(|v| v.fix().index()));
        }
    }
    // Constraint edges with the mesh on both sides: the cuts, and the slits of earlier splits.
    let cut: HashSet<(usize, usize)> = cdt
        .undirected_edges()
        .filter(|e| cdt.is_constraint_edge(e.fix()))
        .filter(|e| {
            let edge = e.as_directed();
            [edge.face(), edge.rev().face()]
                .iter()
                .all(|f| f.as_inner().is_some_and(|f| kept[f.fix().index()]))
        })
        .map(|e| {
            let [a, b] = e.vertices();
            ordered(a.fix().index(), b.fix().index())
        })
        .collect();
    let positions: Vec<DVec2> = cdt
        .vertices()
        .map(|v| DVec2::new(v.position().x, v.position().y))
        .collect();
    let (positions, triangles) = separate_sides(&positions, &triangles, &cut);
    let triangles = Triangles {
        positions,
        triangles,
    };
    Ok(Mesh::from_triangles_at(
        mesh.offset,
        mesh.width,
        mesh.height,
        positive_winding(triangles),
    ))
}

/// Where each vertex's weights are read: its position, except that a vertex sharing its position
/// with another (the two sides of a cut) reads [`SIDE_STEP`] toward the middle of its own triangles.
pub fn weight_points(mesh: &Mesh) -> Vec<[f64; 2]> {
    let mut at: HashMap<(u64, u64), usize> = HashMap::new();
    for p in &mesh.positions {
        *at.entry((p[0].to_bits(), p[1].to_bits())).or_default() += 1;
    }
    let shared: Vec<bool> = mesh
        .positions
        .iter()
        .map(|p| at[&(p[0].to_bits(), p[1].to_bits())] > 1)
        .collect();
    if !shared.contains(&true) {
        return mesh.positions.clone();
    }
    let mut towards = vec![(DVec2::ZERO, 0u32); mesh.positions.len()];
    for t in &mesh.triangles {
        let corners = t.map(|v| DVec2::from(mesh.positions[v as usize]));
        let centre = (corners[0] + corners[1] + corners[2]) / 3.0;
        for &v in t {
            if shared[v as usize] {
                let entry = &mut towards[v as usize];
                entry.0 += centre;
                entry.1 += 1;
            }
        }
    }
    mesh.positions
        .iter()
        .zip(towards)
        .map(|(&p, (sum, count))| {
            if count == 0 {
                return p;
            }
            let from = DVec2::from(p);
            let direction = (sum / f64::from(count) - from).normalize_or_zero();
            (from + direction * SIDE_STEP).to_array()
        })
        .collect()
}

/// The parts of `segments` that lie inside the mesh, and the outline's edges (vertex pairs into
/// `vertices`) with a vertex added wherever a segment crosses one. A part meeting the outline ends
/// exactly on such a vertex, so no cut adds a vertex outside the mesh (a triangle reaching one
/// would cover air) nor one a rounding away from the outline.
fn inside_pieces(
    vertices: &mut Vec<Point2<f64>>,
    outline: &[[usize; 2]],
    inside: &TriangleGrid,
    segments: &[[DVec2; 2]],
) -> (Vec<[DVec2; 2]>, Vec<[usize; 2]>) {
    let at = |v: &Point2<f64>| DVec2::new(v.x, v.y);
    // Per outline edge, the crossings on it (parameter along it, vertex); per segment, its stops
    // (parameter along it, the crossing's point).
    let mut on_edge: Vec<Vec<(f64, usize)>> = vec![Vec::new(); outline.len()];
    let mut added: HashMap<(u64, u64), usize> = HashMap::new();
    let mut pieces = Vec::new();
    for &[a, b] in segments {
        let mut stops: Vec<(f64, DVec2)> = vec![(0.0, a), (1.0, b)];
        for (e, &[i, j]) in outline.iter().enumerate() {
            let (p, q) = (at(&vertices[i]), at(&vertices[j]));
            if let Some((t, u)) = crossing(a, b, p, q) {
                // At an end of the edge the crossing is that vertex; elsewhere one new vertex per
                // place, however many segments cross there.
                let point = if u <= 1e-12 {
                    p
                } else if u >= 1.0 - 1e-12 {
                    q
                } else {
                    let point = p.lerp(q, u);
                    let vertex = *added
                        .entry((point.x.to_bits(), point.y.to_bits()))
                        .or_insert_with(|| {
                            vertices.push(Point2::new(point.x, point.y));
                            vertices.len() - 1
                        });
                    on_edge[e].push((u, vertex));
                    point
                };
                stops.push((t, point));
            }
        }
        stops.sort_by(|x, y| x.0.total_cmp(&y.0));
        for pair in stops.windows(2) {
            let ((t0, from), (t1, to)) = (pair[0], pair[1]);
            if t1 - t0 > 1e-9 && inside.contains(a.lerp(b, (t0 + t1) / 2.0)) {
                pieces.push([from, to]);
            }
        }
    }
    let mut edges = Vec::with_capacity(outline.len());
    for (&[i, j], mut crossings) in outline.iter().zip(on_edge) {
        crossings.sort_by(|x, y| x.0.total_cmp(&y.0));
        crossings.dedup_by_key(|c| c.1);
        let chain: Vec<usize> = std::iter::once(i)
            .chain(crossings.into_iter().map(|(_, v)| v))
            .chain(std::iter::once(j))
            .collect();
        edges.extend(chain.windows(2).map(|w| [w[0], w[1]]));
    }
    (pieces, edges)
}

/// Where segment `a`–`b` crosses segment `p`–`q`: the parameters along each, if they cross.
fn crossing(a: DVec2, b: DVec2, p: DVec2, q: DVec2) -> Option<(f64, f64)> {
    let (r, s) = (b - a, q - p);
    let denominator = r.perp_dot(s);
    if denominator.abs() < 1e-12 {
        return None;
    }
    let t = (p - a).perp_dot(s) / denominator;
    let u = (p - a).perp_dot(r) / denominator;
    ((0.0..=1.0).contains(&t) && (0.0..=1.0).contains(&u)).then_some((t, u))
}

/// Gives each vertex one copy per group of its triangles that are joined by edges other than cut
/// edges (an edge of `cut`, by vertex pair). Returns the positions and triangles of the result.
fn separate_sides(
    positions: &[DVec2],
    triangles: &[[usize; 3]],
    cut: &HashSet<(usize, usize)>,
) -> (Vec<[f64; 2]>, Vec<[u32; 3]>) {
    // One node per triangle corner; corners of one vertex joined across shared non-cut edges.
    let mut parent: Vec<usize> = (0..triangles.len() * 3).collect();
    let mut by_edge: HashMap<(usize, usize), Vec<usize>> = HashMap::new();
    for (t, corners) in triangles.iter().enumerate() {
        for k in 0..3 {
            let (a, b) = (corners[k], corners[(k + 1) % 3]);
            by_edge.entry(ordered(a, b)).or_default().push(t);
        }
    }
    for (&(a, b), faces) in &by_edge {
        if faces.len() != 2 || cut.contains(&(a, b)) {
            continue;
        }
        for v in [a, b] {
            let corner = |t: usize| t * 3 + triangles[t].iter().position(|&c| c == v).unwrap_or(0);
            union(&mut parent, corner(faces[0]), corner(faces[1]));
        }
    }
    let mut new_index: HashMap<usize, u32> = HashMap::new();
    let mut out_positions: Vec<[f64; 2]> = Vec::new();
    let mut out_triangles = Vec::with_capacity(triangles.len());
    for (t, corners) in triangles.iter().enumerate() {
        let mut made = [0u32; 3];
        for k in 0..3 {
            let root = find(&mut parent, t * 3 + k);
            made[k] = *new_index.entry(root).or_insert_with(|| {
                out_positions.push(positions[corners[k]].to_array());
                (out_positions.len() - 1) as u32
            });
        }
        out_triangles.push(made);
    }
    (out_positions, out_triangles)
}

fn ordered(a: usize, b: usize) -> (usize, usize) {
    (a.min(b), a.max(b))
}

fn find(parent: &mut [usize], mut node: usize) -> usize {
    while parent[node] != node {
        parent[node] = parent[parent[node]];
        node = parent[node];
    }
    node
}

fn union(parent: &mut [usize], a: usize, b: usize) {
    let (ra, rb) = (find(parent, a), find(parent, b));
    if ra != rb {
        parent[ra.max(rb)] = ra.min(rb);
    }
}

/// Orders every triangle so its shoelace area in image coordinates is positive.
fn positive_winding(mut triangles: Triangles) -> Triangles {
    for t in &mut triangles.triangles {
        let [a, b, c] = t.map(|v| DVec2::from(triangles.positions[v as usize]));
        if (b - a).perp_dot(c - a) < 0.0 {
            t.swap(1, 2);
        }
    }
    triangles
}

/// The side of an equilateral triangle of the mesh's mean triangle area (at least a pixel).
fn typical_edge(mesh: &Mesh) -> f64 {
    let area: f64 = mesh
        .triangles
        .iter()
        .map(|t| {
            let [a, b, c] = t.map(|v| DVec2::from(mesh.positions[v as usize]));
            (b - a).perp_dot(c - a).abs() / 2.0
        })
        .sum();
    let mean = area / mesh.triangles.len().max(1) as f64;
    (mean * 4.0 / 3f64.sqrt()).sqrt().max(1.0)
}

/// The mesh's bounding box grown by two pixels; `None` for a mesh without vertices.
fn mesh_bounds(mesh: &Mesh) -> Option<[DVec2; 2]> {
    let first = DVec2::from(*mesh.positions.first()?);
    let (low, high) = mesh.positions.iter().fold((first, first), |(lo, hi), p| {
        (lo.min(DVec2::from(*p)), hi.max(DVec2::from(*p)))
    });
    Some([low - 2.0, high + 2.0])
}
