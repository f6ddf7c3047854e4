//! limber's constraints that Spine's IK evaluates exactly, written live as Spine IK constraints;
//! every other constraint is baked (see [`super::animation`]).
//!
//! - **Two-bone IK** (law of cosines, a bend side, a mix blending rotations the short way, the
//!   target's head as the goal) is Spine's two-bone IK without softness, stretch or compression:
//!   written when the child's head is on the parent's tail.
//! - **Look-at** turns its bone about its head so that its tail points at the target's head, the turn
//!   taken the short way and scaled by the mix, after every other constraint: Spine's one-bone IK,
//!   written after the two-bone constraints (Spine applies them in that order).
//!
//! A constraint is written live only when no other constraint or spring moves its bones, and a
//! look-at only when no other constraint involves its bone's descendants and its target is not one
//! of them (limber and Spine would then order the updates differently). Its bones keep their
//! keys; a clip's keyed mix becomes an IK timeline. limber assumes uniform scale in a chain and
//! Spine handles scale its own way, so in a clip that keys the scale of a chain bone or one of its
//! ancestors the constraint is switched off (an IK timeline holding mix 0) and the chain is baked
//! instead. Longer FABRIK chains, and chains that do not qualify, are always baked.

use serde_json::{Map, Value, json};

use super::curves::{self, Span};
use limber_core::animation::Clip;
use limber_core::animation::follow::FollowKind;
use limber_core::rig::Rig;

/// A limber constraint written as a Spine IK constraint.
#[derive(Debug, Clone, PartialEq)]
pub struct LiveIk {
    pub name: String,
    /// The chain, root first (two bones; a look-at's one).
    pub bones: Vec<usize>,
    pub target: usize,
    pub mix: f64,
    /// limber's bend (+1 or −1; a look-at's is +1 and unused).
    pub bend: f64,
}

/// How many constraints and springs move each bone, and which bones any constraint involves (as
/// the bone moved, a target or a source).
fn involvement(rig: &Rig) -> (Vec<usize>, Vec<bool>) {
    let count = rig.skeleton.bones.len();
    let mut moved = vec![0usize; count];
    let mut involved = vec![false; count];
    let moved_bones = rig
        .limits
        .iter()
        .map(|l| l.bone)
        .chain(rig.transforms.iter().map(|t| t.bone))
        .chain(rig.springs.iter().map(|s| s.bone))
        .chain(rig.follows.iter().map(|f| f.bone))
        .chain(rig.ik.iter().flat_map(|c| c.chain.iter().copied()));
    for bone in moved_bones {
        if let Some(n) = moved.get_mut(bone) {
            *n += 1;
        }
        if let Some(flag) = involved.get_mut(bone) {
            *flag = true;
        }
    }
    let others = rig
        .transforms
        .iter()
        .map(|t| t.source)
        .chain(rig.follows.iter().map(|f| f.target))
        .chain(rig.ik.iter().map(|c| c.target));
    for bone in others {
        if let Some(flag) = involved.get_mut(bone) {
            *flag = true;
        }
    }
    (moved, involved)
}

/// Whether `bone` is a descendant of `ancestor` (not itself).
fn descends_from(rig: &Rig, bone: usize, ancestor: usize) -> bool {
    let bones = &rig.skeleton.bones;
    let mut at = bones.get(bone).and_then(|b| b.parent);
    // Parents are acyclic (the skeleton is validated); the bound is a guard all the same.
    for _ in 0..bones.len() {
        match at {
            Some(b) if b == ancestor => return true,
            Some(b) => at = bones.get(b).and_then(|x| x.parent),
            None => return false,
        }
    }
    false
}

/// Whether a look-at on `bone` aiming at `target` is ordered the same in both: no other
/// constraint involves a descendant of `bone`, and `target` is not one.
fn alone_below(rig: &Rig, involved: &[bool], bone: usize, target: usize) -> bool {
    !descends_from(rig, target, bone)
        && (0..rig.skeleton.bones.len()).all(|b| !(involved[b] && descends_from(rig, b, bone)))
}

