//! limber: a 2D skeletal animation editor. This library holds every layer; the `limber` binary is a
//! thin `main` over [`cli`].
//!
//! - [`core`]: image → mask → outline → mesh → skeleton → weights → animation → project file, with no
//!   UI or GPU dependency; deterministic.
//! - [`render`]: the skinned, textured mesh and its overlays through wgpu (no egui), offscreen
//!   rendering and readback.
//! - [`app`]: the editor window (eframe/egui) over `core` and `render`.
//! - [`cli`]: the command line over `core` and `render`, and `limber open` for the editor.

pub mod app;
pub mod cli;
pub mod core;
pub mod render;
