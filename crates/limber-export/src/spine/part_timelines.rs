//! A clip's part keys as Spine timelines: deform keys as weighted deform timelines, draw-order keys
//! as a draw-order timeline, visibility keys as attachment timelines.
//!
//! limber holds a part key's value before the first key of its kind; Spine returns to the setup pose
//! there, so each of these timelines starts with a key at 0 holding what limber shows.

use serde_json::{Map, Value, json};

use super::attachments::PartMesh;
use super::curves::{self, Span};
use limber_core::animation::Clip;
use limber_core::project::Project;

/// What the part timelines refer to.
pub struct PartTimelines<'a> {
    pub project: &'a Project,
    /// Part indices in setup draw order (slot order).
    pub slot_order: &'a [usize],
    /// Per part (project order): its attachment.
    pub meshes: &'a [PartMesh],
}

impl PartTimelines<'_> {
    /// Adds `attachments` (deform), `drawOrder` and `slots` (attachment) to an animation.
    pub fn add_to(&self, animation: &mut Map<String, Value>, clip: &Clip) {
        let mut slots = Map::new();
        let mut deforms = Map::new();
        for (index, part) in self.project.parts.iter().enumerate() {
            let keys: Vec<_> = clip
                .part_keys()
                .iter()
                .filter(|k| k.part == part.name)
                .collect();
            let visibility: Vec<f64> = keys
                .iter()
                .filter(|k| k.visible.is_some())
                .map(|k| k.time)
                .collect();
            if !visibility.is_empty() {
                let frames: Vec<Value> = with_zero(visibility)
                    .into_iter()
                    .map(|t| {
                        let shown = clip.sample_part(&part.name, t).visible;
                        json!({ "time": t, "name": shown.then(|| part.name.clone()) })
                    })
                    .collect();
                slots.insert(part.name.clone(), json!({ "attachment": frames }));
            }
            if let Some(deform) = self.deform(index, clip) {
                deforms.insert(
                    part.name.clone(),
                    json!({ part.name.clone(): { "deform": deform } }),
                );
            }
        }
        if !slots.is_empty() {
            animation.insert("slots".into(), Value::Object(slots));
        }
        if !deforms.is_empty() {
            animation.insert("attachments".into(), json!({ "default": deforms }));
        }
        if let Some(draw_order) = self.draw_order(clip) {
            animation.insert("drawOrder".into(), draw_order);
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

    /// The draw-order timeline, if the clip keys any part's draw order: at 0 and at each such key,
    /// every slot's offset from its setup position.
    fn draw_order(&self, clip: &Clip) -> Option<Value> {
        let times: Vec<f64> = clip
            .part_keys()
            .iter()
            .filter(|k| k.draw_order.is_some())
            .map(|k| k.time)
            .collect();
        if times.is_empty() {
            return None;
        }
        let parts = &self.project.parts;
        let frames = with_zero(times)
            .into_iter()
            .map(|t| {
                // Ties in project order, as limber draws them.
                let mut order: Vec<usize> = (0..parts.len()).collect();
                order.sort_by_key(|&i| {
                    clip.sample_part(&parts[i].name, t)
                        .draw_order
                        .unwrap_or(parts[i].draw_order)
                });
                let offsets: Vec<Value> = self
                    .slot_order
                    .iter()
                    .enumerate()
                    .map(|(setup, &part)| {
                        let now = order.iter().position(|&p| p == part).unwrap_or(setup);
                        json!({ "slot": parts[part].name, "offset": now as i64 - setup as i64 })
                    })
                    .collect();
                json!({ "time": t, "offsets": offsets })
            })
            .collect();
        Some(Value::Array(frames))
    }
}

/// Sorted, unique times with 0 first.
fn with_zero(mut times: Vec<f64>) -> Vec<f64> {
    times.push(0.0);
    times.sort_by(f64::total_cmp);
    times.dedup();
    times
}
