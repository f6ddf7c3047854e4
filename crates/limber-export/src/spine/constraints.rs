//! limber's constraints that Spine's IK evaluates exactly, written live as Spine IK constraints, and
//! which bones a clip bakes ([`Live`] gathers these and the live transform constraints of
//! [`super::live_transforms`]); every other constraint is baked (see [`super::animation`]).
//!
//! - **Two-bone IK** (law of cosines, a bend side, a mix blending rotations the short way, the
//!   target's head as the goal, softness, stretch and uniform) is Spine's two-bone IK: written when
//!   the child's head is on the parent's tail.
//! - **One-bone IK** (compress, stretch, uniform) is Spine's one-bone IK.
//! - **Look-at** turns its bone about its head so that its tail points at the target's head, the turn
//!   taken the short way and scaled by the mix, after every other constraint: Spine's one-bone IK,
//!   ordered after the IK chains and the transform constraints (as limber applies them).
//!
//! A constraint is written live only when no other constraint or spring moves its bones, and a
//! look-at only when no other constraint involves its bone's descendants and its target is not one
//! of them (limber and Spine would then order the updates differently). Its bones keep their
//! keys; a clip's keyed mix becomes an IK timeline. limber assumes uniform scale in a chain and
//! Spine handles scale its own way, so in a clip that keys the scale of a chain bone or one of its
//! ancestors the constraint is switched off (an IK timeline holding mix 0) and the chain is baked
//! instead. Longer FABRIK chains, and chains that do not qualify, are always baked, with one warning
//! each naming the constraint and why.

use serde_json::{Map, Value, json};

use super::live_transforms::{self, LiveTransform, native_transforms};
use super::mix_timeline::mix_frames;
use super::rig_relations::{
    alone_below, involvement, scale_or_shear_keyed_at_or_above, scaled_above,
    stretched_unevenly_above,
};
use limber_core::animation::follow::FollowKind;
use limber_core::animation::{Clip, IkConstraint};
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
    pub reach: Reach,
    /// A look-at: limber applies it after the transform constraints, so Spine's update order puts
    /// it after them too.
    pub after_transforms: bool,
}

/// Every constraint the export writes live: IK (chains and look-ats), transform and physics
/// constraints.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Live {
    pub ik: Vec<LiveIk>,
    pub transforms: Vec<LiveTransform>,
    /// Indices into the rig's physics constraints, in Spine's order ([`super::physics`]).
    pub physics: Vec<usize>,
    /// The path constraints written live ([`super::paths`]).
    pub paths: Vec<super::paths::LivePath>,
}

impl Live {
    /// The constraints of `rig` that Spine evaluates as limber does; the live paths' slots are named
    /// apart from `slot_names` (the other slots').
    pub fn of(rig: &Rig, slot_names: &[&str]) -> Self {
        Self {
            ik: native_ik(rig),
            transforms: native_transforms(rig),
            physics: super::physics::live_physics(rig).0,
            paths: super::paths::live_paths(rig, slot_names),
        }
    }
}

/// How an IK chain reaches beyond bending: Spine's softness, stretch, compress and uniform (a
/// look-at has none).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Reach {
    pub softness: f64,
    pub stretch: bool,
    pub compress: bool,
    pub uniform: bool,
}

impl Reach {
    /// The settings Spine reads from a constraint and from each IK timeline frame, those that are
    /// not Spine's defaults (uniform only on the constraint).
    fn write(&self, into: &mut Value, with_uniform: bool) {
        if self.softness != 0.0 {
            into["softness"] = json!(self.softness);
        }
        if self.stretch {
            into["stretch"] = json!(true);
        }
        if self.compress {
            into["compress"] = json!(true);
        }
        if with_uniform && self.uniform {
            into["uniform"] = json!(true);
        }
    }
}

/// The rig's constraints written as Spine IK constraints, in the order Spine applies them: the
/// one- and two-bone IK chains in list order, then the look-at constraints.
pub fn native_ik(rig: &Rig) -> Vec<LiveIk> {
    let (moved, involved) = involvement(rig);
    let bones = &rig.skeleton.bones;
    let only_this = |chain: &[usize]| chain.iter().all(|&b| moved.get(b) == Some(&1));
    let mut live = Vec::new();
    for ik in &rig.ik {
        if why_baked(rig, &moved, ik).is_none() {
            live.push(LiveIk {
                name: ik.name.clone(),
                bones: ik.chain.clone(),
                target: ik.target,
                mix: ik.mix,
                bend: ik.bend,
                reach: Reach {
                    softness: ik.softness,
                    stretch: ik.stretch,
                    compress: ik.compress,
                    uniform: ik.uniform,
                },
                after_transforms: false,
            });
        }
    }
    for follow in &rig.follows {
        if follow.kind == FollowKind::LookAt
            && follow.target < bones.len()
            && only_this(&[follow.bone])
            && alone_below(rig, &involved, follow.bone, follow.target)
            && !stretched_unevenly_above(rig, follow.bone)
            && !scaled_above(rig, follow.bone)
        {
            live.push(LiveIk {
                name: follow.name.clone(),
                bones: vec![follow.bone],
                target: follow.target,
                mix: follow.mix,
                bend: 1.0,
                reach: Reach::default(),
                after_transforms: true,
            });
        }
    }
    live
}

