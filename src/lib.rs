//! limber: a 2D skeletal animation editor. This crate is the one binary's library: the egui editor
//! window ([`app`]) and the command line ([`cli`]), over the workspace's layer crates, re-exported
//! here under their layer names so `limber::core::…` names the same items as `limber_core::…`.
//!
//! - [`core`] (`limber-core`): image → mask → outline → mesh → skeleton → weights → animation →
//!   project file, with no UI or GPU dependency; deterministic. Also the runtime a game links.
//! - [`render`] (`limber-render`): the skinned, textured mesh and its overlays through wgpu (no
//!   egui), offscreen rendering and readback, rendered exports.
//! - [`export`] (`limber-export`): a project in formats other tools read (glTF 2.0), over `core`.
//! - [`editor`] (`limber-editor`): the editor's model without egui — document and undo, selection,
//!   modes, tools, background jobs.
//! - [`app`]: the editor window (eframe/egui) over `editor` and `render`: input, panels, drawing.
//! - [`cli`]: the command line over the layers, and `limber open` for the editor.
//! - [`export_renderer`]: the editor's rendered exports drawn through `render` (the editor's model
//!   names only the interface).
//! - [`sample`]: the bundled sample, compiled in, so an installed binary works from any folder.

pub use limber_core as core;
pub use limber_editor as editor;
pub use limber_export as export;
pub use limber_render as render;

pub mod app;
pub mod cli;
pub mod export_renderer;
pub mod sample;
