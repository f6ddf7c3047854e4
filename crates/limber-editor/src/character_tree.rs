//! The character as one tree, as artists know it from Spine: the bones in hierarchy order, under
//! each bone the slots it carries, under each slot its attachments (mesh, bounding box, point,
//! clipping). limber's slots are not tied to one bone (a mesh is weighted to many), so a slot sits
//! in the tree under the bone that carries most of it: a point's bone, a polygon's one bone, else
//! the bone with the largest sum of weights over the vertices of its setup attachment (or of its
//! first attachment with weights) — not of what shows now, so swaps do not move it in the tree. Slots no bone carries (a rig without bones, an empty slot) come first,
//! under no bone. Read-only: the panels act through the slot and bone commands.

use limber_core::project::Project;
use limber_core::slots::{AttachmentKind, AttachmentRecord, MeshSource, PolygonBinding, SlotView};

use super::slot_actions::{SlotRow, Slots};

/// One attachment of a slot in the tree.
#[derive(Debug, Clone, PartialEq)]
pub struct TreeAttachment {
    pub name: String,
    pub kind: AttachmentKind,
    /// Whether the slot shows it now.
    pub shown: bool,
}

/// One slot in the tree, with its attachments in the slot's order.
#[derive(Debug, Clone, PartialEq)]
pub struct TreeSlot {
    pub name: String,
    /// A part's own slot (not written out yet: its one attachment is the part).
    pub own: bool,
    pub shown: Option<String>,
    pub attachments: Vec<TreeAttachment>,
}

/// One bone of the tree: its depth in the hierarchy and the slots it carries, front-most first.
#[derive(Debug, Clone, PartialEq)]
pub struct TreeBone {
    pub bone: usize,
    pub name: String,
    pub depth: usize,
    pub slots: Vec<TreeSlot>,
}

/// The whole tree.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct CharacterTree {
    /// Slots that no bone carries, front-most first.
    pub unboned: Vec<TreeSlot>,
    /// Every bone, parents before their children.
    pub bones: Vec<TreeBone>,
}

impl CharacterTree {
    /// The bone slot `name` sits under in the tree (`None`: under no bone, or no such slot).
    pub fn bone_of(&self, slot: &str) -> Option<usize> {
        self.bones
            .iter()
            .find(|b| b.slots.iter().any(|s| s.name == slot))
            .map(|b| b.bone)
    }
}

impl Slots<'_> {
    /// The character's tree as it is now (what shows at the playhead when animating).
    pub fn tree(&self) -> CharacterTree {
        let project = self.project;
        let views = project.slots();
        let mut tree = CharacterTree {
            unboned: Vec::new(),
            bones: hierarchy_order(project)
                .into_iter()
                .map(|(bone, depth)| TreeBone {
                    bone,
                    name: project.rig.skeleton.bones[bone].name.clone(),
                    depth,
                    slots: Vec::new(),
                })
                .collect(),
        };
        // Where each bone is in the tree's list.
        let mut place_of = vec![None; project.rig.skeleton.bones.len()];
        for (i, place) in tree.bones.iter().enumerate() {
            place_of[place.bone] = Some(i);
        }
        // By name at once: a project of thousands of slots is not searched once per slot.
        let by_name: std::collections::HashMap<&str, &SlotView<'_>> =
            views.iter().map(|v| (v.name, v)).collect();
        for row in self.rows() {
            let view = by_name.get(row.name.as_str()).copied();
            let bone = view.and_then(|v| carrying_bone(project, v));
            let slot = tree_slot(view, &row);
            match bone.and_then(|b| place_of.get(b).copied().flatten()) {
                Some(place) => tree.bones[place].slots.push(slot),
                None => tree.unboned.push(slot),
            }
        }
        tree
    }
}

/// Bones parents first, each followed by its children (depth-first), with their depths.
fn hierarchy_order(project: &Project) -> Vec<(usize, usize)> {
    let bones = &project.rig.skeleton.bones;
    let mut order = Vec::with_capacity(bones.len());
    let mut stack: Vec<(usize, usize)> = bones
        .iter()
        .enumerate()
        .filter(|(_, b)| b.parent.is_none())
        .map(|(i, _)| (i, 0))
        .rev()
        .collect();
    while let Some((bone, depth)) = stack.pop() {
        order.push((bone, depth));
        let children = bones
            .iter()
            .enumerate()
            .filter(|(_, b)| b.parent == Some(bone))
            .map(|(i, _)| (i, depth + 1));
        let at = stack.len();
        stack.extend(children);
        stack[at..].reverse();
    }
    order
}

fn tree_slot(view: Option<&SlotView<'_>>, row: &SlotRow) -> TreeSlot {
    let kind_of = |name: &str| {
        view.and_then(|v| v.record)
            .and_then(|r| r.attachments.iter().find(|a| a.name() == name))
            .map_or(AttachmentKind::Mesh, AttachmentRecord::kind)
    };
    TreeSlot {
        name: row.name.clone(),
        own: row.own,
        shown: row.shown.clone(),
        attachments: row
            .attachments
            .iter()
            .map(|name| TreeAttachment {
                name: name.clone(),
                kind: kind_of(name),
                shown: row.shown.as_deref() == Some(name.as_str()),
            })
            .collect(),
    }
}

/// The bone that carries most of the slot: judged on its setup attachment, else on its
/// attachments in order, the first that names a bone or has weights. Not on what shows now, so a
/// slot stays where it is in the tree while a swap key or the playhead changes what it shows.
fn carrying_bone(project: &Project, view: &SlotView<'_>) -> Option<usize> {
    if let Some(part) = view.part {
        return heaviest(project, part.binding.vertices.iter());
    }
    let record = view.record?;
    let setup = view
        .setup()
        .and_then(|name| record.attachments.iter().find(|a| a.name() == name));
    setup
        .into_iter()
        .chain(&record.attachments)
        .find_map(|attachment| attachment_bone(project, attachment))
}

fn attachment_bone(project: &Project, attachment: &AttachmentRecord) -> Option<usize> {
    let skeleton = &project.rig.skeleton;
    if let Some(bone) = attachment.bone() {
        return skeleton.index_of(bone);
    }
    match attachment {
        AttachmentRecord::Mesh {
            source: MeshSource::Part(part),
            ..
        } => {
            let part = project.parts.iter().find(|p| p.name == *part)?;
            heaviest(project, part.binding.vertices.iter())
        }
        _ => match attachment.polygon().map(|p| &p.binding) {
            Some(PolygonBinding::Influences(influences)) => heaviest(project, influences.iter()),
            _ => None,
        },
    }
}

/// The bone with the largest sum of weights over `vertices` (the lowest index on a tie).
fn heaviest<'a>(
    project: &Project,
    vertices: impl Iterator<Item = &'a Vec<(usize, f64)>>,
) -> Option<usize> {
    let mut sums = vec![0.0f64; project.rig.skeleton.bones.len()];
    for influences in vertices {
        for &(bone, weight) in influences {
            if let Some(sum) = sums.get_mut(bone) {
                *sum += weight;
            }
        }
    }
    let (bone, sum) = sums
        .iter()
        .enumerate()
        .fold((None, 0.0), |(best, most), (i, &s)| {
            if s > most { (Some(i), s) } else { (best, most) }
        });
    bone.filter(|_| sum > 0.0)
}
