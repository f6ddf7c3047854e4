//! Animation events through the whole pipeline: a project whose clip has events (with and without
//! payloads) saves and reloads them, `limber info --json` lists them, the glTF export carries them
//! in the animation's extras, and an event outside its clip is refused in one line naming the file.

use crate::common;

use std::path::{Path, PathBuf};

use common::{limber, limber_ok, temp_dir};
use limber::core::animation::EventRecord;
use limber::core::edit::{Edit, apply};
use limber::core::project::Project;

fn s(p: &Path) -> &str {
    p.to_str().expect("UTF-8 path")
}

/// The bundled sample saved in `dir` with three events on its first clip.
fn sample_with_events(dir: &Path) -> (PathBuf, Vec<EventRecord>) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let project_path = dir.join("events.limber");
    let mut project = Project::load(&root.join("assets/projects/zombie.limber")).expect("sample");
    let sprite = root.join("assets/sprites/kenney_zombie_walk0.png");
    std::fs::copy(&sprite, dir.join("kenney_zombie_walk0.png")).expect("sprite copied");
    project.parts[0].image = "kenney_zombie_walk0.png".into();
    let mut clip = project.rig.clips[0].to_record();
    let events = vec![
        EventRecord {
            int: Some(3),
            ..EventRecord::new("footstep", 0.5)
        },
        EventRecord {
            float: Some(0.75),
            string: Some("groan.ogg".into()),
            ..EventRecord::new("sound", 0.1)
        },
        EventRecord::new("footstep", clip.duration),
    ];
    clip.events = events.clone();
    let name = clip.name.clone();
    apply(&mut project, Edit::ReplaceClip { name, clip }).expect("events are valid");
    project.save(&project_path).expect("saved");
    let mut sorted = events;
    sorted.sort_by(|a, b| a.time.total_cmp(&b.time));
    (project_path, sorted)
}

#[test]
fn events_survive_save_and_reload_and_info_lists_them() {
    let dir = temp_dir("events-info");
    let (path, events) = sample_with_events(&dir);
    let reloaded = Project::load(&path).expect("reloads");
    assert_eq!(reloaded.rig.clips[0].events, events, "sorted by time");
    assert_eq!(reloaded.to_bytes(), std::fs::read(&path).expect("bytes"));

    let out = limber_ok(&["info", s(&path), "--json"]);
    let info: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let listed = &info["clips"][0]["events"];
    assert_eq!(listed.as_array().map(Vec::len), Some(3), "{listed}");
    assert_eq!(listed[0]["name"], "sound");
    assert_eq!(listed[0]["string"], "groan.ogg");
    assert_eq!(listed[1]["int"], 3);
    assert!(listed[2].get("int").is_none(), "no payload, no field");
    assert_eq!(info["clips"][1]["events"].as_array().map(Vec::len), Some(0));
}

#[test]
fn gltf_export_carries_the_events_in_the_animation_extras() {
    let dir = temp_dir("events-gltf");
    let (path, events) = sample_with_events(&dir);
    let out = dir.join("events.gltf");
    limber_ok(&["export", s(&path), "--gltf", s(&out)]);
    let gltf: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&out).expect("gltf written")).expect("JSON");
    let clip = Project::load(&path).expect("loads").rig.clips[0]
        .name
        .clone();
    let animation = gltf["animations"]
        .as_array()
        .expect("animations")
        .iter()
        .find(|a| a["name"] == clip.as_str())
        .expect("the clip's animation");
    let exported: Vec<EventRecord> =
        serde_json::from_value(animation["extras"]["events"].clone()).expect("events");
    assert_eq!(exported, events);
    // The other clip has none, and no extras.
    let other = gltf["animations"]
        .as_array()
        .expect("animations")
        .iter()
        .find(|a| a["name"] != clip.as_str())
        .expect("a second animation");
    assert!(other.get("extras").is_none());
}

#[test]
fn an_event_outside_its_clip_is_refused_in_one_line() {
    let dir = temp_dir("events-bad");
    let (path, _) = sample_with_events(&dir);
    let text = std::fs::read_to_string(&path).expect("text");
    let bad = text.replace(
        r#""name":"footstep","time":0.5"#,
        r#""name":"footstep","time":99"#,
    );
    assert_ne!(bad, text);
    let bad_path = dir.join("late.limber");
    std::fs::write(&bad_path, bad).expect("written");
    let out = limber(&["info", s(&bad_path)]);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("late.limber"), "{stderr}");
    assert!(
        stderr.contains("event \"footstep\" at 99 s: the time is outside the clip"),
        "{stderr}"
    );
}
