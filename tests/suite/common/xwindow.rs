//! The real editor window under a virtual X server (Xvfb, software Vulkan), driven by xdotool:
//! starting the server and editors on it, finding their windows, keys and drags. Every child is
//! killed when its handle drops, so a failing test leaves none. Needs `Xvfb` and `xdotool`
//! (`.ci/run` installs them); without them a test fails, naming the fix.

#![allow(dead_code)]

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Kills a child process when dropped (the X server, the editor).
pub struct Killed(pub Child);

impl Drop for Killed {
    /// SIGTERM first (the X server then removes its lock and socket), SIGKILL after a second.
    fn drop(&mut self) {
        let _ = Command::new("kill")
            .args(["-TERM", &self.0.id().to_string()])
            .output();
        let start = Instant::now();
        while matches!(self.0.try_wait(), Ok(None)) && start.elapsed() < Duration::from_secs(1) {
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

impl Killed {
    /// Kills the process at once (SIGKILL: no clean-up runs) and waits for it.
    pub fn kill_now(&mut self) {
        assert!(
            self.0.try_wait().unwrap().is_none(),
            "the editor should still be running"
        );
        self.0.kill().unwrap();
        self.0.wait().unwrap();
    }
}

pub fn require(tool: &str) {
    let found = Command::new("sh")
        .args(["-c", &format!("command -v {tool}")])
        .output()
        .is_ok_and(|o| o.status.success());
    assert!(
        found,
        "{tool} is needed: apt-get install xvfb xdotool (.ci/run installs them)"
    );
}

pub fn wait_for(what: &str, limit: Duration, mut ready: impl FnMut() -> bool) {
    let start = Instant::now();
    while !ready() {
        assert!(start.elapsed() < limit, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// A virtual X server on a display no other server holds.
pub struct XServer {
    pub display: String,
    server: Killed,
}

impl XServer {
    /// Starts Xvfb on the first display number that is free and answers (another test run, or a
    /// server left behind, may hold one).
    pub fn start() -> Self {
        require("Xvfb");
        require("xdotool");
        for number in 40 + std::process::id() % 50..250 {
            if Path::new(&format!("/tmp/.X{number}-lock")).exists()
                || Path::new(&format!("/tmp/.X11-unix/X{number}")).exists()
            {
                continue;
            }
            let display = format!(":{number}");
            let mut server = Killed(
                Command::new("Xvfb")
                    .args([
                        display.as_str(),
                        "-screen",
                        "0",
                        "1280x800x24",
                        "-nolisten",
                        "tcp",
                        // Without it the server resets when its last client goes (an editor
                        // killed), and an editor started during the reset cannot connect.
                        "-noreset",
                    ])
                    .stdout(Stdio::null())
                    .stderr(Stdio::null())
                    .spawn()
                    .expect("Xvfb starts"),
            );
            let socket = format!("/tmp/.X11-unix/X{number}");
            let start = Instant::now();
            while server.0.try_wait().unwrap().is_none()
                && !Path::new(&socket).exists()
                && start.elapsed() < Duration::from_secs(20)
            {
                std::thread::sleep(Duration::from_millis(100));
            }
            let x = Self { display, server };
            // Ours only if it is still running and answers.
            let answers = Command::new("timeout")
                .args(["10", "xdotool", "getdisplaygeometry"])
                .env("DISPLAY", &x.display)
                .output()
                .is_ok_and(|o| o.status.success());
            if answers && x.server_alive() {
                return x;
            }
        }
        panic!("no X display could be started");
    }

    fn server_alive(&self) -> bool {
        // `try_wait` needs `&mut`; a zero signal asks whether the process is there.
        Command::new("kill")
            .args(["-0", &self.server.0.id().to_string()])
            .output()
            .is_ok_and(|o| o.status.success())
    }

    pub fn xdotool(&self, args: &[&str]) -> String {
        let out = Command::new("timeout")
            .arg("20")
            .arg("xdotool")
            .args(args)
            .env("DISPLAY", &self.display)
            .output()
            .expect("xdotool runs");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// The editor windows shown now.
    pub fn windows(&self) -> Vec<String> {
        self.xdotool(&["search", "--onlyvisible", "--name", "limber"])
            .lines()
            .map(str::to_string)
            .collect()
    }

    /// Starts `limber ARGS` with `env` set (an empty value removes the variable) and waits for its
    /// window (one not among `others`), which it focuses. The editor's stderr goes to `log`.
    pub fn editor(&self, args: &[&str], env: &[(&str, &OsStr)], log: &Path) -> (Killed, String) {
        let before = self.windows();
        let mut command = Command::new(env!("CARGO_BIN_EXE_limber"));
        command
            .args(args)
            .env("DISPLAY", &self.display)
            .env_remove("WAYLAND_DISPLAY")
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(log).unwrap());
        for (name, value) in env {
            if value.is_empty() {
                command.env_remove(name);
            } else {
                command.env(name, value);
            }
        }
        let mut editor = Killed(command.spawn().expect("the editor starts"));
        let mut window = None;
        wait_for("the editor window", Duration::from_secs(25), || {
            assert!(
                editor.0.try_wait().unwrap().is_none(),
                "the editor exited: {}",
                std::fs::read_to_string(log).unwrap_or_default()
            );
            window = self.windows().into_iter().find(|w| !before.contains(w));
            window.is_some()
        });
        let window = window.unwrap_or_default();
        self.focus(&window);
        std::thread::sleep(Duration::from_millis(500));
        (editor, window)
    }

    pub fn focus(&self, window: &str) {
        self.xdotool(&["windowfocus", "--sync", window]);
    }

    /// Presses each key in turn, waiting `pause` milliseconds after each.
    pub fn keys(&self, keys: &[(&str, u64)]) {
        for (key, pause) in keys {
            self.xdotool(&["key", key]);
            std::thread::sleep(Duration::from_millis(*pause));
        }
    }

    /// Drags with the left button in `window` from `from` to `to` (window pixels), in steps.
    pub fn drag(&self, window: &str, from: (i32, i32), to: (i32, i32)) {
        let at = |x: i32, y: i32| {
            self.xdotool(&[
                "mousemove",
                "--window",
                window,
                &x.to_string(),
                &y.to_string(),
            ]);
            std::thread::sleep(Duration::from_millis(60));
        };
        at(from.0, from.1);
        self.xdotool(&["mousedown", "1"]);
        std::thread::sleep(Duration::from_millis(100));
        for i in 1..=6 {
            at(
                from.0 + (to.0 - from.0) * i / 6,
                from.1 + (to.1 - from.1) * i / 6,
            );
        }
        self.xdotool(&["mouseup", "1"]);
        std::thread::sleep(Duration::from_millis(200));
    }
}

/// The `.limber` files in `dir` (a recovery folder), sorted.
pub fn limber_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|e| e == "limber"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}
