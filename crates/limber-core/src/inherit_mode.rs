//! Spine 4.2's five inheritance modes ([`Inherit`]): what a bone takes of its parent's
//! transform, by name and in words. The world linear map each mode gives is in [`crate::inherit`];
//! the mode sits below [`crate::bone_pose`], which carries a keyed mode.

use serde::{Deserialize, Serialize};

/// How a bone takes its parent's transform (Spine's `inherit`, format version 11).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Inherit {
    /// Position, rotation, scale, shear and reflection.
    #[default]
    Normal,
    /// Position only: the bone keeps its own rotation and scale in the image.
    OnlyTranslation,
    /// Position, scale and shear; not rotation or reflection.
    NoRotationOrReflection,
    /// Position, rotation and reflection; not scale.
    NoScale,
    /// Position and rotation; not scale or reflection.
    NoScaleOrReflection,
}

impl Inherit {
    /// Every mode, as the inspector lists them.
    pub const ALL: [Inherit; 5] = [
        Inherit::Normal,
        Inherit::OnlyTranslation,
        Inherit::NoRotationOrReflection,
        Inherit::NoScale,
        Inherit::NoScaleOrReflection,
    ];

    /// The name written in files (Spine's).
    pub fn name(self) -> &'static str {
        match self {
            Inherit::Normal => "normal",
            Inherit::OnlyTranslation => "onlyTranslation",
            Inherit::NoRotationOrReflection => "noRotationOrReflection",
            Inherit::NoScale => "noScale",
            Inherit::NoScaleOrReflection => "noScaleOrReflection",
        }
    }

    /// What the bone takes of its parent, in words (the inspector's choice).
    pub fn label(self) -> &'static str {
        match self {
            Inherit::Normal => "everything",
            Inherit::OnlyTranslation => "position only",
            Inherit::NoRotationOrReflection => "all but rotation and reflection",
            Inherit::NoScale => "all but scale",
            Inherit::NoScaleOrReflection => "all but scale and reflection",
        }
    }

    pub fn is_normal(&self) -> bool {
        *self == Inherit::Normal
    }

    /// The rest angle (image frame, radians) a bone in this mode has in its parent's frame, so
    /// that at rest it points where it was drawn: its angle relative to its parent where the mode
    /// takes the parent's rotation, its angle in the image where it does not (`onlyTranslation`,
    /// `noRotationOrReflection`; parents at rest are rigid, so the two cover every case). This is
    /// the setup rotation Spine is given.
    pub fn rest_angle(self, relative: f64, absolute: f64) -> f64 {
        match self {
            Inherit::OnlyTranslation | Inherit::NoRotationOrReflection => absolute,
            Inherit::Normal | Inherit::NoScale | Inherit::NoScaleOrReflection => relative,
        }
    }
}
