//! Two-bone IK constraints as Spine IK constraints; every other constraint is baked (see
//! [`super::animation`]).
//!
//! limber's two-bone IK (law of cosines, a bend side, a mix blending rotations the short way, the
//! target's head as the goal) is Spine's two-bone IK without softness, stretch or compression, so a
//! chain is written as a Spine constraint when the two match exactly: two bones, the child's head on
//! the parent's tail, and neither bone moved by any other constraint or spring. Such a chain's bones
//! keep their keys; a clip's keyed mix becomes an IK timeline. limber assumes uniform scale in a
//! chain and Spine handles scale its own way, so in a clip that keys the scale of a chain bone or
//! one of its ancestors the constraint is switched off (an IK timeline holding mix 0) and the chain
//! is baked instead. Any other chain (FABRIK, or one that does not qualify) is always baked.

use serde_json::{Map, Value, json};

use super::curves::{self, Span};
use limber_core::animation::Clip;
use limber_core::rig::Rig;

/// Which of the rig's IK constraints are written as Spine constraints.
pub fn native_ik(rig: &Rig) -> Vec<usize> {
    let mut moved = vec![0usize; rig.skeleton.bones.len()];
    let others = rig
        .limits
        .iter()
        .map(|l| l.bone)
        .chain(rig.transforms.iter().map(|t| t.bone))
        .chain(rig.springs.iter().map(|s| s.bone))
        .chain(rig.follows.iter().map(|f| f.bone))
        .chain(rig.ik.iter().flat_map(|c| c.chain.iter().copied()));
    for bone in others {
        if let Some(count) = moved.get_mut(bone) {
            *count += 1;
        }
    }
    rig.ik
        .iter()
        .enumerate()
        .filter(|(_, ik)| {
            let [parent, child] = ik.chain[..] else {
                return false;
            };
            let bones = &rig.skeleton.bones;
            let joined = bones.get(child).is_some_and(|c| {
                c.parent == Some(parent)
                    && (c.head()
                        - bones
                            .get(parent)
                            .map_or(c.head(), limber_core::skeleton::Bone::tail))
                    .length()
                        < 1e-9
            });
            joined && ik.chain.iter().all(|&b| moved.get(b) == Some(&1)) && ik.target < bones.len()
        })
        .map(|(i, _)| i)
        .collect()
}

/// Whether `clip` keys the scale of a bone of native IK constraint `ik` or of an ancestor (the
/// constraint is then off in that clip and its chain baked).
pub fn off_in_clip(rig: &Rig, ik: usize, clip: &Clip) -> bool {
    let bones = &rig.skeleton.bones;
    let mut affected = vec![false; bones.len()];
    for &bone in &rig.ik[ik].chain {
        let mut at = Some(bone);
        // Parents are acyclic (the skeleton is validated); the bound is a guard all the same.
        for _ in 0..bones.len() {
            let Some(b) = at else { break };
            affected[b] = true;
            at = bones[b].parent;
        }
    }
    clip.to_record()
        .keys
        .iter()
        .any(|k| k.scale.is_some() && rig.skeleton.index_of(&k.bone).is_some_and(|b| affected[b]))
}

/// Which bones `clip` bakes: those a constraint or spring moves, but for the chains of native IK
/// constraints that are on in the clip.
pub fn baked_bones(rig: &Rig, native: &[usize], clip: &Clip) -> Vec<bool> {
    let mut baked = crate::gltf::animation::constrained_bones(rig);
    for &i in native {
        if off_in_clip(rig, i, clip) {
            continue;
        }
        for &bone in &rig.ik[i].chain {
            if let Some(flag) = baked.get_mut(bone) {
                *flag = false;
            }
        }
    }
    baked
}

/// The `ik` array of the skeleton. limber's bend +1 is Spine's `bendPositive: false` (the two
/// frames' senses differ; the runtime test pins it).
pub fn ik_json(rig: &Rig, native: &[usize]) -> Value {
    let name = |b: usize| rig.skeleton.bones[b].name.clone();
    Value::Array(
        native
            .iter()
            .enumerate()
            .map(|(order, &i)| {
                let ik = &rig.ik[i];
                json!({
                    "name": ik.name,
                    "order": order,
                    "bones": ik.chain.iter().map(|&b| name(b)).collect::<Vec<_>>(),
                    "target": name(ik.target),
                    "mix": ik.mix,
                    "bendPositive": ik.bend < 0.0,
                })
            })
            .collect(),
    )
}

/// The animation's `ik` timelines: the clip's mix keys of the native constraints.
pub fn ik_timelines(rig: &Rig, native: &[usize], clip: &Clip) -> Option<Value> {
    let record = clip.to_record();
    let mut timelines = Map::new();
    for &i in native {
        let ik = &rig.ik[i];
        let bend = ik.bend < 0.0;
        let keys: Vec<_> = record
            .constraints
            .iter()
            .filter(|k| k.constraint == ik.name)
            .collect();
        if off_in_clip(rig, i, clip) {
            timelines.insert(
                ik.name.clone(),
                json!([{ "time": 0.0, "mix": 0.0, "bendPositive": bend }]),
            );
            continue;
        }
        let Some(first) = keys.first() else {
            continue;
        };
        let frame = |time: f64, mix: f64, curve: Option<Value>| {
            let mut key = json!({ "time": time, "mix": mix, "bendPositive": bend });
            if let Some(curve) = curve {
                key["curve"] = curve;
            }
            key
        };
        let mut out = Vec::new();
        if first.time > 0.0 {
            out.push(frame(0.0, first.mix, None));
        }
        for (k, key) in keys.iter().enumerate() {
            let Some(next) = keys.get(k + 1) else {
                out.push(frame(key.time, key.mix, None));
                break;
            };
            let span = Span {
                t0: key.time,
                t1: next.time,
            };
            for piece in curves::pieces(key.interp) {
                let mix = key.mix + (next.mix - key.mix) * piece.e0;
                // Two values per key: the mix, and the softness (always 0).
                let curve = curves::spine_curve(&piece, span, &[key.mix, 0.0], &[next.mix, 0.0]);
                out.push(frame(span.time(piece.u0), mix, curve));
            }
        }
        timelines.insert(ik.name.clone(), Value::Array(out));
    }
    (!timelines.is_empty()).then_some(Value::Object(timelines))
}
