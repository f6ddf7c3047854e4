//! Keys of a path constraint's position and spacing in a clip (format version 13): Spine's path
//! position and spacing timelines, so a game can play a character walking along a curve.
//!
//! A key names the path constraint and holds a position, a spacing or both; each is a channel of
//! its own. Like a constraint's mix keys, a channel eases from each key to its next by the earlier
//! key's curve, holds its first key's value before it and its last key's after it; a path without
//! keys of a channel keeps its own setting. A key's value replaces the setting (in the setting's
//! own unit: a share of the path or pixels, as the path's modes read it). The rig checks that the
//! names are its path constraints' ([`crate::rig`]).

use serde::{Deserialize, Serialize};

use super::channel_sample::{ChannelKey, sample_channel};
use super::curve::{Interpolation, MAX_HANDLE_VALUE};
use super::error::AnimationError;

/// Largest keyed position or spacing accepted (as the settings are bounded).
pub const MOST_PATH_VALUE: f64 = 1e6;

/// One key of a path constraint's position and spacing, as written.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PathKeyRecord {
    /// The path constraint's name.
    pub path: String,
    pub time: f64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spacing: Option<f64>,
    /// Toward the channel's next key (an eased curve, as a mix key's).
    #[serde(default)]
    pub interp: Interpolation,
}

/// Which value of a path key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PathChannel {
    Position,
    Spacing,
}

impl PathChannel {
    pub const ALL: [Self; 2] = [Self::Position, Self::Spacing];

    /// The channel's value in `key`, if the key holds it.
    pub fn of(self, key: &PathKeyRecord) -> Option<f64> {
        match self {
            Self::Position => key.position,
            Self::Spacing => key.spacing,
        }
    }

    /// Spine's name of the timeline (and limber's of the field).
    pub fn name(self) -> &'static str {
        match self {
            Self::Position => "position",
            Self::Spacing => "spacing",
        }
    }
}

impl PathKeyRecord {
    /// Puts `key` into `keys`: on a key of the same path and time, the values `key` holds replace
    /// that key's, which keeps its curve (a value keyed from the inspector does not reset the
    /// curve of the other channel the key holds); otherwise it is added.
    pub fn merge_into(keys: &mut Vec<PathKeyRecord>, key: PathKeyRecord) {
        match keys
            .iter_mut()
            .find(|k| k.path == key.path && k.time == key.time)
        {
            Some(existing) => {
                existing.position = key.position.or(existing.position);
                existing.spacing = key.spacing.or(existing.spacing);
            }
            None => keys.push(key),
        }
    }
}

/// A clip's path keys, checked and sorted by path name, then time.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct PathKeys {
    keys: Vec<PathKeyRecord>,
}

impl PathKeys {
    /// Checks `records` of clip `clip` (`duration` s long): each within the clip, holding a finite
    /// value within ±[`MOST_PATH_VALUE`], an eased curve, no two of one path at one time.
    pub fn new(
        clip: &str,
        duration: f64,
        records: &[PathKeyRecord],
    ) -> Result<Self, AnimationError> {
        let bad = |key: &PathKeyRecord, problem: &str| AnimationError::BadKey {
            clip: clip.to_string(),
            what: format!("path \"{}\"", key.path),
            time: key.time,
            problem: problem.to_string(),
        };
        for key in records {
            if !(key.time.is_finite() && key.time >= 0.0 && key.time <= duration) {
                return Err(bad(key, "the time is not within the clip"));
            }
            let values: Vec<f64> = PathChannel::ALL.iter().filter_map(|c| c.of(key)).collect();
            if values.is_empty() {
                return Err(bad(key, "it keys neither the position nor the spacing"));
            }
            if values
                .iter()
                .any(|v| !v.is_finite() || v.abs() > MOST_PATH_VALUE)
            {
                return Err(bad(
                    key,
                    &format!("a value is not finite or beyond ±{MOST_PATH_VALUE}"),
                ));
            }
            if !key.interp.is_valid_eased() {
                return Err(bad(
                    key,
                    &format!(
                        "its interpolation is not finite, has a handle value beyond ±{MAX_HANDLE_VALUE}, or has handles in value offsets (bone channels only)"
                    ),
                ));
            }
        }
        let mut keys = records.to_vec();
        keys.sort_by(|a, b| a.path.cmp(&b.path).then(a.time.total_cmp(&b.time)));
        if let Some(w) = keys
            .windows(2)
            .find(|w| w[0].path == w[1].path && w[0].time == w[1].time)
        {
            return Err(bad(&w[1], "two keys of the path at this time"));
        }
        Ok(Self { keys })
    }

    /// Every key, sorted by path name, then time.
    pub fn all(&self) -> &[PathKeyRecord] {
        &self.keys
    }

