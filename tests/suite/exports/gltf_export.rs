//! glTF export read back with the `gltf` crate: the skin, joints and weights, animation times and
//! values, and — through a small f32 evaluator of nodes, skin and morph targets — skinned positions
//! that match limber's own CPU frame (`Frame` + `skinning::skin`).

use crate::common;
use crate::common::gltf_support;

use std::path::Path;

use gltf::animation::{Interpolation, Property};
use gltf_support::eval::{Model, sample};
use gltf_support::projects::{Kind, PART, cpu_positions, export, make};
use limber::core::project::Project;

const PPU: f64 = 100.0;
/// Positions must match limber's within this (image pixels) wherever the export is exact.
const EXACT_PX: f64 = 1e-3;

/// Largest distance (px) between the glTF's skinned positions and limber's at `t` of `clip`.
fn max_error(model: &Model, project: &Project, clip: &str, t: f64) -> f64 {
    let posed = model.posed(Some(clip), t as f32);
    let reference = cpu_positions(project, clip, t);
    assert_eq!(posed.len(), reference.len(), "one mesh node per part");
    let mut worst: f64 = 0.0;
    for (name, _, expected) in &reference {
        let mesh = posed
            .iter()
            .find(|p| &p.name == name)
            .expect("the part's node");
        assert_eq!(mesh.positions.len(), expected.len());
        for (p, e) in mesh.positions.iter().zip(expected) {
            let px = [f64::from(p[0]) * PPU, -f64::from(p[1]) * PPU];
            worst = worst.max((px[0] - e[0]).hypot(px[1] - e[1]));
        }
    }
    worst
}

fn exported(kind: Kind, name: &str, file: &str) -> (Project, Model) {
    let project_path = make(kind, name);
    let out = project_path.with_file_name(file);
    export(&project_path, &out, &[]);
    (
        Project::load(&project_path).expect("project loads"),
        Model::load(&out),
    )
}

#[test]
fn skin_joints_and_weights_follow_the_binding() {
    let (project, model) = exported(Kind::Zombie, "gltf-skin", "zombie.glb");
    let skins: Vec<gltf::Skin> = model.document.skins().collect();
    assert_eq!(skins.len(), 1);
    let bones = &project.rig.skeleton.bones;
    let names: Vec<&str> = skins[0].joints().map(|j| j.name().unwrap_or("")).collect();
    assert_eq!(names[0], "armature");
    assert_eq!(
        names[1..],
        bones.iter().map(|b| b.name.as_str()).collect::<Vec<_>>()[..]
    );
    // Bone nodes hang from their parents' nodes.
    for (i, bone) in bones.iter().enumerate() {
        let parent = bone.parent.map_or("armature", |p| bones[p].name.as_str());
        let parent_node = model
            .document
            .nodes()
            .find(|n| n.name() == Some(parent))
            .unwrap();
        assert!(
            parent_node
                .children()
                .any(|c| c.index() == skins[0].joints().nth(i + 1).unwrap().index())
        );
    }
    let ibm: Vec<[[f32; 4]; 4]> = skins[0]
        .reader(|b| model.buffers.get(b.index()).map(|d| &d.0[..]))
        .read_inverse_bind_matrices()
        .unwrap()
        .collect();
    assert_eq!(ibm.len(), bones.len() + 1);
    // Rest: the posed glTF equals the rest mesh.
    let rest = model.posed(None, 0.0);
    let part = &project.parts[0];
    for (p, q) in rest[0].positions.iter().zip(&part.mesh.positions) {
        assert!((f64::from(p[0]) * PPU - q[0]).abs() < EXACT_PX);
        assert!((-f64::from(p[1]) * PPU - q[1]).abs() < EXACT_PX);
    }

    let mesh = model.document.meshes().next().unwrap();
    assert_eq!(mesh.name(), Some(PART));
    let primitive = mesh.primitives().next().unwrap();
    let reader = primitive.reader(|b| model.buffers.get(b.index()).map(|d| &d.0[..]));
    let joints: Vec<[u16; 4]> = reader.read_joints(0).unwrap().into_u16().collect();
    let weights: Vec<[f32; 4]> = reader.read_weights(0).unwrap().into_f32().collect();
    assert_eq!(joints.len(), part.mesh.positions.len());
    for ((j, w), influences) in joints.iter().zip(&weights).zip(&part.binding.vertices) {
        let sum: f64 = w.iter().map(|&x| f64::from(x)).sum();
        assert!(
            (sum - 1.0).abs() <= f64::from(f32::EPSILON),
            "weights sum to {sum}"
        );
        for (k, &(bone, weight)) in influences.iter().enumerate() {
            assert_eq!(usize::from(j[k]), bone + 1, "joint = bone + 1");
            assert!((f64::from(w[k]) - weight).abs() < 1e-6);
        }
        assert!(w[influences.len()..].iter().all(|&x| x == 0.0));
    }
    let uvs: Vec<[f32; 2]> = reader.read_tex_coords(0).unwrap().into_f32().collect();
    for (uv, expected) in uvs.iter().zip(&part.mesh.uvs) {
        assert!((f64::from(uv[0]) - expected[0]).abs() < 1e-6);
        assert!((f64::from(uv[1]) - expected[1]).abs() < 1e-6);
    }
    let material = primitive.material();
    assert_eq!(material.alpha_mode(), gltf::material::AlphaMode::Blend);
    assert!(material.double_sided());
    assert!(material.unlit());
    assert!(
        material
            .pbr_metallic_roughness()
            .base_color_texture()
            .is_some()
    );
}

