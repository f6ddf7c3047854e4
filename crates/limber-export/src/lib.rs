//! Exports of a project to formats other tools read. This layer sits beside `cli`, above `core`: it
//! reads a [`limber_core::project::Project`] and the frames [`limber_core::frame::Frame`] gives, and
//! owns the format crates (`gltf-json`), so `core` stays free of them.

pub mod gltf;
pub mod spine;

use std::path::PathBuf;

/// What an export wrote.
#[derive(Debug, Clone, PartialEq)]
pub struct Written {
    /// Every file written, the main one first (the glTF; the Spine JSON, then its atlas and pages).
    pub files: Vec<PathBuf>,
    /// Their total size in bytes.
    pub bytes: u64,
    /// What the export baked, dropped or could not carry over (one sentence each).
    pub warnings: Vec<String>,
    /// What the export did that the artist may want to know and is no loss (one sentence each).
    pub notes: Vec<String>,
}
