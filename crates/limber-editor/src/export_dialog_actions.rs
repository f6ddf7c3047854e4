//! The Export dialog's actions ([`crate::export_dialog`] holds its model, [`Jobs`] the open one):
//! opening a format's dialog from what the project remembers, editing its destination, and
//! exporting as it says — a refusal stays in the dialog, one line, and writes nothing; the choices
//! are remembered in the project.

use std::path::{Path, PathBuf};

use limber_core::export_settings::ExportChoices;

use super::document::Document;
use super::editor::Editor;
use super::export_dialog::{
    ExportDialog, ExportFormat, MAX_VERTICES_RANGE, MIN_WEIGHT_RANGE, PAGE_RANGE,
    PIXELS_PER_UNIT_RANGE, clamp,
};
use super::export_job::{ExportRequest, Framing};
use super::exports::{self, ExportError};
use super::jobs::Jobs;

/// Opens `format`'s Export dialog with the choices the project remembers for it, else the
/// defaults: the current clip, scale 1, the clip's fps, the menu's framing and trimming, and a
/// destination named after the project and clip in the project's folder.
pub(crate) fn open(editor: &mut Editor, format: ExportFormat) {
    let document = &editor.document;
    let clips = &document.project.rig.clips;
    let current = editor.playback.clip().and_then(|c| clips.get(c));
    let mut choices = format
        .remembered(&document.project.exports)
        .clone()
        .unwrap_or_else(|| {
            let options = editor.jobs.export_options();
            ExportChoices {
                clip: current.map(|c| c.name.clone()),
                image_frame: options.framing == Framing::Image,
                trim: options.trim,
                ..ExportChoices::default()
            }
        });
    // A remembered clip since deleted or renamed: the current one.
    if choices
        .clip
        .as_ref()
        .is_some_and(|name| clips.iter().all(|c| &c.name != name))
    {
        choices.clip = current.map(|c| c.name.clone());
    }
    if choices.destination.trim().is_empty() {
        let name = format.default_name(&document.name(), choices.clip.as_deref());
        choices.destination = document.folder().join(name).display().to_string();
    } else {
        choices.destination = destination_of(document, &choices).display().to_string();
    }
    editor.jobs.set_export_dialog(Some(ExportDialog {
        format,
        choices,
        problem: None,
    }));
}

/// The open dialog's choices as edited (its last refusal cleared when they changed); whether
/// they changed. Nothing happens with no dialog open.
pub(crate) fn edit(jobs: &mut Jobs, mut edited: ExportDialog) -> bool {
    let Some(open) = jobs.export_dialog_mut() else {
        return false;
    };
    if *open == edited {
        return false;
    }
    edited.problem = None;
    *open = edited;
    true
}

/// Sets the open dialog's destination (from the file chooser).
pub(crate) fn set_destination(jobs: &mut Jobs, path: &Path) {
    if let Some(dialog) = jobs.export_dialog_mut() {
        dialog.choices.destination = path.display().to_string();
        dialog.problem = None;
    }
}

/// The destination as a path: a relative one is in the project's folder.
fn destination_of(document: &Document, choices: &ExportChoices) -> PathBuf {
    let typed = PathBuf::from(choices.destination.trim());
    if typed.is_relative() {
        document.folder().join(typed)
    } else {
        typed
    }
}

/// Exports as the open dialog says. A refusal (over a budget, no destination, the export failing
/// at once) stays in the dialog, one line, and writes nothing; otherwise the choices are
/// remembered in the project (a change marks it unsaved), the dialog closes and the export runs
/// (rendered ones on a worker, with progress in the status bar). Returns whether it started.
pub(crate) fn export(editor: &mut Editor) -> bool {
    let Some(dialog) = editor.jobs().export_dialog().cloned() else {
        return false;
    };
    match try_export(editor, &dialog) {
        Ok(out) => {
            remember(&mut editor.document, &dialog, &out);
            editor.jobs.set_export_dialog(None);
            true
        }
        Err(problem) => {
            if let Some(d) = editor.jobs.export_dialog_mut() {
                d.problem = Some(problem.to_string());
            }
            false
        }
    }
}

