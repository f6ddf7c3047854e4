//! The headless core: everything above the renderer, with no UI or GPU dependency. Every function
//! here is deterministic: the same input gives bit-identical output.
//!
//! Data flows one way: PNG → [`image_io`] → [`mask`] → [`outline`] (via [`marching_squares`]) → [`simplify`] →
//! [`triangulate`] → [`mesh`]; [`pipeline`] runs the stages in order and [`quality`] and [`raster`]
//! measure the result. [`assets`] keeps decoded images and each stage's last results, so a settings
//! change reruns only the stages it affects; [`part_build`] makes a part from a PNG through it.

pub mod animation;
pub mod assets;
pub mod atomic_file;
pub mod brush;
pub mod derived;
pub mod distance;
pub mod edit;
pub mod error;
pub mod frame;
pub mod history;
pub mod image_io;
pub mod marching_squares;
pub mod mask;
pub mod mesh;
pub mod mesh_edit;
pub mod outline;
pub mod part_build;
pub mod pipeline;
pub mod pose;
pub mod progress;
pub mod project;
pub mod quality;
pub mod raster;
pub mod remesh;
pub mod rig;
pub mod simplify;
pub mod skeleton;
pub mod skinning;
pub mod triangulate;
pub mod weights;

pub use error::{CoreError, CoreResult};
pub use mesh::Mesh;
pub use pipeline::{MeshSettings, StageTimings, build_mesh};
