//! Why an IK constraint, rotation limit, transform, look-at or child-of constraint, spring or constraint mix key was
//! refused when a rig was validated.

use thiserror::Error;

/// A constraint that does not fit its skeleton or has out-of-range settings.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum ConstraintError {
    /// `owner` says which constraint, in words ("IK \"reach\"", "a spring").
    #[error("{owner} names unknown bone \"{bone}\"")]
    UnknownBone { owner: String, bone: String },
    #[error("the rotation limit of \"{bone}\" needs finite min ≤ max")]
    BadLimit { bone: String },
    #[error("transform constraint \"{name}\" needs two different bones and mixes from 0 to 1")]
    BadTransform { name: String },
    #[error(
        "{kind} \"{name}\" needs two different bones, a mix from 0 to 1 and (child-of only) an invertible inverse"
    )]
    BadFollow { kind: &'static str, name: String },
    #[error("two constraints are named \"{name}\"; clips key mixes by name, so names must differ")]
    DuplicateName { name: String },
    #[error("IK \"{name}\" needs a chain of at least one bone")]
    ShortChain { name: String },
    #[error("IK \"{name}\": each bone of the chain must be the parent of the next")]
    BrokenChain { name: String },
    #[error("IK \"{name}\": the target cannot be one of the chain's bones")]
    TargetInChain { name: String },
    #[error("IK \"{name}\" has an out-of-range bend, mix, softness, tolerance or iteration count")]
    BadIkSettings { name: String },
    #[error(
        "IK \"{name}\": {setting} does not apply to a chain of {bones} bones (softness: two bones; stretch: one or two; compress: one)"
    )]
    SettingNotForChain {
        name: String,
        setting: &'static str,
        bones: usize,
    },
    #[error(
        "the spring of \"{bone}\" needs a frequency of 0.05–60 Hz, a damping of 0.01–10 and a mix from 0 to 1"
    )]
    BadSpring { bone: String },
    #[error(
        "physics \"{name}\" needs shares and mixes from 0 to 1, inertia and damping from 0 to 1, a strength of 0–10000, a mass of 0.001–1000, wind and gravity within ±10000, a limit of 0–1000000 and 1–240 steps per second"
    )]
    BadPhysics { name: String },
    #[error("path \"{name}\": {why}")]
    BadPath { name: String, why: &'static str },
    #[error(
        "{owner} moves \"{bone}\", which takes {what} of its parent: constraints, springs and physics move only bones that inherit everything (set its inheritance to normal)"
    )]
    PartlyInherited {
        owner: String,
        bone: String,
        what: &'static str,
    },
    #[error(
        "clip \"{clip}\" keys \"{bone}\" to take {what} of its parent, but {owner} moves it: constraints, springs and physics move only bones that inherit everything (remove that inheritance key)"
    )]
    KeyedPartlyInherited {
        clip: String,
        owner: String,
        bone: String,
        what: &'static str,
    },
    #[error(
        "clip \"{clip}\" keys the mix of \"{name}\", which is not an IK, transform, look-at, child-of, path or physics constraint"
    )]
    UnknownMixTarget { clip: String, name: String },
    #[error(
        "clip \"{clip}\" keys the position or spacing of \"{name}\", which is not a path constraint"
    )]
    UnknownPathKeyTarget { clip: String, name: String },
}