#[test]
fn animation_times_and_values_follow_the_keys() {
    let (project, model) = exported(Kind::Keys, "gltf-times", "keys.glb");
    let names: Vec<&str> = model
        .document
        .animations()
        .map(|a| a.name().unwrap())
        .collect();
    assert_eq!(names, ["keys", "eased"]);
    let node = |name: &str| {
        model
            .document
            .nodes()
            .find(|n| n.name() == Some(name))
            .unwrap()
            .index()
    };
    for clip in &project.rig.clips {
        let channels = model.channels(&clip.name);
        // Every bone's three channels, plus the part's morph weights in every clip.
        assert_eq!(channels.len(), project.rig.skeleton.bones.len() * 3 + 1);
        for c in &channels {
            assert_eq!(c.times[0], 0.0);
            assert_eq!(
                *c.times.last().unwrap(),
                clip.duration as f32,
                "{}",
                clip.name
            );
            assert!(c.times.windows(2).all(|w| w[0] < w[1]));
        }
    }
    let keys = model.channels("keys");
    let find = |bone: &str, property: Property| {
        keys.iter()
            .find(|c| c.node == node(bone) && c.property == property)
            .unwrap()
    };
    // leg_l: linear keys 15°, −15°, 15° at 0, 0.5, 1 → LINEAR with exactly those times.
    let leg_l = find("leg_l", Property::Rotation);
    assert_eq!(leg_l.interpolation, Interpolation::Linear);
    assert_eq!(leg_l.times, [0.0, 0.5, 1.0]);
    // Rotation about z: (rotate − rest angle relative to the parent) in glTF's y-up frame.
    let bones = &project.rig.skeleton.bones;
    let angle =
        |b: &limber::core::skeleton::Bone| (b.tail[1] - b.head[1]).atan2(b.tail[0] - b.head[0]);
    let rest = angle(&bones[6]) - angle(&bones[0]);
    for (k, degrees) in [15.0f64, -15.0, 15.0].into_iter().enumerate() {
        let q = &leg_l.values[k * 4..k * 4 + 4];
        let expected = degrees.to_radians() - rest;
        let turned = 2.0 * f64::from(q[2]).atan2(f64::from(q[3]));
        let diff = (turned - expected).rem_euclid(std::f64::consts::TAU);
        assert!(
            diff.min(std::f64::consts::TAU - diff) < 1e-6,
            "{turned} vs {expected}"
        );
        assert_eq!((q[0], q[1]), (0.0, 0.0));
    }
    // leg_r rotation: stepped keys only → STEP at the key times, held to the end.
    let leg_r = find("leg_r", Property::Rotation);
    assert_eq!(leg_r.interpolation, Interpolation::Step);
    assert_eq!(leg_r.times, [0.0, 0.35, 0.7, 1.0]);
    // hip translation: linear then stepped → LINEAR with a hold one f32 step before 0.8.
    let hip = find("hip", Property::Translation);
    assert_eq!(hip.interpolation, Interpolation::Linear);
    let hold = f32::from_bits(0.8f32.to_bits() - 1);
    assert_eq!(hip.times, [0.0, 0.1, 0.5, hold, 0.8, 1.0]);
    let (before, after) = (sample(hip, hold), sample(hip, 0.8));
    let rest_hip = [bones[0].head[0] / PPU, -bones[0].head[1] / PPU];
    assert!((f64::from(before[0]) - (rest_hip[0] + 3.0 / PPU)).abs() < 1e-6);
    assert!((f64::from(after[1]) - (rest_hip[1] - 1.0 / PPU)).abs() < 1e-6);
    // leg_r scale: linear → the keyed factors, with z kept 1.
    let scale = find("leg_r", Property::Scale);
    assert_eq!(sample(scale, 0.7), [1.3, 0.8, 1.0]);
    // Deform keys: two morph targets, the first wholly on before its key, blended between them.
    let morph = keys
        .iter()
        .find(|c| c.property == Property::MorphTargetWeights)
        .unwrap();
    assert_eq!(morph.width, 2);
    assert_eq!(sample(morph, 0.1), [1.0, 0.0]);
    let mid = sample(morph, 0.5);
    assert!(
        (mid[0] - 0.5).abs() < 1e-6 && (mid[1] - 0.5).abs() < 1e-6,
        "{mid:?}"
    );
    assert_eq!(sample(morph, 0.9), [0.0, 1.0]);
    // The eased clip's Bézier keys are resampled at 30 per second (12 pieces per 0.4 s segment).
    let eased = model.channels("eased");
    let head = eased
        .iter()
        .find(|c| c.node == node("head") && c.property == Property::Rotation)
        .unwrap();
    assert_eq!(head.interpolation, Interpolation::Linear);
    assert_eq!(head.times.len(), 12 + 12 + 1);
}

