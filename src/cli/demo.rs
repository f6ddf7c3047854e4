//! What `limber` does with no command (and so what `cargo run --release` shows) until the editor
//! lands: meshes a bundled sprite and writes the wireframe picture.

use std::path::PathBuf;

use super::mesh_cmd::{mesh_file, summary};
use super::svg::write_svg;
use crate::core::MeshSettings;

/// The bundled sample sprite, relative to the repository root.
pub const SAMPLE_SPRITE: &str = "assets/sprites/kenney_zombie_walk0.png";

pub fn run() -> anyhow::Result<()> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let sprite = root.join(SAMPLE_SPRITE);
    let (mesh, _, bytes) = mesh_file(&sprite, &MeshSettings::default())?;
    let out_dir = root.join("target");
    std::fs::create_dir_all(&out_dir)?;
    let out = out_dir.join("limber-demo.svg");
    write_svg(&out, &bytes, &mesh)
        .map_err(|e| anyhow::anyhow!("{}: cannot write SVG: {e}", out.display()))?;
    println!(
        "limber {} — the editor is not built yet; this is the mesh demo.",
        env!("CARGO_PKG_VERSION")
    );
    println!("{}: {}", sprite.display(), summary(&mesh));
    println!("wireframe written to {}", out.display());
    println!("try: limber mesh IMAGE.png [--json] [--svg OUT.svg] [--timings]  (limber --help)");
    Ok(())
}
