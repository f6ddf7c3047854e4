//! An attachment as written: one flat object whose `type` says the kind (absent: a mesh) and
//! whose other fields depend on it. Reading turns it into an [`AttachmentRecord`] and refuses, in
//! one line naming the attachment, a field the kind does not take or a field it needs; writing
//! gives the same object back, so the format is unchanged.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::attachment::{AttachmentKind, AttachmentRecord, MeshSource, Polygon, PolygonBinding};

/// The flat form (format version 5 on).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct AttachmentFields {
    name: String,
    #[serde(
        rename = "type",
        default,
        skip_serializing_if = "AttachmentKind::is_mesh"
    )]
    kind: AttachmentKind,
    /// Mesh: the part that holds the image, mesh and weights.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    part: Option<String>,
    /// Mesh, RIG.json only: the PNG `limber new` makes the part from (relative to the RIG.json).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    image: Option<String>,
    /// Bounding box, clipping: the polygon in rest canvas pixels.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    vertices: Vec<[f64; 2]>,
    /// Bounding box, clipping: per vertex, [[bone index, weight], …] (as parts' influences).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    influences: Vec<Vec<(usize, f64)>>,
    /// Point: the bone that carries it. Bounding box, clipping: the one bone every vertex follows
    /// (instead of `influences`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    bone: Option<String>,
    /// Point: where it is at rest, canvas pixels.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    position: Option<[f64; 2]>,
    /// Point: its direction at rest, degrees counter-clockwise on screen from +x.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    rotation: Option<f64>,
    /// Clipping: the last slot it clips.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    end: Option<String>,
}

/// Why a written attachment is not one of the kinds.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("attachment \"{name}\": {problem}")]
pub struct FieldsError {
    name: String,
    problem: FieldsProblem,
}

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
enum FieldsProblem {
    #[error("a {kind} attachment has no \"{field}\"")]
    Foreign {
        kind: &'static str,
        field: &'static str,
    },
    #[error("a mesh attachment names its \"part\" (or, in RIG.json, its \"image\")")]
    MeshSource,
    #[error("a clipping attachment names its \"end\" slot")]
    ClippingEnd,
    #[error("a polygon follows one \"bone\" or has \"influences\" per vertex (one of them)")]
    BoneOrInfluences,
    #[error("a point attachment names its \"bone\"")]
    PointBone,
    #[error("a point attachment has a \"position\"")]
    PointPosition,
}

impl AttachmentFields {
    /// The fields present, by their written names, for refusing those a kind does not take.
    fn present(&self) -> [(&'static str, bool); 8] {
        [
            ("part", self.part.is_some()),
            ("image", self.image.is_some()),
            ("vertices", !self.vertices.is_empty()),
            ("influences", !self.influences.is_empty()),
            ("bone", self.bone.is_some()),
            ("position", self.position.is_some()),
            ("rotation", self.rotation.is_some()),
            ("end", self.end.is_some()),
        ]
    }

    /// Refuses every present field that `kind` does not take.
    fn only(&self, takes: &[&str]) -> Result<(), FieldsProblem> {
        let kind = self.kind.name();
        match self
            .present()
            .into_iter()
            .find(|(field, present)| *present && !takes.contains(field))
        {
            Some((field, _)) => Err(FieldsProblem::Foreign { kind, field }),
            None => Ok(()),
        }
    }

    fn polygon(&mut self) -> Result<Polygon, FieldsProblem> {
        let vertices = std::mem::take(&mut self.vertices);
        let binding = match (self.bone.take(), self.influences.is_empty()) {
            (Some(bone), true) => PolygonBinding::Bone(bone),
            (None, false) => PolygonBinding::Influences(std::mem::take(&mut self.influences)),
            _ => return Err(FieldsProblem::BoneOrInfluences),
        };
        Ok(Polygon { vertices, binding })
    }

    fn record(mut self) -> Result<AttachmentRecord, FieldsProblem> {
        let name = std::mem::take(&mut self.name);
        Ok(match self.kind {
            AttachmentKind::Mesh => {
                self.only(&["part", "image"])?;
                let source = match (self.part, self.image) {
                    (Some(part), None) => MeshSource::Part(part),
                    (None, Some(image)) => MeshSource::Image(image),
                    _ => return Err(FieldsProblem::MeshSource),
                };
                AttachmentRecord::Mesh { name, source }
            }
            AttachmentKind::BoundingBox => {
                self.only(&["vertices", "influences", "bone"])?;
                let polygon = self.polygon()?;
                AttachmentRecord::BoundingBox { name, polygon }
            }
            AttachmentKind::Clipping => {
                self.only(&["vertices", "influences", "bone", "end"])?;
                let end = self.end.take().ok_or(FieldsProblem::ClippingEnd)?;
                let polygon = self.polygon()?;
                AttachmentRecord::Clipping { name, polygon, end }
            }
            AttachmentKind::Point => {
                self.only(&["bone", "position", "rotation"])?;
                AttachmentRecord::Point {
                    name,
                    bone: self.bone.ok_or(FieldsProblem::PointBone)?,
                    position: self.position.ok_or(FieldsProblem::PointPosition)?,
                    rotation: self.rotation,
                }
            }
        })
    }
}

impl TryFrom<AttachmentFields> for AttachmentRecord {
    type Error = FieldsError;

