//! Channel data: raw, RLE (PackBits, with a table of each row's compressed length), ZIP, and ZIP
//! with prediction (each sample stored as the difference from the one before it in its row; 16-bit
//! samples as 16-bit differences). A channel's samples cover its plane (the layer's rectangle, or
//! the mask's); only the samples inside the window (the part of the plane that is wanted, at most
//! the canvas) are written out, 16-bit ones converted to 8 bits. Nothing is allocated from the
//! plane's size: a row buffer holds the window's width, and data that cannot hold the plane it
//! claims is refused before any work.

use std::io::Read;

use super::rect::Rect;
use super::{LayeredError, invalid};

/// Where the window's samples go: canvas pixel (x, y) is byte
/// `(y - origin.1) * stride + (x - origin.0) * step + offset` of `out`.
pub(super) struct Target<'a> {
    pub out: &'a mut [u8],
    pub origin: (i64, i64),
    pub stride: usize,
    pub step: usize,
    pub offset: usize,
}

/// A channel's data, by compression.
pub(super) enum Body<'a> {
    Raw(&'a [u8]),
    /// The rows' compressed lengths (two bytes each) and the rows themselves.
    Rle {
        counts: &'a [u8],
        rows: &'a [u8],
    },
    /// A zlib stream; `skip` bytes of its output come before this channel's (merged image data
    /// stores all channels in one stream).
    Zip {
        stream: &'a [u8],
        predict: bool,
        skip: u64,
    },
}

/// Deflate cannot expand data more than about 1032 times: a stream claiming more is damaged.
const MAX_ZIP_RATIO: u64 = 1100;

fn damaged(what: &str) -> LayeredError {
    invalid(format!("damaged PSD file ({what})"))
}

/// The body of one layer channel's data (`data` starts with its 2-byte compression code); `height`
/// is the plane's.
pub(super) fn layer_body(data: &[u8], height: u64) -> Result<Body<'_>, LayeredError> {
    let (Some(code), Some(rest)) = (data.get(..2), data.get(2..)) else {
        return Err(damaged("a layer channel without its compression code"));
    };
    Ok(match u16::from_be_bytes([code[0], code[1]]) {
        0 => Body::Raw(rest),
        1 => {
            let table = usize::try_from(height.saturating_mul(2))
                .ok()
                .filter(|&t| t <= rest.len())
                .ok_or_else(|| damaged("RLE row table longer than its channel"))?;
            let (counts, rows) = rest.split_at(table);
            Body::Rle { counts, rows }
        }
        2 | 3 => Body::Zip {
            stream: rest,
            predict: u16::from_be_bytes([code[0], code[1]]) == 3,
            skip: 0,
        },
        other => return Err(damaged(&format!("unknown compression {other}"))),
    })
}

/// 16-bit to 8-bit, rounded.
fn to8(hi: u8, lo: u8) -> u8 {
    ((u32::from(u16::from_be_bytes([hi, lo])) * 255 + 32767) / 65535) as u8
}

/// Decodes `body`, whose samples (`depth` bits each) cover `plane`, into `target` for the pixels
/// of `window` (which must lie inside `plane` and the target).
pub(super) fn decode(
    body: Body,
    depth: u16,
    plane: Rect,
    window: Rect,
    target: &mut Target,
) -> Result<(), LayeredError> {
    let window = window.intersect(&plane);
    if window.is_empty() {
        return Ok(());
    }
    let bps = u64::from(depth / 8);
    let row_bytes = plane
        .width()
        .checked_mul(bps)
        .ok_or_else(|| damaged("layer too wide"))?;
    let plane_bytes = row_bytes
        .checked_mul(plane.height())
        .ok_or_else(|| damaged("layer too large"))?;
    // The window in the plane's own coordinates, rows and bytes.
    let (wy0, wy1) = (
        (window.top - plane.top) as u64,
        (window.bottom - plane.top) as u64,
    );
    let (bx0, bx1) = (
        (window.left - plane.left) as u64 * bps,
        (window.right - plane.left) as u64 * bps,
    );
    let mut rows = RowWriter {
        buf: vec![0; (bx1 - bx0) as usize],
        bps: bps as usize,
        plane,
        window,
        target,
    };
    match body {
        Body::Raw(data) => {
            if plane_bytes > data.len() as u64 {
                return Err(damaged("raw channel data shorter than its layer"));
            }
            for y in wy0..wy1 {
                let start = (y * row_bytes + bx0) as usize;
                let row = data
                    .get(start..start + rows.buf.len())
                    .ok_or_else(|| damaged("raw channel data shorter than its layer"))?;
                rows.buf.copy_from_slice(row);
                rows.emit(y)?;
            }
        }
        Body::Rle { counts, rows: data } => {
            if (counts.len() as u64) < plane.height().saturating_mul(2) {
                return Err(damaged("RLE row table shorter than its layer"));
            }
            let mut at = 0usize;
            for y in 0..wy1 {
                let i = y as usize * 2;
                let n = usize::from(u16::from_be_bytes([counts[i], counts[i + 1]]));
                let row = data
                    .get(at..at + n)
                    .ok_or_else(|| damaged("RLE rows longer than their channel"))?;
                at += n;
                if y >= wy0 {
                    unpack_row(row, bx0, &mut rows.buf);
                    rows.emit(y)?;
                }
            }
        }
        Body::Zip {
            stream,
            predict,
            skip,
        } => {
            let claimed = plane_bytes.saturating_add(skip);
            if claimed > MAX_ZIP_RATIO * stream.len() as u64 + 4096 {
                return Err(damaged("ZIP channel data too short for its layer"));
            }
            inflate(stream, skip, predict, row_bytes, (wy0, wy1), bx0, &mut rows)?;
        }
    }
    Ok(())
}

