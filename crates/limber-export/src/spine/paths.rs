//! limber's path constraints written live as Spine path constraints: the path becomes a path
//! attachment (its points in the carrying bone's frame) in a slot of its own on that bone, and the
//! constraint lays the same bones on it with the same modes, offsets and mixes, so a game can
//! move, swap or animate the path at run time. limber computes the constraint as spine-core 4.2
//! does ([`limber_core::animation::path_apply`]).
//!
//! A path constraint is written live when no other constraint or spring moves its bones and none
//! involves a bone below them but its own (the two runtimes would then order the updates
//! differently), and no IK above stretches along one axis. Otherwise it is baked, with one warning
//! naming it and why. In a clip that keys the scale or shear of one of its bones or of an ancestor
//! (limber writes the result as each bone's offsets, which equals Spine's world result only under
//! uniform scale) it is switched off (a `mix` timeline holding every mix at 0) and its bones baked.
//! A clip's keyed mix becomes a path `mix` timeline scaling the three mixes. Path constraints come
//! after IK, transform and look-at constraints in Spine's update order, and before physics, as in
//! limber.

use glam::DVec2;
use serde_json::{Map, Value, json};

use super::mix_timeline::{mix_frames, value_frames};
use super::rig_relations::{
    descends_from, involvement, scale_or_shear_keyed_at_or_above, scaled_above,
    stretched_unevenly_above,
};
use super::skeleton::{Bones, flip};
use limber_core::animation::path::{PathConstraint, PositionMode, RotateMode, SpacingMode};
use limber_core::animation::path_curve::coarse_lengths;
use limber_core::animation::{Clip, Interpolation, PathChannel};
use limber_core::rig::Rig;

/// A path constraint written live.
#[derive(Debug, Clone, PartialEq)]
pub struct LivePath {
    /// Index into the rig's path constraints.
    pub index: usize,
    /// The slot that shows its path attachment (named after the constraint, unique among slots).
    pub slot: String,
}

/// Why path constraint `path` cannot be written live; `None` when it is. `moved` and `involved`
/// are the rig's [`involvement`].
fn why_baked(
    rig: &Rig,
    (moved, involved): &(Vec<usize>, Vec<bool>),
    path: &PathConstraint,
) -> Option<&'static str> {
    if path.bones.iter().any(|&b| moved.get(b) != Some(&1)) {
        return Some("another constraint or a spring also moves its bones");
    }
    let below_others = (0..rig.skeleton.bones.len()).any(|d| {
        involved[d]
            && !path.bones.contains(&d)
            && path.bones.iter().any(|&b| descends_from(rig, d, b))
    });
    if below_others {
        return Some("another constraint involves a bone below its bones");
    }
    if path.bones.iter().any(|&b| stretched_unevenly_above(rig, b)) {
        return Some("an IK above it stretches or compresses along one axis only");
    }
    if path.bones.iter().any(|&b| scaled_above(rig, b)) {
        return Some("a physics or transform constraint above it scales or shears its parent");
    }
    None
}

/// The rig's path constraints that Spine evaluates as limber does, each with a slot name not in
/// `taken` (the other slots' names).
pub fn live_paths(rig: &Rig, taken: &[&str]) -> Vec<LivePath> {
    let mut used: Vec<String> = taken.iter().map(|s| s.to_string()).collect();
    let mut live = Vec::new();
    let involved = involvement(rig);
    for (index, path) in rig.paths.iter().enumerate() {
        if why_baked(rig, &involved, path).is_some() {
            continue;
        }
        let stem = format!("path {}", path.name);
        let slot = std::iter::once(stem.clone())
            .chain((2..).map(|k| format!("{stem} {k}")))
            .find(|name| !used.contains(name))
            .unwrap_or(stem);
        used.push(slot.clone());
        live.push(LivePath { index, slot });
    }
    live
}

/// One warning line for each path constraint baked into keys rather than written live.
pub fn baked_path_warnings(rig: &Rig) -> Vec<String> {
    let involved = involvement(rig);
    rig.paths
        .iter()
        .filter_map(|p| {
            why_baked(rig, &involved, p)
                .map(|why| format!("path \"{}\" is baked into keys: {why}", p.name))
        })
        .collect()
}

