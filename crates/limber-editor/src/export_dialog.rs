//! The Export dialog's model, one dialog per format (GIF, sprite sheet, PNG frames, glTF, Spine):
//! the choices that apply to the format (clip, scale, fps, framing, trimming, columns, page size,
//! destination), starting from what the project remembers for that format
//! ([`limber_core::export_settings`]) and remembered again on each export. A rendered export over
//! the budgets is refused in the dialog, before anything is written, with a line saying which
//! scale or fps would fit (the renderer's [`ExportRenderer::check`]).
//!
//! [`ExportRenderer::check`]: crate::export_job::ExportRenderer::check

use std::path::{Path, PathBuf};

use limber_core::export_settings::{ExportChoices, ExportSettings};

use super::editor::Editor;
use super::export_job::{ExportKind, ExportOptions, ExportRequest, Framing};

/// The scales a dialog offers (output pixels per image pixel).
pub const SCALE_RANGE: (f64, f64) = (0.01, 8.0);
/// The frame rates a dialog offers.
pub const FPS_RANGE: (f64, f64) = (1.0, 240.0);
/// The Spine atlas page sides a dialog offers (the exporter's range).
pub const PAGE_RANGE: (u32, u32) = (64, 16384);

/// One export format, each with a dialog of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExportFormat {
    Gif,
    Sheet,
    Frames,
    Gltf,
    Spine,
}

impl ExportFormat {
    pub const ALL: [Self; 5] = [
        Self::Gif,
        Self::Sheet,
        Self::Frames,
        Self::Gltf,
        Self::Spine,
    ];

    /// The dialog's title.
    pub fn title(self) -> &'static str {
        match self {
            Self::Gif => "Export GIF",
            Self::Sheet => "Export sprite sheet",
            Self::Frames => "Export PNG frames",
            Self::Gltf => "Export glTF 2.0",
            Self::Spine => "Export Spine 4.2 JSON",
        }
    }

    /// The rendered export it is, if it is one.
    pub fn kind(self) -> Option<ExportKind> {
        match self {
            Self::Gif => Some(ExportKind::Gif),
            Self::Sheet => Some(ExportKind::Sheet),
            Self::Frames => Some(ExportKind::Frames),
            Self::Gltf | Self::Spine => None,
        }
    }

    /// Whether the destination is a folder (PNG frames, Spine) rather than a file.
    pub fn writes_folder(self) -> bool {
        matches!(self, Self::Frames | Self::Spine)
    }

    /// What the project remembers of this format's choices.
    fn remembered(self, settings: &ExportSettings) -> &Option<ExportChoices> {
        match self {
            Self::Gif => &settings.gif,
            Self::Sheet => &settings.sheet,
            Self::Frames => &settings.frames,
            Self::Gltf => &settings.gltf,
            Self::Spine => &settings.spine,
        }
    }

    /// Where the project keeps this format's choices.
    fn remembered_mut(self, settings: &mut ExportSettings) -> &mut Option<ExportChoices> {
        match self {
            Self::Gif => &mut settings.gif,
            Self::Sheet => &mut settings.sheet,
            Self::Frames => &mut settings.frames,
            Self::Gltf => &mut settings.gltf,
            Self::Spine => &mut settings.spine,
        }
    }

    /// The default destination's name for a project and clip.
    fn default_name(self, project: &str, clip: Option<&str>) -> String {
        let stem = match clip {
            Some(clip) if clip != project => format!("{project}_{clip}"),
            _ => project.to_string(),
        };
        match self {
            Self::Gif => format!("{stem}.gif"),
            Self::Sheet => format!("{stem}_sheet.png"),
            Self::Frames => format!("{stem}_frames"),
            Self::Gltf => format!("{project}.glb"),
            Self::Spine => format!("{project}_spine"),
        }
    }
}

/// An open Export dialog: its format, the choices as edited, and the last refusal.
#[derive(Debug, Clone, PartialEq)]
pub struct ExportDialog {
    pub format: ExportFormat,
    pub choices: ExportChoices,
    /// Why the last Export was refused (one line); nothing was written.
    pub problem: Option<String>,
}

impl ExportDialog {
    /// The rendered export's options from the choices (clamped to the dialog's ranges).
    pub fn options(&self) -> ExportOptions {
        let c = &self.choices;
        ExportOptions {
            framing: if c.image_frame {
                Framing::Image
            } else {
                Framing::Animation { margin: c.margin }
            },
            trim: c.trim,
            scale: clamp(c.scale, SCALE_RANGE, 1.0),
            fps: c.fps.map(|f| clamp(f, FPS_RANGE, 30.0)),
            columns: c.columns.filter(|&n| n > 0),
        }
    }
}

fn clamp(value: f64, (lo, hi): (f64, f64), otherwise: f64) -> f64 {
    if value.is_finite() {
        value.clamp(lo, hi)
    } else {
        otherwise
    }
}

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

    pub fn export_dialog_mut(&mut self) -> Option<&mut ExportDialog> {
        self.jobs.export_dialog_mut()
    }

    /// Closes the Export dialog without exporting.
    pub fn close_export_dialog(&mut self) {
        self.jobs.set_export_dialog(None);
    }

    /// Sets the open dialog's destination (from the file chooser).
    pub fn set_export_destination(&mut self, path: &Path) {
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
    pub fn export_from_dialog(&mut self) -> bool {
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
        editor.export_dialog_mut().unwrap().choices.pixels_per_unit = 50.0;
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
