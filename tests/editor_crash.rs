//! The real editor process, killed: `limber open` runs under a virtual X server (Xvfb, software
//! Vulkan), gets keys from xdotool (select a bone, play, pause, key it), and is killed with SIGKILL.
//! The recovery file it wrote holds the new key, and the next start offers it. Needs `Xvfb` and
//! `xdotool` (`.ci/run` installs them); without them the test fails, naming the fix.

mod common;

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use limber::app::document::Document;
use limber::app::recovery::{pending_recovery, recover, recovery_path};

/// Kills a child process when dropped (the X server, the editor), so a failing test leaves none.
struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn require(tool: &str) {
    let found = Command::new("sh")
        .args(["-c", &format!("command -v {tool}")])
        .output()
        .is_ok_and(|o| o.status.success());
    assert!(
        found,
        "{tool} is needed: apt-get install xvfb xdotool (.ci/run installs them)"
    );
}

fn xdotool(display: &str, args: &[&str]) -> String {
    let out = Command::new("timeout")
        .arg("30")
        .arg("xdotool")
        .args(args)
        .env("DISPLAY", display)
        .output()
        .expect("xdotool runs");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn wait_for(what: &str, limit: Duration, mut ready: impl FnMut() -> bool) {
    let start = Instant::now();
    while !ready() {
        assert!(start.elapsed() < limit, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn a_killed_editor_leaves_its_unsaved_key_in_a_recovery_file_that_is_offered() {
    require("Xvfb");
    require("xdotool");
    let dir = common::temp_dir("editor-crash");
    let project = dir.join("zombie.limber");
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/projects/zombie.limber");
    Document::open(&sample).unwrap().save_as(&project).unwrap();
    let _ = std::fs::remove_file(recovery_path(Some(&project)));
    let keys_saved = Document::open(&project).unwrap().project.rig.clips[0].key_count();

    // A display no other X server holds (another test run may have one up).
    let number = (40 + std::process::id() % 50..200)
        .find(|n| !Path::new(&format!("/tmp/.X{n}-lock")).exists())
        .expect("a free X display number");
    let display = format!(":{number}");
    let _x = Killed(
        Command::new("Xvfb")
            .args([
                display.as_str(),
                "-screen",
                "0",
                "1280x800x24",
                "-nolisten",
                "tcp",
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("Xvfb starts"),
    );
    let socket = format!("/tmp/.X11-unix/X{number}");
    wait_for("the X server", Duration::from_secs(20), || {
        Path::new(&socket).exists()
    });

    let log = dir.join("editor.log");
    let mut editor = Killed(
        Command::new(env!("CARGO_BIN_EXE_limber"))
            .args(["open", project.to_str().unwrap()])
            .env("DISPLAY", &display)
            .env_remove("WAYLAND_DISPLAY")
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(&log).unwrap())
            .spawn()
            .expect("the editor starts"),
    );
    let window = xdotool(
        &display,
        &["search", "--sync", "--onlyvisible", "--name", "limber"],
    );
    let window = window.lines().next().unwrap_or_default().to_string();
    assert!(
        !window.is_empty(),
        "no editor window: {}",
        std::fs::read_to_string(&log).unwrap_or_default()
    );
    xdotool(&display, &["windowfocus", "--sync", &window]);
    std::thread::sleep(Duration::from_millis(500));
    // Select the first bone, play a moment, pause, key it there.
    for (key, pause) in [
        ("bracketright", 300),
        ("space", 400),
        ("space", 300),
        ("k", 100),
    ] {
        xdotool(&display, &["key", key]);
        std::thread::sleep(Duration::from_millis(pause));
    }
    let recovery = recovery_path(Some(&project));
    wait_for("the recovery file", Duration::from_secs(15), || {
        recovery.exists()
    });
    // Let a write in progress finish (it is atomic either way), then kill without warning.
    std::thread::sleep(Duration::from_millis(300));
    assert!(
        editor.0.try_wait().unwrap().is_none(),
        "the editor should still be running"
    );
    editor.0.kill().unwrap();
    editor.0.wait().unwrap();

    // The project file is as saved; the recovery file holds the key; the next start offers it.
    assert_eq!(
        Document::open(&project).unwrap().project.rig.clips[0].key_count(),
        keys_saved
    );
    let offered = pending_recovery(Some(&project)).expect("the recovery file is offered");
    let recovered = recover(&offered, Some(&project)).expect("the recovery file loads");
    assert_eq!(
        recovered.project.rig.clips[0].key_count(),
        keys_saved + 1,
        "the new key is recovered"
    );
    assert!(recovered.is_dirty());
}
