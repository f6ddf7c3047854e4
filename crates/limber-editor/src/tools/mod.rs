//! The viewport's tools: what a press, a drag and a release of the pointer do to the document in
//! each mode, without a UI toolkit. The viewport turns its pointer input into image coordinates
//! and calls [`Editor::press`], [`Editor::drag_to`], [`Editor::release`], [`Editor::click`] and
//! [`Editor::cancel_drag`] (Esc); the active tool does the rest.
//!
//! Each tool is a small state machine implementing [`Tool`]: it starts a drag on a press (or
//! declines), follows the pointer, and finishes or is cancelled. The dispatch here owns the undo
//! step around it: the step opens when the drag starts and closes when it ends, so one drag is one
//! undo step; a cancelled drag puts the document back exactly as it was and leaves no step.
//!
//! - [`pose`]: rotate a bone about its head, or move it (Shift), keyed at the playhead (Animate);
//! - [`scale`]: scale a bone along and across its length, or uniformly (Shift), keyed at the
//!   playhead (Animate with the Scale tool);
//! - [`limit`]: drag the ends of the selected bone's rotation limit (Bones);
//! - [`path_point`]: drag the anchors and handles of the path being edited (Bones and Animate,
//!   ahead of the mode's tool, while the path inspector's "Edit points" is on);
//! - [`bind_pose`]: drag the selected bone's head, tail or body in the rest pose (Bones);
//! - [`bone`]: draw a new bone (Bones, a press away from the selected bone);
//! - [`band`]: Ctrl + drag a rubber band that selects the bones inside (Animate, Bones);
//! - [`deform`]: key vertex offsets (Animate with Deform on);
//! - [`brush`]: paint the selected bone's weights (Weights);
//! - [`cut`]: draw a cut that weights do not reach across (Weights with Cut on);
//! - [`vertex`]: add, select and move mesh vertices (Mesh);
//! - [`part_move`]: move a whole part on the canvas, a drag inside it off its vertices (Mesh);
//! - [`polygon`]: draw bounding-box, clipping and point attachments and drag a polygon's points
//!   (any mode, ahead of the mode's tool);
//! - [`dopesheet`]: the dopesheet's key drag, key rubber band and scrub, in seconds and rows.
//!
//! The curve editor's graph drags keys and Bézier handles with its own tool, [`curve_drag`].
//! Each drag's state (what [`Drag`] holds) is in [`drag_state`], which imports no `editor`; the
//! files above hold what the drags do and re-export their state types.

pub mod band;
pub mod bind_pose;
pub mod bone;
pub mod brush;
pub mod curve_drag;
pub mod cut;
pub mod deform;
pub mod dopesheet;
pub mod drag_state;
pub mod limit;
pub mod part_move;
pub mod path_point;
pub mod polygon;
pub mod pose;
pub mod scale;
pub mod vertex;

use glam::{DAffine2, DVec2};

use super::editor::{AnimateTool, Editor, Mode};
use super::selection::Selection;
pub use drag_state::{Drag, WidgetDrag};

/// A press of the pointer's primary button in image coordinates, with the modifiers held.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Press {
    /// Image pixels (the view as drawn: posed in Animate mode, rest otherwise).
    pub point: DVec2,
    pub shift: bool,
    pub alt: bool,
    /// Ctrl (Cmd on macOS): a rubber band, or a click that adds or takes out a bone.
    pub ctrl: bool,
}

impl Press {
    /// A press at `point` with no modifier held.
    pub fn at(point: DVec2) -> Self {
        Self {
            point,
            ..Self::default()
        }
    }
}

/// One tool's drag: started by a press, moved, then finished or cancelled. Tools change the
/// document only through edits, inside the undo step the dispatch opened for them.
pub trait Tool: Sized {
    /// Starts a drag at `press`, or `None` when there is nothing here to drag (the status may say
    /// why). Called with the drag's undo step open; whatever it edits joins that step.
    fn start(editor: &mut Editor, press: Press) -> Option<Self>;
    /// Follows the pointer to `point` (image pixels).
    fn drag_to(&mut self, editor: &mut Editor, point: DVec2);
    /// The button was released: applies what the drag leaves (before its undo step closes).
    fn finish(self, editor: &mut Editor);
    /// The drag was cancelled (Esc) after the document was put back: puts back the view state the
    /// drag changed (selection).
    fn cancel(self, editor: &mut Editor);
}

