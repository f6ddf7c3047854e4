//! OpenRaster (`.ora`): a zip holding `stack.xml` (the layer tree, top layer first) and each layer's
//! PNG (usually under `data/`). Layers read: `name` (optional, as MyPaint writes them), `src`, `x`,
//! `y`, `visibility`, `opacity` and `composite-op` (`svg:src-over`, `svg:multiply`, `svg:screen`
//! and `svg:plus` become the slot's blend mode; others are dropped with a warning); nested `stack`s
//! are groups, whose visibility and opacity apply to their layers and whose names the layers carry.
//!
//! Every size is checked before it is used: stack.xml's declared and actual size (read through a
//! `take`, so a zip bomb stops at the limit), the nesting of groups (walked with a loop, not
//! recursion), the number of visible layers (the parts budget, before any PNG is decoded), each
//! PNG's header against the pixels left of the import's decoding budget. Layers are decoded one at
//! a time, each PNG twice row by row: once to find its visible rectangle (once per PNG, however many
//! layers share it), once to keep that rectangle cut to the canvas. So memory holds the layers as
//! they will be imported and one row, never a whole PNG.

use std::collections::HashMap;
use std::io::{Cursor, Read};

use image::RgbaImage;
use zip::ZipArchive;

use super::names::clean_text;
use super::ora_png::{PngError, PngRows};
use super::tags;
use super::{LayeredError, RawLayer, RawLayered, check_canvas, check_layer_count};
use crate::limits::{Limits, thousands};
use crate::slots::Blend;

/// The largest stack.xml read, in bytes (a thousand layers take about 200 KB).
pub(super) const MAX_STACK_XML_BYTES: u64 = 16 << 20;
/// The most XML nodes (elements, text, attributes' nodes) stack.xml may hold.
const MAX_XML_NODES: u32 = 1 << 20;
/// The largest PNG entry read, in bytes.
pub(super) const MAX_PNG_BYTES: u64 = 256 << 20;
/// The deepest nesting of groups read.
pub(super) const MAX_GROUP_DEPTH: usize = 256;

fn invalid(problem: impl Into<String>) -> LayeredError {
    LayeredError::Invalid(problem.into())
}

/// The file's layers, bottom first, each visible one already cut to the canvas and trimmed; and the
/// indices of the layers whose visible pixels reached outside the canvas.
pub(super) fn read_ora(bytes: &[u8]) -> Result<(RawLayered, Vec<usize>), LayeredError> {
    let mut zip = ZipArchive::new(Cursor::new(bytes))
        .map_err(|e| invalid(format!("not an OpenRaster file (not a readable zip: {e})")))?;
    let stack = entry(&mut zip, "stack.xml", MAX_STACK_XML_BYTES).map_err(|e| match e {
        Missing::No => invalid("not an OpenRaster file (the zip has no stack.xml)"),
        Missing::Bad(e) => e,
    })?;
    let text = std::str::from_utf8(&stack).map_err(|_| invalid("stack.xml is not UTF-8 text"))?;
    let options = roxmltree::ParsingOptions {
        nodes_limit: MAX_XML_NODES,
        ..roxmltree::ParsingOptions::default()
    };
    let doc = roxmltree::Document::parse_with_options(text, options)
        .map_err(|e| invalid(format!("stack.xml is not valid XML: {e}")))?;
    let root = doc.root_element();
    if root.tag_name().name() != "image" {
        return Err(invalid("stack.xml's root is not <image>"));
    }
    let size = |attr: &str| -> Result<u32, LayeredError> {
        root.attribute(attr)
            .and_then(|v| v.trim().parse().ok())
            .ok_or_else(|| invalid(format!("stack.xml's <image> has no usable {attr}")))
    };
    let canvas = check_canvas(size("w")?, size("h")?)?;
    let Some(top_stack) = root.children().find(|n| n.has_tag_name("stack")) else {
        return Err(invalid("stack.xml has no <stack>"));
    };
    let mut found = walk(top_stack)?;
    drop(doc);
    // stack.xml lists the top layer first; limber draws the bottom first.
    found.reverse();
    let mut decoder = Decoder {
        zip,
        canvas,
        limits: Limits::current(),
        visible: HashMap::new(),
        decoded: 0,
        kept: 0,
    };
    let mut layers = Vec::with_capacity(found.len());
    let mut cut = Vec::new();
    for (index, f) in found.into_iter().enumerate() {
        let (left, top, image) = if f.kept {
            let decoded = decoder.layer(&f)?;
            if decoded.cut {
                cut.push(index);
            }
            (decoded.left, decoded.top, decoded.image)
        } else {
            (f.x, f.y, RgbaImage::new(0, 0))
        };
        layers.push(RawLayer {
            name: f.name,
            left,
            top,
            image,
            // A layer not imported is marked hidden (its groups are not kept to say why).
            visible: f.visible && f.kept,
            alpha: f.alpha,
            blend: f.blend,
            dropped: f.dropped,
            groups: f.groups,
        });
    }
    Ok((RawLayered { canvas, layers }, cut))
}

