//! The editor's modes and the Animate mode's bone tools: plain choices that the command table,
//! the tools and the window name without depending on the editor itself.

/// What a drag in the viewport does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Mode {
    /// Drag a bone to rotate it about its head (keyed at the playhead).
    #[default]
    Animate,
    /// Drag to create a bone (from the selected bone's tail, as its child); drag a head or tail to
    /// move it.
    Bones,
    /// Weights: heat map of the selected bone; sliders recompute weights; drag to paint.
    Weights,
    /// Mesh: the part's mesh settings with a live wireframe; re-meshing carries the weights over.
    /// Click to add a vertex, drag one to move it, Delete removes the selected one.
    Mesh,
}

/// What a drag on a bone does in Animate mode (Deform aside).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum AnimateTool {
    /// Rotate about the head (Shift: move); see [`crate::tools::pose`].
    #[default]
    Rotate,
    /// Scale along and across the bone (Shift: uniformly); see [`crate::tools::scale`].
    Scale,
}
