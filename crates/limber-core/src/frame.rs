//! A project's state at one time of a clip: the skinning palette after springs, keyed constraint mixes
//! and constraints, and each part's draw order, visibility and deformed rest positions.
//!
//! This is the one place that turns "clip + time" into what every consumer draws or exports — the
//! `pose` command, the renderer, the rendered and glTF exports and the editor — so they cannot
//! disagree. Like clip sampling, it is a pure function of time.

use glam::DAffine2;

use super::animation::{
    Clip, apply_constraints, apply_follows, sample_with_springs, with_keyed_follow_mix,
    with_keyed_mix,
};
use super::pose::{Pose, PoseSolver};
use super::project::Project;

/// One part at one time.
#[derive(Debug, Clone, PartialEq)]
pub struct PartFrame {
    /// Index into `Project::parts`.
    pub part: usize,
    pub draw_order: i32,
    pub visible: bool,
    /// Rest positions with the deform keys' offsets added (image pixels), ready to skin.
    pub rest: Vec<[f64; 2]>,
}

/// The whole project at one time.
#[derive(Debug, Clone, PartialEq)]
pub struct Frame {
    /// The constrained pose (offsets from rest).
    pub pose: Pose,
    /// World transforms of the bones.
    pub world: Vec<DAffine2>,
    /// World × inverse rest, per bone: what skinning applies.
    pub palette: Vec<DAffine2>,
    /// In the project's part order (not sorted by draw order: see [`Frame::draw_sequence`]).
    pub parts: Vec<PartFrame>,
}

impl Frame {
    /// The project at time `t` (seconds) of `clip`, or at rest when `clip` is `None`.
    pub fn sample(project: &Project, solver: &PoseSolver, clip: Option<&Clip>, t: f64) -> Frame {
        let rig = &project.rig;
        let pose = match clip {
            Some(clip) => {
                let (ik, transforms) = with_keyed_mix(clip, t, &rig.ik, &rig.transforms);
                let mut pose = apply_constraints(
                    solver,
                    &rig.skeleton,
                    &sample_with_springs(solver, clip, &rig.springs, t),
                    &ik,
                    &rig.limits,
                    &transforms,
                );
                let follows = with_keyed_follow_mix(clip, t, &rig.follows);
                apply_follows(solver, &rig.skeleton, &mut pose, &follows);
                pose
            }
            None => Pose::rest(&rig.skeleton),
        };
        let world = solver.world(&pose);
        let palette = solver.palette(&world);
        let parts = project
            .parts
            .iter()
            .enumerate()
            .map(|(index, part)| {
                let state = clip
                    .map(|c| c.sample_part(&part.name, t))
                    .unwrap_or_default();
                PartFrame {
                    part: index,
                    draw_order: state.draw_order.unwrap_or(part.draw_order),
                    visible: state.visible,
                    rest: state.deformed(&part.mesh.positions),
                }
            })
            .collect();
        Frame {
            pose,
            world,
            palette,
            parts,
        }
    }

    /// The visible parts from back to front: by draw order, ties kept in project order.
    pub fn draw_sequence(&self) -> Vec<&PartFrame> {
        let mut visible: Vec<&PartFrame> = self.parts.iter().filter(|p| p.visible).collect();
        visible.sort_by_key(|p| p.draw_order);
        visible
    }
}
