//! Properties that the fuzz targets (`fuzz/`) also check, as `proptest` tests that run on stable in
//! `cargo test` within seconds: no bytes make project or rig loading panic (random, or sample files
//! mutated where it matters: numbers, names, brackets); a rig that loads never poses to a non-finite
//! transform; automatic weights are at most four per vertex and sum to 1 within 1e-12; skinned
//! positions stay finite.

use std::path::Path;

use limber::core::MeshSettings;
use limber::core::animation::{
    ClipRecord, IkRecord, Interpolation, KeyRecord, LimitRecord, SpringRecord, TransformRecord,
};
use limber::core::distance::Metric;
use limber::core::frame::Frame;
use limber::core::pipeline::build_mesh_and_grid;
use limber::core::pose::PoseSolver;
use limber::core::project::Project;
use limber::core::rig::{BoneRecord, Rig, RigFile, parse_rig};
use limber::core::skinning::{SkinningMode, skin};
use limber::core::weights::{check_binding_on, weigh};
use proptest::prelude::*;
use proptest::sample::Index;

fn read(relative: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(relative)).unwrap()
}

/// Numbers, names and punctuation that tend to break a reader, spliced into sample files.
const NUMBERS: &[&str] = &[
    "0",
    "-0",
    "-1",
    "1",
    "0.5",
    "3",
    "-7",
    "65536",
    "4294967296",
    "18446744073709551616",
    "1e7",
    "1.0000001e7",
    "1e308",
    "-1e308",
    "1e-320",
    "1e999",
    "NaN",
    "86400",
    "86401",
];
const TOKENS: &[&str] = &[
    "[",
    "]",
    "{",
    "}",
    ",",
    ":",
    "null",
    "\"",
    "[]",
    "{}",
    "\"hip\"",
    "\"ghost\"",
    "\"\"",
    "true",
];
const NAMES: &[&str] = &[
    "hip", "spine", "head", "arm_l", "ghost", "", " ", "wave", "shamble",
];

#[derive(Debug, Clone)]
enum Mutation {
    /// Replace the n-th number with one of [`NUMBERS`].
    Number(Index, Index),
    /// Replace the n-th quoted string with one of [`NAMES`].
    Name(Index, Index),
    /// Insert one of [`TOKENS`] at a byte position.
    Insert(Index, Index),
    /// Delete up to 16 bytes from a position.
    Delete(Index, usize),
    /// Overwrite one byte.
    Byte(Index, u8),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        4 => (any::<Index>(), any::<Index>()).prop_map(|(a, b)| Mutation::Number(a, b)),
        2 => (any::<Index>(), any::<Index>()).prop_map(|(a, b)| Mutation::Name(a, b)),
        1 => (any::<Index>(), any::<Index>()).prop_map(|(a, b)| Mutation::Insert(a, b)),
        1 => (any::<Index>(), 1usize..16).prop_map(|(a, n)| Mutation::Delete(a, n)),
        1 => (any::<Index>(), any::<u8>()).prop_map(|(a, b)| Mutation::Byte(a, b)),
    ]
}

/// Byte ranges, start and end.
type Spans = Vec<(usize, usize)>;

