//! Physics constraints written live as Spine 4.2 `physics` constraints: limber samples them with
//! Spine's own model ([`limber_core::animation::physics_step`]), so a game's runtime swings the
//! bones from the character's real motion and can tune them while it runs.
//!
//! A physics constraint is written live when nothing else moves its bone (another constraint or a
//! spring would be baked into the bone's keys, and the physics with it) and no IK above its bone
//! stretches along one axis only. Spine orders them after every other constraint, parents first,
//! as limber applies them; a clip's keys of its mix become a physics mix timeline. In a clip that
//! keys the scale of an ancestor of its bone, limber (whose bones have no shear) and Spine would
//! turn the bone differently, and under a baked ancestor Spine would integrate straight lines
//! between samples, so there the constraint is switched off (a mix timeline holding 0) and its bone
//! baked ([`on_in_clip`]).

use serde_json::{Map, Value, json};

use super::mix_timeline::mix_frames;
use super::rig_relations::{
    ancestors_and_self, involvement, scale_or_shear_keyed_at_or_above, scaled_above,
    stretched_unevenly_above,
};
use limber_core::animation::Clip;
use limber_core::rig::Rig;

/// The rig's physics constraints Spine evaluates live (indices into `rig.physics`, in Spine's
/// order), and one warning for each of the others.
pub fn live_physics(rig: &Rig) -> (Vec<usize>, Vec<String>) {
    let (moved, _) = involvement(rig);
    let mut own = vec![0usize; rig.skeleton.bones.len()];
    for physics in &rig.physics {
        if let Some(n) = own.get_mut(physics.bone) {
            *n += 1;
        }
    }
    let mut live = Vec::new();
    let mut warnings = Vec::new();
    for (i, physics) in rig.physics.iter().enumerate() {
        let bone = physics.bone;
        let why = if moved.get(bone) != own.get(bone) {
            Some("another constraint or a spring also moves its bone")
        } else if stretched_unevenly_above(rig, physics.bone) {
            Some("an IK above it stretches or compresses along one axis only")
        } else if scaled_above(rig, physics.bone) {
            Some("a physics or transform constraint above it scales or shears its parent")
        } else {
            None
        };
        match why {
            Some(why) => warnings.push(format!(
                "physics \"{}\" is baked into keys: {why}",
                physics.name
            )),
            None => live.push(i),
        }
    }
    // Parents first, as limber applies them.
    let order = rig.skeleton.order().unwrap_or_default();
    let mut position = vec![usize::MAX; rig.skeleton.bones.len()];
    for (k, &b) in order.iter().enumerate() {
        if let Some(p) = position.get_mut(b) {
            *p = k;
        }
    }
    live.sort_by_key(|&i| (position.get(rig.physics[i].bone).copied(), i));
    (live, warnings)
}

/// Which of the live constraints (`live`, parents first) are on in `clip`, unflagging the bones of
/// those that are in `baked` (every bone a constraint moves, less the bones of the live IK and
/// transform constraints on in the clip). One is off (its bone baked) when the clip keys the scale
/// of an ancestor of its bone (turning the bone would shear it in Spine), or when an ancestor is
/// baked (Spine would integrate the straight lines between the baked samples, limber the exact
/// motion).
pub fn on_in_clip(rig: &Rig, live: &[usize], clip: &Clip, baked: &mut [bool]) -> Vec<bool> {
    live.iter()
        .map(|&i| {
            let Some(physics) = rig.physics.get(i) else {
                return false;
            };
            let parent = rig.skeleton.bones.get(physics.bone).and_then(|b| b.parent);
            let above = parent
                .map(|p| ancestors_and_self(rig, p))
                .unwrap_or_default();
            let baked_above = above
                .iter()
                .zip(baked.iter())
                .any(|(&is_above, &is_baked)| is_above && is_baked);
            let on = !baked_above
                && !parent.is_some_and(|p| scale_or_shear_keyed_at_or_above(rig, &[p], clip));
            if on && let Some(flag) = baked.get_mut(physics.bone) {
                *flag = false;
            }
            on
        })
        .collect()
}

/// The `physics` array of the skeleton; update orders from `first_order` on.
pub fn physics_json(rig: &Rig, live: &[usize], first_order: usize) -> Value {
    Value::Array(
        live.iter()
            .enumerate()
            .filter_map(|(k, &i)| {
                let c = rig.physics.get(i)?;
                let s = &c.settings;
                let mut constraint = json!({
                    "name": c.name,
                    "order": first_order + k,
                    "bone": rig.skeleton.bones.get(c.bone)?.name,
                });
                let values = [
                    ("x", s.x, 0.0),
                    ("y", s.y, 0.0),
                    ("rotate", s.rotate, 0.0),
                    ("scaleX", s.scale_x, 0.0),
                    ("shearX", s.shear_x, 0.0),
                    ("limit", s.limit, 5000.0),
                    ("fps", s.fps, 60.0),
                    ("inertia", s.inertia, 1.0),
                    ("strength", s.strength, 100.0),
                    ("damping", s.damping, 1.0),
                    ("mass", s.mass, 1.0),
                    ("wind", s.wind, 0.0),
                    ("gravity", s.gravity, 0.0),
                    ("mix", s.mix, 1.0),
                ];
                for (key, value, default) in values {
                    if value != default {
                        constraint[key] = json!(value);
                    }
                }
                Some(constraint)
            })
            .collect(),
    )
}

