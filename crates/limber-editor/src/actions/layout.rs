//! The window's layout commands: a side panel's width and folding, the timeline's height (each
//! remembered in the layout file), and the dopesheet as last drawn (what its tools hit). A layout
//! file that cannot be written says so in the status; the layout in use changes all the same.

use crate::editor::Editor;
use crate::layout::{SheetLayout, Side};

/// One change of the window's layout.
#[derive(Debug, Clone, PartialEq)]
pub enum LayoutCommand {
    /// A side panel's width (points), after a drag of its edge.
    SetSideWidth { side: Side, width: f32 },
    /// A side panel folded away or shown.
    SetCollapsed { side: Side, collapsed: bool },
    /// The timeline's height (points), after a drag of its edge.
    SetTimelineHeight { height: f32 },
    /// The curve editor's height (points), after a drag of its edge.
    SetCurveHeight { height: f32 },
    /// The dopesheet's rows and reach as drawn this frame.
    SetSheet(SheetLayout),
}

impl LayoutCommand {
    /// What it does, in a few words.
    pub fn name(&self) -> &'static str {
        match self {
            Self::SetSideWidth { .. } => "resize panel",
            Self::SetCollapsed { .. } => "fold panel",
            Self::SetTimelineHeight { .. } => "resize timeline",
            Self::SetCurveHeight { .. } => "resize curve editor",
            Self::SetSheet(_) => "lay out dopesheet",
        }
    }

    /// Carries the change out; whether the layout changed.
    pub(crate) fn run(self, editor: &mut Editor) -> bool {
        let layout = editor.view.layout_mut();
        let (written, what) = match self {
            Self::SetSheet(sheet) => {
                let changed = layout.sheet != sheet;
                layout.sheet = sheet;
                return changed;
            }
            Self::SetSideWidth { side, width } => (layout.set_side_width(side, width), "panels"),
            Self::SetCollapsed { side, collapsed } => {
                (layout.set_collapsed(side, collapsed), "panels")
            }
            Self::SetTimelineHeight { height } => {
                (layout.set_timeline_height(height), "timeline height")
            }
            Self::SetCurveHeight { height } => {
                (layout.set_curve_height(height), "curve editor height")
            }
        };
        if let Err(e) = written {
            editor.set_status(format!("cannot remember the {what}: {e}"));
        }
        true
    }
}
