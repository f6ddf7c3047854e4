//! The layer info: the layer count (negative when the merged image's first alpha channel is its
//! transparency), one record per layer, bottom first (rectangle, channels, blend mode, opacity,
//! clipping, flags, and the extra data: mask, blending ranges, name, tagged blocks), then every
//! layer's channel data in record order. Only where each channel's data lies is kept here; pixels
//! are decoded later, layer by layer.

use std::ops::Range;

use super::cursor::Cursor;
use super::mask::{MaskInfo, read_mask};
use super::rect::Rect;
use super::tagged::{blend_name, dropped_feature, for_each_block};
use super::{LayeredError, invalid};

/// One channel of a layer: its id (0.. colour, -1 transparency, -2 user mask, -3 real user mask)
/// and where its data (compression code first) lies in the file.
#[derive(Debug, Clone)]
pub(super) struct Channel {
    pub id: i16,
    pub data: Range<usize>,
}

/// What a record is in the group structure (the `lsct` / `lsdk` block).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Divider {
    /// A layer with pixels (or an adjustment, fill, text... layer).
    None,
    /// The top of a group: the group's own record (name, visibility, mask, opacity).
    Folder,
    /// The hidden marker below a group's layers.
    Bounding,
}

#[derive(Debug, Clone)]
pub(super) struct Record {
    pub name: String,
    pub rect: Rect,
    pub channels: Vec<Channel>,
    /// The blend mode's name when it is not normal or pass-through.
    pub blend: Option<String>,
    pub opacity: u8,
    /// Fill opacity (`iOpa`), 255 when absent.
    pub fill: u8,
    /// Clipped to the layer (or group) below it.
    pub clipped: bool,
    pub hidden: bool,
    pub mask: Option<MaskInfo>,
    pub divider: Divider,
    /// Features limber drops (effects, vector mask, adjustment, fill), one entry each.
    pub dropped: Vec<&'static str>,
}

impl Record {
    pub fn channel(&self, id: i16) -> Option<&Channel> {
        self.channels.iter().find(|c| c.id == id)
    }
}

/// The layers read from a layer info section.
pub(super) struct LayerInfo {
    pub records: Vec<Record>,
    /// The count was negative: the merged image's first alpha channel is its transparency.
    pub merged_alpha: bool,
}

/// The fewest bytes a layer record takes (rectangle, channel count, blend signature and key,
/// opacity, clipping, flags, filler, extra data length).
const MIN_RECORD: usize = 16 + 2 + 4 + 4 + 4 + 4;

/// Reads a layer info section (`c` holds exactly its bytes, from the layer count).
pub(super) fn read_layer_info(c: &mut Cursor) -> Result<LayerInfo, LayeredError> {
    if c.remaining() < 2 {
        return Ok(LayerInfo {
            records: Vec::new(),
            merged_alpha: false,
        });
    }
    let count = c.i16("layer count")?;
    let merged_alpha = count < 0;
    let count = usize::from(count.unsigned_abs());
    if count.saturating_mul(MIN_RECORD) > c.remaining() {
        return Err(invalid(format!(
            "damaged or truncated PSD file ({count} layers announced in {} bytes)",
            c.remaining()
        )));
    }
    let mut records = Vec::with_capacity(count);
    let mut lengths = Vec::with_capacity(count);
    for _ in 0..count {
        let (record, channel_lengths) = read_record(c)?;
        records.push(record);
        lengths.push(channel_lengths);
    }
    // The channel data follows the records, layer by layer, channel by channel.
    for (record, lengths) in records.iter_mut().zip(lengths) {
        for (channel, len) in record.channels.iter_mut().zip(lengths) {
            channel.data = c.range(u64::from(len), "layer channel data")?;
            c.skip(u64::from(len), "layer channel data")?;
        }
    }
    Ok(LayerInfo {
        records,
        merged_alpha,
    })
}

fn read_record(c: &mut Cursor) -> Result<(Record, Vec<u32>), LayeredError> {
    let what = "layer record";
    let rect = Rect::from_tlbr([c.i32(what)?, c.i32(what)?, c.i32(what)?, c.i32(what)?]);
    let n = usize::from(c.u16(what)?);
    if n.saturating_mul(6) > c.remaining() {
        return Err(invalid(format!(
            "damaged or truncated PSD file (a layer with {n} channels in {} bytes)",
            c.remaining()
        )));
    }
    let mut channels = Vec::with_capacity(n);
    let mut lengths = Vec::with_capacity(n);
    for _ in 0..n {
        let id = c.i16(what)?;
        lengths.push(c.u32(what)?);
        channels.push(Channel { id, data: 0..0 });
    }
    if &c.tag(what)? != b"8BIM" {
        return Err(invalid(
            "damaged PSD file (a layer record has no 8BIM blend mode signature)",
        ));
    }
    let blend = blend_name(&c.tag(what)?);
    let opacity = c.u8(what)?;
    let clipped = c.u8(what)? != 0;
    let flags = c.u8(what)?;
    c.skip(1, what)?;
    let mut extra = c.sized_section("layer extra data")?;
    let mask = read_mask(&mut extra.sized_section("layer mask")?)?;
    extra.sized_section("layer blending ranges")?;
    let name_len = extra.u8(what)?;
    let pascal = extra.take(u64::from(name_len), "layer name")?;
    // The name and its length byte are padded to a multiple of 4 bytes.
    let pad = (4 - (usize::from(name_len) + 1) % 4) % 4;
    extra.skip(pad.min(extra.remaining()) as u64, what)?;
    let mut record = Record {
        name: clean_name(pascal.iter().map(|&b| char::from(b)).collect()),
        rect,
        channels,
        blend,
        opacity,
        fill: 255,
        clipped,
        hidden: flags & 2 != 0,
        mask,
        divider: Divider::None,
        dropped: Vec::new(),
    };
    for_each_block(&mut extra, |key, mut data| {
        match &key {
            b"luni" => {
                let units = data.u32("unicode layer name")?;
                let bytes = data.take(u64::from(units) * 2, "unicode layer name")?;
                let utf16 = bytes
                    .chunks_exact(2)
                    .map(|p| u16::from_be_bytes([p[0], p[1]]));
                let name: String = char::decode_utf16(utf16)
                    .map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER))
                    .collect();
                record.name = clean_name(name);
            }
            b"lsct" | b"lsdk" => {
                record.divider = match data.u32("section divider")? {
                    1 | 2 => Divider::Folder,
                    3 => Divider::Bounding,
                    _ => Divider::None,
                };
                if data.remaining() >= 8 && data.tag("section divider")? == *b"8BIM" {
                    record.blend = blend_name(&data.tag("section divider")?);
                }
            }
            b"iOpa" => record.fill = data.u8("fill opacity")?,
            key => {
                if let Some(feature) = dropped_feature(key)
                    && !record.dropped.contains(&feature)
                {
                    record.dropped.push(feature);
                }
            }
        }
        Ok(())
    })?;
    Ok((record, lengths))
}

/// Without the NULs some writers end names with.
fn clean_name(name: String) -> String {
    name.trim_end_matches('\0').to_string()
}
