//! The export choices a project remembers (saved with it, as the optional `exports` field of the
//! project file): per format, the clip, scale, frame rate, framing, trimming, page size and
//! destination last used in the editor's Export dialog. A file without the field, or with fields
//! this build does not know, reads as the defaults; nothing here is checked on load — the dialog
//! clamps each value to its range when it shows it. Also what a rendered export's canvas frames
//! ([`Framing`], with its [`DEFAULT_MARGIN`]), defined once here for the renderer, the editor and
//! the command line.

use serde::{Deserialize, Serialize};

/// The margin, in output pixels, an export framed to the animation leaves on each side unless
/// asked otherwise.
pub const DEFAULT_MARGIN: u32 = 2;

/// What a rendered export's canvas frames.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Framing {
    /// The project's image rectangle, from (0, 0) to the largest part image.
    Image,
    /// Everything the clip draws over its frames, plus `margin` output pixels on each side.
    Animation { margin: u32 },
}

impl Default for Framing {
    fn default() -> Self {
        Self::Animation {
            margin: DEFAULT_MARGIN,
        }
    }
}

/// The remembered choices of each export format; `None`: never exported in that format.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ExportSettings {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gif: Option<ExportChoices>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sheet: Option<ExportChoices>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub frames: Option<ExportChoices>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gltf: Option<ExportChoices>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub spine: Option<ExportChoices>,
}

impl ExportSettings {
    /// Whether nothing is remembered (the field is then not written).
    pub fn is_empty(&self) -> bool {
        *self == Self::default()
    }
}

/// One format's choices (a format ignores those that do not apply to it).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ExportChoices {
    /// The clip's name (rendered exports); `None`: the rest pose.
    pub clip: Option<String>,
    /// Output pixels per image pixel (rendered exports and Spine).
    pub scale: f64,
    /// Frames (or samples) per second; `None`: each clip's own.
    pub fps: Option<f64>,
    /// Framed to the image's rectangle instead of the whole animation plus `margin` pixels.
    pub image_frame: bool,
    pub margin: u32,
    /// Sprite sheets: each frame cut to its own pixels and packed.
    pub trim: bool,
    /// Sprite sheets: frames per row; `None`: the smallest square.
    pub columns: Option<u32>,
    /// Spine: the largest atlas page side, in pixels.
    pub max_page: u32,
    /// Spine: pages written with premultiplied alpha.
    pub premultiplied: bool,
    /// Spine: the JSON indented for reading.
    pub pretty: bool,
    /// Spine: bone influences under this weight left out of meshes.
    pub min_weight: f64,
    /// Spine: the most vertices a part's mesh may have in the export; 0: as they are.
    pub max_vertices: u32,
    /// glTF: image pixels per glTF unit.
    pub pixels_per_unit: f64,
    /// Where it was written: relative to the project's folder where it lies inside it.
    pub destination: String,
}

impl Default for ExportChoices {
    fn default() -> Self {
        Self {
            clip: None,
            scale: 1.0,
            fps: None,
            image_frame: false,
            margin: DEFAULT_MARGIN,
            trim: false,
            columns: None,
            max_page: 2048,
            premultiplied: false,
            pretty: false,
            min_weight: 0.01,
            max_vertices: 0,
            pixels_per_unit: 100.0,
            destination: String::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_and_unknown_fields_read_as_the_defaults() {
        let read: ExportSettings =
            serde_json::from_str(r#"{"gif":{"scale":0.5,"future":1},"later":{}}"#).unwrap();
        let gif = read.gif.clone().unwrap();
        assert_eq!(gif.scale, 0.5);
        assert_eq!(
            gif,
            ExportChoices {
                scale: 0.5,
                ..ExportChoices::default()
            }
        );
        assert!(read.sheet.is_none());
        let written = serde_json::to_string(&read).unwrap();
        assert!(!written.contains("sheet"), "{written}");
        assert!(ExportSettings::default().is_empty());
    }
}