/// Why IK `ik` cannot be written live (and is baked), in words; `None` when it is written live.
/// `moved` counts the constraints and springs that move each bone.
fn why_baked(rig: &Rig, moved: &[usize], ik: &IkConstraint) -> Option<String> {
    let bones = &rig.skeleton.bones;
    if ik.chain.len() > 2 {
        return Some(format!(
            "a FABRIK chain of {} bones (Spine's IK solves one or two)",
            ik.chain.len()
        ));
    }
    if ik.target >= bones.len() || ik.chain.iter().any(|&b| moved.get(b) != Some(&1)) {
        return Some("another constraint or a spring also moves its bones".into());
    }
    if ik
        .chain
        .first()
        .is_some_and(|&b| stretched_unevenly_above(rig, b))
    {
        return Some("an IK above it stretches or compresses along one axis only".into());
    }
    if ik.chain.first().is_some_and(|&b| scaled_above(rig, b)) {
        return Some(
            "a physics or transform constraint above it scales or shears its parent".into(),
        );
    }
    if let [parent, child] = ik.chain[..] {
        let joined = bones.get(child).is_some_and(|c| {
            c.parent == Some(parent)
                && bones
                    .get(parent)
                    .is_some_and(|p| (c.head() - p.tail()).length() < 1e-9)
        });
        if !joined {
            return Some(format!(
                "\"{}\" does not start at the tail of \"{}\" (Spine's two-bone IK assumes it does)",
                bones.get(child).map_or("", |b| b.name.as_str()),
                bones.get(parent).map_or("", |b| b.name.as_str()),
            ));
        }
    }
    None
}

/// One warning line for each IK constraint that is baked into keys rather than written live,
/// naming it and saying why.
pub fn baked_ik_warnings(rig: &Rig) -> Vec<String> {
    let (moved, _) = involvement(rig);
    rig.ik
        .iter()
        .filter_map(|ik| {
            why_baked(rig, &moved, ik)
                .map(|why| format!("IK \"{}\" is baked into keys: {why}", ik.name))
        })
        .collect()
}

/// Whether `clip` keys the scale of a bone of `ik` or of an ancestor (the constraint is then off in
/// that clip and its chain baked).
pub fn off_in_clip(rig: &Rig, ik: &LiveIk, clip: &Clip) -> bool {
    scale_or_shear_keyed_at_or_above(rig, &ik.bones, clip)
}

/// Which bones `clip` bakes: those a constraint or spring moves, but for the bones of live
/// constraints that are on in the clip.
pub fn baked_bones(rig: &Rig, live: &Live, clip: &Clip) -> Vec<bool> {
    baked_and_physics(rig, live, clip).0
}

/// [`baked_bones`], and which live physics constraints are on in `clip`
/// ([`super::physics::on_in_clip`], decided last: it looks at what is baked above them).
pub fn baked_and_physics(rig: &Rig, live: &Live, clip: &Clip) -> (Vec<bool>, Vec<bool>) {
    let mut baked = crate::gltf::animation::constrained_bones(rig);
    for transform in &live.transforms {
        if !live_transforms::off_in_clip(rig, transform, clip)
            && let Some(flag) = baked.get_mut(transform.bone)
        {
            *flag = false;
        }
    }
    for ik in &live.ik {
        if off_in_clip(rig, ik, clip) {
            continue;
        }
        for &bone in &ik.bones {
            if let Some(flag) = baked.get_mut(bone) {
                *flag = false;
            }
        }
    }
    for path in live.paths.iter().filter_map(|l| rig.paths.get(l.index)) {
        if super::paths::off_in_clip(rig, path, clip) {
            continue;
        }
        for &bone in &path.bones {
            if let Some(flag) = baked.get_mut(bone) {
                *flag = false;
            }
        }
    }
    let physics = super::physics::on_in_clip(rig, &live.physics, clip, &mut baked);
    (baked, physics)
}

/// The `ik` array of the skeleton. limber's bend +1 is Spine's `bendPositive: false` (the two
/// frames' senses differ; the runtime test pins it). Update orders: the chains first, then room for
/// `transforms` transform constraints, then the look-ats.
pub fn ik_json(rig: &Rig, live: &[LiveIk], transforms: usize) -> Value {
    let name = |b: usize| rig.skeleton.bones[b].name.clone();
    Value::Array(
        live.iter()
            .enumerate()
            .map(|(order, ik)| {
                let order = if ik.after_transforms {
                    order + transforms
                } else {
                    order
                };
                let mut constraint = json!({
                    "name": ik.name,
                    "order": order,
                    "bones": ik.bones.iter().map(|&b| name(b)).collect::<Vec<_>>(),
                    "target": name(ik.target),
                    "mix": ik.mix,
                    "bendPositive": ik.bend < 0.0,
                });
                ik.reach.write(&mut constraint, true);
                constraint
            })
            .collect(),
    )
}

