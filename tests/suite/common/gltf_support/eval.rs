//! A small f32 evaluator of a glTF file, written for these tests from the glTF 2.0 specification:
//! animation sampling (STEP, LINEAR with spherical interpolation for rotations), node hierarchy,
//! morph targets and linear-blend skinning (joint matrix = joint's global transform × inverse bind
//! matrix; the skinned mesh node's own transform is ignored).

use std::collections::HashMap;
use std::path::Path;

use glam::{Mat4, Quat, Vec3};
use gltf::animation::Interpolation;
use gltf::animation::util::ReadOutputs;

/// A loaded glTF file.
pub struct Model {
    pub document: gltf::Document,
    pub buffers: Vec<gltf::buffer::Data>,
}

/// One animation channel, read out.
pub struct Channel {
    pub node: usize,
    pub property: gltf::animation::Property,
    pub interpolation: Interpolation,
    pub times: Vec<f32>,
    /// Flattened outputs, `width` per time.
    pub values: Vec<f32>,
    pub width: usize,
}

/// A skinned mesh node's geometry as posed: positions in glTF units.
pub struct Posed {
    pub name: String,
    pub positions: Vec<[f32; 3]>,
}

impl Model {
    pub fn load(path: &Path) -> Self {
        let (document, buffers, _images) =
            gltf::import(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        Self { document, buffers }
    }

    /// The channels of the animation called `name`.
    pub fn channels(&self, name: &str) -> Vec<Channel> {
        let animation = self
            .document
            .animations()
            .find(|a| a.name() == Some(name))
            .unwrap_or_else(|| panic!("no animation {name}"));
        animation
            .channels()
            .map(|channel| {
                let reader = channel
                    .reader(|b: gltf::Buffer<'_>| self.buffers.get(b.index()).map(|d| &d.0[..]));
                let times: Vec<f32> = reader.read_inputs().expect("inputs").collect();
                let (values, width): (Vec<f32>, usize) =
                    match reader.read_outputs().expect("outputs") {
                        ReadOutputs::Translations(v) => (v.flatten().collect(), 3),
                        ReadOutputs::Rotations(v) => (v.into_f32().flatten().collect(), 4),
                        ReadOutputs::Scales(v) => (v.flatten().collect(), 3),
                        ReadOutputs::MorphTargetWeights(v) => {
                            let all: Vec<f32> = v.into_f32().collect();
                            let width = all.len() / times.len().max(1);
                            (all, width)
                        }
                    };
                Channel {
                    node: channel.target().node().index(),
                    property: channel.target().property(),
                    interpolation: channel.sampler().interpolation(),
                    times,
                    values,
                    width,
                }
            })
            .collect()
    }

    /// Every skinned mesh node posed at time `t` of animation `animation` (the rest pose if `None`).
    pub fn posed(&self, animation: Option<&str>, t: f32) -> Vec<Posed> {
        let nodes: Vec<gltf::Node> = self.document.nodes().collect();
        let mut locals: Vec<(Vec3, Quat, Vec3)> = nodes
            .iter()
            .map(|n| {
                let (t, r, s) = n.transform().decomposed();
                (Vec3::from(t), Quat::from_array(r), Vec3::from(s))
            })
            .collect();
        let mut morph: HashMap<usize, Vec<f32>> = HashMap::new();
        for channel in animation.map(|a| self.channels(a)).unwrap_or_default() {
            let v = sample(&channel, t);
            use gltf::animation::Property as P;
            match channel.property {
                P::Translation => locals[channel.node].0 = Vec3::new(v[0], v[1], v[2]),
                P::Rotation => locals[channel.node].1 = Quat::from_xyzw(v[0], v[1], v[2], v[3]),
                P::Scale => locals[channel.node].2 = Vec3::new(v[0], v[1], v[2]),
                P::MorphTargetWeights => {
                    morph.insert(channel.node, v);
                }
            }
        }
        let mut parent = vec![None; nodes.len()];
        for n in &nodes {
            for child in n.children() {
                parent[child.index()] = Some(n.index());
            }
        }
        let global = |mut i: usize| {
            let mut m = Mat4::IDENTITY;
            loop {
                let (t, r, s) = locals[i];
                m = Mat4::from_scale_rotation_translation(s, r, t) * m;
                match parent[i] {
                    Some(p) => i = p,
                    None => return m,
                }
            }
        };
        let mut out = Vec::new();
        for node in &nodes {
            let (Some(mesh), Some(skin)) = (node.mesh(), node.skin()) else {
                continue;
            };
            let skin_reader =
                skin.reader(|b: gltf::Buffer<'_>| self.buffers.get(b.index()).map(|d| &d.0[..]));
            let inverse: Vec<Mat4> = skin_reader
                .read_inverse_bind_matrices()
                .expect("inverse bind matrices")
                .map(|m| Mat4::from_cols_array_2d(&m))
                .collect();
            let joints: Vec<Mat4> = skin
                .joints()
                .zip(&inverse)
                .map(|(j, ibm)| global(j.index()) * *ibm)
                .collect();
            let default_weights = mesh.weights().map(<[f32]>::to_vec).unwrap_or_default();
            let weights_now = morph.get(&node.index()).unwrap_or(&default_weights);
            for primitive in mesh.primitives() {
                let reader = primitive
                    .reader(|b: gltf::Buffer<'_>| self.buffers.get(b.index()).map(|d| &d.0[..]));
                let mut positions: Vec<Vec3> = reader
                    .read_positions()
                    .expect("positions")
                    .map(Vec3::from)
                    .collect();
                for (target, &w) in reader.read_morph_targets().zip(weights_now) {
                    if let Some(offsets) = target.0 {
                        for (p, o) in positions.iter_mut().zip(offsets) {
                            *p += Vec3::from(o) * w;
                        }
                    }
                }
                let vertex_joints: Vec<[u16; 4]> =
                    reader.read_joints(0).expect("joints").into_u16().collect();
                let vertex_weights: Vec<[f32; 4]> = reader
                    .read_weights(0)
                    .expect("weights")
                    .into_f32()
                    .collect();
                let skinned = positions
                    .iter()
                    .zip(vertex_joints.iter().zip(&vertex_weights))
                    .map(|(&p, (j, w))| {
                        let mut q = Vec3::ZERO;
                        for k in 0..4 {
                            q += joints[usize::from(j[k])].transform_point3(p) * w[k];
                        }
                        q.to_array()
                    })
                    .collect();
                out.push(Posed {
                    name: node.name().unwrap_or_default().to_string(),
                    positions: skinned,
                });
            }
        }
        out
    }
}

/// A channel's value at `t` (clamped to its times).
pub fn sample(channel: &Channel, t: f32) -> Vec<f32> {
    let w = channel.width;
    let at = |i: usize| channel.values[i * w..(i + 1) * w].to_vec();
    let times = &channel.times;
    if t <= times[0] {
        return at(0);
    }
    let i = times.partition_point(|&x| x <= t) - 1;
    if i + 1 >= times.len() || channel.interpolation == Interpolation::Step {
        return at(i);
    }
    let u = (t - times[i]) / (times[i + 1] - times[i]);
    let (a, b) = (at(i), at(i + 1));
    if channel.property == gltf::animation::Property::Rotation {
        return slerp(&a, &b, u);
    }
    a.iter().zip(&b).map(|(x, y)| x + (y - x) * u).collect()
}

/// Spherical linear interpolation of unit quaternions, the shorter way round.
fn slerp(a: &[f32], b: &[f32], u: f32) -> Vec<f32> {
    let mut dot: f32 = a.iter().zip(b).map(|(x, y)| x * y).sum();
    let sign = if dot < 0.0 { -1.0 } else { 1.0 };
    dot *= sign;
    let (wa, wb) = if dot > 0.9995 {
        (1.0 - u, u)
    } else {
        let theta = dot.acos();
        let s = theta.sin();
        (((1.0 - u) * theta).sin() / s, (u * theta).sin() / s)
    };
    let q: Vec<f32> = a
        .iter()
        .zip(b)
        .map(|(x, y)| wa * x + wb * sign * y)
        .collect();
    let n = q.iter().map(|c| c * c).sum::<f32>().sqrt();
    q.iter().map(|c| c / n).collect()
}
