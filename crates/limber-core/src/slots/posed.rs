//! Bounding-box, clipping and point attachments posed by a frame's palette, in f64 like the parts'
//! skinning: a polygon's vertices follow their one bone or are skinned by linear blending with
//! their influences; a point is carried by its bone (position and direction).

use glam::{DAffine2, DVec2};

use super::records::{AttachmentRecord, PolygonBinding};
use crate::skeleton::Skeleton;
use crate::skinning::{SkinningMode, skin};
use crate::weights::Binding;

/// A point attachment at one time: canvas pixels, and degrees counter-clockwise on screen.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PosedPoint {
    pub position: [f64; 2],
    pub rotation: f64,
}

fn bone_transform(skeleton: &Skeleton, palette: &[DAffine2], bone: Option<&str>) -> DAffine2 {
    bone.and_then(|b| skeleton.index_of(b))
        .and_then(|i| palette.get(i))
        .copied()
        .unwrap_or(DAffine2::IDENTITY)
}

/// A bounding-box or clipping polygon posed by `palette` (a validated attachment).
pub fn posed_polygon(
    attachment: &AttachmentRecord,
    skeleton: &Skeleton,
    palette: &[DAffine2],
) -> Vec<[f64; 2]> {
    let Some(polygon) = attachment.polygon() else {
        return Vec::new();
    };
    match &polygon.binding {
        PolygonBinding::Bone(bone) => {
            let m = bone_transform(skeleton, palette, Some(bone));
            polygon
                .vertices
                .iter()
                .map(|&v| m.transform_point2(DVec2::from(v)).to_array())
                .collect()
        }
        PolygonBinding::Influences(influences) => {
            let binding = Binding {
                vertices: influences.clone(),
            };
            skin(
                &polygon.vertices,
                &binding,
                palette,
                SkinningMode::LinearBlend,
            )
        }
    }
}

/// A point attachment posed by `palette` (a validated attachment).
pub fn posed_point(
    attachment: &AttachmentRecord,
    skeleton: &Skeleton,
    palette: &[DAffine2],
) -> PosedPoint {
    let (position, rotation) = match attachment {
        AttachmentRecord::Point {
            position, rotation, ..
        } => (*position, rotation.unwrap_or(0.0)),
        _ => ([0.0, 0.0], 0.0),
    };
    let m = bone_transform(skeleton, palette, attachment.bone());
    let rest = DVec2::from(position);
    let angle = rotation.to_radians();
    // Counter-clockwise on screen, where y points down.
    let direction = m.transform_vector2(DVec2::new(angle.cos(), -angle.sin()));
    PosedPoint {
        position: m.transform_point2(rest).to_array(),
        rotation: (-direction.y).atan2(direction.x).to_degrees(),
    }
}

/// Whether `p` is inside `polygon` (even-odd rule: what the stencil draws).
pub fn contains(polygon: &[[f64; 2]], p: [f64; 2]) -> bool {
    let mut inside = false;
    let mut j = polygon.len().wrapping_sub(1);
    for (i, &a) in polygon.iter().enumerate() {
        let b = polygon[j];
        if (a[1] > p[1]) != (b[1] > p[1])
            && p[0] < (b[0] - a[0]) * (p[1] - a[1]) / (b[1] - a[1]) + a[0]
        {
            inside = !inside;
        }
        j = i;
    }
    inside
}
