//! The sprite mesh: rest positions in canvas pixels, uvs, triangles, boundary loops and islands.
//!
//! A part's image sits on the canvas at [`Mesh::offset`] (its top-left corner; zero for a part that
//! is its image's full rectangle). Positions are canvas coordinates, so bones, weights and poses
//! never see the offset; only texture lookups do, and they all go through [`Mesh::uv_of`].
//!
//! [`Mesh::from_triangles`] derives the topology (boundary loops, islands, holes) from the triangles
//! alone, so the facts it reports hold for the mesh as built, whatever made it.

use serde::Serialize;

use super::triangulate::Triangles;

/// A triangle mesh over a sprite's visible region.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Mesh {
    /// Image width in pixels.
    pub width: u32,
    /// Image height in pixels.
    pub height: u32,
    /// Where the image's top-left corner sits on the canvas, in pixels.
    pub offset: [u32; 2],
    /// Rest positions in canvas pixels: x right, y down, origin at the canvas's top-left corner.
    pub positions: Vec<[f64; 2]>,
    /// Texture coordinates, `(position - offset) / image size` ([`Mesh::uv_of`]).
    pub uvs: Vec<[f64; 2]>,
    /// Vertex indices, three per triangle, wound with positive shoelace area in image coordinates.
    pub triangles: Vec<[u32; 3]>,
    /// Closed boundary loops as vertex indices (the first vertex is not repeated). Island exteriors run
    /// with positive shoelace area, holes with negative.
    pub boundary_loops: Vec<Vec<u32>>,
    /// The island (connected piece of the mesh) of each vertex, numbered from 0 in vertex order.
    pub island_of_vertex: Vec<u32>,
    /// Number of islands.
    pub island_count: usize,
    /// Number of holes (boundary loops with negative area).
    pub hole_count: usize,
}

impl Mesh {
    /// Builds a mesh and its topology from triangles over a `width` × `height` image at the canvas's
    /// top-left corner.
    pub fn from_triangles(width: u32, height: u32, triangles: Triangles) -> Self {
        Self::from_triangles_at([0, 0], width, height, triangles)
    }

    /// Builds a mesh and its topology from triangles (in canvas pixels) over a `width` × `height`
    /// image whose top-left corner sits at `offset` on the canvas.
    pub fn from_triangles_at(
        offset: [u32; 2],
        width: u32,
        height: u32,
        triangles: Triangles,
    ) -> Self {
        let Triangles {
            positions,
            triangles,
        } = triangles;
        let uvs = positions
            .iter()
            .map(|&p| uv_of(offset, width, height, p))
            .collect();
        let boundary_loops = boundary_loops(positions.len(), &triangles);
        let hole_count = boundary_loops
            .iter()
            .filter(|l| loop_signed_area(&positions, l) < 0.0)
            .count();
        let (island_of_vertex, island_count) = islands(positions.len(), &triangles);
        Self {
            width,
            height,
            offset,
            positions,
            uvs,
            triangles,
            boundary_loops,
            island_of_vertex,
            island_count,
            hole_count,
        }
    }

    /// The texture coordinate of canvas point `p`: where it falls on the part's image, 0..1.
    pub fn uv_of(&self, p: [f64; 2]) -> [f64; 2] {
        uv_of(self.offset, self.width, self.height, p)
    }

    /// The same mesh with its image moved to `offset` on the canvas: the vertices move with it and
    /// the texture coordinates stay (computed again by [`Mesh::uv_of`], so a mesh loaded from a
    /// file has exactly the same).
    pub fn placed_at(mut self, offset: [u32; 2]) -> Self {
        let dx = f64::from(offset[0]) - f64::from(self.offset[0]);
        let dy = f64::from(offset[1]) - f64::from(self.offset[1]);
        for p in &mut self.positions {
            *p = [p[0] + dx, p[1] + dy];
        }
        self.offset = offset;
        self.uvs = self.positions.iter().map(|&p| self.uv_of(p)).collect();
        self
    }

    /// The image's bottom-right corner on the canvas (its offset plus its size).
    pub fn image_end(&self) -> [u32; 2] {
        [
            self.offset[0].saturating_add(self.width),
            self.offset[1].saturating_add(self.height),
        ]
    }

    /// The image's centre on the canvas.
    pub fn image_centre(&self) -> [f64; 2] {
        [
            f64::from(self.offset[0]) + f64::from(self.width) / 2.0,
            f64::from(self.offset[1]) + f64::from(self.height) / 2.0,
        ]
    }

    /// Vertices that lie on no boundary loop.
    pub fn interior_vertex_count(&self) -> usize {
        let mut on_boundary = vec![false; self.positions.len()];
        for &v in self.boundary_loops.iter().flatten() {
            on_boundary[v as usize] = true;
        }
        on_boundary.iter().filter(|&&b| !b).count()
    }

    /// The three corner positions of triangle `t`.
    pub fn corners(&self, t: usize) -> [[f64; 2]; 3] {
        self.triangles[t].map(|v| self.positions[v as usize])
    }
}

fn uv_of(offset: [u32; 2], width: u32, height: u32, p: [f64; 2]) -> [f64; 2] {
    [
        (p[0] - f64::from(offset[0])) / f64::from(width),
        (p[1] - f64::from(offset[1])) / f64::from(height),
    ]
}

