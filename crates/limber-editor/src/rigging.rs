//! The rig as a feature model. [`Rig`] (built by [`Editor::rig`]) is what the skeleton list, the
//! inspectors, the overlays and the tools read: bone names, the bone under the pointer, valid
//! parents, the constraints in written form, the IK chain a new IK would take, springs, limit arcs
//! and constraint mixes at the playhead. The actions here create IK (two-bone or a FABRIK chain,
//! aiming at a picked bone or at a new non-deforming target bone at the chain's tip), rotation
//! limits, transform, look-at and child-of constraints and springs from the selected bone, and
//! change, key and delete them; each is one undo step ([`Edit::SetConstraints`], plus the new
//! target bone when one is made) and returns a [`RigError`] that
//! [`Editor::run`](crate::editor::Editor::run) shows in the status line.

use glam::{DAffine2, DVec2};
use limber_core::animation::{
    ChildOfRecord, Clip, FollowKind, IkRecord, LimitRecord, LookAtRecord, PathChannel,
    SpringRecord, TransformRecord,
};
use limber_core::distance::segment_distance;
use limber_core::edit::{Edit, EditError};
use limber_core::frame::Frame;
use limber_core::project::Project;
use limber_core::rig::{BoneRecord, ConstraintRecords, RigFile};

use crate::document::Document;
use crate::editor::Editor;
use crate::step::Step;

pub use crate::tool_state::RigChoices;

/// One constraint of the rig, by kind and index in its list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConstraintRef {
    Ik(usize),
    Limit(usize),
    Transform(usize),
    Spring(usize),
    LookAt(usize),
    ChildOf(usize),
    Physics(usize),
    Path(usize),
}

/// A rotation limit as drawn at its bone's head: the arc of directions the bone may point in.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LimitArc {
    /// Index into the rig's limits.
    pub limit: usize,
    /// The bone's head as drawn (image pixels).
    pub head: DVec2,
    /// Image pixels.
    pub radius: f64,
    /// The image-space angle (radians, y down) the bone points at with rotation offset 0; a
    /// rotation offset of `r` degrees points it at `zero_angle − r.to_radians()`.
    pub zero_angle: f64,
    /// Degrees.
    pub min: f64,
    pub max: f64,
}

impl LimitArc {
    /// The image point on the arc at rotation offset `degrees`.
    pub fn point_at(&self, degrees: f64) -> DVec2 {
        self.head + DVec2::from_angle(self.zero_angle - degrees.to_radians()) * self.radius
    }

    /// The rotation offset (degrees, in (−180, 180]) that points from the head toward `point`.
    pub fn degrees_toward(&self, point: DVec2) -> f64 {
        let angle = (point - self.head).to_angle();
        let degrees = (self.zero_angle - angle).to_degrees();
        let wrapped = (degrees + 180.0).rem_euclid(360.0) - 180.0;
        if wrapped == -180.0 { 180.0 } else { wrapped }
    }
}

/// A spring's settings as first made (Hz, damping ratio, mix).
pub const NEW_SPRING: (f64, f64, f64) = (2.0, 0.5, 1.0);

/// Why a constraint action did nothing.
#[derive(Debug, thiserror::Error)]
pub enum RigError {
    #[error("select a bone with a parent to add IK to it and its parent")]
    NoIkChain,
    #[error(
        "select a bone and pick a target in the inspector to add a {} constraint",
        .0.label()
    )]
    NoFollowTarget(FollowKind),
    #[error("select a bone and pick a target in the inspector to copy its transform")]
    NoTransformSource,
    #[error("select a bone to limit its rotation")]
    NoBoneToLimit,
    #[error("select a bone to give it a spring")]
    NoBoneForSpring,
    #[error("select a bone to give it physics")]
    NoBoneForPhysics,
    #[error("select the first bone of the chain to lay on a path")]
    NoBoneForPath,
    #[error("a path rides on the parent of its first bone: pick a bone that has a parent")]
    PathNeedsParent,
    #[error("no bone {0}")]
    NoSuchBone(usize),
    #[error("the target is scaled to nothing here: no inverse")]
    TargetScaledToNothing,
    #[error(transparent)]
    Refused(#[from] EditError),
}

