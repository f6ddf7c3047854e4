//! Re-meshing that keeps the work: per-vertex data of an old mesh carried to a new mesh of the same
//! sprite. Each new vertex takes the barycentric blend of the old triangle that contains it (or, for
//! a vertex outside the old mesh, of the nearest old triangle, clamped to its edge), so weights
//! painted or computed on the old mesh survive a change of mesh settings; deform keys' offsets are
//! carried the same way ([`carry_deform`]).

use glam::DVec2;

use super::animation::DeformRecord;
use super::mesh::Mesh;
use super::weights::{Binding, Influences, MAX_INFLUENCES, normalise};

/// Finds, for points, the old triangle to take values from: a uniform grid of triangle bounds.
/// The mesh split along cuts asks it which points lie inside the mesh ([`TriangleGrid::contains`]).
pub(crate) struct TriangleGrid<'a> {
    mesh: &'a Mesh,
    origin: DVec2,
    cell: f64,
    columns: usize,
    rows: usize,
    cells: Vec<Vec<u32>>,
    /// Each triangle's bounding box (least and greatest corner).
    bounds: Vec<[DVec2; 2]>,
}

/// How much nearer than the best distance so far a triangle's bounding box must come before the
/// triangle is measured: far more than the rounding of either distance, so skipping a triangle never
/// changes which one [`TriangleGrid::locate`] picks.
const BOUNDS_SLACK: f64 = 1e-6;

impl<'a> TriangleGrid<'a> {
    pub(crate) fn new(mesh: &'a Mesh) -> Self {
        let (mut lo, mut hi) = (DVec2::splat(f64::INFINITY), DVec2::splat(f64::NEG_INFINITY));
        for p in &mesh.positions {
            lo = lo.min(DVec2::from(*p));
            hi = hi.max(DVec2::from(*p));
        }
        let size = (hi - lo).max(DVec2::ONE);
        let triangles = mesh.triangles.len().max(1) as f64;
        let cell = ((size.x * size.y / triangles).sqrt() * 2.0).max(1.0);
        let columns = ((size.x / cell).ceil() as usize).max(1);
        let rows = ((size.y / cell).ceil() as usize).max(1);
        let mut grid = Self {
            mesh,
            origin: lo,
            cell,
            columns,
            rows,
            cells: vec![Vec::new(); columns * rows],
            bounds: Vec::with_capacity(mesh.triangles.len()),
        };
        for t in 0..mesh.triangles.len() {
            let corners = mesh.corners(t).map(DVec2::from);
            let (a, b) = (
                corners[0].min(corners[1]).min(corners[2]),
                corners[0].max(corners[1]).max(corners[2]),
            );
            grid.bounds.push([a, b]);
            let (c0, r0) = grid.cell_of(a);
            let (c1, r1) = grid.cell_of(b);
            for r in r0..=r1 {
                for c in c0..=c1 {
                    grid.cells[r * columns + c].push(t as u32);
                }
            }
        }
        grid
    }

    fn cell_of(&self, p: DVec2) -> (usize, usize) {
        let q = (p - self.origin) / self.cell;
        (
            (q.x.floor().max(0.0) as usize).min(self.columns - 1),
            (q.y.floor().max(0.0) as usize).min(self.rows - 1),
        )
    }

    /// Whether `p` lies in one of the mesh's triangles (on an edge counts).
    pub(crate) fn contains(&self, p: DVec2) -> bool {
        let (c, r) = self.cell_of(p);
        self.cells[r * self.columns + c]
            .iter()
            .any(|&t| closest_in_triangle(self.mesh.corners(t as usize), p).0 == 0.0)
    }

