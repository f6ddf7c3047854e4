//! Photoshop (`.psd`), read by limber's own reader, written from Adobe's published description of
//! the format. Read: 8- and 16-bit RGB and grayscale files (16 bits converted to 8); every layer
//! record with its exact rectangle (right and bottom exclusive), channels (colour, transparency,
//! user mask, real user mask) in raw, RLE, ZIP or predicted-ZIP form, name (Unicode when the file
//! has one), visibility, opacity, fill opacity, clipping, raster mask and group structure; a file
//! with no layer records is one layer, its merged image. Applied to the pixels: raster masks of
//! layers and groups, and clipping. Opacity, fill opacity and group opacity (with, for a clipped
//! layer, its base's) become the layer's alpha ([`RawLayer::alpha`], the slot's colour alpha);
//! normal, multiply, screen and linear dodge its blend mode. Dropped with a warning (in
//! [`RawLayer::dropped`]): other blend modes, effects, vector masks, mask feather, adjustment and
//! fill layers. Refused in one line, with how to convert: PSB, CMYK, Lab, bitmap,
//! indexed, duotone, multichannel, 32 bits.
//!
//! Every length and count is checked against the bytes there are before anything is allocated
//! from it. Layers are decoded one at a time, straight into the part of their rectangle that lies on
//! the canvas, and trimmed to their visible pixels at once, so one untrimmed layer is alive at most.

mod channels;
mod compose;
mod cursor;
mod groups;
mod header;
mod mask;
mod merged;
mod records;
mod rect;
#[cfg(test)]
mod reference_tests;
mod tagged;
#[cfg(test)]
mod tests;

use std::collections::HashMap;
use std::collections::hash_map::Entry;

use image::RgbaImage;

use super::{LayeredError, RawLayer, RawLayered, check_canvas, tags, trim_owned, visible_bounds};
use crate::limits::Limits;
use crate::slots::Blend;
use compose::{MaskPlane, layer_pixels, mask_plane, mul, scale_alpha};
use cursor::Cursor;
use header::{Header, read_header};
use records::{Divider, LayerInfo, Record, read_layer_info};
use rect::Rect;
use tagged::for_each_block;

fn invalid(problem: impl Into<String>) -> LayeredError {
    LayeredError::Invalid(problem.into())
}

fn truncated(what: &str) -> LayeredError {
    invalid(format!(
        "damaged or truncated PSD file (its {what} runs past the end of the file)"
    ))
}

/// Reads a PSD's layers, with the indices of those cut to the canvas (their rectangle reaches
/// outside it), for their warnings.
pub(super) fn read_psd(bytes: &[u8]) -> Result<(RawLayered, Vec<usize>), LayeredError> {
    read_psd_within(bytes, &Limits::current())
}

/// [`read_psd`] under `limits`.
fn read_psd_within(
    bytes: &[u8],
    limits: &Limits,
) -> Result<(RawLayered, Vec<usize>), LayeredError> {
    let mut c = Cursor::new(bytes);
    let header = read_header(&mut c)?;
    // Colour mode data and image resources: nothing in them changes the layers' pixels.
    c.sized_section("colour mode data")?;
    c.sized_section("image resources")?;
    let mut section = c.sized_section("layer and mask information")?;
    let (info, merged_alpha) = read_layer_section(&mut section)?;
    if info.records.is_empty() {
        let image = merged::read_merged(&mut c, &header, merged_alpha)?;
        let layer = RawLayer {
            name: "Background".into(),
            left: 0,
            top: 0,
            image,
            visible: true,
            alpha: 1.0,
            blend: Blend::Normal,
            dropped: Vec::new(),
            groups: Vec::new(),
        };
        let layered = RawLayered {
            canvas: header.canvas,
            layers: vec![trimmed(layer, header.canvas)],
        };
        return Ok((layered, Vec::new()));
    }
    merged::check(&mut c, &header)?;
    let (layers, cut) = build_layers(c.file(), &header, &info.records, limits)?;
    let layered = RawLayered {
        canvas: header.canvas,
        layers,
    };
    Ok((layered, cut))
}

