//! One Spine animation per clip: bone rotate / translate / scale / shear and inherit timelines,
//! deform timelines ([`super::part_timelines`]), attachment, colour and draw-order timelines
//! ([`super::slot_timelines`]), and the clip's events.
//!
//! A bone no constraint or spring moves is written from its keys: stepped and linear segments as
//! they are, a Bézier segment as [`curves::BEZIER_PIECES`] exact sub-curves ([`curves`]). Each channel
//! of a limber key has its own curve; an x/y pair whose two values share their curves on every key
//! is one `translate` / `scale` / `shear` timeline, otherwise it is written as Spine 4's `translatex`
//! and `translatey` (`scalex`, `scaley`, `shearx`, `sheary`) timelines, one curve each. A baked bone
//! gets a `shear` timeline only where its sampled shear is not zero. Rotation
//! keys are unwrapped so that each segment turns the short way, as limber interpolates angles. Spine
//! resets a timeline to the setup pose before its first key where limber holds the first key's value,
//! so a channel whose first key is after 0 gets a key at 0 with that value. Two-bone IK chains
//! that map exactly are Spine IK constraints ([`super::constraints`]). Any other bone an IK chain, a
//! rotation limit, a transform, look-at or child-of constraint or a spring moves is baked: its
//! constrained offsets sampled from [`Frame`] at the bake rate, at every key time of the clip and just
//! before each (so a stepped key stays a step), joined linearly.
//! A bone's inheritance keys are its `inherit` timeline, frame for key (both step, and both give
//! the setup mode before the first).

use serde_json::{Map, Value, json};

use super::curves::{self, Span};
use super::part_timelines::PartTimelines;
use super::skeleton::Bones;
use super::slot_timelines::SlotTimelines;
use limber_core::animation::{Clip, Interpolation};
use limber_core::frame::ClipSampler;
use limber_core::pose::{BonePose, PoseSolver};
use limber_core::project::Project;

/// A key of one channel: time, values, the interpolation of the segment after it.
type ChannelKey = (f64, Vec<f64>, Interpolation);

/// A key of one channel with a curve per value (a translate or scale key has two).
type ValuesKey = (f64, Vec<f64>, Vec<Interpolation>);

/// The timelines of one channel, by Spine timeline name and value names.
const CHANNELS: [(&str, &[&str]); 4] = [
    ("translate", &["x", "y"]),
    ("rotate", &["value"]),
    ("scale", &["x", "y"]),
    ("shear", &["x", "y"]),
];

/// The index of the shear channel in [`CHANNELS`].
const SHEAR: usize = 3;

/// What one animation is built from.
pub struct AnimationInput<'a> {
    pub project: &'a Project,
    pub solver: &'a PoseSolver,
    pub bones: &'a Bones,
    pub parts: &'a PartTimelines<'a>,
    pub slots: &'a SlotTimelines<'a>,
    /// Samples per second for baking.
    pub rate: f64,
    /// The constraints written live ([`super::constraints::Live`]).
    pub live: &'a super::constraints::Live,
}