    /// The keys of path `path` that hold `channel`, in time order.
    pub fn of<'a>(
        &'a self,
        path: &'a str,
        channel: PathChannel,
    ) -> impl Iterator<Item = &'a PathKeyRecord> {
        let start = self.keys.partition_point(|k| k.path.as_str() < path);
        self.keys[start..]
            .iter()
            .take_while(move |k| k.path == path)
            .filter(move |k| channel.of(k).is_some())
    }

    /// The keyed value of `channel` of path `path` at clip time `t`, if the clip keys it.
    pub fn sample(&self, path: &str, channel: PathChannel, t: f64) -> Option<f64> {
        let keys: Vec<ChannelKey<f64>> = self
            .of(path, channel)
            .filter_map(|k| channel.of(k).map(|v| (k.time, v, k.interp)))
            .collect();
        sample_channel(&keys, t, |a, b, u, i| a + (b - a) * i.ease(u))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(path: &str, time: f64, position: Option<f64>, spacing: Option<f64>) -> PathKeyRecord {
        PathKeyRecord {
            path: path.into(),
            time,
            position,
            spacing,
            interp: Interpolation::Named(super::super::curve::InterpolationName::Linear),
        }
    }

    #[test]
    fn each_channel_eases_between_its_own_keys_and_holds_outside_them() {
        let keys = PathKeys::new(
            "walk",
            2.0,
            &[
                key("rope", 1.0, Some(0.5), Some(4.0)),
                key("rope", 0.0, Some(0.1), None),
                key("other", 0.5, Some(9.0), None),
            ],
        )
        .unwrap();
        let position = |t| keys.sample("rope", PathChannel::Position, t);
        assert_eq!(position(0.0), Some(0.1));
        assert!((position(0.25).unwrap() - 0.2).abs() < 1e-12);
        assert_eq!(position(1.5), Some(0.5));
        // Spacing has one key: held all along.
        assert_eq!(keys.sample("rope", PathChannel::Spacing, 0.2), Some(4.0));
        assert_eq!(keys.sample("none", PathChannel::Spacing, 0.2), None);
        assert_eq!(keys.sample("other", PathChannel::Spacing, 0.2), None);
        assert_eq!(keys.all()[0].path, "other", "sorted by path");
    }

    #[test]
    fn bad_keys_are_refused_naming_the_path_and_the_problem() {
        let cases = [
            (key("rope", 3.0, Some(0.1), None), "not within the clip"),
            (key("rope", 0.5, None, None), "neither"),
            (key("rope", 0.5, Some(f64::NAN), None), "not finite"),
            (key("rope", 0.5, None, Some(2e6)), "beyond"),
        ];
        for (bad, problem) in cases {
            let error = PathKeys::new("walk", 2.0, &[bad]).unwrap_err().to_string();
            assert!(
                error.contains("path \"rope\"") && error.contains(problem),
                "{error}"
            );
        }
        let twice = [
            key("rope", 0.5, Some(0.1), None),
            key("rope", 0.5, None, Some(1.0)),
        ];
        let error = PathKeys::new("walk", 2.0, &twice).unwrap_err().to_string();
        assert!(error.contains("two keys"), "{error}");
    }

    #[test]
    fn a_merged_key_keeps_what_the_new_one_leaves_out() {
        let mut keys = vec![PathKeyRecord {
            interp: Interpolation::Bezier([0.3, 0.0, 0.7, 1.0]),
            ..key("rope", 0.5, Some(0.1), Some(3.0))
        }];
        PathKeyRecord::merge_into(&mut keys, key("rope", 0.5, Some(0.7), None));
        assert_eq!(
            keys[0].interp,
            Interpolation::Bezier([0.3, 0.0, 0.7, 1.0]),
            "the key keeps its curve"
        );
        PathKeyRecord::merge_into(&mut keys, key("rope", 0.9, None, Some(1.0)));
        assert_eq!(keys.len(), 2);
        assert_eq!((keys[0].position, keys[0].spacing), (Some(0.7), Some(3.0)));
    }

    #[test]
    fn a_rig_refuses_path_keys_of_a_constraint_that_is_not_a_path() {
        let rig = |keyed: &str| {
            crate::rig::parse_rig(&format!(
                r#"{{"bones": [
                    {{"name": "root", "parent": null, "head": [0, 0], "tail": [0, -10]}},
                    {{"name": "a", "parent": "root", "head": [0, -10], "tail": [10, -10]}}],
                  "paths": [{{"name": "rope", "bones": ["a"],
                             "path": {{"bone": "root", "points": [[0,-5],[0,-10],[5,-10],[15,-10],[20,-10],[25,-10]]}}}}],
                  "clips": [{{"name": "walk", "duration": 1, "paths": [
                    {{"path": "{keyed}", "time": 0.5, "position": 0.5}}]}}]}}"#
            ))
        };
        let ok = rig("rope").expect("a path key of the rope");
        assert_eq!(ok.clips[0].path_keys().all().len(), 1);
        let error = rig("a").unwrap_err().to_string();
        assert!(error.contains("not a path constraint"), "{error}");
    }
}
