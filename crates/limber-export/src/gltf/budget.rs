//! What is checked before a glTF export starts: the animation's size (samples × channels, slot
//! colour tracks included, against [`limber_core::limits::Limits::gltf_values`]) and that every position it will write is a finite
//! f32, so the export never writes an invalid file (null bounds) or runs away on a long clip.

use std::collections::HashMap;

use limber_core::animation::Interpolation;
use limber_core::animation::slot_keys::SlotKeyRecord;
use limber_core::limits::Limits;
use limber_core::project::Project;
use limber_core::slots::{SlotSource, slot_list};

use super::animation::constrained_bones;
use super::space::Space;
use super::tracks::MIN_BEZIER_SAMPLES;
use super::{DEFAULT_FPS, ExportError, GltfOptions};

/// An upper bound on the animation values (samples × channels, all clips) the export writes.
pub fn animation_values(project: &Project, options: &GltfOptions) -> u64 {
    let rig = &project.rig;
    let parts_shown = parts_per_slot(project);
    let baked = constrained_bones(rig).iter().any(|&c| c);
    // Translation (3), rotation (4) and scale (3) per bone.
    let bone_channels = rig.skeleton.bones.len() as u64 * 10;
    rig.clips
        .iter()
        .map(|clip| {
            let rate = options
                .fps
                .or(clip.fps.map(f64::from))
                .unwrap_or(DEFAULT_FPS);
            let record = clip.to_record();
            let keys = (record.keys.len() + record.parts.len()) as u64;
            let eased =
                |i: &Interpolation| *i != Interpolation::LINEAR && *i != Interpolation::STEPPED;
            let resampled = baked
                || record
                    .keys
                    .iter()
                    .any(|k| k.interp.to_array().iter().any(eased))
                || record.parts.iter().any(|k| eased(&k.interp));
            let uniform = if resampled {
                (clip.duration * rate).ceil().max(0.0) as u64
            } else {
                0
            };
            let samples = uniform + (2 + MIN_BEZIER_SAMPLES as u64) * (keys + 1);
            let morph_channels = record.parts.len() as u64;
            samples
                .saturating_mul(bone_channels + morph_channels)
                .saturating_add(colour_values(
                    &record.slots,
                    &parts_shown,
                    clip.duration,
                    rate,
                ))
        })
        .fold(0u64, u64::saturating_add)
}

/// How many parts each slot's colour reaches (a colour track is written per part's material).
fn parts_per_slot(project: &Project) -> HashMap<&str, u64> {
    slot_list(&project.parts, &project.rig.slots)
        .iter()
        .map(|view| {
            let parts = match view.source {
                SlotSource::Part(_) => 1,
                SlotSource::Written(_) => view
                    .record
                    .into_iter()
                    .flat_map(|r| &r.attachments)
                    .filter(|a| a.part().is_some())
                    .count() as u64,
            };
            (view.name, parts)
        })
        .collect()
}

/// The values of the colour tracks of a clip's slot keys `keys` (RGBA per sample, per part shown):
/// a Bézier colour key resamples its slot's track uniformly at `rate`, as bone channels do.
fn colour_values(
    keys: &[SlotKeyRecord],
    parts: &HashMap<&str, u64>,
    duration: f64,
    rate: f64,
) -> u64 {
    let mut per_slot: HashMap<&str, (u64, bool)> = HashMap::new();
    for key in keys.iter().filter(|k| k.color.is_some()) {
        let entry = per_slot.entry(key.slot.as_str()).or_default();
        entry.0 += 1;
        entry.1 |= key.interp != Interpolation::LINEAR && key.interp != Interpolation::STEPPED;
    }
    per_slot
        .into_iter()
        .map(|(slot, (count, eased))| {
            let uniform = if eased {
                (duration * rate).ceil().max(0.0) as u64
            } else {
                0
            };
            let samples = uniform + (2 + MIN_BEZIER_SAMPLES as u64) * (count + 1);
            samples
                .saturating_mul(4)
                .saturating_mul(parts.get(slot).copied().unwrap_or(0))
        })
        .fold(0u64, u64::saturating_add)
}

/// Refuses an export over the animation budget or with a position that is not a finite f32.
pub fn check_export(project: &Project, options: &GltfOptions) -> Result<(), ExportError> {
    Limits::current()
        .check_gltf_values(animation_values(project, options))
        .map_err(|e| ExportError::Budget(e.to_string()))?;
    let space = Space {
        pixels_per_unit: options.pixels_per_unit,
    };
    let finite = |p: [f64; 2]| space.point(p, 0.0).iter().all(|c| c.is_finite());
    for part in &project.parts {
        if let Some(v) = part.mesh.positions.iter().find(|&&v| !finite(v)) {
            return Err(ExportError::NotFinite(format!(
                "part \"{}\": vertex {v:?} is beyond what glTF's 32-bit floats hold",
                part.name
            )));
        }
    }
    for bone in &project.rig.skeleton.bones {
        if !(finite(bone.head) && finite(bone.tail)) {
            return Err(ExportError::NotFinite(format!(
                "bone \"{}\" is beyond what glTF's 32-bit floats hold",
                bone.name
            )));
        }
    }
    Ok(())
}