/// Makes `bone`, pressed by a bone tool, the primary selected bone: when it is among several
/// selected bones they stay selected and follow it, else it alone is selected. Returns the
/// selection before the press (put back on Esc) and the other selected bones.
fn grab_bone(editor: &mut Editor, bone: usize) -> (Selection, Vec<usize>) {
    let before = editor.selection().clone();
    let others: Vec<usize> = if before.has_bone(bone) {
        before
            .bones()
            .iter()
            .copied()
            .filter(|&b| b != bone)
            .collect()
    } else {
        Vec::new()
    };
    editor
        .selection
        .set_bones(others.iter().copied().chain([bone]));
    (before, others)
}

/// Starts tool `T` inside a freshly opened undo step; the step is dropped again when it declines.
fn start<T: Tool>(editor: &mut Editor, press: Press, wrap: impl FnOnce(T) -> Drag) -> Option<Drag> {
    editor.document.begin();
    match T::start(editor, press) {
        Some(tool) => Some(wrap(tool)),
        None => {
            editor.document.commit();
            None
        }
    }
}

/// Runs `$then` with `$tool` bound to the tool of `$drag` (a `Drag`, or a `&mut Drag`), or
/// `$none` for the drags without a tool (a pan, a widget's): the one dispatch over the tools.
macro_rules! each_tool {
    ($drag:expr, $tool:ident => $then:expr, $none:expr) => {
        match $drag {
            Drag::Pose($tool) => $then,
            Drag::Scale($tool) => $then,
            Drag::BindPose($tool) => $then,
            Drag::NewBone($tool) => $then,
            Drag::Paint($tool) => $then,
            Drag::Cut($tool) => $then,
            Drag::MoveVertex($tool) => $then,
            Drag::MovePart($tool) => $then,
            Drag::Deform($tool) => $then,
            Drag::Limit($tool) => $then,
            Drag::PathPoint($tool) => $then,
            Drag::Band($tool) => $then,
            Drag::SheetKeys($tool) => $then,
            Drag::SheetBand($tool) => $then,
            Drag::Scrub($tool) => $then,
            Drag::Shape($tool) => $then,
            Drag::Curve($tool) => $then,
            Drag::Pan | Drag::Widget { .. } => $none,
        }
    };
}

/// A new drag begins while one is left over: a panel field's typed edit (its field lost the
/// keyboard to this press) is committed, any other left-over drag is cancelled.
fn end_stale_drag(editor: &mut Editor) {
    match editor.tools().drag() {
        Some(Drag::Widget {
            state: WidgetDrag::Editing,
            ..
        }) => editor.release(),
        _ => {
            editor.cancel_drag();
        }
    }
}

impl Editor {
    /// Panel widget `id` began a drag (or a picker opened): the commands it runs until
    /// [`Editor::release`] are one undo step, and [`Editor::cancel_drag`] (Esc) puts the document
    /// back. Called again while that drag goes on (after an undo closed its step) it opens a new
    /// step.
    pub fn press_widget(&mut self, id: u64) {
        match self.widget_drag(id) {
            Some(WidgetDrag::Editing) if !self.document.in_transaction() => self.document.begin(),
            Some(_) => {}
            None => {
                end_stale_drag(self);
                self.document.begin();
                let state = WidgetDrag::Editing;
                *self.tools.drag_slot() = Some(Drag::Widget { id, state });
            }
        }
    }

    /// Panel widget `id`'s drag, if the drag in progress is its.
    pub fn widget_drag(&self, id: u64) -> Option<WidgetDrag> {
        match self.tools().drag() {
            Some(Drag::Widget { id: dragged, state }) if *dragged == id => Some(*state),
            _ => None,
        }
    }

    /// The pointer went down at `press` and began to drag: the mode's tool starts a drag (and its
    /// undo step). Returns whether one started.
    pub fn press(&mut self, press: Press) -> bool {
        end_stale_drag(self);
        if let Some(drag) = polygon::press(self, press) {
            *self.tools.drag_slot() = drag;
            return self.tools().drag().is_some();
        }
        let editing_path = path_point::edited_path(self).is_some()
            && matches!(self.tools.mode(), Mode::Animate | Mode::Bones);
        if editing_path && let Some(drag) = start(self, press, Drag::PathPoint) {
            *self.tools.drag_slot() = Some(drag);
            return true;
        }
        let drag = match self.tools.mode() {
            Mode::Animate | Mode::Bones if press.ctrl => start(self, press, Drag::Band),
            Mode::Animate if self.tools().deform().on => {
                start(self, press, |d| Drag::Deform(Box::new(d)))
            }
            Mode::Animate if self.tools().animate_tool() == AnimateTool::Scale => {
                start(self, press, Drag::Scale)
            }
            Mode::Animate => start(self, press, Drag::Pose),
            Mode::Bones => start(self, press, Drag::Limit)
                .or_else(|| start(self, press, |d| Drag::BindPose(Box::new(d))))
                .or_else(|| start(self, press, Drag::NewBone)),
            Mode::Weights if self.tools().cutting() => start(self, press, Drag::Cut),
            Mode::Weights => start(self, press, Drag::Paint),
            // Shift: the whole part, wherever it is pressed (on a dense mesh most presses are on
            // a vertex). Else on a vertex, the vertex; elsewhere inside a part, the whole part.
            Mode::Mesh if press.shift => start(self, press, Drag::MovePart),
            Mode::Mesh => {
                start(self, press, Drag::MoveVertex).or_else(|| start(self, press, Drag::MovePart))
            }
        };
        *self.tools.drag_slot() = drag;
        self.tools().drag().is_some()
    }

