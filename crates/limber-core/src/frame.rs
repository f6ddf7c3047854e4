//! A project's state at one time of a clip: the skinning palette after springs, keyed constraint mixes,
//! constraints and physics, each slot's attachment, colour and draw order, and each part's draw order,
//! visibility, colour and deformed rest positions.
//!
//! This is the one place that turns "clip + time" into what every consumer draws or exports — the
//! `pose` command, the renderer, the rendered and glTF exports and the editor — so they cannot
//! disagree. Like clip sampling, it is a pure function of time.

use glam::DAffine2;

use super::animation::{
    Clip, PhysicsMemo, apply_constraints, apply_follows, apply_paths, keyed_path_values,
    sample_with_springs, with_keyed_follow_mix, with_keyed_mix,
};
use super::pose::{Pose, PoseSolver};
use super::project::Project;
use super::slots::sample_index::{SampleIndex, slot_of_parts};
use super::slots::{Blend, ClipFrame, SlotFrame, resolve, sample_slots_with};

/// One part at one time.
#[derive(Debug, Clone, PartialEq)]
pub struct PartFrame {
    /// Index into `Project::parts`.
    pub part: usize,
    /// Its slot's draw order.
    pub draw_order: i32,
    /// Its slot shows it and no part key hides it.
    pub visible: bool,
    /// Rest positions with the deform keys' offsets added (image pixels), ready to skin.
    pub rest: Vec<[f64; 2]>,
    /// Index into [`Frame::slots`] of the slot that draws it.
    pub slot: usize,
    /// Its slot's colour (straight RGBA, 0–1).
    pub color: [f64; 4],
    pub blend: Blend,
}

/// One step of drawing a frame back to front (see [`Frame::draw_list`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum DrawStep<'a> {
    /// Start clipping to this polygon (posed, canvas pixels).
    ClipStart(&'a ClipFrame),
    /// Draw a part; `clipped`: inside the current clipping polygon only.
    Part { part: &'a PartFrame, clipped: bool },
    /// Stop clipping.
    ClipEnd(&'a ClipFrame),
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
    /// Every slot, in [`crate::slots::slot_list`] order.
    pub slots: Vec<SlotFrame>,
}

impl Frame {
    /// The project at time `t` (seconds) of `clip`, or at rest when `clip` is `None`.
    pub fn sample(project: &Project, solver: &PoseSolver, clip: Option<&Clip>, t: f64) -> Frame {
        Self::sample_with(project, solver, clip, t, None)
    }

    /// [`Self::sample`] with the project's [`SampleIndex`] when given: for callers that sample
    /// many times (an export at every key).
    pub fn sample_with(
        project: &Project,
        solver: &PoseSolver,
        clip: Option<&Clip>,
        t: f64,
        index: Option<&SampleIndex>,
    ) -> Frame {
        Self::sample_continuing(project, solver, clip, t, index, &mut PhysicsMemo::default())
    }

    /// [`Self::sample_with`], its physics continued from `memo` (see [`ClipSampler`]).
    fn sample_continuing(
        project: &Project,
        solver: &PoseSolver,
        clip: Option<&Clip>,
        t: f64,
        index: Option<&SampleIndex>,
        memo: &mut PhysicsMemo,
    ) -> Frame {
        let rig = &project.rig;
        let pose = match clip {
            Some(clip) => memo.sample(
                solver,
                &rig.skeleton,
                &rig.physics,
                clip.local_time(t),
                |s| constrained_pose(project, solver, clip, s),
                |name, s| clip.sample_mix(name, s),
            ),
            None => Pose::rest(&rig.skeleton),
        };
        let world = solver.world(&pose);
        let palette = solver.palette(&world);
        let slots = sample_slots_with(project, &palette, clip, t, index);
        let parts = parts_of_slots(project, &slots, clip, t, index);
        Frame {
            pose,
            world,
            palette,
            parts,
            slots,
        }
    }

    /// The visible parts from back to front: by draw order, ties in slot-list order (parts' own
    /// slots in project order, then written slots).
    pub fn draw_sequence(&self) -> Vec<&PartFrame> {
        let mut visible: Vec<&PartFrame> = self.parts.iter().filter(|p| p.visible).collect();
        visible.sort_by_key(|p| (p.draw_order, p.slot));
        visible
    }

    /// Everything drawn, back to front: the visible parts as [`Frame::draw_sequence`], with each
    /// shown clipping attachment starting at its slot and ending after its end slot (or after the
    /// last slot). Clipping does not nest: a clipping slot inside another's range is ignored.
    pub fn draw_list(&self) -> Vec<DrawStep<'_>> {
        let mut order: Vec<usize> = (0..self.slots.len()).collect();
        order.sort_by_key(|&s| (self.slots[s].draw_order, s));
        let mut by_slot: Vec<Option<&PartFrame>> = vec![None; self.slots.len()];
        for part in self.parts.iter().filter(|p| p.visible) {
            if let Some(entry) = by_slot.get_mut(part.slot) {
                *entry = Some(part);
            }
        }
        let mut steps = Vec::new();
        let mut active: Option<&ClipFrame> = None;
        for s in order {
            match (&self.slots[s].clipping, active) {
                (Some(clip), None) => {
                    steps.push(DrawStep::ClipStart(clip));
                    active = Some(clip);
                }
                _ => {
                    if let Some(part) = by_slot[s] {
                        steps.push(DrawStep::Part {
                            part,
                            clipped: active.is_some(),
                        });
                    }
                }
            }
            if let Some(clip) = active
                && clip.end == s
            {
                steps.push(DrawStep::ClipEnd(clip));
                active = None;
            }
        }
        if let Some(clip) = active {
            steps.push(DrawStep::ClipEnd(clip));
        }
        steps
    }
}

/// Frames of one clip sampled time after time (an export's samples, in increasing time): the same
/// frames as [`Frame::sample_with`], bit for bit, but physics continues from the previous sample
/// instead of simulating from the clip's start each time, so a sample costs the updates since the
/// last one.
pub struct ClipSampler<'a> {
    project: &'a Project,
    solver: &'a PoseSolver,
    clip: &'a Clip,
    index: Option<&'a SampleIndex<'a>>,
    physics: PhysicsMemo,
}

