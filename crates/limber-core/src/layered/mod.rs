//! Layered image files (Photoshop `.psd`, OpenRaster `.ora`) read into the layers limber imports as
//! parts.
//!
//! [`read_layered`] returns the canvas size and, bottom layer first, every visible pixel layer that
//! has a visible pixel on the canvas (and every layer of a `[slot]` or `[skin]` group, hidden or
//! not, but none an `[ignore]` tag skips: see [`tags`]): its part name, its PNG's file name, the
//! groups around it, its pixels cut to the canvas and trimmed to their visible rectangle, and where
//! that rectangle sits on the canvas; and the slots and skins the tags, opacities and blend modes
//! make ([`Layered::slots`]). A layer inside a group counts with the group's visibility. What a user
//! would expect to import is imported, with one warning line each in [`Layered::warnings`]: a layer
//! reaching outside the canvas is cut to it; names are made usable ([`names`]: control characters
//! removed, unnamed layers numbered, a second "arm" becomes "arm 2", file names safe on Windows);
//! what the readers apply (PSD masks, clipping) is in the pixels; opacity (layer, fill and group)
//! becomes the slot's alpha and normal, multiply, screen and linear-dodge (additive) blend modes the
//! slot's blend mode; what they cannot reproduce (other blend modes, effects) is dropped with a
//! warning.
//! Anything unusable (a truncated file, an unsupported colour mode, no pixel layer, more visible
//! layers or pixels than the budgets in [`crate::limits`]) is a [`LayeredError`], and nothing is
//! returned.

pub mod import;
mod names;
mod ora;
mod ora_png;
mod psd;
mod tags;
pub mod write;

use std::path::Path;

use image::RgbaImage;
use thiserror::Error;

use crate::limits::Limits;
use crate::read_file::{ReadError, read_capped};
use crate::slots::{Blend, SlotSet};

/// The largest canvas side read, in pixels.
pub const MAX_CANVAS_SIDE: u32 = 16384;
/// The largest layered file read, in bytes.
pub const MAX_LAYERED_BYTES: u64 = 2 << 30;

/// One visible, non-empty pixel layer.
#[derive(Debug, Clone, PartialEq)]
pub struct Layer {
    /// The part's name: the layer's, cleaned and unique in the file (see [`names`]).
    pub name: String,
    /// The PNG's file name without `.png`: the name made safe as a file name, unique ignoring case.
    pub file_stem: String,
    /// The names of the groups around it, outermost first (empty at the top level).
    pub groups: Vec<String>,
    /// Where the image's top-left corner sits on the canvas.
    pub offset: [u32; 2],
    /// The layer's pixels on the canvas, trimmed to the rectangle of its visible (non-transparent)
    /// pixels.
    pub image: RgbaImage,
}

/// What [`read_layered`] read.
#[derive(Debug, Clone, PartialEq)]
pub struct Layered {
    /// Canvas width and height in pixels.
    pub canvas: [u32; 2],
    /// Bottom layer first (the order they are drawn in).
    pub layers: Vec<Layer>,
    /// The written slots and skins of the layers ([`tags`]): every layer no slot names is a part's
    /// own slot.
    pub slots: SlotSet,
    /// One line per layer that was cut to the canvas, renamed, or whose blend mode or effects were
    /// dropped, and per tag that could not be kept as written.
    pub warnings: Vec<String>,
}

/// Why a layered file could not be read.
#[derive(Debug, Error)]
pub enum LayeredError {
    #[error("cannot read file: {0}")]
    Io(#[from] std::io::Error),
    #[error("{0}")]
    Read(#[from] ReadError),
    #[error("not a layered file limber reads (expected .psd or .ora)")]
    UnknownKind,
    #[error("{0}")]
    Invalid(String),
    #[error("has no visible pixel layer to import")]
    NoLayers,
    /// Its only visible layers are fill or shape layers, which hold no pixels in the file.
    #[error(
        "has no visible pixel layer to import: its {0} fill or shape layer(s) hold no pixels limber \
         can read; rasterize them first (Photoshop: Layer > Rasterize > Layer) and save again"
    )]
    OnlyFillOrShape(usize),
    /// Over a budget of [`crate::limits`].
    #[error("{0}")]
    Budget(String),
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
        // A large-document file is read far enough to be refused with how to convert it.
        "psd" | "psb" => Some(Kind::Psd),
        "ora" => Some(Kind::Ora),
        _ => None,
    }
}

