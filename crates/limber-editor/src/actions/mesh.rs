//! Mesh and weight commands of the inspector: a part re-meshed from its settings, its automatic
//! weights' smoothness and distance, the weights recomputed, one vertex's weight typed, the brush
//! and the deform radius. Carried out by `parts.rs` and `weighting.rs`.

use limber_core::distance::Metric;
use limber_core::pipeline::MeshSettings;

use crate::editor::Editor;
use crate::tool_state::Brush;

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
    /// The vertex whose weights the inspector shows (`(part, vertex)`).
    SelectVertex { vertex: Option<(usize, usize)> },
    /// The weight brush's mode, radius and strength (editor state).
    SetBrush(Brush),
    /// The Deform tool's radius (image pixels, editor state).
    SetDeformRadius { radius: f64 },
}

impl MeshCommand {
    /// What it does, in a few words.
    pub fn name(&self) -> &'static str {
        match self {
            Self::Remesh { .. } => "re-mesh",
            Self::SetSmoothness { .. } => "set smoothness",
            Self::SetMetric { .. } => "set distance",
            Self::RecomputeWeights => "recompute weights",
            Self::SetVertexWeight { .. } => "set vertex weight",
            Self::SelectVertex { .. } => "select vertex",
            Self::SetBrush(_) => "set brush",
            Self::SetDeformRadius { .. } => "set deform radius",
        }
    }

    /// Carries the edit out; whether anything changed.
    pub(crate) fn run(self, editor: &mut Editor) -> bool {
        match self {
            Self::Remesh { part, settings } => editor.remesh(part, *settings),
            Self::SetSmoothness { part, smoothness } => {
                editor.set_smoothness(part, smoothness);
                true
            }
            Self::SetMetric { part, metric } => editor.set_metric(part, metric),
            Self::RecomputeWeights => {
                let mut step = editor.step();
                step.recompute_weights();
                step.commit();
                true
            }
            Self::SetVertexWeight {
                part,
                vertex,
                bone,
                weight,
            } => editor.set_vertex_weight(part, vertex, bone, weight),
            Self::SelectVertex { vertex } => {
                editor.select_vertex(vertex);
                true
            }
            Self::SetBrush(brush) => {
                editor.set_brush(brush);
                true
            }
            Self::SetDeformRadius { radius } => {
                editor.set_deform_radius(radius);
                true
            }
        }
    }
}