/// Whether `clip` switches `path` off (it keys the scale or shear of one of its bones or above).
pub fn off_in_clip(rig: &Rig, path: &PathConstraint, clip: &Clip) -> bool {
    scale_or_shear_keyed_at_or_above(rig, &path.bones, clip)
}

/// The slots of the live paths, on their carrying bones, showing the path.
pub fn path_slots(rig: &Rig, live: &[LivePath]) -> Vec<Value> {
    live.iter()
        .filter_map(|l| {
            let path = rig.paths.get(l.index)?;
            Some(json!({
                "name": l.slot,
                "bone": rig.skeleton.bones.get(path.path_bone)?.name,
                "attachment": path.name,
            }))
        })
        .collect()
}

/// Adds each live path's attachment to the `default` skin of `skins` (the `skins` array): its
/// points in the carrying bone's frame (Spine's y-up units), and each cubic's length at rest.
pub fn add_path_attachments(skins: &mut Value, rig: &Rig, bones: &Bones, live: &[LivePath]) {
    let Some(default) = skins
        .as_array_mut()
        .and_then(|s| s.iter_mut().find(|s| s["name"] == "default"))
    else {
        return;
    };
    if !default["attachments"].is_object() {
        default["attachments"] = Value::Object(Map::new());
    }
    for l in live {
        let Some(path) = rig.paths.get(l.index) else {
            continue;
        };
        let Some(rest) = bones.rest_world.get(path.path_bone) else {
            continue;
        };
        let to_bone = rest.inverse();
        let vertices: Vec<f64> = path
            .points
            .iter()
            .flat_map(|p| flip(to_bone.transform_point2(DVec2::from(*p))))
            .collect();
        let in_spine: Vec<[f64; 2]> = path.points.iter().map(|p| flip(DVec2::from(*p))).collect();
        let mut attachment = json!({
            "type": "path",
            "vertexCount": path.points.len(),
            "vertices": vertices,
            "lengths": coarse_lengths(&in_spine, path.closed),
        });
        if path.closed {
            attachment["closed"] = json!(true);
        }
        default["attachments"][&l.slot] = json!({ path.name.clone(): attachment });
    }
}

fn position_mode(mode: PositionMode) -> &'static str {
    match mode {
        PositionMode::Fixed => "fixed",
        PositionMode::Percent => "percent",
    }
}

fn spacing_mode(mode: SpacingMode) -> &'static str {
    match mode {
        SpacingMode::Length => "length",
        SpacingMode::Fixed => "fixed",
        SpacingMode::Percent => "percent",
        SpacingMode::Proportional => "proportional",
    }
}

fn rotate_mode(mode: RotateMode) -> &'static str {
    match mode {
        RotateMode::Tangent => "tangent",
        RotateMode::Chain => "chain",
        RotateMode::ChainScale => "chainScale",
    }
}

/// The skeleton's `path` array, update orders from `first_order`.
pub fn path_json(rig: &Rig, live: &[LivePath], first_order: usize) -> Value {
    let name = |b: usize| rig.skeleton.bones.get(b).map(|b| b.name.clone());
    Value::Array(
        live.iter()
            .enumerate()
            .filter_map(|(k, l)| {
                let path = rig.paths.get(l.index)?;
                let s = &path.settings;
                Some(json!({
                    "name": path.name,
                    "order": first_order + k,
                    "bones": path.bones.iter().filter_map(|&b| name(b)).collect::<Vec<_>>(),
                    "target": l.slot,
                    "positionMode": position_mode(s.position_mode),
                    "spacingMode": spacing_mode(s.spacing_mode),
                    "rotateMode": rotate_mode(s.rotate_mode),
                    "rotation": s.rotation,
                    "position": s.position,
                    "spacing": s.spacing,
                    "mixRotate": s.mix_rotate,
                    "mixX": s.mix_x,
                    "mixY": s.mix_y,
                }))
            })
            .collect(),
    )
}

