//! The union of a figure's centred paths from a source cell to its ends, as a tree of cells: the
//! ends, where two paths meet, the path between two cells, and how round an end is.

use std::collections::{HashMap, HashSet};

use super::chains::Island;
use super::paths::NONE;

/// The union of the centred paths from the root to the tips, as a tree of cells.
pub struct CellTree<'a> {
    pub parent: &'a [usize],
    pub root: usize,
    pub depth: HashMap<usize, usize>,
    /// The tree's ends: its tips, and the root when only one path leaves it.
    pub ends: Vec<usize>,
    pub tips_set: HashSet<usize>,
}

impl<'a> CellTree<'a> {
    pub fn new(parent: &'a [usize], root: usize, tips: &[usize]) -> Self {
        let tips: Vec<usize> = tips
            .iter()
            .copied()
            .filter(|&t| t != root && parent[t] != NONE)
            .collect();
        let mut depth = HashMap::new();
        let mut below_root = HashSet::new();
        for &t in &tips {
            let mut path = vec![t];
            let mut at = t;
            while at != root && parent[at] != NONE && !depth.contains_key(&at) {
                at = parent[at];
                path.push(at);
            }
            let base = if at == root {
                0
            } else {
                depth.get(&at).copied().unwrap_or(0)
            };
            depth.insert(root, 0);
            for (k, &c) in path.iter().rev().enumerate() {
                depth.entry(c).or_insert(base + k);
            }
            if path.len() >= 2 && path[path.len() - 1] == root {
                below_root.insert(path[path.len() - 2]);
            }
        }
        let mut ends = tips.clone();
        if below_root.len() == 1 {
            ends.push(root);
        }
        ends.sort_unstable();
        ends.dedup();
        Self {
            parent,
            root,
            depth,
            tips_set: tips.into_iter().collect(),
            ends,
        }
    }

    pub fn up(&self, c: usize) -> Option<usize> {
        (c != self.root && self.parent[c] != NONE).then(|| self.parent[c])
    }

    fn depth_of(&self, c: usize) -> usize {
        self.depth.get(&c).copied().unwrap_or(0)
    }

    /// Where the paths from `a` and `b` to the root meet.
    pub fn meet(&self, a: usize, b: usize) -> usize {
        let (mut a, mut b) = (a, b);
        while a != b {
            let (da, db) = (self.depth_of(a), self.depth_of(b));
            let step_a = da >= db;
            let next = if step_a { self.up(a) } else { self.up(b) };
            match next {
                Some(n) if step_a => a = n,
                Some(n) => b = n,
                None => return self.root,
            }
        }
        a
    }

    /// The cells from `a` to `b` through the tree.
    pub fn path(&self, a: usize, b: usize) -> Vec<usize> {
        let m = self.meet(a, b);
        let mut first = vec![a];
        let mut at = a;
        while at != m {
            let Some(n) = self.up(at) else { break };
            at = n;
            first.push(at);
        }
        let mut second = Vec::new();
        let mut at = b;
        while at != m {
            second.push(at);
            let Some(n) = self.up(at) else { break };
            at = n;
        }
        second.reverse();
        first.extend(second);
        first
    }

    /// The first cell of the path from `e` towards the root that `set` holds.
    pub fn first_on<V>(&self, e: usize, set: &HashMap<usize, V>) -> Option<usize> {
        let mut at = e;
        loop {
            if set.contains_key(&at) {
                return Some(at);
            }
            at = self.up(at)?;
        }
    }

    /// An end's largest thickness (px) within a short way of it: how round the end is.
    pub fn end_thickness(&self, island: &Island, e: usize) -> f64 {
        if !self.tips_set.contains(&e) {
            return island.thickness[e];
        }
        let reach = 0.12 * island.longer;
        let start = island.point(e);
        let mut best = 0.0f64;
        let mut at = e;
        loop {
            let p = island.point(at);
            if (p[0] - start[0]).hypot(p[1] - start[1]) > reach {
                break;
            }
            best = best.max(island.thickness[at]);
            match self.up(at) {
                Some(n) => at = n,
                None => break,
            }
        }
        best
    }
}
