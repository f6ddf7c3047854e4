//! A pose: per-bone offsets from the rest pose, turned into world transforms and the skinning palette.
//!
//! Offsets follow the animation conventions: `rotate` in radians, positive = counter-clockwise as seen
//! on screen (image y points down), about the bone's head; `translate` in pixels along the parent
//! bone's axes (the image's axes for a root bone); `scale` as factors along the bone's own axes;
//! `shear` in radians, each axis turned on its own, counter-clockwise on screen (Spine's shear x and
//! y). What a bone takes of its parent's transform is its [`Inherit`] mode ([`crate::inherit`]).

use glam::{DAffine2, DVec2};

pub use super::bone_pose::BonePose;
use super::inherit::{self, Inherit};
use super::skeleton::{Skeleton, SkeletonError};

/// Offsets for every bone of a skeleton, by bone index.
#[derive(Debug, Clone, PartialEq)]
pub struct Pose {
    pub bones: Vec<BonePose>,
}

impl Pose {
    /// The rest pose of `skeleton` (every offset zero).
    pub fn rest(skeleton: &Skeleton) -> Self {
        Self {
            bones: vec![BonePose::default(); skeleton.bones.len()],
        }
    }
}

/// What posing needs from a skeleton, computed once: the evaluation order (parents first), each
/// bone's rest transform relative to its parent, and the inverse rest transforms for the palette.
#[derive(Debug, Clone, PartialEq)]
pub struct PoseSolver {
    order: Vec<usize>,
    parents: Vec<Option<usize>>,
    local_rest: Vec<DAffine2>,
    inverse_rest: Vec<DAffine2>,
    /// Each bone's inheritance and its rest angle relative to its parent (image frame, radians),
    /// for the bones whose mode is not normal.
    inherit: Vec<(Inherit, f64)>,
}

impl PoseSolver {
    pub fn new(skeleton: &Skeleton) -> Result<Self, SkeletonError> {
        let rest = skeleton.rest_world();
        let local_rest: Vec<DAffine2> = skeleton
            .bones
            .iter()
            .enumerate()
            .map(|(i, bone)| match bone.parent {
                Some(p) => rest[p].inverse() * rest[i],
                None => rest[i],
            })
            .collect();
        Ok(Self {
            order: skeleton.order()?,
            parents: skeleton.bones.iter().map(|b| b.parent).collect(),
            inherit: skeleton
                .bones
                .iter()
                .zip(local_rest.iter().zip(&rest))
                .map(|(bone, (local, world))| {
                    let angle = |m: &DAffine2| m.matrix2.x_axis.y.atan2(m.matrix2.x_axis.x);
                    // A root bone's parent is the image: every mode is normal there.
                    let mode = if bone.parent.is_some() {
                        bone.inherit
                    } else {
                        Inherit::Normal
                    };
                    (mode, mode.rest_angle(angle(local), angle(world)))
                })
                .collect(),
            local_rest,
            inverse_rest: rest.iter().map(DAffine2::inverse).collect(),
        })
    }

    /// Bone `i`'s world transform under `offset`, from its parent's world transform. A mode the
    /// offset keys replaces the rig's (a root bone's is always normal); the rest angle stays the
    /// rig mode's, as Spine keeps a bone's setup rotation whatever its `inherit` timeline says.
    fn solve(&self, i: usize, parent_world: &DAffine2, offset: &BonePose) -> DAffine2 {
        let translate = DAffine2::from_translation(DVec2::from(offset.translate));
        let (rig_mode, rest_angle) = self.inherit[i];
        let keyed = offset.inherit.filter(|_| self.parents[i].is_some());
        match (keyed.unwrap_or(rig_mode), rig_mode) {
            (Inherit::Normal, Inherit::Normal) => {
                *parent_world * translate * self.local_rest[i] * offset.local_offset()
            }
            (mode, _) => {
                let head = DVec2::from(offset.translate) + self.local_rest[i].translation;
                DAffine2::from_mat2_translation(
                    inherit::world_linear(mode, parent_world.matrix2, rest_angle, offset),
                    parent_world.transform_point2(head),
                )
            }
        }
    }

    /// World transforms (bone frame → image space) of every bone in `pose`.
    pub fn world(&self, pose: &Pose) -> Vec<DAffine2> {
        let mut world = vec![DAffine2::IDENTITY; self.order.len()];
        for &i in &self.order {
            let offset = pose.bones.get(i).copied().unwrap_or_default();
            let parent_world = self.parents[i].map_or(DAffine2::IDENTITY, |p| world[p]);
            world[i] = self.solve(i, &parent_world, &offset);
        }
        world
    }

    /// World transforms of `pose`, solved parents first, where `adjust` may change each bone's pose
    /// once the bone's world transform (from its parent's final one) is known; the bone's world
    /// transform is then solved again. One pass over the bones, whatever `adjust` changes.
    pub fn world_adjusting(
        &self,
        pose: &mut Pose,
        mut adjust: impl FnMut(usize, &DAffine2, &mut BonePose) -> bool,
    ) -> Vec<DAffine2> {
        let mut world = vec![DAffine2::IDENTITY; self.order.len()];
        for &i in &self.order {
            let parent_world = self.parents[i].map_or(DAffine2::IDENTITY, |p| world[p]);
            let solve = |offset: BonePose| self.solve(i, &parent_world, &offset);
            let Some(offset) = pose.bones.get_mut(i) else {
                world[i] = solve(BonePose::default());
                continue;
            };
            world[i] = solve(*offset);
            if adjust(i, &world[i], offset) {
                world[i] = solve(*offset);
            }
        }
        world
    }

