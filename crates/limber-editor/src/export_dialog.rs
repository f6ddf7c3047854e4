//! The Export dialog's model, one dialog per format (GIF, sprite sheet, PNG frames, glTF, Spine):
//! the choices that apply to the format (clip, scale, fps, framing, trimming, columns, page size,
//! destination), starting from what the project remembers for that format
//! ([`limber_core::export_settings`]) and remembered again on each export. A rendered export over
//! the budgets is refused in the dialog, before anything is written, with a line saying which
//! scale or fps would fit (the renderer's [`ExportRenderer::check`]).
//!
//! [`ExportRenderer::check`]: crate::export_job::ExportRenderer::check

use limber_core::export_settings::{ExportChoices, ExportSettings};

use super::export_job::{ExportKind, ExportOptions, Framing};

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
    pub(crate) fn remembered(self, settings: &ExportSettings) -> &Option<ExportChoices> {
        match self {
            Self::Gif => &settings.gif,
            Self::Sheet => &settings.sheet,
            Self::Frames => &settings.frames,
            Self::Gltf => &settings.gltf,
            Self::Spine => &settings.spine,
        }
    }

    /// Where the project keeps this format's choices.
    pub(crate) fn remembered_mut(
        self,
        settings: &mut ExportSettings,
    ) -> &mut Option<ExportChoices> {
        match self {
            Self::Gif => &mut settings.gif,
            Self::Sheet => &mut settings.sheet,
            Self::Frames => &mut settings.frames,
            Self::Gltf => &mut settings.gltf,
            Self::Spine => &mut settings.spine,
        }
    }

    /// The default destination's name for a project and clip.
    pub(crate) fn default_name(self, project: &str, clip: Option<&str>) -> String {
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

pub(crate) fn clamp(value: f64, (lo, hi): (f64, f64), otherwise: f64) -> f64 {
    if value.is_finite() {
        value.clamp(lo, hi)
    } else {
        otherwise
    }
}
