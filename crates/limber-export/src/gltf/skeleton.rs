//! Bones as glTF nodes: an armature root, one node per bone in the hierarchy with its rest transform,
//! and the skin (joint 0 the root, bone b joint b + 1) with inverse bind matrices.
//!
//! A bone's local transform in limber is parent × translate(offset) × local rest × rotate(−offset)
//! × scale(offset), its local rest being rigid; that is exactly glTF's translation × rotation ×
//! scale with translation = local rest translation + offset translation, rotation = local rest
//! angle − offset rotation (image frame) and scale = offset scale. [`BoneLocals::local`] maps it
//! into glTF space, so a node's global transform is the image-space world transform conjugated by
//! the [`Space`] mapping, and joint matrices reproduce limber's skinning palette. A bone with shear
//! or an inheritance mode other than normal is two nodes, an outer one above its joint
//! ([`super::sheared`]).

use glam::{DAffine2, DVec2};
use gltf_json::scene::UnitQuaternion;
use gltf_json::{Index, Node, Root, Skin};

use super::buffer::BufferBuilder;
use super::space::{Space, angle_of, quaternion_z};
use limber_core::pose::BonePose;
use limber_core::skeleton::Skeleton;

/// A bone's local transform in glTF space; the rotation is an angle about +z (radians).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Local {
    pub translation: [f32; 3],
    pub angle: f64,
    pub scale: [f32; 3],
}

/// Each bone's rest transform relative to its parent (translation, image-frame angle).
#[derive(Debug, Clone)]
pub struct BoneLocals {
    rest: Vec<(DVec2, f64)>,
    space: Space,
}

impl BoneLocals {
    pub fn new(skeleton: &Skeleton, space: Space) -> Self {
        let world = skeleton.rest_world();
        let rest = skeleton
            .bones
            .iter()
            .enumerate()
            .map(|(i, bone)| {
                let local: DAffine2 = match bone.parent {
                    Some(p) => world[p].inverse() * world[i],
                    None => world[i],
                };
                (local.translation, angle_of(&local))
            })
            .collect();
        Self { rest, space }
    }

    /// The mapping into glTF space.
    pub fn space(&self) -> Space {
        self.space
    }

    /// Bone `bone`'s local transform in glTF space under `offset`.
    pub fn local(&self, bone: usize, offset: &BonePose) -> Local {
        let (translation, angle) = self.rest[bone];
        let t = translation + DVec2::from(offset.translate);
        Local {
            translation: self.space.vector(t.to_array()),
            // Image-frame angle (rest − offset); the y flip negates it.
            angle: offset.rotate - angle,
            scale: [offset.scale[0] as f32, offset.scale[1] as f32, 1.0],
        }
    }
}

/// The node indices of the armature.
#[derive(Debug, Clone)]
pub struct Armature {
    pub root: Index<Node>,
    /// Per bone index: its joint.
    pub bones: Vec<Index<Node>>,
    /// Per bone index: the node above its joint when it is two nodes ([`super::sheared`]).
    pub outer: Vec<Option<Index<Node>>>,
    pub skin: Index<Skin>,
}

/// Adds the armature root, the bone nodes (at rest; the outer nodes of `sheared` bones after the
/// joints) and the skin.
pub fn add_armature(
    root: &mut Root,
    buffer: &mut BufferBuilder,
    skeleton: &Skeleton,
    locals: &BoneLocals,
    sheared: &[bool],
    space: Space,
) -> Armature {
    let first = root.nodes.len() as u32 + 1;
    let count = skeleton.bones.len() as u32;
    let bones: Vec<Index<Node>> = (0..count).map(|b| Index::new(first + b)).collect();
    let mut next_outer = first + count;
    let outer: Vec<Option<Index<Node>>> = (0..skeleton.bones.len())
        .map(|b| {
            sheared.get(b).copied().unwrap_or(false).then(|| {
                next_outer += 1;
                Index::new(next_outer - 1)
            })
        })
        .collect();
    let children_of = |parent: Option<usize>| -> Option<Vec<Index<Node>>> {
        let children: Vec<Index<Node>> = skeleton
            .bones
            .iter()
            .enumerate()
            .filter(|(_, bone)| bone.parent == parent)
            .map(|(i, _)| outer[i].unwrap_or(bones[i]))
            .collect();
        (!children.is_empty()).then_some(children)
    };
    let armature = root.push(Node {
        name: Some("armature".into()),
        children: children_of(None),
        ..empty_node()
    });
    // At rest a bone's transform relative to its parent is rigid: an outer node holds it, its
    // joint under it starts unturned.
    let rest_node = |i: usize| {
        let local = locals.local(i, &BonePose::default());
        let q = quaternion_z(local.angle);
        (
            Some(local.translation),
            Some(UnitQuaternion(q.map(|c| c as f32))),
        )
    };
    for (i, bone) in skeleton.bones.iter().enumerate() {
        let (translation, rotation) = match outer[i] {
            Some(_) => (None, None),
            None => rest_node(i),
        };
        root.push(Node {
            name: Some(bone.name.clone()),
            children: children_of(Some(i)),
            translation,
            rotation,
            scale: None,
            ..empty_node()
        });
    }
    for (i, bone) in skeleton.bones.iter().enumerate() {
        if outer[i].is_some() {
            let (translation, rotation) = rest_node(i);
            root.push(Node {
                name: Some(format!("{} (shear)", bone.name)),
                children: Some(vec![bones[i]]),
                translation,
                rotation,
                ..empty_node()
            });
        }
    }
    let mut inverse_bind: Vec<f32> = space.matrix(&DAffine2::IDENTITY).to_vec();
    for rest in skeleton.rest_world() {
        inverse_bind.extend(space.matrix(&rest.inverse()));
    }
    let matrices = buffer.floats(root, &inverse_bind, gltf_json::accessor::Type::Mat4, None);
    let skin = root.push(Skin {
        name: Some("skeleton".into()),
        inverse_bind_matrices: Some(matrices),
        joints: std::iter::once(armature)
            .chain(bones.iter().copied())
            .collect(),
        skeleton: Some(armature),
        extensions: None,
        extras: Default::default(),
    });
    Armature {
        root: armature,
        bones,
        outer,
        skin,
    }
}

/// A node with nothing set.
pub fn empty_node() -> Node {
    Node {
        camera: None,
        children: None,
        extensions: None,
        extras: Default::default(),
        matrix: None,
        mesh: None,
        name: None,
        rotation: None,
        scale: None,
        translation: None,
        skin: None,
        weights: None,
    }
}
