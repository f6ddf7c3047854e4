//! Outline → triangles: a refined constrained Delaunay triangulation (the `spade` crate).
//!
//! Every ring becomes a closed chain of constraint edges; Delaunay refinement then adds interior
//! (Steiner) vertices until no inside triangle is larger than the spacing asks or has an angle below
//! [`MIN_ANGLE_DEGREES`]. Inside and outside are told apart by spade's parity rule (a point inside an
//! odd number of rings is inside), which is exactly islands-with-holes.

use std::collections::HashMap;

use spade::{
    AngleLimit, ConstrainedDelaunayTriangulation, Point2, RefinementParameters, Triangulation,
};

use super::outline::Outline;
use super::simplify::RingId;

/// Smallest angle refinement aims for, in degrees.
pub const MIN_ANGLE_DEGREES: f64 = 25.0;
/// Refinement leaves triangles smaller than this alone (px²), so a ragged outline cannot make it
/// insert vertices without end.
pub const MIN_REFINED_AREA: f64 = 0.5;

/// Triangles over the inside of an outline. Positions in image pixels, triangles wound with positive
/// shoelace area in image coordinates (counter-clockwise once y points up).
#[derive(Debug, Clone, PartialEq)]
pub struct Triangles {
    pub positions: Vec<[f64; 2]>,
    pub triangles: Vec<[u32; 3]>,
}

/// Why a triangulation could not be made from an outline.
#[derive(Debug, Clone, PartialEq)]
pub enum TriangulateError {
    /// These rings cross (or touch) another ring; simplify them less and try again.
    Crossing(Vec<RingId>),
    /// spade refused the input (for example a non-finite coordinate).
    Rejected(String),
}

/// Triangulates the inside of `outline`, refining until triangles are at most `max_area` px², adding
/// at most `max_added_vertices` vertices.
pub fn triangulate(
    outline: &Outline,
    max_area: f64,
    max_added_vertices: usize,
) -> Result<Triangles, TriangulateError> {
    let mut vertices: Vec<Point2<f64>> = Vec::new();
    let mut ring_of_vertex: Vec<RingId> = Vec::new();
    let mut index_of: HashMap<(u64, u64), usize> = HashMap::new();
    let mut edges: Vec<[usize; 2]> = Vec::new();
    for (island, polygon) in outline.islands.iter().enumerate() {
        let rings = std::iter::once(polygon.exterior()).chain(polygon.interiors());
        for (ring_index, ring) in rings.enumerate() {
            let id = RingId {
                island,
                ring: ring_index,
            };
            let points = &ring.0[..ring.0.len().saturating_sub(1)];
            let indices: Vec<usize> = points
                .iter()
                .map(|c| {
                    *index_of
                        .entry((c.x.to_bits(), c.y.to_bits()))
                        .or_insert_with(|| {
                            vertices.push(Point2::new(c.x, c.y));
                            ring_of_vertex.push(id);
                            vertices.len() - 1
                        })
                })
                .collect();
            for (k, &a) in indices.iter().enumerate() {
                let b = indices[(k + 1) % indices.len()];
                if a != b {
                    edges.push([a, b]);
                }
            }
        }
    }
    let vertex_count = vertices.len();
    let mut conflicts: Vec<RingId> = Vec::new();
    let mut cdt: ConstrainedDelaunayTriangulation<Point2<f64>> =
        ConstrainedDelaunayTriangulation::try_bulk_load_cdt(vertices, edges, |[a, b]| {
            conflicts.push(ring_of_vertex[a]);
            conflicts.push(ring_of_vertex[b]);
        })
        .map_err(|e| TriangulateError::Rejected(format!("{e:?}")))?;
    if !conflicts.is_empty() {
        conflicts.sort();
        conflicts.dedup();
        return Err(TriangulateError::Crossing(conflicts));
    }
    if cdt.num_vertices() != vertex_count {
        return Err(TriangulateError::Rejected(
            "outline points were merged unexpectedly".into(),
        ));
    }
    let mut parameters = RefinementParameters::<f64>::new()
        .exclude_outer_faces(true)
        .with_angle_limit(AngleLimit::from_deg(MIN_ANGLE_DEGREES))
        .with_min_required_area(MIN_REFINED_AREA)
        .with_max_additional_vertices(max_added_vertices);
    if max_area.is_finite() && max_area > MIN_REFINED_AREA {
        parameters = parameters.with_max_allowed_area(max_area);
    }
    let result = cdt.refine(parameters);
    let mut outside = vec![false; cdt.num_all_faces()];
    for face in &result.excluded_faces {
        outside[face.index()] = true;
    }
    let mut used = vec![u32::MAX; cdt.num_vertices()];
    let mut positions = Vec::new();
    let mut triangles = Vec::new();
    for face in cdt.inner_faces() {
        if outside[face.fix().index()] {
            continue;
        }
        let corners = face.vertices().map(|v| {
            let slot = &mut used[v.fix().index()];
            if *slot == u32::MAX {
                *slot = positions.len() as u32;
                let p = v.position();
                positions.push([p.x, p.y]);
            }
            *slot
        });
        triangles.push(positive_winding(&positions, corners));
    }
    Ok(Triangles {
        positions,
        triangles,
    })
}

