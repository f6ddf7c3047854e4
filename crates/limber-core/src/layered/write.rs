//! Writing small PSD and ORA files, for the tests and benches of the readers (limber itself never
//! writes layered files). Only what the readers read is written: 8-bit RGBA layers, uncompressed,
//! with name, place, visibility, opacity, blend mode and one level of groups.

use std::io::{Cursor, Write};

use image::RgbaImage;
use zip::ZipWriter;
use zip::write::SimpleFileOptions;

/// One layer to write.
#[derive(Debug, Clone)]
pub struct LayerSpec {
    pub name: String,
    pub left: i32,
    pub top: i32,
    pub image: RgbaImage,
    pub hidden: bool,
    /// 0..=255.
    pub opacity: u8,
    /// Multiply instead of normal.
    pub multiply: bool,
    /// The group it is in (consecutive layers of one name share it) and whether that is hidden.
    pub group: Option<(String, bool)>,
}

impl LayerSpec {
    /// A visible, opaque, normal layer outside any group.
    pub fn new(name: &str, left: i32, top: i32, image: RgbaImage) -> Self {
        Self {
            name: name.into(),
            left,
            top,
            image,
            hidden: false,
            opacity: 255,
            multiply: false,
            group: None,
        }
    }
}

/// A PSD (version 1, RGB, 8 bits) of `canvas` with `layers` (bottom first). Groups are not written.
pub fn psd_bytes(canvas: [u32; 2], layers: &[LayerSpec]) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(b"8BPS");
    out.extend_from_slice(&1u16.to_be_bytes());
    out.extend_from_slice(&[0; 6]);
    out.extend_from_slice(&4u16.to_be_bytes());
    out.extend_from_slice(&canvas[1].to_be_bytes());
    out.extend_from_slice(&canvas[0].to_be_bytes());
    out.extend_from_slice(&8u16.to_be_bytes());
    out.extend_from_slice(&3u16.to_be_bytes());
    // Colour mode data, image resources: none.
    out.extend_from_slice(&0u32.to_be_bytes());
    out.extend_from_slice(&0u32.to_be_bytes());
    let mut info = Vec::new();
    info.extend_from_slice(&(layers.len() as i16).to_be_bytes());
    for layer in layers {
        let (w, h) = layer.image.dimensions();
        for v in [
            layer.top,
            layer.left,
            layer.top + h as i32,
            layer.left + w as i32,
        ] {
            info.extend_from_slice(&v.to_be_bytes());
        }
        info.extend_from_slice(&4u16.to_be_bytes());
        for id in [-1i16, 0, 1, 2] {
            info.extend_from_slice(&id.to_be_bytes());
            info.extend_from_slice(&(2 + w * h).to_be_bytes());
        }
        info.extend_from_slice(b"8BIM");
        info.extend_from_slice(if layer.multiply { b"mul " } else { b"norm" });
        info.extend_from_slice(&[layer.opacity, 0, if layer.hidden { 0x0a } else { 0x08 }, 0]);
        let name = layer.name.as_bytes();
        let name_len = name.len().min(255);
        let padding = (4 - (name_len + 1) % 4) % 4;
        let extra = 4 + 4 + 1 + name_len + padding;
        info.extend_from_slice(&(extra as u32).to_be_bytes());
        info.extend_from_slice(&0u32.to_be_bytes());
        info.extend_from_slice(&0u32.to_be_bytes());
        info.push(name_len as u8);
        info.extend_from_slice(&name[..name_len]);
        info.extend(std::iter::repeat_n(0, padding));
    }
    for layer in layers {
        for channel in [3, 0, 1, 2] {
            info.extend_from_slice(&0u16.to_be_bytes());
            info.extend(layer.image.pixels().map(|p| p[channel]));
        }
    }
    if info.len() % 2 == 1 {
        info.push(0);
    }
    let section = 4 + info.len() + 4;
    out.extend_from_slice(&(section as u32).to_be_bytes());
    out.extend_from_slice(&(info.len() as u32).to_be_bytes());
    out.extend_from_slice(&info);
    out.extend_from_slice(&0u32.to_be_bytes());
    // The merged image: transparent.
    out.extend_from_slice(&0u16.to_be_bytes());
    let merged = 4 * canvas[0] as usize * canvas[1] as usize;
    out.resize(out.len() + merged, 0);
    out
}

