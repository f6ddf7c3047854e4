//! Slots' attachments as Spine skins: the `default` skin holds every attachment under its own name
//! (a part's own slot: its part's mesh; a written slot: each of its attachments), and each named
//! skin holds, under the placeholder names it maps, the attachment it maps to (with that
//! attachment's `name`, so the runtime reports the attachment limber shows).
//!
//! Mesh attachments are the parts' weighted meshes ([`super::attachments`]). Bounding boxes and
//! clipping polygons are written weighted (each vertex bound to its one bone, or to its
//! influences), so they follow their bones whatever bone the slot is on. A point attachment lies in
//! its slot's bone's frame: a slot with point attachments is put on the first one's bone (its meshes
//! and polygons are weighted, so they do not care); a second point on another bone is written in
//! that frame too, and named in a warning.

use glam::{DAffine2, DVec2};
use serde_json::{Map, Value, json};

use super::attachments::PartMesh;
use super::skeleton::{Bones, flip};
use limber_core::project::Project;
use limber_core::skeleton::Skeleton;
use limber_core::slots::resolve::{SlotSource, part_index};
use limber_core::slots::{AttachmentKind, AttachmentRecord, Polygon, PolygonBinding, slot_list};

/// A written slot's attachment `a` of `view` as Spine attachment JSON; `None` when it cannot be
/// written (a mesh naming no part, which the loader refuses).
fn attachment_json(
    a: &AttachmentRecord,
    project: &Project,
    bones: &Bones,
    meshes: &[PartMesh],
) -> Option<Value> {
    let skeleton = &project.rig.skeleton;
    match a {
        AttachmentRecord::Mesh { .. } => {
            let parts = part_index(&project.parts);
            let index = parts.get(a.part()?).copied()?;
            meshes.get(index).map(|m| m.json.clone())
        }
        AttachmentRecord::BoundingBox { polygon, .. } => Some(json!({
            "type": "boundingbox",
            "vertexCount": polygon.vertices.len(),
            "vertices": polygon_vertices(polygon, skeleton, bones),
        })),
        AttachmentRecord::Clipping { polygon, end, .. } => Some(json!({
            "type": "clipping",
            "end": end,
            "vertexCount": polygon.vertices.len(),
            "vertices": polygon_vertices(polygon, skeleton, bones),
        })),
        AttachmentRecord::Point {
            bone,
            position,
            rotation,
            ..
        } => {
            let rest = skeleton
                .index_of(bone)
                .and_then(|b| bones.rest_world.get(b))
                .copied()
                .unwrap_or(DAffine2::IDENTITY);
            let [x, y] = flip(rest.inverse().transform_point2(DVec2::from(*position)));
            // The bone's rest direction on screen, counter-clockwise from +x, as Spine measures.
            let bone_angle = (-rest.matrix2.x_axis.y)
                .atan2(rest.matrix2.x_axis.x)
                .to_degrees();
            Some(json!({
                "type": "point",
                "x": x,
                "y": y,
                "rotation": rotation.unwrap_or(0.0) - bone_angle,
            }))
        }
    }
}

/// A polygon's vertices in Spine's weighted form: per vertex `boneCount, (bone, bindX, bindY,
/// weight) × boneCount`, the bind position in the bone's rest frame.
fn polygon_vertices(polygon: &Polygon, skeleton: &Skeleton, bones: &Bones) -> Vec<f64> {
    let one = polygon.bone().and_then(|b| skeleton.index_of(b));
    let no_influences = Vec::new();
    let per_vertex = match &polygon.binding {
        PolygonBinding::Influences(influences) => influences,
        PolygonBinding::Bone(_) => &no_influences,
    };
    let mut out = Vec::new();
    for (v, &p) in polygon.vertices.iter().enumerate() {
        let influences: Vec<(usize, f64)> = match one {
            Some(b) => vec![(b, 1.0)],
            None => per_vertex
                .get(v)
                .map(|i| {
                    i.iter()
                        .copied()
                        .filter(|&(b, w)| w > 0.0 && b < bones.rest_world.len())
                        .collect()
                })
                .unwrap_or_default(),
        };
        let p = DVec2::from(p);
        if influences.is_empty() {
            let [x, y] = flip(p);
            out.extend([1.0, 0.0, x, y, 1.0]);
            continue;
        }
        out.push(influences.len() as f64);
        for (bone, w) in influences {
            let [x, y] = flip(bones.rest_world[bone].inverse().transform_point2(p));
            out.extend([bones.spine_index[bone] as f64, x, y, w]);
        }
    }
    out
}

/// The bone each slot is on (by slot-list index): the first point attachment's bone, else the
/// added root; and a warning per slot whose points lie on several bones.
pub fn slot_bones(project: &Project, bones: &Bones) -> (Vec<String>, Vec<String>) {
    let mut warnings = Vec::new();
    let slots = slot_list(&project.parts, &project.rig.slots);
    let names = slots
        .iter()
        .map(|view| {
            let mut point_bones = view
                .record
                .into_iter()
                .flat_map(|r| &r.attachments)
                .filter(|a| a.kind() == AttachmentKind::Point)
                .filter_map(|a| a.bone());
            let first = point_bones.next();
            if let Some(first) = &first
                && point_bones.any(|b| b != *first)
            {
                warnings.push(format!(
                    "slot \"{}\": its point attachments lie on several bones; Spine carries them \
                     all on bone \"{first}\" (the slot's bone)",
                    view.name
                ));
            }
            first.map_or_else(|| bones.root.clone(), str::to_string)
        })
        .collect();
    (names, warnings)
}

/// The `skins` array: `default`, then every named skin of the project.
pub fn skins_json(project: &Project, bones: &Bones, meshes: &[PartMesh]) -> Value {
    let set = &project.rig.slots;
    let slots = slot_list(&project.parts, set);
    let mut default = Map::new();
    for view in &slots {
        let mut entries = Map::new();
        match (view.source, view.record) {
            (SlotSource::Part(i), _) => {
                if let Some(mesh) = meshes.get(i) {
                    entries.insert(view.name.to_string(), mesh.json.clone());
                }
            }
            (SlotSource::Written(_), Some(record)) => {
                for a in &record.attachments {
                    if let Some(json) = attachment_json(a, project, bones, meshes) {
                        entries.insert(a.name().to_owned(), json);
                    }
                }
            }
            (SlotSource::Written(_), None) => {}
        }
        if !entries.is_empty() {
            default.insert(view.name.to_string(), Value::Object(entries));
        }
    }
    let mut skins = vec![json!({ "name": "default", "attachments": default })];
    for skin in &set.skins {
        let mut attachments = Map::new();
        for (slot, map) in &skin.slots {
            let Some(view) = slots.iter().find(|v| v.name == slot) else {
                continue;
            };
            let mut entries = Map::new();
            for (placeholder, target) in map {
                let json = match view.record {
                    Some(record) => record
                        .attachments
                        .iter()
                        .find(|a| a.name() == target)
                        .and_then(|a| attachment_json(a, project, bones, meshes)),
                    // A part's own slot has one attachment, the part, named like it.
                    None => match view.source {
                        SlotSource::Part(i) if view.name == target => {
                            meshes.get(i).map(|m| m.json.clone())
                        }
                        _ => None,
                    },
                };
                if let Some(mut json) = json {
                    json["name"] = json!(target);
                    entries.insert(placeholder.clone(), json);
                }
            }
            if !entries.is_empty() {
                attachments.insert(slot.clone(), Value::Object(entries));
            }
        }
        skins.push(json!({ "name": skin.name, "attachments": attachments }));
    }
    Value::Array(skins)
}