/// The `animations` entry of `clip`.
pub fn animation_json(input: &AnimationInput, clip: &Clip) -> Value {
    let rig = &input.project.rig;
    let mut flat = clip.clone();
    flat.looping = false;
    let keys = channel_keys(input.project, &flat);
    let (constrained, physics_on) = super::constraints::baked_and_physics(rig, input.live, clip);
    let baked_times = constrained
        .iter()
        .any(|&c| c)
        .then(|| bake_times(&flat, input.rate));
    // The clip itself, not the flattened copy: a looping clip's springs run in from the loop
    // before, and its end shows its start, as limber plays it.
    let mut sampler = ClipSampler::new(input.project, input.solver, clip, None);
    let baked: Vec<(f64, Vec<BonePose>)> = baked_times
        .iter()
        .flatten()
        .map(|&t| {
            let frame = sampler.frame(t);
            (t, frame.pose.bones)
        })
        .collect();
    let mut last_time = 0.0f64;
    let mut bone_map = Map::new();
    let mut inherit = inherit_timelines(input.project, clip);
    for (bone, channels) in keys.iter().enumerate() {
        let mut timelines = Map::new();
        if let Some(frames) = inherit.get_mut(bone).filter(|f| !f.is_empty()) {
            let last = frames.last().and_then(|k| k["time"].as_f64());
            last_time = last_time.max(last.unwrap_or(0.0));
            timelines.insert("inherit".into(), Value::Array(std::mem::take(frames)));
        }
        for (channel, (name, values)) in CHANNELS.iter().enumerate() {
            let written = if constrained.get(bone).copied().unwrap_or(false) {
                let samples: Vec<ChannelKey> = baked
                    .iter()
                    .map(|(t, pose)| {
                        let offset = pose.get(bone).copied().unwrap_or_default();
                        (*t, channel_values(channel, &offset), Interpolation::LINEAR)
                    })
                    .collect();
                let unsheared = |(_, v, _): &ChannelKey| v.iter().all(|&v| v == 0.0);
                if channel == SHEAR && samples.iter().all(unsheared) {
                    continue;
                }
                timeline(&unwrap_rotation(channel, samples), values)
                    .map(|t| vec![(name.to_string(), t)])
                    .unwrap_or_default()
            } else {
                let keys = unwrap_rotation(channel, channels[channel].clone());
                channel_timelines(name, values, &keys)
            };
            for (name, written) in written {
                if let Value::Array(keys) = &written
                    && let Some(t) = keys.last().and_then(|k| k["time"].as_f64())
                {
                    last_time = last_time.max(t);
                }
                timelines.insert(name, written);
            }
        }
        if !timelines.is_empty() {
            bone_map.insert(
                rig.skeleton.bones[bone].name.clone(),
                Value::Object(timelines),
            );
        }
    }
    // Spine takes an animation's length from its last key: hold the root still over the clip.
    if last_time < clip.duration {
        bone_map.insert(
            input.bones.root.clone(),
            json!({ "rotate": [{ "time": 0.0 }, { "time": clip.duration }] }),
        );
    }
    let mut animation = Map::new();
    animation.insert("bones".into(), Value::Object(bone_map));
    input.parts.add_to(&mut animation, &flat);
    input.slots.add_to(&mut animation, &flat);
    if let Some(ik) = super::constraints::ik_timelines(rig, &input.live.ik, clip) {
        animation.insert("ik".into(), ik);
    }
    if let Some(transforms) =
        super::live_transforms::transform_timelines(rig, &input.live.transforms, clip)
    {
        animation.insert("transform".into(), transforms);
    }
    if let Some(paths) = super::paths::path_timelines(rig, &input.live.paths, clip) {
        animation.insert("path".into(), paths);
    }
    if let Some(physics) =
        super::physics::physics_timelines(rig, &input.live.physics, &physics_on, clip)
    {
        animation.insert("physics".into(), physics);
    }
    if !clip.events.is_empty() {
        let events: Vec<Value> = clip
            .events
            .iter()
            .map(|e| {
                let mut event = json!({ "name": e.name, "time": e.time });
                if let Some(i) = e.int {
                    event["int"] = json!(i);
                }
                if let Some(f) = e.float {
                    event["float"] = json!(f);
                }
                if let Some(s) = &e.string {
                    event["string"] = json!(s);
                }
                event
            })
            .collect();
        animation.insert("events".into(), Value::Array(events));
    }
    Value::Object(animation)
}

/// Each bone's `inherit` timeline frames (none for a bone the clip does not key the mode of): a
/// mode steps from its key to the next, and before the first the bone's setup mode holds, in
/// Spine as in limber.
fn inherit_timelines(project: &Project, clip: &Clip) -> Vec<Vec<Value>> {
    let skeleton = &project.rig.skeleton;
    let mut frames = vec![Vec::new(); skeleton.bones.len()];
    for key in clip.bone_keys() {
        if let (Some(mode), Some(bone)) = (key.inherit, skeleton.index_of(&key.bone)) {
            frames[bone].push(json!({ "time": key.time, "inherit": mode.name() }));
        }
    }
    frames
}

