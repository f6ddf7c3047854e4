//! Deform mode (Animate, D): whether it is on ([`ToolState::deforming`]), its radius, and the
//! posed vertices it grabs ([`posed_vertices`]); the drag that keys vertex offsets is
//! [`crate::tools::deform`].

use super::editor::Mode;
use limber_core::frame::Frame;
use limber_core::project::Part;
use limber_core::skinning::SkinningMode;

pub use super::tool_state::DeformTool;
use super::tool_state::ToolState;

impl ToolState {
    /// Whether drags in the viewport deform vertices now.
    pub fn deforming(&self) -> bool {
        self.mode() == Mode::Animate && self.deform().on
    }
}

/// Each visible part of `parts` with its vertices as drawn at `frame` (deform keys and skinning
/// applied).
pub fn posed_vertices(
    parts: &[Part],
    frame: &Frame,
    skinning: SkinningMode,
) -> Vec<(usize, Vec<[f64; 2]>)> {
    frame
        .parts
        .iter()
        .filter(|state| state.visible)
        .filter_map(|state| {
            let part = parts.get(state.part)?;
            let posed =
                limber_core::skinning::skin(&state.rest, &part.binding, &frame.palette, skinning);
            Some((state.part, posed))
        })
        .collect()
}