/// The rig read-only: its bones and constraints as the editor shows them now.
#[derive(Debug, Clone, Copy)]
pub struct Rig<'a> {
    project: &'a Project,
    selected: Option<usize>,
    choices: RigChoices,
    clip: Option<&'a Clip>,
    playhead: f64,
    zoom: f64,
}

impl Editor {
    /// The rig's bones, constraints and meshes as the editor shows them now. (The feature's one
    /// accessor lives here, not in `editor.rs`, so the coordinator imports no feature module.)
    pub fn rig(&self) -> Rig<'_> {
        Rig::new(
            &self.document.project,
            self.selection.bone(),
            self.tools.rig_choices(),
            self.current_clip(),
            self.animation().playhead(),
            self.view.camera().zoom,
        )
    }
}

impl<'a> Rig<'a> {
    pub(crate) fn new(
        project: &'a Project,
        selected: Option<usize>,
        choices: RigChoices,
        clip: Option<&'a Clip>,
        playhead: f64,
        zoom: f64,
    ) -> Self {
        Self {
            project,
            selected,
            choices,
            clip,
            playhead,
            zoom,
        }
    }

    /// Bone `bone`'s name, if it exists.
    pub fn bone_name(&self, bone: usize) -> Option<String> {
        self.project
            .rig
            .skeleton
            .bones
            .get(bone)
            .map(|b| b.name.clone())
    }

    /// The rig's constraints in written form.
    pub fn constraint_records(&self) -> ConstraintRecords {
        RigFile::from_rig(&self.project.rig).constraints()
    }

    /// The chain a new IK on the selected bone would have: the selected bone and its ancestors, up
    /// to `ik_bones` of them, root first (one: the selected bone alone, a one-bone IK). `None` when
    /// a longer chain is asked for and the selected bone has no parent.
    pub fn ik_chain_from_selection(&self) -> Option<Vec<usize>> {
        let bones = &self.project.rig.skeleton.bones;
        let wanted = self.choices.ik_bones.max(1);
        let mut chain = vec![self.selected?];
        while chain.len() < wanted {
            let last = *chain.last()?;
            match bones.get(last)?.parent {
                Some(parent) => chain.push(parent),
                None => break,
            }
        }
        chain.reverse();
        (chain.len() >= wanted.min(2)).then_some(chain)
    }

    /// The target the choices name, if it is a bone other than the selected one.
    pub(crate) fn chosen_target(&self) -> Option<usize> {
        let target = self.choices.target?;
        (target < self.project.rig.skeleton.bones.len() && Some(target) != self.selected)
            .then_some(target)
    }

    /// Bone `bone`'s spring, if it has one: index into the springs.
    pub fn spring_of(&self, bone: usize) -> Option<usize> {
        let name = self.bone_name(bone)?;
        self.constraint_records()
            .springs
            .iter()
            .position(|s| s.bone == name)
    }

    /// The mix of constraint `name` at the playhead of the current clip: keyed there, or `own`.
    pub fn constraint_mix_at_playhead(&self, name: &str, own: f64) -> f64 {
        self.clip
            .and_then(|c| c.sample_mix(name, self.playhead))
            .unwrap_or(own)
    }

    /// Path `name`'s position or spacing (`channel`) at the playhead: keyed there, or `own`.
    pub fn path_value_at_playhead(&self, name: &str, channel: PathChannel, own: f64) -> f64 {
        self.clip
            .and_then(|c| c.sample_path(name, channel, self.playhead))
            .unwrap_or(own)
    }

    /// Whether bone `bone` is what an IK constraint aims at: dragging it in Animate mode moves it
    /// (keying its translation) rather than turning it, so the chain follows.
    pub fn is_ik_target(&self, bone: usize) -> bool {
        self.project.rig.ik.iter().any(|c| c.target == bone)
    }

