//! Path constraints: bones laid along a Bézier curve that rides on another bone — a tail, a
//! snake, a rope or a line of text that follows a drawn path — Spine 4.2's path constraint, so a
//! Spine export keeps it live ([`super::path_apply`] moves the bones, [`super::path_curve`] walks
//! the curve).
//!
//! RIG.json and the project file write one as
//! ```json
//! {"name": "tail path", "bones": ["tail_1", "tail_2", "tail_3"],
//!  "path": {"bone": "hip", "points": [[10, 5], [20, 5], [30, 5], [40, 10], [50, 15], [60, 20]]},
//!  "rotate_mode": "chain", "position": 0.1}
//! ```
//! `path.points` are canvas pixels at rest, three per anchor — the handle before it, the anchor,
//! the handle after it — as Spine stores a path; an open path runs from the first anchor to the
//! last, a `closed` one back to the first. The path moves with its `bone`. Settings absent take
//! Spine's defaults: `position_mode` `percent` (`position` 0–1 along the path) or `fixed` (px);
//! `spacing_mode` `length` (each bone's own length plus `spacing` px), `fixed` (`spacing` px),
//! `percent` (a share of the path) or `proportional` (the path shared out by bone lengths);
//! `rotate_mode` `tangent` (each bone along the curve where it sits), `chain` (each bone pointing
//! at the next one's place) or `chainScale` (and stretched to reach it); `rotation` (degrees,
//! counter-clockwise on screen) added to each bone's turn; mixes `mix_rotate`, `mix_x`, `mix_y`
//! (0–1). A clip may key the mix by the constraint's name: it scales the three mixes.

use serde::{Deserialize, Serialize};

use super::constraint_error::ConstraintError;
use super::transform::bone_index;
use crate::skeleton::Skeleton;

/// Most points one path may have (three per anchor): each frame walks all its curves.
pub const MAX_PATH_POINTS: usize = 3000;

/// Largest position, spacing, rotation or point coordinate accepted.
const MAX_VALUE: f64 = 1.0e6;

/// How the first bone's place along the path is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum PositionMode {
    /// `position` is in pixels along the path.
    Fixed,
    /// `position` is a share of the path's length (0 start, 1 end).
    #[default]
    Percent,
}

/// How far apart along the path the bones are laid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum SpacingMode {
    /// Each bone's own length (as posed) plus `spacing` px.
    #[default]
    Length,
    /// `spacing` px, whatever the bones' lengths.
    Fixed,
    /// `spacing` as a share of the path's length.
    Percent,
    /// The path (times `spacing`) shared out in proportion to the bones' lengths.
    Proportional,
}

/// How the bones turn (and stretch) on the path.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum RotateMode {
    /// Along the curve's direction where each bone sits.
    #[default]
    Tangent,
    /// Each bone points at where the next one sits.
    Chain,
    /// As `chain`, each bone stretched along its length to reach the next one's place.
    ChainScale,
}

impl PositionMode {
    pub const ALL: [Self; 2] = [Self::Fixed, Self::Percent];

    pub fn label(self) -> &'static str {
        match self {
            Self::Fixed => "fixed (px)",
            Self::Percent => "percent of the path",
        }
    }
}

impl SpacingMode {
    pub const ALL: [Self; 4] = [Self::Length, Self::Fixed, Self::Percent, Self::Proportional];

    pub fn label(self) -> &'static str {
        match self {
            Self::Length => "bone length + spacing",
            Self::Fixed => "fixed (px)",
            Self::Percent => "percent of the path",
            Self::Proportional => "proportional to bone length",
        }
    }
}

impl RotateMode {
    pub const ALL: [Self; 3] = [Self::Tangent, Self::Chain, Self::ChainScale];

    pub fn label(self) -> &'static str {
        match self {
            Self::Tangent => "tangent",
            Self::Chain => "chain",
            Self::ChainScale => "chain and stretch",
        }
    }
}

/// The curve a path constraint lays its bones on: canvas pixels at rest, three points per anchor
/// (handle before, anchor, handle after), moving with `bone`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PathShapeRecord {
    pub bone: String,
    pub points: Vec<[f64; 2]>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub closed: bool,
}

/// Position, spacing, rotation offset and mixes, as Spine reads them.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct PathSettings {
    pub position_mode: PositionMode,
    pub spacing_mode: SpacingMode,
    pub rotate_mode: RotateMode,
    /// Degrees, counter-clockwise on screen, added to each bone's turn.
    pub rotation: f64,
    pub position: f64,
    pub spacing: f64,
    pub mix_rotate: f64,
    pub mix_x: f64,
    pub mix_y: f64,
}

