//! Automatic weights on synthetic shapes and on every bundled sprite; the distance cache; skinning.

use crate::common;
use crate::common::rigs;

use std::path::Path;
use std::sync::Arc;

use image::{DynamicImage, Rgba, RgbaImage};
use limber::core::distance::{InsideGrid, Metric, bone_vertex_distances};
use limber::core::image_io::load_png;
use limber::core::pipeline::build_mesh_and_grid;
use limber::core::pose::{Pose, palette, world_transforms};
use limber::core::quality::doubled_area;
use limber::core::rig::load_rig;
use limber::core::skeleton::{Bone, Skeleton};
use limber::core::skinning::{SkinningMode, skin};
use limber::core::weights::{
    Binding, DistanceCache, WeightSettings, auto_smoothness, auto_weights, check_binding,
};
use limber::core::{Mesh, MeshSettings};

fn bone(name: &str, parent: Option<usize>, head: [f64; 2], tail: [f64; 2]) -> Bone {
    Bone::new(name, parent, head, tail)
}

fn image(width: u32, height: u32, inside: impl Fn(u32, u32) -> bool) -> DynamicImage {
    DynamicImage::ImageRgba8(RgbaImage::from_fn(width, height, |x, y| {
        Rgba([90, 160, 60, if inside(x, y) { 255 } else { 0 }])
    }))
}

fn weigh(image: &DynamicImage, skeleton: &Skeleton, metric: Metric) -> (Mesh, InsideGrid, Binding) {
    let (mesh, grid, _) = build_mesh_and_grid(image, &MeshSettings::default()).unwrap();
    let smoothness = auto_smoothness(image.width(), image.height());
    let settings = WeightSettings { metric, smoothness };
    let distances = DistanceCache::new().distances(&grid, skeleton, &mesh.positions, settings);
    let binding = auto_weights(skeleton, &distances, &mesh.positions, smoothness);
    (mesh, grid, binding)
}

const GEODESIC_5: WeightSettings = WeightSettings {
    metric: Metric::Geodesic,
    smoothness: 5.0,
};

fn weight(binding: &Binding, vertex: usize, bone: usize) -> f64 {
    binding.vertices[vertex]
        .iter()
        .find(|p| p.0 == bone)
        .map_or(0.0, |p| p.1)
}

/// A body on two legs with a 10 px gap between them, a bone down each leg.
fn two_legs() -> (DynamicImage, Skeleton) {
    let legs = image(100, 200, |x, y| {
        let body = (20..80).contains(&x) && y < 60;
        let left = (20..45).contains(&x) && y < 190;
        let right = (55..80).contains(&x) && y < 190;
        body || left || right
    });
    let skeleton = Skeleton::new(vec![
        bone("leg_l", None, [32.5, 70.0], [32.5, 185.0]),
        bone("leg_r", None, [67.5, 70.0], [67.5, 185.0]),
    ])
    .unwrap();
    (legs, skeleton)
}

/// The largest weight the right leg's bone gives a vertex of the left leg's lower two thirds (40 px
/// and more below the crotch, which is at y = 60; nearer the crotch the two legs are rightly close).
fn right_bone_on_left_leg(metric: Metric) -> f64 {
    let (legs, skeleton) = two_legs();
    let (mesh, _, binding) = weigh(&legs, &skeleton, metric);
    check_binding(&binding, 2).unwrap();
    (0..mesh.positions.len())
        .filter(|&v| mesh.positions[v][0] < 50.0 && mesh.positions[v][1] > 100.0)
        .map(|v| weight(&binding, v, 1))
        .fold(0.0, f64::max)
}

#[test]
fn a_bone_in_one_leg_does_not_pull_the_other_leg() {
    let geodesic = right_bone_on_left_leg(Metric::Geodesic);
    assert!(
        geodesic <= 0.01,
        "geodesic: right bone gives the left leg {geodesic}"
    );
    for metric in [Metric::Dijkstra8, Metric::Bfs4] {
        assert!(right_bone_on_left_leg(metric) <= 0.01, "{metric:?}");
    }
    // Straight-line distance fails the same test: it measures across the gap.
    let euclidean = right_bone_on_left_leg(Metric::Euclidean);
    assert!(euclidean > 0.01, "euclidean: {euclidean}");
}

