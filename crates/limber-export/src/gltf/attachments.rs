//! Slots in glTF: every mesh attachment is a part, so its own skinned mesh node under the skin; what
//! a slot shows is carried by those nodes' scale — 1 shown, 0 hidden (glTF has no visibility; a
//! scale of 0 is what Blender and three.js play). At rest a part no slot shows (a hidden
//! attachment, another skin's, one a visibility key hides) has scale 0; a clip whose attachment
//! or visibility keys change what a part shows gets a `STEP` scale track on that part's node, with
//! a key at 0, at every such key time and at the clip's end, each holding what limber shows then.
//! A slot's setup colour is its parts' material base colour; colour keys are not carried (glTF 2.0
//! animates a material only through `KHR_animation_pointer`, not written yet: see docs/GLTF.md).

use gltf_json::{Index, Node};

use super::tracks::{Mode, Track};
use limber_core::animation::Clip;
use limber_core::frame::Frame;
use limber_core::pose::PoseSolver;
use limber_core::project::Project;

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
    let shown: Vec<Vec<bool>> = times
        .iter()
        .map(|&t| {
            let frame = Frame::sample(project, solver, Some(flat), t);
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
