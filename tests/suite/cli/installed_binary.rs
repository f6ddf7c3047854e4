//! The binary works away from the source tree: copied into another folder and run from a third, it
//! runs the demo on its compiled-in sample, writes the demo's picture into the current folder (never
//! into the source tree), and unpacks the sample project, which then loads and poses.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::SystemTime;

use crate::common;

/// The binary copied into a fresh folder, and a separate working folder to run it from.
fn installed(name: &str) -> (PathBuf, PathBuf) {
    let root = common::temp_dir(name);
    let bin = root.join("bin");
    let work = root.join("work");
    std::fs::create_dir_all(&bin).unwrap();
    std::fs::create_dir_all(&work).unwrap();
    let exe = bin.join("limber");
    // A hard link where the file system allows it (a copy still open for writing when another
    // test's child forks cannot be run: "text file busy").
    if std::fs::hard_link(env!("CARGO_BIN_EXE_limber"), &exe).is_err() {
        std::fs::copy(env!("CARGO_BIN_EXE_limber"), &exe).unwrap();
    }
    (exe, work)
}

fn run(exe: &Path, work: &Path, args: &[&str]) -> Output {
    let spawn = || {
        Command::new(exe)
            .args(args)
            .current_dir(work)
            // The user's data folder, for the editor's copy of the sample, is a fresh one too.
            .env("XDG_DATA_HOME", work.join("data"))
            .output()
    };
    // A copied binary may be briefly busy (ETXTBSY, os error 26) while another thread forks.
    let mut tries = 0;
    let out = loop {
        match spawn() {
            Err(e) if e.raw_os_error() == Some(26) && tries < 50 => {
                tries += 1;
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            result => break result.unwrap(),
        }
    };
    assert!(
        out.status.success(),
        "limber {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

fn modified(path: &Path) -> Option<SystemTime> {
    std::fs::metadata(path).and_then(|m| m.modified()).ok()
}

#[test]
fn the_demo_of_a_copied_binary_writes_into_the_current_folder_only() {
    let (exe, work) = installed("demo");
    let source_tree_svg = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/limber-demo.svg");
    let before = modified(&source_tree_svg);
    let out = run(&exe, &work, &["demo"]);
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        stdout.contains("kenney_zombie_walk0.png")
            && stdout.contains("triangles")
            && stdout.contains("clip \"shamble\""),
        "{stdout}"
    );
    let svg = std::fs::read_to_string(work.join("limber-demo.svg")).unwrap();
    assert!(
        svg.starts_with("<svg") && svg.contains("<path"),
        "{svg:.200}"
    );
    assert_eq!(
        modified(&source_tree_svg),
        before,
        "the demo wrote into the source tree"
    );

    // --svg names another file.
    run(&exe, &work, &["demo", "--svg", "weights.svg"]);
    assert!(work.join("weights.svg").is_file());
    std::fs::remove_dir_all(work.parent().unwrap()).unwrap();
}

#[test]
fn a_copied_binary_unpacks_its_sample_which_loads_current_and_poses() {
    let (exe, work) = installed("sample");
    let out = run(&exe, &work, &["sample", "trial"]);
    let project = PathBuf::from(String::from_utf8(out.stdout).unwrap().trim());
    assert_eq!(project, Path::new("trial/projects/zombie.limber"));
    let info = run(&exe, &work, &["info", "trial/projects/zombie.limber"]);
    let info = String::from_utf8(info.stdout).unwrap();
    assert!(info.contains("7 bones"), "{info}");
    assert!(
        !info.contains("changed"),
        "the unpacked image is stale: {info}"
    );
    let pose = run(
        &exe,
        &work,
        &[
            "pose",
            "trial/projects/zombie.limber",
            "--clip",
            "wave",
            "--time",
            "0.6",
            "--json",
        ],
    );
    let pose: serde_json::Value = serde_json::from_slice(&pose.stdout).unwrap();
    assert_eq!(pose["parts"].as_array().map(Vec::len), Some(1));
    // A second unpack keeps what is there, and says so.
    let again = run(&exe, &work, &["sample", "trial"]);
    assert!(String::from_utf8_lossy(&again.stderr).contains("kept"));
    std::fs::remove_dir_all(work.parent().unwrap()).unwrap();
}

#[test]
fn the_editor_opens_its_own_copy_of_the_sample() {
    // What `limber` with no command opens: the binary's sample, unpacked into the data folder.
    let dir = common::temp_dir("editor-sample").join("data");
    let project = limber::sample::unpack(&dir).unwrap();
    let document = limber::editor::document::Document::open(&project).unwrap();
    assert_eq!(document.project.rig.skeleton.bones.len(), 7);
    assert!(!document.is_dirty());
    assert!(document.project.parts[0].image.starts_with(&dir));
    std::fs::remove_dir_all(dir.parent().unwrap()).unwrap();
}
