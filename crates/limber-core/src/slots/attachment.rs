//! One attachment as the program sees it: a tagged enum with one variant per kind, each holding
//! exactly the fields that kind takes (a mesh names its part or image, a polygon follows one bone
//! or has influences per vertex, a clipping polygon names its end slot, a point has its bone and
//! position). Files keep their flat form (`type` absent for a mesh): [`super::attachment_fields`]
//! reads and writes it and refuses a field that does not belong to the kind; what needs the
//! skeleton (bones that exist, coordinates in range, weights) is checked by [`super::validate`].

use serde::{Deserialize, Serialize};

/// What an attachment is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AttachmentKind {
    /// An image region with its mesh and weights: a part of the project.
    #[default]
    Mesh,
    /// A polygon weighted to bones, drawn nowhere (hit boxes).
    #[serde(rename = "boundingbox")]
    BoundingBox,
    /// A position and rotation on a bone (spawn points).
    Point,
    /// A polygon that clips the slots from its own to `end`.
    Clipping,
}

impl AttachmentKind {
    pub fn is_mesh(&self) -> bool {
        *self == AttachmentKind::Mesh
    }

    /// What an artist calls it, for messages and panels: "bounding box" where the file writes
    /// `boundingbox`.
    pub fn label(self) -> &'static str {
        match self {
            AttachmentKind::BoundingBox => "bounding box",
            other => other.name(),
        }
    }

    /// The name as written.
    pub fn name(self) -> &'static str {
        match self {
            AttachmentKind::Mesh => "mesh",
            AttachmentKind::BoundingBox => "boundingbox",
            AttachmentKind::Point => "point",
            AttachmentKind::Clipping => "clipping",
        }
    }

    /// Whether the kind is a polygon (bounding box or clipping).
    pub fn is_polygon(self) -> bool {
        matches!(self, AttachmentKind::BoundingBox | AttachmentKind::Clipping)
    }
}

/// Where a mesh attachment's image, mesh and weights come from.
#[derive(Debug, Clone, PartialEq)]
pub enum MeshSource {
    /// A part of the project, by name.
    Part(String),
    /// RIG.json only: the PNG `limber new` makes the part from (relative to the RIG.json).
    Image(String),
}

/// How a polygon's vertices follow the skeleton.
#[derive(Debug, Clone, PartialEq)]
pub enum PolygonBinding {
    /// Every vertex follows this bone.
    Bone(String),
    /// Per vertex, [(bone index, weight), …] (as parts' influences).
    Influences(Vec<Vec<(usize, f64)>>),
}

/// A bounding box's or clipping attachment's polygon in rest canvas pixels.
#[derive(Debug, Clone, PartialEq)]
pub struct Polygon {
    pub vertices: Vec<[f64; 2]>,
    pub binding: PolygonBinding,
}

impl Polygon {
    /// A polygon whose every vertex follows `bone`.
    pub fn on_bone(vertices: Vec<[f64; 2]>, bone: impl Into<String>) -> Self {
        Self {
            vertices,
            binding: PolygonBinding::Bone(bone.into()),
        }
    }

    /// The one bone every vertex follows, when the polygon has no influences.
    pub fn bone(&self) -> Option<&str> {
        match &self.binding {
            PolygonBinding::Bone(bone) => Some(bone),
            PolygonBinding::Influences(_) => None,
        }
    }
}

/// One attachment of a slot (written flat in the project file and RIG.json, see the module doc;
/// its `Serialize` and `Deserialize` are in [`super::attachment_fields`]).
#[derive(Debug, Clone, PartialEq)]
pub enum AttachmentRecord {
    /// An image region with its mesh and weights.
    Mesh { name: String, source: MeshSource },
    /// A polygon drawn nowhere (hit boxes).
    BoundingBox { name: String, polygon: Polygon },
    /// A position and direction carried by a bone (spawn points).
    Point {
        name: String,
        bone: String,
        /// Where it is at rest, canvas pixels.
        position: [f64; 2],
        /// Its direction at rest, degrees counter-clockwise on screen from +x; absent: 0.
        rotation: Option<f64>,
    },
    /// A polygon that clips the slots from its own to `end`.
    Clipping {
        name: String,
        polygon: Polygon,
        /// The last slot it clips.
        end: String,
    },
}

