//! The GPU renderer: skinned, textured sprite meshes through wgpu, with no knowledge of egui.
//!
//! Create a [`GpuContext`] (or bring the editor's device and queue), build a [`Renderer`] for a target
//! format, upload each part once as a [`GpuPart`], set its palette every frame, and draw into a render
//! pass with a [`ViewTransform`]. [`offscreen`] renders to a texture and reads it back as RGBA;
//! [`scene`] does all of that for a whole project at one [`limber_core::frame::Frame`]: each slot
//! tinted by its colour, composited by its blend mode ([`blend`]) and clipped through the stencil
//! ([`stencil`]). The WGSL lives
//! in `shaders/`; every GPU-side struct here names its WGSL twin.

pub mod blend;
pub mod bone_shapes;
pub mod context;
pub mod error;
pub mod export;
pub mod gpu_part;
pub mod gpu_types;
pub mod mesh_pipeline;
pub mod offscreen;
pub mod overlay;
pub mod palette;
pub mod pipelines;
pub mod renderer;
pub mod scene;
pub mod skin_readback;
pub mod stencil;
pub mod texture;
pub mod view;

pub use context::GpuContext;
pub use error::RenderError;
pub use gpu_part::GpuPart;
pub use offscreen::{OffscreenTarget, PremultipliedImage};
pub use overlay::{PartStyle, WeightView};
pub use renderer::Renderer;
pub use scene::ProjectScene;
pub use view::ViewTransform;

/// The skinning shader's source (`shaders/skin.wgsl`).
pub const SKIN_WGSL: &str = include_str!("../../../shaders/skin.wgsl");
/// The flat shape shader's source (`shaders/shapes.wgsl`).
pub const SHAPES_WGSL: &str = include_str!("../../../shaders/shapes.wgsl");
