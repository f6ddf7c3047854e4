//! Layered image files (Photoshop `.psd`, OpenRaster `.ora`) read into the layers limber imports as
//! parts.
//!
//! [`read_layered`] returns the canvas size and, bottom layer first, every visible pixel layer that
//! has a visible pixel: its name, its pixels trimmed to their visible rectangle, and where that
//! rectangle sits on the canvas. A layer inside a group counts with the group's visibility. Blend
//! modes and opacities limber cannot reproduce are dropped (the layer is read as normal and opaque)
//! and named in [`Layered::warnings`]. Anything unusable (a truncated file, an unsupported colour
//! mode, no pixel layer, a layer larger than the canvas, a layer name that is not a usable file
//! name or is used twice) is a [`LayeredError`], and nothing is returned.

pub mod import;
mod ora;
mod psd;
pub mod write;

use std::collections::HashSet;
use std::path::Path;

use image::RgbaImage;
use thiserror::Error;

/// The largest canvas side read, in pixels.
pub const MAX_CANVAS_SIDE: u32 = 16384;
/// The largest layered file read, in bytes.
pub const MAX_LAYERED_BYTES: u64 = 2 << 30;

/// One visible, non-empty pixel layer.
#[derive(Debug, Clone, PartialEq)]
pub struct Layer {
    pub name: String,
    /// Where the image's top-left corner sits on the canvas.
    pub offset: [u32; 2],
    /// The layer's pixels, trimmed to the rectangle of its visible (non-transparent) pixels.
    pub image: RgbaImage,
}

/// What [`read_layered`] read.
#[derive(Debug, Clone, PartialEq)]
pub struct Layered {
    /// Canvas width and height in pixels.
    pub canvas: [u32; 2],
    /// Bottom layer first (the order they are drawn in).
    pub layers: Vec<Layer>,
    /// One line per layer whose blend mode or opacity was dropped.
    pub warnings: Vec<String>,
}

/// Why a layered file could not be read.
#[derive(Debug, Error)]
pub enum LayeredError {
    #[error("cannot read file: {0}")]
    Io(#[from] std::io::Error),
    #[error("file is {0} bytes, over the {MAX_LAYERED_BYTES}-byte limit")]
    TooLarge(u64),
    #[error("not a layered file limber reads (expected .psd or .ora)")]
    UnknownKind,
    #[error("{0}")]
    Invalid(String),
    #[error("has no visible pixel layer to import")]
    NoLayers,
    #[error(
        "layer \"{name}\" ({width} x {height} px) is larger than the {canvas_w} x {canvas_h} px canvas"
    )]
    LayerTooLarge {
        name: String,
        width: u64,
        height: u64,
        canvas_w: u32,
        canvas_h: u32,
    },
    #[error("layer name \"{0}\" cannot be a file name (rename the layer)")]
    BadName(String),
    #[error("two layers are named \"{0}\" (each layer becomes a part and a file: rename one)")]
    DuplicateName(String),
}

/// Which layered format a path names, by its extension.
pub fn is_layered_path(path: &Path) -> bool {
    kind_of(path).is_some()
}

#[derive(Clone, Copy)]
enum Kind {
    Psd,
    Ora,
}

fn kind_of(path: &Path) -> Option<Kind> {
    let ext = path.extension()?.to_str()?.to_ascii_lowercase();
    match ext.as_str() {
        "psd" => Some(Kind::Psd),
        "ora" => Some(Kind::Ora),
        _ => None,
    }
}

/// Reads the layered file at `path` (by its extension: `.psd` or `.ora`). The error does not name
/// the file: the caller does.
pub fn read_layered(path: &Path) -> Result<Layered, LayeredError> {
    let kind = kind_of(path).ok_or(LayeredError::UnknownKind)?;
    let size = std::fs::metadata(path)?.len();
    if size > MAX_LAYERED_BYTES {
        return Err(LayeredError::TooLarge(size));
    }
    let bytes = std::fs::read(path)?;
    read_layered_bytes(&bytes, kind_is_psd(kind))
}

