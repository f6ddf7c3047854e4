//! One glTF animation per clip: translation, rotation and scale of every bone node, and the morph
//! weights of every part mesh that has targets.
//!
//! A bone no constraint or spring touches is exported from its keys ([`tracks::keyed`]). A bone that
//! an IK chain, a rotation limit, a transform constraint or a spring moves is baked: its constrained
//! pose is sampled from [`Frame`] at the clip's rate and key times ([`tracks::baked`]). Every clip sets
//! every bone's three channels, so switching clips in a player leaves nothing over from the last one.
//! Tracks with equal times share one input accessor.

use std::collections::HashMap;

use glam::DAffine2;
use gltf_json::accessor::Type;
use gltf_json::animation::{
    Channel, Interpolation as GltfInterpolation, Property, Sampler, Target,
};
use gltf_json::validation::Checked;
use gltf_json::{Accessor, Animation, Index, Node, Root};

use super::buffer::BufferBuilder;
use super::morph::PartMorphs;
use super::sheared::Split;
use super::skeleton::{Armature, BoneLocals, Local};
use super::space::quaternion_z;
use super::tracks::{self, Mode, Timing, Track};
use limber_core::animation::{Clip, EventRecord, Interpolation};
use limber_core::frame::{ClipSampler, Frame};
use limber_core::pose::{Pose, PoseSolver};
use limber_core::project::Project;
use limber_core::rig::Rig;

/// What the animations refer to.
pub struct AnimationScene<'a> {
    pub project: &'a Project,
    pub solver: &'a PoseSolver,
    pub locals: &'a BoneLocals,
    pub armature: &'a Armature,
    /// Per part: its mesh node and morph targets.
    pub parts: &'a [(Index<Node>, PartMorphs)],
    /// Samples per second for baking and Bézier segments; `None`: each clip's own frame rate
    /// ([`super::DEFAULT_FPS`] without one).
    pub rate: Option<f64>,
}

/// Which bones constraints, springs or physics move (these are baked).
pub fn constrained_bones(rig: &Rig) -> Vec<bool> {
    let mut moved = vec![false; rig.skeleton.bones.len()];
    let bones = rig
        .ik
        .iter()
        .flat_map(|c| c.chain.iter().copied())
        .chain(rig.limits.iter().map(|l| l.bone))
        .chain(rig.transforms.iter().map(|t| t.bone))
        .chain(rig.springs.iter().map(|s| s.bone))
        .chain(rig.follows.iter().map(|f| f.bone))
        .chain(rig.physics.iter().map(|p| p.bone))
        .chain(rig.paths.iter().flat_map(|p| p.bones.iter().copied()));
    for bone in bones {
        if let Some(flag) = moved.get_mut(bone) {
            *flag = true;
        }
    }
    moved
}