#[test]
fn every_bundled_sprite_gets_valid_weights_from_a_small_rig() {
    for path in common::bundled_sprites() {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let image = load_png(&path).unwrap();
        let (mesh, grid, _) = build_mesh_and_grid(&image, &MeshSettings::default()).unwrap();
        let skeleton = rigs::box_rig(&mesh);
        let settings = WeightSettings {
            metric: Metric::Geodesic,
            smoothness: auto_smoothness(mesh.width, mesh.height),
        };
        let distances = DistanceCache::new().distances(&grid, &skeleton, &mesh.positions, settings);
        let binding = auto_weights(&skeleton, &distances, &mesh.positions, settings.smoothness);
        assert_eq!(binding.vertices.len(), mesh.positions.len());
        check_binding(&binding, skeleton.bones.len()).unwrap_or_else(|e| panic!("{name}: {e}"));
        // Every bone moves something.
        for b in 0..skeleton.bones.len() {
            assert!(
                binding.vertices.iter().any(|i| i.iter().any(|p| p.0 == b)),
                "{name}: bone {b} unused"
            );
        }
    }
}

#[test]
fn smoothness_changes_reuse_fields_and_moving_a_bone_recomputes_one() {
    let (legs, mut skeleton) = two_legs();
    let (mesh, grid, _) = build_mesh_and_grid(&legs, &MeshSettings::default()).unwrap();
    let mut cache = DistanceCache::new();
    let distances = cache.distances(&grid, &skeleton, &mesh.positions, GEODESIC_5);
    assert_eq!(cache.fields_computed, 2);
    let sharp = auto_weights(&skeleton, &distances, &mesh.positions, 5.0);
    skeleton.bones[0].smoothness = Some(40.0);
    let distances = cache.distances(&grid, &skeleton, &mesh.positions, GEODESIC_5);
    let soft = auto_weights(&skeleton, &distances, &mesh.positions, 5.0);
    assert_eq!(
        cache.fields_computed, 2,
        "a smoothness change computes no field"
    );
    assert_ne!(sharp, soft);
    skeleton.bones[1].tail = [67.5, 150.0];
    cache.distances(&grid, &skeleton, &mesh.positions, GEODESIC_5);
    assert_eq!(
        cache.fields_computed, 3,
        "moving one bone computes one field"
    );
}

#[test]
fn a_bone_outside_the_sprite_and_an_island_no_bone_reaches_still_get_weights() {
    // A blob on the left with a bone inside; a blob on the right no bone touches; a bone in empty space.
    let two_blobs = image(120, 60, |x, y| {
        (5..45).contains(&x) && (10..50).contains(&y)
            || (75..115).contains(&x) && (10..50).contains(&y)
    });
    let skeleton = Skeleton::new(vec![
        bone("inside", None, [15.0, 30.0], [35.0, 30.0]),
        bone("outside", None, [60.0, 2.0], [60.0, 8.0]),
    ])
    .unwrap();
    let (mesh, _, binding) = weigh(&two_blobs, &skeleton, Metric::Geodesic);
    check_binding(&binding, 2).unwrap();
    assert!(binding.vertices.iter().all(|i| !i.is_empty()));
    // The outside bone is seeded from the pixels nearest to it, so it weighs on both blobs' near corners.
    assert!((0..mesh.positions.len()).any(|v| weight(&binding, v, 1) > 0.5));
}

/// A zombie with its bundled rig.
fn zombie() -> (Mesh, Skeleton, Binding) {
    let sprite = common::sprite("kenney_zombie_walk0.png");
    let rig = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("assets/rigs/kenney_zombie_walk0.json");
    let skeleton = load_rig(&rig).unwrap().skeleton;
    let image = load_png(&sprite).unwrap();
    let (mesh, _, binding) = weigh(&image, &skeleton, Metric::Geodesic);
    check_binding(&binding, skeleton.bones.len()).unwrap();
    (mesh, skeleton, binding)
}