/// A zip of `entries` (name, bytes), each deflated: for crafting ORA files (or damaged ones).
pub fn zip_bytes(entries: &[(&str, &[u8])]) -> Vec<u8> {
    let mut zip = ZipWriter::new(Cursor::new(Vec::new()));
    let deflated =
        SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    for (name, bytes) in entries {
        let _ = zip.start_file(*name, deflated);
        let _ = zip.write_all(bytes);
    }
    zip.finish().map(Cursor::into_inner).unwrap_or_default()
}

/// `image` as PNG bytes.
pub fn png_bytes(image: &RgbaImage) -> Vec<u8> {
    let mut png = Vec::new();
    let _ = image.write_to(&mut Cursor::new(&mut png), image::ImageFormat::Png);
    png
}

/// A transparent `side` x `side` RGBA PNG, encoded row by row (never held whole): a large layer
/// that costs little to write.
pub fn transparent_png(side: u32) -> Vec<u8> {
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, side, side);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let Ok(mut writer) = encoder.write_header() else {
        return Vec::new();
    };
    let row = vec![0u8; side as usize * 4];
    if let Ok(mut stream) = writer.stream_writer() {
        for _ in 0..side {
            let _ = stream.write_all(&row);
        }
        let _ = stream.finish();
    }
    let _ = writer.finish();
    out
}

/// An ORA of `canvas` with `layers` (bottom first), each PNG in `data/`.
pub fn ora_bytes(canvas: [u32; 2], layers: &[LayerSpec]) -> Vec<u8> {
    let mut zip = ZipWriter::new(Cursor::new(Vec::new()));
    let stored = SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
    let mut xml = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<image w=\"{}\" h=\"{}\">\n<stack>\n",
        canvas[0], canvas[1]
    );
    let mut open_group: Option<&str> = None;
    for (i, layer) in layers.iter().enumerate().rev() {
        let group = layer.group.as_ref().map(|(n, _)| n.as_str());
        if open_group.is_some() && open_group != group {
            xml.push_str("</stack>\n");
        }
        if let Some((name, hidden)) = &layer.group
            && open_group != group
        {
            let visibility = if *hidden { "hidden" } else { "visible" };
            xml.push_str(&format!(
                "<stack name=\"{name}\" visibility=\"{visibility}\">\n"
            ));
        }
        open_group = group;
        let visibility = if layer.hidden { "hidden" } else { "visible" };
        let op = if layer.multiply {
            " composite-op=\"svg:multiply\""
        } else {
            ""
        };
        xml.push_str(&format!(
            "<layer name=\"{}\" src=\"data/{i}.png\" x=\"{}\" y=\"{}\" opacity=\"{:.3}\" visibility=\"{visibility}\"{op}/>\n",
            layer.name,
            layer.left,
            layer.top,
            f64::from(layer.opacity) / 255.0
        ));
    }
    if open_group.is_some() {
        xml.push_str("</stack>\n");
    }
    xml.push_str("</stack>\n</image>\n");
    let mut write = |name: &str, bytes: &[u8]| {
        let _ = zip.start_file(name, stored);
        let _ = zip.write_all(bytes);
    };
    write("mimetype", b"image/openraster");
    write("stack.xml", xml.as_bytes());
    for (i, layer) in layers.iter().enumerate() {
        write(&format!("data/{i}.png"), &png_bytes(&layer.image));
    }
    zip.finish().map(Cursor::into_inner).unwrap_or_default()
}
