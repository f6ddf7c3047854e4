//! Cuts: the wall's cells, the distance fields that stop at it, and the checks.

use super::*;
use crate::distance::{Metric, field};

fn all_inside(width: usize, height: usize) -> InsideGrid {
    InsideGrid {
        width,
        height,
        inside: vec![true; width * height],
        walls: Vec::new(),
    }
}

fn cells(a: [f64; 2], b: [f64; 2], size: [usize; 2]) -> Vec<(usize, usize)> {
    let mut visited = Vec::new();
    for_each_cell(a, b, size, |x, y| visited.push((x, y)));
    visited
}

#[test]
fn the_wall_is_four_connected_from_the_first_cell_to_the_last() {
    for (a, b) in [
        ([0.5, 0.5], [9.7, 6.2]),
        ([9.2, 0.1], [0.3, 9.9]),
        ([3.0, 3.0], [7.0, 7.0]),
        ([5.5, 9.5], [5.5, 0.5]),
        ([-4.0, 2.5], [14.0, 2.5]),
    ] {
        let visited = cells(a, b, [10, 10]);
        for pair in visited.windows(2) {
            let (p, q) = (pair[0], pair[1]);
            assert_eq!(
                p.0.abs_diff(q.0) + p.1.abs_diff(q.1),
                1,
                "{a:?}–{b:?}: {p:?} then {q:?}"
            );
        }
        let clipped = |v: [f64; 2]| (v[0].clamp(0.0, 9.0) as usize, v[1].clamp(0.0, 9.0) as usize);
        assert_eq!(visited.first().copied(), Some(clipped(a)), "{a:?}–{b:?}");
        assert_eq!(visited.last().copied(), Some(clipped(b)), "{a:?}–{b:?}");
    }
    // Every cell the straight line passes through well inside is visited.
    let visited = cells([0.5, 0.5], [9.7, 6.2], [10, 10]);
    for t in (1..100).map(|i| f64::from(i) / 100.0) {
        let p = [0.5 + 9.2 * t, 0.5 + 5.7 * t];
        assert!(visited.contains(&(p[0] as usize, p[1] as usize)), "{p:?}");
    }
}

#[test]
fn a_segment_off_the_grid_visits_nothing_and_a_long_one_costs_the_grid_only() {
    assert!(cells([-5.0, -5.0], [-1.0, 20.0], [10, 10]).is_empty());
    let long = cells([-1.0e6, 4.5], [1.0e6, 4.5], [10, 10]);
    assert_eq!(long.len(), 10);
}

#[test]
fn distance_does_not_cross_a_cut_across_the_shape() {
    let grid = all_inside(40, 20);
    let across = Cut {
        points: vec![[20.3, -2.0], [19.6, 22.0]],
    };
    let walled = wall_off(&grid, &[across], [0.0, 0.0]);
    let distances = field(&walled, [5.0, 10.0], [8.0, 10.0], Metric::Geodesic);
    assert!(distances[10 * 40 + 10].is_finite());
    for y in 0..20 {
        for x in 22..40 {
            assert!(distances[y * 40 + x].is_infinite(), "({x}, {y}) reached");
        }
    }
    // Without the cut the same pixel is near.
    let open = field(&grid, [5.0, 10.0], [8.0, 10.0], Metric::Geodesic);
    assert!(open[10 * 40 + 25] < 18.0);
}

#[test]
fn distance_walks_around_the_end_of_a_cut() {
    // A cut from the top down to y = 10 in a 40 × 20 shape: the far side is reached under it.
    let grid = all_inside(40, 20);
    let slit = Cut {
        points: vec![[20.5, -1.0], [20.5, 10.0]],
    };
    let walled = wall_off(&grid, &[slit], [0.0, 0.0]);
    let distances = field(&walled, [18.0, 2.0], [18.0, 2.0], Metric::Geodesic);
    let across = f64::from(distances[2 * 40 + 22]);
    // Down past the cut's end (y 10–11) and back up: about 18 px, not the 4 px straight across.
    assert!(across > 16.0 && across < 24.0, "{across}");
}

#[test]
fn an_end_drawn_just_short_of_the_edge_still_cuts_through() {
    // Ends 3 px inside the top and bottom edges: carried to them, so nothing crosses.
    let grid = all_inside(40, 20);
    let short = Cut {
        points: vec![[20.5, 3.0], [20.5, 17.0]],
    };
    let walled = wall_off(&grid, std::slice::from_ref(&short), [0.0, 0.0]);
    let distances = field(&walled, [5.0, 10.0], [8.0, 10.0], Metric::Geodesic);
    assert!(distances[10 * 40 + 30].is_infinite());
    let carried = reaching_outline(&[short], |p| grid.is_inside(p[0] as i64, p[1] as i64));
    assert_eq!(carried[0].points.len(), 4);
    assert!(carried[0].points[0][1] < 0.0 && carried[0].points[3][1] > 20.0);
    // The mesh splits in two the same way.
    let mesh = rectangle_mesh(40, 20);
    let cut = Cut {
        points: vec![[20.5, 2.0], [20.5, 18.0]],
    };
    assert_eq!(split_mesh(&mesh, &[cut]).unwrap().island_count, 2);
}