/// Reads the layered file at `path` (by its extension: `.psd` or `.ora`) through the regular-file
/// reader: a FIFO, a device or a folder is refused at once, a file over [`MAX_LAYERED_BYTES`] before
/// it is read. The error does not name the file: the caller does.
pub fn read_layered(path: &Path) -> Result<Layered, LayeredError> {
    let kind = kind_of(path).ok_or(LayeredError::UnknownKind)?;
    let bytes = read_capped(path, MAX_LAYERED_BYTES)?;
    read_layered_bytes(&bytes, matches!(kind, Kind::Psd))
}

/// Reads a PSD (`psd` true) or ORA file's bytes.
pub fn read_layered_bytes(bytes: &[u8], psd: bool) -> Result<Layered, LayeredError> {
    if psd {
        let (raw, cut) = psd::read_psd(bytes)?;
        finish(raw, &cut)
    } else {
        let (raw, cut) = ora::read_ora(bytes)?;
        finish(raw, &cut)
    }
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
    /// Its opacity (with fill and group opacity), 0–1: the slot's alpha.
    alpha: f64,
    /// Its blend mode when limber draws it (else it is in `dropped`).
    blend: Blend,
    /// What limber cannot reproduce about it ("blend mode overlay", "layer effects").
    dropped: Vec<String>,
    /// The names of the groups around it, outermost first (empty at the top level).
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

/// Refuses more visible layers than the parts budget allows: readers call it before decoding any
/// layer's pixels.
fn check_layer_count(visible: usize) -> Result<(), LayeredError> {
    Limits::current()
        .check_parts(visible)
        .map_err(|e| LayeredError::Budget(e.to_string()))
}

/// Whether a dropped feature is what kind of layer it was (an adjustment, fill or shape layer),
/// not a way of drawing its pixels.
fn is_layer_kind(dropped: &str) -> bool {
    dropped.starts_with("adjustment layer")
        || dropped.starts_with("fill layer")
        || dropped == "vector mask"
}

/// Whether a layer's dropped features make it a fill or shape layer (a fill, with or without a
/// vector mask), whose pixels the file does not hold.
fn holds_no_pixels_by_kind(dropped: &[String]) -> bool {
    dropped
        .iter()
        .any(|d| d.starts_with("fill layer") || d == "vector mask")
}

/// The layers of `raw` cut, trimmed, named and checked. `cut_by_reader`: the indices of layers the
/// reader already cut to the canvas (losing visible pixels), for their warnings.
fn finish(raw: RawLayered, cut_by_reader: &[usize]) -> Result<Layered, LayeredError> {
    let limits = Limits::current();
    let wanted = |l: &RawLayer| tags::wanted(&l.name, &l.groups, l.visible);
    check_layer_count(raw.layers.iter().filter(|l| wanted(l)).count())?;
    let canvas = raw.canvas;
    let mut layers = Vec::new();
    let mut entries = Vec::new();
    let mut warnings = Vec::new();
    let mut part_names = names::Taken::default();
    let mut file_names = names::Taken::default();
    let mut pixels = 0u64;
    // Wanted layers with no pixels because they are fill or shape layers (for the refusal).
    let mut fill_or_shape = 0usize;
    for (index, layer) in raw.layers.into_iter().enumerate() {
        if !wanted(&layer) {
            continue;
        }
        let cleaned = names::clean_name(&layer.name, index + 1);
        let role = tags::Role::of(&layer.groups);
        let base = role.part_name(&cleaned);
        let bounds = visible_bounds(&layer, canvas);
        // An adjustment, fill or shape layer has no pixels, and its warning says what it was; an
        // empty pixel layer is skipped without a word about a blend mode it never draws with.
        let said = bounds.rect.is_some() || layer.dropped.iter().any(|d| is_layer_kind(d));
        if !layer.dropped.is_empty() && said {
            warnings.push(format!(
                "layer \"{cleaned}\": {} cannot be reproduced; imported without it",
                layer.dropped.join(" and ")
            ));
        }
        let cut = bounds.cut || cut_by_reader.contains(&index);
        let Some(rect) = bounds.rect else {
            if cut {
                warnings.push(format!(
                    "layer \"{cleaned}\" lies outside the {} x {} px canvas: not imported",
                    canvas[0], canvas[1]
                ));
            } else if holds_no_pixels_by_kind(&layer.dropped) {
                fill_or_shape += 1;
            }
            continue;
        };
        if cut {
            warnings.push(format!(
                "layer \"{cleaned}\" reaches outside the {} x {} px canvas: cut to it",
                canvas[0], canvas[1]
            ));
        }
        let [_, _, w, h] = rect;
        pixels += u64::from(w) * u64::from(h);
        limits
            .check_import_pixels(pixels)
            .map_err(|e| LayeredError::Budget(e.to_string()))?;
        let name = part_names.claim(&base);
        if name != base {
            warnings.push(format!(
                "two layers are named \"{base}\": this one is imported as \"{name}\""
            ));
        }
        let file_stem = file_names.claim(&names::file_stem(&name));
        let (offset, image) = trim_owned(layer.image, layer.left, layer.top, rect);
        entries.push(tags::Entry {
            layer: cleaned,
            part: name.clone(),
            role,
            visible: layer.visible,
            alpha: layer.alpha,
            blend: layer.blend,
            index: layers.len(),
        });
        layers.push(Layer {
            name,
            file_stem,
            groups: layer.groups,
            offset,
            image,
        });
    }
    if layers.is_empty() && fill_or_shape > 0 {
        return Err(LayeredError::OnlyFillOrShape(fill_or_shape));
    }
    if layers.is_empty() {
        return Err(LayeredError::NoLayers);
    }
    let (slots, tag_warnings) = tags::build_slots(&entries, &mut part_names);
    warnings.extend(tag_warnings);
    Ok(Layered {
        canvas,
        layers,
        slots,
        warnings,
    })
}

/// Where a layer's visible pixels on the canvas are.
struct Bounds {
    /// x, y, width, height in the layer's own pixels; `None` when no visible pixel is on the canvas.
    rect: Option<[u32; 4]>,
    /// Whether a visible pixel lies off the canvas.
    cut: bool,
}

/// The rectangle of `layer`'s visible pixels on the canvas, and whether any visible pixel is off it.
fn visible_bounds(layer: &RawLayer, canvas: [u32; 2]) -> Bounds {
    let (w, h) = layer.image.dimensions();
    // The layer's pixels that fall on the canvas, in the layer's own coordinates.
    let x0 = (-layer.left).clamp(0, i64::from(w)) as u32;
    let y0 = (-layer.top).clamp(0, i64::from(h)) as u32;
    let x1 = (i64::from(canvas[0]) - layer.left).clamp(0, i64::from(w)) as u32;
    let y1 = (i64::from(canvas[1]) - layer.top).clamp(0, i64::from(h)) as u32;
    let (mut min_x, mut min_y, mut max_x, mut max_y) = (u32::MAX, u32::MAX, 0, 0);
    let mut cut = false;
    let raw = layer.image.as_raw();
    for y in 0..h {
        let row = &raw[y as usize * w as usize * 4..][..w as usize * 4];
        let on_canvas = (y0..y1).contains(&y);
        for (x, pixel) in row.chunks_exact(4).enumerate() {
            if pixel[3] == 0 {
                continue;
            }
            let x = x as u32;
            if on_canvas && (x0..x1).contains(&x) {
                min_x = min_x.min(x);
                max_x = max_x.max(x);
                min_y = min_y.min(y);
                max_y = max_y.max(y);
            } else {
                cut = true;
            }
        }
    }
    Bounds {
        rect: (min_x <= max_x && min_y <= max_y)
            .then(|| [min_x, min_y, max_x - min_x + 1, max_y - min_y + 1]),
        cut,
    }
}

/// `image` cut to `rect` (in its own pixels) without a second buffer, with where the cut sits on
/// the canvas given the image's top-left corner at (`left`, `top`).
fn trim_owned(image: RgbaImage, left: i64, top: i64, rect: [u32; 4]) -> ([u32; 2], RgbaImage) {
    let [x, y, w, h] = rect;
    let offset = [(left + i64::from(x)) as u32, (top + i64::from(y)) as u32];
    if [x, y, w, h] == [0, 0, image.width(), image.height()] {
        return (offset, image);
    }
    let full_width = image.width() as usize;
    let mut raw = image.into_raw();
    let row_bytes = w as usize * 4;
    for row in 0..h as usize {
        let from = ((y as usize + row) * full_width + x as usize) * 4;
        // The target never lies after the source, so rows move down in place.
        raw.copy_within(from..from + row_bytes, row * row_bytes);
    }
    raw.truncate(row_bytes * h as usize);
    raw.shrink_to_fit();
    let image = RgbaImage::from_raw(w, h, raw).unwrap_or_default();
    (offset, image)
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
            alpha: 1.0,
            blend: Blend::Normal,
            dropped: Vec::new(),
            groups: Vec::new(),
        }
    }

    fn dot_at(w: u32, h: u32, x: u32, y: u32) -> RgbaImage {
        let mut image = RgbaImage::new(w, h);
        image.put_pixel(x, y, image::Rgba([9, 8, 7, 255]));
        image
    }

    fn found(layered: &Layered) -> Vec<(&str, [u32; 2], (u32, u32))> {
        layered
            .layers
            .iter()
            .map(|l| (l.name.as_str(), l.offset, l.image.dimensions()))
            .collect()
    }

    #[test]
    fn layers_are_trimmed_to_their_visible_pixels_on_the_canvas() {
        let layered = finish(
            RawLayered {
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
            },
            &[],
        )
        .unwrap();
        assert_eq!(
            found(&layered),
            [("a", [3, 5], (1, 1)), ("b", [1, 9], (1, 1))]
        );
        assert_eq!(layered.layers[0].image.get_pixel(0, 0)[0], 9);
        assert_eq!(layered.warnings.len(), 1, "{:?}", layered.warnings);
        assert!(layered.warnings[0].contains("\"b\" reaches outside the 10 x 10 px canvas"));
    }

    #[test]
    fn a_trim_in_place_keeps_the_pixels_of_the_rectangle() {
        let image = RgbaImage::from_fn(5, 4, |x, y| image::Rgba([x as u8, y as u8, 0, 255]));
        let (offset, cut) = trim_owned(image.clone(), 10, 20, [1, 2, 3, 2]);
        assert_eq!(offset, [11, 22]);
        let expected = image::imageops::crop_imm(&image, 1, 2, 3, 2).to_image();
        assert_eq!(cut, expected);
        let (_, whole) = trim_owned(image.clone(), 0, 0, [0, 0, 5, 4]);
        assert_eq!(whole, image);
    }

    #[test]
    fn odd_layers_are_imported_as_a_user_expects() {
        let layered = finish(
            RawLayered {
                canvas: [4, 4],
                layers: vec![
                    // Larger than the canvas on every side: cut to it.
                    raw(
                        "big",
                        -3,
                        -3,
                        RgbaImage::from_pixel(10, 10, image::Rgba([1, 2, 3, 255])),
                    ),
                    raw("Arm", 0, 0, dot_at(1, 1, 0, 0)),
                    raw("arm", 1, 1, dot_at(1, 1, 0, 0)),
                    raw("", 2, 2, dot_at(1, 1, 0, 0)),
                    raw("COM1", 3, 3, dot_at(1, 1, 0, 0)),
                    raw("a/b\0", 3, 0, dot_at(1, 1, 0, 0)),
                ],
            },
            &[],
        )
        .unwrap();
        let names: Vec<(&str, &str)> = layered
            .layers
            .iter()
            .map(|l| (l.name.as_str(), l.file_stem.as_str()))
            .collect();
        assert_eq!(
            names,
            [
                ("big", "big"),
                ("Arm", "Arm"),
                ("arm 2", "arm 2"),
                ("layer 4", "layer 4"),
                ("COM1", "_COM1"),
                ("a/b", "a_b"),
            ]
        );
        assert_eq!(layered.layers[0].image.dimensions(), (4, 4));
        assert_eq!(layered.layers[0].offset, [0, 0]);
        assert_eq!(layered.warnings.len(), 2, "{:?}", layered.warnings);
        assert!(layered.warnings[1].contains("imported as \"arm 2\""));
        let mut hidden = raw("x", 0, 0, dot_at(1, 1, 0, 0));
        hidden.visible = false;
        let none = finish(
            RawLayered {
                canvas: [4, 4],
                layers: vec![hidden, raw("off", 9, 9, dot_at(1, 1, 0, 0))],
            },
            &[],
        );
        assert!(matches!(none, Err(LayeredError::NoLayers)));
    }
}

#[cfg(test)]
#[path = "tests.rs"]
mod layered_tests;
