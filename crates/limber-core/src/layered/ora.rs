//! OpenRaster (`.ora`): a zip holding `stack.xml` (the layer tree, top layer first) and each layer's
//! PNG (usually under `data/`). Layers read: `name`, `src`, `x`, `y`, `visibility`, `opacity` and
//! `composite-op`; nested `stack`s are groups, whose visibility applies to their layers.

use std::io::{Cursor, Read};

use image::RgbaImage;
use zip::ZipArchive;

use super::{LayeredError, RawLayer, RawLayered, check_canvas};

/// The largest entry (stack.xml or a PNG) read from the zip, in bytes.
const MAX_ENTRY_BYTES: u64 = 1 << 30;

fn invalid(problem: impl Into<String>) -> LayeredError {
    LayeredError::Invalid(problem.into())
}

pub(super) fn read_ora(bytes: &[u8]) -> Result<RawLayered, LayeredError> {
    let mut zip = ZipArchive::new(Cursor::new(bytes))
        .map_err(|e| invalid(format!("not an OpenRaster file (not a readable zip: {e})")))?;
    let stack = entry(&mut zip, "stack.xml").map_err(|e| match e {
        Missing::No => invalid("not an OpenRaster file (the zip has no stack.xml)"),
        Missing::Bad(e) => e,
    })?;
    let text = std::str::from_utf8(&stack).map_err(|_| invalid("stack.xml is not UTF-8 text"))?;
    let doc = roxmltree::Document::parse(text)
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
    let mut found = Vec::new();
    collect(top_stack, true, &mut found)?;
    // stack.xml lists the top layer first; limber draws the bottom first.
    found.reverse();
    let mut layers = Vec::with_capacity(found.len());
    for f in found {
        let image = if f.visible {
            let png = entry(&mut zip, &f.src).map_err(|e| match e {
                Missing::No => invalid(format!("layer \"{}\": the zip has no {}", f.name, f.src)),
                Missing::Bad(e) => e,
            })?;
            image::load_from_memory_with_format(&png, image::ImageFormat::Png)
                .map_err(|e| invalid(format!("layer \"{}\": {}: {e}", f.name, f.src)))?
                .into_rgba8()
        } else {
            RgbaImage::new(0, 0)
        };
        layers.push(RawLayer {
            name: f.name,
            left: f.x,
            top: f.y,
            image,
            visible: f.visible,
            dropped: f.dropped,
            groups: Vec::new(),
        });
    }
    Ok(RawLayered { canvas, layers })
}

struct Found {
    name: String,
    src: String,
    x: i64,
    y: i64,
    visible: bool,
    dropped: Vec<String>,
}

/// The layers under `stack`, top first, with the visibility of the groups around them.
fn collect(
    stack: roxmltree::Node,
    visible: bool,
    found: &mut Vec<Found>,
) -> Result<(), LayeredError> {
    for node in stack.children().filter(roxmltree::Node::is_element) {
        let shown = visible && node.attribute("visibility") != Some("hidden");
        match node.tag_name().name() {
            "stack" => collect(node, shown, found)?,
            "layer" => {
                let name = node.attribute("name").unwrap_or("").to_string();
                let src = node
                    .attribute("src")
                    .ok_or_else(|| invalid(format!("layer \"{name}\" has no src")))?
                    .to_string();
                let coordinate = |attr: &str| -> Result<i64, LayeredError> {
                    node.attribute(attr).map_or(Ok(0), |v| {
                        v.trim()
                            .parse::<i64>()
                            .ok()
                            .filter(|c| c.abs() <= 1 << 20)
                            .ok_or_else(|| invalid(format!("layer \"{name}\": bad {attr} \"{v}\"")))
                    })
                };
                let (x, y) = (coordinate("x")?, coordinate("y")?);
                let mut dropped = Vec::new();
                if let Some(op) = node.attribute("composite-op")
                    && op != "svg:src-over"
                {
                    dropped.push(format!("blend mode {op}"));
                }
                if let Some(opacity) = node.attribute("opacity")
                    && let Ok(o) = opacity.trim().parse::<f64>()
                    && o < 0.999
                {
                    dropped.push(format!("opacity {:.0}%", o * 100.0));
                }
                found.push(Found {
                    name,
                    src,
                    x,
                    y,
                    visible: shown,
                    dropped,
                });
            }
            _ => {}
        }
    }
    Ok(())
}

enum Missing {
    No,
    Bad(LayeredError),
}

fn entry(zip: &mut ZipArchive<Cursor<&[u8]>>, name: &str) -> Result<Vec<u8>, Missing> {
    let file = match zip.by_name(name) {
        Ok(file) => file,
        Err(zip::result::ZipError::FileNotFound) => return Err(Missing::No),
        Err(e) => return Err(Missing::Bad(invalid(format!("{name}: {e}")))),
    };
    let mut bytes = Vec::new();
    file.take(MAX_ENTRY_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Missing::Bad(invalid(format!("{name} cannot be read: {e}"))))?;
    if bytes.len() as u64 > MAX_ENTRY_BYTES {
        return Err(Missing::Bad(invalid(format!(
            "{name} is over {MAX_ENTRY_BYTES} bytes"
        ))));
    }
    Ok(bytes)
}
