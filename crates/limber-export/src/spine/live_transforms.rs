//! limber's transform constraints written live as Spine transform constraints, in any of Spine's
//! four modes (world or local, absolute or relative): limber computes each as spine-core does
//! (`core::animation::transform_modes`), by the rotate, translate (x, y), scale (along, across) and
//! shear mixes, with the same offsets but for the translation's y, which Spine counts the other way
//! across the bone. limber writes the result
//! back as the bone's own offsets, which is Spine's result while the bone's ancestors are scaled
//! uniformly, so the constraint is live only where both see the same bones at the same stage:
//!
//! - no other constraint or spring moves the bone, no constraint involves a bone below it, and the
//!   source is not below it;
//! - no look-at, child-of or other transform constraint moves the source, the bone, or an ancestor
//!   of either (limber applies those after or around this one, Spine would see their final pose);
//! - no IK that stretches or compresses along one axis moves an ancestor of the bone.
//!
//! In a clip that keys the scale of the bone or an ancestor the constraint is switched off there
//! (a timeline holding every mix at 0) and the bone baked. A clip's keyed mix scales the three mixes,
//! as limber samples it, and becomes a transform timeline.

use serde_json::{Map, Value, json};

use super::mix_timeline::mix_frames;
use super::rig_relations::{
    alone_below, ancestors_and_self, involvement, scale_or_shear_keyed_at_or_above,
    stretched_unevenly_above,
};
use limber_core::animation::{Clip, TransformOffsets};
use limber_core::rig::Rig;

/// A limber transform constraint written as a Spine transform constraint.
#[derive(Debug, Clone, PartialEq)]
pub struct LiveTransform {
    pub name: String,
    pub bone: usize,
    pub source: usize,
    /// Rotate, translate x and y, scale along and across, shear: Spine's six, in its order.
    pub mixes: [f64; 6],
    pub offsets: TransformOffsets,
    /// Spine's `local` and `relative` modes.
    pub local: bool,
    pub relative: bool,
}

impl LiveTransform {
    /// Spine's six mixes when a clip's keyed mix is `keyed` (1 when unkeyed).
    fn mixes(&self, keyed: f64) -> [f64; 6] {
        self.mixes.map(|m| m * keyed)
    }

    /// The offsets as Spine names them, those that are set (a point's y flipped: Spine's y axis
    /// points the other way across the bone).
    fn write_offsets(&self, into: &mut Value) {
        let o = &self.offsets;
        let values = [
            ("rotation", o.rotate),
            ("x", o.translate[0]),
            ("y", -o.translate[1]),
            ("scaleX", o.scale[0]),
            ("scaleY", o.scale[1]),
            ("shearY", o.shear),
        ];
        for (name, value) in values {
            if value != 0.0 {
                into[name] = json!(value);
            }
        }
        for (name, on) in [("local", self.local), ("relative", self.relative)] {
            if on {
                into[name] = json!(true);
            }
        }
    }
}

/// The names of Spine's mixes, in [`LiveTransform::mixes`] order.
const MIX_NAMES: [&str; 6] = [
    "mixRotate",
    "mixX",
    "mixY",
    "mixScaleX",
    "mixScaleY",
    "mixShearY",
];

fn with_mixes(mut object: Value, mixes: [f64; 6]) -> Value {
    for (name, mix) in MIX_NAMES.iter().zip(mixes) {
        object[*name] = json!(mix);
    }
    object
}

/// The rig's transform constraints that Spine evaluates as limber does (see the module docs).
pub fn native_transforms(rig: &Rig) -> Vec<LiveTransform> {
    let (moved, involved) = involvement(rig);
    let count = rig.skeleton.bones.len();
    rig.transforms
        .iter()
        .enumerate()
        .filter(|(_, t)| t.bone < count && t.source < count)
        .filter(|(_, t)| moved[t.bone] == 1 && alone_below(rig, &involved, t.bone, t.source))
        .filter(|&(index, t)| {
            let watched: Vec<bool> = {
                let mut flags = ancestors_and_self(rig, t.bone);
                for (b, flag) in ancestors_and_self(rig, t.source).into_iter().enumerate() {
                    flags[b] |= flag;
                }
                flags
            };
            let follows = rig.follows.iter().any(|f| watched[f.bone]);
            let others = rig
                .transforms
                .iter()
                .enumerate()
                .any(|(k, o)| k != index && watched[o.bone]);
            let one_axis = stretched_unevenly_above(rig, t.bone);
            // Local modes read the source's own values: it must be keyed, not baked.
            let source_keyed = !t.local || moved[t.source] == 0;
            !follows && !others && !one_axis && source_keyed
        })
        .map(|(_, t)| LiveTransform {
            name: t.name.clone(),
            bone: t.bone,
            source: t.source,
            mixes: [
                t.rotate_mix,
                t.translate_mix,
                t.translate_mix_y,
                t.scale_mix,
                t.scale_mix_y,
                t.shear_mix,
            ],
            offsets: t.offsets,
            local: t.local,
            relative: t.relative,
        })
        .collect()
}

