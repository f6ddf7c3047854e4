//! The project's slots as one list: every written slot, and each part that no written slot's mesh
//! attachment names as a slot of its own (named like the part, one mesh attachment named like the
//! part, shown, white, normal blend, at the part's draw order). A version-4 file has no written
//! slots, so it is one slot per part.
//!
//! The list's order breaks draw-order ties: parts' own slots in part order, then the written slots
//! in their order.

use std::collections::{HashMap, HashSet};

use super::records::{
    AttachmentKind, AttachmentRecord, Blend, SkinRecord, SlotRecord, SlotSet, WHITE,
};
use crate::part::Part;

/// Where a slot of the list comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SlotSource {
    /// Part `index`'s own slot.
    Part(usize),
    /// `SlotSet::slots[index]`.
    Written(usize),
}

/// One slot of the project, written or a part's own.
#[derive(Debug, Clone, Copy)]
pub struct SlotView<'a> {
    pub source: SlotSource,
    pub name: &'a str,
    /// The written slot, if it is one.
    pub record: Option<&'a SlotRecord>,
    /// The part, if this is a part's own slot.
    pub part: Option<&'a Part>,
}

/// An attachment a slot shows: a part's own (the part), or one of a written slot's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shown {
    /// A part's own slot shows its part.
    Part(usize),
    /// Attachment `index` of the written slot.
    Attachment(usize),
}

impl<'a> SlotView<'a> {
    /// The setup draw order.
    pub fn draw_order(&self) -> i32 {
        match (self.record, self.part) {
            (Some(r), _) => r.draw_order,
            (None, Some(p)) => p.draw_order,
            (None, None) => 0,
        }
    }

    /// The setup colour (straight RGBA, 0–1).
    pub fn color(&self) -> [f64; 4] {
        self.record.map_or(WHITE, |r| r.color)
    }

    pub fn blend(&self) -> Blend {
        self.record.map_or(Blend::Normal, |r| r.blend)
    }

    /// The attachment name shown at setup.
    pub fn setup(&self) -> Option<&'a str> {
        match (self.record, self.part) {
            (Some(r), _) => r.setup.as_deref(),
            (None, Some(p)) => Some(p.name.as_str()),
            (None, None) => None,
        }
    }

    /// The slot's attachment names.
    pub fn attachment_names(&self) -> Vec<&'a str> {
        match (self.record, self.part) {
            (Some(r), _) => r.attachments.iter().map(|a| a.name()).collect(),
            (None, Some(p)) => vec![p.name.as_str()],
            (None, None) => Vec::new(),
        }
    }

    /// The written attachment `index`.
    pub fn attachment(&self, index: usize) -> Option<&'a AttachmentRecord> {
        self.record.and_then(|r| r.attachments.get(index))
    }

    /// What `name` shows in `skin` (`None`: the default skin): the skin's mapping of the name for
    /// this slot when it has one, else the slot's attachment of that name, else nothing.
    pub fn find(&self, name: &str, skin: Option<&SkinRecord>) -> Option<Shown> {
        self.find_named(None, name, skin)
    }

    /// [`Self::find`], looking the attachment up in `by_name` (this slot's
    /// [`super::sample_index::attachments_by_name`]) when given rather than searching the slot's attachments: for
    /// callers that sample a slot of many attachments at many times.
    pub fn find_named(
        &self,
        by_name: Option<&HashMap<&str, usize>>,
        name: &str,
        skin: Option<&SkinRecord>,
    ) -> Option<Shown> {
        let name = skin
            .and_then(|s| s.slots.get(self.name))
            .and_then(|m| m.get(name))
            .map_or(name, String::as_str);
        match (self.record, self.source) {
            (Some(_), _) if by_name.is_some() => by_name
                .and_then(|m| m.get(name))
                .copied()
                .map(Shown::Attachment),
            (Some(r), _) => r
                .attachments
                .iter()
                .position(|a| a.name() == name)
                .map(Shown::Attachment),
            (None, SlotSource::Part(i)) => self
                .part
                .is_some_and(|p| p.name == name)
                .then_some(Shown::Part(i)),
            (None, SlotSource::Written(_)) => None,
        }
    }
}

/// The parts named by written slots' mesh attachments.
pub fn claimed_parts(set: &SlotSet) -> HashSet<&str> {
    set.slots
        .iter()
        .flat_map(|s| &s.attachments)
        .filter(|a| a.kind() == AttachmentKind::Mesh)
        .filter_map(|a| a.part())
        .collect()
}

/// Every slot of a project with `parts` and `set`, in tie-breaking order (see the module doc).
pub fn slot_list<'a>(parts: &'a [Part], set: &'a SlotSet) -> Vec<SlotView<'a>> {
    let claimed = claimed_parts(set);
    let own = parts
        .iter()
        .enumerate()
        .filter(|(_, p)| !claimed.contains(p.name.as_str()))
        .map(|(i, p)| SlotView {
            source: SlotSource::Part(i),
            name: &p.name,
            record: None,
            part: Some(p),
        });
    let written = set.slots.iter().enumerate().map(|(i, r)| SlotView {
        source: SlotSource::Written(i),
        name: &r.name,
        record: Some(r),
        part: None,
    });
    own.chain(written).collect()
}

/// Part name → part index.
pub fn part_index(parts: &[Part]) -> HashMap<&str, usize> {
    parts
        .iter()
        .enumerate()
        .map(|(i, p)| (p.name.as_str(), i))
        .collect()
}

/// The part index a shown attachment draws, if it is a mesh.
pub fn shown_part(
    view: &SlotView<'_>,
    shown: Shown,
    parts: &HashMap<&str, usize>,
) -> Option<usize> {
    match shown {
        Shown::Part(i) => Some(i),
        Shown::Attachment(a) => view
            .attachment(a)
            .filter(|a| a.kind() == AttachmentKind::Mesh)
            .and_then(|a| a.part())
            .and_then(|name| parts.get(name).copied()),
    }
}
