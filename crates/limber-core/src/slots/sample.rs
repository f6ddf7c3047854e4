//! Each slot's state at one time of a clip: the attachment it shows (through the active skin), its
//! colour and draw order, and a shown clipping polygon posed — a pure function of time.

use glam::DAffine2;

use super::posed::posed_polygon;
use super::records::{AttachmentKind, Blend};
use super::resolve::{Shown, SlotSource, slot_list};
use super::sample_index::SampleIndex;
use crate::animation::Clip;
use crate::project::Project;

/// A shown clipping attachment at one time.
#[derive(Debug, Clone, PartialEq)]
pub struct ClipFrame {
    /// The polygon posed, canvas pixels.
    pub polygon: Vec<[f64; 2]>,
    /// The index (in [`super::slot_list`] order) of the last slot it clips.
    pub end: usize,
}

/// One slot at one time.
#[derive(Debug, Clone, PartialEq)]
pub struct SlotFrame {
    pub name: String,
    pub source: SlotSource,
    pub draw_order: i32,
    /// What it shows; `None`: nothing.
    pub shown: Option<Shown>,
    /// Straight RGBA, 0–1.
    pub color: [f64; 4],
    pub blend: Blend,
    pub clipping: Option<ClipFrame>,
}

/// Every slot of `project` at time `t` of `clip` (the setup when `None`), in slot-list order.
pub fn sample_slots(
    project: &Project,
    palette: &[DAffine2],
    clip: Option<&Clip>,
    t: f64,
) -> Vec<SlotFrame> {
    sample_slots_with(project, palette, clip, t, None)
}

/// [`sample_slots`] with the project's [`SampleIndex`] when given: sampling many times then costs
/// no search through a slot's attachments.
pub fn sample_slots_with(
    project: &Project,
    palette: &[DAffine2],
    clip: Option<&Clip>,
    t: f64,
    index: Option<&SampleIndex>,
) -> Vec<SlotFrame> {
    let set = &project.rig.slots;
    let skin = set.active_skin.as_deref().and_then(|s| set.skin(s));
    let listed;
    let slots = match index {
        Some(x) => &x.slots,
        None => {
            listed = slot_list(&project.parts, set);
            &listed
        }
    };
    slots
        .iter()
        .enumerate()
        .map(|(i, view)| {
            let keyed = clip
                .map(|c| c.sample_slot(view.name, t))
                .unwrap_or_default();
            let own_order = match view.source {
                SlotSource::Part(_) => view
                    .part
                    .and_then(|p| clip.and_then(|c| c.sample_part(&p.name, t).draw_order)),
                SlotSource::Written(_) => keyed.draw_order,
            };
            let name = match &keyed.attachment {
                Some(keyed) => keyed.as_deref(),
                None => view.setup(),
            };
            let by_name = index.and_then(|x| x.by_name.get(i));
            let shown = name.and_then(|n| view.find_named(by_name, n, skin));
            let clipping = match shown {
                Some(Shown::Attachment(a)) => view
                    .attachment(a)
                    .filter(|a| a.kind() == AttachmentKind::Clipping)
                    .and_then(|a| {
                        let end = slots.iter().position(|s| Some(s.name) == a.end())?;
                        Some(ClipFrame {
                            polygon: posed_polygon(a, &project.rig.skeleton, palette),
                            end,
                        })
                    }),
                _ => None,
            };
            SlotFrame {
                name: view.name.to_string(),
                source: view.source,
                draw_order: own_order.unwrap_or_else(|| view.draw_order()),
                shown,
                color: keyed.color.unwrap_or_else(|| view.color()),
                blend: view.blend(),
                clipping,
            }
        })
        .collect()
}
