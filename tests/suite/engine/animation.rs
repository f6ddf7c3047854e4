//! Clips on real sprites: a keyed rotation or translation moves every vertex exactly as it should;
//! projects keep their clips; `limber pose` and `limber info` report them.

use crate::common;

use common::{limber, limber_ok};
use limber::core::animation::{Channel, Clip, ClipRecord, Interpolation, KeyRecord};
use limber::core::distance::Metric;
use limber::core::image_io::load_png;
use limber::core::pipeline::build_mesh_and_grid;
use limber::core::pose::{palette, world_transforms};
use limber::core::project::Project;
use limber::core::skeleton::{Bone, Skeleton};
use limber::core::skinning::{SkinningMode, skin};
use limber::core::weights::weigh;
use limber::core::{Mesh, MeshSettings};

/// The worm with one bone along its body, weighted.
fn worm_with_one_bone() -> (Mesh, Skeleton, limber::core::weights::Binding) {
    let image = load_png(&common::sprite("kenney_wormGreen.png")).unwrap();
    let (mesh, grid, _) = build_mesh_and_grid(&image, &MeshSettings::default()).unwrap();
    let skeleton =
        Skeleton::new(vec![Bone::new("body", None, [30.0, 70.0], [100.0, 70.0])]).unwrap();
    let binding = weigh(&grid, &skeleton, &mesh.positions, Metric::Geodesic, 10.0);
    (mesh, skeleton, binding)
}

fn one_key_clip(skeleton: &Skeleton, key: KeyRecord) -> Clip {
    let rest = KeyRecord {
        shear: None,
        inherit: None,
        bone: key.bone.clone(),
        time: 0.0,
        rotate: key.rotate.map(|_| 0.0),
        translate: key.translate.map(|_| [0.0, 0.0]),
        scale: None,
        interp: Interpolation::LINEAR.into(),
    };
    let record = ClipRecord {
        name: "move".into(),
        duration: 1.0,
        looping: false,
        keys: vec![rest, key],
        parts: vec![],
        slots: Vec::new(),
        constraints: vec![],
        paths: Vec::new(),
        fps: None,
        events: vec![],
    };
    Clip::from_record(&record, skeleton).unwrap()
}

/// Makes a project with `limber new` from `sprite` and the rig `rig_json` (written to a file in a fresh
/// folder), loads it, and checks that load → save gives the file's bytes back.
fn new_project(folder: &str, sprite: &str, rig_json: &str) -> (std::path::PathBuf, Project) {
    let dir = common::temp_dir(folder);
    let rig = dir.join("rig.json");
    std::fs::write(&rig, rig_json).unwrap();
    let path = dir.join("project.limber");
    let text = |x: &std::path::Path| x.to_str().unwrap().to_string();
    limber_ok(&[
        "new",
        &text(&common::sprite(sprite)),
        "--rig",
        &text(&rig),
        "-o",
        &text(&path),
    ]);
    let project = Project::load(&path).unwrap();
    assert!(
        project.to_bytes() == std::fs::read(&path).unwrap(),
        "load → save gives the same bytes"
    );
    (path, project)
}

