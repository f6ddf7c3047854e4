//! Deform mode (Animate, D): whether it is on, its radius, and the posed vertices it grabs; the
//! drag that keys vertex offsets is [`crate::tools::deform`].

use super::editor::{Editor, Mode};
use limber_core::frame::Frame;

/// The deform tool's settings (the drag itself is [`crate::tools::deform`]).
#[derive(Debug, Clone, PartialEq)]
pub struct DeformTool {
    /// Whether dragging in Animate mode deforms vertices (instead of posing bones).
    pub on: bool,
    /// Image pixels: vertices this close to the grabbed one (posed) follow it, less with distance.
    pub radius: f64,
}

impl Default for DeformTool {
    fn default() -> Self {
        Self {
            on: false,
            radius: 10.0,
        }
    }
}

impl Editor {
    /// Whether drags in the viewport deform vertices now.
    pub fn deforming(&self) -> bool {
        self.mode() == Mode::Animate && self.tools().deform().on
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
                    self.view().skinning(),
                );
                Some((state.part, posed))
            })
            .collect()
    }
}