/// The rig's constraints written as Spine IK constraints, in the order Spine applies them: the
/// two-bone IK chains in list order, then the look-at constraints.
pub fn native_ik(rig: &Rig) -> Vec<LiveIk> {
    let (moved, involved) = involvement(rig);
    let bones = &rig.skeleton.bones;
    let only_this = |chain: &[usize]| chain.iter().all(|&b| moved.get(b) == Some(&1));
    let mut live = Vec::new();
    for ik in &rig.ik {
        if ik.target >= bones.len() || !only_this(&ik.chain) {
            continue;
        }
        let qualifies = match ik.chain[..] {
            [parent, child] => bones.get(child).is_some_and(|c| {
                c.parent == Some(parent)
                    && (c.head()
                        - bones
                            .get(parent)
                            .map_or(c.head(), limber_core::skeleton::Bone::tail))
                    .length()
                        < 1e-9
            }),
            _ => false,
        };
        if qualifies {
            live.push(LiveIk {
                name: ik.name.clone(),
                bones: ik.chain.clone(),
                target: ik.target,
                mix: ik.mix,
                bend: ik.bend,
            });
        }
    }
    for follow in &rig.follows {
        if follow.kind == FollowKind::LookAt
            && follow.target < bones.len()
            && only_this(&[follow.bone])
            && alone_below(rig, &involved, follow.bone, follow.target)
        {
            live.push(LiveIk {
                name: follow.name.clone(),
                bones: vec![follow.bone],
                target: follow.target,
                mix: follow.mix,
                bend: 1.0,
            });
        }
    }
    live
}

/// Whether `clip` keys the scale of a bone of `ik` or of an ancestor (the constraint is then off in
/// that clip and its chain baked).
pub fn off_in_clip(rig: &Rig, ik: &LiveIk, clip: &Clip) -> bool {
    let bones = &rig.skeleton.bones;
    let mut affected = vec![false; bones.len()];
    for &bone in &ik.bones {
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

/// Which bones `clip` bakes: those a constraint or spring moves, but for the bones of live
/// constraints that are on in the clip.
pub fn baked_bones(rig: &Rig, live: &[LiveIk], clip: &Clip) -> Vec<bool> {
    let mut baked = crate::gltf::animation::constrained_bones(rig);
    for ik in live {
        if off_in_clip(rig, ik, clip) {
            continue;
        }
        for &bone in &ik.bones {
            if let Some(flag) = baked.get_mut(bone) {
                *flag = false;
            }
        }
    }
    baked
}

/// The `ik` array of the skeleton. limber's bend +1 is Spine's `bendPositive: false` (the two
/// frames' senses differ; the runtime test pins it).
pub fn ik_json(rig: &Rig, live: &[LiveIk]) -> Value {
    let name = |b: usize| rig.skeleton.bones[b].name.clone();
    Value::Array(
        live.iter()
            .enumerate()
            .map(|(order, ik)| {
                json!({
                    "name": ik.name,
                    "order": order,
                    "bones": ik.bones.iter().map(|&b| name(b)).collect::<Vec<_>>(),
                    "target": name(ik.target),
                    "mix": ik.mix,
                    "bendPositive": ik.bend < 0.0,
                })
            })
            .collect(),
    )
}

/// The animation's `ik` timelines: the clip's mix keys of the live constraints.
pub fn ik_timelines(rig: &Rig, live: &[LiveIk], clip: &Clip) -> Option<Value> {
    let record = clip.to_record();
    let mut timelines = Map::new();
    for ik in live {
        let bend = ik.bend < 0.0;
        let keys: Vec<_> = record
            .constraints
            .iter()
            .filter(|k| k.constraint == ik.name)
            .collect();
        if off_in_clip(rig, ik, clip) {
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
            for piece in curves::pieces_split(key.interp, curves::MIX_BEZIER_PIECES) {
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