/// Runs `limber new` on `sprite` with the rig `rig_json` and asserts it is refused with one line on
/// stderr naming the rig file; returns that line.
fn refused_rig(folder: &str, sprite: &str, rig_json: &str) -> String {
    let dir = common::temp_dir(folder);
    let rig = dir.join("refused.json");
    std::fs::write(&rig, rig_json).unwrap();
    let text = |x: &std::path::Path| x.to_str().unwrap().to_string();
    let out = limber(&[
        "new",
        &text(&common::sprite(sprite)),
        "--rig",
        &text(&rig),
        "-o",
        &text(&dir.join("refused.limber")),
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("refused.json"), "{stderr}");
    stderr
}

/// `limber pose PROJECT --clip CLIP --time T --json`'s output.
fn pose_json(project: &std::path::Path, clip: &str, t: &str) -> Vec<u8> {
    limber_ok(&[
        "pose",
        project.to_str().unwrap(),
        "--clip",
        clip,
        "--time",
        t,
        "--json",
    ])
    .stdout
}

#[test]
fn a_keyed_ninety_degree_rotation_is_the_exact_rigid_rotation_about_the_head() {
    let (mesh, skeleton, binding) = worm_with_one_bone();
    let key = KeyRecord {
        shear: None,
        inherit: None,
        bone: "body".into(),
        time: 1.0,
        rotate: Some(90.0),
        translate: None,
        scale: None,
        interp: Interpolation::LINEAR.into(),
    };
    let clip = one_key_clip(&skeleton, key);
    let palette = palette(
        &skeleton,
        &world_transforms(&skeleton, &clip.sample(1.0)).unwrap(),
    );
    let [hx, hy] = skeleton.bones[0].head;
    for mode in [SkinningMode::LinearBlend, SkinningMode::DualQuaternion] {
        for (moved, rest) in skin(&mesh.positions, &binding, &palette, mode)
            .iter()
            .zip(&mesh.positions)
        {
            // Counter-clockwise on screen with y down: (dx, dy) → (dy, −dx).
            let expected = [hx + (rest[1] - hy), hy - (rest[0] - hx)];
            assert!(
                (moved[0] - expected[0]).abs() <= 1e-6 && (moved[1] - expected[1]).abs() <= 1e-6,
                "{mode:?}"
            );
        }
    }
    // Half way, the linear key gives exactly 45°.
    let half = clip.sample(0.5).bones[0].rotate;
    assert!((half - std::f64::consts::FRAC_PI_4).abs() < 1e-15);
}

#[test]
fn a_translate_key_moves_every_vertex_by_its_offset() {
    let (mesh, skeleton, binding) = worm_with_one_bone();
    let key = KeyRecord {
        shear: None,
        inherit: None,
        bone: "body".into(),
        time: 1.0,
        rotate: None,
        translate: Some([7.5, -3.25]),
        scale: None,
        interp: Interpolation::LINEAR.into(),
    };
    let clip = one_key_clip(&skeleton, key);
    let palette = palette(
        &skeleton,
        &world_transforms(&skeleton, &clip.sample(1.0)).unwrap(),
    );
    for (moved, rest) in skin(
        &mesh.positions,
        &binding,
        &palette,
        SkinningMode::LinearBlend,
    )
    .iter()
    .zip(&mesh.positions)
    {
        assert!(
            (moved[0] - rest[0] - 7.5).abs() <= 1e-9 && (moved[1] - rest[1] + 3.25).abs() <= 1e-9
        );
    }
}

#[test]
fn projects_keep_their_clips_and_pose_and_info_report_them() {
    let dir = common::temp_dir("animation");
    let project_path = dir.join("zombie.limber");
    let sprite = common::sprite("kenney_zombie_walk0.png");
    let rig = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("assets/rigs/kenney_zombie_walk0.json");
    let s = |p: &std::path::Path| p.to_str().unwrap().to_string();
    limber_ok(&[
        "new",
        &s(&sprite),
        "--rig",
        &s(&rig),
        "-o",
        &s(&project_path),
    ]);

    let project = Project::load(&project_path).unwrap();
    assert_eq!(project.rig.clips.len(), 2);
    assert!(
        project.to_bytes() == std::fs::read(&project_path).unwrap(),
        "load → save gives the same bytes"
    );

    let info: serde_json::Value =
        serde_json::from_slice(&limber_ok(&["info", &s(&project_path), "--json"]).stdout).unwrap();
    assert_eq!(info["clips"][0]["name"], "shamble");
    assert_eq!(info["clips"][0]["duration"], 1.2);
    assert_eq!(info["clips"][1]["loop"], false);

    let vertices = info["parts"][0]["vertices"].as_array().unwrap().len();
    let at = |t: &str| -> Vec<Vec<f64>> {
        let out = limber_ok(&[
            "pose",
            &s(&project_path),
            "--clip",
            "shamble",
            "--time",
            t,
            "--json",
        ]);
        let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(doc["parts"][0]["name"], "kenney_zombie_walk0");
        doc["parts"][0]["positions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| {
                p.as_array()
                    .unwrap()
                    .iter()
                    .map(|c| c.as_f64().unwrap())
                    .collect()
            })
            .collect()
    };
    let (start, middle, looped) = (at("0"), at("0.6"), at("1.2"));
    assert_eq!(start.len(), vertices);
    assert_ne!(start, middle, "the pose moves during the clip");
    assert_eq!(
        start, looped,
        "a looping clip at its duration is back at its start"
    );
    assert_eq!(at("-0.6"), middle, "negative times wrap too");

    let unknown = limber(&["pose", &s(&project_path), "--clip", "dance", "--time", "0"]);
    let stderr = String::from_utf8_lossy(&unknown.stderr);
    assert_eq!(unknown.status.code(), Some(1));
    assert!(
        stderr.contains("no clip named \"dance\"") && stderr.contains("zombie.limber"),
        "{stderr}"
    );
}

