//! A pose: per-bone offsets from the rest pose, turned into world transforms and the skinning palette.
//!
//! Offsets follow the animation conventions: `rotate` in radians, positive = counter-clockwise as seen
//! on screen (image y points down), about the bone's head; `translate` in pixels along the parent
//! bone's axes (the image's axes for a root bone); `scale` as factors along the bone's own axes.

use glam::{DAffine2, DMat2, DVec2};

use super::skeleton::{Skeleton, SkeletonError};

/// One bone's offset from its rest pose.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BonePose {
    pub rotate: f64,
    pub translate: [f64; 2],
    pub scale: [f64; 2],
}

impl Default for BonePose {
    fn default() -> Self {
        Self {
            rotate: 0.0,
            translate: [0.0, 0.0],
            scale: [1.0, 1.0],
        }
    }
}

impl BonePose {
    /// The offset as a transform in the bone's local frame (applied after the rest transform).
    pub(crate) fn local_offset(&self) -> DAffine2 {
        // Counter-clockwise on screen is clockwise in the y-down image frame, hence the minus.
        let rotation = DMat2::from_angle(-self.rotate);
        let scale = DMat2::from_diagonal(DVec2::from(self.scale));
        DAffine2::from_mat2(rotation * scale)
    }
}

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
}

impl PoseSolver {
    pub fn new(skeleton: &Skeleton) -> Result<Self, SkeletonError> {
        let rest = skeleton.rest_world();
        let local_rest = skeleton
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
            local_rest,
            inverse_rest: rest.iter().map(DAffine2::inverse).collect(),
        })
    }

    /// World transforms (bone frame → image space) of every bone in `pose`.
    pub fn world(&self, pose: &Pose) -> Vec<DAffine2> {
        let mut world = vec![DAffine2::IDENTITY; self.order.len()];
        for &i in &self.order {
            let offset = pose.bones.get(i).copied().unwrap_or_default();
            let parent_world = self.parents[i].map_or(DAffine2::IDENTITY, |p| world[p]);
            let translate = DAffine2::from_translation(DVec2::from(offset.translate));
            world[i] = parent_world * translate * self.local_rest[i] * offset.local_offset();
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
            let solve = |offset: BonePose| {
                let translate = DAffine2::from_translation(DVec2::from(offset.translate));
                parent_world * translate * self.local_rest[i] * offset.local_offset()
            };
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
