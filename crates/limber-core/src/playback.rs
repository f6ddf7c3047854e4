//! What is played: the rest pose, one clip, or a transition from one clip into another — and the
//! project's [`Frame`] at any time of it, a pure function of time like clip sampling.
//!
//! A transition is Spine's queued mix: clip A plays once from its start; clip B starts `crossfade`
//! seconds before A ends, and over those seconds the pose blends from A (still playing) to B (from
//! its start); then B plays on. So before the blend the frame is exactly A's at that time, and
//! after it exactly B's at `t − (A's duration − crossfade)`. During the blend each clip's frame is
//! sampled whole (springs, keyed mixes, constraints), the poses are blended (rotations the short
//! way), the deformed rest positions are blended, and draw order and visibility switch from A's to
//! B's half way.

use thiserror::Error;

use super::animation::{Clip, blend_poses};
use super::frame::{Frame, PartFrame};
use super::pose::PoseSolver;
use super::project::Project;

/// A transition from clip `from` into clip `to` over `crossfade` seconds.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Transition<'a> {
    pub from: &'a Clip,
    pub to: &'a Clip,
    pub crossfade: f64,
}

/// Why a transition cannot be played.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum TransitionError {
    #[error(
        "a crossfade of {crossfade} s does not fit clip \"{clip}\" ({duration} s): it must be from 0 to the first clip's duration"
    )]
    BadCrossfade {
        crossfade: f64,
        clip: String,
        duration: f64,
    },
}

impl<'a> Transition<'a> {
    /// Checks that `crossfade` is finite and within `from`'s duration.
    pub fn new(from: &'a Clip, to: &'a Clip, crossfade: f64) -> Result<Self, TransitionError> {
        if !(crossfade.is_finite() && (0.0..=from.duration).contains(&crossfade)) {
            return Err(TransitionError::BadCrossfade {
                crossfade,
                clip: from.name.clone(),
                duration: from.duration,
            });
        }
        Ok(Self {
            from,
            to,
            crossfade,
        })
    }

    /// When `to` starts (seconds from the transition's start).
    pub fn start(&self) -> f64 {
        self.from.duration - self.crossfade
    }

    /// The transition's whole length: A up to the blend, then all of B.
    pub fn duration(&self) -> f64 {
        self.start() + self.to.duration
    }
}

/// What is played.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Playback<'a> {
    Rest,
    Clip(&'a Clip),
    Transition(Transition<'a>),
}

impl<'a> From<Option<&'a Clip>> for Playback<'a> {
    fn from(clip: Option<&'a Clip>) -> Self {
        clip.map_or(Playback::Rest, Playback::Clip)
    }
}

impl Playback<'_> {
    /// Seconds (0 for the rest pose).
    pub fn duration(&self) -> f64 {
        match self {
            Playback::Rest => 0.0,
            Playback::Clip(clip) => clip.duration,
            Playback::Transition(t) => t.duration(),
        }
    }

    /// Whether it repeats (a transition plays once).
    pub fn looping(&self) -> bool {
        matches!(self, Playback::Clip(clip) if clip.looping)
    }

    /// The frame rate it has of its own: the clip's, or the first clip's of a transition.
    pub fn fps(&self) -> Option<u32> {
        match self {
            Playback::Rest => None,
            Playback::Clip(clip) => clip.fps,
            Playback::Transition(t) => t.from.fps.or(t.to.fps),
        }
    }

    /// A name for files and atlases: "rest", the clip's, or "A+B".
    pub fn name(&self) -> String {
        match self {
            Playback::Rest => "rest".into(),
            Playback::Clip(clip) => clip.name.clone(),
            Playback::Transition(t) => format!("{}+{}", t.from.name, t.to.name),
        }
    }

    /// The project at time `t` (seconds).
    pub fn frame(&self, project: &Project, solver: &PoseSolver, t: f64) -> Frame {
        match self {
            Playback::Rest => Frame::sample(project, solver, None, t),
            Playback::Clip(clip) => Frame::sample(project, solver, Some(clip), t),
            Playback::Transition(transition) => transition_frame(project, solver, transition, t),
        }
    }
}

fn transition_frame(
    project: &Project,
    solver: &PoseSolver,
    transition: &Transition,
    t: f64,
) -> Frame {
    let start = transition.start();
    let (from, to) = (transition.from, transition.to);
    if t < start {
        return Frame::sample(project, solver, Some(from), t);
    }
    let in_to = t - start;
    if t >= from.duration || transition.crossfade <= 0.0 {
        return Frame::sample(project, solver, Some(to), in_to);
    }
    let weight = in_to / transition.crossfade;
    let a = Frame::sample(project, solver, Some(from), t);
    let b = Frame::sample(project, solver, Some(to), in_to);
    let pose = blend_poses(&a.pose, &b.pose, weight);
    let world = solver.world(&pose);
    let palette = solver.palette(&world);
    let parts = a
        .parts
        .iter()
        .zip(&b.parts)
        .map(|(pa, pb)| {
            let switched = if weight < 0.5 { pa } else { pb };
            PartFrame {
                part: pa.part,
                draw_order: switched.draw_order,
                visible: switched.visible,
                slot: pa.slot,
                color: lerp4(pa.color, pb.color, weight),
                blend: pa.blend,
                rest: pa
                    .rest
                    .iter()
                    .zip(&pb.rest)
                    .map(|(p, q)| [p[0] + (q[0] - p[0]) * weight, p[1] + (q[1] - p[1]) * weight])
                    .collect(),
            }
        })
        .collect();
    let slots = a
        .slots
        .iter()
        .zip(&b.slots)
        .map(|(sa, sb)| {
            let switched = if weight < 0.5 { sa } else { sb };
            crate::slots::SlotFrame {
                color: lerp4(sa.color, sb.color, weight),
                ..switched.clone()
            }
        })
        .collect();
    Frame {
        pose,
        world,
        palette,
        parts,
        slots,
    }
}

fn lerp4(a: [f64; 4], b: [f64; 4], w: f64) -> [f64; 4] {
    std::array::from_fn(|i| a[i] + (b[i] - a[i]) * w)
}
