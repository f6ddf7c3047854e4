//! "Suggest bones": a skeleton proposed from every part's sprite read together where the parts sit
//! on the canvas (`limber_core::suggest::suggest_on_canvas`), added as one undo step with its
//! weights. Only on a rig without bones: an artist's bones are never replaced; the status says so
//! instead, and says when the bone budget left anything out.

use limber_core::edit::Edit;
use limber_core::suggest::{CanvasPart, SuggestSettings, suggest_on_canvas};

use crate::editor::Editor;

impl Editor {
    /// Adds the suggested bones for all parts' images (each part's own alpha threshold; the first
    /// part's island size) and their weights, as one undo step; selects the root. Refused, with the
    /// reason in the status, when the rig already has bones or the suggestion fails.
    pub fn suggest_bones(&mut self) {
        if !self.document.project.rig.skeleton.bones.is_empty() {
            self.status = "the rig already has bones: Suggest bones starts from a rig without any \
                           (undo or delete them first)"
                .into();
            return;
        }
        let Some(first) = self.document.project.parts.first() else {
            self.status = "no part to suggest bones for".into();
            return;
        };
        let settings = SuggestSettings::from(&first.mesh_settings);
        let mut assets = Vec::new();
        for (index, part) in self.document.project.parts.iter().enumerate() {
            let path = self.document.image_path(index);
            match self.document.assets.image(&path) {
                Ok(asset) => {
                    assets.push((asset, part.mesh.offset, part.mesh_settings.alpha_threshold))
                }
                Err(e) => {
                    self.status = format!("{}: {e}", path.display());
                    return;
                }
            }
        }
        let parts: Vec<CanvasPart> = assets
            .iter()
            .map(|(asset, offset, alpha_threshold)| CanvasPart {
                image: asset.image.as_ref(),
                offset: *offset,
                alpha_threshold: *alpha_threshold,
            })
            .collect();
        // Suggested in canvas pixels, where the parts sit.
        let suggestion = match suggest_on_canvas(&parts, &settings) {
            Ok(suggestion) => suggestion,
            Err(e) => {
                self.status = format!("{}: {e}", self.document.image_path(0).display());
                return;
            }
        };
        let count = suggestion.bones.len();
        let note = suggestion.pruned_note();
        let mut step = self.step();
        for bone in suggestion.bones {
            if !step.apply(Edit::AddBone(bone)) {
                return;
            }
        }
        step.recompute_weights();
        step.commit();
        self.selection.set_bone(Some(0));
        self.status = match note {
            Some(note) => format!("{count} bones suggested, {note} (undo removes them)"),
            None => format!("{count} bones suggested (undo removes them)"),
        };
    }
}
