//! The window's view-state commands: how onion skins are drawn, which Help page is open, the close
//! prompt, where the viewport's centre is on screen and whether Shift is held during a drag. None
//! changes the document (no undo step); they replace the editor's one-line setters, so the window
//! changes view state the way it changes everything else.

use glam::DVec2;

use crate::editor::Editor;
use crate::view::{HelpPage, OnionSettings};

/// One change of the view's state.
#[derive(Debug, Clone, PartialEq)]
pub enum ViewCommand {
    /// How many onion skins, how far apart and how strong.
    SetOnion(OnionSettings),
    /// A Help page opened, or closed (`None`).
    SetHelpPage(Option<HelpPage>),
    /// The "save before closing?" prompt shown or dismissed.
    ConfirmClose(bool),
    /// The viewport's centre in window points, for zooming at the cursor and fitting.
    SetViewportCenter(DVec2),
    /// Shift held or let go during a drag (it changes what some drags do).
    SetDragShift(bool),
}

impl ViewCommand {
    /// What it does, in a few words.
    pub fn name(&self) -> &'static str {
        match self {
            Self::SetOnion(_) => "set onion skins",
            Self::SetHelpPage(_) => "show help page",
            Self::ConfirmClose(_) => "confirm close",
            Self::SetViewportCenter(_) => "place viewport",
            Self::SetDragShift(_) => "drag with shift",
        }
    }

    /// Carries the change out; whether anything changed.
    pub(crate) fn run(self, editor: &mut Editor) -> bool {
        match self {
            Self::SetOnion(onion) => editor.view.set_onion(onion),
            Self::SetHelpPage(page) => editor.view.set_help_page(page),
            Self::ConfirmClose(confirm) => editor.view.set_confirm_close(confirm),
            Self::SetViewportCenter(center) => editor.view.set_viewport_center(center),
            Self::SetDragShift(shift) => editor.tools.set_drag_shift(shift),
        }
        true
    }
}
