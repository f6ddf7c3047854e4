//! Criterion benchmark of one animation frame: sampling a 50-bone clip with 1,000 keys, solving two
//! IK constraints, and computing the skinning palette (target: ≤ 20 µs per frame); and a frame of
//! the same clip made a 60 s one-shot with a spring, sampled early and late (a spring's cost must
//! not grow with the time sampled); and a frame of a 200-bone rig with 20 physics constraints,
//! simulated afresh from the clip's start and continued frame to frame as playback does.
//!
//! Run with `cargo bench --bench animation`.

use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use limber::core::animation::{
    Clip, ClipRecord, IkConstraint, IkRecord, Interpolation, KeyRecord, PhysicsConstraint,
    PhysicsMemo, PhysicsRecord, Spring, SpringRecord, apply_ik_with, sample_with_physics,
    sample_with_springs,
};
use limber::core::pose::PoseSolver;
use limber::core::skeleton::{Bone, Skeleton};

/// A 2 s looping clip of `keys` (bone keys only).
fn looping_clip(keys: Vec<KeyRecord>, skeleton: &Skeleton) -> Clip {
    let record = ClipRecord {
        name: "bench".into(),
        duration: 2.0,
        looping: true,
        keys,
        parts: vec![],
        slots: Vec::new(),
        constraints: vec![],
        paths: Vec::new(),
        fps: None,
        events: vec![],
    };
    Clip::from_record(&record, skeleton).unwrap()
}

/// `count` chains of ten 20 px bones hanging down, `spacing` px apart, named `c{chain}b{link}`.
fn chains(count: usize, spacing: f64) -> Vec<Bone> {
    let mut bones = Vec::new();
    for chain in 0..count {
        for link in 0..10 {
            let x = 100.0 + spacing * chain as f64;
            let y = 50.0 + 20.0 * link as f64;
            let parent = (link > 0).then(|| bones.len() - 1);
            bones.push(Bone::new(
                &format!("c{chain}b{link}"),
                parent,
                [x, y],
                [x, y + 20.0],
            ));
        }
    }
    bones
}

/// Five chains of ten 20 px bones hanging from a root row, plus two free IK targets.
fn rig() -> (Skeleton, Vec<IkConstraint>, Clip) {
    let mut bones = chains(5, 60.0);
    bones.push(Bone::new("t0", None, [120.0, 200.0], [120.0, 200.0]));
    bones.push(Bone::new("t1", None, [260.0, 180.0], [260.0, 180.0]));
    let skeleton = Skeleton::new(bones).unwrap();
    let ik = [("c0b8", "c0b9", "t0"), ("c3b8", "c3b9", "t1")]
        .iter()
        .map(|(a, b, t)| {
            let record = IkRecord::new(&format!("{a}-{t}"), vec![a.to_string(), b.to_string()], t);
            IkConstraint::from_record(&record, &skeleton).unwrap()
        })
        .collect();
    // 1,000 keys: 20 per chain bone, alternating rotate and translate, mixed interpolations.
    let mut keys = Vec::new();
    for bone in 0..50 {
        for k in 0..20 {
            let time = k as f64 * 0.1;
            keys.push(KeyRecord {
                shear: None,
                inherit: None,
                bone: skeleton.bones[bone].name.clone(),
                time,
                rotate: (k % 2 == 0).then_some(((bone * 7 + k * 13) % 40) as f64 - 20.0),
                translate: (k % 2 == 1).then_some([k as f64 * 0.5, -(bone as f64) * 0.1]),
                scale: None,
                interp: [
                    Interpolation::LINEAR,
                    Interpolation::STEPPED,
                    Interpolation::Bezier([0.4, 0.0, 0.6, 1.0]),
                ][k % 3]
                    .into(),
            });
        }
    }
    let clip = looping_clip(keys, &skeleton);
    (skeleton, ik, clip)
}

fn frame(c: &mut Criterion) {
    let (skeleton, ik, clip) = rig();
    assert_eq!(clip.key_count(), 1000);
    let mut group = c.benchmark_group("animation");
    group.measurement_time(Duration::from_secs(5));
    let solver = PoseSolver::new(&skeleton).unwrap();
    let mut t = 0.0;
    group.bench_function("50-bones-1000-keys-2-ik/frame", |b| {
        b.iter(|| {
            t = (t + 1.0 / 60.0) % 2.0;
            let pose = apply_ik_with(&solver, &skeleton, &clip.sample(t), &ik);
            solver.palette(&solver.world(&pose))
        })
    });
    group.finish();
}

