//! Part keys in the dopesheet's selection: a part's keyed draw order, visibility and deform offsets
//! (`PartKeyRecord`), selected (read on the [`Animation`] view), re-interpolated, deleted and
//! described next to the bone keys. Moving, deleting,
//! copying and pasting them with the bone keys is `key_selection.rs`, through the core's key edits
//! (`limber_core::animation::key_edits`).

use crate::animate::{Animation, KeyError};
use crate::key_selection::{existing, find, keyed_tracks};
use limber_core::animation::PartKeyRecord;
use limber_core::edit::Edit;

use crate::step::Step;

/// A part key of the current clip: part name and time.
pub use crate::selection::PartKeyId;

/// What a part key holds, in a few words: "draw order 2, hidden, deforms 14 vertices".
pub fn describe(key: &PartKeyRecord) -> String {
    let mut parts = Vec::new();
    if let Some(order) = key.draw_order {
        parts.push(format!("draw order {order}"));
    }
    if let Some(visible) = key.visible {
        parts.push(if visible { "shown" } else { "hidden" }.to_string());
    }
    if let Some(deform) = &key.deform {
        let n = deform.vertices.len();
        parts.push(format!(
            "deforms {n} vert{}",
            if n == 1 { "ex" } else { "ices" }
        ));
    }
    if parts.is_empty() {
        "nothing keyed".into()
    } else {
        parts.join(", ")
    }
}

impl Animation<'_> {
    /// The names of the parts that have keys in the current clip: the project's parts in order,
    /// then any other name the keys use. The dopesheet shows a row for each.
    pub fn keyed_parts(&self) -> Vec<String> {
        let Some(clip) = self.clip() else {
            return Vec::new();
        };
        let parts = &self.project.parts;
        keyed_tracks(clip.part_keys(), parts.iter().map(|p| p.name.as_str()))
    }

    /// The selected part keys of the current clip, each once, only those that exist.
    pub fn selected_part_keys(&self) -> Vec<PartKeyId> {
        self.clip().map_or_else(Vec::new, |clip| {
            existing(clip.part_keys(), &self.selection.keys().parts)
        })
    }

    /// Whether the part key is selected.
    pub fn is_part_key_selected(&self, part: &str, time: f64) -> bool {
        self.selection
            .keys()
            .parts
            .iter()
            .any(|(p, t)| p == part && *t == time)
    }

    /// The part key the inspector shows: the only selected key, when it is a part key.
    pub fn selected_part_key_record(&self) -> Option<PartKeyRecord> {
        let ids = self.selected_part_keys();
        if ids.len() != 1 || self.selected_set().len() != 1 {
            return None;
        }
        find(self.clip()?.part_keys(), &ids[0])
    }
}

/// Sets the interpolation of the selected part key's deform offsets toward the next deform key,
/// one undo step; whether it changed.
pub(crate) fn set_interpolation(
    mut step: Step,
    interp: limber_core::animation::Interpolation,
) -> Result<bool, KeyError> {
    let animation = step.animation();
    let clip = animation.clip().ok_or(KeyError::NoClip)?;
    let key = animation
        .selected_part_key_record()
        .ok_or(KeyError::NoKeySelected)?;
    if key.interp == interp {
        return Ok(false);
    }
    let mut record = clip.to_record();
    for k in &mut record.parts {
        if k.part == key.part && k.time == key.time {
            k.interp = interp;
        }
    }
    let name = record.name.clone();
    step.document
        .apply(Edit::ReplaceClip { name, clip: record })?;
    step.commit();
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use limber_core::animation::{DeformRecord, Interpolation};

    #[test]
    fn a_part_key_is_described_in_a_few_words() {
        let key = PartKeyRecord {
            part: "arm".into(),
            time: 0.0,
            draw_order: Some(2),
            visible: Some(false),
            deform: Some(DeformRecord {
                vertices: vec![1, 3],
                offsets: vec![[1.0, 0.0], [0.0, 2.0]],
            }),
            interp: Interpolation::LINEAR,
        };
        assert_eq!(describe(&key), "draw order 2, hidden, deforms 2 vertices");
    }
}
