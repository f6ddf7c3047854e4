//! The requirements on suggested bones, checked on a sprite's own pixels independently of the
//! suggester: its own islands, walking distances, geodesic centre and extremities (issue 18 (a)–(d)).

pub mod draw;
pub mod shape;

use std::collections::{HashMap, VecDeque};

use limber_core::rig::{BoneRecord, skeleton_from_records};

use shape::Shape;

/// Fraction of the longer side within which an extremity must have a bone end.
const REACH: f64 = 0.08;

/// Every broken requirement, one line each (empty when all hold), and the extremities found.
pub fn check(shape: &Shape, bones: &[BoneRecord]) -> (Vec<String>, Vec<[usize; 2]>) {
    let mut broken = Vec::new();
    let longer = shape.width.max(shape.height) as f64;
    if let Err(e) = skeleton_from_records(bones) {
        broken.push(format!("not a valid skeleton: {e}"));
        return (broken, Vec::new());
    }
    // (a) inside.
    for b in bones {
        let covered = covered_fraction(shape, b.head, b.tail);
        if covered < 0.95 {
            broken.push(format!(
                "(a) {} lies {:.0}% over the sprite",
                b.name,
                covered * 100.0
            ));
        }
    }
    // (b) one tree per island, one root on the largest.
    let islands = shape.islands();
    let island_of = |p: [f64; 2]| shape.island_near(&islands.label, p);
    let by_name: HashMap<&str, &BoneRecord> = bones.iter().map(|b| (b.name.as_str(), b)).collect();
    let mid = |b: &BoneRecord| [(b.head[0] + b.tail[0]) / 2.0, (b.head[1] + b.tail[1]) / 2.0];
    let roots: Vec<&BoneRecord> = bones.iter().filter(|b| b.parent.is_none()).collect();
    if roots.len() != 1 {
        broken.push(format!("(b) {} roots", roots.len()));
    } else if island_of(mid(roots[0])) != Some(islands.largest) {
        broken.push(format!(
            "(b) root {} is not on the largest island",
            roots[0].name
        ));
    }
    let mut tree_tops: HashMap<Option<u32>, usize> = HashMap::new();
    for b in bones {
        let own = island_of(mid(b));
        let parent_island = b
            .parent
            .as_deref()
            .and_then(|p| by_name.get(p))
            .map(|p| island_of(mid(p)));
        if parent_island != Some(own) {
            *tree_tops.entry(own).or_insert(0) += 1;
        }
    }
    for (island, tops) in &tree_tops {
        match island {
            None => broken.push("(b) a bone lies on no island".to_string()),
            Some(_) if *tops != 1 => {
                broken.push(format!("(b) an island's bones form {tops} trees"))
            }
            Some(_) => {}
        }
    }
    // (c) every extremity of the largest island has a bone end near it.
    let ends: Vec<[f64; 2]> = bones.iter().flat_map(|b| [b.head, b.tail]).collect();
    let tips = shape.extremities(&islands);
    for t in &tips {
        let p = [t[0] as f64 + 0.5, t[1] as f64 + 0.5];
        let nearest = ends
            .iter()
            .map(|e| (e[0] - p[0]).hypot(e[1] - p[1]))
            .fold(f64::INFINITY, f64::min);
        if nearest > REACH * longer {
            broken.push(format!(
                "(c) extremity {t:?}: nearest bone end {nearest:.0} px away"
            ));
        }
    }
    // (d) an artist's count and lengths.
    if tips.len() >= 3 && bones.len() < 3 {
        broken.push(format!(
            "(d) {} bones for {} extremities",
            bones.len(),
            tips.len()
        ));
    }
    if bones.len() > 5 * tips.len() + 6 {
        broken.push(format!(
            "(d) {} bones for {} extremities",
            bones.len(),
            tips.len()
        ));
    }
    for b in bones {
        let len = (b.tail[0] - b.head[0]).hypot(b.tail[1] - b.head[1]);
        if len < 0.01 * longer {
            broken.push(format!("(d) {} is {len:.1} px long", b.name));
        }
    }
    (broken, tips)
}

/// The fraction of the segment's length within 1 px of a visible pixel.
fn covered_fraction(shape: &Shape, a: [f64; 2], b: [f64; 2]) -> f64 {
    let len = (b[0] - a[0]).hypot(b[1] - a[1]);
    let n = (len * 4.0).ceil().max(1.0) as usize;
    let ok = (0..n)
        .filter(|&k| {
            let t = (k as f64 + 0.5) / n as f64;
            shape.near_visible([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t], 1.0)
        })
        .count();
    ok as f64 / n as f64
}

/// Breadth-first flood from `start` over pixels accepted by `pass`, 8-connected.
pub fn flood(w: usize, h: usize, start: usize, mut pass: impl FnMut(usize) -> bool) -> Vec<usize> {
    let mut seen = HashMap::new();
    let mut queue = VecDeque::from([start]);
    seen.insert(start, ());
    let mut out = Vec::new();
    while let Some(i) = queue.pop_front() {
        out.push(i);
        let (x, y) = ((i % w) as i64, (i / w) as i64);
        for dy in -1..=1i64 {
            for dx in -1..=1i64 {
                let (nx, ny) = (x + dx, y + dy);
                if (dx, dy) == (0, 0) || nx < 0 || ny < 0 || nx >= w as i64 || ny >= h as i64 {
                    continue;
                }
                let j = ny as usize * w + nx as usize;
                if !seen.contains_key(&j) && pass(j) {
                    seen.insert(j, ());
                    queue.push_back(j);
                }
            }
        }
    }
    out
}