/// A `<layer>` of stack.xml.
struct Found {
    name: String,
    src: String,
    x: i64,
    y: i64,
    visible: bool,
    /// Imported: visible or in a tagged group, and not ignored.
    kept: bool,
    alpha: f64,
    blend: Blend,
    dropped: Vec<String>,
    groups: Vec<String>,
}

/// The layers under `top`, top first, with the visibility and names of the groups around them: a
/// loop over a stack of open groups, so any nesting is walked without recursion (and refused past
/// [`MAX_GROUP_DEPTH`]). Refuses more imported layers (visible, or in a `[slot]` or `[skin]`
/// group) than the parts budget (those past it are only counted, not kept).
fn walk(top: roxmltree::Node) -> Result<Vec<Found>, LayeredError> {
    let mut found = Vec::new();
    let mut visible_count = 0;
    // Each open stack's remaining children, visibility and opacity; `groups` names the open ones
    // below the top stack.
    let mut open = vec![(top.children(), true, 1.0)];
    let mut groups: Vec<String> = Vec::new();
    let mut group_count = 0;
    while let Some((children, visible, alpha)) = open.last_mut() {
        let (visible, alpha) = (*visible, *alpha);
        let Some(node) = children.next() else {
            open.pop();
            groups.truncate(open.len().saturating_sub(1));
            continue;
        };
        if !node.is_element() {
            continue;
        }
        let shown = visible && node.attribute("visibility") != Some("hidden");
        match node.tag_name().name() {
            "stack" => {
                if open.len() > MAX_GROUP_DEPTH {
                    return Err(invalid(format!(
                        "stack.xml nests groups over {MAX_GROUP_DEPTH} deep"
                    )));
                }
                group_count += 1;
                let name = clean_text(node.attribute("name").unwrap_or(""));
                groups.push(if name.is_empty() {
                    format!("group {group_count}")
                } else {
                    name
                });
                open.push((node.children(), shown, alpha * opacity(node)));
            }
            "layer" => {
                let name = node.attribute("name").unwrap_or("");
                let kept = tags::wanted(name, &groups, shown);
                if kept {
                    visible_count += 1;
                }
                // Past the budget only counted, so the refusal says how many there are.
                if check_layer_count(visible_count).is_ok() {
                    found.push(read_layer(node, shown, kept, alpha, &groups)?);
                }
            }
            _ => {}
        }
    }
    check_layer_count(visible_count)?;
    Ok(found)
}

/// A node's `opacity` attribute, 0–1 (1 when absent or unreadable).
fn opacity(node: roxmltree::Node) -> f64 {
    node.attribute("opacity")
        .and_then(|o| o.trim().parse::<f64>().ok())
        .filter(|o| o.is_finite())
        .map_or(1.0, |o| o.clamp(0.0, 1.0))
}

