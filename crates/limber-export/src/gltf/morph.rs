//! Vertex-deform keys as morph targets with animated weights.
//!
//! Each deform key of a part (in every clip) becomes one morph target: the key's sparse offsets made
//! dense (a vertex the key does not list has offset 0). Between two deform keys limber interpolates
//! offsets as (1 − e)·a + e·b, e being the first key's easing of the normalised time; so the weight of
//! the earlier key's target is 1 − e and the later's e, every other target 0. Before the first key the
//! first target has weight 1, after the last the last has — as limber holds them. A clip that does not
//! deform a part keeps all its targets at 0.

use limber_core::animation::{Clip, Interpolation};

/// One clip's deform keys of a part: its first target and the keys' times and interpolations.
#[derive(Debug, Clone, PartialEq)]
pub struct ClipTargets {
    pub first: usize,
    pub keys: Vec<(f64, Interpolation)>,
}

/// A part's morph targets over all clips.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct PartMorphs {
    /// Dense offsets (image pixels) per target.
    pub targets: Vec<Vec<[f64; 2]>>,
    /// "CLIP@TIME" per target.
    pub names: Vec<String>,
    /// Per clip, in the project's clip order.
    pub clips: Vec<ClipTargets>,
}

impl PartMorphs {
    /// Targets of the part called `part` (with `vertex_count` vertices) from the deform keys of `clips`.
    pub fn new(part: &str, vertex_count: usize, clips: &[Clip]) -> Self {
        let mut morphs = Self::default();
        for clip in clips {
            let first = morphs.targets.len();
            let mut keys = Vec::new();
            for key in clip.part_keys().iter().filter(|k| k.part == part) {
                let Some(deform) = &key.deform else {
                    continue;
                };
                let mut dense = vec![[0.0, 0.0]; vertex_count];
                for (&v, &offset) in deform.vertices.iter().zip(&deform.offsets) {
                    if let Some(slot) = dense.get_mut(v as usize) {
                        *slot = offset;
                    }
                }
                morphs.targets.push(dense);
                morphs.names.push(format!("{}@{}", clip.name, key.time));
                keys.push((key.time, key.interp));
            }
            morphs.clips.push(ClipTargets { first, keys });
        }
        morphs
    }

    /// The weights of every target at time `t` (not wrapped) of clip `clip`.
    pub fn weights(&self, clip: usize, t: f64) -> Vec<f32> {
        let mut weights = vec![0.0f32; self.targets.len()];
        let Some(targets) = self.clips.get(clip) else {
            return weights;
        };
        let keys = &targets.keys;
        let Some(&(first_time, _)) = keys.first() else {
            return weights;
        };
        if t <= first_time {
            weights[targets.first] = 1.0;
            return weights;
        }
        let i = keys.partition_point(|k| k.0 <= t) - 1;
        match keys.get(i + 1) {
            None => weights[targets.first + i] = 1.0,
            Some(&(next, _)) => {
                let (time, interp) = keys[i];
                let e = interp.ease((t - time) / (next - time));
                weights[targets.first + i] = (1.0 - e) as f32;
                weights[targets.first + i + 1] = e as f32;
            }
        }
        weights
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use limber_core::animation::{ClipRecord, DeformRecord, PartKeyRecord};
    use limber_core::skeleton::Skeleton;

    fn deform_key(time: f64, vertices: Vec<u32>, dx: f64, interp: Interpolation) -> PartKeyRecord {
        PartKeyRecord {
            part: "p".into(),
            time,
            draw_order: None,
            visible: None,
            deform: Some(DeformRecord {
                offsets: vec![[dx, 0.0]; vertices.len()],
                vertices,
            }),
            interp,
        }
    }

    #[test]
    fn weights_blend_neighbouring_keys_and_hold_at_the_ends() {
        let record = ClipRecord {
            name: "c".into(),
            duration: 2.0,
            looping: false,
            keys: vec![],
            parts: vec![
                deform_key(0.5, vec![1], 4.0, Interpolation::LINEAR),
                deform_key(1.5, vec![0, 2], 2.0, Interpolation::LINEAR),
            ],
            slots: Vec::new(),
            constraints: vec![],
            paths: Vec::new(),
            fps: None,
            events: vec![],
        };
        let clip = Clip::from_record(&record, &Skeleton::default()).unwrap();
        let morphs = PartMorphs::new("p", 3, &[clip.clone(), clip]);
        assert_eq!(morphs.targets.len(), 4);
        assert_eq!(morphs.targets[0], vec![[0.0, 0.0], [4.0, 0.0], [0.0, 0.0]]);
        assert_eq!(morphs.clips[1].first, 2);
        assert_eq!(morphs.weights(0, 0.0), vec![1.0, 0.0, 0.0, 0.0]);
        assert_eq!(morphs.weights(0, 1.0), vec![0.5, 0.5, 0.0, 0.0]);
        assert_eq!(morphs.weights(1, 1.75), vec![0.0, 0.0, 0.0, 1.0]);
    }
}
