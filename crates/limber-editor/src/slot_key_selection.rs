//! Slot keys in the dopesheet: a slot's keyed attachment and colour (`SlotKeyRecord`), shown on a
//! row per keyed slot ([`Slots::keyed_slots`](crate::slot_actions::Slots::keyed_slots)),
//! selected, deleted and described next to the bone and part keys. Moving, deleting, copying and
//! pasting them with the others is `key_selection.rs`, through the core's key edits
//! (`limber_core::animation::key_edits`).

use limber_core::animation::{Interpolation, SlotKeyRecord};
use limber_core::edit::Edit;

use crate::editor::Editor;
use crate::key_selection::{existing, find};
pub use crate::selection::SlotKeyId;

/// What a slot key holds, in a few words: "shows closed, colour #ff8080ff".
pub fn describe(key: &SlotKeyRecord) -> String {
    let mut parts = Vec::new();
    match &key.attachment {
        Some(Some(name)) => parts.push(format!("shows {name}")),
        Some(None) => parts.push("shows nothing".to_string()),
        None => {}
    }
    if let Some(color) = key.color {
        parts.push(format!("colour {}", hex(color)));
    }
    if let Some(order) = key.draw_order {
        parts.push(format!("draw order {order}"));
    }
    if parts.is_empty() {
        "nothing keyed".into()
    } else {
        parts.join(", ")
    }
}

/// Straight RGBA 0–1 as `#rrggbbaa`.
pub fn hex(color: [f64; 4]) -> String {
    let byte = |c: f64| (c.clamp(0.0, 1.0) * 255.0).round() as u8;
    format!(
        "#{:02x}{:02x}{:02x}{:02x}",
        byte(color[0]),
        byte(color[1]),
        byte(color[2]),
        byte(color[3])
    )
}

impl Editor {
    /// The selected slot keys of the current clip, each once, only those that exist.
    pub fn selected_slot_keys(&self) -> Vec<SlotKeyId> {
        self.current_clip().map_or_else(Vec::new, |clip| {
            existing(clip.slot_keys(), &self.selection().keys().slots)
        })
    }

    /// Whether the slot key is selected.
    pub fn is_slot_key_selected(&self, slot: &str, time: f64) -> bool {
        self.selection()
            .keys()
            .slots
            .iter()
            .any(|(s, t)| s == slot && *t == time)
    }

    /// The slot key the inspector shows: the only selected key, when it is a slot key.
    pub fn selected_slot_key_record(&self) -> Option<SlotKeyRecord> {
        let ids = self.selected_slot_keys();
        if ids.len() != 1 || self.animation().selected_set().len() != 1 {
            return None;
        }
        find(self.current_clip()?.slot_keys(), &ids[0])
    }

    /// Sets the interpolation of the selected slot key's colour toward the next colour key, one
    /// undo step.
    pub fn set_slot_key_interpolation(&mut self, interp: Interpolation) -> bool {
        let (Some(key), Some(clip)) = (self.selected_slot_key_record(), self.current_clip()) else {
            return false;
        };
        if key.interp == interp {
            return false;
        }
        let mut record = clip.to_record();
        for k in &mut record.slots {
            if k.slot == key.slot && k.time == key.time {
                k.interp = interp;
            }
        }
        let name = record.name.clone();
        self.apply(Edit::ReplaceClip { name, clip: record })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slot_key_is_described_in_a_few_words() {
        let key = SlotKeyRecord {
            slot: "eyes".into(),
            time: 0.5,
            attachment: Some(Some("closed".into())),
            color: Some([1.0, 0.5, 0.5, 1.0]),
            draw_order: None,
            interp: Interpolation::LINEAR,
        };
        assert_eq!(describe(&key), "shows closed, colour #ff8080ff");
        let hidden = SlotKeyRecord {
            attachment: Some(None),
            color: None,
            ..key
        };
        assert_eq!(describe(&hidden), "shows nothing");
    }
}
