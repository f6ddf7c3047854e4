//! The tools' state: the mode and the Animate mode's bone tool, the drag in progress in the
//! viewport (`tools/`), and the settings the tools start from — the weight brush, the bones the
//! brush leaves alone, Deform mode (`deform.rs`) and the constraint choices (`rigging.rs`).

use limber_core::brush::BrushMode;

use super::mode::{AnimateTool, Mode};
use super::shape_state::ShapeState;
use super::tools::drag_state::Drag;

/// The weight brush's settings.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Brush {
    pub mode: BrushMode,
    /// Image pixels.
    pub radius: f64,
    /// 0–1 (for Set: the target weight).
    pub strength: f64,
}

impl Default for Brush {
    fn default() -> Self {
        Self {
            mode: BrushMode::Add,
            radius: 12.0,
            strength: 0.3,
        }
    }
}

/// The deform tool's settings (the drag itself is [`crate::tools::deform`], the actions
/// `deform.rs`).
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

/// What the constraint actions (`rigging.rs`) start from, set in the inspector: how many bones a
/// new IK chain has and the bone new look-at, child-of and transform constraints (and IK, when set)
/// aim at.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RigChoices {
    /// Bones in a new IK chain: 2 is analytic two-bone IK, more is FABRIK.
    pub ik_bones: usize,
    /// The target bone for new constraints; `None` makes IK create a target bone.
    pub target: Option<usize>,
}

impl Default for RigChoices {
    fn default() -> Self {
        Self {
            ik_bones: 2,
            target: None,
        }
    }
}

/// The active tool, its drag and the tools' settings (not saved).
#[derive(Default)]
pub struct ToolState {
    mode: Mode,
    animate_tool: AnimateTool,
    /// The drag in progress in the viewport: the active tool's state.
    drag: Option<Drag>,
    /// Whether Shift is held during the viewport drag now (a rotating pose snaps to 15°).
    drag_shift: bool,
    brush: Brush,
    /// Bones the brush leaves alone (by index).
    locked: Vec<bool>,
    deform: DeformTool,
    /// Whether a drag in Weights mode draws a cut (instead of painting).
    cutting: bool,
    /// The name of the path constraint whose points the viewport shows and drags (the path
    /// inspector's "Edit points"): a name, so that deleting or undoing another path does not hand
    /// the editing to whichever path takes its index.
    editing_path: Option<String>,
    rig_choices: RigChoices,
    /// The attachment shape tools: a polygon or point being drawn, the shape being edited.
    shapes: ShapeState,
}

impl ToolState {
    pub fn mode(&self) -> Mode {
        self.mode
    }

    pub(crate) fn set_mode(&mut self, mode: Mode) {
        self.mode = mode;
    }

    pub fn animate_tool(&self) -> AnimateTool {
        self.animate_tool
    }

    pub(crate) fn set_animate_tool(&mut self, tool: AnimateTool) {
        self.animate_tool = tool;
    }

    /// The drag in progress.
    pub fn drag(&self) -> Option<&Drag> {
        self.drag.as_ref()
    }

    pub(crate) fn drag_slot(&mut self) -> &mut Option<Drag> {
        &mut self.drag
    }

    pub fn drag_shift(&self) -> bool {
        self.drag_shift
    }

    pub fn set_drag_shift(&mut self, shift: bool) {
        self.drag_shift = shift;
    }

    pub fn brush(&self) -> Brush {
        self.brush
    }

    pub fn set_brush(&mut self, brush: Brush) {
        self.brush = brush;
    }

    /// Whether the brush leaves `bone` alone.
    pub fn is_locked(&self, bone: usize) -> bool {
        self.locked.get(bone).copied().unwrap_or(false)
    }

    /// The brush's locks by bone index.
    pub fn locks(&self) -> &[bool] {
        &self.locked
    }

    pub fn set_locked(&mut self, bone: usize, locked: bool) {
        if self.locked.len() <= bone {
            self.locked.resize(bone + 1, false);
        }
        self.locked[bone] = locked;
    }

    pub fn deform(&self) -> &DeformTool {
        &self.deform
    }

    pub(crate) fn deform_mut(&mut self) -> &mut DeformTool {
        &mut self.deform
    }

    /// Whether the Cut tool is on (a drag in Weights mode draws a cut).
    pub fn cutting(&self) -> bool {
        self.cutting
    }

    pub(crate) fn set_cutting(&mut self, on: bool) {
        self.cutting = on;
    }

    /// The name of the path constraint whose points are being edited, if any (it may no longer
    /// exist: [`crate::tools::path_point::edited_path`] finds it in the rig).
    pub fn editing_path(&self) -> Option<&str> {
        self.editing_path.as_deref()
    }

    pub(crate) fn set_editing_path(&mut self, path: Option<String>) {
        self.editing_path = path;
    }

    pub fn rig_choices(&self) -> RigChoices {
        self.rig_choices
    }

    pub fn set_rig_choices(&mut self, choices: RigChoices) {
        self.rig_choices = choices;
    }

    pub fn shapes(&self) -> &ShapeState {
        &self.shapes
    }

    pub(crate) fn shapes_mut(&mut self) -> &mut ShapeState {
        &mut self.shapes
    }
}
