//! One weighted mesh attachment per part: vertices bound to bones, UVs, triangles and the hull.
//!
//! Spine wants a mesh's hull (its outline) listed first, so the vertices are reordered: the longest
//! outer boundary loop of the part's mesh first, then every other vertex in limber's order; triangles
//! are remapped. [`vertex_order`] gives that order (Spine vertex k is limber vertex `order[k]`).
//!
//! A weighted vertex is written as `boneCount, (boneIndex, bindX, bindY, weight) × boneCount`, the
//! bind position being the vertex in the bone's rest frame (Spine's y-up axes). The runtime then
//! computes Σ wᵢ · worldᵢ · bindᵢ, which is limber's linear blend skinning Σ wᵢ · worldᵢ · restᵢ⁻¹ · p.
//! A vertex no bone moves is bound to the Spine root with weight 1; a part no bone moves at all is
//! written unweighted (x, y per vertex, in the root's frame) when every slot is on the root.
//!
//! Numbers are written lean ([`super::lean`]): bind positions to 1e-4 px, UVs to 1/256 texel,
//! influences under the export's `min_weight` pruned and the rest renormalised and rounded so each
//! vertex's weights still sum to 1.

use glam::{DMat2, DVec2};
use serde_json::{Value, json};

use super::lean::{POSITION_STEP, prune, round_to, round_weights, uv_step};
use super::skeleton::{Bones, flip};
use limber_core::mesh::Mesh;
use limber_core::project::Part;

/// Spine vertex k is limber vertex `order[k]`: the hull first (see the module doc).
pub fn vertex_order(mesh: &Mesh) -> (Vec<u32>, usize) {
    let hull: Vec<u32> = mesh
        .boundary_loops
        .iter()
        .filter(|l| signed_area(mesh, l) > 0.0)
        .max_by(|a, b| signed_area(mesh, a).total_cmp(&signed_area(mesh, b)))
        .cloned()
        .unwrap_or_default();
    let mut on_hull = vec![false; mesh.positions.len()];
    for &v in &hull {
        if let Some(flag) = on_hull.get_mut(v as usize) {
            *flag = true;
        }
    }
    let hull_length = hull.len();
    let mut order = hull;
    order.extend((0..mesh.positions.len() as u32).filter(|&v| !on_hull[v as usize]));
    (order, hull_length)
}

fn signed_area(mesh: &Mesh, ring: &[u32]) -> f64 {
    let point = |v: u32| {
        mesh.positions
            .get(v as usize)
            .copied()
            .unwrap_or([0.0, 0.0])
    };
    (0..ring.len())
        .map(|i| {
            let [x0, y0] = point(ring[i]);
            let [x1, y1] = point(ring[(i + 1) % ring.len()]);
            x0 * y1 - x1 * y0
        })
        .sum::<f64>()
        / 2.0
}

/// A part's attachment as written, with what its deform keys need.
#[derive(Debug, Clone)]
pub struct PartMesh {
    /// Spine vertex k is limber vertex `order[k]`.
    pub order: Vec<u32>,
    /// Per Spine vertex: (Spine bone index, the inverse rest rotation of that bone in Spine axes).
    pub influences: Vec<Vec<(usize, DMat2)>>,
    pub json: Value,
    /// How many bone influences were under `min_weight` and left out.
    pub pruned: usize,
}

/// How meshes are written.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MeshWriting {
    /// Influences under this weight are left out and the rest renormalised ([`prune`]).
    pub min_weight: f64,
    /// A part no bone moves may be written unweighted: every slot is on the root bone, whose frame
    /// is the image's (flipped), so plain positions land where the weighted ones would.
    pub plain_when_unbound: bool,
}

