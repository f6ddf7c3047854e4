//! The exports loaded where artists use them: glTF checked by the Khronos validator and three.js,
//! Spine JSON and atlases by the official spine-core and spine-webgl 4.2 runtimes (Node tooling
//! pinned under `tests/tooling`).

mod gltf_boneless;
mod gltf_export;
mod gltf_tools;
mod slots_spine;
mod spine_ik_reach;
mod spine_lean;
mod spine_live_ik;
mod spine_live_transform;
mod spine_path;
mod spine_physics;
mod spine_runtime;
mod spine_scaled_above;
mod spine_shear;
mod spine_web;
