//! "Suggest bones": a skeleton proposed from every part's sprite read together where the parts sit
//! on the canvas (`limber_core::suggest::suggest_on_canvas`), added as one undo step with its
//! weights and with the cuts suggested where the drawing touches itself (a hand on the hip, an arm
//! against the body: the meshes split along them, as the Cut tool does). Only on a rig without
//! bones: an artist's bones are never replaced; the [`BoneError`] says so instead, and the status
//! says when the bone budget left anything out, or the cut-points budget the suggested cuts.

use limber_core::cuts::with_suggested;
use limber_core::edit::Edit;
use limber_core::limits::Limits;
use limber_core::suggest::{CanvasPart, SuggestSettings, suggest_on_canvas};

use crate::hierarchy::BoneError;
use crate::step::Step;

/// Adds the suggested bones for all parts' images (each part's own alpha threshold; the first
/// part's island size) and their weights, as one undo step; selects the root. Refused when the
/// rig already has bones or the suggestion fails.
pub(crate) fn suggest_bones(mut step: Step) -> Result<(), BoneError> {
    let document = &step.document;
    if !document.project.rig.skeleton.bones.is_empty() {
        return Err(BoneError::AlreadyHasBones);
    }
    let first = document.project.parts.first().ok_or(BoneError::NoPart)?;
    let settings = SuggestSettings::from(&first.mesh_settings);
    let mut assets = Vec::new();
    for (index, part) in document.project.parts.iter().enumerate() {
        let path = document.image_path(index);
        match document.assets.image(&path) {
            Ok(asset) => assets.push((asset, part.mesh.offset, part.mesh_settings.alpha_threshold)),
            Err(e) => {
                return Err(BoneError::Image {
                    path,
                    message: e.to_string(),
                });
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
    let suggestion = suggest_on_canvas(&parts, &settings).map_err(|e| BoneError::Image {
        path: document.image_path(0),
        message: e.to_string(),
    })?;
    let count = suggestion.bones.len();
    let note = suggestion.pruned_note();
    for bone in suggestion.bones {
        step.document.apply(Edit::AddBone(bone))?;
    }
    // Over the cut-points budget the cuts are left out and the bones kept, as `limber rig
    // --suggest` does: the whole suggestion refused would lose the bones too.
    let suggested = suggestion.cuts.len();
    let (contacts, left_out) = if suggested == 0 {
        (0, None)
    } else {
        let existing = &step.document.project.rig.cuts;
        match with_suggested(existing, suggestion.cuts, &Limits::current()) {
            Ok(cuts) => {
                step.document.apply(Edit::SetCuts(cuts))?;
                crate::cutting::split_parts(&mut step)?;
                (suggested, None)
            }
            Err(cuts_left_out) => (0, Some(cuts_left_out)),
        }
    };
    step.recompute_weights();
    step.selection.set_bone(Some(0));
    let what = match contacts {
        0 => format!("{count} bones suggested"),
        1 => format!("{count} bones and a cut where the drawing touches itself suggested"),
        n => format!("{count} bones and {n} cuts where the drawing touches itself suggested"),
    };
    step.status = match note {
        Some(note) => format!("{what}, {note} (undo removes them)"),
        None => format!("{what} (undo removes them)"),
    };
    if let Some(left_out) = left_out {
        step.status = format!("{}; {left_out}", step.status);
    }
    step.commit();
    Ok(())
}
