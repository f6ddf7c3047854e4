// Skinned, textured sprite mesh: the GPU twin of the CPU reference in src/core/skinning.rs.
//
// Positions are "part-local": rest positions minus the part's origin (the centre of its image), so
// that f32 keeps sub-millipixel precision on large sprites. The palette is converted to the same
// frame on the CPU in f64 (src/render/palette.rs). Colours are premultiplied alpha throughout.
//
// Entry points:
//   vs_main / fs_main   draw the part: textured, or one of the weight overlays (PartUniform.overlay)
//   cs_skin             writes the skinned local positions to a buffer (for exact checks)

// Twin of render::gpu_types::GpuBone.
struct Bone {
    // Linear part A of world × inverse rest: columns (a.x_axis, a.y_axis).
    linear: vec4<f32>,
    // Translation of the palette matrix in the part-local frame.
    translation: vec2<f32>,
    // Rigid part as a planar dual quaternion in the part-local frame: real (cos θ/2, sin θ/2), dual.
    dq_real: vec2<f32>,
    dq_dual: vec2<f32>,
    pad: vec2<f32>,
    // Stretch K (A = R K), columns.
    stretch: vec4<f32>,
};

// Twin of render::gpu_types::GpuPartUniform.
struct PartUniform {
    // clip = local * clip_scale + clip_offset
    clip_scale: vec2<f32>,
    clip_offset: vec2<f32>,
    // The part's origin in image pixels (the local frame's zero), for DQS stretch.
    origin: vec2<f32>,
    // 0 linear blend, 1 dual quaternion.
    mode: u32,
    // 0 sprite texture, 1 heat map of `selected_bone`, 2 each bone in its colour, 3 flat colour.
    overlay: u32,
    selected_bone: u32,
    bone_count: u32,
    pad: vec2<u32>,
    // Multiplies the output colour (premultiplied): opacity of onion skins and overlays.
    tint: vec4<f32>,
    // The colour of overlay 3 (premultiplied).
    flat_color: vec4<f32>,
};

// Twin of render::gpu_types::GpuVertex (storage layout, 48 bytes).
struct StoredVertex {
    rest: vec2<f32>,
    uv: vec2<f32>,
    joints: vec4<u32>,
    weights: vec4<f32>,
};

@group(0) @binding(0) var<uniform> part: PartUniform;
@group(0) @binding(1) var<storage, read> bones: array<Bone>;

@group(1) @binding(0) var sprite: texture_2d<f32>;
@group(1) @binding(1) var sprite_sampler: sampler;

fn linear_of(b: Bone) -> mat2x2<f32> {
    return mat2x2<f32>(b.linear.xy, b.linear.zw);
}

fn skin_linear_blend(p: vec2<f32>, joints: vec4<u32>, weights: vec4<f32>) -> vec2<f32> {
    var moved = vec2<f32>(0.0, 0.0);
    for (var i = 0u; i < 4u; i = i + 1u) {
        if (weights[i] != 0.0) {
            let b = bones[joints[i]];
            moved = moved + weights[i] * (linear_of(b) * p + b.translation);
        }
    }
    return moved;
}

fn skin_dual_quaternion(p: vec2<f32>, joints: vec4<u32>, weights: vec4<f32>) -> vec2<f32> {
    var stretch = mat2x2<f32>(vec2<f32>(0.0, 0.0), vec2<f32>(0.0, 0.0));
    var real = vec2<f32>(0.0, 0.0);
    var dual = vec2<f32>(0.0, 0.0);
    let reference = bones[joints[0]].dq_real;
    for (var i = 0u; i < 4u; i = i + 1u) {
        let w = weights[i];
        if (w != 0.0) {
            let b = bones[joints[i]];
            stretch = stretch + mat2x2<f32>(b.stretch.xy * w, b.stretch.zw * w);
            let signed_w = select(w, -w, dot(b.dq_real, reference) < 0.0);
            real = real + b.dq_real * signed_w;
            dual = dual + b.dq_dual * signed_w;
        }
    }
    // Stretch about the image origin, as the CPU does: K (p + origin) − origin, kept small.
    let identity = mat2x2<f32>(vec2<f32>(1.0, 0.0), vec2<f32>(0.0, 1.0));
    let q = stretch * p + (stretch - identity) * part.origin;
    let norm = length(real);
    let c = real.x / norm;
    let s = real.y / norm;
    let d = dual / norm;
    let rotation = mat2x2<f32>(vec2<f32>(c * c - s * s, 2.0 * c * s), vec2<f32>(-2.0 * c * s, c * c - s * s));
    let translation = 2.0 * vec2<f32>(d.x * c - d.y * s, d.x * s + d.y * c);
    return rotation * q + translation;
}

