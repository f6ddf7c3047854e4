//! The layers' rules that the compiler does not check: the editor's model (`limber-editor`) depends
//! on no GPU crate (`cargo tree -p limber-editor -e normal` names neither wgpu nor limber-render),
//! and `Editor` has no `pub` field (its state lives in sub-models read through methods).

use std::path::Path;
use std::process::Command;

/// The crates `limber-editor` builds on in normal use, one `name vX.Y.Z` a line.
fn editor_dependencies() -> String {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let output = Command::new(cargo)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args([
            "tree",
            "--offline",
            "-p",
            "limber-editor",
            "-e",
            "normal",
            "--prefix",
            "none",
        ])
        .output()
        .expect("cargo runs");
    assert!(
        output.status.success(),
        "cargo tree failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("cargo tree prints UTF-8")
}

#[test]
fn the_editor_model_depends_on_no_gpu_crate() {
    let tree = editor_dependencies();
    assert!(
        tree.lines().any(|l| l.starts_with("limber-core ")),
        "the tree lists the editor's dependencies:\n{tree}"
    );
    let gpu: Vec<&str> = tree
        .lines()
        .filter(|l| {
            let name = l.split_whitespace().next().unwrap_or_default();
            name == "limber-render" || name.starts_with("wgpu") || name == "egui-wgpu"
        })
        .collect();
    assert!(gpu.is_empty(), "limber-editor depends on {gpu:?}");
}

/// The fields of `pub struct Editor` in `editor.rs` declared `pub` (not `pub(crate)`).
fn public_editor_fields(source: &str) -> Vec<String> {
    let Some(start) = source.find("pub struct Editor {") else {
        return vec!["(no `pub struct Editor {` found)".into()];
    };
    source[start..]
        .lines()
        .skip(1)
        .take_while(|l| !l.starts_with('}'))
        .map(str::trim)
        .filter(|l| l.starts_with("pub ") || l.starts_with("pub\t"))
        .map(str::to_string)
        .collect()
}

#[test]
fn editor_has_no_public_field() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/limber-editor/src/editor.rs");
    let source = std::fs::read_to_string(&path).expect("editor.rs is readable");
    assert_eq!(
        public_editor_fields("pub struct Editor {\n    pub camera: Camera,\n    mode: Mode,\n}\n"),
        ["pub camera: Camera,"],
        "the scan finds a public field"
    );
    let public = public_editor_fields(&source);
    assert!(public.is_empty(), "Editor has public fields: {public:?}");
}
