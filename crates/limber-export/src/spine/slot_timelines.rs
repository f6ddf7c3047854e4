//! A clip's slot keys (and the part keys that act on slots) as Spine slot timelines: `attachment`
//! (what a slot shows: its attachment keys, and the visibility keys of the parts it shows),
//! `rgba` (colour keys, with limber's interpolation as Spine curves) and the `drawOrder` timeline
//! (part and slot draw-order keys).
//!
//! limber holds a channel's first key before it; Spine shows the setup pose before a timeline's
//! first key. So every timeline starts with a key at 0 holding what limber shows there (a colour
//! channel whose first key is later holds that key's colour from 0). An attachment key writes the
//! name limber keys (an attachment or a skin placeholder, which the runtime resolves through its
//! skin as limber does), or none where the part it shows is hidden by a visibility key.

use std::collections::HashMap;

use glam::DAffine2;
use serde_json::{Map, Value, json};

use super::curves::{self, Span};
use super::skeleton::color_hex;
use limber_core::animation::Clip;
use limber_core::animation::slot_keys::SlotKeyRecord;
use limber_core::project::Project;
use limber_core::slots::resolve::{part_index, shown_part};
use limber_core::slots::sample_index::attachments_by_name;
use limber_core::slots::{SlotSource, SlotView, WHITE, sample_slots, slot_list};

/// The parts' indices by name.
type PartIndex<'a> = HashMap<&'a str, usize>;

/// What the slot timelines refer to.
pub struct SlotTimelines<'a> {
    pub project: &'a Project,
    /// Slot-list indices in setup draw order.
    pub order: &'a [usize],
}

impl SlotTimelines<'_> {
    /// Adds `slots` (attachment, rgba) and `drawOrder` to an animation.
    pub fn add_to(&self, animation: &mut Map<String, Value>, clip: &Clip) {
        let project = self.project;
        let slots = slot_list(&project.parts, &project.rig.slots);
        let index = part_index(&project.parts);
        let mut timelines = Map::new();
        for view in &slots {
            let mut slot = Map::new();
            if let Some(frames) = attachment_frames(project, &index, view, clip) {
                slot.insert("attachment".into(), frames);
            }
            let colours: Vec<&SlotKeyRecord> = clip
                .keys_of_slot(view.name)
                .iter()
                .filter(|k| k.color.is_some())
                .collect();
            if !colours.is_empty() {
                slot.insert("rgba".into(), rgba_frames(&colours));
            }
            if !slot.is_empty() {
                timelines.insert(view.name.to_string(), Value::Object(slot));
            }
        }
        if !timelines.is_empty() {
            animation.insert("slots".into(), Value::Object(timelines));
        }
        if let Some(draw_order) = self.draw_order(clip) {
            animation.insert("drawOrder".into(), draw_order);
        }
    }

    /// The draw-order timeline, if the clip keys a part's or a slot's draw order: at 0 and at each
    /// such key, every slot's offset from its setup position.
    fn draw_order(&self, clip: &Clip) -> Option<Value> {
        let project = self.project;
        let times: Vec<f64> = clip
            .part_keys()
            .iter()
            .filter(|k| k.draw_order.is_some())
            .map(|k| k.time)
            .chain(
                clip.slot_keys()
                    .iter()
                    .filter(|k| k.draw_order.is_some())
                    .map(|k| k.time),
            )
            .collect();
        if times.is_empty() {
            return None;
        }
        let slots = slot_list(&project.parts, &project.rig.slots);
        // Draw orders do not depend on the pose: the rest palette serves.
        let palette = vec![DAffine2::IDENTITY; project.rig.skeleton.bones.len()];
        let frames = with_zero(times)
            .into_iter()
            .map(|t| {
                let now = sample_slots(project, &palette, Some(clip), t);
                // Ties in slot-list order, as limber draws them.
                let mut order: Vec<usize> = (0..now.len()).collect();
                order.sort_by_key(|&i| now[i].draw_order);
                let mut position = vec![usize::MAX; now.len()];
                for (at, &slot) in order.iter().enumerate() {
                    position[slot] = at;
                }
                // Only the slots that move: the runtime puts every unlisted slot in the places
                // left, in setup order, which are their own setup places.
                let offsets: Vec<Value> = self
                    .order
                    .iter()
                    .enumerate()
                    .filter_map(|(setup, &slot)| {
                        let at = position.get(slot).copied().filter(|&p| p != usize::MAX);
                        let offset = at.unwrap_or(setup) as i64 - setup as i64;
                        (offset != 0).then(|| json!({ "slot": slots[slot].name, "offset": offset }))
                    })
                    .collect();
                json!({ "time": t, "offsets": offsets })
            })
            .collect();
        Some(Value::Array(frames))
    }
}

