//! Every WGSL file under `shaders/` parses and validates with naga (no GPU needed), and the structs
//! the GPU shares with Rust have the same sizes on both sides.

use std::collections::HashMap;

use limber::render::gpu_types::{GpuBone, GpuPartUniform, GpuShapeVertex, GpuShapeView, GpuVertex};

fn shader_files() -> Vec<std::path::PathBuf> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("shaders");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("shaders/ exists")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "wgsl"))
        .collect();
    files.sort();
    files
}

/// Parses and validates one WGSL file; returns the size of every named struct.
fn validate(path: &std::path::Path) -> HashMap<String, u32> {
    let source = std::fs::read_to_string(path).expect("readable shader");
    let module = naga::front::wgsl::parse_str(&source)
        .unwrap_or_else(|e| panic!("{}: {}", path.display(), e.emit_to_string(&source)));
    naga::valid::Validator::new(
        naga::valid::ValidationFlags::all(),
        naga::valid::Capabilities::default(),
    )
    .validate(&module)
    .unwrap_or_else(|e| panic!("{}: {}", path.display(), e.emit_to_string(&source)));
    let mut layouter = naga::proc::Layouter::default();
    layouter.update(module.to_ctx()).expect("layouts");
    module
        .types
        .iter()
        .filter_map(|(handle, ty)| {
            let name = ty.name.clone()?;
            matches!(ty.inner, naga::TypeInner::Struct { .. })
                .then(|| (name, layouter[handle].size))
        })
        .collect()
}

#[test]
fn every_shader_validates() {
    let files = shader_files();
    assert!(
        files.len() >= 2,
        "expected the skin and shape shaders, found {files:?}"
    );
    for file in files {
        validate(&file);
    }
}

#[test]
fn gpu_structs_match_their_wgsl_twins() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("shaders");
    let skin = validate(&dir.join("skin.wgsl"));
    let shapes = validate(&dir.join("shapes.wgsl"));
    let rust = [
        (&skin, "Bone", size_of::<GpuBone>()),
        (&skin, "PartUniform", size_of::<GpuPartUniform>()),
        (&skin, "StoredVertex", size_of::<GpuVertex>()),
        (&shapes, "ShapeView", size_of::<GpuShapeView>()),
    ];
    for (wgsl, name, size) in rust {
        assert_eq!(
            wgsl.get(name).map(|&s| s as usize),
            Some(size),
            "WGSL struct {name} vs its Rust twin"
        );
    }
    // Vertex-input structs are laid out by the vertex buffer layout, not WGSL: 2 + 4 floats.
    assert_eq!(size_of::<GpuShapeVertex>(), 24);
}