    /// The rotation limit of bone `bone` as drawn in `frame` (the editor's
    /// [`frame`](crate::editor::Editor::frame): posed in Animate mode, at rest otherwise), if it
    /// has one.
    pub fn limit_arc(&self, frame: &Frame, bone: usize) -> Option<LimitArc> {
        let rig = &self.project.rig;
        let limit = rig.limits.iter().position(|l| l.bone == bone)?;
        let world = frame.world.get(bone)?;
        let offset = frame.pose.bones.get(bone).map_or(0.0, |p| p.rotate);
        let length = rig.skeleton.bones.get(bone)?.length() * world.matrix2.x_axis.length();
        let record = &rig.limits[limit];
        Some(LimitArc {
            limit,
            head: world.translation,
            radius: (length * 0.6).max(24.0 / self.zoom),
            zero_angle: world.matrix2.x_axis.to_angle() + offset,
            min: record.min_degrees,
            max: record.max_degrees,
        })
    }

    /// The IK target whose drawn bone passes within `reach` of `point` (the nearest), if any.
    pub fn ik_target_at(&self, palette: &[DAffine2], point: DVec2, reach: f64) -> Option<usize> {
        let targets = self.project.rig.ik.iter().map(|c| c.target);
        self.nearest_bone_among(targets, palette, point, reach)
    }

    /// The bone whose posed segment passes nearest `image_point`, within `reach` image pixels.
    pub fn bone_at(&self, palette: &[DAffine2], image_point: DVec2, reach: f64) -> Option<usize> {
        let all = 0..self.project.rig.skeleton.bones.len();
        self.nearest_bone_among(all, palette, image_point, reach)
    }

    /// Of the bones `candidates`, the one drawn nearest `image_point` within `reach`, if any.
    pub fn nearest_bone_among(
        &self,
        candidates: impl IntoIterator<Item = usize>,
        palette: &[DAffine2],
        image_point: DVec2,
        reach: f64,
    ) -> Option<usize> {
        let bones = &self.project.rig.skeleton.bones;
        candidates
            .into_iter()
            .filter_map(|i| Some((i, bones.get(i)?)))
            .map(|(i, bone)| {
                let m = palette.get(i).copied().unwrap_or(DAffine2::IDENTITY);
                let (a, b) = (
                    m.transform_point2(bone.head()),
                    m.transform_point2(bone.tail()),
                );
                (
                    i,
                    segment_distance(image_point.to_array(), a.to_array(), b.to_array()),
                )
            })
            .filter(|&(_, d)| d <= reach)
            .min_by(|x, y| x.1.total_cmp(&y.1))
            .map(|(i, _)| i)
    }

    /// The vertex nearest `point` (rest pose, image pixels) within `reach`, over all parts, as
    /// (part, vertex).
    pub fn vertex_at(&self, point: DVec2, reach: f64) -> Option<(usize, usize)> {
        let mut best: Option<(f64, usize, usize)> = None;
        for (p, part) in self.project.parts.iter().enumerate() {
            for (v, position) in part.mesh.positions.iter().enumerate() {
                let d = (DVec2::from(*position) - point).length();
                if d <= reach && best.is_none_or(|(bd, _, _)| d < bd) {
                    best = Some((d, p, v));
                }
            }
        }
        best.map(|(_, p, v)| (p, v))
    }

    /// The vertex (part, index) under `point` (image pixels, rest pose) in the current view
    /// ([`crate::mesh_edit::VERTEX_REACH`] screen points).
    pub fn mesh_vertex_at(&self, point: DVec2) -> Option<(usize, usize)> {
        self.vertex_at(point, crate::mesh_edit::VERTEX_REACH / self.zoom)
    }

    /// The front-most part whose mesh contains `point` (rest pose).
    pub fn part_at(&self, point: DVec2) -> Option<usize> {
        let parts = &self.project.parts;
        (0..parts.len())
            .filter(|&p| limber_core::mesh_edit::contains(&parts[p].mesh, point.to_array()))
            .max_by_key(|&p| (parts[p].draw_order, p))
    }

    /// The bones that can be `bone`'s parent (neither itself nor one of its descendants), in
    /// skeleton order.
    pub fn valid_parents(&self, bone: usize) -> Vec<usize> {
        let bones = &self.project.rig.skeleton.bones;
        (0..bones.len())
            .filter(|&b| !crate::hierarchy::in_subtree(bones, bone, b))
            .collect()
    }
}

/// Replaces every constraint (its own undo step, or part of the one open: a limit handle's drag).
pub(crate) fn set_constraints(
    document: &mut Document,
    records: ConstraintRecords,
) -> Result<(), RigError> {
    document.apply(Edit::SetConstraints(Box::new(records)))?;
    Ok(())
}

