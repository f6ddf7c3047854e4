//! Slots in glTF: every mesh attachment is a part, so its own skinned mesh node under the skin; what
//! a slot shows is carried by those nodes' scale — 1 shown, 0 hidden (glTF has no visibility; a
//! scale of 0 is what Blender and three.js play). At rest a part no slot shows (a hidden
//! attachment, another skin's, one a visibility key hides) has scale 0; a clip whose attachment
//! or visibility keys change what a part shows gets a `STEP` scale track on that part's node, with
//! a key at 0, at every such key time and at the clip's end, each holding what limber shows then.
//! A slot's setup colour is its parts' material base colour, and its colour keys animate that
//! colour through `KHR_animation_pointer` (a channel per part it can show, aimed at the material's
//! `baseColorFactor`, sampled like any track: [`super::tracks`]); gltf-json has no pointer target,
//! so these channels are added to the JSON as it is written ([`json_with_pointers`]).

use gltf_json::{Accessor, Index, Node};

use super::tracks::{Mode, Timing, Track, keyed};
use limber_core::animation::{Clip, Interpolation};
use limber_core::frame::{ClipSampler, Frame};
use limber_core::pose::PoseSolver;
use limber_core::project::Project;
use limber_core::slots::resolve::{SlotSource, part_index};
use limber_core::slots::sample_index::SampleIndex;
use limber_core::slots::slot_list;

/// Per part (project order): whether limber shows it at rest.
pub fn shown_at_rest(project: &Project, solver: &PoseSolver) -> Vec<bool> {
    let frame = Frame::sample(project, solver, None, 0.0);
    let mut shown = vec![true; project.parts.len()];
    for part in &frame.parts {
        if let Some(s) = shown.get_mut(part.part) {
            *s = part.visible;
        }
    }
    shown
}

/// Per part (project order): its slot's setup colour (straight RGBA), as a material base colour.
pub fn setup_colours(project: &Project, solver: &PoseSolver) -> Vec<[f32; 4]> {
    let frame = Frame::sample(project, solver, None, 0.0);
    let mut colours = vec![[1.0; 4]; project.parts.len()];
    for part in &frame.parts {
        if let Some(c) = colours.get_mut(part.part) {
            *c = part.color.map(|v| v as f32);
        }
    }
    colours
}

/// The times of `clip` that change what a slot shows: its attachment keys and the parts'
/// visibility keys.
fn change_times(clip: &Clip) -> Vec<f64> {
    let mut times: Vec<f64> = clip
        .slot_keys()
        .iter()
        .filter(|k| k.attachment.is_some())
        .map(|k| k.time)
        .chain(
            clip.part_keys()
                .iter()
                .filter(|k| k.visible.is_some())
                .map(|k| k.time),
        )
        .collect();
    times.sort_by(f64::total_cmp);
    times.dedup();
    times
}

/// The scale tracks of `clip` (not wrapped: `flat`), one per part node whose shown state changes
/// over the clip or differs from rest; `nodes[i]` is part i's node.
pub fn scale_tracks(
    project: &Project,
    solver: &PoseSolver,
    flat: &Clip,
    nodes: &[Index<Node>],
) -> Vec<(Index<Node>, Track<Vec<f64>>)> {
    let keys = change_times(flat);
    if keys.is_empty() {
        return Vec::new();
    }
    let mut times = vec![0.0];
    times.extend(
        keys.iter()
            .copied()
            .filter(|&t| t > 0.0 && t < flat.duration),
    );
    times.push(flat.duration);
    // Strictly increasing as glTF stores them (f32).
    times.dedup_by(|b, a| (*b as f32) <= (*a as f32));
    let index = SampleIndex::new(project);
    let mut sampler = ClipSampler::new(project, solver, flat, Some(&index));
    let shown: Vec<Vec<bool>> = times
        .iter()
        .map(|&t| {
            let frame = sampler.frame(t);
            let mut shown = vec![true; project.parts.len()];
            for part in &frame.parts {
                if let Some(s) = shown.get_mut(part.part) {
                    *s = part.visible;
                }
            }
            shown
        })
        .collect();
    let rest = shown_at_rest(project, solver);
    let mut tracks = Vec::new();
    for (i, &node) in nodes.iter().enumerate() {
        let values: Vec<bool> = shown.iter().map(|s| s[i]).collect();
        if values.iter().all(|&v| v == rest[i]) {
            continue;
        }
        tracks.push((
            node,
            Track {
                mode: Mode::Step,
                times: times.iter().map(|&t| t as f32).collect(),
                values: values
                    .iter()
                    .map(|&v| vec![f64::from(u8::from(v)); 3])
                    .collect(),
            },
        ));
    }
    tracks
}

