//! Physics constraints written live as Spine 4.2 `physics` constraints: limber samples them with
//! Spine's own model ([`limber_core::animation::physics_step`]), so a game's runtime swings the
//! bones from the character's real motion and can tune them while it runs.
//!
//! A physics constraint is written live when nothing else moves its bone (another constraint or a
//! spring would be baked into the bone's keys, and the physics with it) and no IK above its bone
//! stretches along one axis only. Spine orders them after every other constraint, parents first,
//! as limber applies them. In a clip that keys the scale of an ancestor of its bone, limber (whose
//! bones have no shear) and Spine would turn the bone differently, so there the constraint is
//! switched off (a mix timeline holding 0) and its bone baked.

use serde_json::{Map, Value, json};

use super::rig_relations::{involvement, scale_keyed_at_or_above, stretched_unevenly_above};
use limber_core::animation::{Clip, PhysicsConstraint};
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

/// Whether live constraint `physics` is switched off in `clip` (an ancestor's scale is keyed).
pub fn off_in_clip(rig: &Rig, physics: &PhysicsConstraint, clip: &Clip) -> bool {
    let parent = rig.skeleton.bones.get(physics.bone).and_then(|b| b.parent);
    parent.is_some_and(|p| scale_keyed_at_or_above(rig, &[p], clip))
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

/// The animation's `physics` timelines: a mix held at 0 for each live constraint switched off in
/// `clip`.
pub fn physics_timelines(rig: &Rig, live: &[usize], clip: &Clip) -> Option<Value> {
    let mut timelines = Map::new();
    for c in live.iter().filter_map(|&i| rig.physics.get(i)) {
        if off_in_clip(rig, c, clip) {
            timelines.insert(
                c.name.clone(),
                json!({ "mix": [{ "time": 0.0, "value": 0.0 }] }),
            );
        }
    }
    (!timelines.is_empty()).then_some(Value::Object(timelines))
}

/// Which bones live physics leaves unbaked in `clip`.
pub fn unbaked_in_clip(rig: &Rig, live: &[usize], clip: &Clip) -> Vec<usize> {
    live.iter()
        .filter_map(|&i| rig.physics.get(i))
        .filter(|c| !off_in_clip(rig, c, clip))
        .map(|c| c.bone)
        .collect()
}
