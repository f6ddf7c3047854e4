//! One bone's offset from its rest pose ([`BonePose`]): rotation, translation, scale and shear, and
//! the linear map they make in the bone's local frame. It sits below both [`crate::pose`] and
//! [`crate::inherit`], which each need it. A clip may key the bone's inheritance mode for a while
//! ([`BonePose::inherit`], Spine's `inherit` timeline).
//!
//! Conventions: `rotate` in radians, positive = counter-clockwise as seen on screen (image y points
//! down); `translate` in pixels along the parent bone's axes; `scale` as factors along the bone's
//! own axes; `shear` in radians, each axis turned on its own, counter-clockwise on screen.

use glam::{DAffine2, DMat2, DVec2};

use crate::inherit_mode::Inherit;

/// One bone's offset from its rest pose.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BonePose {
    pub rotate: f64,
    pub translate: [f64; 2],
    pub scale: [f64; 2],
    /// Radians the bone's x and y axes each turn, counter-clockwise on screen.
    pub shear: [f64; 2],
    /// The inheritance mode a clip keys at this time, in place of the rig's (`None`: the rig's).
    /// The bone keeps its setup rest angle, as Spine's bone keeps its setup rotation, so a mode
    /// that takes no rotation turns a bone whose parent is turned at rest.
    pub inherit: Option<Inherit>,
}

impl Default for BonePose {
    fn default() -> Self {
        Self {
            rotate: 0.0,
            translate: [0.0, 0.0],
            scale: [1.0, 1.0],
            shear: [0.0, 0.0],
            inherit: None,
        }
    }
}

impl BonePose {
    /// The offset as a transform in the bone's local frame (applied after the rest transform).
    pub(crate) fn local_offset(&self) -> DAffine2 {
        DAffine2::from_mat2(self.local_linear())
    }

    /// The offset's rotation, shear and scale in the bone's local frame (image frame, y down).
    pub fn local_linear(&self) -> DMat2 {
        // Counter-clockwise on screen is clockwise in the y-down image frame, hence the minuses.
        let rotation = DMat2::from_angle(-self.rotate);
        let scale = DMat2::from_diagonal(DVec2::from(self.scale));
        if self.shear == [0.0, 0.0] {
            return rotation * scale;
        }
        let [x, y] = self.shear;
        let shear = DMat2::from_cols(DVec2::new(x.cos(), -x.sin()), DVec2::new(y.sin(), y.cos()));
        rotation * shear * scale
    }
}
