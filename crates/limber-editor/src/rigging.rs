//! Constraints in the editor: creating IK (two-bone or a FABRIK chain, aiming at a picked bone or
//! at a new non-deforming target bone at the chain's tip), rotation limits, transform, look-at and
//! child-of constraints and springs from the selected bone; changing and deleting them. Each
//! action is one undo step ([`limber_core::edit::Edit::SetConstraints`], plus the new target
//! bone when one is made). The inspector and the command table both call these.

use glam::DVec2;
use limber_core::animation::{
    ChildOfRecord, FollowKind, IkRecord, LimitRecord, LookAtRecord, MixKeyRecord, SpringRecord,
    TransformRecord,
};
use limber_core::edit::Edit;
use limber_core::rig::{BoneRecord, ConstraintRecords, RigFile};

use crate::editor::Editor;

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

impl Editor {
    /// The rig's constraints in written form.
    pub fn constraint_records(&self) -> ConstraintRecords {
        RigFile::from_rig(&self.document.project.rig).constraints()
    }

    /// Replaces every constraint (one undo step, or part of the open one). Returns whether it
    /// applied; a refusal says why in the status bar.
    pub fn set_constraint_records(&mut self, records: ConstraintRecords) -> bool {
        self.apply(Edit::SetConstraints(Box::new(records)))
    }

    /// Changes the constraints with `change` (one undo step).
    fn change_constraints(&mut self, change: impl FnOnce(&mut ConstraintRecords)) -> bool {
        let mut records = self.constraint_records();
        change(&mut records);
        self.set_constraint_records(records)
    }

    /// The chain a new IK on the selected bone would have: the selected bone and its ancestors, up
    /// to `ik_bones` of them, root first. `None` when the selected bone has no parent.
    pub fn ik_chain_from_selection(&self) -> Option<Vec<usize>> {
        let bones = &self.document.project.rig.skeleton.bones;
        let mut chain = vec![self.selection().bone()?];
        while chain.len() < self.tools().rig_choices().ik_bones.max(2) {
            let last = *chain.last()?;
            match bones.get(last)?.parent {
                Some(parent) => chain.push(parent),
                None => break,
            }
        }
        chain.reverse();
        (chain.len() >= 2).then_some(chain)
    }

    /// The target the choices name, if it is a bone other than the selected one.
    fn chosen_target(&self) -> Option<usize> {
        let target = self.tools().rig_choices().target?;
        (target < self.document.project.rig.skeleton.bones.len()
            && Some(target) != self.selection().bone())
        .then_some(target)
    }

    /// Adds IK on the selected bone and its ancestors ([`RigChoices::ik_bones`] bones) aiming at the
    /// chosen target, or at a new non-deforming target bone at the chain's tip. One undo step.
    pub fn add_ik(&mut self) -> bool {
        let Some(chain) = self.ik_chain_from_selection() else {
            self.status = "select a bone with a parent to add IK to it and its parent".into();
            return false;
        };
        let target = self.chosen_target().filter(|t| !chain.contains(t));
        self.in_one_step(|editor| {
            let target = match target {
                Some(t) => t,
                None => match editor.add_target_bone(*chain.last().unwrap_or(&0)) {
                    Some(t) => t,
                    None => return false,
                },
            };
            let names = |i: usize| editor.bone_name(i).unwrap_or_default();
            let bones: Vec<String> = chain.iter().map(|&b| names(b)).collect();
            let target = names(target);
            let mut records = editor.constraint_records();
            let tip = bones.last().cloned().unwrap_or_default();
            records.ik.push(IkRecord {
                name: records.unused_name(&format!("ik {tip}")),
                bones,
                target: target.clone(),
                bend: 1.0,
                mix: 1.0,
                iterations: 20,
                tolerance: 1e-3,
            });
            let done = editor.set_constraint_records(records);
            if done {
                editor.status = format!("IK added: {} bones aim at {target}", chain.len());
            }
            done
        })
    }

