//! A vertex's bone influences as glTF stores them: four joint indices and four f32 weights whose f32
//! sum is 1.
//!
//! limber keeps weights in f64, summing to 1 within 1e-12; narrowing each to f32 can leave the f32 sum
//! a few units in the last place away from 1. The specification asks the sum to be as close to 1 as
//! f32 allows, so the narrowed weights are rescaled in f64 and the remainder of the f32 sum is put on
//! the largest weight. Unused slots have joint 0 and weight 0. A vertex with no influence (a project
//! without bones) is bound wholly to [`ROOT_JOINT`], which never moves.

use limber_core::weights::Influences;

/// The skin's joint 0: the armature root, an identity joint; bone `b` is joint `b + 1`.
pub const ROOT_JOINT: u16 = 0;

/// Joints and weights of one vertex.
pub fn vertex_influences(influences: &Influences) -> ([u16; 4], [f32; 4]) {
    let mut joints = [0u16; 4];
    let mut weights = [0f32; 4];
    let used: Vec<(usize, f64)> = influences
        .iter()
        .copied()
        .filter(|&(_, w)| w > 0.0)
        .take(4)
        .collect();
    // Only positive weights are kept, so the total is positive.
    let total: f64 = used.iter().map(|&(_, w)| w).sum();
    if used.is_empty() {
        joints[0] = ROOT_JOINT;
        weights[0] = 1.0;
        return (joints, weights);
    }
    for (slot, &(bone, w)) in used.iter().enumerate() {
        joints[slot] = (bone + 1) as u16;
        weights[slot] = (w / total) as f32;
    }
    // Put what the sum of the narrowed weights misses on the largest weight: the others are summed
    // exactly (in f64), so the true sum of the four f32 values is then 1 within half a unit in the
    // last place of the largest.
    let largest = (0..used.len())
        .max_by(|&a, &b| weights[a].total_cmp(&weights[b]))
        .unwrap_or(0);
    let others: f64 = (0..used.len())
        .filter(|&k| k != largest)
        .map(|k| f64::from(weights[k]))
        .sum();
    weights[largest] = (1.0 - others) as f32;
    (joints, weights)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_sum_to_one_in_f32_and_joints_shift_past_the_root() {
        let influences = vec![(3, 0.1), (0, 0.2), (5, 0.3000000000000001), (2, 0.4)];
        let (joints, weights) = vertex_influences(&influences);
        assert_eq!(joints, [4, 1, 6, 3]);
        let sum: f32 = weights.iter().sum();
        assert!((sum - 1.0).abs() <= f32::EPSILON, "{sum}");
        assert!((weights[1] - 0.2).abs() < 1e-7);
        let thirds = vec![(0, 1.0 / 3.0), (1, 1.0 / 3.0), (2, 1.0 / 3.0)];
        let (_, w) = vertex_influences(&thirds);
        assert!((w.iter().sum::<f32>() - 1.0).abs() <= f32::EPSILON);
        assert_eq!(w[3], 0.0);
    }

    #[test]
    fn a_vertex_without_bones_follows_the_root() {
        assert_eq!(
            vertex_influences(&vec![]),
            ([ROOT_JOINT, 0, 0, 0], [1.0, 0.0, 0.0, 0.0])
        );
    }
}
