//! Prints where the bundled sample's parts go at a time of a clip, using only `limber-core` as a
//! game would: load the project, sample the clip, skin the vertices.
//!
//!     cargo run --release -p limber-core --example sample_pose [PROJECT.limber] [CLIP] [SECONDS]
//!
//! Without arguments: the bundled zombie, its `wave` clip, at 0.6 s.

use std::error::Error;
use std::path::PathBuf;

use limber_core::frame::Frame;
use limber_core::pose::PoseSolver;
use limber_core::project::Project;
use limber_core::skinning::{SkinningMode, skin};

fn main() -> Result<(), Box<dyn Error>> {
    let mut args = std::env::args().skip(1);
    let path = args.next().map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../assets/projects/zombie.limber"),
        PathBuf::from,
    );
    let clip_name = args.next().unwrap_or_else(|| "wave".into());
    let time: f64 = match args.next() {
        Some(t) => t.parse().map_err(|e| format!("time {t:?}: {e}"))?,
        None => 0.6,
    };
    let project = Project::load(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let clip = project
        .clip(&clip_name)
        .ok_or_else(|| format!("{}: no clip named {clip_name:?}", path.display()))?;
    let solver = PoseSolver::new(&project.rig.skeleton)?;
    let frame = Frame::sample(&project, &solver, Some(clip), time);
    println!(
        "{}: clip \"{clip_name}\" at {time} s ({} s local)",
        path.display(),
        clip.local_time(time)
    );
    for (bone, world) in project.rig.skeleton.bones.iter().zip(&frame.world) {
        // A bone's own frame has its head at the origin and its tail along +x.
        let head = world.transform_point2(glam::DVec2::ZERO);
        let tail = world.transform_point2(glam::DVec2::new(bone.length(), 0.0));
        println!(
            "  bone {:<12} head ({:7.2}, {:7.2})  tail ({:7.2}, {:7.2})",
            bone.name, head.x, head.y, tail.x, tail.y
        );
    }
    for state in &frame.parts {
        let part = &project.parts[state.part];
        let posed = skin(
            &state.rest,
            &part.binding,
            &frame.palette,
            SkinningMode::LinearBlend,
        );
        let moved = posed
            .iter()
            .zip(&part.mesh.positions)
            .map(|(p, r)| (p[0] - r[0]).hypot(p[1] - r[1]))
            .fold(0.0, f64::max);
        println!(
            "  part {:<12} {} vertices, draw order {}, visible {}, furthest vertex moved {moved:.2} px",
            part.name,
            posed.len(),
            state.draw_order,
            state.visible
        );
    }
    Ok(())
}
