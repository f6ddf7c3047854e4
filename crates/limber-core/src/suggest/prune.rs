//! Keeping a suggested rig within the bone budget: the shortest bone that has a single child is
//! merged with it (the pair becomes one bone from the first's head to the second's tail, the
//! second's children hang from it), and when no bone has a single child the shortest tip bone is
//! dropped; repeated until the rig fits. The root is never removed.

use std::collections::HashMap;

use crate::rig::BoneRecord;

/// Shrinks `bones` (parents before children) to at most `max` bones (at least 1); how many bones
/// were merged or dropped.
pub fn to_budget(bones: &mut Vec<BoneRecord>, max: usize) -> usize {
    let max = max.max(1);
    let mut removed = 0;
    while bones.len() > max {
        let index: HashMap<&str, usize> = bones
            .iter()
            .enumerate()
            .map(|(k, b)| (b.name.as_str(), k))
            .collect();
        let mut children = vec![Vec::new(); bones.len()];
        for (k, b) in bones.iter().enumerate() {
            if let Some(&p) = b.parent.as_deref().and_then(|p| index.get(p)) {
                children[p].push(k);
            }
        }
        let length = |b: &BoneRecord| (b.tail[0] - b.head[0]).hypot(b.tail[1] - b.head[1]);
        // The shortest pair of a bone and its only child.
        let pair = (0..bones.len())
            .filter(|&k| children[k].len() == 1)
            .min_by(|&a, &b| {
                let la = length(&bones[a]) + length(&bones[children[a][0]]);
                let lb = length(&bones[b]) + length(&bones[children[b][0]]);
                la.total_cmp(&lb).then(a.cmp(&b))
            });
        if let Some(k) = pair {
            let child = children[k][0];
            let (child_name, tail) = (bones[child].name.clone(), bones[child].tail);
            bones[k].tail = tail;
            let keep = bones[k].name.clone();
            for b in bones.iter_mut() {
                if b.parent.as_deref() == Some(child_name.as_str()) {
                    b.parent = Some(keep.clone());
                }
            }
            bones.remove(child);
        } else {
            // No chain left to shorten: the shortest tip bone (never the root) goes.
            let Some(k) = (0..bones.len())
                .filter(|&k| children[k].is_empty() && bones[k].parent.is_some())
                .min_by(|&a, &b| {
                    length(&bones[a])
                        .total_cmp(&length(&bones[b]))
                        .then(a.cmp(&b))
                })
            else {
                break;
            };
            bones.remove(k);
        }
        removed += 1;
    }
    removed
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bone(name: &str, parent: Option<&str>, head: [f64; 2], tail: [f64; 2]) -> BoneRecord {
        BoneRecord {
            inherit: Default::default(),
            name: name.into(),
            parent: parent.map(Into::into),
            head,
            tail,
            smoothness: None,
            deform: true,
        }
    }

    #[test]
    fn a_long_chain_is_merged_down_to_the_budget_keeping_its_ends() {
        let mut bones = vec![bone("root", None, [0.0, 0.0], [1.0, 0.0])];
        for k in 1..10 {
            let parent = bones[k - 1].name.clone();
            bones.push(bone(
                &format!("b{k}"),
                Some(&parent),
                [k as f64, 0.0],
                [k as f64 + 1.0, 0.0],
            ));
        }
        assert_eq!(to_budget(&mut bones, 3), 7);
        assert_eq!(bones.len(), 3);
        assert_eq!(bones[0].name, "root");
        assert_eq!(bones[2].tail, [10.0, 0.0]);
        assert!(crate::rig::skeleton_from_records(&bones).is_ok());
    }

    #[test]
    fn a_star_loses_its_shortest_tips() {
        let mut bones = vec![bone("root", None, [0.0, 0.0], [1.0, 0.0])];
        for k in 1..6 {
            bones.push(bone(
                &format!("t{k}"),
                Some("root"),
                [0.0, 0.0],
                [0.0, k as f64],
            ));
        }
        assert_eq!(to_budget(&mut bones, 3), 3);
        let names: Vec<&str> = bones.iter().map(|b| b.name.as_str()).collect();
        assert_eq!(names, ["root", "t4", "t5"]);
    }
}
