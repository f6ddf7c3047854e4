//! limber: a 2D skeletal animation editor. This library holds the headless layers; the `limber`
//! binary adds the command line.
//!
//! - [`core`]: image → mask → outline → mesh (and, as it lands, skeleton, weights, animation), with no
//!   UI or GPU dependency.
//! - [`export`]: a project in formats other tools read (glTF 2.0), over `core`.
//! - [`cli`]: the command-line front end over `core` and `export`.

pub mod cli;
pub mod core;
pub mod export;