    /// Adds a root, non-deforming bone at `tip`'s tail, pointing on along the tip (a quarter of its
    /// length), for IK to aim at. Returns its index.
    fn add_target_bone(&mut self, tip: usize) -> Option<usize> {
        let bones = &self.document.project.rig.skeleton.bones;
        let bone = bones.get(tip)?;
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
            .find(|n| bones.iter().all(|b| &b.name != n))?;
        let record = BoneRecord {
            name,
            parent: None,
            head: tail.to_array(),
            tail: (tail + along * length).to_array(),
            smoothness: None,
            deform: false,
        };
        self.apply(Edit::AddBone(record))
            .then(|| self.document.project.rig.skeleton.bones.len() - 1)
    }

    /// Adds a look-at or child-of constraint on the selected bone aiming at the chosen target.
    pub fn add_follow(&mut self, kind: FollowKind) -> bool {
        let (Some(bone), Some(target)) = (self.selection().bone(), self.chosen_target()) else {
            self.status = format!(
                "select a bone and pick a target in the inspector to add a {} constraint",
                kind.label()
            );
            return false;
        };
        let (bone, target) = (
            self.bone_name(bone).unwrap_or_default(),
            self.bone_name(target).unwrap_or_default(),
        );
        self.change_constraints(|records| {
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
        })
    }

    /// Adds a transform constraint: the selected bone copies the chosen target's rotation (mix 1).
    pub fn add_transform(&mut self) -> bool {
        let (Some(bone), Some(source)) = (self.selection().bone(), self.chosen_target()) else {
            self.status =
                "select a bone and pick a target in the inspector to copy its transform".into();
            return false;
        };
        let (bone, source) = (
            self.bone_name(bone).unwrap_or_default(),
            self.bone_name(source).unwrap_or_default(),
        );
        self.change_constraints(|records| {
            let name = records.unused_name(&format!("copy {bone}"));
            records.transforms.push(TransformRecord {
                name,
                bone,
                source,
                rotate_mix: 1.0,
                translate_mix: 0.0,
                scale_mix: 0.0,
            });
        })
    }

    /// Adds a rotation limit of ±45° on the selected bone (replacing one it has).
    pub fn add_limit(&mut self) -> bool {
        let Some(bone) = self.selection().bone().and_then(|b| self.bone_name(b)) else {
            self.status = "select a bone to limit its rotation".into();
            return false;
        };
        self.change_constraints(|records| {
            records.limits.retain(|l| l.bone != bone);
            records.limits.push(LimitRecord {
                bone,
                min: -45.0,
                max: 45.0,
            });
        })
    }

    /// The selected bone's spring, if it has one: index into the springs.
    pub fn spring_of(&self, bone: usize) -> Option<usize> {
        let name = self.bone_name(bone)?;
        self.constraint_records()
            .springs
            .iter()
            .position(|s| s.bone == name)
    }

    /// Gives the selected bone a spring ([`NEW_SPRING`]) or takes it away. One undo step.
    pub fn toggle_spring(&mut self) -> bool {
        let Some(bone) = self.selection().bone().and_then(|b| self.bone_name(b)) else {
            self.status = "select a bone to give it a spring".into();
            return false;
        };
        self.change_constraints(|records| {
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
        })
    }

    /// Removes one constraint (one undo step; its mix keys go with it).
    pub fn remove_constraint(&mut self, which: ConstraintRef) -> bool {
        self.change_constraints(|r| match which {
            ConstraintRef::Ik(i) => take(&mut r.ik, i),
            ConstraintRef::Limit(i) => take(&mut r.limits, i),
            ConstraintRef::Transform(i) => take(&mut r.transforms, i),
            ConstraintRef::Spring(i) => take(&mut r.springs, i),
            ConstraintRef::LookAt(i) => take(&mut r.look_at, i),
            ConstraintRef::ChildOf(i) => take(&mut r.child_of, i),
        })
    }