#[test]
fn offsets_move_canvas_cuts_into_the_image() {
    let grid = all_inside(10, 10);
    let cut = Cut {
        points: vec![[104.5, 200.0], [104.5, 220.0]],
    };
    let walled = wall_off(&grid, &[cut], [100.0, 200.0]);
    for y in 0..10 {
        assert!(!walled.is_inside(4, y));
        assert!(walled.is_inside(3, y) && walled.is_inside(5, y));
    }
}

#[test]
fn bad_cuts_are_refused_in_one_line() {
    let limits = Limits::DEFAULT;
    let one = Cut {
        points: vec![[1.0, 1.0]],
    };
    assert_eq!(
        check_cuts(&[one], &limits).unwrap_err().to_string(),
        "cut 1 has 1 point(s); a cut needs at least 2"
    );
    let nan = Cut {
        points: vec![[1.0, 1.0], [f64::NAN, 2.0]],
    };
    let fine = Cut {
        points: vec![[0.0, 0.0], [3.0, 4.0]],
    };
    assert_eq!(
        check_cuts(&[fine.clone(), nan], &limits)
            .unwrap_err()
            .to_string(),
        "cut 2 point 2 is not a finite position within ±1000000 px"
    );
    let far = Cut {
        points: vec![[0.0, 0.0], [1.0e7, 0.0]],
    };
    assert!(check_cuts(&[far], &limits).is_err());
    let many = Cut {
        points: vec![[0.0, 0.0]; 10_001],
    };
    assert_eq!(
        check_cuts(&[many], &limits).unwrap_err().to_string(),
        "the rig has 10,001 cut points, over the limit of 10,000"
    );
    assert!(check_cuts(&[fine], &limits).is_ok());
}

#[test]
fn suggested_cuts_join_the_rigs_own_only_within_the_budget() {
    let limits = Limits {
        cut_points: 5,
        ..Limits::DEFAULT
    };
    let line = |n: usize| Cut {
        points: (0..n).map(|k| [k as f64, 1.0]).collect(),
    };
    let all = with_suggested(&[line(2)], vec![line(3)], &limits).unwrap();
    assert_eq!(all, vec![line(2), line(3)], "the rig's own first");
    assert_eq!(
        with_suggested(&[line(3)], vec![line(3)], &limits)
            .unwrap_err()
            .to_string(),
        "1 suggested cut(s) left out: with them the rig would have 6 cut points, over the limit of 5"
    );
}

/// A mesh of an opaque `width` × `height` rectangle (default settings).
fn rectangle_mesh(width: u32, height: u32) -> crate::mesh::Mesh {
    let image = image::RgbaImage::from_pixel(width, height, image::Rgba([200, 100, 50, 255]));
    let settings = crate::pipeline::MeshSettings {
        spacing: Some(6.0),
        ..crate::pipeline::MeshSettings::default()
    };
    crate::pipeline::build_mesh(&image::DynamicImage::ImageRgba8(image), &settings)
        .unwrap()
        .0
}

fn area(mesh: &crate::mesh::Mesh) -> f64 {
    mesh.triangles
        .iter()
        .map(|t| {
            let [a, b, c] = t.map(|v| glam::DVec2::from(mesh.positions[v as usize]));
            (b - a).perp_dot(c - a) / 2.0
        })
        .sum()
}

#[test]
fn a_cut_across_the_mesh_splits_it_in_two_and_keeps_its_area() {
    let mesh = rectangle_mesh(60, 30);
    assert_eq!(mesh.island_count, 1);
    let across = Cut {
        points: vec![[31.3, -5.0], [28.2, 40.0]],
    };
    let split = split_mesh(&mesh, &[across]).unwrap();
    assert_eq!(split.island_count, 2, "both sides move apart");
    // The cut's ends past the outline add no vertex in the air.
    let (low, high) = mesh.positions.iter().fold(
        ([f64::INFINITY; 2], [f64::NEG_INFINITY; 2]),
        |(lo, hi), p| {
            (
                [lo[0].min(p[0]), lo[1].min(p[1])],
                [hi[0].max(p[0]), hi[1].max(p[1])],
            )
        },
    );
    for p in &split.positions {
        assert!(
            (0..2).all(|i| p[i] >= low[i] - 1e-9 && p[i] <= high[i] + 1e-9),
            "{p:?} lies outside the mesh"
        );
    }
    assert!((area(&split) - area(&mesh)).abs() < 1e-6);
    assert!(split.triangles.iter().all(|t| {
        let [a, b, c] = t.map(|v| glam::DVec2::from(split.positions[v as usize]));
        (b - a).perp_dot(c - a) > 0.0
    }));
    // No triangle has corners on both sides of the line.
    let side = |p: [f64; 2]| {
        let (a, b) = (glam::DVec2::new(31.3, -5.0), glam::DVec2::new(28.2, 40.0));
        (b - a).perp_dot(glam::DVec2::from(p) - a)
    };
    for t in &split.triangles {
        let sides = t.map(|v| side(split.positions[v as usize]));
        let least = sides.iter().copied().fold(f64::INFINITY, f64::min);
        let most = sides.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        assert!(least > -1e-6 || most < 1e-6, "{t:?} bridges the cut");
    }
    // Without a cut near it the mesh is unchanged.
    let far = Cut {
        points: vec![[500.0, 500.0], [600.0, 600.0]],
    };
    assert_eq!(split_mesh(&mesh, &[far]).unwrap(), mesh);
}

