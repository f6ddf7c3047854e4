//! Bones and slots: the Spine skeleton's setup pose from limber's rest pose (slots with their setup
//! attachment, colour and blend mode), and the coordinate mapping.
//!
//! Mapping: limber's image pixels (x right, y down) become Spine units (x right, y up) by negating y,
//! one pixel per unit; so a point (x, y) is (x, −y) in Spine, with the image's top-left corner at
//! the skeleton's origin. Conjugating by that flip turns an image-frame rotation by θ into a Spine
//! rotation by −θ and keeps scale factors. A limber bone's local transform is translate(rest
//! translation + offset) · rotate(rest angle − offset rotation) · scale(offset) in its parent's image
//! frame, which is Spine's x, y, rotation, scaleX, scaleY once flipped (a keyed shear is Spine's
//! shearX, shearY as it is; the bone's inheritance mode is Spine's `inherit`, [`limber_core::inherit`]):
//! setup x, y = the flipped rest translation, rotation = −rest angle (degrees); a clip's offsets add
//! rotation +θ (limber's positive = counter-clockwise on screen = Spine's positive), translation
//! (x, −y) and scale factors.
//!
//! Every limber root bone hangs from one added Spine root bone at the origin (the skeleton needs
//! one for slots and for vertices no bone moves).

use glam::{DAffine2, DVec2};
use serde_json::{Value, json};

use limber_core::project::Project;
use limber_core::skeleton::{Skeleton, SkeletonError};
use limber_core::slots::{Blend, WHITE, slot_list};

/// A point or vector in image pixels as Spine coordinates.
pub fn flip(p: DVec2) -> [f64; 2] {
    [p.x, -p.y]
}

/// The Spine skeleton's bones: index 0 the added root, then limber's bones parents first.
#[derive(Debug, Clone)]
pub struct Bones {
    /// The name of the added root bone (not a limber bone's name).
    pub root: String,
    /// Spine bone index of each limber bone.
    pub spine_index: Vec<usize>,
    /// limber bone indices in Spine order (after the root).
    pub order: Vec<usize>,
    /// Each limber bone's rest world transform (image space).
    pub rest_world: Vec<DAffine2>,
}

impl Bones {
    pub fn new(skeleton: &Skeleton) -> Result<Self, SkeletonError> {
        let order = skeleton.order()?;
        let mut spine_index = vec![0; skeleton.bones.len()];
        for (position, &bone) in order.iter().enumerate() {
            spine_index[bone] = position + 1;
        }
        let mut root = String::from("root");
        while skeleton.index_of(&root).is_some() {
            root.push('_');
        }
        Ok(Self {
            root,
            spine_index,
            order,
            rest_world: skeleton.rest_world(),
        })
    }

    /// The `bones` array.
    pub fn json(&self, skeleton: &Skeleton) -> Value {
        let mut bones = vec![json!({ "name": self.root })];
        for &i in &self.order {
            let bone = &skeleton.bones[i];
            let local = match bone.parent {
                Some(p) => self.rest_world[p].inverse() * self.rest_world[i],
                None => self.rest_world[i],
            };
            let angle_of = |m: &DAffine2| m.matrix2.x_axis.y.atan2(m.matrix2.x_axis.x);
            // A bone that does not take its parent's rotation is set up at its angle in the image.
            let angle = match bone.parent {
                Some(_) => bone
                    .inherit
                    .rest_angle(angle_of(&local), angle_of(&self.rest_world[i])),
                None => angle_of(&local),
            };
            let [x, y] = flip(local.translation);
            let parent = bone
                .parent
                .map_or(self.root.clone(), |p| skeleton.bones[p].name.clone());
            let mut written = json!({
                "name": bone.name,
                "parent": parent,
                "length": bone.length(),
                "x": x,
                "y": y,
                "rotation": -angle.to_degrees(),
            });
            if !bone.inherit.is_normal() {
                written["inherit"] = json!(bone.inherit.name());
            }
            bones.push(written);
        }
        Value::Array(bones)
    }
}

/// Slots back to front (indices into [`slot_list`]): by setup draw order, ties in slot-list order
/// (parts' own slots in project order, then written slots), as limber draws them.
pub fn slot_order(project: &Project) -> Vec<usize> {
    let slots = slot_list(&project.parts, &project.rig.slots);
    let mut order: Vec<usize> = (0..slots.len()).collect();
    order.sort_by_key(|&i| slots[i].draw_order());
    order
}

/// A colour (straight RGBA, 0–1) as Spine's `RRGGBBAA`.
pub fn color_hex(color: [f64; 4]) -> String {
    color
        .iter()
        .map(|c| format!("{:02x}", (c.clamp(0.0, 1.0) * 255.0).round() as u8))
        .collect()
}

/// The `slots` array in setup draw order: each slot on its bone (`slot_bones`, by slot-list index),
/// showing its setup attachment (or placeholder), with its colour and blend mode when they are not
/// white and normal.
pub fn slots_json(project: &Project, order: &[usize], slot_bones: &[String]) -> Value {
    let slots = slot_list(&project.parts, &project.rig.slots);
    Value::Array(
        order
            .iter()
            .map(|&i| {
                let view = &slots[i];
                let mut slot = json!({ "name": view.name, "bone": slot_bones[i] });
                if let Some(setup) = view.setup() {
                    slot["attachment"] = json!(setup);
                }
                if view.color() != WHITE {
                    slot["color"] = json!(color_hex(view.color()));
                }
                if view.blend() != Blend::Normal {
                    slot["blend"] = json!(view.blend().name());
                }
                slot
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use limber_core::skeleton::Bone;

    #[test]
    fn bones_come_parents_first_under_an_added_root() {
        let skeleton = Skeleton::new(vec![
            Bone::new("hand", Some(1), [20.0, 0.0], [30.0, 0.0]),
            Bone::new("root", None, [0.0, 0.0], [0.0, -20.0]),
        ])
        .unwrap();
        let bones = Bones::new(&skeleton).unwrap();
        assert_eq!(bones.root, "root_");
        assert_eq!(bones.spine_index, vec![2, 1]);
        let json = bones.json(&skeleton);
        // The root bone points up the screen: +90° in Spine's y-up frame.
        assert!((json[1]["rotation"].as_f64().unwrap() - 90.0).abs() < 1e-9);
        // The hand's head is 20 px right of its parent's head; the parent points up the screen, so
        // in the parent's Spine frame that is 20 px to its right: x = 0, y = −20.
        assert!((json[2]["x"].as_f64().unwrap()).abs() < 1e-9);
        assert!(
            (json[2]["y"].as_f64().unwrap() + 20.0).abs() < 1e-9,
            "{json}"
        );
        assert_eq!(json[2]["parent"], "root");
    }
}

#[cfg(test)]
mod colour_tests {
    use super::*;

    #[test]
    fn colours_are_written_as_rrggbbaa() {
        assert_eq!(color_hex([1.0, 0.0, 0.5, 1.0]), "ff0080ff");
        assert_eq!(color_hex([0.0, 2.0, -1.0, 0.2]), "00ff0033");
    }
}
