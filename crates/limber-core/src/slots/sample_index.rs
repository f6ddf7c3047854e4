//! What sampling a project at many times can work out once: its slots, each slot's written
//! attachments by name, and the slot each part belongs to. A frame without it searches a slot's attachments for
//! the one it shows and walks every attachment to find the parts' slots, which costs nothing on a
//! usual rig but made an export at each of 600,000 keys of a slot of 90,000 attachments run for
//! minutes.

use std::collections::HashMap;

use super::resolve::{SlotSource, SlotView, part_index, slot_list};
use crate::project::Project;

/// Lookups over a project's slots, in [`slot_list`] order.
#[derive(Debug, Clone)]
pub struct SampleIndex<'a> {
    /// The slots ([`slot_list`]: it walks every attachment to find the parts slots claim).
    pub slots: Vec<SlotView<'a>>,
    /// Per slot: its written attachments by name (the first of each name, as
    /// [`SlotView::find`] finds it).
    pub by_name: Vec<HashMap<&'a str, usize>>,
    /// Per part: the slot that draws it.
    pub slot_of: Vec<Option<usize>>,
}

impl<'a> SampleIndex<'a> {
    pub fn new(project: &'a Project) -> Self {
        let slots = slot_list(&project.parts, &project.rig.slots);
        Self {
            by_name: attachments_by_name(&slots),
            slot_of: slot_of_parts(project, &slots),
            slots,
        }
    }
}

/// Each slot's written attachments by name (the first of each name), in the order of `slots`.
pub fn attachments_by_name<'a>(slots: &[SlotView<'a>]) -> Vec<HashMap<&'a str, usize>> {
    slots
        .iter()
        .map(|view| {
            let mut by_name = HashMap::new();
            let written = view.record.iter().flat_map(|r| r.attachments.iter());
            for (i, a) in written.enumerate() {
                by_name.entry(a.name()).or_insert(i);
            }
            by_name
        })
        .collect()
}

/// For each part of `project`, the index in `slots` of the slot that draws it: the last written
/// slot with a mesh attachment of the part, or the part's own slot.
pub fn slot_of_parts(project: &Project, slots: &[SlotView<'_>]) -> Vec<Option<usize>> {
    let index = part_index(&project.parts);
    let mut slot_of = vec![None; project.parts.len()];
    for (s, view) in slots.iter().enumerate() {
        if let Some(record) = view.record {
            for a in &record.attachments {
                if let Some(&p) = a.part().and_then(|n| index.get(n)) {
                    slot_of[p] = Some(s);
                }
            }
        }
        if let SlotSource::Part(p) = view.source {
            slot_of[p] = Some(s);
        }
    }
    slot_of
}
