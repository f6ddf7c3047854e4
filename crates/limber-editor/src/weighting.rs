//! Weights in the editor: automatic weights from the cached distances (locked bones' weights kept,
//! `bind_pose.rs`) and their background job, and the weight actions — the smoothness sliders, the
//! distance metric, the brush and typed weights at one vertex — as functions returning a
//! [`WeightError`] that [`Editor::run`] shows in the status line. Locked bones are
//! [`crate::tool_state::ToolState::is_locked`].

use glam::DVec2;

use super::editor::Editor;
use super::weights_job::{Finished, WeightsJob};
use crate::step::Step;
use limber_core::brush::{BrushMode, Dab, apply_dab};
use limber_core::distance::Metric;
use limber_core::edit::{Edit, EditError};
use limber_core::weights::WeightSettings;

/// The status while weights are computed in the background.
const COMPUTING: &str = "computing weights…";

impl Editor {
    /// Automatic weights for every part from the current skeleton and settings.
    ///
    /// - Every field cached (a smoothness slider, a second request): computed here at once, one
    ///   edit per part inside whatever transaction is open, so sliders update while dragging.
    /// - Fields missing and the parts' images at most [`crate::jobs::Jobs::sync_weight_pixels`] pixels in
    ///   all: computed here too (the same edits).
    /// - Otherwise a background job computes them ([`crate::jobs::JobKind::Weights`], progress in the
    ///   status bar, Cancel); its weights are applied when it ends, if the bones, meshes and weight settings
    ///   are still those it started from — into the undo step that asked for them when nothing
    ///   changed meanwhile, else as one step of their own. Asking again while it runs stops it
    ///   early and starts over when it ends (finished fields stay cached).
    pub fn recompute_weights(&mut self) {
        if let Some(job) = self.jobs.weights_slot().as_mut() {
            job.ask_again();
            return;
        }
        let project = &self.document.project;
        let cached: Vec<_> = (0..project.parts.len())
            .map_while(|index| self.weights.cached_weights(project, index))
            .collect();
        if cached.len() == project.parts.len() {
            for (part, binding) in cached.into_iter().enumerate() {
                self.set_binding(part, binding);
            }
            return;
        }
        let pixels: u64 = project
            .parts
            .iter()
            .map(|p| u64::from(p.mesh.width) * u64::from(p.mesh.height))
            .sum();
        if pixels > self.jobs().sync_weight_pixels() {
            let images = (0..project.parts.len())
                .map(|i| self.document.image_path(i))
                .collect();
            let cache = self.weights.lend();
            let revision = self.document.revision();
            let store = std::sync::Arc::clone(&self.document.assets);
            *self.jobs.weights_slot() = Some(WeightsJob::start(
                project.clone(),
                revision,
                images,
                cache,
                store,
            ));
            self.status = COMPUTING.into();
            return;
        }
        for index in 0..self.document.project.parts.len() {
            let image = self.document.image_path(index);
            let store = &self.document.assets;
            match self
                .weights
                .weights(store, &self.document.project, index, &image)
            {
                Ok(binding) => self.set_binding(index, binding),
                Err(e) => self.status = e.to_string(),
            }
        }
    }

    /// Replaces part `index`'s weights by fresh automatic ones, locked bones' weights kept, when
    /// they differ (no empty undo steps).
    fn set_binding(&mut self, part: usize, binding: limber_core::weights::Binding) {
        let binding = self.with_locks(part, binding);
        if self
            .document
            .project
            .parts
            .get(part)
            .is_some_and(|p| p.binding != binding)
        {
            self.apply(Edit::SetBinding { part, binding });
        }
    }
}

