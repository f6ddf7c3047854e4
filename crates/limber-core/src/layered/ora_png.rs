//! An ORA layer's PNG read row by row as 8-bit RGBA, so a layer never needs a buffer of the whole
//! PNG: the ORA reader first finds the rectangle of visible pixels, then decodes again keeping only
//! that rectangle's rows and columns. The header's size is known before any row is decoded.
//! Interlaced PNGs (rare in layered files) are decoded whole, under [`MAX_INTERLACED_PIXELS`].

use std::io::Cursor;

use png::{ColorType, Decoder, Reader, Transformations};

/// The largest interlaced PNG decoded (its passes need the whole image at once): 64 Mi pixels.
pub(super) const MAX_INTERLACED_PIXELS: u64 = 64 << 20;

/// The widest layer PNG read (a row of it is held as RGBA).
pub(super) const MAX_PNG_WIDTH: u32 = 1 << 20;

/// Why a layer's PNG could not be read (the caller names the layer and the file in the zip).
#[derive(Debug, thiserror::Error)]
pub(super) enum PngError {
    #[error("not a PNG: {0}")]
    NotPng(png::DecodingError),
    #[error("its PNG is {0} px wide, over the limit of {MAX_PNG_WIDTH} px for a layer")]
    TooWide(u32),
    #[error(
        "interlaced PNG of {width} x {height} px is over the {MAX_INTERLACED_PIXELS}-pixel limit \
         for interlaced layers (save it without interlacing)"
    )]
    Interlaced { width: u32, height: u32 },
    #[error("unsupported PNG pixel format {0:?}")]
    Format((ColorType, png::BitDepth)),
    #[error("the PNG is too large")]
    TooLarge,
    #[error("damaged PNG: {0}")]
    Damaged(png::DecodingError),
    #[error("damaged PNG: it has fewer rows than its header says")]
    FewerRows,
    #[error("damaged PNG: a row is too short")]
    ShortRow,
    #[error("too few rows")]
    Ended,
}

/// A PNG being decoded, one RGBA row at a time.
pub(super) struct PngRows<'a> {
    reader: Reader<Cursor<&'a [u8]>>,
    width: u32,
    height: u32,
    gray: bool,
    interlaced: bool,
    /// The whole image, for an interlaced PNG, decoded at the first row.
    whole: Option<Vec<u8>>,
    next: u32,
    rgba: Vec<u8>,
}

impl<'a> PngRows<'a> {
    /// Reads the header of the PNG in `bytes`, refusing one wider than [`MAX_PNG_WIDTH`] before
    /// anything is allocated for it. No pixel is decoded yet: the caller checks [`PngRows::size`]
    /// against its budget first.
    pub(super) fn open(bytes: &'a [u8]) -> Result<Self, PngError> {
        let mut decoder = Decoder::new(Cursor::new(bytes));
        decoder.set_transformations(
            Transformations::EXPAND | Transformations::STRIP_16 | Transformations::ALPHA,
        );
        decoder.set_ignore_text_chunk(true);
        decoder.set_ignore_iccp_chunk(true);
        let reader = decoder.read_info().map_err(PngError::NotPng)?;
        let info = reader.info();
        let (width, height, interlaced) = (info.width, info.height, info.interlaced);
        if width > MAX_PNG_WIDTH {
            return Err(PngError::TooWide(width));
        }
        let pixels = u64::from(width) * u64::from(height);
        if interlaced && pixels > MAX_INTERLACED_PIXELS {
            return Err(PngError::Interlaced { width, height });
        }
        let gray = match reader.output_color_type() {
            (ColorType::Rgba, png::BitDepth::Eight) => false,
            (ColorType::GrayscaleAlpha, png::BitDepth::Eight) => true,
            other => return Err(PngError::Format(other)),
        };
        Ok(Self {
            reader,
            width,
            height,
            gray,
            interlaced,
            whole: None,
            next: 0,
            rgba: vec![0; width as usize * 4],
        })
    }

    /// Width and height in pixels, from the header.
    pub(super) fn size(&self) -> [u32; 2] {
        [self.width, self.height]
    }

    /// The next row as RGBA (4 bytes a pixel); `None` after the last.
    pub(super) fn next_row(&mut self) -> Result<Option<&[u8]>, PngError> {
        if self.next >= self.height {
            return Ok(None);
        }
        if self.interlaced && self.whole.is_none() {
            let size = self.reader.output_buffer_size().ok_or(PngError::TooLarge)?;
            let mut whole = vec![0; size];
            self.reader
                .next_frame(&mut whole)
                .map_err(PngError::Damaged)?;
            self.whole = Some(whole);
        }
        let channels = if self.gray { 2 } else { 4 };
        let line = self.width as usize * channels;
        let row: &[u8] = match &self.whole {
            Some(whole) => {
                let start = self.next as usize * line;
                whole.get(start..start + line).unwrap_or(&[])
            }
            None => match self.reader.next_row() {
                Ok(Some(row)) => row.data(),
                Ok(None) => return Err(PngError::FewerRows),
                Err(e) => return Err(PngError::Damaged(e)),
            },
        };
        if row.len() < line {
            return Err(PngError::ShortRow);
        }
        if self.gray {
            for (out, gray) in self.rgba.chunks_exact_mut(4).zip(row.chunks_exact(2)) {
                out.copy_from_slice(&[gray[0], gray[0], gray[0], gray[1]]);
            }
        } else {
            self.rgba.copy_from_slice(&row[..line]);
        }
        self.next += 1;
        Ok(Some(&self.rgba))
    }
}
