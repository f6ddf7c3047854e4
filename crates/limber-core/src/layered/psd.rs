//! Photoshop (`.psd`) through the `psd` crate. Read: 8-bit RGB and RGBA files, pixel layers with
//! their offsets, names, visibility, opacity and blend mode, and groups (their visibility). Refused
//! with a clear error: PSB, other bit depths and colour modes (CMYK, grayscale, indexed, Lab...).
//! Layer masks, adjustment and text layers' settings are not read (a text layer's pixels are).

use std::panic::{AssertUnwindSafe, catch_unwind};

use image::RgbaImage;
use psd::{ColorMode, Psd, PsdLayer};
use rayon::prelude::*;

use super::{LayeredError, RawLayer, RawLayered, check_canvas};

fn invalid(problem: impl Into<String>) -> LayeredError {
    LayeredError::Invalid(problem.into())
}

/// Checks the 26-byte header ourselves, so unsupported files get a precise reason.
fn check_header(bytes: &[u8]) -> Result<[u32; 2], LayeredError> {
    let Some(header) = bytes.get(..26) else {
        return Err(invalid("not a PSD file (truncated header)"));
    };
    if &header[..4] != b"8BPS" {
        return Err(invalid("not a PSD file (no 8BPS signature)"));
    }
    let be16 = |at: usize| u16::from_be_bytes([header[at], header[at + 1]]);
    let be32 = |at: usize| {
        u32::from_be_bytes([header[at], header[at + 1], header[at + 2], header[at + 3]])
    };
    match be16(4) {
        1 => {}
        2 => {
            return Err(invalid(
                "large-document PSB files are not supported (save as PSD)",
            ));
        }
        v => return Err(invalid(format!("unknown PSD version {v}"))),
    }
    let mode = be16(24);
    if mode != 3 {
        let name = match mode {
            0 => "bitmap",
            1 => "grayscale",
            2 => "indexed",
            4 => "CMYK",
            7 => "multichannel",
            8 => "duotone",
            9 => "Lab",
            _ => "unknown",
        };
        return Err(invalid(format!(
            "colour mode {name} is not supported (only RGB: convert the file to RGB)"
        )));
    }
    let depth = be16(22);
    if depth != 8 {
        return Err(invalid(format!(
            "{depth} bits per channel is not supported (only 8: convert the file to 8 bits)"
        )));
    }
    let canvas = check_canvas(be32(18), be32(14))?;
    check_sections(bytes, canvas, be16(12))?;
    Ok(canvas)
}

/// Checks that the sections and the merged image's data the file announces are all there (the
/// parser accepts a file cut short inside them).
fn check_sections(
    bytes: &[u8],
    [width, height]: [u32; 2],
    channels: u16,
) -> Result<(), LayeredError> {
    let truncated = || invalid("truncated PSD file (it ends before its data does)");
    let be = |at: usize, n: usize| -> Result<u64, LayeredError> {
        let field = bytes.get(at..at + n).ok_or_else(truncated)?;
        Ok(field.iter().fold(0u64, |v, &b| (v << 8) | u64::from(b)))
    };
    let mut at = 26usize;
    // Colour mode data, image resources, layers and masks: each a length and that many bytes.
    for _ in 0..3 {
        let len = be(at, 4)? as usize;
        at = at.checked_add(4 + len).ok_or_else(truncated)?;
    }
    let compression = be(at, 2)?;
    at += 2;
    let rows = usize::from(channels) * height as usize;
    let needed = match compression {
        0 => rows * width as usize,
        1 => {
            let mut sum = rows * 2;
            for row in 0..rows {
                sum += be(at + row * 2, 2)? as usize;
            }
            sum
        }
        // Zip-compressed data: the parser checks it.
        _ => 0,
    };
    if bytes.len() < at + needed {
        return Err(truncated());
    }
    Ok(())
}

