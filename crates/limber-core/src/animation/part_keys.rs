//! Part keys: a part's draw order, visibility and vertex-deform offsets over time.
//!
//! Draw order and visibility hold until the next key (they are discrete). Deform keys move chosen
//! vertices by offsets in rest space, applied before skinning; they are stored sparsely — only the
//! vertices that move — and interpolated per vertex between keys (a vertex a key does not list has
//! offset 0 in that key). Part keys name the part; the project checks the names and vertex indices.

use serde::{Deserialize, Serialize};

use super::curve::Interpolation;
use crate::skeleton::MAX_COORDINATE;

/// Offsets for some of a part's vertices: `vertices[i]` moves by `offsets[i]` (pixels, rest space).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct DeformRecord {
    pub vertices: Vec<u32>,
    pub offsets: Vec<[f64; 2]>,
}

/// One part key as written.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PartKeyRecord {
    pub part: String,
    pub time: f64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw_order: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub visible: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deform: Option<DeformRecord>,
    /// For the deform offsets toward the next deform key.
    #[serde(default)]
    pub interp: Interpolation,
}

impl PartKeyRecord {
    /// Puts `key` into `keys`: on a key of the same part and time, what `key` holds replaces what
    /// that key has (as bone keys' channels do, [`super::KeyRecord::merge_into`]), and its
    /// interpolation wins; otherwise it is added.
    pub fn merge_into(keys: &mut Vec<PartKeyRecord>, key: PartKeyRecord) {
        match keys
            .iter_mut()
            .find(|k| k.part == key.part && k.time == key.time)
        {
            Some(existing) => {
                existing.draw_order = key.draw_order.or(existing.draw_order);
                existing.visible = key.visible.or(existing.visible);
                existing.deform = key.deform.or(existing.deform.take());
                existing.interp = key.interp;
            }
            None => keys.push(key),
        }
    }
}

/// A part's state at one time.
#[derive(Debug, Clone, PartialEq)]
pub struct PartPose {
    /// `None`: the part's own draw order.
    pub draw_order: Option<i32>,
    pub visible: bool,
    /// Sorted by vertex index.
    pub deform: Vec<(u32, [f64; 2])>,
}

impl Default for PartPose {
    fn default() -> Self {
        Self {
            draw_order: None,
            visible: true,
            deform: Vec::new(),
        }
    }
}

impl PartPose {
    /// Rest positions with the deform offsets added.
    pub fn deformed(&self, rest: &[[f64; 2]]) -> Vec<[f64; 2]> {
        let mut positions = rest.to_vec();
        for &(v, [dx, dy]) in &self.deform {
            if let Some(p) = positions.get_mut(v as usize) {
                p[0] += dx;
                p[1] += dy;
            }
        }
        positions
    }
}

/// Why a deform record is malformed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DeformError {
    #[error("{vertices} deform vertices but {offsets} offsets")]
    Counts { vertices: usize, offsets: usize },
    #[error("deform vertices must be listed once each, in increasing order")]
    Unsorted,
    #[error("a deform offset is not finite or beyond ±{MAX_COORDINATE} px")]
    Offset,
}

/// Checks a deform record: as many offsets as vertices, vertices strictly increasing, offsets finite
/// and within ±[`MAX_COORDINATE`] px.
pub fn check_deform(deform: &DeformRecord) -> Result<(), DeformError> {
    if deform.vertices.len() != deform.offsets.len() {
        return Err(DeformError::Counts {
            vertices: deform.vertices.len(),
            offsets: deform.offsets.len(),
        });
    }
    if deform.vertices.windows(2).any(|w| w[0] >= w[1]) {
        return Err(DeformError::Unsorted);
    }
    if !deform
        .offsets
        .iter()
        .flatten()
        .all(|c| c.abs() <= MAX_COORDINATE)
    {
        return Err(DeformError::Offset);
    }
    Ok(())
}

/// A part's state at time `t` from its keys (sorted by time).
pub fn sample_part(keys: &[&PartKeyRecord], t: f64) -> PartPose {
    let held = |pick: &dyn Fn(&PartKeyRecord) -> bool| {
        keys.iter()
            .filter(|k| pick(k))
            .take_while(|k| k.time <= t)
            .last()
            .or_else(|| keys.iter().find(|k| pick(k)))
            .copied()
    };
    let draw_order = held(&|k| k.draw_order.is_some()).and_then(|k| k.draw_order);
    let visible = held(&|k| k.visible.is_some())
        .and_then(|k| k.visible)
        .unwrap_or(true);
    let deform_keys: Vec<&PartKeyRecord> = keys
        .iter()
        .filter(|k| k.deform.is_some())
        .copied()
        .collect();
    PartPose {
        draw_order,
        visible,
        deform: sample_deform(&deform_keys, t),
    }
}

