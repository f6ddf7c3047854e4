//! Support for the glTF export tests: the projects they export, an f32 glTF evaluator, a reference
//! rasteriser, and the Node tooling under `tests/tooling/gltf`.

#![allow(dead_code)]

pub mod eval;
pub mod projects;
pub mod raster;
pub mod tooling;