/// A bone offset's values on one channel, in Spine's terms (see [`super::skeleton`]).
fn channel_values(channel: usize, offset: &BonePose) -> Vec<f64> {
    match channel {
        0 => vec![offset.translate[0], -offset.translate[1]],
        1 => vec![offset.rotate.to_degrees()],
        2 => offset.scale.to_vec(),
        _ => offset.shear.iter().map(|s| s.to_degrees()).collect(),
    }
}

/// The timelines of one channel's keys by Spine name: one timeline `name` when every key's values
/// share one curve, else one per value (`translatex`, `translatey`), each with its own curves.
fn channel_timelines(name: &str, values: &[&str], keys: &[ValuesKey]) -> Vec<(String, Value)> {
    let shared = keys
        .iter()
        .all(|(_, _, curves)| curves.iter().all(|c| Some(c) == curves.first()));
    if shared {
        let keys: Vec<ChannelKey> = keys
            .iter()
            .map(|(t, v, curves)| (*t, v.clone(), curves.first().copied().unwrap_or_default()))
            .collect();
        return timeline(&keys, values)
            .map(|t| vec![(name.to_string(), t)])
            .unwrap_or_default();
    }
    values
        .iter()
        .enumerate()
        .filter_map(|(i, value)| {
            let keys: Vec<ChannelKey> = keys
                .iter()
                .map(|(t, v, curves)| {
                    let curve = curves.get(i).copied().unwrap_or_default();
                    (*t, vec![v.get(i).copied().unwrap_or_default()], curve)
                })
                .collect();
            timeline(&keys, &["value"]).map(|t| (format!("{name}{value}"), t))
        })
        .collect()
}

/// Per bone, per channel (translate, rotate, scale, shear), the clip's keys in Spine's terms, each
/// value with its own curve. limber's shear is Spine's (degrees, counter-clockwise on screen, each
/// axis on its own; the y flip keeps it, see [`limber_core::inherit`]).
fn channel_keys(project: &Project, clip: &Clip) -> Vec<[Vec<ValuesKey>; 4]> {
    let skeleton = &project.rig.skeleton;
    let mut channels = vec![std::array::from_fn(|_| Vec::new()); skeleton.bones.len()];
    // The record lists keys sorted by bone, then time.
    for key in clip.bone_keys() {
        let Some(bone) = skeleton.index_of(&key.bone) else {
            continue;
        };
        let curves = key.interp;
        if let Some([x, y]) = key.translate {
            // Spine's y runs up: y and its curve's value offsets flip.
            let [ix, iy] = curves.translate;
            channels[bone][0].push((key.time, vec![x, -y], vec![ix, iy.negated()]));
        }
        if let Some(r) = key.rotate {
            channels[bone][1].push((key.time, vec![r], vec![curves.rotate]));
        }
        if let Some(s) = key.scale {
            channels[bone][2].push((key.time, s.to_vec(), curves.scale.to_vec()));
        }
        if let Some(s) = key.shear {
            channels[bone][SHEAR].push((key.time, s.to_vec(), curves.shear.to_vec()));
        }
    }
    channels
}

/// Rotation values rewritten so that each step is the short way round (limber's angle
/// interpolation), which Spine's plain interpolation of the written numbers then reproduces.
fn unwrap_rotation<C>(
    channel: usize,
    mut keys: Vec<(f64, Vec<f64>, C)>,
) -> Vec<(f64, Vec<f64>, C)> {
    if channel != 1 {
        return keys;
    }
    for i in 1..keys.len() {
        let previous = keys[i - 1].1[0];
        let mut delta = (keys[i].1[0] - previous).rem_euclid(360.0);
        if delta > 180.0 {
            delta -= 360.0;
        }
        keys[i].1[0] = previous + delta;
    }
    keys
}

