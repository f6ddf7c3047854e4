//! Which bones may take less than all of their parent's transform. limber's constraints, springs
//! and physics write a moved bone's offsets back through its parent's whole transform, so a bone
//! one of them moves must inherit everything: in the rig ([`crate::skeleton::Bone::inherit`]) and
//! in every clip that keys its inheritance ([`crate::animation::KeyRecord::inherit`]).

use std::collections::HashMap;

use crate::animation::ConstraintError;
use crate::inherit_mode::Inherit;
use crate::rig::RigFile;
use crate::skeleton::Skeleton;

impl RigFile {
    /// Every bone a constraint, spring or physics constraint moves, by name, with the mover in
    /// words ("IK \"reach\"").
    fn moved_bones(&self) -> Vec<(String, &str)> {
        let named = |kind: &str, name: &str| format!("{kind} \"{name}\"");
        self.ik
            .iter()
            .flat_map(|c| c.bones.iter().map(|b| (named("IK", &c.name), b.as_str())))
            .chain(
                self.limits
                    .iter()
                    .map(|l| ("a rotation limit".into(), l.bone.as_str())),
            )
            .chain(
                self.springs
                    .iter()
                    .map(|s| ("a spring".into(), s.bone.as_str())),
            )
            .chain(
                self.transforms
                    .iter()
                    .map(|t| (named("transform constraint", &t.name), t.bone.as_str())),
            )
            .chain(
                self.look_at
                    .iter()
                    .map(|f| (named("look-at", &f.name), f.bone.as_str())),
            )
            .chain(
                self.child_of
                    .iter()
                    .map(|f| (named("child-of", &f.name), f.bone.as_str())),
            )
            .chain(
                self.physics
                    .iter()
                    .map(|p| (named("physics", &p.name), p.bone.as_str())),
            )
            .chain(self.paths.iter().flat_map(|p| {
                p.bones
                    .iter()
                    .map(move |b| (named("path", &p.name), b.as_str()))
            }))
            .collect()
    }

    /// The first clip keying each bone to take less than everything, with that mode, read in one
    /// pass over the keys (the rig is validated on every edit).
    fn keyed_partly(&self) -> HashMap<&str, (&str, Inherit)> {
        let mut keyed = HashMap::new();
        for clip in &self.clips {
            for key in &clip.keys {
                if let Some(mode) = key.inherit.filter(|m| !m.is_normal()) {
                    keyed
                        .entry(key.bone.as_str())
                        .or_insert((clip.name.as_str(), mode));
                }
            }
        }
        keyed
    }

    /// Refuses a constraint, spring or physics constraint that moves a bone with a parent whose
    /// inheritance is not normal, in the rig or keyed by a clip.
    pub(crate) fn check_moved_bones_inherit(
        &self,
        skeleton: &Skeleton,
    ) -> Result<(), ConstraintError> {
        let keyed = self.keyed_partly();
        for (owner, bone) in self.moved_bones() {
            let Some(index) = skeleton.index_of(bone) else {
                continue;
            };
            if skeleton.bones[index].parent.is_none() {
                continue;
            }
            let inherit = skeleton.bones[index].inherit;
            if !inherit.is_normal() {
                return Err(ConstraintError::PartlyInherited {
                    owner,
                    bone: bone.to_string(),
                    what: inherit.label(),
                });
            }
            if let Some(&(clip, mode)) = keyed.get(bone) {
                return Err(ConstraintError::KeyedPartlyInherited {
                    clip: clip.to_string(),
                    owner,
                    bone: bone.to_string(),
                    what: mode.label(),
                });
            }
        }
        Ok(())
    }
}
