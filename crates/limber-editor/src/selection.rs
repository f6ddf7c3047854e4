//! What is selected, in one model: the bones (the last one picked is the one the inspector and the
//! bone tools show), the dopesheet's keys (the inspector's key and the rubber band's), the mesh
//! vertex and the clip event. Indices are into the document's lists; [`Selection::keep_valid`]
//! drops those an undo step took away.

use limber_core::animation::{CopiedKeys, TrackKeyId};

/// A part's key of the current clip: part name and time.
pub type PartKeyId = TrackKeyId;

/// A key of the current clip: bone name and time.
pub type KeyId = TrackKeyId;

/// A slot's key of the current clip (attachment, colour): slot name and time.
pub type SlotKeyId = TrackKeyId;

/// A diamond of the dopesheet: a bone's, a part's or a slot's key.
#[derive(Debug, Clone, PartialEq)]
pub enum KeyRef {
    Bone(KeyId),
    Part(PartKeyId),
    Slot(SlotKeyId),
}

/// The selected keys (besides the inspector's key, [`Selection::key`]) and the
/// copied keys.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct KeySelection {
    pub selected: Vec<KeyId>,
    /// Selected part keys.
    pub parts: Vec<PartKeyId>,
    /// Selected slot keys.
    pub slots: Vec<SlotKeyId>,
    /// Copied keys, bone, part and slot, times relative to the earliest copied key.
    pub copied: CopiedKeys,
}

/// The editor's selection (not saved).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Selection {
    /// Selected bones, each once, the primary one last.
    bones: Vec<usize>,
    /// The key the inspector shows: bone name and time.
    key: Option<KeyId>,
    /// More selected keys (the dopesheet's rubber band) and the copied keys.
    keys: KeySelection,
    /// The vertex whose weights the inspector shows (Alt + click in Weights mode), or the one
    /// picked in Mesh mode: part, vertex.
    vertex: Option<(usize, usize)>,
    /// The selected event of the current clip (index into its events, sorted by time).
    event: Option<usize>,
    /// The slot the slots panel last acted on (where "+ attachment" adds), by name.
    slot: Option<String>,
}

impl Selection {
    /// The primary selected bone: the last one picked.
    pub fn bone(&self) -> Option<usize> {
        self.bones.last().copied()
    }

    /// Every selected bone, the primary one last.
    pub fn bones(&self) -> &[usize] {
        &self.bones
    }

    /// Whether `bone` is among the selected bones.
    pub fn has_bone(&self, bone: usize) -> bool {
        self.bones.contains(&bone)
    }

    /// Selects exactly `bone` (or no bone).
    pub fn set_bone(&mut self, bone: Option<usize>) {
        self.bones.clear();
        self.bones.extend(bone);
    }

    /// Selects exactly `bones`, each once, the last one primary.
    pub fn set_bones(&mut self, bones: impl IntoIterator<Item = usize>) {
        self.bones.clear();
        for bone in bones {
            if !self.bones.contains(&bone) {
                self.bones.push(bone);
            }
        }
    }

    /// Adds `bone` to the selection as the primary one, or takes it out when it is selected
    /// (Shift or Ctrl + click).
    pub fn toggle_bone(&mut self, bone: usize) {
        match self.bones.iter().position(|&b| b == bone) {
            Some(i) => {
                self.bones.remove(i);
            }
            None => self.bones.push(bone),
        }
    }

    /// The key the inspector shows.
    pub fn key(&self) -> Option<&KeyId> {
        self.key.as_ref()
    }

    pub fn set_key(&mut self, key: Option<KeyId>) {
        self.key = key;
    }

    /// The rubber band's keys and the copied keys.
    pub fn keys(&self) -> &KeySelection {
        &self.keys
    }

    pub(crate) fn keys_mut(&mut self) -> &mut KeySelection {
        &mut self.keys
    }

    pub fn vertex(&self) -> Option<(usize, usize)> {
        self.vertex
    }

    pub fn set_vertex(&mut self, vertex: Option<(usize, usize)>) {
        self.vertex = vertex;
    }

    pub fn event(&self) -> Option<usize> {
        self.event
    }

    pub fn set_event(&mut self, event: Option<usize>) {
        self.event = event;
    }

    pub fn slot(&self) -> Option<&str> {
        self.slot.as_deref()
    }

    pub fn set_slot(&mut self, slot: Option<String>) {
        self.slot = slot;
    }

    /// Drops the selected bones that no longer exist (after an undo or redo).
    pub fn keep_valid(&mut self, bones: usize) {
        self.bones.retain(|&b| b < bones);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_primary_bone_is_the_last_selected_and_gone_bones_are_dropped() {
        let mut selection = Selection::default();
        assert_eq!(selection.bone(), None);
        selection.set_bone(Some(3));
        assert_eq!((selection.bone(), selection.bones()), (Some(3), &[3][..]));
        assert!(selection.has_bone(3) && !selection.has_bone(2));
        selection.keep_valid(3);
        assert_eq!(selection.bone(), None, "bone 3 of 3 is gone");
        selection.set_bone(Some(1));
        selection.set_bone(None);
        assert!(selection.bones().is_empty());
    }

    #[test]
    fn toggling_adds_a_primary_bone_or_takes_one_out() {
        let mut selection = Selection::default();
        selection.set_bones([2, 0, 2, 1]);
        assert_eq!(selection.bones(), &[2, 0, 1]);
        selection.toggle_bone(0);
        assert_eq!(selection.bones(), &[2, 1]);
        selection.toggle_bone(4);
        assert_eq!((selection.bone(), selection.bones().len()), (Some(4), 3));
    }
}
