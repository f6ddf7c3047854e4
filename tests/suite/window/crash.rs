//! The real editor process, killed: `limber open` runs under a virtual X server (Xvfb, software
//! Vulkan), gets keys from xdotool (select a bone, play, pause, key it), and is killed with SIGKILL.
//! The recovery file it wrote in its state folder holds the new key, and the next start offers it.
//! Needs `Xvfb` and `xdotool` (`.ci/run` installs them); without them the test fails, naming the
//! fix. More real-window recovery cases are in `editor_recovery.rs`.

use crate::common;
use crate::common::xwindow;

use std::path::Path;
use std::time::Duration;

use limber::editor::document::Document;
use limber::editor::recovery::{recover, recoverable};
use xwindow::{XServer, limber_files, wait_for};

#[test]
fn a_killed_editor_leaves_its_unsaved_key_in_a_recovery_file_that_is_offered() {
    let dir = common::temp_dir("editor-crash");
    let project = dir.join("zombie.limber");
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/projects/zombie.limber");
    Document::open(&sample).unwrap().save_as(&project).unwrap();
    let project_bytes = std::fs::read(&project).unwrap();
    let keys_saved = Document::open(&project).unwrap().project.rig.clips[0].key_count();
    let state = dir.join("state");
    let _ = std::fs::remove_dir_all(&state);
    let recovery_dir = state.join("limber").join("recovery");

    let x = XServer::start();
    let (mut editor, _) = x.editor(
        &["open", project.to_str().unwrap()],
        &[
            ("XDG_STATE_HOME", state.as_os_str()),
            ("XDG_CONFIG_HOME", dir.join("config").as_os_str()),
        ],
        &dir.join("editor.log"),
    );
    // Select the first bone, play a moment, pause, key it there.
    x.keys(&[
        ("bracketright", 300),
        ("space", 400),
        ("space", 300),
        ("k", 100),
    ]);
    wait_for("the recovery file", Duration::from_secs(15), || {
        !limber_files(&recovery_dir).is_empty()
    });
    // Let a write in progress finish (it is atomic either way), then kill without warning.
    std::thread::sleep(Duration::from_millis(300));
    editor.kill_now();

    // The project file is as saved; the recovery file holds the key; the next start offers it.
    assert_eq!(std::fs::read(&project).unwrap(), project_bytes);
    let offers = recoverable(&recovery_dir);
    assert_eq!(offers.len(), 1, "the recovery file is offered");
    assert_eq!(offers[0].project.as_deref(), Some(project.as_path()));
    let recovered = recover(&offers[0]).expect("the recovery file loads");
    assert_eq!(
        recovered.project.rig.clips[0].key_count(),
        keys_saved + 1,
        "the new key is recovered"
    );
    assert!(recovered.is_dirty());
    assert_eq!(recovered.path.as_deref(), Some(project.as_path()));
}
