//! Writes that must not go where they should not (issue 17, item 3) and write errors that say so
//! (item 7): links planted at temporary names, FIFOs and devices as outputs, kept permissions, no
//! command writing over one of its inputs, a frames folder left with one sequence, and "cannot
//! write" for a failed write. Every input is byte-identical afterwards.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use common::{limber_ok, temp_dir};
use limber::core::atomic_file::backup_path;
use limber::core::project::Project;

fn s(path: &Path) -> String {
    path.display().to_string()
}

/// Runs `limber` and kills it if it takes longer than 30 s (a FIFO opened for writing would hang).
fn limber_within(args: &[&str]) -> Output {
    limber_env(args, &[])
}

/// A failed command: exit 1 and one line on stderr containing each of `expected`.
fn refused(args: &[&str], expected: &[&str]) -> String {
    let out = limber_within(args);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(1), "{args:?} should fail: {err}");
    assert_eq!(err.lines().count(), 1, "one line expected: {err}");
    for part in expected {
        assert!(err.contains(part), "{args:?}: expected {part:?} in {err}");
    }
    err
}

/// A copy of the zombie sprite in `dir` and a project made from it with the bundled rig.
fn project_in(dir: &Path) -> (PathBuf, PathBuf) {
    let sprite = dir.join("sprite.png");
    std::fs::copy(common::sprite("kenney_zombie_walk0.png"), &sprite).unwrap();
    let rig = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/rigs/kenney_zombie_walk0.json");
    let project = dir.join("p.limber");
    limber_ok(&["new", &s(&sprite), "--rig", &s(&rig), "-o", &s(&project)]);
    (project, sprite)
}

fn bytes(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap()
}

