//! A layer's pixels: its colour and transparency channels decoded into the part of its rectangle
//! that lies on the canvas, and the transparency changes limber reproduces in the pixels — the
//! raster mask (its rectangle, the value outside it, "disabled", density), group masks and the
//! clipping base's transparency — multiplied into alpha (opacities become the slot's alpha).

use image::RgbaImage;

use super::LayeredError;
use super::channels::{Target, decode, layer_body};
use super::header::Header;
use super::records::Record;
use super::rect::Rect;

/// `a × b / 255`, rounded.
pub(super) fn mul(a: u8, b: u8) -> u8 {
    ((u32::from(a) * u32::from(b) + 127) / 255) as u8
}

/// A raster mask's values over part of the canvas; `default` everywhere else.
pub(super) struct MaskPlane {
    rect: Rect,
    values: Vec<u8>,
    default: u8,
}

impl MaskPlane {
    /// The mask's value at canvas pixel (x, y).
    pub fn at(&self, x: i64, y: i64) -> u8 {
        if !self.rect.contains(x, y) {
            return self.default;
        }
        let i = (y - self.rect.top) as usize * self.rect.width() as usize
            + (x - self.rect.left) as usize;
        self.values.get(i).copied().unwrap_or(self.default)
    }
}

/// The record's raster mask over `window` (part of the canvas), or `None` when it has none or it is
/// disabled. The real user mask (channel -3) is used when present, else the user mask (-2).
pub(super) fn mask_plane(
    file: &[u8],
    header: &Header,
    record: &Record,
    window: Rect,
) -> Result<Option<MaskPlane>, LayeredError> {
    let Some(info) = record.mask else {
        return Ok(None);
    };
    let (id, rect, default, disabled) = match (info.real, record.channel(-3)) {
        (Some((rect, default, disabled)), Some(_)) => (-3, rect, default, disabled),
        _ => (-2, info.rect, info.default, info.disabled),
    };
    if disabled {
        return Ok(None);
    }
    // Flag bit 0: the rectangle is given from the layer's top-left corner.
    let rect = if info.relative {
        Rect {
            left: rect.left + record.rect.left,
            top: rect.top + record.rect.top,
            right: rect.right + record.rect.left,
            bottom: rect.bottom + record.rect.top,
        }
    } else {
        rect
    };
    let area = rect.intersect(&window);
    let mut plane = MaskPlane {
        rect: area,
        values: Vec::new(),
        default,
    };
    if let Some(channel) = record.channel(id).filter(|_| !area.is_empty()) {
        let (w, h) = (area.width() as usize, area.height() as usize);
        plane.values = vec![default; w * h];
        let data = file.get(channel.data.clone()).unwrap_or_default();
        let mut target = Target {
            out: &mut plane.values,
            origin: (area.left, area.top),
            stride: w,
            step: 1,
            offset: 0,
        };
        decode(
            layer_body(data, rect.height())?,
            header.depth,
            rect,
            area,
            &mut target,
        )?;
    }
    if info.density < 255 {
        let density = info.density;
        let soften = |m: u8| 255 - mul(255 - m, density);
        plane.values.iter_mut().for_each(|m| *m = soften(*m));
        plane.default = soften(plane.default);
    }
    Ok(Some(plane))
}

/// The layer's colour and transparency over `window` (its rectangle on the canvas): RGBA, straight
/// alpha; opaque where the layer has no transparency channel.
pub(super) fn layer_pixels(
    file: &[u8],
    header: &Header,
    record: &Record,
    window: Rect,
) -> Result<RgbaImage, LayeredError> {
    let (w, h) = (window.width() as u32, window.height() as u32);
    let mut image = RgbaImage::new(w, h);
    if record.channel(-1).is_none() {
        image.pixels_mut().for_each(|p| p[3] = 255);
    }
    for channel in &record.channels {
        let offset = match channel.id {
            0 => 0,
            1 | 2 if !header.gray => channel.id as usize,
            -1 => 3,
            _ => continue,
        };
        let data = file.get(channel.data.clone()).unwrap_or_default();
        let mut target = Target {
            out: &mut image,
            origin: (window.left, window.top),
            stride: w as usize * 4,
            step: 4,
            offset,
        };
        decode(
            layer_body(data, record.rect.height())?,
            header.depth,
            record.rect,
            window,
            &mut target,
        )?;
    }
    if header.gray {
        image.pixels_mut().for_each(|p| (p[1], p[2]) = (p[0], p[0]));
    }
    Ok(image)
}

/// Multiplies each pixel's alpha by `factor(x, y)` (canvas coordinates; `window` is where the
/// image's top-left pixel is).
pub(super) fn scale_alpha(image: &mut RgbaImage, window: Rect, factor: impl Fn(i64, i64) -> u8) {
    for (x, y, p) in image.enumerate_pixels_mut() {
        if p[3] != 0 {
            p[3] = mul(
                p[3],
                factor(window.left + i64::from(x), window.top + i64::from(y)),
            );
        }
    }
}