#[test]
fn a_version_1_project_is_migrated_on_save() {
    let fixture =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/key_v1.limber");
    let project = Project::load(&fixture).unwrap();
    assert!(project.rig.clips.is_empty());
    let saved = String::from_utf8(project.to_bytes()).unwrap();
    let header = format!(
        r#"{{"format":"limber","version":{},"#,
        limber::core::project::FORMAT_VERSION
    );
    assert!(saved.starts_with(&header), "{saved:.60}");
    assert_eq!(Project::from_bytes(saved.as_bytes()).unwrap(), project);
}

#[test]
fn every_older_version_reads_a_keys_one_curve_on_each_channel_and_samples_as_before() {
    use limber::core::animation::curve::{KEY_CHANNELS, KeyCurves};
    let (path, project) = new_project(
        "curves_v6",
        "kenney_wormGreen.png",
        r#"{"bones":[{"name":"body","head":[30,70],"tail":[100,70]}],
            "clips":[{"name":"c","duration":1,"keys":[
              {"bone":"body","time":0,"rotate":0,"translate":[0,0],"scale":[1,1],"interp":[0.3,-0.4,0.6,1.5]},
              {"bone":"body","time":1,"rotate":40,"translate":[10,-6],"scale":[1.5,0.5]}]}]}"#,
    );
    let handles = Interpolation::Bezier([0.3, -0.4, 0.6, 1.5]);
    let mut file: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    let expected = |u: f64| {
        let e = handles.ease(u);
        (
            40.0 * e,
            [10.0 * e, -6.0 * e],
            [1.0 + 0.5 * e, 1.0 - 0.5 * e],
        )
    };
    for version in 2..=6 {
        file["version"] = version.into();
        let old = Project::from_bytes(&serde_json::to_vec(&file).unwrap())
            .unwrap_or_else(|e| panic!("version {version}: {e}"));
        let clip = old.clip("c").expect("the clip");
        let key = &clip.to_record().keys[0];
        assert_eq!(key.interp.to_array(), [handles; KEY_CHANNELS], "v{version}");
        for k in 0..=20 {
            let t = k as f64 / 20.0;
            let pose = clip.sample(t).bones[0];
            let (r, tr, sc) = expected(t);
            assert!(
                (pose.rotate.to_degrees() - r).abs() < 1e-9,
                "v{version} {t}"
            );
            for i in 0..2 {
                assert!((pose.translate[i] - tr[i]).abs() < 1e-9, "v{version} {t}");
                assert!((pose.scale[i] - sc[i]).abs() < 1e-9, "v{version} {t}");
            }
            assert_eq!(pose, project.clip("c").unwrap().sample(t).bones[0]);
        }
        // Saved as the current version, the shared curve still written once.
        let saved = String::from_utf8(old.to_bytes()).unwrap();
        let current = format!(r#""version":{}"#, limber::core::project::FORMAT_VERSION);
        assert!(saved.contains(&current), "{saved:.40}");
        assert!(saved.contains(r#""interp":[0.3,-0.4,0.6,1.5]"#));
    }
    // Version 6: one channel's own curve; the others keep the shared one, and it round-trips.
    file["clips"][0]["keys"][0]["interp"] = serde_json::json!(
        {"rotate": [0.3, -0.4, 0.6, 1.5], "translate": [[0.3, -0.4, 0.6, 1.5], "stepped"]});
    let each = Project::from_bytes(&serde_json::to_vec(&file).unwrap()).unwrap();
    let clip = each.clip("c").unwrap();
    let key = &clip.to_record().keys[0];
    let curves = KeyCurves::all(Interpolation::LINEAR)
        .with(Channel::Rotate, handles)
        .with(Channel::TranslateX, handles)
        .with(Channel::TranslateY, Interpolation::STEPPED);
    assert_eq!(key.interp, curves);
    let pose = clip.sample(0.5).bones[0];
    assert_eq!(pose.translate[1], 0.0, "translate y is stepped");
    assert!((pose.translate[0] - expected(0.5).1[0]).abs() < 1e-9);
    assert!((pose.scale[0] - 1.25).abs() < 1e-12, "scale is linear");
    assert_eq!(Project::from_bytes(&each.to_bytes()).unwrap(), each);
    // A bad channel curve is refused with the clip named.
    file["clips"][0]["keys"][0]["interp"] = serde_json::json!({"scale": ["linear", [0, 20, 1, 1]]});
    let refused = Project::from_bytes(&serde_json::to_vec(&file).unwrap());
    assert!(refused.is_err_and(|e| e.to_string().contains("clip \"c\"")));
}

#[test]
fn ik_in_a_rig_is_kept_by_the_project_and_applied_by_pose() {
    let (project_path, project) = new_project(
        "ik",
        "kenney_wormGreen.png",
        r#"{"bones":[
              {"name":"back","head":[30,70],"tail":[65,70]},
              {"name":"front","parent":"back","head":[65,70],"tail":[100,70]},
              {"name":"goal","head":[100,70],"tail":[100,70],"deform":false}],
            "ik":[{"name":"reach","bones":["back","front"],"target":"goal","bend":-1}],
            "clips":[{"name":"lift","duration":1,"keys":[
              {"bone":"goal","time":0,"translate":[0,0]},
              {"bone":"goal","time":1,"translate":[-20,-40]}]}]}"#,
    );
    assert_eq!(project.rig.ik.len(), 1);

    // The chain's tip follows the goal: with IK the front bone's tail is where the goal went.
    let pose = limber::core::animation::apply_ik(
        &project.rig.skeleton,
        &project.rig.clips[0].sample(1.0),
        &project.rig.ik,
    )
    .unwrap();
    let world = world_transforms(&project.rig.skeleton, &pose).unwrap();
    let tip = world[1].transform_point2(glam::DVec2::new(
        project.rig.skeleton.bones[1].length(),
        0.0,
    ));
    assert!(
        (tip - glam::DVec2::new(80.0, 30.0)).length() < 1e-6,
        "{tip}"
    );

    let positions = |t: &str| pose_json(&project_path, "lift", t);
    assert!(
        positions("0") != positions("1"),
        "the worm bends toward the goal"
    );
}

