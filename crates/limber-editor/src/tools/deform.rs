//! The deform tool (Animate mode with Deform on, D): dragging a vertex keys a deform key of its part
//! at the playhead. The grabbed vertex follows the pointer exactly (with either skinning method);
//! the vertices within the tool's radius (measured in the posed view) follow with a smooth falloff.
//! Offsets are stored in rest space, so each moved vertex's pointer motion is taken back through
//! the map by which its skinning moves a displacement
//! ([`limber_core::skinning::displacement_map`]). Each step rewrites the clip as it was when the
//! drag began ([`Edit::ReplaceClip`]); the drag is one undo step.

use std::collections::BTreeMap;

use glam::{DMat2, DVec2};

pub use super::drag_state::DeformDrag;
use super::{Press, Tool};
use crate::editor::Editor;
use crate::mesh_edit::VERTEX_REACH;
use limber_core::animation::{DeformRecord, PartKeyRecord};
use limber_core::edit::Edit;
use limber_core::skinning::displacement_map;

impl Tool for DeformDrag {
    /// Starts on the posed vertex nearest the press (within reach), keying its part.
    fn start(editor: &mut Editor, press: Press) -> Option<Self> {
        let point = press.point;
        let frame = editor.frame()?;
        let reach = VERTEX_REACH / editor.view().camera().zoom;
        let mut best: Option<(f64, usize, usize)> = None;
        let posed = crate::deform::posed_vertices(
            &editor.document.project.parts,
            &frame,
            editor.view().skinning(),
        );
        for (slot, (_, positions)) in posed.iter().enumerate() {
            for (v, p) in positions.iter().enumerate() {
                let d = (DVec2::from(*p) - point).length();
                if d <= reach && best.is_none_or(|(bd, _, _)| d < bd) {
                    best = Some((d, slot, v));
                }
            }
        }
        let Some((_, slot, grabbed)) = best else {
            editor.status = "deform: press on a vertex of the mesh".into();
            return None;
        };
        // The first key made without a clip makes one, in the drag's step.
        editor.clip_to_key()?;
        let time = editor.current_clip()?.local_time(editor.playback().time());
        let (part_index, positions) = &posed[slot];
        let part = editor.document.project.parts.get(*part_index)?;
        let centre = DVec2::from(positions[grabbed]);
        let radius = editor.tools().deform().radius.max(0.0);
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
                    let map = displacement_map(w, &frame.palette, editor.view().skinning());
                    if map.determinant().abs() > 1e-9 {
                        map
                    } else {
                        DMat2::IDENTITY
                    }
                });
                Some((v as u32, falloff, linear.inverse()))
            })
            .collect();
        let clip = editor.current_clip()?;
        Some(Self {
            clip: clip.to_record(),
            part: part.name.clone(),
            time,
            start: point,
            base: clip.sample_part(&part.name, time).deform,
            moved,
        })
    }

    /// Keys the offsets that follow the pointer at `point`.
    fn drag_to(&mut self, editor: &mut Editor, point: DVec2) {
        let delta = point - self.start;
        let mut offsets: BTreeMap<u32, [f64; 2]> = self.base.iter().copied().collect();
        for &(v, falloff, to_rest) in &self.moved {
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
        let mut clip = self.clip.clone();
        match clip
            .parts
            .iter_mut()
            .find(|k| k.part == self.part && k.time == self.time)
        {
            Some(key) => key.deform = Some(deform),
            None => clip.parts.push(PartKeyRecord {
                part: self.part.clone(),
                time: self.time,
                draw_order: None,
                visible: None,
                deform: Some(deform),
                interp: Default::default(),
            }),
        }
        editor.apply(Edit::ReplaceClip {
            name: clip.name.clone(),
            clip,
        });
    }

    fn finish(self, editor: &mut Editor) {
        editor.status = format!("deform keyed on {} at {:.2} s", self.part, self.time);
    }

    fn cancel(self, _editor: &mut Editor) {}
}