/// The layer records (from the layer info, or from the `Lr16` / `Layr` block 16-bit files keep them
/// in) and whether the merged image's first extra channel is its transparency.
fn read_layer_section(section: &mut Cursor) -> Result<(LayerInfo, bool), LayeredError> {
    let mut info = LayerInfo {
        records: Vec::new(),
        merged_alpha: false,
    };
    if section.remaining() == 0 {
        return Ok((info, false));
    }
    let mut layer_info = section.sized_section("layer info")?;
    // A layer info that is there but lists no layer: the extra channel is the transparency.
    let mut merged_alpha = layer_info.remaining() >= 2;
    info = read_layer_info(&mut layer_info)?;
    if section.remaining() >= 4 {
        section.sized_section("global layer mask")?;
    }
    for_each_block(section, |key, mut data| {
        match &key {
            b"Lr16" | b"Layr" if info.records.is_empty() => {
                info = read_layer_info(&mut data)?;
                merged_alpha |= info.merged_alpha;
            }
            b"Mtrn" | b"Mt16" | b"Mt32" => merged_alpha = true,
            _ => {}
        }
        Ok(())
    })?;
    merged_alpha |= info.merged_alpha;
    Ok((info, merged_alpha))
}

/// What a clipped layer is clipped to: the nearest unclipped record below it in its group.
#[derive(Clone, Copy)]
enum Base {
    None,
    /// A layer, by its index in the layers read so far.
    Layer(usize),
    Group,
}

/// Every layer record (not group markers) as a [`RawLayer`], bottom first, decoded and trimmed one
/// at a time; refused as soon as the layers kept pass the import's pixel budget.
fn build_layers(
    file: &[u8],
    header: &Header,
    records: &[Record],
    limits: &Limits,
) -> Result<(Vec<RawLayer>, Vec<usize>), LayeredError> {
    let canvas = Rect::canvas(header.canvas);
    let mut cut = Vec::new();
    let parents = groups::parents(records);
    let mut group_masks: HashMap<usize, Option<MaskPlane>> = HashMap::new();
    let mut levels = vec![Base::None];
    // For each open group, innermost last: what the group is clipped to when its folder record
    // says it is clipped (the level's base when the group began).
    let mut group_bases: Vec<Base> = Vec::new();
    let mut out: Vec<RawLayer> = Vec::new();
    let mut kept_pixels = 0u64;
    for (i, record) in records.iter().enumerate() {
        match record.divider {
            Divider::Bounding => {
                group_bases.push(levels.last().copied().unwrap_or(Base::None));
                levels.push(Base::None);
                continue;
            }
            Divider::Folder => {
                group_bases.pop();
                if levels.len() > 1 {
                    levels.pop();
                }
                group_masks.remove(&i);
                if let Some(level) = levels.last_mut()
                    && !record.clipped
                {
                    *level = Base::Group;
                }
                continue;
            }
            Divider::None => {}
        }
        // Innermost first.
        let chain = groups::ancestors(&parents, i);
        let mut visible = !record.hidden && chain.iter().all(|&g| !records[g].hidden);
        let (blend, mut dropped) = dropped_features(record, &chain, records);
        // The layers this one shows through: its own clipping base, and those of clipped groups
        // around it.
        let mut clip_to: Vec<usize> = Vec::new();
        if record.clipped {
            match levels.last().copied().unwrap_or(Base::None) {
                Base::Layer(at) => clip_to.push(at),
                Base::Group => dropped.push("clipping mask onto a group".into()),
                Base::None => {}
            }
        } else if let Some(level) = levels.last_mut() {
            *level = Base::Layer(out.len());
        }
        for (depth, &g) in chain.iter().enumerate() {
            if !records[g].clipped {
                continue;
            }
            let group = &records[g].name;
            // Unbalanced dividers leave the open groups and the chain out of step.
            let base = (chain.len() == group_bases.len())
                .then(|| group_bases[group_bases.len() - 1 - depth]);
            match base {
                Some(Base::Layer(at)) => clip_to.push(at),
                Some(Base::Group) => {
                    dropped.push(format!("group \"{group}\" clipping mask onto a group"));
                }
                Some(Base::None) => {}
                None => dropped.push(format!("group \"{group}\" clipping mask")),
            }
        }
        visible &= clip_to
            .iter()
            .all(|&at| out.get(at).is_some_and(|base| base.visible));
        let mut layer = RawLayer {
            name: record.name.clone(),
            left: 0,
            top: 0,
            image: RgbaImage::new(0, 0),
            visible,
            alpha: 1.0,
            blend,
            dropped,
            groups: chain
                .iter()
                .rev()
                .map(|&g| records[g].name.clone())
                .collect(),
        };
        let window = record.rect.intersect(&canvas);
        if !record.rect.is_empty() && window != record.rect {
            cut.push(out.len());
        }
        if !window.is_empty() {
            for &g in &chain {
                if let Entry::Vacant(slot) = group_masks.entry(g) {
                    slot.insert(mask_plane(file, header, &records[g], canvas)?);
                }
            }
            let group_planes: Vec<&MaskPlane> = chain
                .iter()
                .filter_map(|g| group_masks.get(g).and_then(Option::as_ref))
                .collect();
            let own_mask = mask_plane(file, header, record, window)?;
            let bases: Vec<&RawLayer> = clip_to.iter().filter_map(|&at| out.get(at)).collect();
            let mut image = layer_pixels(file, header, record, window)?;
            scale_alpha(&mut image, window, |x, y| {
                let mut f = 255;
                if let Some(m) = &own_mask {
                    f = mul(f, m.at(x, y));
                }
                for m in &group_planes {
                    f = mul(f, m.at(x, y));
                }
                for base in &bases {
                    f = mul(f, alpha_at(base, x, y));
                }
                f
            });
            (layer.left, layer.top, layer.image) = (window.left, window.top, image);
            layer = trimmed(layer, header.canvas);
            // The import's pixel budget as soon as a layer passes it, not once every layer is
            // held (an opaque 16384² layer alone is over it).
            if tags::wanted(&layer.name, &layer.groups, layer.visible) {
                let (w, h) = layer.image.dimensions();
                kept_pixels += u64::from(w) * u64::from(h);
                limits
                    .check_import_pixels(kept_pixels)
                    .map_err(|e| LayeredError::Budget(e.to_string()))?;
            }
        }
        // Opacities multiply, so they go to the slot's alpha whole; a clipped layer shows through
        // its base, and so with the base's opacity too.
        let opacity = chain
            .iter()
            .fold(mul(record.opacity, record.fill), |o, &g| {
                mul(o, records[g].opacity)
            });
        let base_alpha: f64 = clip_to
            .iter()
            .filter_map(|&at| out.get(at))
            .map(|b| b.alpha)
            .product();
        layer.alpha = f64::from(opacity) / 255.0 * base_alpha;
        out.push(layer);
    }
    Ok((out, cut))
}

