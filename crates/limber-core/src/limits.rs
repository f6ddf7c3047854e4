//! Budgets: every number that multiplies work or memory, in one place, checked before the work
//! starts.
//!
//! A small, valid file can still ask for unbounded work (a day-long clip at 240 fps, thousands of
//! springs, a rig of 200 000 bones), so each multiplier has a limit here, listed with its number in
//! docs/RELIABILITY.md. [`Limits::current`] gives the limits in force: the defaults, each of which
//! can be *lowered* (never raised) by an environment variable `LIMBER_MAX_<NAME>` so tests of hostile
//! inputs stay fast (`LIMBER_MAX_EXPORT_FRAMES=50`). Errors name the limit and the way out.

use std::sync::OnceLock;

pub use crate::over_limit::{OverBudget, thousands};

/// Most frames any rendered export (frames, sheet, GIF) or baked animation makes.
pub const MAX_EXPORT_FRAMES: u64 = 100_000;
/// Most pixels, all frames together, of an export held in memory before it is written (sheet, GIF):
/// 256 megapixels, 1 GiB of RGBA.
pub const MAX_EXPORT_PIXELS_IN_MEMORY: u64 = 256 << 20;
/// Most pixels, all frames together, of an export written frame by frame into a folder (16 GiB of
/// RGBA before compression).
pub const MAX_EXPORT_PIXELS_ON_DISK: u64 = 4 << 30;
/// Most animation values (samples × channels, all clips together) of a glTF export: 20 million
/// floats, an 80 MB buffer.
pub const MAX_GLTF_VALUES: u64 = 20_000_000;
/// Most timeline entries of a Spine export (keys of every timeline, baked samples, draw-order
/// offsets; an upper bound counted before building): each costs about 1.3 KB while the JSON is
/// built (measured: 10⁶ colour keys on 10,000 slots peaked at 1.74 GB, 7.4 × 10⁵ entries at
/// 1.28 GB), so 750,000 stay under 1.5 GB.
pub const MAX_SPINE_ENTRIES: u64 = 750_000;
/// Most bones of a rig. Weights keep per-vertex distances for every bone: measured, 1,000 bones on a
/// 2560 px sprite peaked at 1.52 GB (8,000 took 7.6 GB and aborted), 500 stay well under 1.5 GB.
pub const MAX_BONES: u64 = 500;
/// Most constraints of a rig (IK, rotation limits, transforms, look-at, child-of and physics together).
pub const MAX_CONSTRAINTS: u64 = 1_000;
/// Most springs of a rig.
pub const MAX_SPRINGS: u64 = 1_000;
/// Most physics updates one sample simulates: 2 minutes at 60 steps per second. A sample later in a
/// clip than that starts from rest this many updates before its time (see
/// `animation::physics_run`).
pub const MAX_PHYSICS_UPDATES: u64 = 7_200;
/// Most bones × image pixels a part's weights are computed for. Measured peaks of `limber new` grow
/// by about 0.22 bytes per bone per pixel on top of about 27 bytes per pixel (a 32 MP sprite: 20 bones
/// 1.03 GB, 500 bones 4.6 GB), so 2.5 × 10⁹ keeps the largest accepted image under 1.5 GB.
pub const MAX_WEIGHT_BONE_PIXELS: u64 = 2_500_000_000;
/// Most keys of one clip (bone, part, mix keys and events together).
pub const MAX_KEYS_PER_CLIP: u64 = 1_000_000;
/// Most clips of a rig.
pub const MAX_CLIPS: u64 = 1_000;
/// Most keys of a project, all clips together (bone, part, mix keys and events): with
/// [`MAX_KEYS_PER_CLIP`] alone, a thousand clips could hold a billion.
pub const MAX_KEYS: u64 = 1_000_000;
/// Most events of one clip. Games mark a handful of moments per clip (footsteps, sounds, hits).
pub const MAX_EVENTS_PER_CLIP: u64 = 10_000;
/// Most bytes of event text (names and string payloads), all clips together: 4 MiB. Every event
/// text is also at most 1,024 bytes (`animation::events::MAX_EVENT_TEXT`).
pub const MAX_EVENT_TEXT_BYTES: u64 = 4 << 20;
/// Most deform values (moved vertices) of all deform keys of all clips together: 10 million
/// offsets, 160 MB as numbers.
pub const MAX_DEFORM_OFFSETS: u64 = 10_000_000;
/// Most parts a layered file's import makes (its visible layers, counted before any is decoded):
/// measured, 10,000 layers of 1 x 1 px took 50 s to import, so 1,000 stay within a few seconds.
pub const MAX_PARTS: u64 = 1_000;
/// Most pixels of all layers an import keeps, after each is cut to the canvas and trimmed to its
/// visible pixels: 128 Mi, 512 MiB of RGBA, held until every layer's PNG is written.
pub const MAX_IMPORT_PIXELS: u64 = 128 << 20;
/// Most pixels an import decodes from layer PNGs (an ORA's layers may share one PNG or hold large
/// transparent ones, each decoded in turn): 2 Gi, eight times the largest canvas, a few seconds.
pub const MAX_IMPORT_DECODED_PIXELS: u64 = 2 << 30;
/// What one image pixel of a part costs while it is meshed and weighed, in bone-pixels of
/// [`MAX_WEIGHT_BONE_PIXELS`] (measured: about 27 bytes per pixel on top of 0.22 bytes per bone per
/// pixel, so one pixel weighs as much as about 123 bones). An import weighs parts in parallel only
/// while the sum of (bones + this) × pixels of the parts at work stays within that budget.
pub const PIXEL_COST_IN_BONES: u64 = 123;
/// Most written slots of a project (each a draw, and with clipping a stencil pass, per frame).
pub const MAX_SLOTS: u64 = 10_000;
/// Most attachments of all slots together.
pub const MAX_ATTACHMENTS: u64 = 100_000;
/// Most skins of a project.
pub const MAX_SKINS: u64 = 1_000;
/// Most entries (slot, name → attachment) of all skins together.
pub const MAX_SKIN_ENTRIES: u64 = 100_000;
/// Most vertices of one bounding-box or clipping polygon (posed every frame; a clipping polygon is
/// drawn twice into the stencil).
pub const MAX_POLYGON_VERTICES: u64 = 10_000;
/// Most memory a project file may take parsed, as estimated from its values before it is parsed
/// ([`crate::json_values`]): 1 GiB.
pub const MAX_PROJECT_PARSED_BYTES: u64 = 1 << 30;
/// Most points of all cuts of a rig together ([`crate::cuts`]). Each segment's wall costs at most
/// the image's width plus height, so 10,000 points on a 16384² image stay within 3.3 × 10⁸ cells.
pub const MAX_CUT_POINTS: u64 = 10_000;