impl Default for PathSettings {
    fn default() -> Self {
        Self {
            position_mode: PositionMode::Percent,
            spacing_mode: SpacingMode::Length,
            rotate_mode: RotateMode::Tangent,
            rotation: 0.0,
            position: 0.0,
            spacing: 0.0,
            mix_rotate: 1.0,
            mix_x: 1.0,
            mix_y: 1.0,
        }
    }
}

impl PathSettings {
    /// Whether every setting is in its range.
    pub fn in_range(&self) -> bool {
        let share = 0.0..=1.0;
        let finite = -MAX_VALUE..=MAX_VALUE;
        [self.mix_rotate, self.mix_x, self.mix_y]
            .iter()
            .all(|v| share.contains(v))
            && [self.rotation, self.position, self.spacing]
                .iter()
                .all(|v| finite.contains(v))
    }
}

/// A path constraint as written.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PathRecord {
    pub name: String,
    pub bones: Vec<String>,
    pub path: PathShapeRecord,
    #[serde(flatten)]
    pub settings: PathSettings,
}

/// A validated path constraint.
#[derive(Debug, Clone, PartialEq)]
pub struct PathConstraint {
    pub name: String,
    /// The bones laid on the path, in the order they follow along it.
    pub bones: Vec<usize>,
    /// The bone the path moves with.
    pub path_bone: usize,
    /// Canvas pixels at rest, three per anchor.
    pub points: Vec<[f64; 2]>,
    pub closed: bool,
    pub settings: PathSettings,
}

impl PathConstraint {
    pub fn from_record(record: &PathRecord, skeleton: &Skeleton) -> Result<Self, ConstraintError> {
        let owner = format!("path \"{}\"", record.name);
        let bones = record
            .bones
            .iter()
            .map(|b| bone_index(skeleton, b, &owner))
            .collect::<Result<Vec<_>, _>>()?;
        let path_bone = bone_index(skeleton, &record.path.bone, &owner)?;
        let bad = |why: &'static str| ConstraintError::BadPath {
            name: record.name.clone(),
            why,
        };
        if bones.is_empty() {
            return Err(bad("it needs at least one bone to lay on the path"));
        }
        let mut seen = bones.clone();
        seen.sort_unstable();
        seen.dedup();
        if seen.len() != bones.len() {
            return Err(bad("a bone is named twice"));
        }
        let points = &record.path.points;
        if points.len() < 6 || points.len() % 3 != 0 {
            return Err(bad(
                "its points come in threes (handle, anchor, handle), two anchors or more",
            ));
        }
        if points.len() > MAX_PATH_POINTS {
            return Err(bad("it has more than 3000 points"));
        }
        if points
            .iter()
            .flatten()
            .any(|v| !(-MAX_VALUE..=MAX_VALUE).contains(v))
        {
            return Err(bad("a point is not a finite position within ±10⁶ px"));
        }
        if !record.settings.in_range() {
            return Err(bad(
                "mixes run from 0 to 1; position, spacing and rotation within ±10⁶",
            ));
        }
        Ok(Self {
            name: record.name.clone(),
            bones,
            path_bone,
            points: points.clone(),
            closed: record.path.closed,
            settings: record.settings,
        })
    }

    pub fn to_record(&self, skeleton: &Skeleton) -> PathRecord {
        let name = |b: usize| skeleton.bones[b].name.clone();
        PathRecord {
            name: self.name.clone(),
            bones: self.bones.iter().map(|&b| name(b)).collect(),
            path: PathShapeRecord {
                bone: name(self.path_bone),
                points: self.points.clone(),
                closed: self.closed,
            },
            settings: self.settings,
        }
    }

    /// The anchors (every third point from the second), canvas pixels at rest.
    pub fn anchors(&self) -> impl Iterator<Item = [f64; 2]> + '_ {
        self.points.iter().skip(1).step_by(3).copied()
    }
}

/// Validates path records against a skeleton.
pub fn paths_from_records(
    records: &[PathRecord],
    skeleton: &Skeleton,
) -> Result<Vec<PathConstraint>, ConstraintError> {
    records
        .iter()
        .map(|r| PathConstraint::from_record(r, skeleton))
        .collect()
}