/// Changes the constraints with `change` (one edit).
pub(crate) fn change_constraints(
    document: &mut Document,
    change: impl FnOnce(&mut ConstraintRecords),
) -> Result<(), RigError> {
    let mut records = RigFile::from_rig(&document.project.rig).constraints();
    change(&mut records);
    set_constraints(document, records)
}

/// Adds IK on the selected bone and its ancestors ([`RigChoices::ik_bones`] bones) aiming at the
/// chosen target, or at a new non-deforming target bone at the chain's tip. One undo step.
pub(crate) fn add_ik(mut step: Step) -> Result<(), RigError> {
    let rig = step.rig();
    let chain = rig.ik_chain_from_selection().ok_or(RigError::NoIkChain)?;
    let target = rig.chosen_target().filter(|t| !chain.contains(t));
    let tip = *chain.last().ok_or(RigError::NoIkChain)?;
    let target = match target {
        Some(t) => t,
        None => add_target_bone(&mut step.document, tip)?,
    };
    let rig = step.rig();
    let names = |i: usize| rig.bone_name(i).unwrap_or_default();
    let bones: Vec<String> = chain.iter().map(|&b| names(b)).collect();
    let target = names(target);
    let mut records = rig.constraint_records();
    let tip = bones.last().cloned().unwrap_or_default();
    records.ik.push(IkRecord::new(
        &records.unused_name(&format!("ik {tip}")),
        bones,
        &target,
    ));
    set_constraints(&mut step.document, records)?;
    step.status = format!("IK added: {} bones aim at {target}", chain.len());
    step.commit();
    Ok(())
}

/// Adds a root, non-deforming bone at `tip`'s tail, pointing on along the tip (a quarter of its
/// length), for IK to aim at. Returns its index.
fn add_target_bone(document: &mut Document, tip: usize) -> Result<usize, RigError> {
    let bones = &document.project.rig.skeleton.bones;
    let bone = bones.get(tip).ok_or(RigError::NoSuchBone(tip))?;
    let (head, tail) = (bone.head(), bone.tail());
    let along = (tail - head).try_normalize().unwrap_or(DVec2::X);
    let length = (bone.length() * 0.25).max(4.0);
    let stem = format!("{}_target", bone.name);
    let name = (1..)
        .map(|i| {
            if i == 1 {
                stem.clone()
            } else {
                format!("{stem}{i}")
            }
        })
        .find(|n| bones.iter().all(|b| &b.name != n))
        .ok_or(RigError::NoSuchBone(tip))?;
    let record = BoneRecord {
        inherit: Default::default(),
        name,
        parent: None,
        head: tail.to_array(),
        tail: (tail + along * length).to_array(),
        smoothness: None,
        deform: false,
    };
    document.apply(Edit::AddBone(record))?;
    Ok(document.project.rig.skeleton.bones.len() - 1)
}

/// Adds a look-at or child-of constraint on the selected bone aiming at the chosen target.
pub(crate) fn add_follow(mut step: Step, kind: FollowKind) -> Result<(), RigError> {
    let rig = step.rig();
    let (Some(bone), Some(target)) = (step.selection().bone(), rig.chosen_target()) else {
        return Err(RigError::NoFollowTarget(kind));
    };
    let (bone, target) = (
        rig.bone_name(bone).unwrap_or_default(),
        rig.bone_name(target).unwrap_or_default(),
    );
    change_constraints(&mut step.document, |records| {
        let name = records.unused_name(&format!("{} {bone}", kind.label()));
        match kind {
            FollowKind::LookAt => records.look_at.push(LookAtRecord {
                name,
                bone,
                target,
                mix: 1.0,
                inverse: None,
            }),
            FollowKind::ChildOf => records.child_of.push(ChildOfRecord {
                name,
                bone,
                target,
                mix: 1.0,
                inverse: None,
            }),
        }
    })?;
    step.commit();
    Ok(())
}

