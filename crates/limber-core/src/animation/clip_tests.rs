//! The clips' tests: sampling (keys exact, linear, stepped, Bézier, the shorter way round, each
//! channel its own curve), looping and clamping, refused records with their typed errors, the
//! optional frame rate, and merging a key channel by channel.

use super::*;
use crate::animation::curve::InterpolationName;
use crate::skeleton::Bone;

fn skeleton() -> Skeleton {
    Skeleton::new(vec![
        Bone::new("a", None, [0.0, 0.0], [10.0, 0.0]),
        Bone::new("b", Some(0), [10.0, 0.0], [20.0, 0.0]),
    ])
    .unwrap()
}

fn key(bone: &str, time: f64, rotate: f64, interp: Interpolation) -> KeyRecord {
    KeyRecord {
        shear: None,
        inherit: None,
        bone: bone.into(),
        time,
        rotate: Some(rotate),
        translate: None,
        scale: None,
        interp: interp.into(),
    }
}

fn clip(looping: bool, keys: Vec<KeyRecord>) -> Clip {
    let record = ClipRecord {
        name: "c".into(),
        duration: 2.0,
        looping,
        keys,
        parts: vec![],
        constraints: vec![],
        paths: Vec::new(),
        slots: vec![],
        fps: None,
        events: vec![],
    };
    Clip::from_record(&record, &skeleton()).unwrap()
}

#[test]
fn keys_are_exact_linear_between_and_stepped_holds() {
    let c = clip(
        false,
        vec![
            key("a", 1.0, 30.0, Interpolation::STEPPED),
            key("a", 0.0, 10.0, Interpolation::LINEAR), // out of order: sorted
            key("a", 2.0, 50.0, Interpolation::LINEAR),
        ],
    );
    let rotate = |t: f64| c.sample(t).bones[0].rotate.to_degrees();
    assert_eq!(c.sample(0.0).bones[0].rotate, 10f64.to_radians());
    assert_eq!(c.sample(1.0).bones[0].rotate, 30f64.to_radians());
    assert!((rotate(0.5) - 20.0).abs() < 1e-12);
    assert!((rotate(1.5) - 30.0).abs() < 1e-12, "stepped holds");
    assert_eq!(c.sample(2.0).bones[0].rotate, 50f64.to_radians());
    // Unkeyed bone and channels stay at rest.
    assert_eq!(c.sample(0.7).bones[1], BonePose::default());
    assert_eq!(c.sample(0.7).bones[0].scale, [1.0, 1.0]);
}

#[test]
fn looping_wraps_and_non_looping_clamps_at_both_ends() {
    let keys = vec![
        key("a", 0.0, 0.0, Interpolation::LINEAR),
        key("a", 2.0, 100.0, Interpolation::LINEAR),
    ];
    let clamped = clip(false, keys.clone());
    let looped = clip(true, keys);
    assert_eq!(clamped.sample(-5.0), clamped.sample(0.0));
    assert_eq!(clamped.sample(9.0), clamped.sample(2.0));
    assert_eq!(looped.sample(2.5), looped.sample(0.5));
    assert_eq!(looped.sample(-1.5), looped.sample(0.5));
    assert_eq!(looped.sample(2.0), looped.sample(0.0));
    // The same t always gives the same pose, whatever was sampled before.
    let forwards: Vec<Pose> = (0..50).map(|k| looped.sample(k as f64 * 0.1)).collect();
    let backwards: Vec<Pose> = (0..50)
        .rev()
        .map(|k| looped.sample(k as f64 * 0.1))
        .collect();
    assert!(forwards.iter().eq(backwards.iter().rev()));
}

#[test]
fn rotation_takes_the_shorter_way_and_bezier_follows_its_curve() {
    let c = clip(
        false,
        vec![
            key("a", 0.0, 170.0, Interpolation::LINEAR),
            key(
                "a",
                1.0,
                -170.0,
                Interpolation::Named(InterpolationName::Bezier),
            ),
            key("a", 2.0, -150.0, Interpolation::LINEAR),
        ],
    );
    let at = |t: f64| c.sample(t).bones[0].rotate.to_degrees();
    assert!((at(0.5) - 180.0).abs() < 1e-9, "{}", at(0.5));
    let eased = Interpolation::Named(InterpolationName::Bezier).ease(0.25);
    assert!((at(1.25) - (-170.0 + 20.0 * eased)).abs() < 1e-9);
}

