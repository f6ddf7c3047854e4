//! limber's headless core (`../src/core`), compiled on its own for the fuzz targets: see the comment
//! in `fuzz/Cargo.toml`. The targets use it as `limber_core::core::…`, the paths `limber::core::…`
//! has in the main crate.

#![allow(dead_code, unused_imports)]

#[path = "../../src/core/mod.rs"]
pub mod core;