#[test]
fn part_keys_deform_sparse_vertices_and_step_the_draw_order() {
    let rig = r#"{"bones":[{"name":"body","head":[48,110],"tail":[48,40]}],
        "clips":[{"name":"squash","duration":2,"keys":[],"parts":[
          {"part":"kenney_zombie_walk0","time":0,"draw_order":3,"deform":{"vertices":[],"offsets":[]}},
          {"part":"kenney_zombie_walk0","time":1,"draw_order":-2,"deform":{"vertices":[0,5],"offsets":[[4,-6],[0.5,2]]}}]}]}"#;
    let (project_path, project) = new_project("deform", "kenney_zombie_walk0.png", rig);
    let rest = &project.parts[0].mesh.positions;
    let pose_at = |t: &str| -> serde_json::Value {
        serde_json::from_slice(&pose_json(&project_path, "squash", t)).unwrap()
    };
    let point = |doc: &serde_json::Value, v: usize| -> [f64; 2] {
        let p = &doc["parts"][0]["positions"][v];
        [p[0].as_f64().unwrap(), p[1].as_f64().unwrap()]
    };
    let half = pose_at("0.5");
    assert_eq!(
        half["parts"][0]["draw_order"], 3,
        "draw order holds until the next key"
    );
    // No bone moves, so positions are the rest positions plus the interpolated offsets.
    let p0 = point(&half, 0);
    assert!((p0[0] - (rest[0][0] + 2.0)).abs() < 1e-9 && (p0[1] - (rest[0][1] - 3.0)).abs() < 1e-9);
    assert_eq!(point(&half, 1), rest[1], "vertices without offsets stay");
    let end = pose_at("1.5");
    assert_eq!(end["parts"][0]["draw_order"], -2);
    let p5 = point(&end, 5);
    assert!((p5[0] - (rest[5][0] + 0.5)).abs() < 1e-9 && (p5[1] - (rest[5][1] + 2.0)).abs() < 1e-9);

    // A key for a part the project does not have is refused, naming the rig.
    let ghost = rig.replace("\"part\":\"kenney", "\"part\":\"ghost_kenney");
    let stderr = refused_rig("deform-ghost", "kenney_zombie_walk0.png", &ghost);
    assert!(stderr.contains("no part of this name"), "{stderr}");
}