#[test]
fn a_slit_opens_the_mesh_without_cutting_it_off_and_each_side_reads_its_own_side() {
    let mesh = rectangle_mesh(60, 30);
    let slit = Cut {
        points: vec![[30.0, -5.0], [30.0, 18.0]],
    };
    let split = split_mesh(&mesh, std::slice::from_ref(&slit)).unwrap();
    assert_eq!(split.island_count, 1);
    assert_eq!(
        split.boundary_loops.len(),
        1,
        "the slit is part of the outline"
    );
    assert!((area(&split) - area(&mesh)).abs() < 1e-6);
    let points = weight_points(&split);
    let mut twins = 0;
    for (v, p) in split.positions.iter().enumerate() {
        let twin = split
            .positions
            .iter()
            .enumerate()
            .position(|(w, q)| w != v && q == p);
        let shared = twin.is_some();
        if let Some(w) = twin
            && p[1] > 0.5
            && p[1] < 17.5
        {
            twins += 1;
            // Each twin reads past the wall's pixel, on its own side (the two sides opposite).
            let (mine, theirs) = (points[v][0] - p[0], points[w][0] - p[0]);
            assert!(
                mine.abs() > 0.5 && mine * theirs < 0.0,
                "{p:?}: {mine} / {theirs}"
            );
        } else if !shared {
            assert_eq!(points[v], *p);
        }
    }
    assert!(twins >= 4, "{twins} vertices along the slit have a twin");
    // Splitting the split mesh again along the same cut changes nothing more.
    let again = split_mesh(&split, &[slit]).unwrap();
    assert_eq!(again.positions.len(), split.positions.len());
    assert_eq!(again.island_count, 1);
}

#[test]
fn rig_json_carries_cuts_and_refuses_bad_ones_in_one_line() {
    let text = r#"{"bones":[{"name":"a","head":[0,0],"tail":[10,0]}],
                   "cuts":[[[1,2],[3,4],[5,6.5]]]}"#;
    let rig = crate::rig::parse_rig(text).unwrap();
    assert_eq!(rig.cuts.len(), 1);
    assert_eq!(rig.cuts[0].points, vec![[1.0, 2.0], [3.0, 4.0], [5.0, 6.5]]);
    let written = serde_json::to_string(&crate::rig::RigFile::from_rig(&rig)).unwrap();
    assert!(
        written.contains(r#""cuts":[[[1.0,2.0],[3.0,4.0],[5.0,6.5]]]"#),
        "{written}"
    );
    let again = crate::rig::parse_rig(&written).unwrap();
    assert_eq!(again.cuts, rig.cuts);
    // Without cuts nothing is written.
    let bare = crate::rig::parse_rig(r#"{"bones":[]}"#).unwrap();
    let written = serde_json::to_string(&crate::rig::RigFile::from_rig(&bare)).unwrap();
    assert!(!written.contains("cuts"));
    let short = r#"{"bones":[],"cuts":[[[1,2]]]}"#;
    assert_eq!(
        crate::rig::parse_rig(short).unwrap_err().to_string(),
        "invalid cut: cut 1 has 1 point(s); a cut needs at least 2"
    );
    let huge = r#"{"bones":[],"cuts":[[[1,2],[1e300,4]]]}"#;
    assert_eq!(
        crate::rig::parse_rig(huge).unwrap_err().to_string(),
        "invalid cut: cut 1 point 2 is not a finite position within ±1000000 px"
    );
    assert!(crate::rig::parse_rig(r#"{"bones":[],"cuts":[[[1,"x"]]]}"#).is_err());
}

#[test]
fn a_project_keeps_its_cuts_through_save_and_load() {
    let project = crate::project::Project {
        rig: crate::rig::Rig {
            cuts: vec![Cut {
                points: vec![[1.5, 2.0], [30.0, 40.0]],
            }],
            ..crate::rig::Rig::default()
        },
        parts: Vec::new(),
        canvas: None,
        exports: Default::default(),
    };
    let bytes = project.to_bytes();
    let text = String::from_utf8(bytes.clone()).unwrap();
    let version = format!(r#""version":{}"#, crate::project::FORMAT_VERSION);
    assert!(text.contains(&version), "{text}");
    let loaded = crate::project::Project::from_bytes(&bytes).unwrap();
    assert_eq!(loaded.rig.cuts, project.rig.cuts);
}