    /// Bone `bone`'s rest transform relative to its parent (the image for a root bone): the
    /// translation to its head and the rotation to its direction.
    pub fn local_rest(&self, bone: usize) -> Option<DAffine2> {
        self.local_rest.get(bone).copied()
    }

    /// The skinning palette: world × inverse rest, per bone. The identity everywhere in the rest pose.
    /// One bone's skinning matrix (rest image space → posed image space): `world · rest⁻¹`.
    pub fn palette_of(&self, world: &[DAffine2], bone: usize) -> Option<DAffine2> {
        Some(*world.get(bone)? * *self.inverse_rest.get(bone)?)
    }

    pub fn palette(&self, world: &[DAffine2]) -> Vec<DAffine2> {
        world
            .iter()
            .zip(&self.inverse_rest)
            .map(|(world, inverse)| *world * *inverse)
            .collect()
    }
}

/// World transforms (bone frame → image space) of every bone in `pose` (see [`PoseSolver`] to pose
/// one skeleton many times).
pub fn world_transforms(skeleton: &Skeleton, pose: &Pose) -> Result<Vec<DAffine2>, SkeletonError> {
    Ok(PoseSolver::new(skeleton)?.world(pose))
}

/// The skinning palette: world × inverse rest, per bone. The identity everywhere in the rest pose.
pub fn palette(skeleton: &Skeleton, world: &[DAffine2]) -> Vec<DAffine2> {
    skeleton
        .rest_world()
        .iter()
        .zip(world)
        .map(|(rest, world)| *world * rest.inverse())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::skeleton::Bone;

    fn chain() -> Skeleton {
        let bone = Bone::new;
        Skeleton::new(vec![
            bone("upper", None, [0.0, 0.0], [10.0, 0.0]),
            bone("lower", Some(0), [10.0, 0.0], [20.0, 0.0]),
        ])
        .unwrap()
    }

    #[test]
    fn rest_pose_palette_is_identity() {
        let skeleton = chain();
        let world = world_transforms(&skeleton, &Pose::rest(&skeleton)).unwrap();
        for m in palette(&skeleton, &world) {
            assert!(m.abs_diff_eq(DAffine2::IDENTITY, 1e-12));
        }
    }

    #[test]
    fn every_inheritance_mode_rests_where_the_bone_was_drawn() {
        use crate::inherit::Inherit;
        for mode in Inherit::ALL {
            let mut skeleton = Skeleton::new(vec![
                Bone::new("upper", None, [0.0, 0.0], [10.0, 5.0]),
                Bone::new("lower", Some(0), [10.0, 5.0], [12.0, 20.0]),
            ])
            .unwrap();
            skeleton.bones[1].inherit = mode;
            let world = world_transforms(&skeleton, &Pose::rest(&skeleton)).unwrap();
            for m in palette(&skeleton, &world) {
                assert!(m.abs_diff_eq(DAffine2::IDENTITY, 1e-12), "{mode:?}: {m}");
            }
        }
    }

    #[test]
    fn shear_turns_one_axis_alone_counter_clockwise_on_screen() {
        let skeleton = chain();
        let mut pose = Pose::rest(&skeleton);
        pose.bones[0].shear = [std::f64::consts::FRAC_PI_2, 0.0];
        let world = world_transforms(&skeleton, &pose).unwrap();
        // The bone's own axis turns up the screen (−y); the axis across it stays (+y, down).
        assert!(
            world[0]
                .matrix2
                .x_axis
                .abs_diff_eq(DVec2::new(0.0, -1.0), 1e-12)
        );
        assert!(world[0].matrix2.y_axis.abs_diff_eq(DVec2::Y, 1e-12));
        pose.bones[0].shear = [0.0, std::f64::consts::FRAC_PI_2];
        let world = world_transforms(&skeleton, &pose).unwrap();
        assert!(world[0].matrix2.x_axis.abs_diff_eq(DVec2::X, 1e-12));
        // The axis across (down the screen) turned counter-clockwise on screen points right.
        assert!(world[0].matrix2.y_axis.abs_diff_eq(DVec2::X, 1e-12));
    }

    #[test]
    fn positive_rotation_is_counter_clockwise_on_screen_and_children_follow() {
        let skeleton = chain();
        let mut pose = Pose::rest(&skeleton);
        pose.bones[0].rotate = std::f64::consts::FRAC_PI_2;
        let world = world_transforms(&skeleton, &pose).unwrap();
        let m = palette(&skeleton, &world);
        // Counter-clockwise on screen with y down: +x turns to −y (up).
        let tip = m[1].transform_point2(DVec2::new(20.0, 0.0));
        assert!((tip - DVec2::new(0.0, -20.0)).length() < 1e-12, "{tip}");
        let mut moved = Pose::rest(&skeleton);
        moved.bones[0].translate = [3.0, 4.0];
        let world = world_transforms(&skeleton, &moved).unwrap();
        let p = palette(&skeleton, &world)[1].transform_point2(DVec2::new(15.0, 0.0));
        assert!((p - DVec2::new(18.0, 4.0)).length() < 1e-12);
    }
}
