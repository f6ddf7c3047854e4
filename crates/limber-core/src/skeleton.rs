//! Bones in the rest pose: names, hierarchy, head and tail in image pixels, per-bone settings.
//!
//! A bone's rest transform maps its local frame (x along the bone, origin at the head) to image
//! space: translation = head, rotation = direction from head to tail. A zero-length bone is a point
//! bone with rotation 0. Transforms are f64 [`glam::DAffine2`].

use std::collections::HashMap;

use glam::{DAffine2, DVec2};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::inherit::Inherit;

/// One bone as the artist made it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Bone {
    pub name: String,
    /// Index of the parent bone in [`Skeleton::bones`].
    pub parent: Option<usize>,
    /// Rest-pose head in image pixels.
    pub head: [f64; 2],
    /// Rest-pose tail in image pixels (equal to `head` for a point bone).
    pub tail: [f64; 2],
    /// Weight falloff distance in pixels for this bone; `None` uses the global smoothness.
    pub smoothness: Option<f64>,
    /// Whether the bone moves vertices (a control bone, such as an IK target, does not).
    pub deform: bool,
    /// What the bone takes of its parent's transform (format version 11).
    #[serde(default, skip_serializing_if = "Inherit::is_normal")]
    pub inherit: Inherit,
}

impl Bone {
    /// A deforming bone with the global smoothness.
    pub fn new(name: &str, parent: Option<usize>, head: [f64; 2], tail: [f64; 2]) -> Self {
        Self {
            name: name.to_string(),
            parent,
            head,
            tail,
            smoothness: None,
            deform: true,
            inherit: Inherit::Normal,
        }
    }

    pub fn head(&self) -> DVec2 {
        DVec2::from(self.head)
    }

    pub fn tail(&self) -> DVec2 {
        DVec2::from(self.tail)
    }

    pub fn length(&self) -> f64 {
        (self.tail() - self.head()).length()
    }

    /// Rest transform: local bone frame → image space.
    pub fn rest_world(&self) -> DAffine2 {
        let direction = self.tail() - self.head();
        let angle = if direction.length_squared() > 0.0 {
            direction.y.atan2(direction.x)
        } else {
            0.0
        };
        DAffine2::from_angle_translation(angle, self.head())
    }
}

/// Why a skeleton is invalid.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum SkeletonError {
    #[error("bone {index} has an empty name")]
    EmptyName { index: usize },
    #[error("two bones are named \"{name}\"")]
    DuplicateName { name: String },
    #[error("bone \"{bone}\" has unknown parent {parent}")]
    UnknownParent { bone: String, parent: String },
    #[error("bones form a parent cycle through \"{bone}\"")]
    Cycle { bone: String },
    #[error("bone \"{bone}\" has a non-finite or out-of-range {what}")]
    BadNumber { bone: String, what: &'static str },
}

/// Largest coordinate magnitude accepted for a bone, in pixels.
pub const MAX_COORDINATE: f64 = 1e7;

/// The bones of a rig, in any order that the file gave; [`Skeleton::order`] lists parents first.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Skeleton {
    pub bones: Vec<Bone>,
}

impl Skeleton {
    /// Builds and validates a skeleton.
    pub fn new(bones: Vec<Bone>) -> Result<Self, SkeletonError> {
        let skeleton = Self { bones };
        skeleton.validate()?;
        Ok(skeleton)
    }

    /// Checks names, parents, cycles and numbers.
    pub fn validate(&self) -> Result<(), SkeletonError> {
        let mut seen: HashMap<&str, usize> = HashMap::new();
        for (index, bone) in self.bones.iter().enumerate() {
            if bone.name.trim().is_empty() {
                return Err(SkeletonError::EmptyName { index });
            }
            if seen.insert(bone.name.as_str(), index).is_some() {
                return Err(SkeletonError::DuplicateName {
                    name: bone.name.clone(),
                });
            }
            let finite = |v: [f64; 2]| v.iter().all(|c| c.is_finite() && c.abs() <= MAX_COORDINATE);
            if !finite(bone.head) {
                return Err(bad(bone, "head"));
            }
            if !finite(bone.tail) {
                return Err(bad(bone, "tail"));
            }
            if let Some(s) = bone.smoothness
                && !(s.is_finite() && s > 0.0 && s <= MAX_COORDINATE)
            {
                return Err(bad(bone, "smoothness"));
            }
            if let Some(parent) = bone.parent
                && parent >= self.bones.len()
            {
                return Err(SkeletonError::UnknownParent {
                    bone: bone.name.clone(),
                    parent: format!("#{parent}"),
                });
            }
        }
        self.order().map(|_| ())
    }

