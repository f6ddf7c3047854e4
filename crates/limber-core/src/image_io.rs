//! Loading sprites: PNG bytes → a decoded image, with the size limit checked before any pixel is
//! decoded.
//!
//! Every PNG colour type is accepted (RGBA, RGB, grey, grey + alpha, 8 and 16 bits, indexed with or
//! without a transparency chunk); the `image` crate expands indexed images to RGBA. Images without an
//! alpha channel are fully opaque.

use std::io::Cursor;
use std::path::Path;

use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader, Limits};

use super::error::{CoreError, CoreResult};
use super::read_file::read_capped;

/// Largest accepted width or height, in pixels.
pub const MAX_SIDE: u32 = 16_384;
/// Largest accepted pixel count, in megapixels (2^20 pixels): 32 MP is 128 MiB as 8-bit RGBA and
/// 256 MiB decoded at 16 bits. Measured: `limber new` of a 32 MP 16-bit sprite with 20 bones peaks
/// at 1.03 GB (64 MP peaked at 2.15 GB), so any accepted image stays under 1.5 GB.
pub const MAX_MEGAPIXELS: u32 = 32;
/// Largest accepted PNG file, in bytes (a PNG is compressed, so this is far above any real sprite).
pub const MAX_FILE_BYTES: u64 = 1 << 30;

const PNG_SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a];

/// Reads and decodes a PNG file. Errors describe the problem; the caller names the file.
pub fn load_png(path: &Path) -> CoreResult<DynamicImage> {
    decode_png(&read_png_file(path)?)
}

/// Reads a PNG file's bytes through [`read_capped`]: a regular file only, refused over
/// [`MAX_FILE_BYTES`] without reading more than that (even if the file grows while it is read).
pub fn read_png_file(path: &Path) -> CoreResult<Vec<u8>> {
    Ok(read_capped(path, MAX_FILE_BYTES)?)
}

/// Checks that `width` × `height` is non-empty and within [`MAX_SIDE`] and [`MAX_MEGAPIXELS`].
pub fn check_dimensions(width: u32, height: u32) -> CoreResult<()> {
    if width == 0 || height == 0 {
        return Err(CoreError::EmptyImage { width, height });
    }
    let pixels = u64::from(width) * u64::from(height);
    if width > MAX_SIDE || height > MAX_SIDE || pixels > u64::from(MAX_MEGAPIXELS) << 20 {
        return Err(CoreError::TooLarge {
            width,
            height,
            max_side: MAX_SIDE,
            max_megapixels: MAX_MEGAPIXELS,
        });
    }
    Ok(())
}

/// Decodes PNG bytes. The header's dimensions are checked before the pixel data is decoded, so a
/// small file that claims an enormous image is refused without allocating for it.
pub fn decode_png(bytes: &[u8]) -> CoreResult<DynamicImage> {
    if !bytes.starts_with(&PNG_SIGNATURE) {
        return Err(CoreError::NotPng);
    }
    let mut reader = ImageReader::with_format(Cursor::new(bytes), ImageFormat::Png);
    // The dimensions are checked by `check_dimensions`, which names them; the allocation cap is a
    // second guard. 32 MP of 16-bit RGBA is the largest legal decode.
    let mut limits = Limits::default();
    limits.max_alloc = Some((u64::from(MAX_MEGAPIXELS) << 20) * 8 + (64 << 20));
    reader.limits(limits);
    let decoder = reader.into_decoder().map_err(decode_error)?;
    let (width, height) = decoder.dimensions();
    check_dimensions(width, height)?;
    DynamicImage::from_decoder(decoder).map_err(decode_error)
}

fn decode_error(error: image::ImageError) -> CoreError {
    CoreError::Decode(error.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{ImageBuffer, Luma, LumaA, Rgb, Rgba};

    fn encode(image: DynamicImage) -> Vec<u8> {
        let mut bytes = Vec::new();
        image
            .write_to(&mut Cursor::new(&mut bytes), ImageFormat::Png)
            .unwrap();
        bytes
    }

    #[test]
    fn decodes_every_common_colour_type() {
        let rgba = DynamicImage::ImageRgba8(ImageBuffer::from_pixel(3, 2, Rgba([1, 2, 3, 4])));
        let rgb = DynamicImage::ImageRgb8(ImageBuffer::from_pixel(3, 2, Rgb([1, 2, 3])));
        let grey = DynamicImage::ImageLuma8(ImageBuffer::from_pixel(3, 2, Luma([7])));
        let grey_alpha = DynamicImage::ImageLumaA8(ImageBuffer::from_pixel(3, 2, LumaA([7, 9])));
        let rgba16 =
            DynamicImage::ImageRgba16(ImageBuffer::from_pixel(3, 2, Rgba([1, 2, 3, 40000])));
        for image in [rgba, rgb, grey, grey_alpha, rgba16] {
            let decoded = decode_png(&encode(image.clone())).unwrap();
            assert_eq!((decoded.width(), decoded.height()), (3, 2));
            assert_eq!(decoded.color(), image.color());
        }
    }

    #[test]
    fn indexed_png_with_transparency_decodes_to_rgba() {
        // A 4x1 palette image: entries 0 (transparent), 1 (half), 2 (opaque).
        let mut bytes = Vec::new();
        {
            let mut encoder = png::Encoder::new(&mut bytes, 4, 1);
            encoder.set_color(png::ColorType::Indexed);
            encoder.set_depth(png::BitDepth::Eight);
            encoder.set_palette(vec![0, 0, 0, 255, 0, 0, 0, 255, 0]);
            encoder.set_trns(vec![0, 128, 255]);
            let mut writer = encoder.write_header().unwrap();
            writer.write_image_data(&[0, 1, 2, 2]).unwrap();
        }
        let decoded = decode_png(&bytes).unwrap().to_rgba8();
        let alphas: Vec<u8> = decoded.pixels().map(|p| p.0[3]).collect();
        assert_eq!(alphas, vec![0, 128, 255, 255]);
        assert_eq!(decoded.get_pixel(2, 0).0, [0, 255, 0, 255]);
    }

    #[test]
    fn refuses_text_and_truncated_files() {
        assert!(matches!(
            decode_png(b"hello, world"),
            Err(CoreError::NotPng)
        ));
        assert!(matches!(decode_png(b""), Err(CoreError::NotPng)));
        let bytes = encode(DynamicImage::ImageRgba8(ImageBuffer::from_pixel(
            40,
            40,
            Rgba([1, 2, 3, 4]),
        )));
        let truncated = &bytes[..bytes.len() / 2];
        assert!(matches!(decode_png(truncated), Err(CoreError::Decode(_))));
    }

    #[test]
    fn dimension_limits() {
        assert!(check_dimensions(1, 1).is_ok());
        assert!(check_dimensions(MAX_SIDE, 2048).is_ok());
        // 16 000 x 16 000 (a 1 MB PNG can claim it) is over the 32-megapixel budget.
        assert!(matches!(
            check_dimensions(16_000, 16_000),
            Err(CoreError::TooLarge { .. })
        ));
        assert!(matches!(
            check_dimensions(0, 5),
            Err(CoreError::EmptyImage { .. })
        ));
        assert!(matches!(
            check_dimensions(MAX_SIDE + 1, 1),
            Err(CoreError::TooLarge { .. })
        ));
    }
}