fn sample_deform(keys: &[&PartKeyRecord], t: f64) -> Vec<(u32, [f64; 2])> {
    let as_pairs = |k: &PartKeyRecord| -> Vec<(u32, [f64; 2])> {
        k.deform
            .as_ref()
            .map(|d| {
                d.vertices
                    .iter()
                    .copied()
                    .zip(d.offsets.iter().copied())
                    .collect()
            })
            .unwrap_or_default()
    };
    let Some(first) = keys.first() else {
        return Vec::new();
    };
    if t <= first.time {
        return as_pairs(first);
    }
    let i = keys.partition_point(|k| k.time <= t) - 1;
    let Some(next) = keys.get(i + 1) else {
        return as_pairs(keys[i]);
    };
    let e = keys[i]
        .interp
        .ease((t - keys[i].time) / (next.time - keys[i].time));
    // Merge the two sparse, sorted lists; a vertex missing from one has offset 0 there.
    let (a, b) = (as_pairs(keys[i]), as_pairs(next));
    let (mut ia, mut ib) = (0, 0);
    let mut out = Vec::with_capacity(a.len().max(b.len()));
    while ia < a.len() || ib < b.len() {
        let va = a.get(ia).map_or(u32::MAX, |p| p.0);
        let vb = b.get(ib).map_or(u32::MAX, |p| p.0);
        let v = va.min(vb);
        let oa = if va == v {
            ia += 1;
            a[ia - 1].1
        } else {
            [0.0, 0.0]
        };
        let ob = if vb == v {
            ib += 1;
            b[ib - 1].1
        } else {
            [0.0, 0.0]
        };
        out.push((
            v,
            [oa[0] + (ob[0] - oa[0]) * e, oa[1] + (ob[1] - oa[1]) * e],
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(
        time: f64,
        draw_order: Option<i32>,
        deform: Option<(Vec<u32>, Vec<[f64; 2]>)>,
    ) -> PartKeyRecord {
        PartKeyRecord {
            part: "arm".into(),
            time,
            draw_order,
            visible: None,
            deform: deform.map(|(vertices, offsets)| DeformRecord { vertices, offsets }),
            interp: Interpolation::LINEAR,
        }
    }

    #[test]
    fn draw_order_holds_and_deform_interpolates_sparse_sets() {
        let keys = [
            key(
                0.0,
                Some(1),
                Some((vec![2, 5], vec![[10.0, 0.0], [0.0, 4.0]])),
            ),
            key(
                1.0,
                Some(-1),
                Some((vec![5, 9], vec![[0.0, 8.0], [2.0, 2.0]])),
            ),
        ];
        let refs: Vec<&PartKeyRecord> = keys.iter().collect();
        let half = sample_part(&refs, 0.5);
        assert_eq!(half.draw_order, Some(1), "draw order is stepped");
        assert_eq!(
            half.deform,
            vec![(2, [5.0, 0.0]), (5, [0.0, 6.0]), (9, [1.0, 1.0])]
        );
        assert_eq!(sample_part(&refs, 1.0).draw_order, Some(-1));
        assert_eq!(
            sample_part(&refs, 1.0).deform,
            vec![(5, [0.0, 8.0]), (9, [2.0, 2.0])]
        );
        let moved = half.deformed(&[[0.0, 0.0]; 10]);
        assert_eq!(moved[5], [0.0, 6.0]);
        assert_eq!(moved[0], [0.0, 0.0]);
    }

    #[test]
    fn deform_records_are_checked() {
        let ok = DeformRecord {
            vertices: vec![1, 4],
            offsets: vec![[0.0, 1.0]; 2],
        };
        assert!(check_deform(&ok).is_ok());
        let short = DeformRecord {
            vertices: vec![1, 4],
            offsets: vec![[0.0, 1.0]],
        };
        assert!(check_deform(&short).is_err());
        let unsorted = DeformRecord {
            vertices: vec![4, 1],
            offsets: vec![[0.0, 1.0]; 2],
        };
        assert!(check_deform(&unsorted).is_err());
    }
}
