//! Deform mode (Animate, D): whether it is on, its radius, and the posed vertices it grabs; the
//! drag that keys vertex offsets is [`crate::tools::deform`].

use super::editor::{Editor, Mode};
use limber_core::frame::Frame;

pub use super::tool_state::DeformTool;

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
