//! The Node.js checks' folders under `tests/tooling/` (each with its pinned npm packages, installed
//! by `npm ci` there, as `.ci/run` does): where they are, and a failure naming the fix when Node or
//! a package is missing — these checks fail, they never skip.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

/// `tests/tooling/NAME`.
pub fn folder(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/tooling")
        .join(name)
}

/// Panics with the install command unless Node.js runs and each of `packages` is installed in
/// `tests/tooling/NAME`; returns that folder.
pub fn require(name: &str, packages: &[&str]) -> PathBuf {
    let node = Command::new("node").arg("--version").output();
    assert!(
        node.as_ref().is_ok_and(|o| o.status.success()),
        "Node.js is needed for the checks in tests/tooling/{name} and was not found: install \
         Node 20 or newer (Debian: apt-get install -y nodejs npm)"
    );
    let dir = folder(name);
    for package in packages {
        assert!(
            dir.join("node_modules").join(package).exists(),
            "the npm package {package} is missing: run `npm ci` in tests/tooling/{name}"
        );
    }
    dir
}
