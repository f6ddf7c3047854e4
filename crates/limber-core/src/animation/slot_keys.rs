//! Slot keys: which attachment a slot shows (stepped), its colour (RGBA, interpolated like bone
//! channels) and, for a written slot, its draw order (stepped), over time.
//!
//! Like part keys, a channel before its first key holds that key's value and after its last key
//! the last key's; a slot without keys of a channel shows its setup. Slot keys name the slot; the
//! project checks the slot and attachment names ([`crate::slots::validate`]).

use serde::{Deserialize, Deserializer, Serialize};

use super::curve::{Interpolation, MAX_HANDLE_VALUE};

/// One slot key as written.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SlotKeyRecord {
    pub slot: String,
    pub time: f64,
    /// `Some(Some(name))`: show the attachment (or skin placeholder) `name`; `Some(None)` (written
    /// `null`): show none; `None` (absent): the key does not change the attachment.
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub attachment: Option<Option<String>>,
    /// Straight RGBA, 0–1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub color: Option<[f64; 4]>,
    /// A written slot's draw order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw_order: Option<i32>,
    /// For the colour toward the next colour key (the attachment and draw order are stepped).
    #[serde(default)]
    pub interp: Interpolation,
}

/// A field that is present (even as `null`) deserialises to `Some`.
fn present<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Option<String>>, D::Error> {
    Option::<String>::deserialize(d).map(Some)
}

impl SlotKeyRecord {
    /// Puts `key` into `keys`: on a key of the same slot and time, what `key` holds replaces what
    /// that key has and its interpolation wins; otherwise it is added.
    pub fn merge_into(keys: &mut Vec<SlotKeyRecord>, key: SlotKeyRecord) {
        match keys
            .iter_mut()
            .find(|k| k.slot == key.slot && k.time == key.time)
        {
            Some(existing) => {
                existing.attachment = key.attachment.or(existing.attachment.take());
                existing.color = key.color.or(existing.color);
                existing.draw_order = key.draw_order.or(existing.draw_order);
                existing.interp = key.interp;
            }
            None => keys.push(key),
        }
    }
}

/// A slot's keyed state at one time: `None` where the clip does not key that channel.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SlotPose {
    /// `Some(None)`: keyed to show nothing.
    pub attachment: Option<Option<String>>,
    pub color: Option<[f64; 4]>,
    pub draw_order: Option<i32>,
}

/// Why a slot key's values are invalid.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SlotKeyError {
    #[error("colour {0:?} has a component outside 0 to 1")]
    Colour([f64; 4]),
    #[error("the attachment name is empty")]
    EmptyAttachment,
    #[error("it keys nothing (give an attachment, a colour or a draw order)")]
    KeysNothing,
    #[error(
        "its interpolation is not finite, has a handle value beyond ±{MAX_HANDLE_VALUE}, or has handles in value offsets (bone channels only)"
    )]
    Interpolation,
}

/// Checks one key's values (its time is checked with the clip's): colour components from 0 to 1,
/// a valid interpolation, an attachment name that is not empty.
pub fn check_slot_key(key: &SlotKeyRecord) -> Result<(), SlotKeyError> {
    if let Some(color) = key.color
        && !color.iter().all(|c| (0.0..=1.0).contains(c))
    {
        return Err(SlotKeyError::Colour(color));
    }
    if matches!(&key.attachment, Some(Some(name)) if name.trim().is_empty()) {
        return Err(SlotKeyError::EmptyAttachment);
    }
    if key.attachment.is_none() && key.color.is_none() && key.draw_order.is_none() {
        return Err(SlotKeyError::KeysNothing);
    }
    if !key.interp.is_valid_eased() {
        return Err(SlotKeyError::Interpolation);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(time: f64, attachment: Option<Option<&str>>, color: Option<[f64; 4]>) -> SlotKeyRecord {
        SlotKeyRecord {
            slot: "eyes".into(),
            time,
            attachment: attachment.map(|a| a.map(String::from)),
            color,
            draw_order: None,
            interp: Interpolation::LINEAR,
        }
    }

    #[test]
    fn attachments_step_and_colours_interpolate() {
        let keys = [
            key(0.0, Some(Some("open")), Some([1.0, 1.0, 1.0, 1.0])),
            key(1.0, Some(None), Some([1.0, 0.0, 0.0, 0.5])),
            key(2.0, Some(Some("closed")), None),
        ];
        let keys = super::super::slot_index::SlotKeys::new(keys.to_vec());
        let sample_slot = |t: f64| keys.sample("eyes", t);
        let half = sample_slot(0.5);
        assert_eq!(half.attachment, Some(Some("open".into())));
        assert_eq!(half.color, Some([1.0, 0.5, 0.5, 0.75]));
        assert_eq!(sample_slot(1.0).attachment, Some(None));
        assert_eq!(sample_slot(1.5).color, Some([1.0, 0.0, 0.0, 0.5]));
        assert_eq!(sample_slot(2.5).attachment, Some(Some("closed".into())));
        assert_eq!(keys.sample("mouth", 0.3), SlotPose::default());
        assert_eq!(
            super::super::slot_index::SlotKeys::default().sample("eyes", 0.3),
            SlotPose::default()
        );
    }

    #[test]
    fn null_and_absent_attachments_read_differently() {
        let null: SlotKeyRecord =
            serde_json::from_str(r#"{"slot":"s","time":0,"attachment":null}"#).unwrap();
        assert_eq!(null.attachment, Some(None));
        let absent: SlotKeyRecord =
            serde_json::from_str(r#"{"slot":"s","time":0,"color":[1,1,1,1]}"#).unwrap();
        assert_eq!(absent.attachment, None);
        let text = serde_json::to_string(&null).unwrap();
        assert!(text.contains("\"attachment\":null"), "{text}");
        assert!(
            !serde_json::to_string(&absent)
                .unwrap()
                .contains("attachment")
        );
    }

    #[test]
    fn bad_keys_are_refused() {
        assert!(check_slot_key(&key(0.0, None, Some([1.0, 1.2, 0.0, 1.0]))).is_err());
        assert!(check_slot_key(&key(0.0, Some(Some(" ")), None)).is_err());
        assert!(check_slot_key(&key(0.0, None, None)).is_err());
        assert!(check_slot_key(&key(0.0, Some(None), None)).is_ok());
    }
}
