//! The image → mesh contract on every bundled sprite: coverage of the visible pixels, gaps and holes
//! left open, no overlaps, a manifold mesh with closed boundary loops, quality triangles, interior
//! vertices, and byte-identical output for the same input.

use crate::common;

use std::collections::HashMap;
use std::path::Path;

use limber::core::image_io::load_png;
use limber::core::mesh::loop_signed_area;
use limber::core::quality::{doubled_area, median_smallest_angle, total_area};
use limber::core::raster::coverage;
use limber::core::{Mesh, MeshSettings, build_mesh};

fn mesh_of(path: &Path) -> Mesh {
    let image = load_png(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    build_mesh(&image, &MeshSettings::default())
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .0
}

fn check_sprite(path: &Path) {
    let name = path.file_name().unwrap().to_string_lossy().to_string();
    let mesh = mesh_of(path);
    let (w, h, alpha) = common::alpha_fractions(path);
    let counts = coverage(&mesh);

    // (a) pixels with alpha >= 0.5 are covered.
    let solid: Vec<usize> = (0..w * h).filter(|&i| alpha[i] >= 0.5).collect();
    let covered = solid.iter().filter(|&&i| counts[i] > 0).count();
    let fraction = covered as f64 / solid.len() as f64;
    assert!(
        fraction >= 0.995,
        "{name}: covers {fraction:.5} of alpha>=0.5 pixels"
    );

    // (b) no transparent pixel more than 3 px from any visible pixel is covered.
    for y in 0..h {
        for x in 0..w {
            let i = y * w + x;
            if counts[i] == 0 || alpha[i] > 0.0 {
                continue;
            }
            let near_visible = (y.saturating_sub(3)..=(y + 3).min(h - 1)).any(|yy| {
                (x.saturating_sub(3)..=(x + 3).min(w - 1)).any(|xx| {
                    let (dx, dy) = (xx.abs_diff(x), yy.abs_diff(y));
                    dx * dx + dy * dy <= 9 && alpha[yy * w + xx] > 0.0
                })
            });
            assert!(
                near_visible,
                "{name}: covers transparent pixel ({x},{y}) far from the sprite"
            );
        }
    }

    // (c) no overlapping triangles, no zero-area triangles, and the triangles' total area equals
    // the area the boundary loops enclose.
    assert!(
        counts.iter().all(|&c| c <= 1),
        "{name}: overlapping triangles"
    );
    for t in 0..mesh.triangles.len() {
        let [a, b, c] = mesh.corners(t);
        assert!(
            doubled_area(a, b, c) > 1e-9,
            "{name}: degenerate triangle {t}"
        );
    }
    let enclosed: f64 = mesh
        .boundary_loops
        .iter()
        .map(|l| loop_signed_area(&mesh.positions, l))
        .sum();
    assert!(
        (enclosed - total_area(&mesh)).abs() < 1e-6 * enclosed.max(1.0),
        "{name}: area mismatch"
    );

    // (d) every edge shared by at most two triangles; boundary loops closed and complete.
    let mut uses: HashMap<(u32, u32), usize> = HashMap::new();
    for &[a, b, c] in &mesh.triangles {
        for (p, q) in [(a, b), (b, c), (c, a)] {
            *uses.entry((p.min(q), p.max(q))).or_default() += 1;
        }
    }
    assert!(
        uses.values().all(|&n| n <= 2),
        "{name}: an edge has more than two triangles"
    );
    let boundary_edges = uses.values().filter(|&&n| n == 1).count();
    let loop_edges: usize = mesh.boundary_loops.iter().map(Vec::len).sum();
    assert_eq!(
        boundary_edges, loop_edges,
        "{name}: boundary loops miss edges"
    );
    for ring in &mesh.boundary_loops {
        assert!(ring.len() >= 3, "{name}: a loop of {} vertices", ring.len());
        for k in 0..ring.len() {
            let (p, q) = (ring[k], ring[(k + 1) % ring.len()]);
            assert_eq!(
                uses.get(&(p.min(q), p.max(q))),
                Some(&1),
                "{name}: loop edge is not a boundary edge"
            );
        }
    }

    // Shared, indexed vertices: no two at the same place, every one used.
    let mut seen = std::collections::HashSet::new();
    assert!(
        mesh.positions
            .iter()
            .all(|p| seen.insert((p[0].to_bits(), p[1].to_bits()))),
        "{name}: duplicate vertex"
    );
    let mut used = vec![false; mesh.positions.len()];
    mesh.triangles
        .iter()
        .flatten()
        .for_each(|&v| used[v as usize] = true);
    assert!(used.iter().all(|&u| u), "{name}: unused vertex");

    // (e) quality and (f) interior vertices.
    let median = median_smallest_angle(&mesh);
    assert!(median >= 20.0, "{name}: median smallest angle {median:.1}°");
    assert!(
        mesh.interior_vertex_count() > 0,
        "{name}: no interior vertices"
    );

    // Positions stay on the image, uvs in [0, 1].
    for (p, uv) in mesh.positions.iter().zip(&mesh.uvs) {
        assert!(p[0] >= 0.0 && p[0] <= w as f64 && p[1] >= 0.0 && p[1] <= h as f64);
        assert!((0.0..=1.0).contains(&uv[0]) && (0.0..=1.0).contains(&uv[1]));
    }
}

#[test]
fn every_bundled_sprite_meets_the_mesh_contract() {
    for path in common::bundled_sprites() {
        check_sprite(&path);
    }
}

#[test]
fn same_input_gives_the_same_bytes() {
    let path = common::sprite("oc_soccer_boy_768h.png");
    let first = serde_json::to_vec(&mesh_of(&path)).unwrap();
    let second = serde_json::to_vec(&mesh_of(&path)).unwrap();
    assert_eq!(first, second);
}

#[test]
fn the_key_keeps_its_hole_and_the_soccer_ball_is_its_own_island() {
    let key = mesh_of(&common::sprite("kenney_keyBlue.png"));
    assert_eq!((key.island_count, key.hole_count), (1, 1));
    let boy = mesh_of(&common::sprite("oc_soccer_boy_768h.png"));
    assert!(
        boy.island_count >= 2,
        "ball and boy: {} islands",
        boy.island_count
    );
}

#[test]
fn the_gap_between_striding_legs_stays_open() {
    // Between the legs of the walking man, below the hip, some transparent pixels stay uncovered.
    let path = common::sprite("kenney_malePerson_walk3.png");
    let mesh = mesh_of(&path);
    let (w, h, alpha) = common::alpha_fractions(&path);
    let counts = coverage(&mesh);
    let lower_half_open = (h / 2..h)
        .flat_map(|y| (0..w).map(move |x| (x, y)))
        .filter(|&(x, y)| {
            let i = y * w + x;
            // transparent, uncovered, with visible pixels both left and right on its row
            alpha[i] == 0.0
                && counts[i] == 0
                && (0..x).any(|xx| alpha[y * w + xx] > 0.5)
                && (x + 1..w).any(|xx| alpha[y * w + xx] > 0.5)
        })
        .count();
    assert!(
        lower_half_open > 20,
        "only {lower_half_open} open pixels between the legs"
    );
}