// Skinned local position; a vertex without influences stays at rest.
fn skin(p: vec2<f32>, joints: vec4<u32>, weights: vec4<f32>) -> vec2<f32> {
    if (weights.x + weights.y + weights.z + weights.w == 0.0) {
        return p;
    }
    if (part.mode == 1u) {
        return skin_dual_quaternion(p, joints, weights);
    }
    return skin_linear_blend(p, joints, weights);
}

// A distinct colour per bone: hues spaced by the golden angle (twin of render::overlay::bone_color).
fn bone_color(bone: u32) -> vec3<f32> {
    let hue = fract(f32(bone) * 0.61803398875);
    let k = vec3<f32>(0.0, 2.0 / 3.0, 1.0 / 3.0);
    let rgb = clamp(abs(fract(vec3<f32>(hue) + k) * 6.0 - 3.0) - 1.0, vec3<f32>(0.0), vec3<f32>(1.0));
    return mix(vec3<f32>(1.0), rgb, 0.85) * 0.95;
}

// Blue (0) → green (0.5) → red (1), the usual weight ramp.
fn heat(w: f32) -> vec3<f32> {
    let t = clamp(w, 0.0, 1.0);
    return vec3<f32>(clamp(2.0 * t - 0.5, 0.0, 1.0), clamp(1.5 - abs(4.0 * t - 2.0), 0.0, 1.0), clamp(1.5 - 2.0 * t, 0.0, 1.0));
}

struct VertexIn {
    @location(0) rest: vec2<f32>,
    @location(1) uv: vec2<f32>,
    @location(2) joints: vec4<u32>,
    @location(3) weights: vec4<f32>,
    // Deform-key offset for this vertex (second vertex buffer; zero when none).
    @location(4) deform: vec2<f32>,
};

struct VertexOut {
    @builtin(position) clip: vec4<f32>,
    @location(0) uv: vec2<f32>,
    // Overlay colour (premultiplied), interpolated.
    @location(1) overlay: vec4<f32>,
};

@vertex
fn vs_main(v: VertexIn) -> VertexOut {
    let p = skin(v.rest + v.deform, v.joints, v.weights);
    var out: VertexOut;
    out.clip = vec4<f32>(p * part.clip_scale + part.clip_offset, 0.0, 1.0);
    out.uv = v.uv;
    var color = vec3<f32>(0.0, 0.0, 0.0);
    if (part.overlay == 1u) {
        var w = 0.0;
        for (var i = 0u; i < 4u; i = i + 1u) {
            if (v.joints[i] == part.selected_bone) {
                w = w + v.weights[i];
            }
        }
        color = heat(w);
    } else if (part.overlay == 2u) {
        for (var i = 0u; i < 4u; i = i + 1u) {
            color = color + v.weights[i] * bone_color(v.joints[i]);
        }
    }
    out.overlay = vec4<f32>(color, 1.0);
    return out;
}

@fragment
fn fs_main(in: VertexOut) -> @location(0) vec4<f32> {
    if (part.overlay == 0u) {
        return textureSample(sprite, sprite_sampler, in.uv) * part.tint;
    }
    if (part.overlay == 3u) {
        return part.flat_color * part.tint;
    }
    // Weight views cover the sprite's visible pixels only.
    let coverage = textureSample(sprite, sprite_sampler, in.uv).a;
    return in.overlay * (part.tint * coverage);
}

// ---- Exact check: skinned positions to a buffer -------------------------------------------------

@group(2) @binding(0) var<storage, read> stored_vertices: array<StoredVertex>;
@group(2) @binding(1) var<storage, read> stored_deform: array<vec2<f32>>;
@group(2) @binding(2) var<storage, read_write> skinned: array<vec2<f32>>;

@compute @workgroup_size(64)
fn cs_skin(@builtin(global_invocation_id) id: vec3<u32>) {
    let i = id.x;
    if (i >= arrayLength(&stored_vertices)) {
        return;
    }
    let v = stored_vertices[i];
    skinned[i] = skin(v.rest + stored_deform[i], v.joints, v.weights);
}
