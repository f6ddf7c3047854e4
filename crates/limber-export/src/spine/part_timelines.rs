//! A clip's deform keys as weighted deform timelines, one per attachment that shows the part: in
//! the default skin (a part's own slot, or a written slot's mesh attachment) and in every named
//! skin that maps a placeholder to it. Visibility and draw-order keys act on slots
//! ([`super::slot_timelines`]).
//!
//! limber holds a part key's value before the first key of its kind; Spine returns to the setup pose
//! there, so each of these timelines starts with a key at 0 holding what limber shows.

use serde_json::{Map, Value, json};

use super::attachments::PartMesh;
use super::curves::{self, Span};
use limber_core::animation::Clip;
use limber_core::project::Project;
use limber_core::slots::resolve::{SlotSource, part_index};
use limber_core::slots::slot_list;

/// Where a part's attachment is in the skins: (skin, slot, attachment key).
pub type Target = (String, String, String);

/// What the part timelines refer to.
pub struct PartTimelines<'a> {
    pub project: &'a Project,
    /// Per part (project order): its attachment.
    pub meshes: &'a [PartMesh],
    /// Per part (project order): the skin entries that show it.
    pub targets: Vec<Vec<Target>>,
}

impl<'a> PartTimelines<'a> {
    pub fn new(project: &'a Project, meshes: &'a [PartMesh]) -> Self {
        let set = &project.rig.slots;
        let index = part_index(&project.parts);
        let mut targets: Vec<Vec<Target>> = vec![Vec::new(); project.parts.len()];
        let default = limber_core::slots::DEFAULT_SKIN.to_string();
        for view in slot_list(&project.parts, set) {
            let slot = view.name.to_string();
            let Some(record) = view.record else {
                if let SlotSource::Part(i) = view.source {
                    targets[i].push((default.clone(), slot.clone(), slot));
                }
                continue;
            };
            for a in &record.attachments {
                let Some(&p) = a.part().and_then(|p| index.get(p)) else {
                    continue;
                };
                targets[p].push((default.clone(), slot.clone(), a.name().to_owned()));
                for skin in &set.skins {
                    let Some(map) = skin.slots.get(&slot) else {
                        continue;
                    };
                    for (placeholder, target) in map {
                        if target == a.name() {
                            targets[p].push((skin.name.clone(), slot.clone(), placeholder.clone()));
                        }
                    }
                }
            }
        }
        Self {
            project,
            meshes,
            targets,
        }
    }

    /// Adds `attachments` (deform) to an animation.
    pub fn add_to(&self, animation: &mut Map<String, Value>, clip: &Clip) {
        let mut skins = Map::new();
        for index in 0..self.project.parts.len() {
            let Some(deform) = self.deform(index, clip) else {
                continue;
            };
            for (skin, slot, attachment) in &self.targets[index] {
                let skin = skins
                    .entry(skin.clone())
                    .or_insert_with(|| Value::Object(Map::new()));
                let slot = &mut skin[slot.as_str()];
                if !slot.is_object() {
                    *slot = Value::Object(Map::new());
                }
                slot[attachment.as_str()] = json!({ "deform": deform.clone() });
            }
        }
        if !skins.is_empty() {
            animation.insert("attachments".into(), Value::Object(skins));
        }
    }

    /// The deform timeline of part `index`, if the clip deforms it.
    fn deform(&self, index: usize, clip: &Clip) -> Option<Value> {
        let part = &self.project.parts[index];
        let mesh = self.meshes.get(index)?;
        let count = part.mesh.positions.len();
        let keys: Vec<(f64, Vec<[f64; 2]>, _)> = clip
            .part_keys()
            .iter()
            .filter(|k| k.part == part.name)
            .filter_map(|k| {
                let deform = k.deform.as_ref()?;
                let mut dense = vec![[0.0, 0.0]; count];
                for (&v, &offset) in deform.vertices.iter().zip(&deform.offsets) {
                    if let Some(slot) = dense.get_mut(v as usize) {
                        *slot = offset;
                    }
                }
                Some((k.time, dense, k.interp))
            })
            .collect();
        let first = keys.first()?;
        let frame = |time: f64, offsets: &[[f64; 2]], curve: Option<Value>| {
            let mut key = json!({ "time": time, "vertices": mesh.deform(offsets) });
            if let Some(curve) = curve {
                key["curve"] = curve;
            }
            key
        };
        let mut out = Vec::new();
        if first.0 > 0.0 {
            out.push(frame(0.0, &first.1, None));
        }
        for (i, (t0, a, interp)) in keys.iter().enumerate() {
            let Some((t1, b, _)) = keys.get(i + 1) else {
                out.push(frame(*t0, a, None));
                break;
            };
            let span = Span { t0: *t0, t1: *t1 };
            for piece in curves::pieces(*interp) {
                let offsets: Vec<[f64; 2]> = a
                    .iter()
                    .zip(b)
                    .map(|(a, b)| {
                        [
                            a[0] + (b[0] - a[0]) * piece.e0,
                            a[1] + (b[1] - a[1]) * piece.e0,
                        ]
                    })
                    .collect();
                let curve = curves::deform_curve(&piece, span);
                out.push(frame(span.time(piece.u0), &offsets, curve));
            }
        }
        Some(Value::Array(out))
    }
}
