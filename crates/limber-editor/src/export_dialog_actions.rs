//! The Export dialog's actions on the editor ([`crate::export_dialog`] holds its model): opening a
//! format's dialog from what the project remembers, editing its destination, and exporting as it
//! says — a refusal stays in the dialog, one line, and writes nothing; the choices are remembered
//! in the project.

use std::path::{Path, PathBuf};

use limber_core::export_settings::ExportChoices;

use super::editor::Editor;
use super::export_dialog::{ExportDialog, ExportFormat, PAGE_RANGE, clamp};
use super::export_job::{ExportRequest, Framing};

impl Editor {
    /// Opens `format`'s Export dialog with the choices the project remembers for it, else the
    /// defaults: the current clip, scale 1, the clip's fps, the menu's framing and trimming, and a
    /// destination named after the project and clip in the project's folder.
    pub fn open_export_dialog(&mut self, format: ExportFormat) {
        let clips = &self.document.project.rig.clips;
        let current = self.playback().clip().and_then(|c| clips.get(c));
        let mut choices = format
            .remembered(&self.document.project.exports)
            .clone()
            .unwrap_or_else(|| {
                let options = self.jobs().export_options();
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
            let name = format.default_name(&self.document.name(), choices.clip.as_deref());
            choices.destination = self.document.folder().join(name).display().to_string();
        } else {
            choices.destination = self.destination_of(&choices).display().to_string();
        }
        self.jobs.set_export_dialog(Some(ExportDialog {
            format,
            choices,
            problem: None,
        }));
    }

    pub fn export_dialog(&self) -> Option<&ExportDialog> {
        self.jobs().export_dialog()
    }

    /// The open dialog's choices as edited (its last refusal cleared when they changed); whether
    /// they changed. Nothing happens with no dialog open.
    pub(crate) fn edit_export_dialog(&mut self, mut edited: ExportDialog) -> bool {
        let Some(open) = self.jobs.export_dialog_mut() else {
            return false;
        };
        if *open == edited {
            return false;
        }
        edited.problem = None;
        *open = edited;
        true
    }

    /// Closes the Export dialog without exporting.
    pub(crate) fn close_export_dialog(&mut self) {
        self.jobs.set_export_dialog(None);
    }

    /// Sets the open dialog's destination (from the file chooser).
    pub(crate) fn set_export_destination(&mut self, path: &Path) {
        if let Some(dialog) = self.jobs.export_dialog_mut() {
            dialog.choices.destination = path.display().to_string();
            dialog.problem = None;
        }
    }

    /// The destination as a path: a relative one is in the project's folder.
    fn destination_of(&self, choices: &ExportChoices) -> PathBuf {
        let typed = PathBuf::from(choices.destination.trim());
        if typed.is_relative() {
            self.document.folder().join(typed)
        } else {
            typed
        }
    }

    /// Exports as the open dialog says. A refusal (over a budget, no destination, the export
    /// failing at once) stays in the dialog, one line, and writes nothing; otherwise the choices
    /// are remembered in the project (a change marks it unsaved), the dialog closes and the export
    /// runs (rendered ones on a worker, with progress in the status bar). Returns whether it started.
    pub(crate) fn export_from_dialog(&mut self) -> bool {
        let Some(dialog) = self.export_dialog().cloned() else {
            return false;
        };
        let refuse = |editor: &mut Self, problem: String| {
            if let Some(d) = editor.jobs.export_dialog_mut() {
                d.problem = Some(problem);
            }
            false
        };
        if dialog.choices.destination.trim().is_empty() {
            return refuse(self, "choose where to export to".into());
        }
        let out = self.destination_of(&dialog.choices);
        let started = match dialog.format.kind() {
            Some(kind) => {
                if self.jobs().export().is_some() {
                    return refuse(self, "an export is already running: wait for it".into());
                }
                let Some(renderer) = self.jobs().renderer() else {
                    return refuse(self, "this editor has no renderer for exports".into());
                };
                let clip = dialog.choices.clip.as_ref().and_then(|name| {
                    let clips = &self.document.project.rig.clips;
                    clips.iter().position(|c| &c.name == name)
                });
                let request = ExportRequest {
                    kind,
                    options: dialog.options(),
                    project: self.document.project.clone(),
                    project_path: self.document.base_path(),
                    clip,
                    out: out.clone(),
                };
                if let Err(e) = renderer.check(&request) {
                    return refuse(self, e.message);
                }
                self.start_export_request(request);
                true
            }
            None => {
                let written = match dialog.format {
                    ExportFormat::Gltf => self.export_gltf_with(
                        &out,
                        &limber_export::gltf::GltfOptions {
                            fps: dialog.options().fps,
                            pixels_per_unit: clamp(
                                dialog.choices.pixels_per_unit,
                                (0.001, 1e6),
                                100.0,
                            ),
                        },
                    ),
                    _ => self.export_spine_with(
                        &out,
                        &limber_export::spine::SpineOptions {
                            fps: dialog.options().fps,
                            max_page: dialog.choices.max_page.clamp(PAGE_RANGE.0, PAGE_RANGE.1),
                            premultiplied: dialog.choices.premultiplied,
                        },
                    ),
                };
                if !written {
                    let problem = self.status.clone();
                    return refuse(self, problem);
                }
                true
            }
        };
        self.remember(&dialog, &out);
        self.jobs.set_export_dialog(None);
        started
    }

    /// Keeps the dialog's choices in the project (the destination relative to its folder when
    /// inside it); marks the document changed when they differ from what it remembered.
    fn remember(&mut self, dialog: &ExportDialog, out: &Path) {
        let mut choices = dialog.choices.clone();
        let folder = self.document.folder();
        choices.destination = out
            .strip_prefix(&folder)
            .unwrap_or(out)
            .display()
            .to_string();
        let slot = dialog
            .format
            .remembered_mut(&mut self.document.project.exports);
        if slot.as_ref() != Some(&choices) {
            *slot = Some(choices);
            self.document.mark_dirty();
        }
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
        editor.open_export_dialog(ExportFormat::Gltf);
        let dialog = editor.export_dialog().unwrap();
        assert!(
            dialog.choices.destination.ends_with("zombie.glb"),
            "{}",
            dialog.choices.destination
        );
        editor.open_export_dialog(ExportFormat::Gif);
        let clip = editor.document().project.rig.clips[0].name.clone();
        let dialog = editor.export_dialog().unwrap();
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
        editor.open_export_dialog(ExportFormat::Gltf);
        editor.set_export_destination(&out);
        let mut edited = editor.export_dialog().cloned().unwrap();
        edited.choices.pixels_per_unit = 50.0;
        assert!(editor.edit_export_dialog(edited));
        assert!(editor.export_from_dialog(), "{}", editor.status);
        assert!(out.is_file(), "{}", editor.status);
        assert!(editor.export_dialog().is_none());
        let remembered = editor.document().project.exports.gltf.clone().unwrap();
        assert_eq!(remembered.pixels_per_unit, 50.0);
        assert!(editor.document().is_dirty(), "a changed choice is unsaved");
        // Saved with the project and read back.
        let saved = dir.join("zombie.limber");
        assert!(editor.save_as(&saved));
        let reopened = Document::open(&saved).unwrap();
        assert_eq!(reopened.project.exports, editor.document().project.exports);
        let mut editor = Editor::new(reopened);
        editor.open_export_dialog(ExportFormat::Gltf);
        let dialog = editor.export_dialog().unwrap();
        assert_eq!(dialog.choices.pixels_per_unit, 50.0);
        assert_eq!(Path::new(&dialog.choices.destination), out.as_path());
        // A Spine export whose folder cannot be made stays in the dialog and says why.
        editor.open_export_dialog(ExportFormat::Spine);
        editor.set_export_destination(&saved.join("inside"));
        assert!(!editor.export_from_dialog());
        let problem = editor.export_dialog().and_then(|d| d.problem.clone());
        assert!(problem.is_some_and(|p| p.contains("cannot write")));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
