//! The sprite texture: premultiplied alpha, a full mip chain built on the CPU (box filter over
//! premultiplied texels, so transparent texels never bleed their colour), uploaded once.
//!
//! Format `Rgba8Unorm`, not sRGB: texels reach the target with the bytes the PNG holds, so a rest
//! pose rendered 1:1 reproduces the source, and blending happens in the same encoded space the
//! artist painted in (as in other 2D tools).

use image::{DynamicImage, RgbaImage};

use super::error::RenderError;

/// One mip level: premultiplied RGBA8.
#[derive(Debug, Clone, PartialEq)]
pub struct MipLevel {
    pub width: u32,
    pub height: u32,
    pub texels: Vec<u8>,
}

/// The premultiplied texels of `image`.
pub fn premultiplied(image: &RgbaImage) -> Vec<u8> {
    let mut texels = image.as_raw().clone();
    for px in texels.chunks_exact_mut(4) {
        let a = u32::from(px[3]);
        for c in &mut px[..3] {
            *c = ((u32::from(*c) * a + 127) / 255) as u8;
        }
    }
    texels
}

/// Level 0 and every halving down to 1 × 1.
pub fn mip_chain(image: &RgbaImage) -> Vec<MipLevel> {
    let mut levels = vec![MipLevel {
        width: image.width(),
        height: image.height(),
        texels: premultiplied(image),
    }];
    while let Some(last) = levels.last() {
        if last.width == 1 && last.height == 1 {
            break;
        }
        let next = halve(last);
        levels.push(next);
    }
    levels
}

/// The next mip level: each texel the mean of the 2 × 2 (or, at an odd edge, 1 × 2 / 2 × 1 / 1 × 1)
/// block above it.
fn halve(level: &MipLevel) -> MipLevel {
    let (w, h) = (level.width, level.height);
    let (nw, nh) = ((w / 2).max(1), (h / 2).max(1));
    let mut texels = vec![0u8; (nw * nh * 4) as usize];
    for y in 0..nh {
        for x in 0..nw {
            let xs = [(2 * x).min(w - 1), (2 * x + 1).min(w - 1)];
            let ys = [(2 * y).min(h - 1), (2 * y + 1).min(h - 1)];
            for c in 0..4 {
                let mut sum = 0u32;
                for &sy in &ys {
                    for &sx in &xs {
                        sum += u32::from(level.texels[((sy * w + sx) * 4 + c) as usize]);
                    }
                }
                texels[((y * nw + x) * 4 + c) as usize] = ((sum + 2) / 4) as u8;
            }
        }
    }
    MipLevel {
        width: nw,
        height: nh,
        texels,
    }
}

/// A sprite texture on the GPU and the view its bind group uses.
pub struct SpriteTexture {
    pub texture: wgpu::Texture,
    pub view: wgpu::TextureView,
    pub width: u32,
    pub height: u32,
}

impl SpriteTexture {
    /// Uploads `image` with its mip chain. Fails with [`RenderError::TextureTooLarge`] when the
    /// device cannot hold it.
    pub fn upload(
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        image: &DynamicImage,
        label: &str,
    ) -> Result<Self, RenderError> {
        let limit = device.limits().max_texture_dimension_2d;
        let (width, height) = (image.width(), image.height());
        if width > limit || height > limit || width == 0 || height == 0 {
            return Err(RenderError::TextureTooLarge {
                width,
                height,
                limit,
            });
        }
        let levels = mip_chain(&image.to_rgba8());
        let texture = device.create_texture(&wgpu::TextureDescriptor {
            label: Some(label),
            size: wgpu::Extent3d {
                width,
                height,
                depth_or_array_layers: 1,
            },
            mip_level_count: levels.len() as u32,
            sample_count: 1,
            dimension: wgpu::TextureDimension::D2,
            format: wgpu::TextureFormat::Rgba8Unorm,
            usage: wgpu::TextureUsages::TEXTURE_BINDING | wgpu::TextureUsages::COPY_DST,
            view_formats: &[],
        });
        for (mip, level) in levels.iter().enumerate() {
            queue.write_texture(
                wgpu::TexelCopyTextureInfo {
                    texture: &texture,
                    mip_level: mip as u32,
                    origin: wgpu::Origin3d::ZERO,
                    aspect: wgpu::TextureAspect::All,
                },
                &level.texels,
                wgpu::TexelCopyBufferLayout {
                    offset: 0,
                    bytes_per_row: Some(level.width * 4),
                    rows_per_image: Some(level.height),
                },
                wgpu::Extent3d {
                    width: level.width,
                    height: level.height,
                    depth_or_array_layers: 1,
                },
            );
        }
        let view = texture.create_view(&wgpu::TextureViewDescriptor::default());
        Ok(Self {
            texture,
            view,
            width,
            height,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn premultiplying_scales_colour_by_alpha() {
        let image = RgbaImage::from_raw(2, 1, vec![200, 100, 50, 128, 9, 9, 9, 0]).unwrap();
        assert_eq!(premultiplied(&image), vec![100, 50, 25, 128, 0, 0, 0, 0]);
    }

    #[test]
    fn the_chain_ends_at_one_texel_and_averages_premultiplied_values() {
        // An opaque red texel beside a transparent green one: the mean is half-transparent red,
        // never a green tint.
        let image = RgbaImage::from_raw(2, 1, vec![255, 0, 0, 255, 0, 255, 0, 0]).unwrap();
        let chain = mip_chain(&image);
        assert_eq!(chain.len(), 2);
        assert_eq!(chain[1].texels, vec![128, 0, 0, 128]);
        let odd = mip_chain(&RgbaImage::new(5, 3));
        let sizes: Vec<(u32, u32)> = odd.iter().map(|l| (l.width, l.height)).collect();
        assert_eq!(sizes, vec![(5, 3), (2, 1), (1, 1)]);
    }
}
