//! Structs shared with the WGSL shaders: `#[repr(C)]`, `bytemuck`, laid out as WGSL lays out its
//! twins (named in each doc comment; the layout tests below pin the sizes).

use bytemuck::{Pod, Zeroable};

/// One mesh vertex. Twin of `VertexIn` (vertex buffer 0) and `StoredVertex` (storage) in
/// `shaders/skin.wgsl`.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Pod, Zeroable)]
pub struct GpuVertex {
    /// Rest position minus the part's origin (pixels).
    pub rest: [f32; 2],
    pub uv: [f32; 2],
    /// Bone indices, strongest influence first; unused slots are 0 with weight 0.
    pub joints: [u32; 4],
    pub weights: [f32; 4],
}

/// One palette entry in the part-local frame. Twin of `Bone` in `shaders/skin.wgsl`.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Pod, Zeroable)]
pub struct GpuBone {
    /// Columns of the linear part: (x_axis.x, x_axis.y, y_axis.x, y_axis.y).
    pub linear: [f32; 4],
    pub translation: [f32; 2],
    /// Rigid part as a planar dual quaternion: real (cos θ/2, sin θ/2) and dual.
    pub dq_real: [f32; 2],
    pub dq_dual: [f32; 2],
    pub pad: [f32; 2],
    /// Columns of the stretch K, with linear = R K.
    pub stretch: [f32; 4],
}

/// Per-part, per-layer uniform. Twin of `PartUniform` in `shaders/skin.wgsl`.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Pod, Zeroable)]
pub struct GpuPartUniform {
    pub clip_scale: [f32; 2],
    pub clip_offset: [f32; 2],
    pub origin: [f32; 2],
    /// 0 linear blend, 1 dual quaternion.
    pub mode: u32,
    /// 0 sprite, 1 heat map of `selected_bone`, 2 bone colours, 3 flat colour.
    pub overlay: u32,
    pub selected_bone: u32,
    pub bone_count: u32,
    pub pad: [u32; 2],
    pub tint: [f32; 4],
    pub flat_color: [f32; 4],
}

/// Twin of `ShapeView` in `shaders/shapes.wgsl`.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Pod, Zeroable)]
pub struct GpuShapeView {
    pub clip_scale: [f32; 2],
    pub clip_offset: [f32; 2],
}

/// Twin of `ShapeIn` in `shaders/shapes.wgsl`.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Pod, Zeroable)]
pub struct GpuShapeVertex {
    /// Image pixels.
    pub position: [f32; 2],
    /// Premultiplied RGBA.
    pub color: [f32; 4],
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_match_the_wgsl_layouts() {
        // WGSL: vec4 members align to 16, so these are the sizes naga computes for the twins.
        assert_eq!(std::mem::size_of::<GpuVertex>(), 48);
        assert_eq!(std::mem::size_of::<GpuBone>(), 64);
        assert_eq!(std::mem::size_of::<GpuPartUniform>(), 80);
        assert_eq!(std::mem::size_of::<GpuShapeView>(), 16);
        assert_eq!(std::mem::size_of::<GpuShapeVertex>(), 24);
    }
}
