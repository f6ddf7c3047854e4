// Flat-coloured 2D shapes in image pixels: the bone overlay (and any other screen-space helper).
// Vertices are built on the CPU each frame (src/render/bone_shapes.rs); colours are premultiplied.

// Twin of render::gpu_types::GpuShapeView.
struct ShapeView {
    // clip = image * clip_scale + clip_offset
    clip_scale: vec2<f32>,
    clip_offset: vec2<f32>,
};

@group(0) @binding(0) var<uniform> view: ShapeView;

// Twin of render::gpu_types::GpuShapeVertex.
struct ShapeIn {
    @location(0) position: vec2<f32>,
    @location(1) color: vec4<f32>,
};

struct ShapeOut {
    @builtin(position) clip: vec4<f32>,
    @location(0) color: vec4<f32>,
};

@vertex
fn vs_shape(v: ShapeIn) -> ShapeOut {
    var out: ShapeOut;
    out.clip = vec4<f32>(v.position * view.clip_scale + view.clip_offset, 0.0, 1.0);
    out.color = v.color;
    return out;
}

@fragment
fn fs_shape(in: ShapeOut) -> @location(0) vec4<f32> {
    return in.color;
}