#[test]
fn skinned_gltf_matches_limber_at_any_time_when_keys_are_linear_or_stepped() {
    let (project, model) = exported(Kind::Keys, "gltf-exact", "keys.glb");
    // Off any grid, between and at keys, and either side of the stepped keys.
    let times = [
        0.0, 0.05, 0.1, 0.2, 0.2345, 0.3499, 0.35, 0.36, 0.5, 0.61, 0.7999, 0.8, 0.93, 1.0,
    ];
    let mut worst: f64 = 0.0;
    for t in times {
        worst = worst.max(max_error(&model, &project, "keys", t));
    }
    println!("keys clip: largest difference {worst:.2e} px");
    assert!(worst < EXACT_PX, "{worst} px");
}

/// Every project and clip: exact at the 30 fps samples and the key times, within a pixel half way
/// between samples (where Bézier keys and baked constraints become straight lines) but for the IK
/// sweep of `IkReach` and the physics of `Physics`.
#[test]
fn skinned_gltf_matches_limber_at_samples_and_closely_between() {
    for kind in [
        Kind::Zombie,
        Kind::Keys,
        Kind::Constrained,
        Kind::IkReach,
        Kind::LiveTransform,
        Kind::Physics,
        Kind::Shear,
        Kind::Path,
    ] {
        let name = format!("gltf-sampled-{kind:?}").to_lowercase();
        let (project, model) = exported(kind, &name, "out.gltf");
        for clip in &project.rig.clips {
            let frames = (clip.duration * 30.0).round() as usize;
            let (mut at_samples, mut between): (f64, f64) = (0.0, 0.0);
            for k in 0..frames {
                let t = k as f64 / 30.0;
                at_samples = at_samples.max(max_error(&model, &project, &clip.name, t));
                between = between.max(max_error(&model, &project, &clip.name, t + 0.5 / 30.0));
            }
            // At key times and one f32 step before each, where stepped keys jump.
            for key in clip.to_record().keys {
                let before = f64::from(f32::from_bits((key.time as f32).to_bits().max(1) - 1));
                for t in [key.time, before] {
                    at_samples = at_samples.max(max_error(&model, &project, &clip.name, t));
                }
            }
            println!(
                "{kind:?} {}: at the 30 fps samples {at_samples:.2e} px, half way between {between:.3} px",
                clip.name
            );
            assert!(
                at_samples < EXACT_PX,
                "{kind:?} {}: {at_samples} px",
                clip.name
            );
            // Between samples, Bézier keys and baked constraints are straight lines: within a pixel.
            // Not for `IkReach`, whose targets sweep past the chains' roots and through full reach
            // on purpose, swinging bones by tens of degrees between two 30 fps samples, nor for
            // `Physics`, whose tail and tuft spring away from the hip's stepped jump faster than
            // straight lines between 30 fps samples follow (2.6 px half way, its shear included).
            if kind != Kind::IkReach && kind != Kind::Physics {
                assert!(between < 1.0, "{kind:?} {}: {between} px", clip.name);
            }
        }
    }
}