#[test]
fn the_rest_pose_leaves_every_vertex_in_place() {
    let (mesh, skeleton, binding) = zombie();
    let world = world_transforms(&skeleton, &Pose::rest(&skeleton)).unwrap();
    let palette = palette(&skeleton, &world);
    for mode in [SkinningMode::LinearBlend, SkinningMode::DualQuaternion] {
        let skinned = skin(&mesh.positions, &binding, &palette, mode);
        for (a, b) in skinned.iter().zip(&mesh.positions) {
            assert!(
                (a[0] - b[0]).abs() <= 1e-9 && (a[1] - b[1]).abs() <= 1e-9,
                "{mode:?}"
            );
        }
    }
}

#[test]
fn rotating_the_root_moves_every_vertex_rigidly() {
    let (mesh, skeleton, binding) = zombie();
    let mut pose = Pose::rest(&skeleton);
    let angle = 0.7;
    pose.bones[0].rotate = angle;
    let world = world_transforms(&skeleton, &pose).unwrap();
    let palette = palette(&skeleton, &world);
    let pivot = skeleton.bones[0].head;
    // Counter-clockwise on screen (y down) by `angle` about the root's head.
    let (s, c) = (-angle).sin_cos();
    for mode in [SkinningMode::LinearBlend, SkinningMode::DualQuaternion] {
        let skinned = skin(&mesh.positions, &binding, &palette, mode);
        for (moved, rest) in skinned.iter().zip(&mesh.positions) {
            let (x, y) = (rest[0] - pivot[0], rest[1] - pivot[1]);
            let expected = [pivot[0] + c * x - s * y, pivot[1] + s * x + c * y];
            assert!(
                (moved[0] - expected[0]).abs() <= 1e-9 && (moved[1] - expected[1]).abs() <= 1e-9,
                "{mode:?}"
            );
        }
    }
}

#[test]
fn bent_ninety_degrees_dual_quaternions_keep_more_of_the_joint() {
    let bar = image(200, 40, |_, y| (8..32).contains(&y));
    let skeleton = Skeleton::new(vec![
        bone("upper", None, [4.0, 20.0], [100.0, 20.0]),
        bone("lower", Some(0), [100.0, 20.0], [196.0, 20.0]),
    ])
    .unwrap();
    let (mesh, _, binding) = weigh(&bar, &skeleton, Metric::Geodesic);
    let mut pose = Pose::rest(&skeleton);
    pose.bones[1].rotate = std::f64::consts::FRAC_PI_2;
    let palette = palette(&skeleton, &world_transforms(&skeleton, &pose).unwrap());
    // Area of the triangles within 30 px of the joint, before and after bending.
    let joint_area = |positions: &[[f64; 2]]| -> f64 {
        mesh.triangles
            .iter()
            .filter(|t| {
                t.iter()
                    .all(|&v| (mesh.positions[v as usize][0] - 100.0).abs() < 30.0)
            })
            .map(|t| {
                doubled_area(
                    positions[t[0] as usize],
                    positions[t[1] as usize],
                    positions[t[2] as usize],
                ) / 2.0
            })
            .sum()
    };
    let rest = joint_area(&mesh.positions);
    let lbs = joint_area(&skin(
        &mesh.positions,
        &binding,
        &palette,
        SkinningMode::LinearBlend,
    ));
    let dqs = joint_area(&skin(
        &mesh.positions,
        &binding,
        &palette,
        SkinningMode::DualQuaternion,
    ));
    println!(
        "joint area: rest {rest:.1}, LBS {lbs:.1} ({:.1}%), DQS {dqs:.1} ({:.1}%)",
        100.0 * lbs / rest,
        100.0 * dqs / rest
    );
    assert!(dqs > lbs, "DQS {dqs} should keep more than LBS {lbs}");
    assert!(
        lbs < 0.97 * rest,
        "LBS should visibly lose area at a 90° bend"
    );
}