fn kind_is_psd(kind: Kind) -> bool {
    matches!(kind, Kind::Psd)
}

/// Reads a PSD (`psd` true) or ORA file's bytes.
pub fn read_layered_bytes(bytes: &[u8], psd: bool) -> Result<Layered, LayeredError> {
    let raw = if psd {
        psd::read_psd(bytes)?
    } else {
        ora::read_ora(bytes)?
    };
    finish(raw)
}

/// A layer as a reader found it, before trimming and checks.
struct RawLayer {
    name: String,
    /// The layer's rectangle's top-left corner on the canvas (may be off it).
    left: i64,
    top: i64,
    image: RgbaImage,
    /// Visible itself and in every group around it.
    visible: bool,
    /// What limber cannot reproduce about it ("blend mode multiply", "opacity 50%").
    dropped: Vec<String>,
    /// The names of the groups around it, outermost first (empty at the top level).
    #[allow(dead_code)] // filled by the readers; read by the import's group tags
    groups: Vec<String>,
}

struct RawLayered {
    canvas: [u32; 2],
    /// Bottom first.
    layers: Vec<RawLayer>,
}

fn check_canvas(width: u32, height: u32) -> Result<[u32; 2], LayeredError> {
    if width == 0 || height == 0 || width > MAX_CANVAS_SIDE || height > MAX_CANVAS_SIDE {
        return Err(LayeredError::Invalid(format!(
            "canvas {width} x {height} px is outside 1..={MAX_CANVAS_SIDE} px a side"
        )));
    }
    Ok([width, height])
}

fn finish(raw: RawLayered) -> Result<Layered, LayeredError> {
    let [cw, ch] = raw.canvas;
    let mut layers = Vec::new();
    let mut warnings = Vec::new();
    let mut names = HashSet::new();
    for layer in raw.layers {
        let (w, h) = layer.image.dimensions();
        if u64::from(w) > u64::from(cw) || u64::from(h) > u64::from(ch) {
            return Err(LayeredError::LayerTooLarge {
                name: layer.name,
                width: u64::from(w),
                height: u64::from(h),
                canvas_w: cw,
                canvas_h: ch,
            });
        }
        if !layer.visible {
            continue;
        }
        // Before trimming: an adjustment layer has no pixels, and its warning says so.
        if !layer.dropped.is_empty() {
            warnings.push(format!(
                "layer \"{}\": {} cannot be reproduced; imported as normal and opaque",
                layer.name,
                layer.dropped.join(" and ")
            ));
        }
        let Some((offset, image)) = trimmed_on_canvas(&layer, raw.canvas) else {
            continue;
        };
        if !is_file_name(&layer.name) {
            return Err(LayeredError::BadName(layer.name));
        }
        if !names.insert(layer.name.to_lowercase()) {
            return Err(LayeredError::DuplicateName(layer.name));
        }
        layers.push(Layer {
            name: layer.name,
            offset,
            image,
        });
    }
    if layers.is_empty() {
        return Err(LayeredError::NoLayers);
    }
    Ok(Layered {
        canvas: raw.canvas,
        layers,
        warnings,
    })
}