/// Starts (or writes) the export `dialog` describes; where to, or why not (the dialog's one line).
fn try_export(editor: &mut Editor, dialog: &ExportDialog) -> Result<PathBuf, ExportError> {
    if let Some((_, problem)) = dialog.first_field_problem() {
        return Err(ExportError::OutOfRange(problem));
    }
    if dialog.choices.destination.trim().is_empty() {
        return Err(ExportError::NoDestination);
    }
    let out = destination_of(&editor.document, &dialog.choices);
    match dialog.format.kind() {
        Some(kind) => {
            if editor.jobs().export().is_some() {
                return Err(ExportError::Busy);
            }
            let Some(renderer) = editor.jobs().renderer() else {
                return Err(ExportError::NoRenderer(out));
            };
            let clip = dialog.choices.clip.as_ref().and_then(|name| {
                let clips = &editor.document.project.rig.clips;
                clips.iter().position(|c| &c.name == name)
            });
            let request = ExportRequest {
                kind,
                options: dialog.options(),
                project: editor.document.project.clone(),
                project_path: editor.document.base_path(),
                clip,
                out: out.clone(),
            };
            renderer.check(&request)?;
            exports::start(editor, request)?;
        }
        None => {
            let written: Result<String, ExportError> = match dialog.format {
                ExportFormat::Gltf => exports::gltf(
                    &editor.document,
                    &out,
                    &limber_export::gltf::GltfOptions {
                        fps: dialog.options().fps,
                        pixels_per_unit: clamp(
                            dialog.choices.pixels_per_unit,
                            PIXELS_PER_UNIT_RANGE,
                            100.0,
                        ),
                    },
                ),
                _ => exports::spine(
                    &editor.document,
                    &out,
                    &limber_export::spine::SpineOptions {
                        fps: dialog.options().fps,
                        max_page: dialog.choices.max_page.clamp(PAGE_RANGE.0, PAGE_RANGE.1),
                        premultiplied: dialog.choices.premultiplied,
                        pretty: dialog.choices.pretty,
                        min_weight: clamp(
                            dialog.choices.min_weight,
                            MIN_WEIGHT_RANGE,
                            limber_export::spine::lean::DEFAULT_MIN_WEIGHT,
                        ),
                        max_vertices: (dialog.choices.max_vertices > 0)
                            .then_some(dialog.choices.max_vertices.min(MAX_VERTICES_RANGE.1)),
                    },
                ),
            };
            // The status line says how it went too, as for every export.
            match written {
                Ok(message) => editor.status = message,
                Err(e) => {
                    editor.status = e.to_string();
                    return Err(e);
                }
            }
        }
    }
    Ok(out)
}

/// Keeps the dialog's choices in the project (the destination relative to its folder when inside
/// it); marks the document changed when they differ from what it remembered.
fn remember(document: &mut Document, dialog: &ExportDialog, out: &Path) {
    let mut choices = dialog.choices.clone();
    let folder = document.folder();
    choices.destination = out
        .strip_prefix(&folder)
        .unwrap_or(out)
        .display()
        .to_string();
    let slot = dialog.format.remembered_mut(&mut document.project.exports);
    if slot.as_ref() != Some(&choices) {
        *slot = Some(choices);
        document.mark_dirty();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::Document;

    fn sample() -> Editor {
        let path =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/projects/zombie.limber");
        Editor::new(Document::open(&path).unwrap())
    }

    #[test]
    fn a_dialog_starts_from_the_project_and_clip_names_and_remembers_its_choices() {
        let mut editor = sample();
        open(&mut editor, ExportFormat::Gltf);
        let dialog = editor.jobs().export_dialog().unwrap();
        assert!(
            dialog.choices.destination.ends_with("zombie.glb"),
            "{}",
            dialog.choices.destination
        );
        open(&mut editor, ExportFormat::Gif);
        let clip = editor.document().project.rig.clips[0].name.clone();
        let dialog = editor.jobs().export_dialog().unwrap();
        assert_eq!(dialog.choices.clip.as_deref(), Some(clip.as_str()));
        assert!(
            dialog
                .choices
                .destination
                .ends_with(&format!("zombie_{clip}.gif")),
            "{}",
            dialog.choices.destination
        );
        // A glTF export into a folder that does not exist: made, written, remembered.
        let dir = std::env::temp_dir().join(format!("limber-export-dialog-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let out = dir.join("new/folder/zombie.glb");
        open(&mut editor, ExportFormat::Gltf);
        set_destination(&mut editor.jobs, &out);
        let mut edited = editor.jobs().export_dialog().cloned().unwrap();
        edited.choices.pixels_per_unit = 50.0;
        assert!(edit(&mut editor.jobs, edited));
        assert!(export(&mut editor), "{}", editor.status);
        assert!(out.is_file(), "{}", editor.status);
        assert!(editor.jobs().export_dialog().is_none());
        let remembered = editor.document().project.exports.gltf.clone().unwrap();
        assert_eq!(remembered.pixels_per_unit, 50.0);
        assert!(editor.document().is_dirty(), "a changed choice is unsaved");
        // Saved with the project and read back.
        let saved = dir.join("zombie.limber");
        crate::actions::file::save(&mut editor, Some(&saved)).unwrap();
        let reopened = Document::open(&saved).unwrap();
        assert_eq!(reopened.project.exports, editor.document().project.exports);
        let mut editor = Editor::new(reopened);
        open(&mut editor, ExportFormat::Gltf);
        let dialog = editor.jobs().export_dialog().unwrap();
        assert_eq!(dialog.choices.pixels_per_unit, 50.0);
        assert_eq!(Path::new(&dialog.choices.destination), out.as_path());
        // A Spine export whose folder cannot be made stays in the dialog and says why.
        open(&mut editor, ExportFormat::Spine);
        set_destination(&mut editor.jobs, &saved.join("inside"));
        assert!(!export(&mut editor));
        let problem = editor
            .jobs()
            .export_dialog()
            .and_then(|d| d.problem.clone());
        assert!(problem.is_some_and(|p| p.contains("cannot write")));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
