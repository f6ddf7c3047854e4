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
/// The Spine smallest weights a dialog offers (the exporter's range).
pub const MIN_WEIGHT_RANGE: (f64, f64) = limber_export::spine::lean::MIN_WEIGHT_RANGE;
/// The Spine vertex budgets per part a dialog offers (0: none).
pub const MAX_VERTICES_RANGE: (u32, u32) =
    (0, limber_export::spine::vertex_budget::MAX_VERTICES_RANGE.1);
/// The glTF pixels per unit a dialog offers.
pub const PIXELS_PER_UNIT_RANGE: (f64, f64) = (0.001, 1e6);
/// The margins (px) round a rendered animation a dialog offers.
pub const MARGIN_RANGE: (u32, u32) = (0, 512);
/// The sprite sheet columns a dialog offers (0: as square as the frames allow).
pub const COLUMNS_RANGE: (u32, u32) = (0, 4096);

/// A number field of the dialog, for saying which one holds a value out of its range.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExportField {
    Scale,
    PixelsPerUnit,
    Fps,
    Margin,
    Columns,
    MaxPage,
    MinWeight,
    MaxVertices,
}

impl ExportField {
    /// The field's name in the dialog's words.
    pub fn label(self) -> &'static str {
        match self {
            Self::Scale => "scale",
            Self::PixelsPerUnit => "pixels per unit",
            Self::Fps => "fps",
            Self::Margin => "margin",
            Self::Columns => "columns",
            Self::MaxPage => "largest page",
            Self::MinWeight => "smallest weight",
            Self::MaxVertices => "most vertices per part",
        }
    }

    /// The values it takes, lowest and highest, as the dialog says them.
    fn range(self) -> (f64, f64) {
        let whole = |(lo, hi): (u32, u32)| (f64::from(lo), f64::from(hi));
        match self {
            Self::Scale => SCALE_RANGE,
            Self::PixelsPerUnit => PIXELS_PER_UNIT_RANGE,
            Self::Fps => FPS_RANGE,
            Self::Margin => whole(MARGIN_RANGE),
            Self::Columns => whole(COLUMNS_RANGE),
            Self::MaxPage => whole(PAGE_RANGE),
            Self::MinWeight => MIN_WEIGHT_RANGE,
            Self::MaxVertices => whole(MAX_VERTICES_RANGE),
        }
    }
}

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
    /// The fields this format's dialog shows.
    fn fields(&self) -> Vec<ExportField> {
        let mut fields = vec![ExportField::Fps];
        if self.format.kind().is_some() {
            fields.push(ExportField::Scale);
            if !self.choices.image_frame {
                fields.push(ExportField::Margin);
            }
        }
        match self.format {
            ExportFormat::Gltf => fields.push(ExportField::PixelsPerUnit),
            ExportFormat::Sheet if !self.choices.trim => fields.push(ExportField::Columns),
            ExportFormat::Spine => fields.extend([
                ExportField::MaxPage,
                ExportField::MinWeight,
                ExportField::MaxVertices,
            ]),
            _ => {}
        }
        fields
    }

    /// The value `field` holds as typed.
    fn value(&self, field: ExportField) -> Option<f64> {
        let c = &self.choices;
        match field {
            ExportField::Scale => Some(c.scale),
            ExportField::PixelsPerUnit => Some(c.pixels_per_unit),
            ExportField::Fps => c.fps,
            ExportField::Margin => Some(f64::from(c.margin)),
            ExportField::Columns => c.columns.map(f64::from),
            ExportField::MaxPage => Some(f64::from(c.max_page)),
            ExportField::MinWeight => Some(c.min_weight),
            ExportField::MaxVertices => Some(f64::from(c.max_vertices)),
        }
    }

    /// Why `field`'s typed value cannot be used (one line saying the range), or `None` when it can
    /// (or the field is not this format's). The dialog shows it next to the field and Export is
    /// refused with it; the value is never replaced behind the artist's back.
    pub fn field_problem(&self, field: ExportField) -> Option<String> {
        if !self.fields().contains(&field) {
            return None;
        }
        let value = self.value(field)?;
        let (lo, hi) = field.range();
        (!(lo..=hi).contains(&value)).then(|| {
            format!(
                "{} {value} is outside {lo}–{hi}: type a value in that range",
                field.label()
            )
        })
    }

    /// The first field whose value cannot be used, with why.
    pub fn first_field_problem(&self) -> Option<(ExportField, String)> {
        self.fields()
            .into_iter()
            .find_map(|f| self.field_problem(f).map(|p| (f, p)))
    }

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

#[cfg(test)]
mod tests {
    use super::*;

    fn dialog(format: ExportFormat) -> ExportDialog {
        ExportDialog {
            format,
            choices: ExportChoices::default(),
            problem: None,
        }
    }

    #[test]
    fn a_value_out_of_range_is_named_with_its_range_and_others_pass() {
        let mut gif = dialog(ExportFormat::Gif);
        assert_eq!(gif.first_field_problem(), None, "the defaults are in range");
        gif.choices.scale = 20.0;
        gif.choices.fps = Some(0.5);
        let scale = gif.field_problem(ExportField::Scale).expect("out of range");
        assert!(
            scale.contains("scale 20") && scale.contains("0.01–8"),
            "{scale}"
        );
        assert!(gif.field_problem(ExportField::Fps).is_some());
        assert_eq!(
            gif.first_field_problem().map(|(f, _)| f),
            Some(ExportField::Fps)
        );
        gif.choices.scale = f64::NAN;
        assert!(
            gif.field_problem(ExportField::Scale).is_some(),
            "NaN is refused"
        );
    }

    #[test]
    fn a_field_another_format_shows_is_not_checked() {
        let mut gltf = dialog(ExportFormat::Gltf);
        gltf.choices.max_page = 1;
        gltf.choices.scale = 100.0;
        assert_eq!(gltf.first_field_problem(), None);
        let mut spine = dialog(ExportFormat::Spine);
        spine.choices.max_page = 1;
        assert!(spine.field_problem(ExportField::MaxPage).is_some());
    }
}