    /// Bone indices with every parent before its children (stable: file order among equals).
    pub fn order(&self) -> Result<Vec<usize>, SkeletonError> {
        let n = self.bones.len();
        let mut depth: Vec<Option<usize>> = vec![None; n];
        for start in 0..n {
            // Walk up until a bone of known depth or the root, detecting cycles by step count.
            let mut chain = Vec::new();
            let mut current = Some(start);
            while let Some(i) = current {
                if depth[i].is_some() {
                    break;
                }
                if chain.len() > n {
                    return Err(SkeletonError::Cycle {
                        bone: self.bones[start].name.clone(),
                    });
                }
                chain.push(i);
                current = self.bones[i].parent;
            }
            let first = current.and_then(|i| depth[i]).map_or(0, |d| d + 1);
            for (d, &i) in (first..).zip(chain.iter().rev()) {
                depth[i] = Some(d);
            }
        }
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|&i| depth[i].unwrap_or(0));
        Ok(order)
    }

    /// Index of the bone called `name`.
    pub fn index_of(&self, name: &str) -> Option<usize> {
        self.bones.iter().position(|b| b.name == name)
    }

    /// Rest transforms of every bone (local frame → image space).
    pub fn rest_world(&self) -> Vec<DAffine2> {
        self.bones.iter().map(Bone::rest_world).collect()
    }
}

fn bad(bone: &Bone, what: &'static str) -> SkeletonError {
    SkeletonError::BadNumber {
        bone: bone.name.clone(),
        what,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bone(name: &str, parent: Option<usize>, head: [f64; 2], tail: [f64; 2]) -> Bone {
        Bone::new(name, parent, head, tail)
    }

    #[test]
    fn rest_transform_points_along_the_bone() {
        let b = bone("a", None, [10.0, 20.0], [10.0, 30.0]);
        let m = b.rest_world();
        let tip = m.transform_point2(DVec2::new(10.0, 0.0));
        assert!((tip - DVec2::new(10.0, 30.0)).length() < 1e-12);
        let point = bone("p", None, [5.0, 5.0], [5.0, 5.0]);
        assert_eq!(point.length(), 0.0);
        assert_eq!(
            point.rest_world(),
            DAffine2::from_translation(DVec2::new(5.0, 5.0))
        );
    }

    #[test]
    fn rejects_cycles_duplicates_unknown_parents_and_bad_numbers() {
        let ok = Skeleton::new(vec![
            bone("child", Some(1), [0.0, 0.0], [1.0, 0.0]),
            bone("root", None, [0.0, 0.0], [0.0, 1.0]),
        ])
        .unwrap();
        assert_eq!(ok.order().unwrap(), vec![1, 0]);
        let cycle = Skeleton::new(vec![
            bone("a", Some(1), [0.0; 2], [1.0, 0.0]),
            bone("b", Some(0), [0.0; 2], [1.0, 0.0]),
        ]);
        assert!(matches!(cycle, Err(SkeletonError::Cycle { .. })));
        let selfish = Skeleton::new(vec![bone("a", Some(0), [0.0; 2], [1.0, 0.0])]);
        assert!(matches!(selfish, Err(SkeletonError::Cycle { .. })));
        let dup = Skeleton::new(vec![bone("a", None, [0.0; 2], [1.0, 0.0]); 2]);
        assert!(matches!(dup, Err(SkeletonError::DuplicateName { .. })));
        let unknown = Skeleton::new(vec![bone("a", Some(7), [0.0; 2], [1.0, 0.0])]);
        assert!(matches!(unknown, Err(SkeletonError::UnknownParent { .. })));
        let nan = Skeleton::new(vec![bone("a", None, [f64::NAN, 0.0], [1.0, 0.0])]);
        assert!(matches!(nan, Err(SkeletonError::BadNumber { .. })));
    }
}