#[cfg(unix)]
#[test]
fn links_planted_at_the_old_temporary_names_do_not_redirect_a_save() {
    use std::os::unix::fs::symlink;
    let dir = temp_dir("safe-planted");
    let victim = dir.join("victim.txt");
    std::fs::write(&victim, b"precious").unwrap();
    let project =
        Project::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/projects/zombie.limber"))
            .unwrap();
    let path = dir.join("work.limber");
    // The names saves used to write through, predictable from this process's id.
    let pid = std::process::id();
    symlink(&victim, dir.join(format!(".work.limber.tmp-{pid}"))).unwrap();
    symlink(&victim, dir.join(format!(".work.limber.bak-tmp-{pid}"))).unwrap();
    project.save(&path).unwrap();
    project.save(&path).unwrap();
    assert_eq!(bytes(&victim), b"precious");
    assert_eq!(bytes(&path), project.to_bytes());
    assert_eq!(bytes(&backup_path(&path)), project.to_bytes());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn outputs_onto_a_fifo_or_a_device_are_refused_at_once() {
    let dir = temp_dir("safe-special");
    let sprite = dir.join("sprite.png");
    std::fs::copy(common::sprite("kenney_zombie_walk0.png"), &sprite).unwrap();
    let fifo = dir.join("out.json");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    refused(
        &["rig", "--suggest", &s(&sprite), "-o", &s(&fifo)],
        &["out.json: cannot write", "FIFO"],
    );
    refused(
        &["new", &s(&sprite), "-o", &s(&fifo)],
        &["cannot write", "FIFO"],
    );
    refused(
        &["mesh", &s(&sprite), "--svg", "/dev/null"],
        &["/dev/null: cannot write", "a device"],
    );
    refused(
        &["rig", "--suggest", &s(&sprite), "-o", &s(&dir)],
        &["cannot write", "a folder"],
    );
    let kind = std::fs::symlink_metadata(&fifo).unwrap().file_type();
    assert!(std::os::unix::fs::FileTypeExt::is_fifo(&kind));
    assert_eq!(
        bytes(&sprite),
        bytes(&common::sprite("kenney_zombie_walk0.png"))
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn a_saved_project_keeps_its_permissions() {
    use std::os::unix::fs::PermissionsExt;
    let dir = temp_dir("safe-mode");
    let (project, sprite) = project_in(&dir);
    std::fs::set_permissions(&project, std::fs::Permissions::from_mode(0o600)).unwrap();
    limber_ok(&["new", &s(&sprite), "-o", &s(&project)]);
    let mode = std::fs::metadata(&project).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn no_command_writes_over_its_own_input() {
    let dir = temp_dir("safe-inputs");
    let (project, sprite) = project_in(&dir);
    let (project_before, sprite_before) = (bytes(&project), bytes(&sprite));
    // The project's own sprite as a render's sheet (checked before any GPU work).
    refused(
        &["render", &s(&project), "--sheet", &s(&sprite)],
        &[
            "sprite.png: cannot write",
            "the image of part",
            "choose another output",
        ],
    );
    // The same file by another path, and the project as a GIF.
    let detour = dir.join(".").join("sprite.png");
    refused(
        &["render", &s(&project), "--gif", &s(&detour)],
        &["the image of part"],
    );
    refused(
        &["render", &s(&project), "--gif", &s(&project)],
        &["the project file"],
    );
    // mesh X.png --svg X.png, and the rig and project commands onto their inputs.
    refused(
        &["mesh", &s(&sprite), "--svg", &s(&sprite)],
        &["the input image"],
    );
    refused(
        &["rig", "--suggest", &s(&sprite), "-o", &s(&sprite)],
        &["it is the input"],
    );
    refused(
        &["new", &s(&sprite), "-o", &s(&sprite)],
        &["the input image"],
    );
    // A project named p.gltf exported onto itself.
    let gltf_named = dir.join("p.gltf");
    std::fs::copy(&project, &gltf_named).unwrap();
    let gltf_before = bytes(&gltf_named);
    refused(
        &["export", &s(&gltf_named), "--gltf", &s(&gltf_named)],
        &["p.gltf: cannot write", "the project file"],
    );
    assert_eq!(bytes(&gltf_named), gltf_before);
    assert_eq!(bytes(&project), project_before);
    assert_eq!(bytes(&sprite), sprite_before);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn gltf_side_images_never_replace_a_part_source() {
    let dir = temp_dir("safe-sidecar");
    // The part's source is named as the first side image of out.gltf would be.
    let sprite = dir.join("out_0.png");
    std::fs::copy(common::sprite("kenney_zombie_walk0.png"), &sprite).unwrap();
    let project = dir.join("p.limber");
    limber_ok(&["new", &s(&sprite), "-o", &s(&project)]);
    let before = bytes(&sprite);
    let out = dir.join("out.gltf");
    refused(
        &["export", &s(&project), "--gltf", &s(&out)],
        &["out_0.png: cannot write", "the image of part"],
    );
    assert_eq!(bytes(&sprite), before);
    assert!(
        !out.exists(),
        "nothing is written when a side file collides"
    );
    // Another name is fine.
    limber_ok(&[
        "export",
        &s(&project),
        "--gltf",
        &s(&dir.join("scene.gltf")),
    ]);
    assert!(dir.join("scene_0.png").is_file());
    assert_eq!(bytes(&sprite), before);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_failed_write_says_cannot_write_and_a_failed_read_cannot_read() {
    let dir = temp_dir("safe-words");
    let (project, sprite) = project_in(&dir);
    // A path under a regular file cannot be written, even by root.
    let file = dir.join("file.txt");
    std::fs::write(&file, b"a file, not a folder").unwrap();
    let under = |name: &str| s(&file.join(name));
    refused(
        &["rig", "--suggest", &s(&sprite), "-o", &under("r.json")],
        &["cannot write"],
    );
    refused(
        &["new", &s(&sprite), "-o", &under("p.limber")],
        &["cannot write"],
    );
    refused(
        &["mesh", &s(&sprite), "--svg", &under("m.svg")],
        &["cannot write"],
    );
    refused(
        &["export", &s(&project), "--gltf", &under("o.glb")],
        &["cannot write"],
    );
    refused(
        &["render", &s(&project), "--sheet", &under("s.png")],
        &["cannot write"],
    );
    let loaded = Project::load(&project).unwrap();
    let error = loaded.save(&file.join("p.limber")).unwrap_err();
    assert!(error.to_string().starts_with("cannot write"), "{error}");
    let err = refused(
        &["render", &s(&dir.join("missing.limber")), "--gif", "x.gif"],
        &["cannot read"],
    );
    assert!(!err.contains("cannot write"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Needs a GPU adapter (the software Vulkan one in CI), as tests/cli_render.rs.
#[test]
fn a_frames_export_over_a_longer_one_leaves_only_the_new_frames() {
    let dir = temp_dir("safe-frames");
    let (project, sprite) = project_in(&dir);
    let sprite_before = bytes(&sprite);
    let frames = dir.join("frames");
    let render = |fps: &str| {
        limber_ok(&[
            "render",
            &s(&project),
            "--clip",
            "shamble",
            "--fps",
            fps,
            "--frames",
            &s(&frames),
        ])
    };
    render("20"); // 1.2 s: 24 frames
    std::fs::write(frames.join("notes.txt"), b"mine").unwrap();
    render("5"); // 6 frames
    let mut names: Vec<String> = std::fs::read_dir(&frames)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    let mut expected: Vec<String> = (0..6).map(|i| format!("frame_{i:04}.png")).collect();
    expected.push("notes.txt".into());
    assert_eq!(names, expected, "no stale frames, no staging folder");
    // A part's image among the frames' names is refused before anything is removed.
    let (frame_sprite, frame_project) = (frames.join("frame_0003.png"), dir.join("f.limber"));
    std::fs::copy(&sprite, &frame_sprite).unwrap();
    limber_ok(&["new", &s(&frame_sprite), "-o", &s(&frame_project)]);
    refused(
        &["render", &s(&frame_project), "--frames", &s(&frames)],
        &["the image of part"],
    );
    assert_eq!(bytes(&frame_sprite), sprite_before);
    assert_eq!(bytes(&sprite), sprite_before);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Runs `limber ARGS` with `env` set, killed after 30 s.
fn limber_env(args: &[&str], env: &[(&str, &Path)]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_limber"));
    command
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (name, value) in env {
        command.env(name, value);
    }
    let mut child = command.spawn().expect("the limber binary runs");
    let started = Instant::now();
    while child.try_wait().expect("waitable").is_none() {
        if started.elapsed() > Duration::from_secs(30) {
            let _ = child.kill();
            panic!("limber {args:?} ran over 30 s");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("output")
}

/// The one file under `dir` (searched through its folders) named `name`.
fn find_file(dir: &Path, name: &str) -> PathBuf {
    let mut found = Vec::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                folders.push(path);
            } else if path.file_name().is_some_and(|n| n == name) {
                found.push(path);
            }
        }
    }
    assert_eq!(found.len(), 1, "{name} under {}: {found:?}", dir.display());
    found.remove(0)
}

#[test]
fn the_demo_never_writes_its_picture_over_the_unpacked_sample() {
    let dir = temp_dir("safe-demo-sample");
    let data = dir.join("data");
    let first = dir.join("first.svg");
    let env = [("XDG_DATA_HOME", data.as_path())];
    let out = limber_env(&["demo", "--svg", &s(&first)], &env);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let sprite = find_file(&data, "kenney_zombie_walk0.png");
    let project = find_file(&data, "zombie.limber");
    let (sprite_bytes, project_bytes) = (bytes(&sprite), bytes(&project));
    for (target, what) in [
        (&sprite, "the bundled sample's sprite"),
        (&project, "the bundled sample's project"),
    ] {
        let out = limber_env(&["demo", "--svg", &s(target)], &env);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(what) && err.contains("cannot write"), "{err}");
    }
    assert_eq!(bytes(&sprite), sprite_bytes, "the sprite is untouched");
    assert_eq!(bytes(&project), project_bytes, "the project is untouched");
    // And the demo still works afterwards (its sprite is still a PNG).
    let out = limber_env(&["demo", "--svg", &s(&first)], &env);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn a_file_or_a_dangling_link_where_a_folder_goes_is_named() {
    let dir = temp_dir("safe-not-a-folder");
    let (project, sprite) = project_in(&dir);
    let (project_bytes, sprite_bytes) = (bytes(&project), bytes(&sprite));
    let file = dir.join("notes.txt");
    std::fs::write(&file, b"my notes").unwrap();
    // Spine writes into a folder: a regular file there is named as such.
    refused(
        &["export", &s(&project), "--spine", &s(&file)],
        &["notes.txt is a file, not a folder"],
    );
    // A file where a parent folder should be, for every export.
    let under = file.join("out");
    refused(
        &["export", &s(&project), "--gltf", &s(&under.join("a.glb"))],
        &["notes.txt is a file, not a folder"],
    );
    refused(
        &["render", &s(&project), "--frames", &s(&under)],
        &["notes.txt is a file, not a folder"],
    );
    // `limber sample` into a link to nothing: neither the link nor its target is touched.
    let link = dir.join("dangling");
    let target = dir.join("nowhere");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    refused(
        &["sample", &s(&link)],
        &["dangling is a symbolic link to a missing target, not a folder"],
    );
    assert!(!target.exists(), "the link's target is not made");
    assert_eq!(std::fs::read_link(&link).unwrap(), target);
    for err in [
        limber_within(&["export", &s(&project), "--spine", &s(&file)]).stderr,
        limber_within(&["sample", &s(&link)]).stderr,
    ] {
        let err = String::from_utf8_lossy(&err);
        assert!(
            !err.contains("os error 17"),
            "the real problem, not EEXIST: {err}"
        );
    }
    assert_eq!(bytes(&file), b"my notes");
    assert_eq!(bytes(&project), project_bytes);
    assert_eq!(bytes(&sprite), sprite_bytes);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn every_export_makes_a_missing_folder() {
    let dir = temp_dir("safe-missing-folder");
    let (project, sprite) = project_in(&dir);
    let (project_bytes, sprite_bytes) = (bytes(&project), bytes(&sprite));
    let glb = dir.join("new/deep/model.glb");
    limber_ok(&["export", &s(&project), "--gltf", &s(&glb)]);
    assert!(Project::load(&project).is_ok());
    assert!(bytes(&glb).starts_with(b"glTF"), "a binary glTF");
    let gltf = dir.join("other/model.gltf");
    limber_ok(&["export", &s(&project), "--gltf", &s(&gltf)]);
    assert!(gltf.is_file() && dir.join("other/model.bin").is_file());
    let spine = dir.join("spine/out");
    limber_ok(&["export", &s(&project), "--spine", &s(&spine)]);
    assert!(spine.join("p.json").is_file());
    let gif = dir.join("gif/walk.gif");
    limber_ok(&["render", &s(&project), "--gif", &s(&gif), "--fps", "5"]);
    assert!(bytes(&gif).starts_with(b"GIF8"));
    assert_eq!(bytes(&project), project_bytes);
    assert_eq!(bytes(&sprite), sprite_bytes);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 39, round 3: a folder where one of an export's files goes refuses the export before any
/// of its files is written (a Spine page, a glTF side file).
#[test]
fn a_folder_in_the_way_of_one_output_refuses_the_export_before_any_is_written() {
    let dir = temp_dir("safe-folder-in-the-way");
    let (project, _) = project_in(&dir);
    // Spine: the first page's name is taken by a folder.
    let spine = dir.join("out");
    std::fs::create_dir_all(spine.join("p_0.png")).unwrap();
    let err = refused(
        &["export", &s(&project), "--spine", &s(&spine)],
        &["p_0.png", "a folder"],
    );
    for written in ["p.json", "p.atlas"] {
        assert!(
            !spine.join(written).exists(),
            "{written} written before: {err}"
        );
    }
    // glTF: the buffer's side file is a folder.
    let gltf = dir.join("q.gltf");
    std::fs::create_dir_all(dir.join("q.bin")).unwrap();
    let err = refused(
        &["export", &s(&project), "--gltf", &s(&gltf)],
        &["q.bin", "a folder"],
    );
    assert!(!gltf.exists(), "q.gltf written before: {err}");
    std::fs::remove_dir_all(&dir).unwrap();
}