    fn try_from(fields: AttachmentFields) -> Result<Self, FieldsError> {
        let name = fields.name.clone();
        fields
            .record()
            .map_err(|problem| FieldsError { name, problem })
    }
}

impl From<AttachmentRecord> for AttachmentFields {
    fn from(record: AttachmentRecord) -> Self {
        let kind = record.kind();
        let mut fields = AttachmentFields {
            kind,
            ..Default::default()
        };
        let polygon = |fields: &mut AttachmentFields, polygon: Polygon| {
            fields.vertices = polygon.vertices;
            match polygon.binding {
                PolygonBinding::Bone(bone) => fields.bone = Some(bone),
                PolygonBinding::Influences(influences) => fields.influences = influences,
            }
        };
        match record {
            AttachmentRecord::Mesh { name, source } => {
                fields.name = name;
                match source {
                    MeshSource::Part(part) => fields.part = Some(part),
                    MeshSource::Image(image) => fields.image = Some(image),
                }
            }
            AttachmentRecord::BoundingBox { name, polygon: p } => {
                fields.name = name;
                polygon(&mut fields, p);
            }
            AttachmentRecord::Clipping {
                name,
                polygon: p,
                end,
            } => {
                fields.name = name;
                fields.end = Some(end);
                polygon(&mut fields, p);
            }
            AttachmentRecord::Point {
                name,
                bone,
                position,
                rotation,
            } => {
                fields.name = name;
                fields.bone = Some(bone);
                fields.position = Some(position);
                fields.rotation = rotation;
            }
        }
        fields
    }
}

impl Serialize for AttachmentRecord {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        AttachmentFields::from(self.clone()).serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for AttachmentRecord {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let fields = AttachmentFields::deserialize(deserializer)?;
        AttachmentRecord::try_from(fields).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(json: &str) -> serde_json::Result<AttachmentRecord> {
        serde_json::from_str(json)
    }

    #[test]
    fn each_kind_reads_into_its_variant_and_writes_back_the_same_object() {
        let cases = [
            r#"{"name":"body","part":"body"}"#,
            r#"{"name":"body","image":"body.png"}"#,
            r#"{"name":"hit","type":"boundingbox","vertices":[[0.0,0.0],[1.0,0.0],[0.0,1.0]],"bone":"root"}"#,
            r#"{"name":"hit","type":"boundingbox","vertices":[[0.0,0.0],[1.0,0.0],[0.0,1.0]],"influences":[[[0,1.0]],[[0,1.0]],[[0,1.0]]]}"#,
            r#"{"name":"mask","type":"clipping","vertices":[[0.0,0.0],[1.0,0.0],[0.0,1.0]],"bone":"root","end":"head"}"#,
            r#"{"name":"muzzle","type":"point","bone":"gun","position":[3.0,4.0],"rotation":90.0}"#,
            r#"{"name":"spawn","type":"point","bone":"root","position":[0.0,0.0]}"#,
        ];
        for json in cases {
            let record = read(json).expect(json);
            assert_eq!(serde_json::to_string(&record).unwrap(), json);
        }
        assert_eq!(
            read(cases[0]).unwrap(),
            AttachmentRecord::mesh("body", "body")
        );
        let point = read(cases[5]).unwrap();
        assert_eq!(point.kind(), AttachmentKind::Point);
        assert_eq!(point.bone(), Some("gun"));
        assert_eq!(read(cases[4]).unwrap().end(), Some("head"));
    }

    #[test]
    fn a_field_the_kind_does_not_take_or_lacks_is_refused_naming_the_attachment() {
        let cases = [
            (
                r#"{"name":"a","part":"p","bone":"root"}"#,
                "a mesh attachment has no \"bone\"",
            ),
            (r#"{"name":"a"}"#, "names its \"part\""),
            (
                r#"{"name":"a","part":"p","image":"p.png"}"#,
                "names its \"part\"",
            ),
            (
                r#"{"name":"a","type":"point","bone":"root"}"#,
                "has a \"position\"",
            ),
            (
                r#"{"name":"a","type":"point","position":[0,0]}"#,
                "names its \"bone\"",
            ),
            (
                r#"{"name":"a","type":"clipping","bone":"root","vertices":[[0,0],[1,0],[0,1]]}"#,
                "names its \"end\" slot",
            ),
            (
                r#"{"name":"a","type":"boundingbox","vertices":[[0,0],[1,0],[0,1]]}"#,
                "one of them",
            ),
            (
                r#"{"name":"a","type":"boundingbox","bone":"root","end":"x","vertices":[[0,0],[1,0],[0,1]]}"#,
                "a boundingbox attachment has no \"end\"",
            ),
            (
                r#"{"name":"a","type":"point","bone":"root","position":[0,0],"part":"p"}"#,
                "a point attachment has no \"part\"",
            ),
        ];
        for (json, expected) in cases {
            let error = read(json).unwrap_err().to_string();
            assert!(error.contains(expected), "{json}: {error}");
            assert!(error.contains("attachment \"a\""), "{json}: {error}");
        }
    }
}
