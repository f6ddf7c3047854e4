//! The group structure. Records are stored bottom first; a group is a bounding divider record
//! (below its layers) and the group's own folder record (above them, holding its name, visibility,
//! mask and opacity). Unbalanced dividers, as some writers leave, are tolerated: a stray bounding
//! divider closes nothing, a folder without one encloses what lies below it up to the last
//! unclosed bounding divider.

use super::records::{Divider, Record};

/// For each record, the index of the folder record of the group directly around it.
pub(super) fn parents(records: &[Record]) -> Vec<Option<usize>> {
    let mut parents = vec![None; records.len()];
    let mut open: Vec<usize> = Vec::new();
    // From the top: a folder opens a group, a bounding divider closes the innermost one.
    for (i, record) in records.iter().enumerate().rev() {
        parents[i] = open.last().copied();
        match record.divider {
            Divider::Folder => open.push(i),
            Divider::Bounding => {
                open.pop();
            }
            Divider::None => {}
        }
    }
    parents
}

/// The folder records around record `i`, innermost first.
pub(super) fn ancestors(parents: &[Option<usize>], i: usize) -> Vec<usize> {
    let mut chain = Vec::new();
    let mut at = parents.get(i).copied().flatten();
    // A parent always lies above its child (a higher index), so this ends.
    while let Some(g) = at.filter(|&g| g > chain.last().copied().unwrap_or(i)) {
        chain.push(g);
        at = parents.get(g).copied().flatten();
    }
    chain
}