/// Adds the animation of clip `clip` (an index into the project's clips).
pub fn add_animation(
    root: &mut Root,
    buffer: &mut BufferBuilder,
    scene: &AnimationScene,
    clip: usize,
) -> Option<Index<Animation>> {
    let rig = &scene.project.rig;
    let clip = rig.clips.get(clip).map(|c| (clip, c))?;
    let (clip_index, clip) = clip;
    let timing = Timing {
        duration: clip.duration,
        rate: scene
            .rate
            .or(clip.fps.map(f64::from))
            .unwrap_or(super::DEFAULT_FPS),
    };
    // Keys sampled without wrapping, so a track's last key holds the clip's last value.
    let mut flat = clip.clone();
    flat.looping = false;
    let keys = BoneKeys::new(clip, rig);
    let constrained = constrained_bones(rig);
    let two_nodes = scene.armature.outer.iter().any(Option::is_some);
    // Constraints' mix and path keys step or bend the baked bones too, and inheritance keys
    // step the two-node bones: sampled at their times.
    let mut key_times = keys.all_times();
    let inherit_times = clip
        .bone_keys()
        .filter(|k| k.inherit.is_some())
        .map(|k| k.time);
    key_times.extend(
        clip.mix_key_times()
            .chain(clip.path_key_times())
            .chain(inherit_times),
    );
    key_times.sort_by(f64::total_cmp);
    key_times.dedup();
    let baked = (two_nodes || constrained.iter().any(|&c| c))
        .then(|| BakedPoses::new(scene, clip, &key_times, timing));
    let mut writer = AnimationWriter::new(root, buffer);
    if let Some(baked) = &baked
        && two_nodes
    {
        // The pose each node shows: constrained bones baked, the others from their keys.
        let pose = |t: f64| {
            let mut pose = baked.pose(scene, clip, t);
            let keyed = flat.sample(t);
            for (offset, (&is_constrained, own)) in pose
                .bones
                .iter_mut()
                .zip(constrained.iter().zip(keyed.bones))
            {
                if !is_constrained {
                    *offset = own;
                }
            }
            pose
        };
        write_two_node_tracks(&mut writer, scene, &baked.times, timing, &pose);
    }
    for (bone, &is_constrained) in constrained.iter().enumerate() {
        if scene.armature.outer[bone].is_some() {
            continue;
        }
        let local = |t: f64| -> Local {
            let offset = match &baked {
                Some(baked) if is_constrained => baked.pose(scene, clip, t).bones[bone],
                _ => flat.sample(t).bones.get(bone).copied().unwrap_or_default(),
            };
            scene.locals.local(bone, &offset)
        };
        let node = scene.armature.bones[bone];
        let track = |channel: usize, pick: &dyn Fn(&Local) -> Vec<f64>| -> Track<Vec<f64>> {
            let sample = |t: f64| pick(&local(t));
            match &baked {
                Some(baked) if is_constrained => tracks::baked(&baked.times, timing, sample),
                _ => tracks::keyed(&keys.channels[bone][channel], timing, sample),
            }
        };
        let translation = track(0, &|l| l.translation.map(f64::from).to_vec());
        writer.channel(node, Property::Translation, &translation, Type::Vec3);
        let rotation = continuous_quaternions(track(1, &|l| vec![l.angle]));
        writer.channel(node, Property::Rotation, &rotation, Type::Vec4);
        let scale = track(2, &|l| l.scale.map(f64::from).to_vec());
        writer.channel(node, Property::Scale, &scale, Type::Vec3);
    }
    for (node, morphs) in scene.parts {
        if morphs.targets.is_empty() {
            continue;
        }
        let keys = morphs
            .clips
            .get(clip_index)
            .map(|c| c.keys.clone())
            .unwrap_or_default();
        let track = tracks::keyed(&keys, timing, |t| {
            morphs
                .weights(clip_index, t)
                .into_iter()
                .map(f64::from)
                .collect::<Vec<f64>>()
        });
        writer.channel(*node, Property::MorphTargetWeights, &track, Type::Scalar);
    }
    let nodes: Vec<Index<Node>> = scene.parts.iter().map(|(node, _)| *node).collect();
    for (node, track) in
        super::attachments::scale_tracks(scene.project, scene.solver, &flat, &nodes)
    {
        writer.channel(node, Property::Scale, &track, Type::Vec3);
    }
    if writer.channels.is_empty() {
        // A glTF animation needs a channel: a clip that keys no bone (only slot colours, only
        // events, or nothing, in a project without bones) holds the armature's root still over
        // the clip's length, which also gives players its duration.
        writer.hold(scene.armature.root, clip.duration);
    }
    Some(writer.finish(&clip.name, &clip.events))
}

/// A clip's bone keys per bone and channel (translate, rotate, scale): time and the interpolation
/// of each of the channel's values (translate x and y, scale x and y each have their own).
struct BoneKeys {
    channels: Vec<[Vec<ChannelKey>; 3]>,
}

/// A key's time and the curve of each of its values on one channel.
type ChannelKey = (f64, Vec<Interpolation>);

impl BoneKeys {
    fn new(clip: &Clip, rig: &Rig) -> Self {
        let mut channels = vec![[Vec::new(), Vec::new(), Vec::new()]; rig.skeleton.bones.len()];
        // The record lists keys sorted by bone, then time.
        for key in clip.to_record().keys {
            let Some(bone) = rig.skeleton.index_of(&key.bone) else {
                continue;
            };
            let curves = key.interp;
            let present = [
                (key.translate.is_some(), curves.translate.to_vec()),
                (key.rotate.is_some(), vec![curves.rotate]),
                (key.scale.is_some(), curves.scale.to_vec()),
            ];
            for (channel, (present, curves)) in present.into_iter().enumerate() {
                if present {
                    channels[bone][channel].push((key.time, curves));
                }
            }
        }
        Self { channels }
    }