/// Orders a triangle so its shoelace area in image coordinates is positive.
fn positive_winding(positions: &[[f64; 2]], [a, b, c]: [u32; 3]) -> [u32; 3] {
    let (pa, pb, pc) = (
        positions[a as usize],
        positions[b as usize],
        positions[c as usize],
    );
    let cross = (pb[0] - pa[0]) * (pc[1] - pa[1]) - (pb[1] - pa[1]) * (pc[0] - pa[0]);
    if cross >= 0.0 { [a, b, c] } else { [a, c, b] }
}

#[cfg(test)]
mod tests {
    use super::*;
    use geo::{LineString, Polygon};

    fn square(x0: f64, y0: f64, size: f64) -> LineString<f64> {
        vec![
            (x0, y0),
            (x0 + size, y0),
            (x0 + size, y0 + size),
            (x0, y0 + size),
        ]
        .into()
    }

    fn area(t: &Triangles) -> f64 {
        t.triangles
            .iter()
            .map(|&[a, b, c]| {
                let (pa, pb, pc) = (
                    t.positions[a as usize],
                    t.positions[b as usize],
                    t.positions[c as usize],
                );
                ((pb[0] - pa[0]) * (pc[1] - pa[1]) - (pb[1] - pa[1]) * (pc[0] - pa[0])) / 2.0
            })
            .sum()
    }

    #[test]
    fn square_with_hole_is_covered_exactly_and_refined() {
        let outline = Outline {
            width: 40,
            height: 40,
            islands: vec![Polygon::new(
                square(0.0, 0.0, 40.0),
                vec![square(10.0, 10.0, 10.0)],
            )],
        };
        let t = triangulate(&outline, 20.0, 10_000).unwrap();
        assert!((area(&t) - 1500.0).abs() < 1e-6, "area {}", area(&t));
        assert!(t.positions.len() > 8, "interior vertices were added");
        // No triangle lies in the hole.
        for &[a, b, c] in &t.triangles {
            let centre = [0, 1].map(|k| {
                (t.positions[a as usize][k]
                    + t.positions[b as usize][k]
                    + t.positions[c as usize][k])
                    / 3.0
            });
            assert!(
                !(centre[0] > 10.0 && centre[0] < 20.0 && centre[1] > 10.0 && centre[1] < 20.0)
            );
        }
    }

    #[test]
    fn crossing_rings_are_reported() {
        let outline = Outline {
            width: 40,
            height: 40,
            islands: vec![
                Polygon::new(square(0.0, 0.0, 10.0), vec![]),
                Polygon::new(square(5.0, 5.0, 10.0), vec![]),
            ],
        };
        match triangulate(&outline, 100.0, 10_000) {
            Err(TriangulateError::Crossing(rings)) => assert!(!rings.is_empty()),
            other => panic!("expected crossing rings, got {other:?}"),
        }
    }
}