/// Whether the constraint is off in `clip` (and its bone baked there): when the clip keys the scale
/// or shear of `live`'s bone or of an ancestor, or the shear of the source or of an ancestor of it
/// (limber reads a source's scale along and across its own axis, which shear leaves apart from
/// Spine's), or, in local mode, when the export would write the rotation keys of the bone or the
/// source as other values than limber's ([`rotation_unwrapped`]).
pub fn off_in_clip(rig: &Rig, live: &LiveTransform, clip: &Clip) -> bool {
    scale_or_shear_keyed_at_or_above(rig, &[live.bone], clip)
        || shear_keyed_at_or_above(rig, live.source, clip)
        || (live.local
            && (rotation_unwrapped(rig, clip, live.bone)
                || rotation_unwrapped(rig, clip, live.source)))
}

/// Whether `clip` keys the shear of `bone` or of an ancestor of it.
fn shear_keyed_at_or_above(rig: &Rig, bone: usize, clip: &Clip) -> bool {
    let above = super::rig_relations::ancestors_and_self(rig, bone);
    clip.bone_keys()
        .filter(|k| k.shear.is_some())
        .any(|k| rig.skeleton.index_of(&k.bone).is_some_and(|b| above[b]))
}

/// Whether the Spine export unwraps `bone`'s rotation keys in `clip` (so that Spine turns the short
/// way, it writes a key more than 180° from the one before it 360° nearer). Spine's local modes mix
/// the rotation values themselves, so a value 360° from limber's mixes differently.
fn rotation_unwrapped(rig: &Rig, clip: &Clip, bone: usize) -> bool {
    let Some(name) = rig.skeleton.bones.get(bone).map(|b| &b.name) else {
        return false;
    };
    let mut keys: Vec<(f64, f64)> = clip
        .bone_keys()
        .filter(|k| &k.bone == name)
        .filter_map(|k| k.rotate.map(|r| (k.time, r)))
        .collect();
    keys.sort_by(|a, b| a.0.total_cmp(&b.0));
    keys.windows(2).any(|w| {
        let (before, after) = (w[0].1, w[1].1);
        let delta = (after - before).rem_euclid(360.0);
        let delta = if delta > 180.0 { delta - 360.0 } else { delta };
        (before + delta - after).abs() > 1e-9
    })
}

/// The `transform` array of the skeleton, the first constraint at update order `first_order`.
pub fn transform_json(rig: &Rig, live: &[LiveTransform], first_order: usize) -> Value {
    let name = |b: usize| rig.skeleton.bones[b].name.clone();
    Value::Array(
        live.iter()
            .enumerate()
            .map(|(k, t)| {
                let mut constraint = json!({
                    "name": t.name,
                    "order": first_order + k,
                    "bones": [name(t.bone)],
                    "target": name(t.source),
                });
                t.write_offsets(&mut constraint);
                with_mixes(constraint, t.mixes(1.0))
            })
            .collect(),
    )
}

/// The animation's `transform` timelines: the clip's mix keys of the live constraints (each frame
/// with the six mixes the keyed mix gives), or every mix held at 0 where the clip switches one off.
pub fn transform_timelines(rig: &Rig, live: &[LiveTransform], clip: &Clip) -> Option<Value> {
    let mut timelines = Map::new();
    for constraint in live {
        if off_in_clip(rig, constraint, clip) {
            let off = with_mixes(json!({ "time": 0.0 }), [0.0; 6]);
            timelines.insert(constraint.name.clone(), json!([off]));
            continue;
        }
        let keys: Vec<_> = clip.mix_keys_of(&constraint.name).collect();
        if keys.is_empty() {
            continue;
        }
        let frame = |time: f64, keyed: f64, curve: Option<Value>| {
            let mut key = with_mixes(json!({ "time": time }), constraint.mixes(keyed));
            if let Some(curve) = curve {
                key["curve"] = curve;
            }
            key
        };
        let out = mix_frames(&keys, |keyed| constraint.mixes(keyed).to_vec(), frame);
        timelines.insert(constraint.name.clone(), Value::Array(out));
    }
    (!timelines.is_empty()).then_some(Value::Object(timelines))
}