    /// Every key time of every bone, sorted, once each.
    fn all_times(&self) -> Vec<f64> {
        let mut times: Vec<f64> = self
            .channels
            .iter()
            .flatten()
            .flatten()
            .map(|&(t, _)| t)
            .collect();
        times.sort_by(f64::total_cmp);
        times.dedup();
        times
    }
}

/// The constrained pose at the baking times, computed once per clip.
struct BakedPoses {
    times: Vec<f64>,
    poses: Vec<Pose>,
}

impl BakedPoses {
    fn new(scene: &AnimationScene, clip: &Clip, key_times: &[f64], timing: Timing) -> Self {
        // The times tracks::baked samples: the grid, the key times and the end.
        let grid = tracks::baked(key_times, timing, |t| t);
        let times: Vec<f64> = grid.values;
        let mut sampler = ClipSampler::new(scene.project, scene.solver, clip, None);
        let poses = times.iter().map(|&t| sampler.frame(t).pose).collect();
        Self { times, poses }
    }

    fn pose(&self, scene: &AnimationScene, clip: &Clip, t: f64) -> Pose {
        match self.times.binary_search_by(|probe| probe.total_cmp(&t)) {
            Ok(i) => self.poses[i].clone(),
            Err(_) => Frame::sample(scene.project, scene.solver, Some(clip), t).pose,
        }
    }
}

/// The tracks of the bones that are two nodes ([`super::sheared`]): each one's transform relative
/// to its parent's joint, from the posed skeleton at the bake times, split into the outer node's
/// translation, rotation and scale and the joint's rotation.
fn write_two_node_tracks(
    writer: &mut AnimationWriter,
    scene: &AnimationScene,
    times: &[f64],
    timing: Timing,
    pose: &dyn Fn(f64) -> Pose,
) {
    let parents: Vec<Option<usize>> = scene
        .project
        .rig
        .skeleton
        .bones
        .iter()
        .map(|b| b.parent)
        .collect();
    // Every bone's split at every sample time, each continuing the one before.
    let track = tracks::baked(times, timing, |t| {
        let world = scene.solver.world(&pose(t));
        world
            .iter()
            .enumerate()
            .map(|(b, w)| {
                let parent = parents[b].map_or(DAffine2::IDENTITY, |p| world[p]);
                parent.inverse() * *w
            })
            .collect::<Vec<DAffine2>>()
    });
    let space = scene.locals.space();
    for (bone, outer) in scene.armature.outer.iter().enumerate() {
        let Some(outer) = *outer else {
            continue;
        };
        let mut previous: Option<Split> = None;
        let splits: Vec<Split> = track
            .values
            .iter()
            .map(|locals| {
                let split = Split::of(&locals[bone], previous.as_ref());
                previous = Some(split);
                split
            })
            .collect();
        let values = |f: &dyn Fn(&Split) -> Vec<f64>| Track {
            mode: track.mode,
            times: track.times.clone(),
            values: splits.iter().map(f).collect(),
        };
        let translation = values(&|s| space.vector(s.translation).map(f64::from).to_vec());
        writer.channel(outer, Property::Translation, &translation, Type::Vec3);
        let rotation = continuous_quaternions(values(&|s| vec![s.outer_angle]));
        writer.channel(outer, Property::Rotation, &rotation, Type::Vec4);
        let scale = values(&|s| vec![s.scale[0], s.scale[1], 1.0]);
        writer.channel(outer, Property::Scale, &scale, Type::Vec3);
        let joint = continuous_quaternions(values(&|s| vec![s.inner_angle]));
        writer.channel(
            scene.armature.bones[bone],
            Property::Rotation,
            &joint,
            Type::Vec4,
        );
    }
}

