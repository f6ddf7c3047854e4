//! The wgpu renderer on a real adapter or Mesa's software one (a missing adapter fails): skinned
//! rendering, the view's overlays, and the WGSL shaders.

mod overlays;
mod render;
mod shaders;
