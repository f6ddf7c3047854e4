//! The mask's promises: the threshold is inclusive, every format's alpha is read, and the margin
//! field equals, bit for bit, a plain two-pass distance transform over every pixel (the reference
//! below) on random masks and paddings.

use super::*;
use image::{ImageBuffer, Luma, LumaA, Rgba};

fn mask_from(width: usize, height: usize, pixels: &[(usize, usize)]) -> AlphaMask {
    let mut inside = vec![false; width * height];
    for &(x, y) in pixels {
        inside[y * width + x] = true;
    }
    AlphaMask {
        width,
        height,
        inside,
    }
}

#[test]
fn threshold_is_inclusive_and_a_fraction() {
    let image = DynamicImage::ImageRgba8(ImageBuffer::from_fn(3, 1, |x, _| {
        Rgba([0, 0, 0, [127u8, 128, 255][x as usize]])
    }));
    let mask = AlphaMask::from_image(&image, 128.0 / 255.0).unwrap();
    assert_eq!(mask.inside, vec![false, true, true]);
    assert!(AlphaMask::from_image(&image, 1.5).is_err());
    assert!(AlphaMask::from_image(&image, f64::NAN).is_err());
}

#[test]
fn images_without_alpha_are_opaque_and_16_bit_alpha_is_read() {
    let grey = DynamicImage::ImageLuma8(ImageBuffer::from_pixel(2, 2, Luma([0])));
    assert_eq!(AlphaMask::from_image(&grey, 1.0).unwrap().count(), 4);
    let grey_alpha = DynamicImage::ImageLumaA16(ImageBuffer::from_fn(2, 1, |x, _| {
        LumaA([0, if x == 0 { 100 } else { 60000 }])
    }));
    let mask = AlphaMask::from_image(&grey_alpha, 0.5).unwrap();
    assert_eq!(mask.inside, vec![false, true]);
}

#[test]
fn margin_is_padding_plus_half_minus_euclidean_distance() {
    let mask = mask_from(9, 9, &[(4, 4)]);
    let field = PaddedField::new(&mask, 2.0).unwrap();
    let at = |x: usize, y: usize| field.margin(x, y);
    assert_eq!(at(4, 4), 2.5);
    assert_eq!(at(6, 4), 0.5);
    assert!((at(6, 6) - (2.5 - 8f32.sqrt())).abs() < 1e-6);
    assert!(field.is_inside(4, 2) && !field.is_inside(4, 1));
    assert_eq!(at(0, 0), -1.0);
}

#[test]
fn zero_padding_keeps_exactly_the_mask() {
    let mask = mask_from(5, 4, &[(1, 1), (2, 1), (3, 2)]);
    let field = PaddedField::new(&mask, 0.0).unwrap();
    for y in 0..4 {
        for x in 0..5 {
            assert_eq!(field.is_inside(x, y), mask.inside[y * 5 + x]);
        }
    }
}

/// The margin field the slow way: per row the capped horizontal distance to the nearest masked
/// pixel, then per pixel the least `dx² + dy²` over every row of the window.
fn reference_margin(mask: &AlphaMask, padding: f64) -> Vec<f32> {
    let (width, height) = (mask.width, mask.height);
    let reach = padding + 0.5;
    let window = (reach + 1.5).ceil() as usize;
    let capped = window * window + 1;
    let mut row_distance = vec![window; width * height];
    for y in 0..height {
        for x in 0..width {
            let row = &mask.inside[y * width..(y + 1) * width];
            let nearest = (0..width).filter(|&s| row[s]).map(|s| s.abs_diff(x)).min();
            row_distance[y * width + x] = nearest.unwrap_or(window).min(window);
        }
    }
    let mut margin = Vec::with_capacity(width * height);
    for y in 0..height {
        for x in 0..width {
            let best = (y.saturating_sub(window)..=(y + window).min(height - 1))
                .map(|s| row_distance[s * width + x].pow(2) + s.abs_diff(y).pow(2))
                .fold(capped, usize::min);
            margin.push(((reach - (best as f64).sqrt()) as f32).max(-1.0));
        }
    }
    margin
}

#[test]
fn margin_equals_the_reference_transform_bit_for_bit() {
    // A small xorshift generator: blobs of different densities on widths across word boundaries.
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for (width, height) in [
        (1, 1),
        (63, 5),
        (64, 7),
        (65, 9),
        (130, 40),
        (200, 3),
        (150, 150),
    ] {
        for density in [2u64, 20, 60, 97] {
            let inside: Vec<bool> = (0..width * height)
                .map(|_| next() % 100 < density)
                .collect();
            let mask = AlphaMask {
                width,
                height,
                inside,
            };
            for padding in [0.0, 0.3, 1.0, 1.5, 2.7, 7.0, 64.0] {
                let field = PaddedField::new(&mask, padding).unwrap();
                let reference = reference_margin(&mask, padding);
                let bits = |m: &[f32]| m.iter().map(|v| v.to_bits()).collect::<Vec<_>>();
                assert!(
                    bits(&field.margins()) == bits(&reference),
                    "{width}x{height} density {density} padding {padding}"
                );
            }
        }
    }
}

#[test]
fn alpha_masks_match_per_pixel_tests_in_every_format() {
    let alphas: Vec<u8> = (0..=255).collect();
    let image = DynamicImage::ImageRgba8(ImageBuffer::from_fn(256, 2, |x, y| {
        Rgba([0, 0, 0, alphas[(x as usize + y as usize * 77) % 256]])
    }));
    for threshold in [0.0, 0.05, 0.5, 128.0 / 255.0, 1.0] {
        let mask = AlphaMask::from_image(&image, threshold).unwrap();
        let rgba = image.to_rgba8();
        let expected: Vec<bool> = rgba
            .pixels()
            .map(|p| f64::from(p.0[3]) >= threshold * 255.0 - 1e-9)
            .collect();
        assert_eq!(mask.inside, expected, "threshold {threshold}");
        let float = DynamicImage::ImageRgba32F(image.to_rgba32f());
        let from_float = AlphaMask::from_image(&float, threshold).unwrap();
        let expected: Vec<bool> = image
            .to_rgba32f()
            .pixels()
            .map(|p| f64::from(p.0[3]) >= threshold)
            .collect();
        assert_eq!(from_float.inside, expected);
    }
}

#[test]
fn eight_bit_masks_match_per_pixel_tests_at_any_width() {
    // RGBA and grey + alpha, widths inside, at and across word boundaries (the packed fast path).
    for width in [1u32, 7, 63, 64, 65, 130, 200] {
        let alpha = |x: u32, y: u32| ((x * 37 + y * 91 + x * x) % 256) as u8;
        let rgba = DynamicImage::ImageRgba8(ImageBuffer::from_fn(width, 3, |x, y| {
            Rgba([9, 9, 9, alpha(x, y)])
        }));
        let grey = DynamicImage::ImageLumaA8(ImageBuffer::from_fn(width, 3, |x, y| {
            LumaA([9, alpha(x, y)])
        }));
        for threshold in [0.0, 0.05, 0.5, 1.0] {
            let expected: Vec<bool> = (0..3)
                .flat_map(|y| (0..width).map(move |x| (x, y)))
                .map(|(x, y)| f64::from(alpha(x, y)) >= threshold * 255.0 - 1e-9)
                .collect();
            for image in [&rgba, &grey] {
                let mask = AlphaMask::from_image(image, threshold).unwrap();
                assert_eq!(mask.inside, expected, "width {width} threshold {threshold}");
            }
        }
    }
}