/// A colour channel through `KHR_animation_pointer`: animation `animation`'s sampler (input times,
/// output RGBA) aimed at `pointer` (a material's base colour factor).
#[derive(Debug, Clone, PartialEq)]
pub struct PointerChannel {
    pub animation: usize,
    pub input: Index<Accessor>,
    pub output: Index<Accessor>,
    pub mode: Mode,
    pub pointer: String,
}

/// The colour tracks of `clip` (not wrapped: `flat`): per slot with colour keys, per part it can
/// show that has a material (`materials[i]`, project order), the slot's colour as limber samples it,
/// aimed at that material's base colour factor.
pub fn colour_tracks(
    project: &Project,
    flat: &Clip,
    timing: Timing,
    materials: &[Option<u32>],
) -> Vec<(String, Track<Vec<f64>>)> {
    let index = part_index(&project.parts);
    let mut out = Vec::new();
    for view in slot_list(&project.parts, &project.rig.slots) {
        let keys: Vec<(f64, Interpolation)> = flat
            .keys_of_slot(view.name)
            .iter()
            .filter(|k| k.color.is_some())
            .map(|k| (k.time, k.interp))
            .collect();
        if keys.is_empty() {
            continue;
        }
        let parts: Vec<usize> = match view.source {
            SlotSource::Part(i) => vec![i],
            SlotSource::Written(_) => view
                .record
                .into_iter()
                .flat_map(|r| &r.attachments)
                .filter_map(|a| a.part().and_then(|p| index.get(p).copied()))
                .collect(),
        };
        let setup = view.color();
        let track = keyed(&keys, timing, |t| {
            flat.sample_slot(view.name, t)
                .color
                .unwrap_or(setup)
                .to_vec()
        });
        for part in parts {
            if let Some(Some(material)) = materials.get(part) {
                out.push((
                    format!("/materials/{material}/pbrMetallicRoughness/baseColorFactor"),
                    track.clone(),
                ));
            }
        }
    }
    out
}

/// `root` as JSON with `pointers` added to their animations (gltf-json has no pointer target) and
/// `KHR_animation_pointer` listed as used when there is one.
pub fn json_with_pointers(
    root: &gltf_json::Root,
    pointers: &[PointerChannel],
) -> Result<serde_json::Value, gltf_json::Error> {
    let mut json = serde_json::to_value(root)?;
    if pointers.is_empty() {
        return Ok(json);
    }
    for p in pointers {
        let Some(animation) = json["animations"]
            .get_mut(p.animation)
            .and_then(serde_json::Value::as_object_mut)
        else {
            continue;
        };
        // gltf-json leaves out an empty list: the pointer channel may be the animation's first.
        let mut push = |list: &str, item: serde_json::Value| -> Option<usize> {
            let items = animation
                .entry(list)
                .or_insert_with(|| serde_json::json!([]))
                .as_array_mut()?;
            items.push(item);
            Some(items.len() - 1)
        };
        let Some(sampler) = push(
            "samplers",
            serde_json::json!({
                "input": p.input.value(),
                "output": p.output.value(),
                "interpolation": if p.mode == Mode::Step { "STEP" } else { "LINEAR" },
            }),
        ) else {
            continue;
        };
        push(
            "channels",
            serde_json::json!({
                "sampler": sampler,
                "target": {
                    "path": "pointer",
                    "extensions": { "KHR_animation_pointer": { "pointer": p.pointer } },
                },
            }),
        );
    }
    let used = &mut json["extensionsUsed"];
    if !used.is_array() {
        *used = serde_json::json!([]);
    }
    if let Some(used) = used.as_array_mut() {
        used.push(serde_json::json!("KHR_animation_pointer"));
    }
    Ok(json)
}
