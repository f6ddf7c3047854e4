//! Mesh and weight commands of the inspector: a part re-meshed from its settings, its automatic
//! weights' smoothness and distance, the weights recomputed, one vertex's weight typed, the brush,
//! the deform radius, and the cuts weights do not reach across. Carried out by `parts.rs`, the
//! weights feature (`weighting.rs`) and `cutting.rs`, returning a [`MeshError`].

use limber_core::distance::Metric;
use limber_core::pipeline::MeshSettings;

use crate::cutting;
use crate::editor::Editor;
use crate::mesh_edit::MeshError;
use crate::tool_state::Brush;
use crate::weighting;

/// One edit of a part's mesh or weights, or of the painting tools.
#[derive(Debug, Clone, PartialEq)]
pub enum MeshCommand {
    /// Part `part` meshed again from `settings` (weights carried over).
    Remesh {
        part: usize,
        settings: Box<MeshSettings>,
    },
    /// Part `part`'s smoothness of the automatic weights (pixels).
    SetSmoothness { part: usize, smoothness: f64 },
    /// Images up to this many pixels get their weights on the UI thread, larger ones in the
    /// background (tests lower it to exercise the background job).
    SetSyncWeightPixels { pixels: u64 },
    /// Part `part`'s distance metric.
    SetMetric { part: usize, metric: Metric },
    /// The automatic weights computed again (one undo step).
    RecomputeWeights,
    /// One vertex's weight for `bone`, the others rescaled.
    SetVertexWeight {
        part: usize,
        vertex: usize,
        bone: usize,
        weight: f64,
    },
    /// A vertex added to part `part`'s mesh at `point` (image pixels), selected (one undo step, or
    /// part of the one open).
    AddVertex { part: usize, point: glam::DVec2 },
    /// The vertex whose weights the inspector shows (`(part, vertex)`).
    SelectVertex { vertex: Option<(usize, usize)> },
    /// The weight brush's mode, radius and strength (editor state).
    SetBrush(Brush),
    /// The Deform tool's radius (image pixels, editor state).
    SetDeformRadius { radius: f64 },
    /// A cut through `points` (canvas pixels, simplified first) that weights do not reach across;
    /// the weights recomputed (one undo step).
    AddCut { points: Vec<[f64; 2]> },
    /// Cut `cut` (from 0) deleted, the weights recomputed (one undo step).
    DeleteCut { cut: usize },
}

impl MeshCommand {
    /// What it does, in a few words.
    pub fn name(&self) -> &'static str {
        match self {
            Self::Remesh { .. } => "re-mesh",
            Self::SetSmoothness { .. } => "set smoothness",
            Self::SetSyncWeightPixels { .. } => "set background weights size",
            Self::SetMetric { .. } => "set distance",
            Self::RecomputeWeights => "recompute weights",
            Self::SetVertexWeight { .. } => "set vertex weight",
            Self::AddVertex { .. } => "add vertex",
            Self::SelectVertex { .. } => "select vertex",
            Self::SetBrush(_) => "set brush",
            Self::SetDeformRadius { .. } => "set deform radius",
            Self::AddCut { .. } => "add cut",
            Self::DeleteCut { .. } => "delete cut",
        }
    }

    /// Carries the edit out; whether anything changed, or why not.
    pub(crate) fn run(self, editor: &mut Editor) -> Result<bool, MeshError> {
        match self {
            Self::Remesh { part, settings } => return Ok(editor.remesh(part, *settings)),
            Self::SetSyncWeightPixels { pixels } => editor.jobs.set_sync_weight_pixels(pixels),
            Self::SetSmoothness { part, smoothness } => {
                weighting::set_smoothness(editor, part, smoothness)?;
            }
            Self::SetMetric { part, metric } => {
                return Ok(weighting::set_metric(editor.step(), part, metric)?);
            }
            Self::RecomputeWeights => {
                let mut step = editor.step();
                step.recompute_weights();
                step.commit();
            }
            Self::SetVertexWeight {
                part,
                vertex,
                bone,
                weight,
            } => {
                return Ok(weighting::set_vertex_weight(
                    editor, part, vertex, bone, weight,
                )?);
            }
            Self::AddVertex { part, point } => crate::mesh_edit::add_vertex(editor, part, point)?,
            Self::SelectVertex { vertex } => editor.selection.set_vertex(vertex),
            Self::SetBrush(brush) => editor.tools.set_brush(brush),
            Self::SetDeformRadius { radius } => editor.tools.deform_mut().radius = radius,
            Self::AddCut { points } => return Ok(cutting::add_cut(editor, &points)?),
            Self::DeleteCut { cut } => return Ok(cutting::delete_cut(editor, cut)?),
        }
        Ok(true)
    }
}
