//! Slots, attachments and skins as written: in the project file and in RIG.json (format version 5).
//!
//! A slot holds attachments and shows one of them (or none); its setup colour multiplies the
//! premultiplied texture and its blend mode says how it is composited. Mesh attachments name a part
//! (the image, mesh and weights stay in the project's `parts`); bounding-box and clipping
//! attachments are polygons in rest canvas pixels weighted to bones; a point attachment is a position
//! and rotation carried by a bone. Skins map a slot's attachment name (a placeholder) to the
//! attachment it shows in that skin.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

pub use super::attachment::{
    AttachmentKind, AttachmentRecord, MeshSource, Polygon, PolygonBinding,
};

/// White, opaque: a slot's colour when none is written.
pub const WHITE: [f64; 4] = [1.0, 1.0, 1.0, 1.0];

/// The name of the skin that maps every name to the slot's attachment of that name.
pub const DEFAULT_SKIN: &str = "default";

/// How a slot's pixels are composited over what is drawn before them: on premultiplied colour, by
/// the separable W3C formulas with the backdrop's alpha (as Photoshop does; over an opaque backdrop
/// they are Spine's). `limber_render::blend` draws them and holds their CPU twin.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Blend {
    /// Over: src + dst × (1 − src alpha).
    #[default]
    Normal,
    /// min(1, src + dst), the runtimes' add (alpha as normal).
    Additive,
    /// src × dst + dst × (1 − src alpha) + src × (1 − dst alpha) (alpha as normal).
    Multiply,
    /// src + dst × (1 − src) (alpha as normal).
    Screen,
}

impl Blend {
    pub fn is_normal(&self) -> bool {
        *self == Blend::Normal
    }

    /// The name as written.
    pub fn name(self) -> &'static str {
        match self {
            Blend::Normal => "normal",
            Blend::Additive => "additive",
            Blend::Multiply => "multiply",
            Blend::Screen => "screen",
        }
    }
}

fn is_white(color: &[f64; 4]) -> bool {
    *color == WHITE
}

fn white() -> [f64; 4] {
    WHITE
}

/// One slot as written.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SlotRecord {
    pub name: String,
    /// Slots draw from low to high draw order (ties: parts' own slots first, then these in order).
    #[serde(default)]
    pub draw_order: i32,
    pub attachments: Vec<AttachmentRecord>,
    /// The attachment (or skin placeholder) shown at setup; absent: none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub setup: Option<String>,
    /// Straight RGBA, 0–1, multiplied with the premultiplied texture.
    #[serde(default = "white", skip_serializing_if = "is_white")]
    pub color: [f64; 4],
    #[serde(default, skip_serializing_if = "Blend::is_normal")]
    pub blend: Blend,
}

/// One skin as written: per slot, placeholder name → attachment name.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct SkinRecord {
    pub name: String,
    #[serde(default)]
    pub slots: BTreeMap<String, BTreeMap<String, String>>,
}

/// Every slot and skin of a project, and the active skin: what the rig file writes as `slots`,
/// `skins` and `active_skin`.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SlotSet {
    pub slots: Vec<SlotRecord>,
    pub skins: Vec<SkinRecord>,
    /// `None`: the default skin.
    pub active_skin: Option<String>,
}

impl SlotSet {
    /// Whether nothing is set (every part is its own slot, the default skin).
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty() && self.skins.is_empty() && self.active_skin.is_none()
    }

    /// The skin called `name`, when a skin record has it.
    pub fn skin(&self, name: &str) -> Option<&SkinRecord> {
        self.skins.iter().find(|s| s.name == name)
    }

    /// Every skin's name, `default` first.
    pub fn skin_names(&self) -> Vec<&str> {
        std::iter::once(DEFAULT_SKIN)
            .chain(self.skins.iter().map(|s| s.name.as_str()))
            .collect()
    }

    /// Makes `name` the active skin (`default` clears it); refuses a skin that does not exist.
    pub fn set_active_skin(&mut self, name: &str) -> Result<(), super::SlotError> {
        if name == DEFAULT_SKIN {
            self.active_skin = None;
            return Ok(());
        }
        if self.skin(name).is_none() {
            return Err(super::SlotError::UnknownSkin {
                name: name.to_string(),
                skins: self.skin_names().join(", "),
            });
        }
        self.active_skin = Some(name.to_string());
        Ok(())
    }
}