/// The limits in force (see the module doc).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    pub export_frames: u64,
    pub export_pixels_in_memory: u64,
    pub export_pixels_on_disk: u64,
    pub gltf_values: u64,
    pub spine_entries: u64,
    pub bones: u64,
    pub constraints: u64,
    pub springs: u64,
    pub keys_per_clip: u64,
    pub clips: u64,
    pub weight_bone_pixels: u64,
    pub keys: u64,
    pub events_per_clip: u64,
    pub event_text_bytes: u64,
    pub deform_offsets: u64,
    pub parts: u64,
    pub import_pixels: u64,
    pub import_decoded_pixels: u64,
    pub slots: u64,
    pub attachments: u64,
    pub skins: u64,
    pub skin_entries: u64,
    pub polygon_vertices: u64,
    pub cut_points: u64,
    pub physics_updates: u64,
    pub project_parsed_bytes: u64,
}

impl Limits {
    /// The documented defaults.
    pub const DEFAULT: Self = Self {
        export_frames: MAX_EXPORT_FRAMES,
        export_pixels_in_memory: MAX_EXPORT_PIXELS_IN_MEMORY,
        export_pixels_on_disk: MAX_EXPORT_PIXELS_ON_DISK,
        gltf_values: MAX_GLTF_VALUES,
        spine_entries: MAX_SPINE_ENTRIES,
        bones: MAX_BONES,
        constraints: MAX_CONSTRAINTS,
        springs: MAX_SPRINGS,
        keys_per_clip: MAX_KEYS_PER_CLIP,
        clips: MAX_CLIPS,
        weight_bone_pixels: MAX_WEIGHT_BONE_PIXELS,
        keys: MAX_KEYS,
        events_per_clip: MAX_EVENTS_PER_CLIP,
        event_text_bytes: MAX_EVENT_TEXT_BYTES,
        deform_offsets: MAX_DEFORM_OFFSETS,
        parts: MAX_PARTS,
        import_pixels: MAX_IMPORT_PIXELS,
        import_decoded_pixels: MAX_IMPORT_DECODED_PIXELS,
        slots: MAX_SLOTS,
        attachments: MAX_ATTACHMENTS,
        skins: MAX_SKINS,
        skin_entries: MAX_SKIN_ENTRIES,
        polygon_vertices: MAX_POLYGON_VERTICES,
        cut_points: MAX_CUT_POINTS,
        physics_updates: MAX_PHYSICS_UPDATES,
        project_parsed_bytes: MAX_PROJECT_PARSED_BYTES,
    };