impl AttachmentRecord {
    /// A mesh attachment showing the project's part `part`.
    pub fn mesh(name: impl Into<String>, part: impl Into<String>) -> Self {
        AttachmentRecord::Mesh {
            name: name.into(),
            source: MeshSource::Part(part.into()),
        }
    }

    /// The attachment's name in its slot.
    pub fn name(&self) -> &str {
        match self {
            AttachmentRecord::Mesh { name, .. }
            | AttachmentRecord::BoundingBox { name, .. }
            | AttachmentRecord::Point { name, .. }
            | AttachmentRecord::Clipping { name, .. } => name,
        }
    }

    /// Renames the attachment (the caller keeps names unique in the slot).
    pub fn set_name(&mut self, to: impl Into<String>) {
        let (AttachmentRecord::Mesh { name, .. }
        | AttachmentRecord::BoundingBox { name, .. }
        | AttachmentRecord::Point { name, .. }
        | AttachmentRecord::Clipping { name, .. }) = self;
        *name = to.into();
    }

    /// Which kind it is.
    pub fn kind(&self) -> AttachmentKind {
        match self {
            AttachmentRecord::Mesh { .. } => AttachmentKind::Mesh,
            AttachmentRecord::BoundingBox { .. } => AttachmentKind::BoundingBox,
            AttachmentRecord::Point { .. } => AttachmentKind::Point,
            AttachmentRecord::Clipping { .. } => AttachmentKind::Clipping,
        }
    }

    /// A mesh attachment's part.
    pub fn part(&self) -> Option<&str> {
        match self {
            AttachmentRecord::Mesh {
                source: MeshSource::Part(part),
                ..
            } => Some(part),
            _ => None,
        }
    }

    /// A mesh attachment's image (RIG.json only, before `limber new` makes its part).
    pub fn image(&self) -> Option<&str> {
        match self {
            AttachmentRecord::Mesh {
                source: MeshSource::Image(image),
                ..
            } => Some(image),
            _ => None,
        }
    }

    /// A mesh attachment's part, to rename with the part.
    pub fn part_mut(&mut self) -> Option<&mut String> {
        match self {
            AttachmentRecord::Mesh {
                source: MeshSource::Part(part),
                ..
            } => Some(part),
            _ => None,
        }
    }

    /// A bounding box's or clipping attachment's polygon.
    pub fn polygon(&self) -> Option<&Polygon> {
        match self {
            AttachmentRecord::BoundingBox { polygon, .. }
            | AttachmentRecord::Clipping { polygon, .. } => Some(polygon),
            _ => None,
        }
    }

    /// A bounding box's or clipping attachment's polygon, to edit.
    pub fn polygon_mut(&mut self) -> Option<&mut Polygon> {
        match self {
            AttachmentRecord::BoundingBox { polygon, .. }
            | AttachmentRecord::Clipping { polygon, .. } => Some(polygon),
            _ => None,
        }
    }

    /// A polygon's vertices (none for a mesh or a point).
    pub fn vertices(&self) -> &[[f64; 2]] {
        self.polygon().map_or(&[], |p| p.vertices.as_slice())
    }

    /// The bone a point follows, or the one bone a polygon's vertices all follow.
    pub fn bone(&self) -> Option<&str> {
        match self {
            AttachmentRecord::Point { bone, .. } => Some(bone),
            _ => self.polygon().and_then(Polygon::bone),
        }
    }

    /// The bone it follows by name (a point's, or a polygon's one bone), to rename with the bone.
    pub fn bone_mut(&mut self) -> Option<&mut String> {
        match self {
            AttachmentRecord::Point { bone, .. } => Some(bone),
            AttachmentRecord::BoundingBox { polygon, .. }
            | AttachmentRecord::Clipping { polygon, .. } => match &mut polygon.binding {
                PolygonBinding::Bone(bone) => Some(bone),
                PolygonBinding::Influences(_) => None,
            },
            AttachmentRecord::Mesh { .. } => None,
        }
    }

    /// A clipping attachment's end slot.
    pub fn end(&self) -> Option<&str> {
        match self {
            AttachmentRecord::Clipping { end, .. } => Some(end),
            _ => None,
        }
    }
}
