//! Keeping attachments true to the skeleton when a bone is renamed or removed (called by
//! [`crate::edit::apply`], like the constraints and keys that name bones).

use super::records::{Polygon, PolygonBinding, SlotRecord};

/// Renames bone `from` to `to` in every point, bounding-box and clipping attachment.
pub fn rename_bone(slots: &mut [SlotRecord], from: &str, to: &str) {
    for a in slots.iter_mut().flat_map(|s| &mut s.attachments) {
        if let Some(bone) = a.bone_mut()
            && bone == from
        {
            *bone = to.to_string();
        }
    }
}

/// Removes bone `removed` (its index, before removal): attachments that follow it follow `heir`
/// (the removed bone's parent, by name) or, without one, are dropped; per-vertex influences go
/// through `rebind` (the parts' own rule: renumbered, renormalised, an emptied vertex given to the
/// heir).
pub fn remove_bone(
    slots: &mut [SlotRecord],
    removed: &str,
    heir: Option<&str>,
    rebind: impl Fn(&mut Vec<Vec<(usize, f64)>>),
) {
    for slot in slots.iter_mut() {
        slot.attachments.retain_mut(|a| {
            if let Some(Polygon {
                binding: PolygonBinding::Influences(influences),
                ..
            }) = a.polygon_mut()
            {
                rebind(influences);
            }
            match (a.bone_mut(), heir) {
                (Some(bone), Some(heir)) if bone == removed => {
                    *bone = heir.to_string();
                    true
                }
                (Some(bone), None) => bone != removed,
                _ => true,
            }
        });
        if let Some(setup) = &slot.setup
            && !slot.attachments.iter().any(|a| a.name() == setup)
        {
            slot.setup = None;
        }
    }
}