    /// The defaults, each lowered by `LIMBER_MAX_<NAME>` where that is set to a smaller whole number
    /// (read once per process).
    pub fn current() -> Self {
        static CURRENT: OnceLock<Limits> = OnceLock::new();
        *CURRENT.get_or_init(|| Self::from_env(|name| std::env::var(name).ok()))
    }

    /// The defaults lowered by whatever `var` gives for each `LIMBER_MAX_<NAME>`.
    pub fn from_env(var: impl Fn(&str) -> Option<String>) -> Self {
        let lower = |default: u64, name: &str| {
            var(&format!("LIMBER_MAX_{name}"))
                .and_then(|v| v.trim().parse::<u64>().ok())
                .map_or(default, |v| v.min(default))
        };
        let d = Self::DEFAULT;
        Self {
            export_frames: lower(d.export_frames, "EXPORT_FRAMES"),
            export_pixels_in_memory: lower(d.export_pixels_in_memory, "EXPORT_PIXELS_IN_MEMORY"),
            export_pixels_on_disk: lower(d.export_pixels_on_disk, "EXPORT_PIXELS_ON_DISK"),
            gltf_values: lower(d.gltf_values, "GLTF_VALUES"),
            spine_entries: lower(d.spine_entries, "SPINE_ENTRIES"),
            bones: lower(d.bones, "BONES"),
            constraints: lower(d.constraints, "CONSTRAINTS"),
            springs: lower(d.springs, "SPRINGS"),
            keys_per_clip: lower(d.keys_per_clip, "KEYS_PER_CLIP"),
            clips: lower(d.clips, "CLIPS"),
            weight_bone_pixels: lower(d.weight_bone_pixels, "WEIGHT_BONE_PIXELS"),
            keys: lower(d.keys, "KEYS"),
            events_per_clip: lower(d.events_per_clip, "EVENTS_PER_CLIP"),
            event_text_bytes: lower(d.event_text_bytes, "EVENT_TEXT_BYTES"),
            deform_offsets: lower(d.deform_offsets, "DEFORM_OFFSETS"),
            parts: lower(d.parts, "PARTS"),
            import_pixels: lower(d.import_pixels, "IMPORT_PIXELS"),
            import_decoded_pixels: lower(d.import_decoded_pixels, "IMPORT_DECODED_PIXELS"),
            slots: lower(d.slots, "SLOTS"),
            attachments: lower(d.attachments, "ATTACHMENTS"),
            skins: lower(d.skins, "SKINS"),
            skin_entries: lower(d.skin_entries, "SKIN_ENTRIES"),
            polygon_vertices: lower(d.polygon_vertices, "POLYGON_VERTICES"),
            cut_points: lower(d.cut_points, "CUT_POINTS"),
            physics_updates: lower(d.physics_updates, "PHYSICS_UPDATES"),
            project_parsed_bytes: lower(d.project_parsed_bytes, "PROJECT_PARSED_BYTES"),
        }
    }

    /// Checks a rendered export of `frames` frames of `width` × `height` pixels; `in_memory`: all
    /// frames are held before writing (sheet, GIF). `what` names the clip ("clip \"walk\"").
    pub fn check_render(
        &self,
        what: &str,
        fps: f64,
        frames: u64,
        [width, height]: [u32; 2],
        in_memory: bool,
    ) -> Result<(), OverBudget> {
        if frames > self.export_frames {
            return Err(OverBudget::ExportFrames {
                what: what.to_string(),
                fps,
                frames,
                limit: self.export_frames,
            });
        }
        let pixels = frames.saturating_mul(u64::from(width) * u64::from(height));
        let (limit, kind) = if in_memory {
            (self.export_pixels_in_memory, "an export held in memory")
        } else {
            (self.export_pixels_on_disk, "a frames export")
        };
        if pixels > limit {
            return Err(OverBudget::ExportPixels {
                what: what.to_string(),
                frames,
                size: [width, height],
                pixels,
                limit,
                kind,
            });
        }
        Ok(())
    }