/// Angles about +z → unit quaternions, each on the same side as the one before (so that glTF's
/// spherical interpolation turns the short way, as limber does).
fn continuous_quaternions(angles: Track<Vec<f64>>) -> Track<Vec<f64>> {
    let mut previous: Option<[f64; 4]> = None;
    let values = angles
        .values
        .iter()
        .map(|angle| {
            let mut q = quaternion_z(angle.first().copied().unwrap_or(0.0));
            if let Some(p) = previous
                && p.iter().zip(&q).map(|(a, b)| a * b).sum::<f64>() < 0.0
            {
                q = q.map(|c| -c);
            }
            previous = Some(q);
            q.to_vec()
        })
        .collect();
    Track {
        mode: angles.mode,
        times: angles.times,
        values,
    }
}

/// Collects one animation's samplers and channels; tracks with the same times share an input.
struct AnimationWriter<'a> {
    root: &'a mut Root,
    buffer: &'a mut BufferBuilder,
    inputs: HashMap<Vec<u32>, Index<Accessor>>,
    samplers: Vec<Sampler>,
    channels: Vec<Channel>,
}

impl<'a> AnimationWriter<'a> {
    fn new(root: &'a mut Root, buffer: &'a mut BufferBuilder) -> Self {
        Self {
            root,
            buffer,
            inputs: HashMap::new(),
            samplers: Vec::new(),
            channels: Vec::new(),
        }
    }

    fn channel(&mut self, node: Index<Node>, path: Property, track: &Track<Vec<f64>>, kind: Type) {
        let key: Vec<u32> = track.times.iter().map(|t| t.to_bits()).collect();
        let input = match self.inputs.get(&key) {
            Some(&input) => input,
            None => {
                let input = self
                    .buffer
                    .floats(self.root, &track.times, Type::Scalar, None);
                self.inputs.insert(key, input);
                input
            }
        };
        let values: Vec<f32> = track.values.iter().flatten().map(|&v| v as f32).collect();
        let output = self.buffer.floats(self.root, &values, kind, None);
        let interpolation = match track.mode {
            Mode::Step => GltfInterpolation::Step,
            Mode::Linear => GltfInterpolation::Linear,
        };
        let sampler = Index::new(self.samplers.len() as u32);
        self.samplers.push(Sampler {
            input,
            interpolation: Checked::Valid(interpolation),
            output,
            extensions: None,
            extras: Default::default(),
        });
        self.channels.push(Channel {
            sampler,
            target: Target {
                node,
                path: Checked::Valid(path),
                extensions: None,
                extras: Default::default(),
            },
            extensions: None,
            extras: Default::default(),
        });
    }

    /// A channel keeping `node` at its rest translation from 0 to `duration` seconds.
    fn hold(&mut self, node: Index<Node>, duration: f64) {
        let rest = self
            .root
            .nodes
            .get(node.value())
            .and_then(|n| n.translation)
            .unwrap_or([0.0; 3])
            .map(f64::from)
            .to_vec();
        let mut times = vec![0.0];
        if duration > 0.0 {
            times.push(duration as f32);
        }
        let track = Track {
            mode: Mode::Step,
            values: vec![rest; times.len()],
            times,
        };
        self.channel(node, Property::Translation, &track, Type::Vec3);
    }

    /// Adds the animation; the clip's events go in its `extras` as `{"events": [...]}`, each as
    /// the project file writes it (name, time in seconds, optional int, float and string).
    fn finish(self, name: &str, events: &[EventRecord]) -> Index<Animation> {
        let extras = (!events.is_empty())
            .then(|| serde_json::value::to_raw_value(&serde_json::json!({ "events": events })))
            .and_then(Result::ok);
        self.root.push(Animation {
            name: Some(name.to_string()),
            channels: self.channels,
            samplers: self.samplers,
            extensions: None,
            extras,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quaternions_stay_on_one_side() {
        let track = Track {
            mode: Mode::Linear,
            times: vec![0.0, 1.0],
            values: vec![vec![170f64.to_radians()], vec![(-170f64).to_radians()]],
        };
        let q = continuous_quaternions(track).values;
        let dot: f64 = q[0].iter().zip(&q[1]).map(|(a, b)| a * b).sum();
        // The 20° turn the short way: cos(10°).
        assert!((dot - 10f64.to_radians().cos()).abs() < 1e-12, "{dot}");
    }

    #[test]
    fn unconstrained_rigs_bake_nothing() {
        assert!(constrained_bones(&Rig::default()).is_empty());
    }
}