/// The animation's `ik` timelines: the clip's mix keys of the live constraints. Each frame carries
/// the constraint's softness, stretch and compress too, which Spine's frames otherwise reset.
pub fn ik_timelines(rig: &Rig, live: &[LiveIk], clip: &Clip) -> Option<Value> {
    let mut timelines = Map::new();
    for ik in live {
        let bend = ik.bend < 0.0;
        let keys: Vec<_> = clip.mix_keys_of(&ik.name).collect();
        if off_in_clip(rig, ik, clip) {
            let mut off = json!({ "time": 0.0, "mix": 0.0, "bendPositive": bend });
            ik.reach.write(&mut off, false);
            timelines.insert(ik.name.clone(), json!([off]));
            continue;
        }
        if keys.is_empty() {
            continue;
        }
        let frame = |time: f64, mix: f64, curve: Option<Value>| {
            let mut key = json!({ "time": time, "mix": mix, "bendPositive": bend });
            ik.reach.write(&mut key, false);
            if let Some(curve) = curve {
                key["curve"] = curve;
            }
            key
        };
        // Two values per frame: the mix, and the softness (not keyed: constant).
        let soft = ik.reach.softness;
        let out = mix_frames(&keys, |mix| vec![mix, soft], frame);
        timelines.insert(ik.name.clone(), Value::Array(out));
    }
    (!timelines.is_empty()).then_some(Value::Object(timelines))
}

#[cfg(test)]
mod tests {
    use super::*;
    use limber_core::rig::parse_rig;

    /// Limbs under a root: a, b > c (for one- and two-bone IK), e > f (f's head off e's tail) and
    /// g > h > i (a FABRIK chain); and a target.
    const LIMBS: &str = r#"{"bones": [
        {"name": "body", "parent": null, "head": [0, 0], "tail": [0, -10]},
        {"name": "a", "parent": "body", "head": [0, -10], "tail": [10, -10]},
        {"name": "b", "parent": "a", "head": [10, -10], "tail": [20, -10]},
        {"name": "c", "parent": "b", "head": [20, -10], "tail": [30, -10]},
        {"name": "e", "parent": "body", "head": [0, -10], "tail": [-10, -10]},
        {"name": "f", "parent": "e", "head": [-11, -10], "tail": [-20, -10]},
        {"name": "g", "parent": "body", "head": [0, -10], "tail": [0, -20]},
        {"name": "h", "parent": "g", "head": [0, -20], "tail": [0, -30]},
        {"name": "i", "parent": "h", "head": [0, -30], "tail": [0, -40]},
        {"name": "goal", "parent": null, "head": [30, 10], "tail": [30, 10]}],"#;

    #[test]
    fn one_and_two_bone_chains_are_live_with_their_settings_and_the_rest_warned_by_name() {
        let rig = parse_rig(&format!(
            r#"{LIMBS} "ik": [
            {{"name": "aim", "bones": ["a"], "target": "goal", "compress": true, "uniform": true}},
            {{"name": "pair", "bones": ["b", "c"], "target": "goal", "softness": 2, "stretch": true}},
            {{"name": "gap", "bones": ["e", "f"], "target": "goal"}},
            {{"name": "long", "bones": ["g", "h", "i"], "target": "goal"}}]}}"#
        ))
        .unwrap();
        let live = native_ik(&rig);
        let names: Vec<&str> = live.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["aim", "pair"]);
        let json = ik_json(&rig, &live, 0);
        assert_eq!(json[0]["compress"], true);
        assert_eq!(json[0]["uniform"], true);
        assert!(json[0].get("stretch").is_none() && json[0].get("softness").is_none());
        assert_eq!(json[1]["softness"], 2.0);
        assert_eq!(json[1]["stretch"], true);
        assert!(json[1].get("compress").is_none() && json[1].get("uniform").is_none());
        let warnings = baked_ik_warnings(&rig);
        assert_eq!(warnings.len(), 2, "{warnings:?}");
        assert!(warnings[0].starts_with("IK \"gap\" is baked") && warnings[0].contains("tail"));
        assert!(warnings[1].starts_with("IK \"long\" is baked") && warnings[1].contains("FABRIK"));
    }

    #[test]
    fn a_chain_below_a_one_axis_stretch_is_baked_and_a_uniform_one_stays_live() {
        for (uniform, live_names) in [(true, vec!["aim", "pair"]), (false, vec!["aim"])] {
            let rig = parse_rig(&format!(
                r#"{LIMBS} "ik": [
                {{"name": "aim", "bones": ["a"], "target": "goal", "stretch": true, "uniform": {uniform}}},
                {{"name": "pair", "bones": ["b", "c"], "target": "goal"}}]}}"#
            ))
            .unwrap();
            let names: Vec<String> = native_ik(&rig).into_iter().map(|c| c.name).collect();
            assert_eq!(names, live_names, "uniform {uniform}");
            let warnings = baked_ik_warnings(&rig);
            assert_eq!(warnings.len(), usize::from(!uniform), "{warnings:?}");
            assert!(
                warnings
                    .iter()
                    .all(|w| w.contains("\"pair\"") && w.contains("one axis"))
            );
        }
    }
}