    /// Starts panning the view (a drag with the middle button or Space held).
    pub fn press_pan(&mut self) {
        end_stale_drag(self);
        *self.tools.drag_slot() = Some(Drag::Pan);
    }

    /// The pointer moved to `point` (image pixels) during a drag.
    pub fn drag_to(&mut self, point: DVec2) {
        let Some(mut drag) = self.tools.drag_slot().take() else {
            return;
        };
        // An undo during the drag closed its step: the rest of the drag is a step again.
        if !matches!(drag, Drag::Pan | Drag::Widget { .. }) && !self.document.in_transaction() {
            self.document.begin();
        }
        each_tool!(&mut drag, tool => tool.drag_to(self, point), {});
        *self.tools.drag_slot() = Some(drag);
    }

    /// The button was released: the drag ends as one undo step.
    pub fn release(&mut self) {
        let Some(drag) = self.tools.drag_slot().take() else {
            return;
        };
        if matches!(drag, Drag::Pan) {
            return;
        }
        let made = self.document.history().steps_made();
        let status = self.status.clone();
        let name = crate::step_names::drag_name(&drag);
        let widget = matches!(drag, Drag::Widget { .. });
        each_tool!(drag, tool => tool.finish(self), {});
        self.document.commit();
        // A widget's commands said what they did while it was held: the step takes that name.
        let status = if widget { String::new() } else { status };
        let statuses = (status.as_str(), self.status.as_str());
        crate::step_names::name_new_step(&mut self.document, made, statuses, name);
    }

    /// Esc during a drag: the document goes back to what it was when the drag began, with no undo
    /// step left, and the drag's view state (selection, a bone being drawn) is put back. Returns
    /// whether a drag was cancelled.
    pub fn cancel_drag(&mut self) -> bool {
        let Some(drag) = self.tools.drag_slot().take() else {
            return false;
        };
        if matches!(drag, Drag::Pan) {
            return true;
        }
        if self.document.in_transaction() {
            self.document.cancel();
        }
        if let Drag::Widget { id, .. } = drag {
            // The widget is still held: it stays the editor's, doing nothing, until released.
            let state = WidgetDrag::Cancelled;
            *self.tools.drag_slot() = Some(Drag::Widget { id, state });
        }
        each_tool!(drag, tool => tool.cancel(self), {});
        self.status = "drag cancelled".into();
        true
    }

    /// A click (press and release without a drag) at `press`: in Mesh mode selects or adds a
    /// vertex; in Weights mode Alt picks a vertex to inspect, else one brush dab; otherwise selects
    /// the bone there (or none).
    pub fn click(&mut self, press: Press) {
        if polygon::click(self, press) {
            return;
        }
        match self.tools.mode() {
            Mode::Mesh => self.mesh_click(press.point),
            Mode::Weights if press.alt => {
                // The vertex whose weights the inspector shows as numbers.
                self.selection.set_vertex(
                    self.rig()
                        .vertex_at(press.point, 10.0 / self.view().camera().zoom),
                );
            }
            Mode::Weights if self.selection().bone().is_some() => {
                // A click is a one-dab stroke.
                if self.press(press) {
                    self.release();
                }
            }
            _ => {
                let palette = self.palette();
                let hit = self.rig().bone_at(&palette, press.point, self.bone_reach());
                match hit {
                    // Shift or Ctrl + click adds the bone to the selection or takes it out.
                    Some(bone) if press.shift || press.ctrl => self.selection.toggle_bone(bone),
                    _ => self.selection.set_bone(hit),
                }
            }
        }
    }

    /// The bone palette of the view as drawn (empty when the skeleton cannot be posed).
    pub fn palette(&self) -> Vec<DAffine2> {
        self.frame().map(|f| f.palette).unwrap_or_default()
    }

    /// How near (image pixels) a press must be to a bone to pick it: 8 screen points.
    pub fn bone_reach(&self) -> f64 {
        8.0 / self.view().camera().zoom
    }
}

#[cfg(test)]
mod tests;
