//! The merged image data at the end of the file: the whole picture, planar, one channel after
//! another. It is read when the file has no layer records (a picture that is only a background);
//! otherwise only its size is checked, so that a file cut short is refused.

use image::RgbaImage;

use super::channels::{Body, Target, decode};
use super::cursor::Cursor;
use super::header::Header;
use super::rect::Rect;
use super::{LayeredError, invalid, truncated};

fn body_parts<'a>(c: &mut Cursor<'a>) -> Result<(u16, &'a [u8]), LayeredError> {
    let compression = c.u16("merged image")?;
    let body = c.take(c.remaining() as u64, "merged image")?;
    Ok((compression, body))
}

/// Bytes of one channel, uncompressed.
fn plane_bytes(header: &Header) -> u64 {
    u64::from(header.canvas[0]) * u64::from(header.canvas[1]) * u64::from(header.depth / 8)
}

/// The RLE row table's length and each channel's rows' total length, checked against `body`.
fn rle_layout(header: &Header, body: &[u8]) -> Result<(usize, Vec<usize>), LayeredError> {
    let rows = usize::from(header.channels) * header.canvas[1] as usize;
    let table = body
        .get(..rows * 2)
        .ok_or_else(|| truncated("merged image"))?;
    let per_channel: Vec<usize> = table
        .chunks_exact(header.canvas[1] as usize * 2)
        .map(|c| {
            c.chunks_exact(2)
                .map(|p| usize::from(u16::from_be_bytes([p[0], p[1]])))
                .sum()
        })
        .collect();
    if rows * 2 + per_channel.iter().sum::<usize>() > body.len() {
        return Err(truncated("merged image"));
    }
    Ok((rows * 2, per_channel))
}

/// Checks that the merged image's data is all there (ZIP data is not inflated for this). A file
/// that ends right before it (no merged image at all) is accepted.
pub(super) fn check(c: &mut Cursor, header: &Header) -> Result<(), LayeredError> {
    if c.remaining() == 0 {
        return Ok(());
    }
    let (compression, body) = body_parts(c)?;
    match compression {
        0 if plane_bytes(header) * u64::from(header.channels) > body.len() as u64 => {
            Err(truncated("merged image"))
        }
        1 => rle_layout(header, body).map(|_| ()),
        0 | 2 | 3 => Ok(()),
        other => Err(invalid(format!(
            "damaged PSD file (unknown merged image compression {other})"
        ))),
    }
}

/// The merged image as one canvas-sized layer; its first extra channel is its transparency when
/// `alpha` (otherwise it is opaque).
pub(super) fn read_merged(
    c: &mut Cursor,
    header: &Header,
    alpha: bool,
) -> Result<RgbaImage, LayeredError> {
    let (compression, body) = body_parts(c)?;
    let canvas = Rect::canvas(header.canvas);
    let [w, h] = header.canvas;
    let mut image = RgbaImage::new(w, h);
    let colours = header.colours();
    let alpha = alpha && header.channels > colours;
    if !alpha {
        image.pixels_mut().for_each(|p| p[3] = 255);
    }
    let plane = plane_bytes(header);
    let rle = if compression == 1 {
        Some(rle_layout(header, body)?)
    } else {
        None
    };
    let wanted = (0..colours)
        .map(|k| (k, k as usize))
        .chain(alpha.then_some((colours, 3)));
    for (k, offset) in wanted {
        let k_us = usize::from(k);
        let part = match (compression, &rle) {
            (0, _) => Body::Raw(
                usize::try_from(plane * u64::from(k))
                    .ok()
                    .and_then(|at| body.get(at..))
                    .ok_or_else(|| truncated("merged image"))?,
            ),
            (1, Some((table, per_channel))) => {
                let rows_h = h as usize * 2;
                let counts = body
                    .get(k_us * rows_h..(k_us + 1) * rows_h)
                    .ok_or_else(|| truncated("merged image"))?;
                let start = table + per_channel.iter().take(k_us).sum::<usize>();
                Body::Rle {
                    counts,
                    rows: body.get(start..).ok_or_else(|| truncated("merged image"))?,
                }
            }
            (2 | 3, _) => Body::Zip {
                stream: body,
                predict: compression == 3,
                skip: plane * u64::from(k),
            },
            _ => {
                return Err(invalid(format!(
                    "damaged PSD file (unknown merged image compression {compression})"
                )));
            }
        };
        let mut target = Target {
            out: &mut image,
            origin: (0, 0),
            stride: w as usize * 4,
            step: 4,
            offset,
        };
        decode(part, header.depth, canvas, canvas, &mut target)?;
    }
    if header.gray {
        image.pixels_mut().for_each(|p| (p[1], p[2]) = (p[0], p[0]));
    }
    Ok(image)
}