/// Why a weights action did nothing.
#[derive(Debug, thiserror::Error)]
pub enum WeightError {
    #[error("select a bone to paint its weights")]
    NoBone,
    #[error("{0} does not deform: tick its Deform box to give it weights")]
    NotDeforming(String),
    #[error(transparent)]
    Refused(#[from] EditError),
}

/// Sets part `index`'s global smoothness and recomputes its weights (no distance field is
/// computed: the cache has them). Its own undo step, or part of the one open (a slider drag).
pub(crate) fn set_smoothness(
    editor: &mut Editor,
    index: usize,
    smoothness: f64,
) -> Result<bool, WeightError> {
    let Some(part) = editor.document.project.parts.get(index) else {
        return Ok(false);
    };
    let settings = WeightSettings {
        smoothness,
        ..part.weight_settings
    };
    editor.document.apply(Edit::SetWeightSettings {
        part: index,
        settings,
    })?;
    editor.recompute_weights();
    Ok(true)
}

/// Sets the distance metric of part `index`'s automatic weights and recomputes them, one undo
/// step (weights computed in the background join it when nothing else changed meanwhile).
pub(crate) fn set_metric(
    mut step: Step,
    index: usize,
    metric: Metric,
) -> Result<bool, WeightError> {
    let Some(part) = step.document.project.parts.get(index) else {
        return Ok(false);
    };
    if part.weight_settings.metric == metric {
        return Ok(false);
    }
    let settings = WeightSettings {
        metric,
        ..part.weight_settings
    };
    step.document.apply(Edit::SetWeightSettings {
        part: index,
        settings,
    })?;
    step.recompute_weights();
    step.commit();
    Ok(true)
}

/// One brush dab at `point` (image pixels, rest pose) on the selected bone, in every part; inside
/// the stroke's transaction each dab joins one undo step.
pub(crate) fn paint(editor: &mut Editor, point: DVec2) -> Result<(), WeightError> {
    let bone = editor.selection().bone().ok_or(WeightError::NoBone)?;
    let bones = &editor.document.project.rig.skeleton.bones;
    if let Some(b) = bones.get(bone).filter(|b| !b.deform) {
        return Err(WeightError::NotDeforming(b.name.clone()));
    }
    let brush = editor.tools().brush();
    let dab = Dab {
        centre: point.to_array(),
        radius: brush.radius,
        strength: brush.strength,
        bone,
        mode: brush.mode,
    };
    for index in 0..editor.document.project.parts.len() {
        let part = &editor.document.project.parts[index];
        let mut binding = part.binding.clone();
        apply_dab(&mut binding, &part.mesh, &dab, editor.tools.locks());
        if binding != part.binding {
            editor.document.apply(Edit::SetBinding {
                part: index,
                binding,
            })?;
        }
    }
    Ok(())
}

/// Sets bone `bone`'s weight at one vertex to `weight` exactly (0–1); the other unlocked bones
/// share the rest in proportion, as the brush's Set mode does. `false` when nothing changes.
pub(crate) fn set_vertex_weight(
    editor: &mut Editor,
    part: usize,
    vertex: usize,
    bone: usize,
    weight: f64,
) -> Result<bool, WeightError> {
    let Some(p) = editor.document.project.parts.get(part) else {
        return Ok(false);
    };
    let Some(position) = p.mesh.positions.get(vertex) else {
        return Ok(false);
    };
    let dab = Dab {
        centre: *position,
        // Only this vertex: the falloff is exactly 1 at the centre.
        radius: 1e-6,
        strength: weight.clamp(0.0, 1.0),
        bone,
        mode: BrushMode::Set,
    };
    let mut binding = p.binding.clone();
    apply_dab(&mut binding, &p.mesh, &dab, editor.tools.locks());
    if binding == p.binding {
        return Ok(false);
    }
    editor.document.apply(Edit::SetBinding { part, binding })?;
    Ok(true)
}

/// Takes in a finished weights job ([`crate::jobs::JobKind::Weights`]): its cache back, then its
/// weights applied when the bones, meshes and settings are still those it started from.
pub(crate) fn take_result(editor: &mut Editor, finished: Finished) {
    editor.weights.take_back(finished.cache);
    if finished.cancelled {
        editor.status = "weights cancelled: nothing changed".into();
        return;
    }
    if finished.again {
        editor.recompute_weights();
        return;
    }
    if let Some(error) = finished.error {
        editor.status = error.to_string();
        return;
    }
    if !finished.inputs.matches(&editor.document.project) {
        // Undo or redo changed the bones or meshes: these weights belong to another state.
        editor.status = "weights dropped: the bones or meshes changed meanwhile".into();
        return;
    }
    // Nothing changed since the request: the weights join the step that asked for them (a new
    // bone and its weights undo together). Otherwise they are a step of their own.
    let amend = editor.document.revision() == finished.revision;
    let parts = &editor.document.project.parts;
    let edits: Vec<Edit> = finished
        .bindings
        .into_iter()
        .enumerate()
        .filter_map(|(part, binding)| {
            let binding = editor.with_locks(part, binding?);
            let changed = parts.get(part).is_some_and(|p| p.binding != binding);
            changed.then_some(Edit::SetBinding { part, binding })
        })
        .collect();
    if amend {
        // Into the last undo step (a background job's result for the edit that asked for it).
        for edit in edits {
            if let Err(e) = editor.document.amend(edit) {
                editor.status = e.to_string();
                return;
            }
        }
    } else {
        let mut step = editor.step();
        for edit in edits {
            if let Err(e) = step.document.apply(edit) {
                // Dropping the step puts every weight back.
                step.status = e.to_string();
                return;
            }
        }
        step.commit();
    }
    // Weights finished for an edit keep what the edit said (Suggest bones says how many bones
    // and cuts it added); a line that says nothing else, or that they were being computed, gets
    // this one.
    if !amend || editor.status.is_empty() || editor.status == COMPUTING {
        editor.status = "weights updated".into();
    }
}