/// The part of `layer` on the canvas, trimmed to its non-transparent pixels, with where it sits;
/// `None` when no visible pixel is on the canvas.
fn trimmed_on_canvas(layer: &RawLayer, canvas: [u32; 2]) -> Option<([u32; 2], RgbaImage)> {
    let (w, h) = layer.image.dimensions();
    // The layer's pixels that fall on the canvas, in the layer's own coordinates.
    let x0 = (-layer.left).clamp(0, i64::from(w)) as u32;
    let y0 = (-layer.top).clamp(0, i64::from(h)) as u32;
    let x1 = (i64::from(canvas[0]) - layer.left).clamp(0, i64::from(w)) as u32;
    let y1 = (i64::from(canvas[1]) - layer.top).clamp(0, i64::from(h)) as u32;
    let (mut min_x, mut min_y, mut max_x, mut max_y) = (u32::MAX, u32::MAX, 0, 0);
    for y in y0..y1 {
        for x in x0..x1 {
            if layer.image.get_pixel(x, y)[3] != 0 {
                min_x = min_x.min(x);
                max_x = max_x.max(x);
                min_y = min_y.min(y);
                max_y = max_y.max(y);
            }
        }
    }
    if min_x > max_x || min_y > max_y {
        return None;
    }
    let image = image::imageops::crop_imm(
        &layer.image,
        min_x,
        min_y,
        max_x - min_x + 1,
        max_y - min_y + 1,
    )
    .to_image();
    let offset = [
        (layer.left + i64::from(min_x)) as u32,
        (layer.top + i64::from(min_y)) as u32,
    ];
    Some((offset, image))
}

/// Whether `name` is usable as a file name on every desktop system.
fn is_file_name(name: &str) -> bool {
    const RESERVED: [&str; 4] = ["con", "prn", "aux", "nul"];
    !name.is_empty()
        && name.len() <= 120
        && name != "."
        && name != ".."
        && !name.ends_with(['.', ' '])
        && !name.starts_with(' ')
        && !name
            .chars()
            .any(|c| c.is_control() || "/\\:*?\"<>|".contains(c))
        && !RESERVED.contains(&name.to_ascii_lowercase().as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw(name: &str, left: i64, top: i64, image: RgbaImage) -> RawLayer {
        RawLayer {
            name: name.into(),
            left,
            top,
            image,
            visible: true,
            dropped: Vec::new(),
            groups: Vec::new(),
        }
    }

    fn dot_at(w: u32, h: u32, x: u32, y: u32) -> RgbaImage {
        let mut image = RgbaImage::new(w, h);
        image.put_pixel(x, y, image::Rgba([9, 8, 7, 255]));
        image
    }

    #[test]
    fn layers_are_trimmed_to_their_visible_pixels_on_the_canvas() {
        let layered = finish(RawLayered {
            canvas: [10, 10],
            layers: vec![
                raw("a", 2, 3, dot_at(4, 4, 1, 2)),
                // Half off the canvas: only the pixel on it counts.
                raw("b", -2, 8, {
                    let mut i = dot_at(4, 4, 0, 0);
                    i.put_pixel(3, 1, image::Rgba([1, 1, 1, 255]));
                    i
                }),
                raw("empty", 0, 0, RgbaImage::new(3, 3)),
            ],
        })
        .unwrap();
        let found: Vec<_> = layered
            .layers
            .iter()
            .map(|l| (l.name.as_str(), l.offset, l.image.dimensions()))
            .collect();
        assert_eq!(found, [("a", [3, 5], (1, 1)), ("b", [1, 9], (1, 1))]);
        assert_eq!(layered.layers[0].image.get_pixel(0, 0)[0], 9);
    }

    #[test]
    fn bad_layers_are_refused() {
        let one = |name: &str, w: u32| RawLayered {
            canvas: [4, 4],
            layers: vec![raw(name, 0, 0, dot_at(w, 1, 0, 0))],
        };
        assert!(matches!(
            finish(one("big", 5)),
            Err(LayeredError::LayerTooLarge { .. })
        ));
        for name in ["a/b", "", "..", "x:y", "nul", "end."] {
            assert!(
                matches!(finish(one(name, 1)), Err(LayeredError::BadName(_))),
                "{name}"
            );
        }
        let mut two = one("Arm", 1);
        two.layers.push(raw("arm", 1, 1, dot_at(1, 1, 0, 0)));
        assert!(matches!(finish(two), Err(LayeredError::DuplicateName(_))));
        let mut hidden = one("x", 1);
        hidden.layers[0].visible = false;
        assert!(matches!(finish(hidden), Err(LayeredError::NoLayers)));
        assert!(is_file_name("left arm (1)"));
    }
}

#[cfg(test)]
#[path = "tests.rs"]
mod layered_tests;