#[test]
fn gltf_writes_its_bin_and_png_beside_it_and_bad_input_fails_in_one_line() {
    let project = make(Kind::Zombie, "gltf-files");
    let dir = project.parent().unwrap().to_path_buf();
    let out = dir.join("scene.gltf");
    export(&project, &out, &["--fps", "24", "--pixels-per-unit", "50"]);
    assert!(dir.join("scene.bin").exists());
    let png = std::fs::read(dir.join("scene_0.png")).unwrap();
    assert_eq!(
        png,
        std::fs::read(common::sprite(gltf_support::projects::SPRITE)).unwrap()
    );
    let json: serde_json::Value = serde_json::from_slice(&std::fs::read(&out).unwrap()).unwrap();
    assert_eq!(json["buffers"][0]["uri"], "scene.bin");
    assert_eq!(json["images"][0]["uri"], "scene_0.png");
    assert_eq!(json["extensionsUsed"][0], "KHR_materials_unlit");

    let s = |p: &Path| p.to_str().unwrap().to_string();
    let cases: [(Vec<String>, &str); 5] = [
        (
            vec![
                s(&dir.join("missing.limber")),
                "--gltf".into(),
                s(&dir.join("a.glb")),
            ],
            "missing.limber",
        ),
        (
            vec![
                s(&project),
                "--gltf".into(),
                // A missing folder is made; a file where the folder goes is named.
                s(&project.join("a.glb")),
            ],
            "is a file, not a folder",
        ),
        (
            vec![s(&project), "--gltf".into(), s(&dir.join("a.obj"))],
            ".glb or .gltf",
        ),
        (
            vec![
                s(&project),
                "--gltf".into(),
                s(&dir.join("a.glb")),
                "--fps".into(),
                "0".into(),
            ],
            "--fps",
        ),
        (
            vec![
                s(&project),
                "--gltf".into(),
                s(&dir.join("a.glb")),
                "--pixels-per-unit".into(),
                "-1".into(),
            ],
            "--pixels-per-unit",
        ),
    ];
    for (args, names) in cases {
        let mut all = vec!["export"];
        all.extend(args.iter().map(String::as_str));
        let out = common::limber(&all);
        assert_eq!(out.status.code(), Some(1), "{all:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(
            stderr.starts_with("error: ") && stderr.contains(names),
            "{stderr}"
        );
    }
    assert!(!dir.join("a.glb").exists());
}

/// The sample times of every channel of animation `clip`.
fn channel_times(model: &Model, clip: &str) -> Vec<Vec<f32>> {
    model.channels(clip).into_iter().map(|c| c.times).collect()
}

#[test]
fn without_fps_each_clip_is_sampled_at_its_own_frame_rate() {
    let project = make(Kind::Zombie, "gltf-clip-fps");
    // shamble (Bézier keys) gets 12 fps of its own; wave (a Bézier key too) keeps none.
    let mut json: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&project).unwrap()).unwrap();
    assert_eq!(json["clips"][0]["name"], "shamble");
    json["clips"][0]["fps"] = 12.into();
    std::fs::write(&project, serde_json::to_vec(&json).unwrap()).unwrap();
    let load = |file: &str, extra: &[&str]| {
        let out = project.with_file_name(file);
        export(&project, &out, extra);
        Model::load(&out)
    };
    let own = load("own.glb", &[]);
    let at12 = load("at12.glb", &["--fps", "12"]);
    let at30 = load("at30.glb", &["--fps", "30"]);
    assert_eq!(
        channel_times(&own, "shamble"),
        channel_times(&at12, "shamble")
    );
    assert_ne!(
        channel_times(&own, "shamble"),
        channel_times(&at30, "shamble")
    );
    assert_eq!(channel_times(&own, "wave"), channel_times(&at30, "wave"));
    assert_ne!(channel_times(&own, "wave"), channel_times(&at12, "wave"));
}