/// Handles for a smooth path through `anchors` (canvas pixels): each anchor's handles lie along
/// the line from the anchor before to the one after, a third of the way to each neighbour (the end
/// anchors point at their one neighbour). The three-per-anchor layout [`PathShapeRecord`] stores.
pub fn smooth_path_points(anchors: &[[f64; 2]]) -> Vec<[f64; 2]> {
    let n = anchors.len();
    let mut points = Vec::with_capacity(n * 3);
    for i in 0..n {
        let here = anchors[i];
        let before = anchors[i.saturating_sub(1)];
        let after = anchors[(i + 1).min(n - 1)];
        let (dx, dy) = (after[0] - before[0], after[1] - before[1]);
        let span = dx.hypot(dy);
        let reach = |other: [f64; 2]| (other[0] - here[0]).hypot(other[1] - here[1]) / 3.0;
        let (ux, uy) = if span > 0.0 {
            (dx / span, dy / span)
        } else {
            (0.0, 0.0)
        };
        let back = reach(before);
        let ahead = reach(after);
        points.push([here[0] - ux * back, here[1] - uy * back]);
        points.push(here);
        points.push([here[0] + ux * ahead, here[1] + uy * ahead]);
    }
    points
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::skeleton::Bone;

    fn skeleton() -> Skeleton {
        Skeleton::new(vec![
            Bone::new("hip", None, [0.0, 0.0], [10.0, 0.0]),
            Bone::new("a", Some(0), [10.0, 0.0], [20.0, 0.0]),
            Bone::new("b", Some(1), [20.0, 0.0], [30.0, 0.0]),
        ])
        .unwrap()
    }

    fn record(json: &str) -> PathRecord {
        serde_json::from_str(json).unwrap()
    }

    #[test]
    fn spine_defaults_and_names_round_trip() {
        let r = record(
            r#"{"name": "p", "bones": ["a", "b"], "path": {"bone": "hip", "points":
            [[0,0],[10,0],[15,0],[25,0],[30,0],[35,0]]}, "rotate_mode": "chainScale"}"#,
        );
        assert_eq!(r.settings.position_mode, PositionMode::Percent);
        assert_eq!(r.settings.spacing_mode, SpacingMode::Length);
        assert_eq!(r.settings.rotate_mode, RotateMode::ChainScale);
        assert_eq!(r.settings.mix_y, 1.0);
        let c = PathConstraint::from_record(&r, &skeleton()).unwrap();
        assert_eq!(c.bones, vec![1, 2]);
        assert_eq!(c.to_record(&skeleton()), r);
        assert_eq!(
            c.anchors().collect::<Vec<_>>(),
            vec![[10.0, 0.0], [30.0, 0.0]]
        );
    }

    #[test]
    fn bad_paths_are_refused_in_one_line() {
        let sk = skeleton();
        let cases = [
            (r#"[[0,0],[1,0],[2,0],[3,0],[4,0]]"#, "threes"),
            (r#"[[0,0],[1,0],[2,0]]"#, "threes"),
        ];
        for (points, why) in cases {
            let r = record(&format!(
                r#"{{"name": "p", "bones": ["a"], "path": {{"bone": "hip", "points": {points}}}}}"#
            ));
            let e = PathConstraint::from_record(&r, &sk)
                .unwrap_err()
                .to_string();
            assert!(e.contains(why) && e.contains("path \"p\""), "{e}");
        }
        let unknown = record(
            r#"{"name": "p", "bones": ["nope"], "path": {"bone": "hip", "points":
            [[0,0],[1,0],[2,0],[3,0],[4,0],[5,0]]}}"#,
        );
        let e = PathConstraint::from_record(&unknown, &sk).unwrap_err();
        assert!(e.to_string().contains("unknown bone \"nope\""), "{e}");
        let mix = record(
            r#"{"name": "p", "bones": ["a"], "mix_x": 1.5, "path": {"bone": "hip", "points":
            [[0,0],[1,0],[2,0],[3,0],[4,0],[5,0]]}}"#,
        );
        assert!(PathConstraint::from_record(&mix, &sk).is_err());
    }

    #[test]
    fn smooth_handles_lie_along_the_neighbours() {
        let points = smooth_path_points(&[[0.0, 0.0], [30.0, 0.0], [30.0, 30.0]]);
        assert_eq!(points.len(), 9);
        assert_eq!(points[1], [0.0, 0.0]);
        // The end anchor's handle points at its neighbour, a third of the way.
        assert!((points[2][0] - 10.0).abs() < 1e-12 && points[2][1].abs() < 1e-12);
        // The middle anchor's handles are along (0,0)→(30,30), 10 px each way.
        let d = std::f64::consts::FRAC_1_SQRT_2 * 10.0;
        assert!((points[5][0] - (30.0 + d)).abs() < 1e-12);
        assert!((points[5][1] - d).abs() < 1e-12);
    }
}
