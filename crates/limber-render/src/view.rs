//! Where image pixels land on the target: a 2D mapping from image space (x right, y down, pixels)
//! to clip space (x right, y up, −1…1), kept in f64 until it is written to a uniform.

use glam::DVec2;

/// clip = image × `scale` + `offset`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ViewTransform {
    pub scale: DVec2,
    pub offset: DVec2,
}

impl ViewTransform {
    /// Shows exactly the image rectangle from `min` to `min + size` (pixels) on the whole target.
    pub fn image_rect(min: DVec2, size: DVec2) -> Self {
        let scale = DVec2::new(2.0 / size.x, -2.0 / size.y);
        Self {
            scale,
            offset: DVec2::new(-1.0, 1.0) - min * scale,
        }
    }

    /// A camera: image point `center` at the middle of a `viewport` (physical pixels) at `zoom`
    /// target pixels per image pixel — what the editor's pan and zoom drive.
    pub fn camera(center: DVec2, zoom: f64, viewport: DVec2) -> Self {
        let size = viewport / zoom;
        Self::image_rect(center - size / 2.0, size)
    }

    /// Clip-space position of an image point.
    pub fn apply(&self, image: DVec2) -> DVec2 {
        image * self.scale + self.offset
    }

    /// The clip offset for a part whose local frame starts at `origin`: clip = local × scale + this.
    pub fn local_offset(&self, origin: DVec2) -> DVec2 {
        origin * self.scale + self.offset
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rectangle_maps_to_the_corners_of_clip_space() {
        let view = ViewTransform::image_rect(DVec2::new(10.0, 20.0), DVec2::new(100.0, 50.0));
        let close = |a: DVec2, b: DVec2| (a - b).length() < 1e-12;
        assert!(close(
            view.apply(DVec2::new(10.0, 20.0)),
            DVec2::new(-1.0, 1.0)
        ));
        assert!(close(
            view.apply(DVec2::new(110.0, 70.0)),
            DVec2::new(1.0, -1.0)
        ));
    }

    #[test]
    fn a_camera_centres_its_point() {
        let view = ViewTransform::camera(DVec2::new(64.0, 32.0), 2.0, DVec2::new(800.0, 600.0));
        assert!(view.apply(DVec2::new(64.0, 32.0)).length() < 1e-12);
        // 400 target pixels to the right edge = 200 image pixels.
        assert!((view.apply(DVec2::new(264.0, 32.0)).x - 1.0).abs() < 1e-12);
    }
}
