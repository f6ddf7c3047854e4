//! limber's integration tests, as one test binary grouped by feature (one link instead of one per
//! file; run a group with `cargo test --release --test suite editor::`, one file with
//! `cargo test --release --test suite editor::snapshots`):
//!
//! - `editor`: the editor driven through its egui UI with egui_kittest (no window), one module per
//!   panel or workflow, and the snapshots of its look;
//! - `window`: the real editor window on a virtual X server (Xvfb): crash and recovery;
//! - `cli`: the command line, its refusals of bad and hostile input, and its safe writes;
//! - `engine`: meshing, weights, animation, the asset store and the project format, without UI;
//! - `exports`: glTF and Spine exports checked by the validator, three.js and the official Spine
//!   runtimes;
//! - `gpu`: the wgpu renderer and its shaders on a real (or software) adapter.
//!
//! Shared helpers (the bundled sprites, the editor harness, the Node tooling, the GPU adapter, the
//! virtual X server) are in `common`.

mod common;

mod cli;
mod editor;
mod engine;
mod exports;
mod gpu;
mod window;