/// The animation's `path` timelines: the clip's mix keys of the live paths (each scaling the three
/// mixes), or every mix held at 0 where the clip switches a path off.
pub fn path_timelines(rig: &Rig, live: &[LivePath], clip: &Clip) -> Option<Value> {
    let mut timelines = Map::new();
    for l in live {
        let Some(path) = rig.paths.get(l.index) else {
            continue;
        };
        let s = &path.settings;
        let mixes = |keyed: f64| [s.mix_rotate * keyed, s.mix_x * keyed, s.mix_y * keyed];
        let frame = |time: f64, keyed: f64, curve: Option<Value>| {
            let [rotate, x, y] = mixes(keyed);
            let mut key = json!({ "time": time, "mixRotate": rotate, "mixX": x, "mixY": y });
            if let Some(curve) = curve {
                key["curve"] = curve;
            }
            key
        };
        if off_in_clip(rig, path, clip) {
            timelines.insert(path.name.clone(), json!({ "mix": [frame(0.0, 0.0, None)] }));
            continue;
        }
        let mut timeline = Map::new();
        let keys: Vec<_> = clip.mix_keys_of(&path.name).collect();
        if !keys.is_empty() {
            let out = mix_frames(&keys, |keyed| mixes(keyed).to_vec(), frame);
            timeline.insert("mix".into(), Value::Array(out));
        }
        for channel in PathChannel::ALL {
            let keys: Vec<(f64, f64, Interpolation)> = clip
                .path_keys()
                .of(&path.name, channel)
                .filter_map(|k| channel.of(k).map(|v| (k.time, v, k.interp)))
                .collect();
            if keys.is_empty() {
                continue;
            }
            let value_frame = |time: f64, value: f64, curve: Option<Value>| {
                let mut key = json!({ "time": time, "value": value });
                if let Some(curve) = curve {
                    key["curve"] = curve;
                }
                key
            };
            let out = value_frames(&keys, |v| vec![v], value_frame);
            timeline.insert(channel.name().into(), Value::Array(out));
        }
        if !timeline.is_empty() {
            timelines.insert(path.name.clone(), Value::Object(timeline));
        }
    }
    (!timelines.is_empty()).then_some(Value::Object(timelines))
}

#[cfg(test)]
mod tests {
    use super::*;
    use limber_core::rig::parse_rig;

    const RIG: &str = r#"{"bones": [
        {"name": "body", "parent": null, "head": [0, 0], "tail": [0, -10]},
        {"name": "a", "parent": "body", "head": [0, -10], "tail": [10, -10]},
        {"name": "b", "parent": "a", "head": [10, -10], "tail": [20, -10]},
        {"name": "c", "parent": "b", "head": [20, -10], "tail": [30, -10]},
        {"name": "goal", "parent": null, "head": [30, 10], "tail": [30, 10]}],
        "paths": [{"name": "rope", "bones": ["a", "b"], "rotate_mode": "chainScale",
                   "path": {"bone": "body", "points": [[0,-5],[0,-10],[10,-10],[20,-10],[30,-10],[40,-10]]}}]"#;

    #[test]
    fn a_lone_path_is_live_and_one_sharing_its_bones_is_baked_with_a_warning() {
        let rig = parse_rig(&format!("{RIG}}}")).unwrap();
        let live = live_paths(&rig, &["path rope"]);
        assert_eq!(live.len(), 1);
        assert_eq!(
            live[0].slot, "path rope 2",
            "a taken slot name is not reused"
        );
        let json = path_json(&rig, &live, 3);
        assert_eq!(json[0]["order"], 3);
        assert_eq!(json[0]["rotateMode"], "chainScale");
        assert_eq!(json[0]["bones"], json!(["a", "b"]));
        assert!(baked_path_warnings(&rig).is_empty());

        let shared = parse_rig(&format!(
            r#"{RIG}, "ik": [{{"name": "reach", "bones": ["b"], "target": "goal"}}]}}"#
        ))
        .unwrap();
        assert!(live_paths(&shared, &[]).is_empty());
        let warnings = baked_path_warnings(&shared);
        assert_eq!(warnings.len(), 1);
        assert!(
            warnings[0].starts_with("path \"rope\" is baked"),
            "{warnings:?}"
        );

        let below = parse_rig(&format!(
            r#"{RIG}, "ik": [{{"name": "reach", "bones": ["c"], "target": "goal"}}]}}"#
        ))
        .unwrap();
        assert!(live_paths(&below, &[]).is_empty(), "an IK below its bones");
    }
}