    /// The triangle and barycentric weights (clamped into it) that best describe `p`.
    fn locate(&self, p: DVec2) -> Option<(usize, [f64; 3])> {
        let (c, r) = self.cell_of(p);
        let mut best: Option<(f64, usize, [f64; 3])> = None;
        // Search rings of cells outward until a containing triangle is found or a ring's nearest
        // possible distance exceeds the best so far.
        let max_ring = self.columns.max(self.rows);
        for ring in 0..=max_ring {
            if let Some((distance, _, _)) = best
                && (distance == 0.0 || (ring as f64 - 1.0) * self.cell > distance)
            {
                break;
            }
            for (cc, rr) in ring_cells(c, r, ring, self.columns, self.rows) {
                for &t in &self.cells[rr * self.columns + cc] {
                    // A triangle whose box lies farther than the best so far cannot be nearer.
                    if let Some((d, _, _)) = best
                        && box_distance(self.bounds[t as usize], p) > d + BOUNDS_SLACK
                    {
                        continue;
                    }
                    let (distance, weights) = closest_in_triangle(self.mesh.corners(t as usize), p);
                    if best.is_none_or(|(d, _, _)| distance < d) {
                        best = Some((distance, t as usize, weights));
                        // Nothing is nearer than a triangle containing `p`; the first one found wins.
                        if distance == 0.0 {
                            return Some((t as usize, weights));
                        }
                    }
                }
            }
        }
        best.map(|(_, t, w)| (t, w))
    }
}

/// The distance from `p` to the box `[least, greatest]` (0 inside): never more than the distance to
/// anything in the box.
fn box_distance([least, greatest]: [DVec2; 2], p: DVec2) -> f64 {
    let outside = (least - p).max(p - greatest).max(DVec2::ZERO);
    outside.length()
}

/// The cells at Chebyshev distance `ring` from (c, r), inside the grid.
fn ring_cells(c: usize, r: usize, ring: usize, columns: usize, rows: usize) -> Vec<(usize, usize)> {
    let (c, r, ring) = (c as i64, r as i64, ring as i64);
    let mut out = Vec::new();
    for rr in (r - ring)..=(r + ring) {
        for cc in (c - ring)..=(c + ring) {
            let on_ring = (rr - r).abs() == ring || (cc - c).abs() == ring;
            if on_ring && rr >= 0 && cc >= 0 && (rr as usize) < rows && (cc as usize) < columns {
                out.push((cc as usize, rr as usize));
            }
        }
    }
    out
}

/// Distance from `p` to triangle `corners` (0 inside) and the barycentric weights of the closest
/// point of the triangle.
fn closest_in_triangle(corners: [[f64; 2]; 3], p: DVec2) -> (f64, [f64; 3]) {
    let [a, b, c] = corners.map(DVec2::from);
    let area = (b - a).perp_dot(c - a);
    if area.abs() > 1e-12 {
        let wa = (b - p).perp_dot(c - p) / area;
        let wb = (c - p).perp_dot(a - p) / area;
        let wc = 1.0 - wa - wb;
        if wa >= 0.0 && wb >= 0.0 && wc >= 0.0 {
            return (0.0, [wa, wb, wc]);
        }
    }
    // Outside: the closest point on the nearest edge.
    let mut best = (f64::INFINITY, [1.0, 0.0, 0.0]);
    for (i, j) in [(0usize, 1usize), (1, 2), (2, 0)] {
        let (u, v) = ([a, b, c][i], [a, b, c][j]);
        let along = v - u;
        let t = if along.length_squared() > 0.0 {
            ((p - u).dot(along) / along.length_squared()).clamp(0.0, 1.0)
        } else {
            0.0
        };
        let distance = (u + along * t - p).length();
        if distance < best.0 {
            let mut weights = [0.0; 3];
            weights[i] = 1.0 - t;
            weights[j] = t;
            best = (distance, weights);
        }
    }
    best
}

/// The weights of `old_binding` on `old` carried to the vertices `new_positions`: blended by
/// barycentric weights, the four strongest kept, normalised in f64.
pub fn carry_binding(old: &Mesh, old_binding: &Binding, new_positions: &[[f64; 2]]) -> Binding {
    let grid = TriangleGrid::new(old);
    let vertices = new_positions
        .iter()
        .map(|&p| {
            let Some((t, weights)) = grid.locate(DVec2::from(p)) else {
                return Influences::new();
            };
            let mut blended: Vec<(usize, f64)> = Vec::new();
            for (&v, &w) in old.triangles[t].iter().zip(&weights) {
                for &(bone, bone_weight) in &old_binding.vertices[v as usize] {
                    match blended.iter_mut().find(|e| e.0 == bone) {
                        Some(entry) => entry.1 += w * bone_weight,
                        None => blended.push((bone, w * bone_weight)),
                    }
                }
            }
            blended.retain(|e| e.1 > 0.0);
            // Strongest first; ties by bone index so the result is deterministic.
            blended.sort_by(|x, y| y.1.total_cmp(&x.1).then(x.0.cmp(&y.0)));
            blended.truncate(MAX_INFLUENCES);
            let mut influences: Influences = blended.into_iter().collect();
            normalise(&mut influences);
            influences
        })
        .collect();
    Binding { vertices }
}