pub(super) fn read_psd(bytes: &[u8]) -> Result<RawLayered, LayeredError> {
    let canvas = check_header(bytes)?;
    // The parser indexes into the file as it goes: a damaged file may panic inside it.
    let psd = catch_unwind(|| Psd::from_bytes(bytes))
        .map_err(|_| invalid("damaged or truncated PSD file"))?
        .map_err(|e| invalid(format!("damaged or truncated PSD file ({e})")))?;
    if psd.color_mode() != ColorMode::Rgb {
        return Err(invalid("colour mode is not RGB"));
    }
    let group_visible = |mut id: Option<u32>| {
        let mut hops = 0;
        while let Some(g) = id.and_then(|id| psd.groups().get(&id)) {
            if is_hidden(g.visible()) || hops > 1000 {
                return false;
            }
            id = g.parent_id();
            hops += 1;
        }
        true
    };
    // The crate lists layers top first; limber draws the bottom first.
    let listed: Vec<&PsdLayer> = psd.layers().iter().rev().collect();
    let layers = listed
        .par_iter()
        .map(|layer| {
            let visible = !is_hidden(layer.visible()) && group_visible(layer.parent_id());
            let (left, top) = (i64::from(layer.layer_left()), i64::from(layer.layer_top()));
            let width = (i64::from(layer.layer_right()) - left).max(0);
            let height = (i64::from(layer.layer_bottom()) - top).max(0);
            let image = if !visible || width == 0 || height == 0 {
                RgbaImage::new(0, 0)
            } else if width > i64::from(canvas[0]) || height > i64::from(canvas[1]) {
                // Too large: reported by size, without decoding it.
                RgbaImage::new(width as u32, height as u32)
            } else {
                layer_pixels(layer, canvas, [left, top, width, height])?
            };
            let mut dropped = Vec::new();
            // The crate does not export its blend mode type: its debug name is all there is.
            let blend = format!("{:?}", layer.blend_mode()).to_lowercase();
            if blend != "normal" && blend != "passthrough" {
                dropped.push(format!("blend mode {blend}"));
            }
            if layer.opacity() < 255 {
                dropped.push(format!("opacity {:.0}%", f64::from(layer.opacity()) / 2.55));
            }
            // The crate's flag is true for a clipping *base* (the byte is 0): false means clipped.
            if !layer.is_clipping_mask() {
                dropped.push("clipping mask".into());
            }
            Ok(RawLayer {
                name: layer.name().to_string(),
                left,
                top,
                image,
                visible,
                dropped,
                groups: Vec::new(),
            })
        })
        .collect::<Result<Vec<_>, LayeredError>>()?;
    Ok(RawLayered { canvas, layers })
}

/// The `psd` crate reports flag bit 1 as `visible`; Photoshop sets that bit on hidden layers.
fn is_hidden(bit_one: bool) -> bool {
    bit_one
}

/// The layer's own rectangle cut from the canvas-sized RGBA the crate composes it into (the part
/// off the canvas is lost, as the crate drops it).
fn layer_pixels(
    layer: &PsdLayer,
    canvas: [u32; 2],
    [left, top, width, height]: [i64; 4],
) -> Result<RgbaImage, LayeredError> {
    let rgba = catch_unwind(AssertUnwindSafe(|| layer.rgba()))
        .map_err(|_| invalid(format!("layer \"{}\": damaged pixel data", layer.name())))?;
    let full = RgbaImage::from_raw(canvas[0], canvas[1], rgba)
        .ok_or_else(|| invalid(format!("layer \"{}\": damaged pixel data", layer.name())))?;
    let x0 = left.clamp(0, i64::from(canvas[0]));
    let y0 = top.clamp(0, i64::from(canvas[1]));
    let x1 = (left + width).clamp(0, i64::from(canvas[0]));
    let y1 = (top + height).clamp(0, i64::from(canvas[1]));
    // Laid back at the layer's own place: pixels off the canvas stay transparent.
    let mut image = RgbaImage::new(width as u32, height as u32);
    for y in y0..y1 {
        for x in x0..x1 {
            let p = *full.get_pixel(x as u32, y as u32);
            image.put_pixel((x - left) as u32, (y - top) as u32, p);
        }
    }
    Ok(image)
}
