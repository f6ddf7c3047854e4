//! Weights in the editor: automatic weights from the cached distances, the smoothness sliders,
//! the brush, locked bones, and typed weights at one vertex.

use glam::DVec2;

use super::editor::Editor;
use crate::core::brush::{BrushMode, Dab, apply_dab};
use crate::core::edit::Edit;
use crate::core::weights::WeightSettings;

impl Editor {
    /// Automatic weights for every part from the current skeleton and settings (one edit per part,
    /// inside whatever transaction is open).
    pub fn recompute_weights(&mut self) {
        for index in 0..self.document.project.parts.len() {
            let image = self.document.image_path(index);
            match self.weights.weights(&self.document.project, index, &image) {
                Ok(binding) => {
                    self.apply(Edit::SetBinding {
                        part: index,
                        binding,
                    });
                }
                Err(e) => self.status = e,
            }
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

    /// One brush dab at `point` (image pixels, rest pose) on the selected bone, in every part; inside
    /// the stroke's transaction each dab joins one undo step.
    pub fn paint(&mut self, point: DVec2) {
        let Some(bone) = self.selected_bone else {
            self.status = "select a bone to paint its weights".into();
            return;
        };
        let dab = Dab {
            centre: point.to_array(),
            radius: self.brush.radius,
            strength: self.brush.strength,
            bone,
            mode: self.brush.mode,
        };
        for index in 0..self.document.project.parts.len() {
            let part = &self.document.project.parts[index];
            let mut binding = part.binding.clone();
            apply_dab(&mut binding, &part.mesh, &dab, &self.locked);
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
        apply_dab(&mut binding, &p.mesh, &dab, &self.locked);
        binding != p.binding && self.apply(Edit::SetBinding { part, binding })
    }

    /// Whether bone `bone` is locked against the brush.
    pub fn is_locked(&self, bone: usize) -> bool {
        self.locked.get(bone).copied().unwrap_or(false)
    }

    pub fn set_locked(&mut self, bone: usize, locked: bool) {
        if self.locked.len() <= bone {
            self.locked.resize(bone + 1, false);
        }
        self.locked[bone] = locked;
    }
}