/// The animation's `physics` timelines: for each live constraint, a mix held at 0 where it is off
/// in the clip (`on`, from [`on_in_clip`]), else the clip's keys of its mix.
pub fn physics_timelines(rig: &Rig, live: &[usize], on: &[bool], clip: &Clip) -> Option<Value> {
    let mut timelines = Map::new();
    for (k, c) in live.iter().filter_map(|&i| rig.physics.get(i)).enumerate() {
        if !on.get(k).copied().unwrap_or(false) {
            timelines.insert(
                c.name.clone(),
                json!({ "mix": [{ "time": 0.0, "value": 0.0 }] }),
            );
            continue;
        }
        let keys: Vec<_> = clip.mix_keys_of(&c.name).collect();
        if keys.is_empty() {
            continue;
        }
        let frame = |time: f64, mix: f64, curve: Option<Value>| {
            let mut key = json!({ "time": time, "value": mix });
            if let Some(curve) = curve {
                key["curve"] = curve;
            }
            key
        };
        let frames = mix_frames(&keys, |mix| vec![mix], frame);
        timelines.insert(c.name.clone(), json!({ "mix": frames }));
    }
    (!timelines.is_empty()).then_some(Value::Object(timelines))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spine::constraints::{Live, baked_and_physics};
    use limber_core::rig::parse_rig;

    /// hip > thigh > shin, and a free bone; physics on the shin (and what else the case adds).
    fn rig(extra: &str, clip_keys: &str) -> Rig {
        parse_rig(&format!(
            r#"{{"bones": [
                {{"name": "hip", "head": [0, 0], "tail": [0, 10]}},
                {{"name": "thigh", "parent": "hip", "head": [0, 10], "tail": [0, 20]}},
                {{"name": "shin", "parent": "thigh", "head": [0, 20], "tail": [0, 30]}},
                {{"name": "free", "head": [20, 0], "tail": [30, 0]}}],
              "physics": [{{"name": "sway", "bone": "shin", "rotate": 1}}],
              {extra}
              "clips": [{{"name": "c", "duration": 1, "keys": [{clip_keys}]}}]}}"#
        ))
        .unwrap()
    }

    #[test]
    fn physics_is_live_alone_and_baked_with_a_warning_when_something_else_moves_its_bone() {
        let alone = rig("", "");
        assert_eq!(live_physics(&alone), (vec![0], vec![]));
        let sprung = rig(
            r#""springs": [{"bone": "shin", "frequency": 2, "damping": 0.5}],"#,
            "",
        );
        let (live, warnings) = live_physics(&sprung);
        assert!(live.is_empty());
        assert_eq!(
            warnings,
            [
                "physics \"sway\" is baked into keys: another constraint or a spring also moves its bone"
            ]
        );
        let stretched = rig(
            r#""transforms": [{"name": "copy", "bone": "thigh", "source": "free", "rotate_mix": 0, "translate_mix": 0, "scale_mix": 0.5}],"#,
            "",
        );
        let (live, warnings) = live_physics(&stretched);
        assert!(
            live.is_empty() && warnings[0].contains("scales or shears its parent"),
            "{warnings:?}"
        );
    }

    #[test]
    fn a_look_at_above_a_physics_bone_stays_live() {
        let watched = rig(
            r#""look_at": [{"name": "aim", "bone": "thigh", "target": "free"}],"#,
            "",
        );
        let live = Live::of(&watched, &[]);
        assert_eq!(live.ik.len(), 1, "the look-at is live");
        assert_eq!(live.physics, [0], "and so is the physics below it");
    }

    #[test]
    fn a_clip_that_scales_or_bakes_an_ancestor_switches_it_off_and_bakes_the_bone() {
        let shin = 2;
        // Plain keys: on, the shin not baked, no timeline.
        let plain = rig("", r#"{"bone": "thigh", "time": 0, "rotate": 10}"#);
        let live = Live::of(&plain, &[]);
        let (baked, on) = baked_and_physics(&plain, &live, &plain.clips[0]);
        assert_eq!((on, baked[shin]), (vec![true], false));
        assert!(physics_timelines(&plain, &live.physics, &[true], &plain.clips[0]).is_none());
        // The thigh's scale keyed: off, a mix held at 0, the shin baked.
        let scaled = rig("", r#"{"bone": "thigh", "time": 0, "scale": [1.2, 1]}"#);
        let live = Live::of(&scaled, &[]);
        let (baked, on) = baked_and_physics(&scaled, &live, &scaled.clips[0]);
        assert_eq!((on.clone(), baked[shin]), (vec![false], true));
        let timelines = physics_timelines(&scaled, &live.physics, &on, &scaled.clips[0]);
        assert_eq!(
            timelines,
            Some(serde_json::json!({"sway": {"mix": [{"time": 0.0, "value": 0.0}]}}))
        );
        // The thigh baked (a rotation limit moves it): off too.
        let limited = rig(r#""limits": [{"bone": "thigh", "min": -5, "max": 5}],"#, "");
        let live = Live::of(&limited, &[]);
        let (baked, on) = baked_and_physics(&limited, &live, &limited.clips[0]);
        assert_eq!((on, baked[shin]), (vec![false], true));
    }
}
