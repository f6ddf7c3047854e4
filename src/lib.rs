//! limber: a 2D skeletal animation editor. This library holds every layer; the `limber` binary is a
//! thin `main` over [`cli`].
//!
//! - [`core`]: image → mask → outline → mesh → skeleton → weights → animation → project file, with no
//!   UI or GPU dependency; deterministic.
//! - [`render`]: the skinned, textured mesh and its overlays through wgpu (no egui), offscreen
//!   rendering and readback.
//! - [`app`]: the editor window (eframe/egui) over `core` and `render`.
//! - [`export`]: a project in formats other tools read (glTF 2.0), over `core`.
//! - [`cli`]: the command line over `core`, `render` and `export`, and `limber open` for the editor.

pub mod app;
pub mod cli;
pub mod core;
pub mod export;
pub mod render;
