//! limber: a 2D skeletal animation editor. This library holds the headless layers; the `limber`
//! binary adds the command line.
//!
//! - [`core`]: image → mask → outline → mesh (and, as it lands, skeleton, weights, animation), with no
//!   UI or GPU dependency.
//! - [`cli`]: the command-line front end over `core`.

pub mod cli;
pub mod core;
