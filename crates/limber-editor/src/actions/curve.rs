//! The curve editor panel's changes of the graph's own state (not the document): where it was
//! drawn, what it shows, the channels hidden, the selected key and framing all again after a
//! resize. Carried out on the [`CurveEditor`](crate::curves::CurveEditor) model; editing the curves
//! themselves is `curve_edits.rs` (through [`KeyCommand`](super::KeyCommand) and the graph's drag).

use glam::DVec2;
use limber_core::animation::Channel;

use crate::curves::{CurveKeyId, CurveView, GraphFrame};
use crate::editor::Editor;

/// One change of the curve editor's state.
#[derive(Debug, Clone, PartialEq)]
pub enum CurveCommand {
    /// Where the graph was drawn this frame, with its view (`None`: not drawn).
    SetFrame(Option<GraphFrame>),
    /// What the graph shows (`None`: everything, at its next drawing).
    SetView(Option<CurveView>),
    /// The key whose handles show.
    SelectKey(Option<CurveKeyId>),
    /// A channel hidden from the graph or shown again (the legend).
    SetChannelHidden { channel: Channel, hidden: bool },
    /// The graph is about to be drawn `size` screen points large: when that differs from where it
    /// was last drawn (resized, or not drawn), it frames all again.
    FitTo { size: DVec2 },
}

impl CurveCommand {
    /// What it does, in a few words.
    pub fn name(&self) -> &'static str {
        match self {
            Self::SetFrame(_) => "place the curve graph",
            Self::SetView(_) => "set the curve view",
            Self::SelectKey(_) => "select curve key",
            Self::SetChannelHidden { .. } => "show or hide a curve channel",
            Self::FitTo { .. } => "fit the curve graph",
        }
    }

    /// Carries the change out; whether anything changed.
    pub(crate) fn run(self, editor: &mut Editor) -> bool {
        let before = editor.curves.clone();
        match self {
            Self::SetFrame(frame) => editor.curves.frame = frame,
            Self::SetView(view) => editor.curves.view = view,
            Self::SelectKey(key) => editor.curves.selected = key,
            Self::SetChannelHidden { channel, hidden } => {
                editor.curves.set_hidden(channel, hidden);
            }
            Self::FitTo { size } => {
                if editor.curves.resized(size) {
                    editor.curves.view = editor.curves().frame_all_view();
                }
            }
        }
        editor.curves != before
    }
}
