//! Exports of a project to formats other tools read. This layer sits beside `cli`, above `core`: it
//! reads a [`limber_core::project::Project`] and the frames [`limber_core::frame::Frame`] gives, and
//! owns the format crates (`gltf-json`), so `core` stays free of them.

pub mod gltf;
pub mod spine;
