//! The 26-byte file header: signature, version, channel count, canvas size, bit depth and colour
//! mode. Modes and depths limber does not read are refused here, each with how to convert the file.

use super::cursor::Cursor;
use super::{LayeredError, check_canvas, invalid};

/// What the header says, once it is known to be a file limber reads.
#[derive(Debug, Clone, Copy)]
pub(super) struct Header {
    /// Width and height.
    pub canvas: [u32; 2],
    /// Channels of the merged image (colour channels first, then any alpha channels).
    pub channels: u16,
    /// 8 or 16 bits per channel.
    pub depth: u16,
    /// Grayscale (one colour channel) rather than RGB (three).
    pub gray: bool,
}

impl Header {
    /// How many colour channels a pixel has.
    pub fn colours(&self) -> u16 {
        if self.gray { 1 } else { 3 }
    }
}

pub(super) fn read_header(c: &mut Cursor) -> Result<Header, LayeredError> {
    let what = "header";
    let start = c.take(c.remaining().min(4) as u64, what)?;
    if start != &b"8BPS"[..start.len()] || start.is_empty() {
        return Err(invalid("not a PSD file (no 8BPS signature)"));
    }
    if c.remaining() < 22 {
        return Err(invalid(
            "damaged or truncated PSD file (it ends inside its header)",
        ));
    }
    match c.u16(what)? {
        1 => {}
        2 => {
            return Err(invalid(
                "large-document (PSB) files are not supported: save the file as PSD and try again",
            ));
        }
        v => return Err(invalid(format!("not a PSD file (unknown version {v})"))),
    }
    c.skip(6, what)?;
    let channels = c.u16(what)?;
    let height = c.u32(what)?;
    let width = c.u32(what)?;
    let depth = c.u16(what)?;
    let mode = c.u16(what)?;
    let gray = match mode {
        1 => true,
        3 => false,
        _ => {
            let name = match mode {
                0 => "bitmap (1-bit)",
                2 => "indexed",
                4 => "CMYK",
                7 => "multichannel",
                8 => "duotone",
                9 => "Lab",
                _ => {
                    return Err(invalid(format!(
                        "damaged PSD file (unknown colour mode {mode})"
                    )));
                }
            };
            return Err(invalid(format!(
                "{name} colour is not supported: convert the file to RGB (Image > Mode > RGB Color) and save again"
            )));
        }
    };
    match depth {
        8 | 16 => {}
        32 => {
            return Err(invalid(
                "32 bits per channel is not supported: convert the file to 8 or 16 bits (Image > Mode > 8 Bits/Channel) and save again",
            ));
        }
        _ => {
            return Err(invalid(format!(
                "damaged PSD file ({depth} bits per channel)"
            )));
        }
    }
    let colours = if gray { 1 } else { 3 };
    if !(colours..=56).contains(&channels) {
        return Err(invalid(format!(
            "damaged PSD file ({channels} channels in a {} image)",
            if gray { "grayscale" } else { "RGB" }
        )));
    }
    let canvas = check_canvas(width, height)?;
    Ok(Header {
        canvas,
        channels,
        depth,
        gray,
    })
}
