//! Running the Node tools in `tests/tooling/gltf`: the Khronos glTF-Validator and the three.js page
//! in headless Chromium. A missing tool fails the test with the command that installs it (CI's
//! `.ci/run` installs them all); nothing is skipped.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The tooling folder.
pub fn folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/tooling/gltf")
}

/// Panics with the fix when node, the npm packages or Chromium are missing.
pub fn require(chromium: bool) {
    let node = Command::new("node").arg("--version").output();
    assert!(
        node.as_ref().is_ok_and(|o| o.status.success()),
        "Node.js is needed for the glTF checks and was not found: install Node 20 or newer \
         (Debian: apt-get install -y nodejs npm)"
    );
    for package in ["gltf-validator", "three", "playwright-core"] {
        assert!(
            folder().join("node_modules").join(package).exists(),
            "the npm package {package} is missing: run `npm ci` in tests/tooling/gltf"
        );
    }
    if chromium {
        let path = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
        assert!(
            Path::new(&path).exists(),
            "Chromium is needed for the browser check and is not at {path}: \
             apt-get install -y chromium (or set CHROMIUM to its path)"
        );
    }
}

/// Runs `node SCRIPT ARGS` in the tooling folder; returns stdout, panicking with stderr on failure.
pub fn node(script: &str, args: &[&str]) -> (bool, String, String) {
    let out = Command::new("node")
        .arg(folder().join(script))
        .args(args)
        .current_dir(folder())
        .output()
        .expect("node runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