/// One `<layer>`'s attributes; `kept`: whether it is imported; `group_alpha`: the opacity of the
/// groups around it.
fn read_layer(
    node: roxmltree::Node,
    visible: bool,
    kept: bool,
    group_alpha: f64,
    groups: &[String],
) -> Result<Found, LayeredError> {
    // Cleaned (and numbered when empty) once the layers are in order.
    let name = node.attribute("name").unwrap_or("").to_string();
    let shown = clean_text(&name);
    let src = node
        .attribute("src")
        .ok_or_else(|| invalid(format!("layer \"{shown}\" has no src")))?
        .to_string();
    let coordinate = |attr: &str| -> Result<i64, LayeredError> {
        node.attribute(attr).map_or(Ok(0), |v| {
            v.trim()
                .parse::<i64>()
                .ok()
                .filter(|c| c.abs() <= 1 << 20)
                .ok_or_else(|| invalid(format!("layer \"{shown}\": bad {attr} \"{v}\"")))
        })
    };
    let (x, y) = (coordinate("x")?, coordinate("y")?);
    let mut dropped = Vec::new();
    let blend = match node.attribute("composite-op").map(str::trim) {
        None | Some("svg:src-over") => Blend::Normal,
        Some("svg:multiply") => Blend::Multiply,
        Some("svg:screen") => Blend::Screen,
        Some("svg:plus") => Blend::Additive,
        Some(op) => {
            dropped.push(format!("blend mode {}", clean_text(op)));
            Blend::Normal
        }
    };
    Ok(Found {
        name,
        src,
        x,
        y,
        visible,
        kept,
        alpha: group_alpha * opacity(node),
        blend,
        dropped,
        // Only an imported layer's are used (so a file of hidden layers deep in groups costs
        // nothing).
        groups: if kept { groups.to_vec() } else { Vec::new() },
    })
}

/// A visible layer decoded: its visible pixels on the canvas (maybe none) and where they sit.
struct Decoded {
    left: i64,
    top: i64,
    image: RgbaImage,
    /// Whether visible pixels lay outside the canvas.
    cut: bool,
}

/// Decodes the layers' PNGs within the import's budgets.
struct Decoder<'a> {
    zip: ZipArchive<Cursor<&'a [u8]>>,
    canvas: [u32; 2],
    limits: Limits,
    /// Each PNG's rectangle of visible pixels (x0, y0, x1, y1 in its own pixels), by `src`.
    visible: HashMap<String, Option<[u32; 4]>>,
    /// Pixels decoded so far.
    decoded: u64,
    /// Pixels kept so far.
    kept: u64,
}

