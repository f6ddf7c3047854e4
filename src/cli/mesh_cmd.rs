//! `limber mesh`: PNG → mesh, printed as a summary or JSON, optionally drawn as SVG.

use std::io::Write;
use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::Context;
use serde::Serialize;

use super::MeshArgs;
use super::outputs::check_outputs;
use super::svg::write_svg;
use crate::core::image_io::{decode_png, read_png_file};
use crate::core::output_guard::Inputs;
use crate::core::{CoreError, Mesh, MeshSettings, StageTimings, build_mesh};

/// The `--json` document: the CLI contract other tools rely on.
#[derive(Serialize)]
struct MeshJson<'a> {
    width: u32,
    height: u32,
    vertices: &'a [[f64; 2]],
    triangles: &'a [[u32; 3]],
    islands: usize,
    holes: usize,
}

pub fn run(args: &MeshArgs) -> anyhow::Result<()> {
    let inputs = Inputs::new().with(&args.image, "the input image");
    check_outputs(&inputs, args.svg.as_deref())?;
    let settings = args.options.settings();
    let (mesh, timings, png_bytes) = mesh_file(&args.image, &settings)?;
    if args.timings {
        let ms = |elapsed: &Duration| elapsed.as_secs_f64() * 1000.0;
        for (stage, elapsed) in &timings.stages {
            eprintln!("timing: {stage} {:.3}", ms(elapsed));
        }
        // The whole chain after decoding (mask, trace, simplify, triangulate), then with decoding.
        let meshing: Duration = timings
            .stages
            .iter()
            .filter(|(stage, _)| *stage != "decode")
            .map(|(_, elapsed)| *elapsed)
            .sum();
        let total: Duration = timings.stages.iter().map(|(_, elapsed)| *elapsed).sum();
        eprintln!("timing: meshing {:.3}", ms(&meshing));
        eprintln!("timing: total {:.3}", ms(&total));
    }
    if let Some(svg_path) = &args.svg {
        write_svg(svg_path, &png_bytes, &mesh)
            .with_context(|| format!("{}: cannot write SVG", svg_path.display()))?;
    }
    let mut stdout = std::io::stdout().lock();
    if args.json {
        let document = MeshJson {
            width: mesh.width,
            height: mesh.height,
            vertices: &mesh.positions,
            triangles: &mesh.triangles,
            islands: mesh.island_count,
            holes: mesh.hole_count,
        };
        serde_json::to_writer(&mut stdout, &document)?;
        writeln!(stdout)?;
    } else {
        writeln!(stdout, "{}: {}", args.image.display(), summary(&mesh))?;
    }
    Ok(())
}

/// Reads, decodes and meshes one PNG file. Errors name the file. Returns the file's bytes too.
pub fn mesh_file(
    path: &Path,
    settings: &MeshSettings,
) -> anyhow::Result<(Mesh, StageTimings, Vec<u8>)> {
    let named = |e: CoreError| anyhow::anyhow!("{}: {e}", path.display());
    let start = Instant::now();
    let bytes = read_png_file(path).map_err(named)?;
    let image = decode_png(&bytes).map_err(named)?;
    let decode_time = start.elapsed();
    let (mesh, stage_timings) = build_mesh(&image, settings).map_err(named)?;
    let mut timings = StageTimings::default();
    timings.add("decode", decode_time);
    for (stage, elapsed) in stage_timings.stages {
        timings.add(stage, elapsed);
    }
    Ok((mesh, timings, bytes))
}

/// One line: vertices, triangles, islands, holes.
pub fn summary(mesh: &Mesh) -> String {
    format!(
        "{} vertices ({} interior), {} triangles, {} islands, {} holes",
        mesh.positions.len(),
        mesh.interior_vertex_count(),
        mesh.triangles.len(),
        mesh.island_count,
        mesh.hole_count
    )
}