/// Byte ranges of the JSON numbers in `text` (outside strings) and of its strings' contents.
fn spans(text: &[u8]) -> (Spans, Spans) {
    let (mut numbers, mut strings) = (Vec::new(), Vec::new());
    let mut i = 0;
    while i < text.len() {
        match text[i] {
            b'"' => {
                let start = i + 1;
                i = start;
                while i < text.len() && text[i] != b'"' {
                    i += if text[i] == b'\\' { 2 } else { 1 };
                }
                strings.push((start, i.min(text.len())));
                i += 1;
            }
            b'-' | b'0'..=b'9' => {
                let start = i;
                while i < text.len()
                    && matches!(text[i], b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9')
                {
                    i += 1;
                }
                numbers.push((start, i));
            }
            _ => i += 1,
        }
    }
    (numbers, strings)
}

fn mutate(original: &[u8], mutations: &[Mutation]) -> Vec<u8> {
    let mut bytes = original.to_vec();
    for m in mutations {
        let (numbers, strings) = spans(&bytes);
        let splice = |bytes: &mut Vec<u8>, (a, b): (usize, usize), with: &str| {
            bytes.splice(a..b, with.bytes());
        };
        match m {
            Mutation::Number(at, with) if !numbers.is_empty() => {
                splice(&mut bytes, *at.get(&numbers), with.get::<&str>(NUMBERS));
            }
            Mutation::Name(at, with) if !strings.is_empty() => {
                splice(&mut bytes, *at.get(&strings), with.get::<&str>(NAMES));
            }
            Mutation::Insert(at, with) => {
                let i = at.index(bytes.len() + 1);
                splice(&mut bytes, (i, i), with.get::<&str>(TOKENS));
            }
            Mutation::Delete(at, n) if !bytes.is_empty() => {
                let i = at.index(bytes.len());
                bytes.drain(i..(i + n).min(bytes.len()));
            }
            Mutation::Byte(at, b) if !bytes.is_empty() => {
                let i = at.index(bytes.len());
                bytes[i] = *b;
            }
            _ => {}
        }
    }
    bytes
}

/// Every clip of `project` sampled at `times` (and at its ends) gives finite poses, world transforms
/// and palettes, and finite deformed rest positions.
fn assert_finite_frames(project: &Project, times: &[f64]) -> Result<(), TestCaseError> {
    let solver = PoseSolver::new(&project.rig.skeleton).expect("a loaded skeleton poses");
    for clip in &project.rig.clips {
        for &t in times.iter().chain(&[0.0, clip.duration]) {
            let frame = Frame::sample(project, &solver, Some(clip), t);
            for b in &frame.pose.bones {
                prop_assert!(
                    b.rotate.is_finite()
                        && b.translate.iter().chain(&b.scale).all(|c| c.is_finite()),
                    "clip {:?} at {}: {:?}",
                    clip.name,
                    t,
                    b
                );
            }
            for m in frame.world.iter().chain(&frame.palette) {
                prop_assert!(m.is_finite(), "clip {:?} at {}: {:?}", clip.name, t, m);
            }
            for part in &frame.parts {
                prop_assert!(part.rest.iter().flatten().all(|c| c.is_finite()));
            }
        }
    }
    Ok(())
}

fn check_loaded_project(bytes: &[u8]) -> Result<(), TestCaseError> {
    if let Ok(project) = Project::from_bytes(bytes) {
        let again = Project::from_bytes(&project.to_bytes()).expect("a saved project loads");
        prop_assert_eq!(&again, &project);
        assert_finite_frames(&project, &[0.37, -2.5, 1e9])?;
    }
    Ok(())
}

fn check_parsed_rig(text: &str) -> Result<(), TestCaseError> {
    if let Ok(rig) = parse_rig(text) {
        let written = serde_json::to_string(&RigFile::from_rig(&rig)).unwrap();
        prop_assert_eq!(&parse_rig(&written).expect("a written rig parses"), &rig);
        let project = Project {
            rig,
            parts: vec![],
            canvas: None,
            exports: Default::default(),
        };
        assert_finite_frames(&project, &[0.37, -2.5, 1e9])?;
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_never_panic_the_project_or_rig_readers(
        bytes in prop::collection::vec(any::<u8>(), 0..600)
    ) {
        check_loaded_project(&bytes)?;
        check_parsed_rig(&String::from_utf8_lossy(&bytes))?;
    }

    #[test]
    fn mutated_sample_projects_load_or_are_refused(
        mutations in prop::collection::vec(mutation(), 1..5)
    ) {
        let sample = read("assets/projects/zombie.limber");
        check_loaded_project(&mutate(sample.as_bytes(), &mutations))?;
    }

    #[test]
    fn mutated_sample_rigs_parse_or_are_refused(
        mutations in prop::collection::vec(mutation(), 1..5),
        which in any::<Index>(),
    ) {
        let samples = [
            read("assets/rigs/kenney_zombie_walk0.json"),
            read("tests/fixtures/key_rig_v1.json"),
        ];
        let text = mutate(which.get(&samples).as_bytes(), &mutations);
        check_parsed_rig(&String::from_utf8_lossy(&text))?;
    }
}

/// A coordinate: mostly small, sometimes anywhere a rig may put it, sometimes absurd.
fn coordinate() -> impl Strategy<Value = f64> {
    prop_oneof![
        80 => -100.0..200.0f64,
        2 => Just(0.0),
        2 => -1e7..1e7f64,
        1 => prop::num::f64::NORMAL,
    ]
}

/// A key value: ordinary, large, zero, or any finite number.
fn value() -> impl Strategy<Value = f64> {
    prop_oneof![
        80 => -400.0..400.0f64,
        2 => Just(0.0),
        2 => -1e4..1e4f64,
        1 => prop::num::f64::NORMAL | prop::num::f64::ZERO,
    ]
}

fn interpolation() -> impl Strategy<Value = Interpolation> {
    prop_oneof![
        Just(Interpolation::STEPPED),
        Just(Interpolation::LINEAR),
        (0.0..=1.0f64, handle_value(), 0.0..=1.0f64, handle_value())
            .prop_map(|(a, b, c, d)| { Interpolation::Bezier([a, b, c, d]) }),
        // Handles in value offsets (format version 7).
        (0.0..=1.0f64, value(), 0.0..=1.0f64, value()).prop_map(|(x1, dv1, x2, dv2)| {
            Interpolation::Handles {
                handles: [x1, dv1, x2, dv2],
            }
        }),
    ]
}

/// A Bézier handle's value: mostly an ordinary overshoot, sometimes any key value.
fn handle_value() -> impl Strategy<Value = f64> {
    prop_oneof![40 => -2.0..3.0f64, 1 => value()]
}

/// Bones named b0, b1, … whose parents come earlier (or are None), heads and tails anywhere,
/// sometimes equal.
fn bones(max: usize) -> impl Strategy<Value = Vec<BoneRecord>> {
    prop::collection::vec(
        (
            any::<Option<Index>>(),
            coordinate(),
            coordinate(),
            coordinate(),
            coordinate(),
            any::<bool>(),
            any::<bool>(),
            prop::option::of(0.5..100.0f64),
        ),
        1..max,
    )
    .prop_map(|raw| {
        raw.into_iter()
            .enumerate()
            .map(
                |(i, (parent, hx, hy, tx, ty, point, deform, smoothness))| BoneRecord {
                    inherit: Default::default(),
                    name: format!("b{i}"),
                    parent: parent.filter(|_| i > 0).map(|p| format!("b{}", p.index(i))),
                    head: [hx, hy],
                    tail: if point { [hx, hy] } else { [tx, ty] },
                    smoothness,
                    deform,
                },
            )
            .collect()
    })
}

/// A rig of `bones` with one clip of random keys, and sometimes an IK chain, a spring, a transform
/// constraint and a rotation limit.
fn rig(max_bones: usize) -> impl Strategy<Value = RigFile> {
    (
        bones(max_bones),
        0.05..5.0f64,
        any::<bool>(),
        prop::collection::vec(
            (
                any::<Index>(),
                0.0..=1.0f64,
                prop::option::of(value()),
                prop::option::of((value(), value())),
                prop::option::of((value(), value())),
                // Shear (format version 11).
                prop::option::of((value(), value())),
                // A curve per channel (format version 6), any of them offsets (version 7).
                prop::array::uniform7(interpolation()),
            ),
            0..12,
        ),
        any::<Option<(Index, Index)>>(),
        any::<Option<(Index, f64)>>(),
        prop::option::of((any::<Index>(), any::<Index>(), 0.0..=1.0f64, 0.0..=1.0f64)),
        prop::option::of((any::<Index>(), -180.0..0.0f64, 0.0..180.0f64)),
    )
        .prop_map(
            |(bones, duration, looping, keys, ik, spring, transform, limit)| {
                let keys = keys
                    .into_iter()
                    .map(
                        |(bone, at, rotate, translate, scale, shear, interp)| KeyRecord {
                            shear: shear.map(|(x, y)| [x, y]),
                            inherit: None,
                            bone: bone.get(&bones).name.clone(),
                            time: at * duration,
                            rotate,
                            translate: translate.map(|(x, y)| [x, y]),
                            scale: scale.map(|(x, y)| [x, y]),
                            interp: limber::core::animation::curve::KeyCurves::from_array(interp),
                        },
                    )
                    .collect();
                // A two-bone chain: a bone with a parent, reaching for another bone.
                let ik = ik
                    .and_then(|(tip, target)| {
                        let tip = tip.get(&bones);
                        let parent = tip.parent.clone()?;
                        Some(IkRecord::new(
                            "reach",
                            vec![parent, tip.name.clone()],
                            &target.get(&bones).name,
                        ))
                    })
                    .into_iter()
                    .collect();
                let springs = spring
                    .map(|(bone, f)| SpringRecord {
                        bone: bone.get(&bones).name.clone(),
                        frequency: 0.05 + f.abs().fract() * 10.0,
                        damping: 0.3,
                        mix: 1.0,
                    })
                    .into_iter()
                    .collect();
                let transforms = transform
                    .map(
                        |(bone, source, rotate_mix, translate_mix)| TransformRecord {
                            name: "follow".into(),
                            bone: bone.get(&bones).name.clone(),
                            source: source.get(&bones).name.clone(),
                            rotate_mix,
                            translate_mix,
                            scale_mix: 0.0,
                            ..TransformRecord::default()
                        },
                    )
                    .into_iter()
                    .collect();
                let limits = limit
                    .map(|(bone, min, max)| LimitRecord {
                        bone: bone.get(&bones).name.clone(),
                        min,
                        max,
                    })
                    .into_iter()
                    .collect();
                RigFile {
                    bones,
                    ik,
                    limits,
                    transforms,
                    springs,
                    look_at: vec![],
                    child_of: vec![],
                    clips: vec![ClipRecord {
                        name: "clip".into(),
                        duration,
                        looping,
                        keys,
                        parts: vec![],
                        slots: Vec::new(),
                        constraints: vec![],
                        paths: Vec::new(),
                        fps: None,
                        events: vec![],
                    }],
                    ..RigFile::default()
                }
            },
        )
}

fn time() -> impl Strategy<Value = f64> {
    prop_oneof![4 => -10.0..10.0f64, 1 => prop::num::f64::NORMAL]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn random_rigs_and_keys_never_give_non_finite_poses(
        file in rig(9),
        times in prop::collection::vec(time(), 1..4),
    ) {
        let Ok(rig) = file.validate() else { return Ok(()) };
        assert_finite_frames(&Project { rig, parts: vec![], canvas: None, exports: Default::default() }, &times)?;
    }
}

/// A random image of up to 24 × 24 px: a few opaque rectangles on a transparent ground.
fn image() -> impl Strategy<Value = image::DynamicImage> {
    (
        2u32..24,
        2u32..24,
        prop::collection::vec((any::<Index>(), any::<Index>(), 1u32..12, 1u32..12), 1..4),
    )
        .prop_map(|(w, h, rectangles)| {
            let mut img = image::RgbaImage::new(w, h);
            for (x, y, rw, rh) in rectangles {
                let (x0, y0) = (x.index(w as usize) as u32, y.index(h as usize) as u32);
                for y in y0..(y0 + rh).min(h) {
                    for x in x0..(x0 + rw).min(w) {
                        img.put_pixel(x, y, image::Rgba([200, 100, 50, 255]));
                    }
                }
            }
            img.into()
        })
}

fn metric() -> impl Strategy<Value = Metric> {
    prop_oneof![
        Just(Metric::Geodesic),
        Just(Metric::Dijkstra8),
        Just(Metric::Bfs4),
        Just(Metric::Euclidean),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn weights_sum_to_one_and_skinned_positions_stay_finite(
        image in image(),
        file in rig(7),
        metric in metric(),
        smoothness in 0.5..50.0f64,
        t in time(),
    ) {
        let Ok(Rig { skeleton, clips, .. }) = file.validate() else { return Ok(()) };
        let Ok((mesh, grid, _)) = build_mesh_and_grid(&image, &MeshSettings::default()) else {
            return Ok(());
        };
        let binding = weigh(&grid, &skeleton, &mesh.positions, metric, smoothness);
        prop_assert_eq!(binding.vertices.len(), mesh.positions.len());
        // At most four influences, weights in (0, 1], summing to 1 within 1e-12; none only when no
        // bone deforms.
        if let Err(problem) = check_binding_on(&binding, &skeleton) {
            return Err(TestCaseError::fail(problem.to_string()));
        }
        for influences in &binding.vertices {
            for &(bone, _) in influences {
                prop_assert!(skeleton.bones[bone].deform, "a non-deforming bone has weight");
            }
        }
        let solver = PoseSolver::new(&skeleton).unwrap();
        let project = Project { rig: Rig { skeleton, clips, ..Rig::default() }, parts: vec![], canvas: None, exports: Default::default() };
        let frame = Frame::sample(&project, &solver, project.rig.clips.first(), t);
        for mode in [SkinningMode::LinearBlend, SkinningMode::DualQuaternion] {
            let skinned = skin(&mesh.positions, &binding, &frame.palette, mode);
            prop_assert!(
                skinned.iter().flatten().all(|c| c.is_finite()),
                "{:?}: a skinned position is not finite", mode
            );
        }
    }
}