impl Decoder<'_> {
    fn layer(&mut self, f: &Found) -> Result<Decoded, LayeredError> {
        let name = clean_text(&f.name);
        let png = entry(&mut self.zip, &f.src, MAX_PNG_BYTES).map_err(|e| match e {
            Missing::No => invalid(format!("layer \"{name}\": the zip has no {}", f.src)),
            Missing::Bad(e) => e,
        })?;
        let bad = |e: PngError| invalid(format!("layer \"{name}\": {}: {e}", f.src));
        let nothing = Decoded {
            left: f.x,
            top: f.y,
            image: RgbaImage::new(0, 0),
            cut: false,
        };
        let visible = match self.visible.get(&f.src) {
            Some(known) => *known,
            None => {
                let mut rows = PngRows::open(&png).map_err(bad)?;
                let [w, h] = rows.size();
                self.spend(&name, [w, h], h)?;
                let visible = visible_rect(&mut rows).map_err(bad)?;
                self.visible.insert(f.src.clone(), visible);
                visible
            }
        };
        let Some([vx0, vy0, vx1, vy1]) = visible else {
            return Ok(nothing);
        };
        // The canvas in the PNG's own pixels, and the visible rectangle cut to it.
        let [cw, ch] = self.canvas.map(i64::from);
        let x0 = i64::from(vx0).max(-f.x);
        let y0 = i64::from(vy0).max(-f.y);
        let x1 = i64::from(vx1).min(cw - f.x);
        let y1 = i64::from(vy1).min(ch - f.y);
        let cut = (x0, y0, x1, y1) != (vx0.into(), vy0.into(), vx1.into(), vy1.into());
        if x0 >= x1 || y0 >= y1 {
            return Ok(Decoded { cut, ..nothing });
        }
        // Within the PNG (so within u32) and the canvas (so each side at most 16384).
        let (x0, y0, x1, y1) = (x0 as u32, y0 as u32, x1 as u32, y1 as u32);
        let (w, h) = (x1 - x0, y1 - y0);
        self.kept += u64::from(w) * u64::from(h);
        self.limits
            .check_import_pixels(self.kept)
            .map_err(|e| LayeredError::Budget(e.to_string()))?;
        let mut rows = PngRows::open(&png).map_err(bad)?;
        self.spend(&name, rows.size(), y1)?;
        let mut image = RgbaImage::new(w, h);
        let mut y = 0;
        while y < y1 {
            let row = rows
                .next_row()
                .map_err(bad)?
                .ok_or_else(|| bad(PngError::Ended))?;
            if y >= y0 {
                let from = &row[x0 as usize * 4..x1 as usize * 4];
                let at = (y - y0) as usize * w as usize * 4;
                image.as_mut()[at..at + from.len()].copy_from_slice(from);
            }
            y += 1;
        }
        Ok(Decoded {
            left: f.x + i64::from(x0),
            top: f.y + i64::from(y0),
            image,
            cut,
        })
    }

    /// Counts `rows` rows of a PNG of `size` against the decoding budget, before they are decoded.
    fn spend(&mut self, name: &str, [w, h]: [u32; 2], rows: u32) -> Result<(), LayeredError> {
        self.decoded += u64::from(w) * u64::from(rows);
        if self.decoded > self.limits.import_decoded_pixels {
            return Err(LayeredError::Budget(format!(
                "layer \"{name}\": decoding its {w} x {h} px PNG passes the limit of {} pixels \
                 decoded per import; crop the layers to the canvas",
                thousands(self.limits.import_decoded_pixels)
            )));
        }
        Ok(())
    }
}

/// The rectangle (x0, y0, x1, y1, ends excluded) of the PNG's non-transparent pixels; `None` when
/// every pixel is transparent.
fn visible_rect(rows: &mut PngRows) -> Result<Option<[u32; 4]>, PngError> {
    let (mut x0, mut y0, mut x1, mut y1) = (u32::MAX, u32::MAX, 0, 0);
    let mut y = 0;
    while let Some(row) = rows.next_row()? {
        let mut alpha = row.chunks_exact(4).map(|p| p[3]);
        if let Some(first) = alpha.position(|a| a != 0) {
            let last = row
                .chunks_exact(4)
                .rposition(|p| p[3] != 0)
                .unwrap_or(first);
            x0 = x0.min(first as u32);
            x1 = x1.max(last as u32 + 1);
            y0 = y0.min(y);
            y1 = y + 1;
        }
        y += 1;
    }
    Ok((x0 < x1).then_some([x0, y0, x1, y1]))
}

enum Missing {
    No,
    Bad(LayeredError),
}

/// The entry `name` of the zip, refused when its declared size or the bytes it actually inflates to
/// pass `max`.
fn entry(zip: &mut ZipArchive<Cursor<&[u8]>>, name: &str, max: u64) -> Result<Vec<u8>, Missing> {
    let shown = clean_text(name);
    let too_large = || {
        Missing::Bad(invalid(format!(
            "{shown} is over the limit of {} bytes",
            thousands(max)
        )))
    };
    let file = match zip.by_name(name) {
        Ok(file) => file,
        Err(zip::result::ZipError::FileNotFound) => return Err(Missing::No),
        Err(e) => return Err(Missing::Bad(invalid(format!("{shown}: {e}")))),
    };
    if file.size() > max {
        return Err(too_large());
    }
    let mut bytes = Vec::new();
    file.take(max + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Missing::Bad(invalid(format!("{shown} cannot be read: {e}"))))?;
    if bytes.len() as u64 > max {
        return Err(too_large());
    }
    Ok(bytes)
}