/// Shoelace area of a closed loop of vertex indices (positive = same winding as the triangles).
pub fn loop_signed_area(positions: &[[f64; 2]], indices: &[u32]) -> f64 {
    let n = indices.len();
    (0..n)
        .map(|i| {
            let p = positions[indices[i] as usize];
            let q = positions[indices[(i + 1) % n] as usize];
            p[0] * q[1] - q[0] * p[1]
        })
        .sum::<f64>()
        / 2.0
}

/// Chains the directed edges that only one triangle uses into closed loops. Loops start at their
/// smallest vertex index and are listed in order of it, so the result does not depend on hashing.
fn boundary_loops(vertex_count: usize, triangles: &[[u32; 3]]) -> Vec<Vec<u32>> {
    let mut directed: Vec<(u32, u32)> = triangles
        .iter()
        .flat_map(|&[a, b, c]| [(a, b), (b, c), (c, a)])
        .collect();
    directed.sort_unstable();
    let has = |edge: (u32, u32)| directed.binary_search(&edge).is_ok();
    let boundary: Vec<(u32, u32)> = directed
        .iter()
        .copied()
        .filter(|&(a, b)| !has((b, a)))
        .collect();
    // Outgoing boundary edges per vertex (a vertex where two loops touch has two).
    let mut next: Vec<Vec<u32>> = vec![Vec::new(); vertex_count];
    for &(a, b) in &boundary {
        next[a as usize].push(b);
    }
    let mut loops = Vec::new();
    for start in 0..vertex_count {
        while let Some(first) = next[start].pop() {
            let mut ring = vec![start as u32];
            let mut current = first;
            while current as usize != start {
                ring.push(current);
                match next[current as usize].pop() {
                    Some(n) => current = n,
                    None => break,
                }
            }
            loops.push(ring);
        }
    }
    loops
}

/// Connected pieces of the mesh (vertices joined by triangle edges), numbered in vertex order.
fn islands(vertex_count: usize, triangles: &[[u32; 3]]) -> (Vec<u32>, usize) {
    let mut parent: Vec<u32> = (0..vertex_count as u32).collect();
    fn root(parent: &mut [u32], mut v: u32) -> u32 {
        while parent[v as usize] != v {
            parent[v as usize] = parent[parent[v as usize] as usize];
            v = parent[v as usize];
        }
        v
    }
    for &[a, b, c] in triangles {
        for (x, y) in [(a, b), (b, c)] {
            let (rx, ry) = (root(&mut parent, x), root(&mut parent, y));
            if rx != ry {
                parent[rx.max(ry) as usize] = rx.min(ry);
            }
        }
    }
    let mut id_of_root = vec![u32::MAX; vertex_count];
    let mut count = 0u32;
    let ids = (0..vertex_count as u32)
        .map(|v| {
            let r = root(&mut parent, v) as usize;
            if id_of_root[r] == u32::MAX {
                id_of_root[r] = count;
                count += 1;
            }
            id_of_root[r]
        })
        .collect();
    (ids, count as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two unit squares apart, each of two triangles, plus a square ring of 8 triangles around a hole.
    fn sample() -> Mesh {
        let mut positions = vec![[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]];
        let mut triangles = vec![[0, 1, 2], [0, 2, 3]];
        // A 3x3 grid of points 10..13 with the centre cell missing.
        let base = positions.len() as u32;
        for y in 0..4 {
            for x in 0..4 {
                positions.push([10.0 + x as f64, y as f64]);
            }
        }
        for y in 0..3u32 {
            for x in 0..3u32 {
                if x == 1 && y == 1 {
                    continue;
                }
                let v = base + y * 4 + x;
                triangles.push([v, v + 1, v + 5]);
                triangles.push([v, v + 5, v + 4]);
            }
        }
        Mesh::from_triangles(
            20,
            4,
            Triangles {
                positions,
                triangles,
            },
        )
    }

    #[test]
    fn topology_counts_islands_holes_and_loops() {
        let mesh = sample();
        assert_eq!(mesh.island_count, 2);
        assert_eq!(mesh.hole_count, 1);
        assert_eq!(mesh.boundary_loops.len(), 3);
        assert_eq!(mesh.interior_vertex_count(), 0);
        assert_eq!(mesh.island_of_vertex[0], 0);
        assert_eq!(mesh.island_of_vertex[5], 1);
        let areas: Vec<f64> = mesh
            .boundary_loops
            .iter()
            .map(|l| loop_signed_area(&mesh.positions, l))
            .collect();
        assert!(areas.contains(&1.0) && areas.contains(&9.0) && areas.contains(&-1.0));
    }

    #[test]
    fn uvs_are_positions_over_image_size() {
        let mesh = sample();
        assert_eq!(mesh.uvs[2], [1.0 / 20.0, 1.0 / 4.0]);
    }

    #[test]
    fn a_placed_mesh_moves_its_vertices_and_keeps_its_uvs() {
        let mesh = sample();
        let placed = mesh.clone().placed_at([100, 7]);
        assert_eq!(placed.positions[2], [101.0, 8.0]);
        for (a, b) in placed.uvs.iter().zip(&mesh.uvs) {
            assert!((a[0] - b[0]).abs() < 1e-12 && (a[1] - b[1]).abs() < 1e-12);
        }
        assert_eq!(placed.image_end(), [120, 11]);
        assert_eq!(placed.image_centre(), [110.0, 9.0]);
        let rebuilt = Mesh::from_triangles_at(
            [100, 7],
            20,
            4,
            Triangles {
                positions: placed.positions.clone(),
                triangles: placed.triangles.clone(),
            },
        );
        assert_eq!(rebuilt, placed);
        assert_eq!(placed.placed_at([0, 0]), mesh);
    }
}