impl<'a> ClipSampler<'a> {
    pub fn new(
        project: &'a Project,
        solver: &'a PoseSolver,
        clip: &'a Clip,
        index: Option<&'a SampleIndex<'a>>,
    ) -> Self {
        Self {
            project,
            solver,
            clip,
            index,
            physics: PhysicsMemo::default(),
        }
    }

    /// The frame at time `t`.
    pub fn frame(&mut self, t: f64) -> Frame {
        Frame::sample_continuing(
            self.project,
            self.solver,
            Some(self.clip),
            t,
            self.index,
            &mut self.physics,
        )
    }
}

/// The pose of `clip` at `t` with springs, keyed mixes and every constraint but physics applied.
pub fn constrained_pose(project: &Project, solver: &PoseSolver, clip: &Clip, t: f64) -> Pose {
    let rig = &project.rig;
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
    apply_paths(
        solver,
        &rig.skeleton,
        &mut pose,
        &rig.paths,
        keyed_path_values(clip, t),
    );
    pose
}

/// Each part's state: its slot's draw order, colour and blend; visible when its slot shows it and
/// its own keys do not hide it.
fn parts_of_slots(
    project: &Project,
    slots: &[SlotFrame],
    clip: Option<&Clip>,
    t: f64,
    sample_index: Option<&SampleIndex>,
) -> Vec<PartFrame> {
    let (listed, own_slots);
    let (views, slot_of): (&[_], &[Option<usize>]) = match sample_index {
        Some(x) => (&x.slots, &x.slot_of),
        None => {
            listed = project.slots();
            own_slots = slot_of_parts(project, &listed);
            (&listed, &own_slots)
        }
    };
    let index = resolve::part_index(&project.parts);
    let mut shown = vec![false; project.parts.len()];
    for (s, view) in views.iter().enumerate() {
        if let Some(p) = slots[s]
            .shown
            .and_then(|shown| resolve::shown_part(view, shown, &index))
        {
            shown[p] = true;
        }
    }
    project
        .parts
        .iter()
        .enumerate()
        .map(|(index, part)| {
            let state = clip
                .map(|c| c.sample_part(&part.name, t))
                .unwrap_or_default();
            let slot = slot_of[index].unwrap_or_default();
            let slot_frame = &slots[slot];
            PartFrame {
                part: index,
                draw_order: slot_frame.draw_order,
                visible: state.visible && shown[index],
                rest: state.deformed(&part.mesh.positions),
                slot,
                color: slot_frame.color,
                blend: slot_frame.blend,
            }
        })
        .collect()
}
