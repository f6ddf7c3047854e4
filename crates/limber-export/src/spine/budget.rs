//! What is checked before a Spine export builds its JSON: an upper bound on the timeline entries
//! the animations hold (each key of a bone, part or slot timeline, each frame of a constraint's mix
//! or a path's position and spacing keys, each sample of a baked bone, each draw-order offset), against [`Limits::spine_entries`], so a project of a million keys, a long
//! clip baked at a high rate or thousands of slots reordered many times is refused in one line
//! instead of building gigabytes of JSON.

use limber_core::limits::Limits;
use limber_core::project::Project;
use limber_core::slots::slot_list;

use super::constraints::{Live, baked_bones};
use super::curves::MIX_BEZIER_PIECES;
use super::{DEFAULT_FPS, SpineError, SpineOptions};

/// An upper bound on the timeline entries of every clip's animation.
pub fn timeline_entries(project: &Project, options: &SpineOptions) -> u64 {
    let rig = &project.rig;
    let live = Live::of(rig, &[]);
    let slots = slot_list(&project.parts, &rig.slots).len() as u64;
    rig.clips
        .iter()
        .map(|clip| {
            let rate = options
                .fps
                .or(clip.fps.map(f64::from))
                .unwrap_or(DEFAULT_FPS);
            // Rotate, translate and scale of a key, each with a key at 0 before it.
            let keyed = 3 * (clip.key_count() as u64 + rig.skeleton.bones.len() as u64);
            let baked = baked_bones(rig, &live, clip).iter().filter(|&&b| b).count() as u64;
            let samples = (clip.duration * rate).ceil().max(0.0) as u64 + 2;
            // A mix or path key's segment is up to 16 Bézier sub-curves, each a frame.
            let constraint_keys = (clip.mix_key_times().count() + clip.path_keys().all().len())
                as u64
                * (MIX_BEZIER_PIECES as u64 + 1);
            let (part_keys, slot_keys) = (clip.part_keys(), clip.slot_keys());
            let parts = part_keys.len() as u64 + project.parts.len() as u64;
            // Attachment and colour timelines, each with a key at 0.
            let slot_entries = slot_keys.len() as u64 + 2 * slots;
            let reorders = part_keys.iter().filter(|k| k.draw_order.is_some()).count()
                + slot_keys.iter().filter(|k| k.draw_order.is_some()).count();
            let draw_order = if reorders == 0 {
                0
            } else {
                (reorders as u64 + 1).saturating_mul(slots)
            };
            keyed
                .saturating_add(baked.saturating_mul(3).saturating_mul(samples))
                .saturating_add(parts)
                .saturating_add(slot_entries)
                .saturating_add(draw_order)
                .saturating_add(constraint_keys)
        })
        .fold(0u64, u64::saturating_add)
}

/// Refuses an export over the timeline budget.
pub fn check_entries(project: &Project, options: &SpineOptions) -> Result<(), SpineError> {
    Limits::current()
        .check_spine_entries(timeline_entries(project, options))
        .map_err(|e| SpineError::Budget(e.to_string()))
}
