//! Weights in the editor: automatic weights from the cached distances (locked bones' weights kept,
//! `bind_pose.rs`), the smoothness sliders, the brush, locked bones, and typed weights at one
//! vertex. Large images are weighted by a background job ([`crate::jobs::JobKind::Weights`]) whose
//! result [`take_result`] takes in.

use glam::DVec2;

use super::editor::Editor;
use super::weights_job::{Finished, WeightsJob};
use limber_core::brush::{BrushMode, Dab, apply_dab};
use limber_core::distance::Metric;
use limber_core::edit::Edit;
use limber_core::weights::WeightSettings;

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
            self.status = "computing weights…".into();
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

    /// Sets part `index`'s global smoothness and recomputes its weights (no distance field is
    /// computed: the cache has them).
    pub fn set_smoothness(&mut self, index: usize, smoothness: f64) {
        let Some(part) = self.document.project.parts.get(index) else {
            return;
        };
        let settings = WeightSettings {
            smoothness,
            ..part.weight_settings
        };
        if self.apply(Edit::SetWeightSettings {
            part: index,
            settings,
        }) {
            self.recompute_weights();
        }
    }

    /// Sets the distance metric of part `index`'s automatic weights and recomputes them, one undo
    /// step (weights computed in the background join it when nothing else changed meanwhile).
    pub fn set_metric(&mut self, index: usize, metric: Metric) -> bool {
        let Some(part) = self.document.project.parts.get(index) else {
            return false;
        };
        if part.weight_settings.metric == metric {
            return false;
        }
        let settings = WeightSettings {
            metric,
            ..part.weight_settings
        };
        let mut step = self.step();
        let done = step.apply(Edit::SetWeightSettings {
            part: index,
            settings,
        });
        if done {
            step.recompute_weights();
        }
        step.commit();
        done
    }

    /// One brush dab at `point` (image pixels, rest pose) on the selected bone, in every part; inside
    /// the stroke's transaction each dab joins one undo step.
    pub fn paint(&mut self, point: DVec2) {
        let Some(bone) = self.selection().bone() else {
            self.status = "select a bone to paint its weights".into();
            return;
        };
        let bones = &self.document.project.rig.skeleton.bones;
        if bones.get(bone).is_some_and(|b| !b.deform) {
            self.status = format!(
                "{} does not deform: tick its Deform box to give it weights",
                bones[bone].name
            );
            return;
        }
        let dab = Dab {
            centre: point.to_array(),
            radius: self.tools().brush().radius,
            strength: self.tools().brush().strength,
            bone,
            mode: self.tools().brush().mode,
        };
        for index in 0..self.document.project.parts.len() {
            let part = &self.document.project.parts[index];
            let mut binding = part.binding.clone();
            apply_dab(&mut binding, &part.mesh, &dab, self.tools.locks());
            if binding != part.binding {
                self.apply(Edit::SetBinding {
                    part: index,
                    binding,
                });
            }
        }
    }

    /// The vertex nearest `point` (rest pose, image pixels) within `reach`, over all parts.
    pub fn vertex_at(&self, point: DVec2, reach: f64) -> Option<(usize, usize)> {
        let mut best: Option<(f64, usize, usize)> = None;
        for (p, part) in self.document.project.parts.iter().enumerate() {
            for (v, position) in part.mesh.positions.iter().enumerate() {
                let d = (DVec2::from(*position) - point).length();
                if d <= reach && best.is_none_or(|(bd, _, _)| d < bd) {
                    best = Some((d, p, v));
                }
            }
        }
        best.map(|(_, p, v)| (p, v))
    }

    /// Sets bone `bone`'s weight at one vertex to `weight` exactly (0–1); the other unlocked bones
    /// share the rest in proportion, as the brush's Set mode does.
    pub fn set_vertex_weight(
        &mut self,
        part: usize,
        vertex: usize,
        bone: usize,
        weight: f64,
    ) -> bool {
        let Some(p) = self.document.project.parts.get(part) else {
            return false;
        };
        let Some(position) = p.mesh.positions.get(vertex) else {
            return false;
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
        apply_dab(&mut binding, &p.mesh, &dab, self.tools.locks());
        binding != p.binding && self.apply(Edit::SetBinding { part, binding })
    }

    /// Whether bone `bone`'s weights are locked (the brush and automatic weights keep them).
    pub fn is_locked(&self, bone: usize) -> bool {
        self.tools.is_locked(bone)
    }

    pub fn set_locked(&mut self, bone: usize, locked: bool) {
        self.tools.set_locked(bone, locked);
    }
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
    editor.status = "weights updated".into();
}
