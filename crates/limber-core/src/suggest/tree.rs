//! The union of the centred paths from the root to each extremity, cut into segments at the cells
//! where paths join: a tree whose leaves are the limbs' tips and whose inner segments are the trunk.

use std::collections::HashMap;

use super::paths::{NONE, ShortestPaths};

/// A run of cells between two joints of the tree.
pub struct Segment {
    /// From the top (the root or a junction) down to the bottom (a tip or a junction).
    pub cells: Vec<usize>,
    /// The segment above this one; `None` when its top is the root.
    pub parent: Option<usize>,
    /// Whether the bottom is an extremity.
    pub leaf: bool,
}

/// The segments of the paths from `root` (the source of `paths`) to `tips`. Tips that lie on
/// another tip's path, or that the paths do not reach, are left out.
pub fn segments(paths: &ShortestPaths, root: usize, tips: &[usize]) -> Vec<Segment> {
    let mut through: HashMap<usize, u32> = HashMap::new();
    let reached: Vec<usize> = tips
        .iter()
        .copied()
        .filter(|&t| t != root && paths.parent[t] != NONE)
        .collect();
    for &tip in &reached {
        let mut at = tip;
        loop {
            *through.entry(at).or_insert(0) += 1;
            if at == root {
                break;
            }
            at = paths.parent[at];
        }
    }
    let count = |c: usize| through.get(&c).copied().unwrap_or(0);
    let mut by_bottom: HashMap<usize, usize> = HashMap::new();
    let mut list: Vec<(Vec<usize>, bool)> = Vec::new();
    for &tip in &reached {
        if count(tip) != 1 {
            continue;
        }
        let mut bottom = tip;
        while bottom != root && !by_bottom.contains_key(&bottom) {
            let mut cells = vec![bottom];
            let mut at = bottom;
            loop {
                let up = paths.parent[at];
                cells.push(up);
                if up == root || count(up) != count(at) {
                    break;
                }
                at = up;
            }
            let top = cells[cells.len() - 1];
            cells.reverse();
            by_bottom.insert(bottom, list.len());
            list.push((cells, bottom == tip));
            bottom = top;
        }
    }
    list.into_iter()
        .map(|(cells, leaf)| {
            let top = cells[0];
            Segment {
                parent: if top == root {
                    None
                } else {
                    by_bottom.get(&top).copied()
                },
                cells,
                leaf,
            }
        })
        .collect()
}