/// Weights from complete fields: every bone's field computed whole, without the cache's pruning.
fn complete_weights(
    grid: &InsideGrid,
    skeleton: &Skeleton,
    vertices: &[[f64; 2]],
    settings: WeightSettings,
) -> Binding {
    let distances: Vec<Arc<Vec<f64>>> = skeleton
        .bones
        .iter()
        .map(|b| Arc::new(bone_vertex_distances(grid, b, vertices, settings.metric)))
        .collect();
    auto_weights(skeleton, &distances, vertices, settings.smoothness)
}

#[test]
fn pruned_fields_give_exactly_the_weights_of_complete_fields_on_every_sprite() {
    let mut pruned_away = 0;
    for path in common::bundled_sprites() {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let image = load_png(&path).unwrap();
        let (mesh, grid, _) = build_mesh_and_grid(&image, &MeshSettings::default()).unwrap();
        let skeleton = rigs::scattered_rig(&mesh, 3, 3);
        let settings = WeightSettings {
            metric: Metric::Geodesic,
            smoothness: auto_smoothness(mesh.width, mesh.height),
        };
        let mut cache = DistanceCache::new();
        let distances = cache.distances(&grid, &skeleton, &mesh.positions, settings);
        assert_eq!(
            cache.fields_pruned, 9,
            "{name}: nine missing fields are pruned"
        );
        let pruned = auto_weights(&skeleton, &distances, &mesh.positions, settings.smoothness);
        let complete = complete_weights(&grid, &skeleton, &mesh.positions, settings);
        assert_eq!(pruned, complete, "{name}: pruning changed the weights");
        check_binding(&pruned, 9).unwrap_or_else(|e| panic!("{name}: {e}"));
        // Pruning skipped something: vertices some bone reaches that its pruned field left out.
        for (b, bone) in skeleton.bones.iter().enumerate() {
            let whole = bone_vertex_distances(&grid, bone, &mesh.positions, settings.metric);
            pruned_away += whole
                .iter()
                .zip(distances[b].iter())
                .filter(|(w, p)| w.is_finite() && p.is_infinite())
                .count();
        }
    }
    assert!(
        pruned_away > 1000,
        "only {pruned_away} vertex distances pruned"
    );
}

#[test]
fn per_bone_smoothness_completes_just_the_pruned_fields_it_needs() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let image = load_png(&root.join("assets/sprites/oc_lizard_2560w.png")).unwrap();
    let mut skeleton = load_rig(&root.join("bench/rigs/lizard_2560w_16.json"))
        .unwrap()
        .skeleton;
    let (mesh, grid, _) = build_mesh_and_grid(&image, &MeshSettings::default()).unwrap();
    let settings = WeightSettings {
        metric: Metric::Geodesic,
        smoothness: 100.0,
    };
    let mut cache = DistanceCache::new();
    let distances = cache.distances(&grid, &skeleton, &mesh.positions, settings);
    assert_eq!((cache.fields_computed, cache.fields_pruned), (16, 16));
    let weights = auto_weights(&skeleton, &distances, &mesh.positions, 100.0);
    assert_eq!(
        weights,
        complete_weights(&grid, &skeleton, &mesh.positions, settings)
    );
    // A global smoothness change needs no field: the nearest four are the same bones.
    let softer = WeightSettings {
        smoothness: 160.0,
        ..settings
    };
    assert!(cache.is_ready(&skeleton, mesh.positions.len(), softer));
    // A bone with four times the smoothness reaches vertices where it was pruned.
    skeleton.bones[9].smoothness = Some(400.0);
    assert!(!cache.is_ready(&skeleton, mesh.positions.len(), settings));
    let distances = cache.distances(&grid, &skeleton, &mesh.positions, settings);
    let completed = cache.fields_computed - 16;
    assert!(
        (1..16).contains(&completed),
        "{completed} fields completed for one override"
    );
    assert!(cache.is_ready(&skeleton, mesh.positions.len(), settings));
    let weights = auto_weights(&skeleton, &distances, &mesh.positions, 100.0);
    assert_eq!(
        weights,
        complete_weights(&grid, &skeleton, &mesh.positions, settings)
    );
}
