//! limber's headless core, and the runtime a game or tool links to play a `.limber` file: load a
//! project, sample a clip at a time (springs and constraints applied, a pure function of time) and
//! skin each part's vertices. No UI or GPU dependency; every function is deterministic (the same
//! input gives bit-identical output).
//!
//! ```
//! use limber_core::frame::Frame;
//! use limber_core::pose::PoseSolver;
//! use limber_core::project::Project;
//! use limber_core::skinning::{SkinningMode, skin};
//!
//! let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../assets/projects/zombie.limber");
//! let project = Project::load(std::path::Path::new(path))?;
//! let clip = project.clip("wave").expect("the sample has a wave clip");
//! let solver = PoseSolver::new(&project.rig.skeleton)?;
//!
//! // The whole project 0.6 s into the clip: palette, draw order, deformed rest positions.
//! let frame = Frame::sample(&project, &solver, Some(clip), 0.6);
//! for state in &frame.parts {
//!     let part = &project.parts[state.part];
//!     let posed = skin(&state.rest, &part.binding, &frame.palette, SkinningMode::LinearBlend);
//!     assert_eq!(posed.len(), part.mesh.positions.len());
//!     // The wave moves the arm: some vertex is away from where it rests.
//!     let moved = posed.iter().zip(&part.mesh.positions).any(|(p, r)| {
//!         (p[0] - r[0]).hypot(p[1] - r[1]) > 1.0
//!     });
//!     assert!(moved);
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The way in, stage by stage: PNG → [`image_io`] → [`mask`] → [`outline`] (via
//! [`marching_squares`]) → [`simplify`] → [`triangulate`] → [`mesh`] ([`pipeline`] runs them in
//! order; [`quality`] and [`raster`] measure the result); [`skeleton`] and [`rig`] → [`distance`] →
//! [`weights`]; [`animation`] → [`pose`] → [`frame`] → [`skinning`]; [`project`] is the file,
//! [`edit`] and [`history`] change it with undo; [`assets`] keeps decoded images and each meshing
//! stage's last results, so a settings change reruns only the stages it affects, and
//! [`part_build`] makes a part from a PNG through it. `examples/sample_pose.rs` prints a pose of the
//! bundled sample.

pub mod alpha;
pub mod animation;
pub mod assets;
pub mod atomic_file;
pub mod bone_pose;
pub mod brush;
pub mod cuts;
pub mod derived;
pub mod distance;
pub mod edit;
pub mod edit_error;
pub mod error;
pub mod export_settings;
pub mod folders;
pub mod frame;
pub mod history;
pub mod image_io;
pub mod inherit;
pub mod inherit_mode;
pub mod json_values;
pub mod layered;
pub mod limits;
pub mod marching_squares;
pub mod mask;
pub mod mask_bits;
pub mod mesh;
pub mod mesh_edit;
pub mod outline;
pub mod output_guard;
pub mod over_limit;
pub mod part;
pub mod part_build;
pub mod pipeline;
pub mod playback;
pub mod pose;
pub mod progress;
pub mod project;
pub mod project_checks;
pub mod quality;
pub mod raster;
pub mod read_file;
pub mod remesh;
pub mod rig;
pub mod rig_inherit;
pub mod simplify;
pub mod skeleton;
pub mod skinning;
pub mod slots;
pub mod suggest;
pub mod triangulate;
pub mod weights;

pub use error::{CoreError, CoreResult};
pub use mesh::Mesh;
pub use pipeline::{MeshSettings, StageTimings, build_mesh};