#[cfg(test)]
mod tests {
    use super::*;
    use limber_core::rig::parse_rig;

    const BONES: &str = r#"{"bones": [
        {"name": "body", "parent": null, "head": [0, 0], "tail": [0, -10]},
        {"name": "arm", "parent": "body", "head": [0, -10], "tail": [10, -10]},
        {"name": "hand", "parent": "arm", "head": [10, -10], "tail": [15, -10]},
        {"name": "leader", "parent": null, "head": [30, 0], "tail": [30, -10]},
        {"name": "eye", "parent": null, "head": [40, 0], "tail": [40, -5]}],"#;

    fn live_names(constraints: &str) -> Vec<String> {
        let rig = parse_rig(&format!("{BONES} {constraints}}}")).unwrap();
        native_transforms(&rig)
            .into_iter()
            .map(|t| t.name)
            .collect()
    }

    #[test]
    fn a_transform_is_live_only_where_spine_sees_what_limber_sees() {
        let copy = r#""transforms": [{"name": "copy", "bone": "arm", "source": "leader", "rotate_mix": 0.5, "translate_mix": 0.2}]"#;
        assert_eq!(live_names(copy), ["copy"]);
        // The source turned by a look-at afterwards: baked.
        let watched = format!(
            r#"{copy}, "look_at": [{{"name": "watch", "bone": "leader", "target": "eye"}}]"#
        );
        assert!(live_names(&watched).is_empty());
        // A bone below it moved by another constraint: baked.
        let below = format!(r#"{copy}, "limits": [{{"bone": "hand", "min": -10, "max": 10}}]"#);
        assert!(live_names(&below).is_empty());
        // Its bone moved by a second transform: both baked.
        let twice = r#""transforms": [
            {"name": "copy", "bone": "arm", "source": "leader", "rotate_mix": 0.5},
            {"name": "again", "bone": "arm", "source": "eye", "rotate_mix": 0.5}]"#;
        assert!(live_names(twice).is_empty());
        // Local mode from a source another constraint moves: baked.
        let moved_source = r#""transforms": [{"name": "copy", "bone": "arm", "source": "leader", "local": true, "rotate_mix": 1}],
            "limits": [{"bone": "leader", "min": -10, "max": 10}]"#;
        assert!(live_names(moved_source).is_empty());
        // An ancestor stretched along one axis by IK: baked; uniformly: live.
        for (uniform, live) in [(false, 0), (true, 1)] {
            let stretched = format!(
                r#""transforms": [{{"name": "copy", "bone": "hand", "source": "leader", "rotate_mix": 1}}],
                "ik": [{{"name": "reach", "bones": ["body"], "target": "eye", "stretch": true, "uniform": {uniform}}}]"#
            );
            assert_eq!(live_names(&stretched).len(), live, "uniform {uniform}");
        }
    }

    #[test]
    fn a_local_constraint_is_off_in_a_clip_whose_rotation_keys_spine_writes_otherwise() {
        let rig = |keys: &str| {
            parse_rig(&format!(
                r#"{BONES} "transforms": [{{"name": "copy", "bone": "arm", "source": "leader", "local": true, "rotate_mix": 0.5}}],
                "clips": [{{"name": "c", "duration": 1, "keys": [{keys}]}}]}}"#
            ))
            .unwrap()
        };
        let off = |keys: &str| {
            let rig = rig(keys);
            let live = native_transforms(&rig);
            assert_eq!(live.len(), 1);
            off_in_clip(&rig, &live[0], &rig.clips[0])
        };
        let near = r#"{"bone": "leader", "time": 0, "rotate": 170}, {"bone": "leader", "time": 1, "rotate": 10}"#;
        assert!(!off(near));
        // 170 → −170 is written 170 → 190 for Spine: a local mix of 190 is not one of −170.
        let across = r#"{"bone": "leader", "time": 0, "rotate": 170}, {"bone": "leader", "time": 1, "rotate": -170}"#;
        assert!(off(across));
        let own = r#"{"bone": "arm", "time": 1, "rotate": -170}, {"bone": "arm", "time": 0, "rotate": 170}"#;
        assert!(off(own), "keys in any order");
    }
}
