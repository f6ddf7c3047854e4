//! Deform mode (Animate, D): dragging a vertex keys a deform key of its part at the playhead. The
//! grabbed vertex follows the pointer exactly (with either skinning method); the vertices within
//! the tool's radius (measured in the posed view) follow with a smooth falloff. Offsets are stored
//! in rest space, so each moved vertex's pointer motion is taken back through the map by which its
//! skinning moves a displacement ([`limber_core::skinning::displacement_map`]). A drag is one undo
//! step ([`Edit::ReplaceClip`] in a transaction).

use std::collections::BTreeMap;

use glam::{DMat2, DVec2};

use super::editor::{Drag, Editor, Mode};
use super::mesh_edit::VERTEX_REACH;
use limber_core::animation::{ClipRecord, DeformRecord, PartKeyRecord};
use limber_core::edit::Edit;
use limber_core::frame::Frame;
use limber_core::skinning::displacement_map;

/// The deform tool's settings and the stroke in progress.
#[derive(Debug, Clone, PartialEq)]
pub struct DeformTool {
    /// Whether dragging in Animate mode deforms vertices (instead of posing bones).
    pub on: bool,
    /// Image pixels: vertices this close to the grabbed one (posed) follow it, less with distance.
    pub radius: f64,
    stroke: Option<DeformStroke>,
}

impl Default for DeformTool {
    fn default() -> Self {
        Self {
            on: false,
            radius: 10.0,
            stroke: None,
        }
    }
}

/// What a deform drag needs, fixed when it begins.
#[derive(Debug, Clone, PartialEq)]
struct DeformStroke {
    /// The clip as it was when the drag began (each step rewrites it from this).
    clip: ClipRecord,
    part: String,
    time: f64,
    start: DVec2,
    /// The part's sampled offsets at the key's time when the drag began.
    base: Vec<(u32, [f64; 2])>,
    /// Moved vertices: index, falloff (1 at the grabbed vertex), posed → rest motion.
    moved: Vec<(u32, f64, DMat2)>,
}

impl Editor {
    /// Whether drags in the viewport deform vertices now.
    pub fn deforming(&self) -> bool {
        self.mode == Mode::Animate && self.deform.on
    }

    /// Each visible part's vertices as drawn at `frame` (deform keys and skinning applied).
    pub fn posed_vertices(&self, frame: &Frame) -> Vec<(usize, Vec<[f64; 2]>)> {
        let parts = &self.document.project.parts;
        frame
            .parts
            .iter()
            .filter(|state| state.visible)
            .filter_map(|state| {
                let part = parts.get(state.part)?;
                let posed = limber_core::skinning::skin(
                    &state.rest,
                    &part.binding,
                    &frame.palette,
                    self.skinning,
                );
                Some((state.part, posed))
            })
            .collect()
    }

    /// Starts a deform drag at `point` (image pixels, posed view) on the vertex there.
    pub fn begin_deform(&mut self, point: DVec2) -> Option<Drag> {
        let Some(clip) = self.current_clip() else {
            self.status = "no clip to key: add one in the timeline".into();
            return None;
        };
        let time = clip.local_time(self.time);
        let frame = self.frame()?;
        let reach = VERTEX_REACH / self.camera.zoom;
        let mut best: Option<(f64, usize, usize)> = None;
        let posed = self.posed_vertices(&frame);
        for (slot, (_, positions)) in posed.iter().enumerate() {
            for (v, p) in positions.iter().enumerate() {
                let d = (DVec2::from(*p) - point).length();
                if d <= reach && best.is_none_or(|(bd, _, _)| d < bd) {
                    best = Some((d, slot, v));
                }
            }
        }
        let Some((_, slot, grabbed)) = best else {
            self.status = "deform: press on a vertex of the mesh".into();
            return None;
        };
        let (part_index, positions) = &posed[slot];
        let part = &self.document.project.parts[*part_index];
        let centre = DVec2::from(positions[grabbed]);
        let radius = self.deform.radius.max(0.0);
        let moved = positions
            .iter()
            .enumerate()
            .filter_map(|(v, p)| {
                let d = (DVec2::from(*p) - centre).length();
                let falloff = if v == grabbed {
                    1.0
                } else if d < radius {
                    (1.0 - (d / radius).powi(2)).powi(2)
                } else {
                    return None;
                };
                // How the skinning (either method) moves an offset of this vertex; inverted, it
                // turns the pointer's movement into the rest-space offset that follows it.
                let linear = part.binding.vertices.get(v).map_or(DMat2::IDENTITY, |w| {
                    let map = displacement_map(w, &frame.palette, self.skinning);
                    if map.determinant().abs() > 1e-9 {
                        map
                    } else {
                        DMat2::IDENTITY
                    }
                });
                Some((v as u32, falloff, linear.inverse()))
            })
            .collect();
        let stroke = DeformStroke {
            clip: clip.to_record(),
            part: part.name.clone(),
            time,
            start: point,
            base: clip.sample_part(&part.name, time).deform,
            moved,
        };
        self.deform.stroke = Some(stroke);
        self.document.begin();
        Some(Drag::Deform)
    }

    /// Continues the deform drag with the pointer at `point`: keys the offsets at the playhead.
    pub fn deform_to(&mut self, point: DVec2) -> bool {
        let Some(stroke) = &self.deform.stroke else {
            return false;
        };
        let delta = point - stroke.start;
        let mut offsets: BTreeMap<u32, [f64; 2]> = stroke.base.iter().copied().collect();
        for &(v, falloff, to_rest) in &stroke.moved {
            let d = to_rest * (delta * falloff);
            let entry = offsets.entry(v).or_insert([0.0, 0.0]);
            entry[0] += d.x;
            entry[1] += d.y;
        }
        offsets.retain(|_, o| *o != [0.0, 0.0]);
        let deform = DeformRecord {
            vertices: offsets.keys().copied().collect(),
            offsets: offsets.values().copied().collect(),
        };
        let mut clip = stroke.clip.clone();
        match clip
            .parts
            .iter_mut()
            .find(|k| k.part == stroke.part && k.time == stroke.time)
        {
            Some(key) => key.deform = Some(deform),
            None => clip.parts.push(PartKeyRecord {
                part: stroke.part.clone(),
                time: stroke.time,
                draw_order: None,
                visible: None,
                deform: Some(deform),
                interp: Default::default(),
            }),
        }
        self.apply(Edit::ReplaceClip {
            name: clip.name.clone(),
            clip,
        })
    }

    /// Ends the deform drag: everything it keyed is one undo step.
    pub fn end_deform(&mut self) {
        if let Some(stroke) = self.deform.stroke.take() {
            self.document.commit();
            self.status = format!("deform keyed on {} at {:.2} s", stroke.part, stroke.time);
        }
    }
}
