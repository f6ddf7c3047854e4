//! limber's marching squares against the `contour` crate's: the same rings on every bundled sprite.
//!
//! limber traces only the cells the outline passes through (for speed); this test holds it to the
//! crate's results, ring for ring and point for point, on the dense margins and on the sparse field
//! the pipeline traces.

use crate::common;

use contour::ContourBuilder;
use limber::core::MeshSettings;
use limber::core::image_io::load_png;
use limber::core::marching_squares::{isorings, isorings_of};
use limber::core::outline::TRACE_LEVEL;
use limber::core::pipeline::padded_field;

/// Rotates a ring so it starts at its smallest point (by x, then y).
fn canonical(ring: &[[f64; 2]]) -> Vec<[f64; 2]> {
    let start = (0..ring.len())
        .min_by(|&a, &b| {
            let (p, q) = (ring[a], ring[b]);
            p[0].total_cmp(&q[0]).then(p[1].total_cmp(&q[1]))
        })
        .unwrap_or(0);
    ring[start..]
        .iter()
        .chain(&ring[..start])
        .copied()
        .collect()
}

#[test]
fn rings_match_the_contour_crate_on_every_sprite() {
    for path in common::bundled_sprites() {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let image = load_png(&path).unwrap();
        let field = padded_field(&image, &MeshSettings::default()).unwrap();
        // The sparse field (what `trace` reads) and its dense margins give the same rings.
        let margin = field.margins();
        let sparse = isorings_of(&field, TRACE_LEVEL);
        assert!(
            sparse == isorings(&margin, field.width, field.height, TRACE_LEVEL),
            "{name}: the sparse field's rings differ from the dense margins'"
        );
        let mut ours: Vec<Vec<[f64; 2]>> = sparse.iter().map(|r| canonical(r)).collect();
        let lines = ContourBuilder::new(field.width, field.height, true)
            .lines(&margin, &[TRACE_LEVEL])
            .unwrap();
        let mut theirs: Vec<Vec<[f64; 2]>> = lines[0]
            .geometry()
            .0
            .iter()
            .map(|ring| {
                let mut points: Vec<[f64; 2]> = ring
                    .0
                    .iter()
                    .map(|c| [f64::from(c.x), f64::from(c.y)])
                    .collect();
                points.pop(); // the closing repeat of the first point
                canonical(&points)
            })
            .collect();
        assert_eq!(ours.len(), theirs.len(), "{name}: ring count");
        let key = |r: &Vec<[f64; 2]>| (r[0][0].round() as i64, r[0][1].round() as i64, r.len());
        ours.sort_by_key(key);
        theirs.sort_by_key(key);
        for (a, b) in ours.iter().zip(&theirs) {
            assert_eq!(a.len(), b.len(), "{name}: ring length");
            for (p, q) in a.iter().zip(b) {
                // contour interpolates in f32; limber in f64.
                assert!(
                    (p[0] - q[0]).abs() < 1e-3 && (p[1] - q[1]).abs() < 1e-3,
                    "{name}: {p:?} vs {q:?}"
                );
            }
        }
    }
}