    /// "Set inverse" of child-of constraint `index`: from now on its bone is carried by the
    /// target's motion since the pose shown now (the playhead's, in Animate mode), so the bone
    /// does not jump at this frame when the mix is keyed up — picking a prop up. `false` clears
    /// it (carried since the target's rest). One undo step.
    pub fn set_child_of_inverse(&mut self, index: usize, set: bool) -> bool {
        let records = self.constraint_records();
        let Some(record) = records.child_of.get(index) else {
            return false;
        };
        let inverse = if set {
            let target = self.document.project.rig.skeleton.index_of(&record.target);
            let world = self
                .frame()
                .and_then(|f| target.and_then(|t| f.world.get(t).copied()));
            match world.filter(|w| w.matrix2.determinant().abs() > 1e-12) {
                Some(world) => Some(world.inverse().to_cols_array()),
                None => {
                    self.status = "the target is scaled to nothing here: no inverse".into();
                    return false;
                }
            }
        } else {
            None
        };
        self.change_constraints(|r| {
            if let Some(c) = r.child_of.get_mut(index) {
                c.inverse = inverse;
            }
        })
    }

    /// The mix of constraint `name` at the playhead of the current clip: keyed there, or `own`.
    pub fn constraint_mix_at_playhead(&self, name: &str, own: f64) -> f64 {
        self.current_clip()
            .and_then(|c| c.sample_mix(name, self.playhead()))
            .unwrap_or(own)
    }

    /// Keys constraint `name`'s mix at the playhead of the current clip (replacing a key there; a
    /// first key makes a clip).
    /// One undo step, or part of a slider drag's.
    pub fn key_constraint_mix(&mut self, name: &str, mix: f64) -> bool {
        let mut step = self.step();
        if step.clip_to_key().is_none() {
            return false;
        }
        let Some(clip) = step.current_clip() else {
            return false;
        };
        let time = step.playhead();
        let mut record = clip.to_record();
        record
            .constraints
            .retain(|k| !(k.constraint == name && k.time == time));
        record.constraints.push(MixKeyRecord {
            constraint: name.to_string(),
            time,
            mix: mix.clamp(0.0, 1.0),
            interp: Default::default(),
        });
        let clip = record.name.clone();
        let done = step.apply(Edit::ReplaceClip {
            name: clip,
            clip: record,
        });
        if done {
            step.commit();
        }
        done
    }

    /// Whether bone `bone` is what an IK constraint aims at: dragging it in Animate mode moves it
    /// (keying its translation) rather than turning it, so the chain follows.
    pub fn is_ik_target(&self, bone: usize) -> bool {
        self.document
            .project
            .rig
            .ik
            .iter()
            .any(|c| c.target == bone)
    }

    /// The rotation limit of bone `bone` as drawn in the view now (posed in Animate mode, at rest
    /// otherwise), if it has one.
    pub fn limit_arc(&self, bone: usize) -> Option<LimitArc> {
        let rig = &self.document.project.rig;
        let limit = rig.limits.iter().position(|l| l.bone == bone)?;
        let frame = self.frame()?;
        let world = frame.world.get(bone)?;
        let offset = frame.pose.bones.get(bone).map_or(0.0, |p| p.rotate);
        let length = rig.skeleton.bones.get(bone)?.length() * world.matrix2.x_axis.length();
        let record = &rig.limits[limit];
        Some(LimitArc {
            limit,
            head: world.translation,
            radius: (length * 0.6).max(24.0 / self.view().camera().zoom),
            zero_angle: world.matrix2.x_axis.to_angle() + offset,
            min: record.min_degrees,
            max: record.max_degrees,
        })
    }

    /// The IK target whose drawn bone passes within `reach` of `point` (the nearest), if any.
    pub fn ik_target_at(
        &self,
        palette: &[glam::DAffine2],
        point: DVec2,
        reach: f64,
    ) -> Option<usize> {
        let targets = self.document.project.rig.ik.iter().map(|c| c.target);
        self.nearest_bone_among(targets, palette, point, reach)
    }

    /// Runs `action` as one undo step, or inside the step already open.
    fn in_one_step(&mut self, action: impl FnOnce(&mut Self) -> bool) -> bool {
        let mut step = self.step();
        let done = action(&mut step);
        if done {
            step.commit();
        }
        done
    }
}

fn take<T>(list: &mut Vec<T>, index: usize) {
    if index < list.len() {
        list.remove(index);
    }
}