/// The record's blend mode as limber draws it, and the warnings for what the record and its groups
/// have that limber does not reproduce.
fn dropped_features(record: &Record, chain: &[usize], records: &[Record]) -> (Blend, Vec<String>) {
    let mut dropped: Vec<String> = record.dropped.iter().map(|f| f.to_string()).collect();
    let blend = match record.blend.as_deref() {
        None => Blend::Normal,
        Some("multiply") => Blend::Multiply,
        Some("screen") => Blend::Screen,
        Some("linear dodge") => Blend::Additive,
        Some(other) => {
            dropped.push(format!("blend mode {other}"));
            Blend::Normal
        }
    };
    if record.mask.is_some_and(|m| m.feathered) {
        dropped.push("mask feather".into());
    }
    for group in chain.iter().rev().map(|&g| &records[g]) {
        if let Some(blend) = &group.blend {
            dropped.push(format!("group \"{}\" blend mode {blend}", group.name));
        }
        for feature in &group.dropped {
            dropped.push(format!("group \"{}\" {feature}", group.name));
        }
    }
    (blend, dropped)
}

/// The alpha of `layer` (already trimmed) at canvas pixel (x, y); 0 off its pixels.
fn alpha_at(layer: &RawLayer, x: i64, y: i64) -> u8 {
    let (dx, dy) = (x - layer.left, y - layer.top);
    match (u32::try_from(dx), u32::try_from(dy)) {
        (Ok(dx), Ok(dy)) if dx < layer.image.width() && dy < layer.image.height() => {
            layer.image.get_pixel(dx, dy)[3]
        }
        _ => 0,
    }
}

/// The layer cut to its visible pixels on the canvas (an empty image when it has none), in its own
/// buffer: a canvas-sized layer is never held twice.
fn trimmed(mut layer: RawLayer, canvas: [u32; 2]) -> RawLayer {
    match visible_bounds(&layer, canvas).rect {
        Some(rect) => {
            let image = std::mem::take(&mut layer.image);
            let (offset, image) = trim_owned(image, layer.left, layer.top, rect);
            layer.left = offset[0].into();
            layer.top = offset[1].into();
            layer.image = image;
        }
        None => layer.image = RgbaImage::new(0, 0),
    }
    layer
}
