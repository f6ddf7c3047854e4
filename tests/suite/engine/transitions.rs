//! `--then B --crossfade S` on `limber pose` and `limber render` (Spine's queued mix): before the
//! blend the pose is exactly the first clip's at T, after it exactly B's at T − (A's duration − S),
//! in between it differs from both; a rendered transition has the transition's frame count; bad
//! requests fail in one line.

use crate::common;

use std::path::{Path, PathBuf};

use common::{limber, limber_ok, temp_dir};

fn s(path: &Path) -> String {
    path.display().to_string()
}

/// The zombie sample (clips: shamble 1.2 s looping, wave 1.0 s once).
fn zombie(dir: &Path) -> PathBuf {
    let project = dir.join("zombie.limber");
    let sprite = common::sprite("kenney_zombie_walk0.png");
    let rig = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/rigs/kenney_zombie_walk0.json");
    limber_ok(&["new", &s(&sprite), "--rig", &s(&rig), "-o", &s(&project)]);
    project
}

/// `limber pose --json` positions of every part.
fn pose(project: &Path, clip: &str, time: f64, then: Option<(&str, f64)>) -> Vec<Vec<[f64; 2]>> {
    let mut args = vec![
        "pose".to_string(),
        s(project),
        "--clip".into(),
        clip.into(),
        "--time".into(),
        time.to_string(),
        "--json".into(),
    ];
    if let Some((next, crossfade)) = then {
        args.extend([
            "--then".into(),
            next.into(),
            "--crossfade".into(),
            crossfade.to_string(),
        ]);
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = limber_ok(&args);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    json["parts"]
        .as_array()
        .expect("parts")
        .iter()
        .map(|p| serde_json::from_value(p["positions"].clone()).expect("positions"))
        .collect()
}

fn largest_gap(a: &[Vec<[f64; 2]>], b: &[Vec<[f64; 2]>]) -> f64 {
    a.iter()
        .flatten()
        .zip(b.iter().flatten())
        .map(|(p, q)| (p[0] - q[0]).hypot(p[1] - q[1]))
        .fold(0.0, f64::max)
}

#[test]
fn a_transition_is_the_first_clip_then_a_blend_then_the_second_clip_exactly() {
    let dir = temp_dir("transition-pose");
    let project = zombie(&dir);
    let (crossfade, shamble) = (0.4, 1.2);
    let start = shamble - crossfade;
    let then = Some(("wave", crossfade));
    for t in [0.0, 0.3, 0.79] {
        assert_eq!(
            pose(&project, "shamble", t, then),
            pose(&project, "shamble", t, None),
            "before the blend, t = {t}: the first clip exactly"
        );
    }
    for t in [1.2, 1.5, 2.2] {
        assert_eq!(
            pose(&project, "shamble", t, then),
            pose(&project, "wave", t - start, None),
            "after the blend, t = {t}: the second clip exactly"
        );
    }
    let mid = start + crossfade / 2.0;
    let blended = pose(&project, "shamble", mid, then);
    let from = pose(&project, "shamble", mid, None);
    let to = pose(&project, "wave", mid - start, None);
    assert!(
        largest_gap(&blended, &from) > 0.1,
        "the blend leaves the first clip"
    );
    assert!(
        largest_gap(&blended, &to) > 0.1,
        "and has not reached the second"
    );
}

#[test]
fn a_rendered_transition_has_a_frame_per_step_of_its_whole_length() {
    let dir = temp_dir("transition-render");
    let project = zombie(&dir);
    let frames = dir.join("frames");
    limber_ok(&[
        "render",
        &s(&project),
        "--clip",
        "shamble",
        "--then",
        "wave",
        "--crossfade",
        "0.4",
        "--fps",
        "10",
        // The image's rectangle: the two renders frame different motions, so the same canvas.
        "--frame",
        "image",
        "--frames",
        &s(&frames),
    ]);
    // 1.2 − 0.4 + 1.0 = 1.8 s at 10 fps, played once: 18 steps and the last pose.
    let count = std::fs::read_dir(&frames).expect("frames").count();
    assert_eq!(count, 19);
    // The first frame is the first clip's, the last the second clip's end.
    let single = dir.join("single");
    limber_ok(&[
        "render",
        &s(&project),
        "--clip",
        "wave",
        "--fps",
        "10",
        "--frame",
        "image",
        "--frames",
        &s(&single),
    ]);
    let last = |d: &Path, n: usize| image::open(d.join(format!("frame_{n:04}.png"))).expect("png");
    assert_eq!(
        last(&frames, 18),
        last(&single, 10),
        "ends on wave's last pose"
    );
}

#[test]
fn bad_transitions_fail_in_one_line() {
    let dir = temp_dir("transition-bad");
    let project = zombie(&dir);
    let p = s(&project);
    let one_line = |args: &[&str], expected: &str| {
        let out = limber(args);
        assert!(!out.status.success(), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr).into_owned();
        assert!(err.contains(expected), "{args:?}: {err}");
        err
    };
    let err = one_line(
        &[
            "pose",
            &p,
            "--clip",
            "shamble",
            "--time",
            "1",
            "--then",
            "wave",
            "--crossfade",
            "2",
        ],
        "a crossfade of 2 s does not fit clip \"shamble\" (1.2 s)",
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("zombie.limber"), "{err}");
    let err = one_line(
        &[
            "pose",
            &p,
            "--clip",
            "shamble",
            "--time",
            "1",
            "--then",
            "jump",
            "--crossfade",
            "0.2",
        ],
        "no clip named \"jump\"",
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    one_line(
        &[
            "pose", &p, "--clip", "shamble", "--time", "1", "--then", "wave",
        ],
        "--crossfade",
    );
}