fn spring_frame(c: &mut Criterion) {
    let (skeleton, _, clip) = rig();
    let mut record = clip.to_record();
    record.duration = 60.0;
    record.looping = false;
    let clip = Clip::from_record(&record, &skeleton).unwrap();
    let spring = SpringRecord {
        bone: "c2b9".into(),
        frequency: 2.0,
        damping: 0.5,
        mix: 1.0,
    };
    let springs = [Spring::from_record(&spring, &skeleton).unwrap()];
    let solver = PoseSolver::new(&skeleton).unwrap();
    let mut group = c.benchmark_group("animation");
    group.measurement_time(Duration::from_secs(5));
    for at in [1.0, 55.0] {
        group.bench_function(format!("50-bones-1-spring-one-shot/frame-at-{at}s"), |b| {
            b.iter(|| {
                solver.palette(&solver.world(&sample_with_springs(&solver, &clip, &springs, at)))
            })
        });
    }
    group.finish();
}

/// Twenty chains of ten bones (200), a rotation key on each root every 0.1 s, and a physics
/// constraint (rotation, damped) on the middle bone of each chain: 20 physics constraints.
fn physics_rig() -> (Skeleton, Vec<PhysicsConstraint>, Clip) {
    let bones = chains(20, 30.0);
    let skeleton = Skeleton::new(bones).unwrap();
    let physics = (0..20)
        .map(|chain| {
            let record: PhysicsRecord = serde_json::from_value(serde_json::json!({
                "name": format!("p{chain}"), "bone": format!("c{chain}b5"),
                "rotate": 1, "x": 0.5, "damping": 0.9, "gravity": 10
            }))
            .unwrap();
            PhysicsConstraint::from_record(&record, &skeleton).unwrap()
        })
        .collect();
    let keys = (0..20)
        .flat_map(|chain| {
            (0..=20).map(move |k| KeyRecord {
                shear: None,
                inherit: None,
                bone: format!("c{chain}b0"),
                time: k as f64 * 0.1,
                rotate: Some(if k % 2 == 0 { -15.0 } else { 15.0 }),
                translate: None,
                scale: None,
                interp: Interpolation::Bezier([0.4, 0.0, 0.6, 1.0]).into(),
            })
        })
        .collect();
    let clip = looping_clip(keys, &skeleton);
    (skeleton, physics, clip)
}

/// A frame of the 200-bone rig with 20 physics constraints, sampled afresh (simulated from the
/// clip's start at 60 steps per second) at 0.25 s, 1 s and 1.9 s.
fn physics_frame(c: &mut Criterion) {
    let (skeleton, physics, clip) = physics_rig();
    let solver = PoseSolver::new(&skeleton).unwrap();
    let mut group = c.benchmark_group("animation");
    group.measurement_time(Duration::from_secs(5));
    for at in [0.25, 1.0, 1.9] {
        group.bench_function(format!("200-bones-20-physics/frame-at-{at}s"), |b| {
            b.iter(|| {
                let pose = sample_with_physics(
                    &solver,
                    &skeleton,
                    &physics,
                    at,
                    |s| clip.sample(s),
                    |_, _| None,
                );
                solver.palette(&solver.world(&pose))
            })
        });
    }
    // Playback or an export: 60 frames per second, the run continued from the frame before (and
    // begun again from rest at each loop).
    let mut memo = PhysicsMemo::default();
    let mut t = 0.0;
    group.bench_function("200-bones-20-physics/frame-in-playback", |b| {
        b.iter(|| {
            t = (t + 1.0 / 60.0) % 2.0;
            let pose = memo.sample(
                &solver,
                &skeleton,
                &physics,
                t,
                |s| clip.sample(s),
                |_, _| None,
            );
            solver.palette(&solver.world(&pose))
        })
    });
    group.finish();
}

criterion_group!(benches, frame, spring_frame, physics_frame);
criterion_main!(benches);