/// A deform key's offsets on `old` carried to the vertices `new_positions`: each new vertex takes
/// the barycentric blend of the offsets at the corners of the old triangle it lies in (a vertex the
/// key does not list has offset 0). A new vertex at an old vertex's exact position takes that
/// vertex's offset exactly. Vertices whose carried offset is 0 are left out (the record stays
/// sparse).
pub fn carry_deform(old: &Mesh, deform: &DeformRecord, new_positions: &[[f64; 2]]) -> DeformRecord {
    let mut dense = vec![[0.0; 2]; old.positions.len()];
    for (&v, &offset) in deform.vertices.iter().zip(&deform.offsets) {
        if let Some(slot) = dense.get_mut(v as usize) {
            *slot = offset;
        }
    }
    let grid = TriangleGrid::new(old);
    let mut carried = DeformRecord::default();
    for (i, &p) in new_positions.iter().enumerate() {
        let Some((t, weights)) = grid.locate(DVec2::from(p)) else {
            continue;
        };
        let mut offset = [0.0; 2];
        for (&v, &w) in old.triangles[t].iter().zip(&weights) {
            if w != 0.0 {
                let o = dense[v as usize];
                offset[0] += w * o[0];
                offset[1] += w * o[1];
            }
        }
        if offset != [0.0, 0.0] {
            carried.vertices.push(i as u32);
            carried.offsets.push(offset);
        }
    }
    carried
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pipeline::{MeshSettings, build_mesh};
    use image::{DynamicImage, Rgba, RgbaImage};

    #[test]
    fn weights_that_vary_linearly_are_carried_exactly_and_still_sum_to_one() {
        let image = DynamicImage::ImageRgba8(RgbaImage::from_pixel(80, 40, Rgba([9, 9, 9, 255])));
        let (old, _) = build_mesh(&image, &MeshSettings::default()).unwrap();
        // Bone 1's weight grows linearly from left to right.
        let share = |p: &[f64; 2]| (p[0] / 80.0).clamp(0.0, 1.0);
        let binding = Binding {
            vertices: old
                .positions
                .iter()
                .map(|p| {
                    [(0, 1.0 - share(p)), (1, share(p))]
                        .into_iter()
                        .filter(|e| e.1 > 0.0)
                        .collect()
                })
                .collect(),
        };
        let finer = MeshSettings {
            spacing: Some(3.0),
            ..MeshSettings::default()
        };
        let (new, _) = build_mesh(&image, &finer).unwrap();
        assert!(new.positions.len() > old.positions.len());
        let carried = carry_binding(&old, &binding, &new.positions);
        for (p, influences) in new.positions.iter().zip(&carried.vertices) {
            let total: f64 = influences.iter().map(|e| e.1).sum();
            assert!((total - 1.0).abs() < 1e-12);
            let w1 = influences.iter().find(|e| e.0 == 1).map_or(0.0, |e| e.1);
            assert!(
                (w1 - share(p)).abs() < 1e-9,
                "at {p:?}: {w1} vs {}",
                share(p)
            );
        }
    }

    #[test]
    fn an_affine_deform_field_is_reproduced_exactly_at_new_vertices() {
        let image = DynamicImage::ImageRgba8(RgbaImage::from_pixel(70, 50, Rgba([9, 9, 9, 255])));
        let (old, _) = build_mesh(&image, &MeshSettings::default()).unwrap();
        let field = |p: &[f64; 2]| {
            [
                0.3 * p[0] - 0.1 * p[1] + 2.0,
                0.05 * p[0] + 0.2 * p[1] - 1.5,
            ]
        };
        let deform = DeformRecord {
            vertices: (0..old.positions.len() as u32).collect(),
            offsets: old.positions.iter().map(field).collect(),
        };
        let finer = MeshSettings {
            spacing: Some(3.0),
            ..MeshSettings::default()
        };
        let (new, _) = build_mesh(&image, &finer).unwrap();
        assert!(new.positions.len() > old.positions.len());
        let carried = carry_deform(&old, &deform, &new.positions);
        assert_eq!(carried.vertices.len(), new.positions.len());
        assert!(crate::animation::part_keys::check_deform(&carried).is_ok());
        for (&v, offset) in carried.vertices.iter().zip(&carried.offsets) {
            let want = field(&new.positions[v as usize]);
            assert!(
                (offset[0] - want[0]).abs() < 1e-9 && (offset[1] - want[1]).abs() < 1e-9,
                "vertex {v}: {offset:?} vs {want:?}"
            );
        }
        // Outside the old mesh: the nearest triangle's clamped barycentrics, so the field at the
        // nearest point of the outline.
        let outside = carry_deform(&old, &deform, &[[-5.0, 20.0], [75.0, 55.0]]);
        assert_eq!(outside.vertices, vec![0, 1]);
        for (offset, nearest) in outside.offsets.iter().zip([[0.0, 20.0], [70.0, 50.0]]) {
            let want = field(&nearest);
            assert!((offset[0] - want[0]).abs() < 1e-9 && (offset[1] - want[1]).abs() < 1e-9);
        }
        // A sparse key: shared vertices keep their offset exactly, and far vertices stay unlisted.
        let sparse = DeformRecord {
            vertices: vec![0],
            offsets: vec![[4.0, -2.0]],
        };
        let same = carry_deform(&old, &sparse, &old.positions);
        assert_eq!(same, sparse);
    }

    /// [`TriangleGrid::locate`] without its shortcuts: every triangle of every ring searched.
    fn locate_everywhere(grid: &TriangleGrid, p: DVec2) -> Option<(usize, [f64; 3])> {
        let (c, r) = grid.cell_of(p);
        let mut best: Option<(f64, usize, [f64; 3])> = None;
        for ring in 0..=grid.columns.max(grid.rows) {
            if let Some((distance, _, _)) = best
                && (distance == 0.0 || (ring as f64 - 1.0) * grid.cell > distance)
            {
                break;
            }
            for (cc, rr) in ring_cells(c, r, ring, grid.columns, grid.rows) {
                for &t in &grid.cells[rr * grid.columns + cc] {
                    let (distance, weights) = closest_in_triangle(grid.mesh.corners(t as usize), p);
                    if best.is_none_or(|(d, _, _)| distance < d) {
                        best = Some((distance, t as usize, weights));
                    }
                }
            }
        }
        best.map(|(_, t, w)| (t, w))
    }

    #[test]
    fn locate_picks_what_a_full_search_picks_bit_for_bit() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let image =
            crate::image_io::load_png(&root.join("../../assets/sprites/oc_lizard_2560w.png"))
                .unwrap();
        // The default spacing leaves long sliver triangles along the outline; 12 px does not.
        for spacing in [None, Some(12.0)] {
            let settings = MeshSettings {
                spacing,
                ..MeshSettings::default()
            };
            let (mesh, _) = build_mesh(&image, &settings).unwrap();
            let grid = TriangleGrid::new(&mesh);
            let mut points: Vec<DVec2> = mesh.positions.iter().map(|&p| DVec2::from(p)).collect();
            // Points off the vertices, inside and outside the mesh and beyond the image.
            let mut state = 0x2545_f491_4f6c_dd1du64;
            for _ in 0..20_000 {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let x = (state % 2800) as f64 - 120.0 + 0.37;
                let y = ((state >> 20) % 2500) as f64 - 100.0 + 0.61;
                points.push(DVec2::new(x, y));
            }
            for p in points {
                let bits =
                    |found: Option<(usize, [f64; 3])>| found.map(|(t, w)| (t, w.map(f64::to_bits)));
                assert_eq!(
                    bits(grid.locate(p)),
                    bits(locate_everywhere(&grid, p)),
                    "at {p}"
                );
            }
        }
    }
}