/// The parts slot `view` can show (its mesh attachments'), by index (`index`: the parts' by name).
fn slot_parts(index: &PartIndex, view: &SlotView<'_>) -> Vec<usize> {
    match view.source {
        SlotSource::Part(i) => vec![i],
        SlotSource::Written(_) => view
            .record
            .into_iter()
            .flat_map(|r| &r.attachments)
            .filter_map(|a| a.part())
            .filter_map(|p| index.get(p).copied())
            .collect(),
    }
}

/// The attachment timeline of `view`, if the clip keys its attachment or hides a part it shows.
fn attachment_frames(
    project: &Project,
    index: &PartIndex,
    view: &SlotView<'_>,
    clip: &Clip,
) -> Option<Value> {
    let parts = slot_parts(index, view);
    let names: Vec<&str> = parts
        .iter()
        .map(|&p| project.parts[p].name.as_str())
        .collect();
    let times: Vec<f64> = clip
        .keys_of_slot(view.name)
        .iter()
        .filter(|k| k.attachment.is_some())
        .map(|k| k.time)
        .chain(
            clip.part_keys()
                .iter()
                .filter(|k| k.visible.is_some() && names.contains(&k.part.as_str()))
                .map(|k| k.time),
        )
        .collect();
    if times.is_empty() {
        return None;
    }
    let set = &project.rig.slots;
    let skin = set.active_skin.as_deref().and_then(|s| set.skin(s));
    let by_name = attachments_by_name(std::slice::from_ref(view)).pop();
    let frames = with_zero(times)
        .into_iter()
        .map(|t| {
            let name = match clip.sample_slot(view.name, t).attachment {
                Some(keyed) => keyed,
                None => view.setup().map(String::from),
            };
            let hidden = name
                .as_deref()
                .and_then(|n| view.find_named(by_name.as_ref(), n, skin))
                .and_then(|shown| shown_part(view, shown, index))
                .is_some_and(|p| !clip.sample_part(&project.parts[p].name, t).visible);
            json!({ "time": t, "name": if hidden { None } else { name } })
        })
        .collect();
    Some(Value::Array(frames))
}

/// The rgba timeline of colour keys `keys` (sorted by time, at least one).
fn rgba_frames(keys: &[&SlotKeyRecord]) -> Value {
    let colour = |k: &SlotKeyRecord| k.color.unwrap_or(WHITE);
    let mut out = Vec::new();
    let frame = |time: f64, c: [f64; 4], curve: Option<Value>| {
        let mut key = json!({ "time": time, "color": color_hex(c) });
        if let Some(curve) = curve {
            key["curve"] = curve;
        }
        key
    };
    if keys[0].time > 0.0 {
        out.push(frame(0.0, colour(keys[0]), None));
    }
    for (i, key) in keys.iter().enumerate() {
        let Some(next) = keys.get(i + 1) else {
            out.push(frame(key.time, colour(key), None));
            break;
        };
        let (a, b) = (colour(key), colour(next));
        let span = Span {
            t0: key.time,
            t1: next.time,
        };
        for piece in curves::pieces(key.interp) {
            let at = |e: f64| -> [f64; 4] {
                std::array::from_fn(|c| (a[c] + (b[c] - a[c]) * e).clamp(0.0, 1.0))
            };
            // The curve's values are the whole segment's, at the piece's progress.
            let curve = curves::spine_curve(&piece, span, &a, &b);
            out.push(frame(span.time(piece.u0), at(piece.e0), curve));
        }
    }
    Value::Array(out)
}

/// Sorted, unique times with 0 first.
fn with_zero(mut times: Vec<f64>) -> Vec<f64> {
    times.push(0.0);
    times.sort_by(f64::total_cmp);
    times.dedup();
    times
}