/// A timeline's keys (`None` without keys): a key at 0 holding the first value when the first key
/// is later, every Bézier segment split into exact sub-curves.
pub fn timeline(keys: &[ChannelKey], names: &[&str]) -> Option<Value> {
    let first = keys.first()?;
    let key = |time: f64, values: &[f64], curve: Option<Value>| {
        let mut key = Map::new();
        key.insert("time".into(), json!(time));
        for (name, value) in names.iter().zip(values) {
            key.insert(name.to_string(), json!(value));
        }
        if let Some(curve) = curve {
            key.insert("curve".into(), curve);
        }
        Value::Object(key)
    };
    let mut out = Vec::new();
    if first.0 > 0.0 {
        out.push(key(0.0, &first.1, None));
    }
    for (i, (t0, a, interp)) in keys.iter().enumerate() {
        let Some((t1, b, _)) = keys.get(i + 1) else {
            out.push(key(*t0, a, None));
            break;
        };
        let span = Span { t0: *t0, t1: *t1 };
        for (time, values, curve) in curves::bone_segment(*interp, span, a, b) {
            out.push(key(time, &values, curve));
        }
    }
    Some(Value::Array(out))
}

/// The times constrained bones are sampled at: every 1 / rate seconds, every key time of the clip
/// (bone, part, mix and path keys) and a moment before each, and the end.
fn bake_times(clip: &Clip, rate: f64) -> Vec<f64> {
    let steps = (clip.duration * rate - 1e-6).ceil().max(1.0) as usize;
    let mut times: Vec<f64> = (0..=steps)
        .map(|k| (k as f64 / rate).min(clip.duration))
        .collect();
    let keys = clip
        .bone_keys()
        .map(|k| k.time)
        .chain(clip.part_keys().iter().map(|k| k.time))
        .chain(clip.mix_key_times())
        .chain(clip.path_key_times());
    for t in keys {
        times.push(t);
        if t > 0.0 {
            times.push(t - 1e-6 * t.max(1.0));
        }
    }
    times.push(clip.duration);
    times.sort_by(f64::total_cmp);
    times.dedup();
    times
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_late_first_key_is_held_from_zero_and_beziers_are_split() {
        let keys = vec![
            (
                0.5,
                vec![10.0],
                Interpolation::Bezier([0.42, 0.0, 0.58, 1.0]),
            ),
            (1.5, vec![20.0], Interpolation::LINEAR),
        ];
        let Some(Value::Array(out)) = timeline(&keys, &["value"]) else {
            panic!("a timeline");
        };
        assert_eq!(out.len(), 1 + curves::BEZIER_PIECES + 1);
        assert_eq!(out[0], json!({"time": 0.0, "value": 10.0}));
        assert_eq!(out[1]["time"], json!(0.5));
        assert_eq!(out[1]["curve"].as_array().map(Vec::len), Some(4));
        assert_eq!(out.last(), Some(&json!({"time": 1.5, "value": 20.0})));
    }

    #[test]
    fn rotations_unwrap_the_short_way() {
        let keys = vec![
            (0.0, vec![170.0], Interpolation::LINEAR),
            (1.0, vec![-170.0], Interpolation::LINEAR),
        ];
        let unwrapped = unwrap_rotation(1, keys);
        assert_eq!(unwrapped[1].1, vec![190.0]);
    }

    #[test]
    fn an_xy_pair_with_different_curves_is_two_timelines() {
        let ease = Interpolation::Bezier([0.42, 0.0, 0.58, 1.0]);
        let keys: Vec<ValuesKey> = vec![
            (0.0, vec![0.0, 0.0], vec![ease, ease]),
            (1.0, vec![4.0, 2.0], vec![Interpolation::LINEAR; 2]),
        ];
        let shared = channel_timelines("scale", &["x", "y"], &keys);
        assert_eq!(shared.len(), 1);
        assert_eq!(shared[0].0, "scale");
        let keys: Vec<ValuesKey> = vec![
            (0.0, vec![0.0, 0.0], vec![ease, Interpolation::STEPPED]),
            (1.0, vec![4.0, 2.0], vec![Interpolation::LINEAR; 2]),
        ];
        let split = channel_timelines("scale", &["x", "y"], &keys);
        let names: Vec<&str> = split.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["scalex", "scaley"]);
        let Value::Array(x) = &split[0].1 else {
            panic!("keys");
        };
        assert_eq!(x.len(), curves::BEZIER_PIECES + 1, "x keeps its Bézier");
        assert_eq!(
            split[1].1,
            json!([{"time": 0.0, "value": 0.0, "curve": "stepped"}, {"time": 1.0, "value": 2.0}])
        );
    }
}
