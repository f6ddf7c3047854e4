//! `limber info`: validate a project and summarise it, or print it as JSON.

use std::io::Write;
use std::path::PathBuf;

use anyhow::anyhow;
use clap::Args;
use serde::Serialize;

use crate::core::CoreError;
use crate::core::image_io::read_png_file;
use crate::core::project::Project;

#[derive(Debug, Args)]
pub struct InfoArgs {
    /// The project file.
    pub project: PathBuf,
    /// Print bones, parts (vertices, triangles, influences) and clips (name, duration, loop, key count, events)
    /// as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Serialize)]
struct InfoJson<'a> {
    bones: Vec<BoneJson<'a>>,
    parts: Vec<PartJson<'a>>,
    clips: Vec<ClipJson<'a>>,
}

#[derive(Serialize)]
struct ClipJson<'a> {
    name: &'a str,
    duration: f64,
    #[serde(rename = "loop")]
    looping: bool,
    keys: usize,
    /// The clip's events, sorted by time, as written in the project file.
    events: &'a [crate::core::animation::EventRecord],
}

#[derive(Serialize)]
struct BoneJson<'a> {
    name: &'a str,
    parent: Option<&'a str>,
}

#[derive(Serialize)]
struct PartJson<'a> {
    name: &'a str,
    vertices: &'a [[f64; 2]],
    triangles: &'a [[u32; 3]],
    influences: &'a [Vec<(usize, f64)>],
}

pub fn run(args: &InfoArgs) -> anyhow::Result<()> {
    let name = args.project.display();
    let project = Project::load(&args.project).map_err(|e| anyhow!("{name}: {e}"))?;
    // The images must be where the project says; a changed image makes the mesh stale.
    let mut notes = Vec::new();
    for (i, part) in project.parts.iter().enumerate() {
        let image = project.image_path(&args.project, i);
        let bytes = read_png_file(&image).map_err(|e| {
            let problem = if matches!(e, CoreError::Io(_)) {
                "not found at"
            } else {
                "unusable at"
            };
            anyhow!(
                "{name}: image of part \"{}\" {problem} {}: {e}",
                part.name,
                image.display()
            )
        })?;
        if part.is_stale(&bytes) {
            notes.push(format!(
                "part \"{}\": image changed since its mesh was made",
                part.name
            ));
        }
    }
    let mut out = std::io::stdout().lock();
    if args.json {
        let skeleton = &project.rig.skeleton;
        let document = InfoJson {
            bones: skeleton
                .bones
                .iter()
                .map(|b| BoneJson {
                    name: &b.name,
                    parent: b.parent.map(|p| skeleton.bones[p].name.as_str()),
                })
                .collect(),
            parts: project
                .parts
                .iter()
                .map(|p| PartJson {
                    name: &p.name,
                    vertices: &p.mesh.positions,
                    triangles: &p.mesh.triangles,
                    influences: &p.binding.vertices,
                })
                .collect(),
            clips: project
                .rig
                .clips
                .iter()
                .map(|c| ClipJson {
                    name: &c.name,
                    duration: c.duration,
                    looping: c.looping,
                    keys: c.key_count(),
                    events: &c.events,
                })
                .collect(),
        };
        serde_json::to_writer(&mut out, &document)?;
        writeln!(out)?;
    } else {
        let vertices: usize = project.parts.iter().map(|p| p.mesh.positions.len()).sum();
        let triangles: usize = project.parts.iter().map(|p| p.mesh.triangles.len()).sum();
        let count =
            |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        let mut extras = match project.rig.cuts.len() {
            0 => String::new(),
            n => format!(", {}", count(n, "cut", "cuts")),
        };
        if !project.rig.physics.is_empty() {
            let n = project.rig.physics.len();
            extras += &format!(
                ", {}",
                count(n, "physics constraint", "physics constraints")
            );
        }
        writeln!(
            out,
            "{name}: {} ({vertices} vertices, {triangles} triangles), {}, {}{extras}",
            count(project.parts.len(), "part", "parts"),
            count(project.rig.skeleton.bones.len(), "bone", "bones"),
            count(project.rig.clips.len(), "clip", "clips"),
        )?;
        for note in notes {
            writeln!(out, "{name}: {note}")?;
        }
    }
    Ok(())
}