/// Adds a transform constraint: the selected bone copies the chosen target's rotation (mix 1).
pub(crate) fn add_transform(mut step: Step) -> Result<(), RigError> {
    let rig = step.rig();
    let (Some(bone), Some(source)) = (step.selection().bone(), rig.chosen_target()) else {
        return Err(RigError::NoTransformSource);
    };
    let (bone, source) = (
        rig.bone_name(bone).unwrap_or_default(),
        rig.bone_name(source).unwrap_or_default(),
    );
    change_constraints(&mut step.document, |records| {
        let name = records.unused_name(&format!("copy {bone}"));
        records.transforms.push(TransformRecord {
            name,
            bone,
            source,
            rotate_mix: 1.0,
            translate_mix: 0.0,
            scale_mix: 0.0,
            ..TransformRecord::default()
        });
    })?;
    step.commit();
    Ok(())
}

/// Adds a rotation limit of ±45° on the selected bone (replacing one it has).
pub(crate) fn add_limit(mut step: Step) -> Result<(), RigError> {
    let bone = step
        .selection()
        .bone()
        .and_then(|b| step.rig().bone_name(b))
        .ok_or(RigError::NoBoneToLimit)?;
    change_constraints(&mut step.document, |records| {
        records.limits.retain(|l| l.bone != bone);
        records.limits.push(LimitRecord {
            bone,
            min: -45.0,
            max: 45.0,
        });
    })?;
    step.commit();
    Ok(())
}

/// Gives the selected bone a spring ([`NEW_SPRING`]) or takes it away. One undo step.
pub(crate) fn toggle_spring(mut step: Step) -> Result<(), RigError> {
    let bone = step
        .selection()
        .bone()
        .and_then(|b| step.rig().bone_name(b))
        .ok_or(RigError::NoBoneForSpring)?;
    change_constraints(&mut step.document, |records| {
        let before = records.springs.len();
        records.springs.retain(|s| s.bone != bone);
        if records.springs.len() == before {
            let (frequency, damping, mix) = NEW_SPRING;
            records.springs.push(SpringRecord {
                bone,
                frequency,
                damping,
                mix,
            });
        }
    })?;
    step.commit();
    Ok(())
}

/// Removes one constraint (one undo step; its mix keys go with it).
pub(crate) fn remove_constraint(
    document: &mut Document,
    which: ConstraintRef,
) -> Result<(), RigError> {
    change_constraints(document, |r| match which {
        ConstraintRef::Ik(i) => take(&mut r.ik, i),
        ConstraintRef::Limit(i) => take(&mut r.limits, i),
        ConstraintRef::Transform(i) => take(&mut r.transforms, i),
        ConstraintRef::Spring(i) => take(&mut r.springs, i),
        ConstraintRef::LookAt(i) => take(&mut r.look_at, i),
        ConstraintRef::ChildOf(i) => take(&mut r.child_of, i),
        ConstraintRef::Physics(i) => take(&mut r.physics, i),
        ConstraintRef::Path(i) => take(&mut r.paths, i),
    })
}

/// "Set inverse" of child-of constraint `index`: from now on its bone is carried by the
/// target's motion since the pose shown now (the playhead's, in Animate mode), so the bone
/// does not jump at this frame when the mix is keyed up — picking a prop up. `false` clears
/// it (carried since the target's rest). One undo step; `false` without that constraint.
pub(crate) fn set_child_of_inverse(
    mut step: Step,
    index: usize,
    set: bool,
) -> Result<bool, RigError> {
    let records = step.rig().constraint_records();
    let Some(record) = records.child_of.get(index) else {
        return Ok(false);
    };
    let inverse = if set {
        let target = step.document.project.rig.skeleton.index_of(&record.target);
        let world = step
            .frame()
            .and_then(|f| target.and_then(|t| f.world.get(t).copied()));
        let world = world
            .filter(|w| w.matrix2.determinant().abs() > 1e-12)
            .ok_or(RigError::TargetScaledToNothing)?;
        Some(world.inverse().to_cols_array())
    } else {
        None
    };
    change_constraints(&mut step.document, |r| {
        if let Some(c) = r.child_of.get_mut(index) {
            c.inverse = inverse;
        }
    })?;
    step.commit();
    Ok(true)
}

fn take<T>(list: &mut Vec<T>, index: usize) {
    if index < list.len() {
        list.remove(index);
    }
}