/// The mesh attachment of `part`, whose region (and atlas path) is `region`.
pub fn part_mesh(part: &Part, bones: &Bones, region: &str, writing: MeshWriting) -> PartMesh {
    let mesh = &part.mesh;
    let (order, hull) = vertex_order(mesh);
    let mut new_index = vec![0u32; mesh.positions.len()];
    for (k, &v) in order.iter().enumerate() {
        new_index[v as usize] = k as u32;
    }
    let mut vertices: Vec<f64> = Vec::new();
    let mut influences = Vec::with_capacity(order.len());
    let mut uvs = Vec::with_capacity(order.len() * 2);
    let uv_steps = [uv_step(mesh.width), uv_step(mesh.height)];
    let mut pruned = 0;
    let mut any_bound = false;
    for &v in &order {
        let p = DVec2::from(mesh.positions[v as usize]);
        let uv = mesh.uvs.get(v as usize).copied().unwrap_or([0.0, 0.0]);
        uvs.extend([round_to(uv[0], uv_steps[0]), round_to(uv[1], uv_steps[1])]);
        let bound: Vec<(usize, f64)> = part
            .binding
            .vertices
            .get(v as usize)
            .map(|i| {
                i.iter()
                    .copied()
                    .filter(|&(b, w)| w > 0.0 && b < bones.rest_world.len())
                    .collect()
            })
            .unwrap_or_default();
        let (bound, dropped) = prune(&bound, writing.min_weight);
        pruned += dropped;
        let weights = round_weights(&bound.iter().map(|&(_, w)| w).collect::<Vec<_>>());
        let mut these = Vec::new();
        if bound.is_empty() {
            let [x, y] = flip(p).map(|c| round_to(c, POSITION_STEP));
            vertices.extend([1.0, 0.0, x, y, 1.0]);
            these.push((0, DMat2::from_diagonal(DVec2::new(1.0, -1.0))));
        } else {
            any_bound = true;
            vertices.push(bound.len() as f64);
            for (&(bone, _), w) in bound.iter().zip(weights) {
                let inverse = bones.rest_world[bone].inverse();
                let [x, y] = flip(inverse.transform_point2(p)).map(|c| round_to(c, POSITION_STEP));
                let spine = bones.spine_index[bone];
                vertices.extend([spine as f64, x, y, w]);
                // An image-space offset d moves the bind position by flip(R⁻¹ d).
                let flip_m = DMat2::from_diagonal(DVec2::new(1.0, -1.0));
                these.push((spine, flip_m * inverse.matrix2));
            }
        }
        influences.push(these);
    }
    // Unweighted, a vertex is its position alone; an offset deforms it the same way (in the root's
    // frame, which the root's one influence already maps to).
    if writing.plain_when_unbound && !any_bound {
        vertices = vertices
            .chunks_exact(5)
            .flat_map(|v| [v[2], v[3]])
            .collect();
    }
    let triangles: Vec<u32> = mesh
        .triangles
        .iter()
        .flat_map(|t| t.map(|v| new_index.get(v as usize).copied().unwrap_or(0)))
        .collect();
    let json = json!({
        "type": "mesh",
        "path": region,
        "uvs": uvs,
        "triangles": triangles,
        "vertices": vertices,
        "hull": hull,
        "width": mesh.width,
        "height": mesh.height,
    });
    PartMesh {
        order,
        influences,
        json,
        pruned,
    }
}

impl PartMesh {
    /// A deform key's dense image-space offsets (by limber vertex) as Spine's weighted deform array:
    /// per Spine vertex, per influence, the offset in that bone's bind frame.
    pub fn deform(&self, offsets: &[[f64; 2]]) -> Vec<f64> {
        let mut out = Vec::new();
        for (&v, influences) in self.order.iter().zip(&self.influences) {
            let d = DVec2::from(offsets.get(v as usize).copied().unwrap_or([0.0, 0.0]));
            for (_, map) in influences {
                let o = *map * d;
                out.extend([o.x, o.y].map(|c| round_to(c, POSITION_STEP)));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square_with_centre() -> Mesh {
        Mesh {
            offset: [0, 0],
            width: 10,
            height: 10,
            positions: vec![
                [5.0, 5.0],
                [0.0, 0.0],
                [10.0, 0.0],
                [10.0, 10.0],
                [0.0, 10.0],
            ],
            uvs: vec![[0.5, 0.5], [0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]],
            triangles: vec![[0, 1, 2], [0, 2, 3], [0, 3, 4], [0, 4, 1]],
            boundary_loops: vec![vec![1, 2, 3, 4]],
            island_of_vertex: vec![0; 5],
            island_count: 1,
            hole_count: 0,
        }
    }

    #[test]
    fn the_hull_comes_first() {
        let (order, hull) = vertex_order(&square_with_centre());
        assert_eq!(order, vec![1, 2, 3, 4, 0]);
        assert_eq!(hull, 4);
    }
}
