//! The coordinate mapping from limber's image space to glTF's scene space, in one place.
//!
//! limber works in image pixels, x right, y down, origin at the image's top-left corner. glTF is
//! y-up, right-handed, in metres. A point (x, y) in pixels becomes (x / ppu, −y / ppu, z) in glTF
//! units, `ppu` being the pixels per unit (100 by default: a 100 px sprite is 1 m tall). The flip of
//! y turns an image-space rotation by θ (counter-clockwise in the y-down frame's maths, i.e.
//! clockwise on screen) into a rotation by −θ about +z, so a rotation that is counter-clockwise on
//! screen stays counter-clockwise as seen from +z. z stacks parts by draw order (see [`Space::z`]).

use glam::DAffine2;

/// The mapping for one export.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Space {
    /// Image pixels per glTF unit.
    pub pixels_per_unit: f64,
}

impl Space {
    /// A point in image pixels, at height `z` (glTF units).
    pub fn point(&self, p: [f64; 2], z: f64) -> [f32; 3] {
        [
            (p[0] / self.pixels_per_unit) as f32,
            (-p[1] / self.pixels_per_unit) as f32,
            z as f32,
        ]
    }

    /// A displacement in image pixels (no z).
    pub fn vector(&self, v: [f64; 2]) -> [f32; 3] {
        self.point(v, 0.0)
    }

    /// The glTF point for a glTF-space position read back: image pixels (the inverse of `point`).
    pub fn to_pixels(&self, p: [f32; 3]) -> [f64; 2] {
        [
            f64::from(p[0]) * self.pixels_per_unit,
            -f64::from(p[1]) * self.pixels_per_unit,
        ]
    }

    /// A part's z: one pixel's worth of units per draw-order step, ties broken by project order
    /// (fractions of a step), so higher draw orders are nearer a camera looking down −z.
    pub fn z(&self, draw_order: i32, part: usize, part_count: usize) -> f64 {
        let tie = part as f64 / (part_count.max(1) as f64 + 1.0);
        (f64::from(draw_order) + tie) / self.pixels_per_unit
    }

    /// An image-space affine transform as a column-major glTF 4 × 4 matrix: M A M⁻¹ with
    /// M = diag(1/ppu, −1/ppu, 1).
    pub fn matrix(&self, a: &DAffine2) -> [f32; 16] {
        let m = a.matrix2;
        let t = self.point(a.translation.to_array(), 0.0);
        [
            m.x_axis.x as f32,
            -m.x_axis.y as f32,
            0.0,
            0.0,
            -m.y_axis.x as f32,
            m.y_axis.y as f32,
            0.0,
            0.0,
            0.0,
            0.0,
            1.0,
            0.0,
            t[0],
            t[1],
            0.0,
            1.0,
        ]
    }
}

/// A rotation by `angle` radians about +z as a glTF quaternion [x, y, z, w].
pub fn quaternion_z(angle: f64) -> [f64; 4] {
    let (s, c) = (angle / 2.0).sin_cos();
    [0.0, 0.0, s, c]
}

/// The rotation angle (radians) of a transform without shear (a rest transform).
pub fn angle_of(a: &DAffine2) -> f64 {
    a.matrix2.x_axis.y.atan2(a.matrix2.x_axis.x)
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::DVec2;

    #[test]
    fn points_flip_y_and_scale() {
        let space = Space {
            pixels_per_unit: 100.0,
        };
        assert_eq!(space.point([50.0, 20.0], 0.5), [0.5, -0.2, 0.5]);
        let back = space.to_pixels([0.5, -0.2, 0.0]);
        assert!((back[0] - 50.0).abs() < 1e-5 && (back[1] - 20.0).abs() < 1e-5);
    }

    #[test]
    fn matrix_conjugation_maps_points_like_the_image_transform() {
        let space = Space {
            pixels_per_unit: 10.0,
        };
        let a = DAffine2::from_scale_angle_translation(
            DVec2::new(1.5, 0.5),
            0.4,
            DVec2::new(7.0, -3.0),
        );
        let m = space.matrix(&a);
        let p = [12.0, 30.0];
        let q = space.point(p, 0.0);
        let moved = [
            m[0] * q[0] + m[4] * q[1] + m[12],
            m[1] * q[0] + m[5] * q[1] + m[13],
        ];
        let expected = space.point(a.transform_point2(DVec2::from(p)).to_array(), 0.0);
        assert!((moved[0] - expected[0]).abs() < 1e-5 && (moved[1] - expected[1]).abs() < 1e-5);
    }
}
