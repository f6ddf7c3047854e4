//! The union of the centred paths from the root to each extremity, cut into segments at the cells
//! where paths join: a tree whose leaves are the limbs' tips and whose inner segments are the trunk.
//! Paths that run side by side along the same limb (two cells of equal thickness across a stroke's
//! middle) are first joined into one ([`merge_side_by_side`]), so limbs share their trunk.

use std::collections::HashMap;

use super::grid::Grid;
use super::paths::{NONE, ShortestPaths};

/// Joins each tip's path (longest first) to the paths kept before it at its first cell that lies
/// within half its thickness (and at least [`JOIN_REACH`] cells) of one of theirs: the cell's
/// predecessor becomes the nearest such cell.
pub fn merge_side_by_side(
    grid: &Grid,
    paths: &mut ShortestPaths,
    thickness: &[f64],
    root: usize,
    tips: &[usize],
) {
    let mut order: Vec<usize> = tips
        .iter()
        .copied()
        .filter(|&t| t != root && paths.parent[t] != NONE)
        .collect();
    order.sort_by(|&a, &b| paths.dist[b].total_cmp(&paths.dist[a]).then(a.cmp(&b)));
    order.dedup();
    let mut kept = vec![false; grid.inside.len()];
    kept[root] = true;
    let w = grid.width as i64;
    for tip in order {
        let mut path = Vec::new();
        let mut at = tip;
        loop {
            if kept[at] {
                break;
            }
            let reach = (0.5 * thickness[at]).max(JOIN_REACH);
            let r = reach.floor() as i64;
            let (x, y) = ((at % grid.width) as i64, (at / grid.width) as i64);
            let mut best: Option<(f64, usize)> = None;
            for dy in -r..=r {
                for dx in -r..=r {
                    let (nx, ny) = (x + dx, y + dy);
                    if nx < 0 || ny < 0 || nx >= w || ny >= grid.height as i64 {
                        continue;
                    }
                    let j = (ny * w + nx) as usize;
                    let d = (dx as f64).hypot(dy as f64);
                    if kept[j] && d <= reach && best.is_none_or(|(bd, _)| d < bd) {
                        best = Some((d, j));
                    }
                }
            }
            if let Some((_, j)) = best {
                if j != at {
                    paths.parent[at] = j;
                }
                break;
            }
            path.push(at);
            let up = paths.parent[at];
            if up == NONE {
                break;
            }
            at = up;
        }
        for c in path {
            kept[c] = true;
        }
    }
}

/// The least reach (cells) at which side-by-side paths are joined.
const JOIN_REACH: f64 = 1.5;

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
