//! Where a rendered export's canvas sits: the project's image rectangle as it is (`image`), or the
//! union of the clip's posed bounds over every exported frame plus a margin (`animation`), so that a
//! limb swinging past the image's edge is not cut. Bounds come from the posed mesh vertices, skinned
//! on the CPU the way the GPU draws them; the rectangle is in output pixels, rounded out to whole
//! pixels on the same grid as the image's own, and knows where the image's anchor (the root bone's
//! head, else the image's origin) lands in it. [`Framing`] itself is core's (`export_settings.rs`).

use glam::DVec2;

use limber_core::frame::Frame;
use limber_core::playback::Playback;
use limber_core::pose::PoseSolver;
use limber_core::project::Project;
use limber_core::skinning::{SkinningMode, skin};

use super::timing::FrameTimes;

pub use limber_core::export_settings::{DEFAULT_MARGIN, Framing};

/// The exported canvas in output pixels (image pixels × scale).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FrameRect {
    /// Top-left corner, relative to the image's origin.
    pub min: [i64; 2],
    pub size: [u32; 2],
    /// Where the anchor (root bone's rest head, else the image's origin) lies in the canvas, in
    /// output pixels from its top-left.
    pub anchor: [f64; 2],
}

impl FrameRect {
    /// The anchor as a fraction of the canvas (0–1 inside it): an engine's pivot.
    pub fn pivot(&self) -> [f64; 2] {
        [
            self.anchor[0] / f64::from(self.size[0].max(1)),
            self.anchor[1] / f64::from(self.size[1].max(1)),
        ]
    }

    /// The image-space rectangle the canvas shows: (min, size) in image pixels.
    pub fn image_rect(&self, scale: f64) -> (DVec2, DVec2) {
        let min = DVec2::new(self.min[0] as f64, self.min[1] as f64) / scale;
        let size = DVec2::new(f64::from(self.size[0]), f64::from(self.size[1])) / scale;
        (min, size)
    }
}

/// The smallest and largest image-space point of the visible parts of `frame`, skinned with `mode`.
pub fn posed_bounds(project: &Project, frame: &Frame, mode: SkinningMode) -> Option<[DVec2; 2]> {
    let mut bounds: Option<[DVec2; 2]> = None;
    for state in frame.parts.iter().filter(|p| p.visible) {
        let Some(part) = project.parts.get(state.part) else {
            continue;
        };
        for p in skin(&state.rest, &part.binding, &frame.palette, mode) {
            let p = DVec2::from(p);
            if !p.is_finite() {
                continue;
            }
            bounds = Some(match bounds {
                Some([lo, hi]) => [lo.min(p), hi.max(p)],
                None => [p, p],
            });
        }
    }
    bounds
}

/// The union of [`posed_bounds`] over every frame of `times`.
pub fn clip_bounds(
    project: &Project,
    solver: &PoseSolver,
    playback: Playback,
    times: &FrameTimes,
    mode: SkinningMode,
) -> Option<[DVec2; 2]> {
    times
        .times
        .iter()
        .filter_map(|&t| posed_bounds(project, &playback.frame(project, solver, t), mode))
        .reduce(|[a, b], [c, d]| [a.min(c), b.max(d)])
}

/// The point exports stay anchored to: the first root bone's rest head, else the image's origin.
pub fn anchor_point(project: &Project) -> DVec2 {
    project
        .rig
        .skeleton
        .bones
        .iter()
        .find(|b| b.parent.is_none())
        .map_or(DVec2::ZERO, |b| DVec2::from(b.head))
}

/// The canvas for `framing` at `scale`: the image rectangle of `canvas` pixels, or `bounds`
/// (image pixels; the image rectangle when there are none) scaled, widened by the margin and
/// rounded out to whole pixels.
pub fn frame_rect(
    framing: Framing,
    canvas: [u32; 2],
    bounds: Option<[DVec2; 2]>,
    anchor: DVec2,
    scale: f64,
) -> FrameRect {
    let whole = |side: u32| (f64::from(side) * scale).round().max(1.0) as u32;
    let (min, size) = match (framing, bounds) {
        (Framing::Animation { margin }, Some([lo, hi])) => {
            let margin = f64::from(margin);
            let lo = (lo * scale - DVec2::splat(margin)).floor();
            let hi = (hi * scale + DVec2::splat(margin)).ceil();
            let side = |extent: f64| extent.clamp(1.0, f64::from(u32::MAX)) as u32;
            (
                [lo.x as i64, lo.y as i64],
                [side(hi.x - lo.x), side(hi.y - lo.y)],
            )
        }
        _ => ([0, 0], [whole(canvas[0]), whole(canvas[1])]),
    };
    let anchor = anchor * scale;
    FrameRect {
        min,
        size,
        anchor: [anchor.x - min[0] as f64, anchor.y - min[1] as f64],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn image_framing_keeps_the_scaled_canvas() {
        let rect = frame_rect(
            Framing::Image,
            [96, 128],
            Some([DVec2::new(-10.0, 0.0), DVec2::new(50.0, 140.0)]),
            DVec2::new(48.0, 64.0),
            0.5,
        );
        assert_eq!((rect.min, rect.size), ([0, 0], [48, 64]));
        assert_eq!(rect.pivot(), [0.5, 0.5]);
    }

    #[test]
    fn animation_framing_rounds_the_bounds_out_and_adds_the_margin() {
        let bounds = [DVec2::new(-10.2, 3.5), DVec2::new(50.1, 140.0)];
        let rect = frame_rect(
            Framing::Animation { margin: 2 },
            [96, 128],
            Some(bounds),
            DVec2::ZERO,
            1.0,
        );
        assert_eq!(rect.min, [-13, 1]);
        assert_eq!(rect.size, [66, 141]);
        assert_eq!(rect.anchor, [13.0, -1.0]);
        let (min, size) = rect.image_rect(1.0);
        assert!(min.x <= bounds[0].x - 2.0 && min.x + size.x >= bounds[1].x + 2.0);
        // Without anything drawn, the image rectangle.
        let empty = frame_rect(Framing::default(), [8, 4], None, DVec2::ZERO, 2.0);
        assert_eq!((empty.min, empty.size), ([0, 0], [16, 8]));
    }
}