    /// Checks a baked animation export of `values` samples × channels.
    pub fn check_gltf_values(&self, values: u64) -> Result<(), OverBudget> {
        if values > self.gltf_values {
            return Err(OverBudget::GltfValues {
                values,
                limit: self.gltf_values,
            });
        }
        Ok(())
    }

    /// Checks a Spine export of `entries` timeline entries.
    pub fn check_spine_entries(&self, entries: u64) -> Result<(), OverBudget> {
        if entries > self.spine_entries {
            return Err(OverBudget::SpineEntries {
                entries,
                limit: self.spine_entries,
            });
        }
        Ok(())
    }

    /// Checks weights of `bones` bones over a `width` × `height` image.
    pub fn check_weights(&self, bones: usize, size: [u32; 2]) -> Result<(), OverBudget> {
        let [width, height] = size;
        let product = (bones as u64).saturating_mul(u64::from(width) * u64::from(height));
        if product > self.weight_bone_pixels {
            return Err(OverBudget::Weights {
                bones: bones as u64,
                size,
                product,
                limit: self.weight_bone_pixels,
            });
        }
        Ok(())
    }

    /// Checks the weighing of the attachment parts one `new` makes: `bone_pixels`, the bones times
    /// the pixels inside each distinct attachment image's drawing, summed (what their distance
    /// fields walk), against the weights budget a single part has.
    pub fn check_attachment_weighing(&self, bone_pixels: u64) -> Result<(), OverBudget> {
        if bone_pixels > self.weight_bone_pixels {
            return Err(OverBudget::AttachmentWeighing {
                bone_pixels,
                limit: self.weight_bone_pixels,
            });
        }
        Ok(())
    }

    /// Checks the parts an import of a layered file would make: `count` visible layers.
    pub fn check_parts(&self, count: usize) -> Result<(), OverBudget> {
        if count as u64 > self.parts {
            return Err(OverBudget::Parts {
                count: count as u64,
                limit: self.parts,
            });
        }
        Ok(())
    }

    /// Checks an import keeping `pixels` pixels of layers in all.
    pub fn check_import_pixels(&self, pixels: u64) -> Result<(), OverBudget> {
        if pixels > self.import_pixels {
            return Err(OverBudget::ImportPixels {
                pixels,
                limit: self.import_pixels,
            });
        }
        Ok(())
    }

    /// Checks a count of a rig's `what` ("bones") against `limit`.
    pub fn check_count(
        what: &str,
        count: usize,
        limit: u64,
    ) -> Result<(), crate::over_limit::OverLimit> {
        crate::over_limit::OverLimit::check(what, count as u64, limit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_budget_is_bones_times_pixels() {
        assert!(Limits::DEFAULT.check_weights(400, [2560, 2298]).is_ok());
        let error = Limits::DEFAULT
            .check_weights(500, [8192, 4096])
            .unwrap_err()
            .to_string();
        assert!(error.contains("16,777,216,000 bone-pixels"), "{error}");
    }

    #[test]
    fn groups_digits() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(20_736_000), "20,736,000");
    }

    #[test]
    fn environment_only_lowers() {
        let limits = Limits::from_env(|name| match name {
            "LIMBER_MAX_BONES" => Some("10".into()),
            "LIMBER_MAX_SPRINGS" => Some("99999999".into()),
            "LIMBER_MAX_CLIPS" => Some("many".into()),
            _ => None,
        });
        assert_eq!(limits.bones, 10);
        assert_eq!(limits.springs, MAX_SPRINGS);
        assert_eq!(limits.clips, MAX_CLIPS);
    }

    #[test]
    fn a_day_at_240_fps_names_the_limit() {
        let error = Limits::DEFAULT
            .check_render("clip \"walk\"", 240.0, 20_736_000, [64, 64], false)
            .unwrap_err()
            .to_string();
        assert_eq!(
            error,
            "clip \"walk\" at 240 fps is 20,736,000 frames, over the limit of 100,000 for an \
             export; pass --fps or shorten the clip"
        );
        let pixels = Limits::DEFAULT
            .check_render("clip \"walk\"", 30.0, 1000, [1024, 1024], true)
            .unwrap_err()
            .to_string();
        assert!(pixels.contains("over the limit of 268,435,456"), "{pixels}");
        assert!(
            Limits::DEFAULT
                .check_render("c", 30.0, 1000, [1024, 1024], false)
                .is_ok()
        );
    }
}