#[test]
fn bad_clips_are_refused_with_typed_errors() {
    let s = skeleton();
    let with = |duration: f64, keys: Vec<KeyRecord>| {
        Clip::from_record(
            &ClipRecord {
                name: "walk".into(),
                duration,
                looping: true,
                keys,
                parts: vec![],
                slots: Vec::new(),
                constraints: vec![],
                paths: Vec::new(),
                fps: None,
                events: vec![],
            },
            &s,
        )
    };
    let ok_key = key("a", 0.5, 1.0, Interpolation::LINEAR);
    assert!(matches!(
        with(0.0, vec![]),
        Err(AnimationError::BadDuration { .. })
    ));
    assert!(matches!(
        with(f64::NAN, vec![]),
        Err(AnimationError::BadDuration { .. })
    ));
    assert!(matches!(
        with(1.0, vec![key("a", -0.1, 0.0, Interpolation::LINEAR)]),
        Err(AnimationError::BadTime { .. })
    ));
    assert!(matches!(
        with(1.0, vec![key("a", f64::NAN, 0.0, Interpolation::LINEAR)]),
        Err(AnimationError::BadTime { .. })
    ));
    assert!(matches!(
        with(1.0, vec![key("ghost", 0.0, 0.0, Interpolation::LINEAR)]),
        Err(AnimationError::UnknownBone { .. })
    ));
    assert!(matches!(
        with(1.0, vec![ok_key.clone(), ok_key.clone()]),
        Err(AnimationError::DuplicateKey { .. })
    ));
    assert!(matches!(
        with(
            1.0,
            vec![key("a", 0.0, f64::INFINITY, Interpolation::LINEAR)]
        ),
        Err(AnimationError::BadValue { .. })
    ));
    let far = Interpolation::Handles {
        handles: [0.3, 1e8, 0.6, 0.0],
    };
    assert!(matches!(
        with(1.0, vec![key("a", 0.0, 0.0, far)]),
        Err(AnimationError::BadValue { .. })
    ));
    // Offsets belong to one bone channel's values: a mix key may not have them.
    let offsets = Interpolation::Handles {
        handles: [0.3, 0.2, 0.6, 0.0],
    };
    let mixed = Clip::from_record(
        &ClipRecord {
            name: "walk".into(),
            duration: 1.0,
            looping: true,
            keys: vec![],
            parts: vec![],
            slots: Vec::new(),
            constraints: vec![MixKeyRecord {
                constraint: "reach".into(),
                time: 0.0,
                mix: 0.5,
                interp: offsets,
            }],
            paths: Vec::new(),
            fps: None,
            events: vec![],
        },
        &s,
    );
    assert!(
        matches!(&mixed, Err(e) if e.to_string().contains("value offsets")),
        "{mixed:?}"
    );
    let one = ClipRecord {
        name: "x".into(),
        duration: 1.0,
        looping: false,
        keys: vec![],
        parts: vec![],
        constraints: vec![],
        paths: Vec::new(),
        slots: vec![],
        fps: None,
        events: vec![],
    };
    let two = [one.clone(), one];
    assert!(matches!(
        clips_from_records(&two, &s),
        Err(AnimationError::DuplicateClip { .. })
    ));
}
#[test]
fn a_frame_rate_is_optional_in_range_and_round_trips() {
    let s = skeleton();
    let json = r#"{"name":"walk","duration":1.0,"loop":true,"keys":[]}"#;
    let record: ClipRecord = serde_json::from_str(json).unwrap();
    assert_eq!(record.fps, None, "older files have none");
    assert_eq!(
        serde_json::to_string(&record).unwrap(),
        json,
        "and save as before"
    );
    let with = ClipRecord {
        fps: Some(24),
        ..record.clone()
    };
    let clip = Clip::from_record(&with, &s).unwrap();
    assert_eq!(clip.fps, Some(24));
    assert_eq!(clip.to_record(), with);
    let text = serde_json::to_string(&with).unwrap();
    assert!(text.contains(r#""fps":24"#), "{text}");
    for bad in [0, MAX_FPS + 1] {
        let record = ClipRecord {
            fps: Some(bad),
            ..record.clone()
        };
        assert!(matches!(
            Clip::from_record(&record, &s),
            Err(AnimationError::BadFps { .. })
        ));
    }
}

#[test]
fn each_channel_follows_its_own_curve_and_one_shared_curve_samples_as_before() {
    use crate::animation::Channel;
    use crate::animation::curve::{EASE_IN_OUT, KeyCurves};
    let full = |time: f64, v: f64, interp: KeyCurves| KeyRecord {
        shear: None,
        inherit: None,
        bone: "a".into(),
        time,
        rotate: Some(v),
        translate: Some([v, -v]),
        scale: Some([1.0 + v, 1.0 - v / 100.0]),
        interp,
    };
    let shared = Interpolation::Bezier(EASE_IN_OUT);
    let old = clip(
        false,
        vec![
            full(0.0, 0.0, shared.into()),
            full(2.0, 60.0, shared.into()),
        ],
    );
    // Scale y stepped, translate x with an overshooting curve; the rest keep the shared one.
    let curves = KeyCurves::all(shared)
        .with(Channel::ScaleY, Interpolation::STEPPED)
        .with(
            Channel::TranslateX,
            Interpolation::Bezier([0.2, 1.5, 0.8, 1.0]),
        );
    let each = clip(
        false,
        vec![full(0.0, 0.0, curves), full(2.0, 60.0, shared.into())],
    );
    for k in 0..=40 {
        let t = k as f64 * 0.05;
        let (a, b) = (old.sample(t).bones[0], each.sample(t).bones[0]);
        assert_eq!(a.rotate, b.rotate, "{t}");
        assert_eq!(a.translate[1], b.translate[1], "{t}");
        assert_eq!(a.scale[0], b.scale[0], "{t}");
        let u = t / 2.0;
        if t < 2.0 {
            assert_eq!(b.scale[1], 1.0, "stepped scale y holds at {t}");
        }
        let eased = Interpolation::Bezier([0.2, 1.5, 0.8, 1.0]).ease(u);
        assert!((b.translate[0] - 60.0 * eased).abs() < 1e-9, "{t}");
        // The shared curve is exactly what one whole-key curve gave.
        assert!((a.scale[1] - (1.0 - 0.6 * shared.ease(u))).abs() < 1e-12);
    }
}

#[test]
fn offset_handles_bump_a_flat_channel_and_rotation_eases_the_shorter_way() {
    let bump = Interpolation::Handles {
        handles: [1.0 / 3.0, 30.0, 2.0 / 3.0, 30.0],
    };
    // 170° to -170° is 20° the shorter way; the handles raise the middle by 3/4 of 30°.
    let c = clip(
        false,
        vec![
            key("a", 0.0, 170.0, bump),
            key("a", 2.0, -170.0, Interpolation::LINEAR),
        ],
    );
    let middle = c.sample(1.0).bones[0].rotate.to_degrees();
    assert!((middle - (180.0 + 22.5)).abs() < 1e-9, "{middle}");
    assert!((c.sample(2.0).bones[0].rotate.to_degrees() + 170.0).abs() < 1e-9);
    // Between two equal values: a bump that starts and ends on the keys.
    let flat = clip(
        false,
        vec![
            key("a", 0.0, 10.0, bump),
            key("a", 2.0, 10.0, Interpolation::LINEAR),
        ],
    );
    let at = |t: f64| flat.sample(t).bones[0].rotate.to_degrees();
    assert!((at(0.0) - 10.0).abs() < 1e-12 && (at(2.0) - 10.0).abs() < 1e-12);
    assert!((at(1.0) - 32.5).abs() < 1e-9, "{}", at(1.0));
}

#[test]
fn merging_a_key_replaces_only_the_curves_of_the_channels_it_holds() {
    use crate::animation::Channel;
    use crate::animation::curve::KeyCurves;
    let eased = Interpolation::Named(InterpolationName::Bezier);
    let mut keys = vec![key("a", 0.5, 10.0, eased)];
    let moved = KeyRecord {
        rotate: None,
        translate: Some([1.0, 2.0]),
        interp: Interpolation::STEPPED.into(),
        ..key("a", 0.5, 0.0, Interpolation::LINEAR)
    };
    KeyRecord::merge_into(&mut keys, moved);
    assert_eq!(keys.len(), 1);
    assert_eq!(keys[0].rotate, Some(10.0));
    assert_eq!(keys[0].interp.rotate, eased);
    assert_eq!(keys[0].interp.translate, [Interpolation::STEPPED; 2]);
    // One channel held: its curve is the key's only one, written once.
    let mut lone = KeyRecord {
        interp: KeyCurves::all(Interpolation::LINEAR).with(Channel::Rotate, eased),
        ..key("a", 0.0, 1.0, Interpolation::LINEAR)
    };
    lone.tidy_curves();
    assert_eq!(lone.interp, KeyCurves::all(eased));
}