/// Writes one row of the window at a time.
struct RowWriter<'t, 'a> {
    /// The window's bytes of the current row.
    buf: Vec<u8>,
    bps: usize,
    plane: Rect,
    window: Rect,
    target: &'t mut Target<'a>,
}

impl RowWriter<'_, '_> {
    /// Writes `buf` as plane row `y`, then clears it.
    fn emit(&mut self, y: u64) -> Result<(), LayeredError> {
        let t = &mut *self.target;
        let outside = || damaged("a channel outside its layer");
        let cy = self.plane.top + y as i64;
        let n = self.buf.len() / self.bps;
        let dy = usize::try_from(cy - t.origin.1).map_err(|_| outside())?;
        let dx = usize::try_from(self.window.left - t.origin.0).map_err(|_| outside())?;
        let first = dy
            .checked_mul(t.stride)
            .and_then(|r| r.checked_add(dx.checked_mul(t.step)?))
            .and_then(|r| r.checked_add(t.offset))
            .ok_or_else(outside)?;
        let last = n
            .checked_sub(1)
            .and_then(|k| k.checked_mul(t.step))
            .and_then(|k| k.checked_add(first))
            .filter(|&last| last < t.out.len())
            .ok_or_else(outside)?;
        let out = &mut t.out[first..=last];
        if self.bps == 1 {
            for (o, &v) in out.iter_mut().step_by(t.step).zip(&self.buf) {
                *o = v;
            }
        } else {
            for (o, p) in out.iter_mut().step_by(t.step).zip(self.buf.chunks_exact(2)) {
                *o = to8(p[0], p[1]);
            }
        }
        self.buf.fill(0);
        Ok(())
    }
}

/// Unpacks a PackBits row, keeping the bytes from `from` on that fit in `buf`. A row that ends
/// early leaves the rest zero (transparent).
fn unpack_row(row: &[u8], from: u64, buf: &mut [u8]) {
    let end = from + buf.len() as u64;
    let mut put = |pos: u64, bytes: &mut dyn FnMut(&mut [u8], usize), len: u64| {
        let (s, e) = (pos.max(from), (pos + len).min(end));
        if s < e {
            bytes(
                &mut buf[(s - from) as usize..(e - from) as usize],
                (s - pos) as usize,
            );
        }
    };
    let (mut i, mut pos) = (0usize, 0u64);
    while i < row.len() && pos < end {
        let n = row[i] as i8;
        i += 1;
        if n >= 0 {
            let len = (n as usize + 1).min(row.len() - i);
            let literal = &row[i..i + len];
            put(
                pos,
                &mut |dst, skip| dst.copy_from_slice(&literal[skip..skip + dst.len()]),
                len as u64,
            );
            i += len;
            pos += len as u64;
        } else if n != -128 {
            let len = (1 - i64::from(n)) as u64;
            let Some(&v) = row.get(i) else { break };
            put(pos, &mut |dst, _| dst.fill(v), len);
            i += 1;
            pos += len;
        }
    }
}

/// Inflates a zlib stream row by row (undoing prediction), emitting the window's rows; stops after
/// the window's last row.
fn inflate(
    stream: &[u8],
    mut skip: u64,
    predict: bool,
    row_bytes: u64,
    (wy0, wy1): (u64, u64),
    bx0: u64,
    rows: &mut RowWriter,
) -> Result<(), LayeredError> {
    let short = || damaged("ZIP channel data ends before its layer does");
    let mut z = flate2::read::ZlibDecoder::new(stream);
    let mut chunk = vec![0u8; 1 << 16];
    let bx1 = bx0 + rows.buf.len() as u64;
    let sixteen = rows.bps == 2;
    let (mut x, mut y) = (0u64, 0u64);
    let (mut prev8, mut prev16, mut hi) = (0u8, 0u16, 0u8);
    while y < wy1 {
        let got = z
            .read(&mut chunk)
            .map_err(|_| damaged("bad ZIP channel data"))?;
        if got == 0 {
            return Err(short());
        }
        let mut bytes = &chunk[..got];
        if skip > 0 {
            let n = skip.min(got as u64) as usize;
            skip -= n as u64;
            bytes = &bytes[n..];
        }
        for &b in bytes {
            let in_rows = y >= wy0;
            if !predict {
                if in_rows && (bx0..bx1).contains(&x) {
                    rows.buf[(x - bx0) as usize] = b;
                }
            } else if !sixteen {
                prev8 = prev8.wrapping_add(b);
                if in_rows && (bx0..bx1).contains(&x) {
                    rows.buf[(x - bx0) as usize] = prev8;
                }
            } else if x % 2 == 0 {
                hi = b;
            } else {
                prev16 = prev16.wrapping_add(u16::from_be_bytes([hi, b]));
                if in_rows && (bx0..bx1).contains(&x) {
                    let [h, l] = prev16.to_be_bytes();
                    let at = (x - 1 - bx0) as usize;
                    rows.buf[at] = h;
                    rows.buf[at + 1] = l;
                }
            }
            x += 1;
            if x == row_bytes {
                if in_rows {
                    rows.emit(y)?;
                }
                (x, y, prev8, prev16) = (0, y + 1, 0, 0);
                if y >= wy1 {
                    break;
                }
            }
        }
    }
    Ok(())
}