#[test]
fn limits_and_transform_constraints_are_kept_and_applied_after_ik() {
    let (project_path, project) = new_project(
        "limits",
        "kenney_wormGreen.png",
        r#"{"bones":[
              {"name":"back","head":[30,70],"tail":[65,70]},
              {"name":"front","parent":"back","head":[65,70],"tail":[100,70]},
              {"name":"goal","head":[100,70],"tail":[100,70],"deform":false},
              {"name":"leader","head":[10,10],"tail":[10,20],"deform":false},
              {"name":"shadow","head":[20,10],"tail":[30,10],"deform":false}],
            "ik":[{"name":"reach","bones":["back","front"],"target":"goal","bend":-1}],
            "limits":[{"bone":"front","min":-15,"max":15}],
            "transforms":[{"name":"copy","bone":"shadow","source":"leader","rotate_mix":1}],
            "clips":[{"name":"lift","duration":1,"keys":[
              {"bone":"goal","time":0,"translate":[0,0]},
              {"bone":"goal","time":1,"translate":[-20,-40]}]}]}"#,
    );
    assert_eq!(
        (project.rig.limits.len(), project.rig.transforms.len()),
        (1, 1)
    );
    assert!(project.to_bytes() == std::fs::read(&project_path).unwrap());

    let solver = limber::core::pose::PoseSolver::new(&project.rig.skeleton).unwrap();
    let pose = limber::core::animation::apply_constraints(
        &solver,
        &project.rig.skeleton,
        &project.rig.clips[0].sample(1.0),
        &project.rig.ik,
        &project.rig.limits,
        &project.rig.transforms,
    );
    // The limit wins over IK: the front bone bends at most 15°.
    assert!(pose.bones[1].rotate.abs() <= 15f64.to_radians() + 1e-12);
    // The shadow points where the leader points.
    let world = solver.world(&pose);
    assert!(
        world[4]
            .matrix2
            .x_axis
            .angle_to(world[3].matrix2.x_axis)
            .abs()
            < 1e-12
    );
}

#[test]
fn springs_are_kept_and_make_pose_lag() {
    let rig = |springs: &str| {
        format!(
            r#"{{"bones":[{{"name":"body","head":[30,70],"tail":[65,70]}},
                {{"name":"tip","parent":"body","head":[65,70],"tail":[100,70]}}],
              "springs":[{springs}],
              "clips":[{{"name":"snap","duration":1,"keys":[
                {{"bone":"body","time":0,"rotate":0,"interp":"stepped"}},
                {{"bone":"body","time":0.5,"rotate":30}}]}}]}}"#
        )
    };
    let spring = r#"{"bone":"tip","frequency":3,"damping":0.4}"#;
    let (sprung, project) = new_project("sprung", "kenney_wormGreen.png", &rig(spring));
    assert_eq!(project.rig.springs.len(), 1);
    let (stiff, _) = new_project("stiff", "kenney_wormGreen.png", &rig(""));
    let at = |p: &std::path::Path, t: &str| pose_json(p, "snap", t);
    assert!(
        at(&sprung, "0.55") != at(&stiff, "0.55"),
        "just after the snap the spring lags"
    );
    assert!(
        at(&sprung, "0.2") == at(&stiff, "0.2"),
        "before anything moves, nothing lags"
    );
    assert!(
        at(&sprung, "0.55") == at(&sprung, "0.55"),
        "and it replays exactly"
    );
}

#[test]
fn a_keyed_mix_fades_ik_in_and_out() {
    let rig = r#"{"bones":[
          {"name":"back","head":[30,70],"tail":[65,70]},
          {"name":"front","parent":"back","head":[65,70],"tail":[100,70]},
          {"name":"goal","head":[80,30],"tail":[80,30],"deform":false}],
        "ik":[{"name":"reach","bones":["back","front"],"target":"goal","bend":-1}],
        "clips":[{"name":"fade","duration":1,"keys":[],
          "constraints":[{"constraint":"reach","time":0,"mix":0},{"constraint":"reach","time":1,"mix":1}]}]}"#;
    let (_, project) = new_project("mix", "kenney_wormGreen.png", rig);
    let clip = &project.rig.clips[0];
    assert_eq!(clip.sample_mix("reach", 0.25), Some(0.25));
    let solver = limber::core::pose::PoseSolver::new(&project.rig.skeleton).unwrap();
    let tip_at = |t: f64| {
        let (ik, transforms) = limber::core::animation::with_keyed_mix(
            clip,
            t,
            &project.rig.ik,
            &project.rig.transforms,
        );
        let pose = limber::core::animation::apply_constraints(
            &solver,
            &project.rig.skeleton,
            &clip.sample(t),
            &ik,
            &[],
            &transforms,
        );
        solver.world(&pose)[1].transform_point2(glam::DVec2::new(35.0, 0.0))
    };
    assert!(
        (tip_at(0.0) - glam::DVec2::new(100.0, 70.0)).length() < 1e-9,
        "mix 0: the rest pose"
    );
    assert!(
        (tip_at(1.0) - glam::DVec2::new(80.0, 30.0)).length() < 1e-6,
        "mix 1: reaches the goal"
    );
    // A mix key for a constraint that does not exist is refused.
    let grab = rig.replace(
        "\"constraint\":\"reach\",\"time\":1",
        "\"constraint\":\"grab\",\"time\":1",
    );
    assert!(refused_rig("mix-grab", "kenney_wormGreen.png", &grab).contains("\"grab\""));
}
