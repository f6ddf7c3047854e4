//! The bone overlay's geometry: a diamond from head to tail per bone (a square for a point bone),
//! posed by the palette, in image pixels. Built on the CPU each frame; drawn by the shapes pipeline.

use glam::{DAffine2, DVec2};

use super::gpu_types::GpuShapeVertex;
use super::overlay::bone_color;
use limber_core::skeleton::Skeleton;

/// Colour of a selected bone (premultiplied): every selected bone wears it.
pub const SELECTED: [f32; 4] = [1.0, 0.62, 0.1, 1.0];

/// Triangles (three vertices each, six per bone in bone order) for every bone of `skeleton` under
/// `palette`; the bones in `selected` are drawn in [`SELECTED`]. `pixel` is the size of one target
/// pixel in image pixels, so point bones and outlines keep a visible size at any zoom.
pub fn bone_triangles(
    skeleton: &Skeleton,
    palette: &[DAffine2],
    selected: &[usize],
    pixel: f64,
) -> Vec<GpuShapeVertex> {
    let mut out = Vec::with_capacity(skeleton.bones.len() * 6);
    for (i, bone) in skeleton.bones.iter().enumerate() {
        let m = palette.get(i).copied().unwrap_or(DAffine2::IDENTITY);
        let head = m.transform_point2(bone.head());
        let tail = m.transform_point2(bone.tail());
        let color = if selected.contains(&i) {
            SELECTED
        } else {
            let [r, g, b] = bone_color(i as u32);
            let a = 0.8;
            [r * a, g * a, b * a, a]
        };
        let along = tail - head;
        let length = along.length();
        let corners: [DVec2; 4] = if length < 4.0 * pixel {
            let r = 4.0 * pixel;
            [
                head + DVec2::new(-r, -r),
                head + DVec2::new(r, -r),
                head + DVec2::new(r, r),
                head + DVec2::new(-r, r),
            ]
        } else {
            let width = (0.12 * length).max(3.0 * pixel);
            let normal = along.perp() / length * width;
            let waist = head + along * 0.15;
            [head, waist + normal, tail, waist - normal]
        };
        let v = |p: DVec2| GpuShapeVertex {
            position: [p.x as f32, p.y as f32],
            color,
        };
        out.extend([corners[0], corners[1], corners[2]].map(v));
        out.extend([corners[0], corners[2], corners[3]].map(v));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use limber_core::skeleton::Bone;

    #[test]
    fn a_posed_bone_diamond_runs_from_the_moved_head_to_the_moved_tail() {
        let skeleton =
            Skeleton::new(vec![Bone::new("b", None, [0.0, 0.0], [10.0, 0.0])]).expect("valid");
        let moved = DAffine2::from_translation(DVec2::new(5.0, 7.0));
        let tris = bone_triangles(&skeleton, &[moved], &[0], 1.0);
        assert_eq!(tris.len(), 6);
        assert_eq!(tris[0].position, [5.0, 7.0]);
        assert_eq!(tris[2].position, [15.0, 7.0]);
        assert_eq!(tris[0].color, SELECTED);
    }

    #[test]
    fn every_selected_bone_wears_the_selected_colour_and_no_other_does() {
        let bones = (0..3)
            .map(|i| Bone::new(&format!("b{i}"), None, [0.0, 10.0 * i as f64], [10.0, 0.0]))
            .collect();
        let skeleton = Skeleton::new(bones).expect("valid");
        let palette = [DAffine2::IDENTITY; 3];
        let tris = bone_triangles(&skeleton, &palette, &[0, 2], 1.0);
        let selected: Vec<bool> = tris.chunks(6).map(|c| c[0].color == SELECTED).collect();
        assert_eq!(selected, [true, false, true]);
    }
}
