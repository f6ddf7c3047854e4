//! The projects the glTF tests export: the bundled zombie rig, a rig with every kind of key but no
//! constraint, and the same with IK, a spring, a rotation limit, a transform constraint and keyed
//! mixes. All on the zombie sprite (96 × 128 px).

use std::path::{Path, PathBuf};

use limber::core::frame::Frame;
use limber::core::pose::PoseSolver;
use limber::core::project::Project;
use limber::core::skinning::{SkinningMode, skin};

use crate::common::{limber_ok, sprite, temp_dir};

pub const SPRITE: &str = "kenney_zombie_walk0.png";
pub const PART: &str = "kenney_zombie_walk0";

const BONES: &str = r#"
  {"name": "hip",    "parent": null,    "head": [46, 102], "tail": [46, 84]},
  {"name": "spine",  "parent": "hip",   "head": [46, 84],  "tail": [47, 72]},
  {"name": "head",   "parent": "spine", "head": [47, 72],  "tail": [50, 30]},
  {"name": "arm_l",  "parent": "spine", "head": [36, 82],  "tail": [16, 100]},
  {"name": "arm_r",  "parent": "spine", "head": [60, 82],  "tail": [68, 91]},
  {"name": "hand_r", "parent": "arm_r", "head": [68, 91],  "tail": [76, 100]},
  {"name": "leg_l",  "parent": "hip",   "head": [41, 104], "tail": [30, 122]},
  {"name": "leg_r",  "parent": "hip",   "head": [52, 104], "tail": [66, 120]},
  {"name": "goal",   "parent": null,    "head": [80, 96],  "tail": [80, 96], "deform": false}"#;

/// A clip with linear, stepped and Bézier keys on rotation, translation and scale, and deform keys;
/// goal's translation x is linear and y stepped (a curve per channel, format version 6).
const KEYS_CLIP: &str = r#"
  {"name": "keys", "duration": 1.0, "loop": false, "keys": [
    {"bone": "goal",  "time": 0.0,  "translate": [0, 0], "interp": {"translate": ["linear", "stepped"]}},
    {"bone": "goal",  "time": 1.0,  "translate": [-12, -18]},
    {"bone": "leg_l", "time": 0.0,  "rotate": 15, "interp": "linear"},
    {"bone": "leg_l", "time": 0.5,  "rotate": -15, "interp": "linear"},
    {"bone": "leg_l", "time": 1.0,  "rotate": 15},
    {"bone": "leg_r", "time": 0.0,  "rotate": -10, "scale": [1, 1], "interp": "stepped"},
    {"bone": "leg_r", "time": 0.35, "rotate": 10, "interp": "stepped"},
    {"bone": "leg_r", "time": 0.7,  "rotate": 0, "scale": [1.3, 0.8]},
    {"bone": "hip",   "time": 0.1,  "translate": [0, 0], "interp": "linear"},
    {"bone": "hip",   "time": 0.5,  "translate": [3, -4], "interp": "stepped"},
    {"bone": "hip",   "time": 0.8,  "translate": [-2, 1]},
    {"bone": "arm_r", "time": 0.0,  "rotate": 0, "interp": "linear"},
    {"bone": "arm_r", "time": 0.6,  "rotate": 40},
    {"bone": "hand_r","time": 0.2,  "rotate": 10, "interp": "linear"},
    {"bone": "hand_r","time": 0.9,  "rotate": -20},
    {"bone": "arm_l", "time": 0.2,  "rotate": 170, "interp": "linear"},
    {"bone": "arm_l", "time": 0.9,  "rotate": -170}
  ],
  "parts": [
    {"part": "kenney_zombie_walk0", "time": 0.2, "deform": {"vertices": [0, 1, 2], "offsets": [[3, -1], [0, 2], [-2, -2]]}},
    {"part": "kenney_zombie_walk0", "time": 0.8, "deform": {"vertices": [1, 3], "offsets": [[4, 4], [1, -3]]}}
  ]}"#;

/// A clip whose Bézier keys are resampled; spine's first scale key eases x and steps y; hip's
/// rotation and translation hold still between two equal keys but bump by handles in value offsets
/// (version 7; y's offsets flip in Spine's y-up terms).
const EASED_CLIP: &str = r#"
  {"name": "eased", "duration": 0.8, "loop": true, "keys": [
    {"bone": "head",  "time": 0.0, "rotate": -8, "interp": "bezier"},
    {"bone": "head",  "time": 0.4, "rotate": 8, "interp": [0.25, 0.1, 0.25, 1.0]},
    {"bone": "head",  "time": 0.8, "rotate": -8},
    {"bone": "spine", "time": 0.0, "scale": [1, 1], "interp": {"scale": ["bezier", "stepped"]}},
    {"bone": "spine", "time": 0.4, "scale": [1.1, 0.95], "interp": "bezier"},
    {"bone": "spine", "time": 0.8, "scale": [1, 1]},
    {"bone": "hip",   "time": 0.1, "rotate": 5, "translate": [2, 2], "interp": {
      "rotate": {"handles": [0.3, 20, 0.7, -10]},
      "translate": [{"handles": [0.2, 6, 0.8, 6]}, {"handles": [0.25, 5, 0.75, -3]}]}},
    {"bone": "hip",   "time": 0.7, "rotate": 5, "translate": [2, 2]}
  ]}"#;

const CONSTRAINTS: &str = r#"
  "ik": [{"name": "reach", "bones": ["arm_r", "hand_r"], "target": "goal", "bend": 1}],
  "springs": [{"bone": "head", "frequency": 3, "damping": 0.4, "mix": 0.7}],
  "look_at": [{"name": "watch", "bone": "head", "target": "goal", "mix": 0.5}],
  "child_of": [{"name": "carry", "bone": "leg_r", "target": "hand_r", "mix": 0}],
  "limits": [{"bone": "leg_l", "min": -8, "max": 8}],
  "transforms": [{"name": "follow", "bone": "arm_l", "source": "hand_r", "rotate_mix": 0.3, "translate_mix": 0, "scale_mix": 0.4}],"#;

const MIX_KEYS: &str = r#", "constraints": [
    {"constraint": "reach", "time": 0.0, "mix": 0.2},
    {"constraint": "reach", "time": 1.0, "mix": 1.0},
    {"constraint": "carry", "time": 0.3, "mix": 0.0, "interp": "linear"},
    {"constraint": "carry", "time": 0.6, "mix": 1.0}]}"#;

/// Look-at constraints, which Spine's one-bone IK evaluates live: the head and the left arm, both
/// aiming at `goal`.
const LIVE_CONSTRAINTS: &str = r#"
  "look_at": [{"name": "watch", "bone": "head", "target": "goal", "mix": 0.7},
              {"name": "point", "bone": "arm_l", "target": "goal", "mix": 0.6}],"#;

const LIVE_MIX_KEYS: &str = r#", "constraints": [
    {"constraint": "watch", "time": 0.0, "mix": 0.0, "interp": [0.25, 0.1, 0.25, 1.0]},
    {"constraint": "watch", "time": 0.8, "mix": 1.0},
    {"constraint": "point", "time": 0.3, "mix": 1.0, "interp": "linear"},
    {"constraint": "point", "time": 0.9, "mix": 0.2}]}"#;

/// Transform constraints that Spine evaluates live: `copy` moves leg_l halfway to leg_r's rotation
/// turned 20° more, 30 % (x) and 20 % (y) of the way to a point 4 px along leg_r and 3 px across it,
/// and 60 % (along) and 40 % (across) to its scale (which `keys` keys) plus 0.1 and −0.2 (format
/// version 8), and half way to leg_r's shear plus 25° (version 13); `lean` turns the head with arm_r,
/// its mix keyed; `sway` (local, absolute, on an added `tuft` bone), `drift` (world, relative) and
/// `wag` (local, relative, on an added `tail` bone) are Spine's other modes, each with a shear mix
/// and, but for `wag`, a shear offset.
const LIVE_TRANSFORMS: &str = r#"
  "transforms": [{"name": "copy", "bone": "leg_l", "source": "leg_r", "rotate_mix": 0.5, "translate_mix": 0.3,
                  "translate_mix_y": 0.2, "scale_mix": 0.6, "scale_mix_y": 0.4, "shear_mix": 0.5,
                  "offsets": {"rotate": 20, "translate": [4, -3], "scale": [0.1, -0.2], "shear": 25}},
                 {"name": "lean", "bone": "head", "source": "arm_r", "rotate_mix": 1, "translate_mix": 0},
                 {"name": "sway", "bone": "tuft", "source": "leg_r", "local": true, "rotate_mix": 0.4,
                  "translate_mix": 0.3, "scale_mix": 0.5, "shear_mix": 0.6, "offsets": {"rotate": 10, "translate": [2, 1], "scale": [0.1, 0], "shear": -15}},
                 {"name": "drift", "bone": "hand_r", "source": "goal", "relative": true, "rotate_mix": 0.3,
                  "translate_mix": 0.05, "translate_mix_y": 0.08, "scale_mix": 0.2, "shear_mix": 0.7, "offsets": {"rotate": 15, "scale": [0.5, 0.2], "shear": 12}},
                 {"name": "wag", "bone": "tail", "source": "leg_r", "local": true, "relative": true,
                  "rotate_mix": 0.5, "translate_mix": 0.1, "scale_mix": 0.3, "shear_mix": 0.4, "offsets": {"translate": [1, -2]}}],"#;

/// Bones for the local constraints, hanging from the hip.
const TAIL_BONE: &str = r#"
  {"name": "tail",   "parent": "hip",   "head": [46, 106], "tail": [48, 126]},
  {"name": "tuft",   "parent": "hip",   "head": [44, 96],  "tail": [38, 90]}"#;

const TRANSFORM_MIX_KEYS: &str = r#", "constraints": [
    {"constraint": "lean", "time": 0.0, "mix": 0.0, "interp": [0.25, 0.1, 0.25, 1.0]},
    {"constraint": "lean", "time": 0.7, "mix": 0.8, "interp": "linear"},
    {"constraint": "lean", "time": 1.0, "mix": 0.3}]}"#;

/// Physics constraints (format version 10), written live to Spine: `swing` turns leg_l under gravity
/// and shears its x axis further (`shear_x`, version 13), `wobble` moves the tail in x and y, turns
/// and stretches it, in wind and gravity, at 120 steps per second (so the schedule steps at 1/120 s
/// and the others integrate every other update), and `bob` moves the tuft up and down and shears
/// it without turning it, its push limited to 300 px/s; above them all, the hip turns
/// toward `goal` (a look-at, live in Spine too: physics runs after it in both).
const PHYSICS: &str = r#"
  "physics": [{"name": "swing", "bone": "leg_l", "rotate": 1, "shear_x": 0.6, "strength": 60, "damping": 0.85, "gravity": 40},
              {"name": "wobble", "bone": "tail", "x": 1, "y": 0.7, "rotate": 0.8, "scale_x": 0.5,
               "inertia": 0.9, "strength": 150, "damping": 0.9, "mass": 1.5, "wind": 3, "gravity": 5,
               "fps": 120, "mix": 0.9},
              {"name": "bob", "bone": "tuft", "y": 1, "shear_x": 0.5, "limit": 300, "strength": 200, "damping": 0.8}],
  "look_at": [{"name": "watch", "bone": "hip", "target": "goal", "mix": 0.3}],"#;

/// `wobble`'s mix eased in from 0.3 (linear), `bob` off (mix 0: Spine leaves it alone, its clock
/// too) until a stepped key turns it on at 0.43 s. Spine keeps key times as 32-bit floats, so a key
/// exactly on an update of the schedule (0.4 s = 48 steps of 1/120 s) may turn the mix one update
/// later than limber's: the step is kept off the grid.
const PHYSICS_MIX_KEYS: &str = r#", "constraints": [
    {"constraint": "wobble", "time": 0.2, "mix": 0.3, "interp": "linear"},
    {"constraint": "wobble", "time": 0.7, "mix": 1.0},
    {"constraint": "bob", "time": 0.0, "mix": 0.0, "interp": "stepped"},
    {"constraint": "bob", "time": 0.43, "mix": 1.0}]}"#;

/// The zombie's bones with every inheritance mode (format version 11): the head keeps its own
/// scale, the left arm takes only its position, the right hand takes no rotation or reflection, the
/// right leg no scale or reflection.
const INHERIT_BONES: &str = r#"
  {"name": "hip",    "parent": null,    "head": [46, 102], "tail": [46, 84]},
  {"name": "spine",  "parent": "hip",   "head": [46, 84],  "tail": [47, 72]},
  {"name": "head",   "parent": "spine", "head": [47, 72],  "tail": [50, 30], "inherit": "noScale"},
  {"name": "arm_l",  "parent": "spine", "head": [36, 82],  "tail": [16, 100], "inherit": "onlyTranslation"},
  {"name": "arm_r",  "parent": "spine", "head": [60, 82],  "tail": [68, 91]},
  {"name": "hand_r", "parent": "arm_r", "head": [68, 91],  "tail": [76, 100], "inherit": "noRotationOrReflection"},
  {"name": "leg_l",  "parent": "hip",   "head": [41, 104], "tail": [30, 122]},
  {"name": "leg_r",  "parent": "hip",   "head": [52, 104], "tail": [66, 120], "inherit": "noScaleOrReflection"},
  {"name": "goal",   "parent": null,    "head": [80, 96],  "tail": [80, 96], "deform": false}"#;

/// Shear keys (format version 11) on a spine that also scales unevenly and a hip that turns and,
/// from 0.5 s, is mirrored (a stepped scale of −1.1 along it), so every inheritance mode below
/// them has something to leave out; arm_r's shear x eases and its y is linear (a curve per
/// channel); leg_l, sheared, has a look-at that is switched off and baked in this clip. arm_r is
/// keyed to take neither scale nor reflection from 0.3 s to 0.7 s, while the hip is mirrored, and
/// the head to take position only from 0.45 s (format version 14).
const SHEAR_CLIP: &str = r#"
  {"name": "shear", "duration": 1.0, "loop": false, "keys": [
    {"bone": "hip",    "time": 0.0, "rotate": 0, "scale": [1, 1], "interp": {"rotate": "linear", "scale": ["stepped", "stepped"]}},
    {"bone": "hip",    "time": 0.5, "scale": [-1.1, 1]},
    {"bone": "hip",    "time": 1.0, "rotate": 20},
    {"bone": "spine",  "time": 0.0, "scale": [1, 1], "shear": [0, 0], "interp": {"scale": ["linear", "linear"], "shear": ["bezier", "linear"]}},
    {"bone": "spine",  "time": 0.5, "scale": [1.4, 0.7]},
    {"bone": "spine",  "time": 0.6, "shear": [15, -10], "interp": "linear"},
    {"bone": "spine",  "time": 1.0, "scale": [0.8, 1.2], "shear": [-5, 20]},
    {"bone": "arm_r",  "time": 0.0, "rotate": 0, "shear": [0, 0], "interp": {"rotate": "linear", "shear": [[0.25, 0.1, 0.25, 1.0], "linear"]}},
    {"bone": "arm_r",  "time": 0.8, "rotate": 30, "shear": [25, -15]},
    {"bone": "arm_r",  "time": 0.3, "inherit": "noScaleOrReflection"},
    {"bone": "arm_r",  "time": 0.7, "inherit": "normal"},
    {"bone": "head",   "time": 0.45, "inherit": "onlyTranslation"},
    {"bone": "hand_r", "time": 0.1, "rotate": 10, "interp": "linear"},
    {"bone": "hand_r", "time": 0.9, "rotate": -30},
    {"bone": "head",   "time": 0.0, "rotate": -8, "interp": "linear"},
    {"bone": "head",   "time": 1.0, "rotate": 8},
    {"bone": "arm_l",  "time": 0.0, "rotate": 0, "interp": "linear"},
    {"bone": "arm_l",  "time": 1.0, "rotate": 40},
    {"bone": "leg_r",  "time": 0.0, "scale": [1, 1], "interp": "linear"},
    {"bone": "leg_r",  "time": 1.0, "scale": [1.2, 0.9]},
    {"bone": "leg_l",  "time": 0.0, "shear": [0, 0], "interp": "linear"},
    {"bone": "leg_l",  "time": 1.0, "shear": [20, 0]},
    {"bone": "goal",   "time": 0.0, "translate": [0, 0], "interp": "linear"},
    {"bone": "goal",   "time": 1.0, "translate": [-20, 10]}
  ]}"#;

/// A look-at on leg_l (live in `keys`, switched off and baked in `shear`, which shears leg_l).
const SHEAR_CONSTRAINTS: &str = r#"
  "look_at": [{"name": "kick", "bone": "leg_l", "target": "goal", "mix": 0.5}],"#;

/// `squash` moves the spine's world scale 60 % (along) and 30 % (across) toward leg_r's, which
/// `keys` scales unevenly; `reach` and `aim` hang below it.
const SCALED_ABOVE: &str = r#"
  "transforms": [{"name": "squash", "bone": "spine", "source": "leg_r", "rotate_mix": 0, "translate_mix": 0,
                  "scale_mix": 0.6, "scale_mix_y": 0.3}],
  "ik": [{"name": "reach", "bones": ["arm_r", "hand_r"], "target": "goal", "bend": 1}],
  "look_at": [{"name": "aim", "bone": "head", "target": "goal", "mix": 0.7}],"#;

/// A second target for the one-bone chain.
const REACH_BONES: &str = r#"
  {"name": "near",   "parent": null,    "head": [20, 70],  "tail": [20, 70], "deform": false}"#;

/// IK as Spine 4.2 has it: `nod` stretches spine > head uniformly toward `goal` (listed first, as it
/// scales the other chains' parent), `reach` eases arm_r > hand_r into full reach over 4 px, `squash`
/// aims arm_l at `near`, compressing and stretching it (along its length only), at mix 0.8.
const REACH_CONSTRAINTS: &str = r#"
  "ik": [{"name": "nod", "bones": ["spine", "head"], "target": "goal", "bend": -1, "stretch": true, "uniform": true},
         {"name": "reach", "bones": ["arm_r", "hand_r"], "target": "goal", "bend": 1, "softness": 4},
         {"name": "squash", "bones": ["arm_l"], "target": "near", "mix": 0.8, "compress": true, "stretch": true}],"#;

/// Targets swept in and out of reach, `goal` last straight out from the spine's head (linearly:
/// near full reach a chain turns fast, and it would magnify the small flattening error of a
/// target's Bézier key in Spine; and a target passing round a chain's root would swing it faster
/// than the glTF check's straight lines between 30 fps samples follow); `reach`'s mix keyed
/// (Bézier, then linear).
const REACH_CLIP: &str = r#"
  {"name": "reach", "duration": 1.0, "loop": false, "keys": [
    {"bone": "goal", "time": 0.0, "translate": [0, 0], "interp": "linear"},
    {"bone": "goal", "time": 0.5, "translate": [-22, -28], "interp": "linear"},
    {"bone": "goal", "time": 1.0, "translate": [14, -76]},
    {"bone": "near", "time": 0.0, "translate": [0, 0], "interp": "linear"},
    {"bone": "near", "time": 0.6, "translate": [40, 10], "interp": "linear"},
    {"bone": "near", "time": 1.0, "translate": [-10, -5]},
    {"bone": "hip",  "time": 0.0, "rotate": 0, "interp": "linear"},
    {"bone": "hip",  "time": 1.0, "rotate": 12}
  ],
  "constraints": [
    {"constraint": "reach", "time": 0.1, "mix": 0.3, "interp": [0.25, 0.1, 0.25, 1.0]},
    {"constraint": "reach", "time": 0.6, "mix": 1.0, "interp": "linear"},
    {"constraint": "reach", "time": 0.9, "mix": 0.5}]}"#;

/// A tail of three bones hanging from the hip, for the path constraints.
const PATH_BONES: &str = r#"
  {"name": "tail_1", "parent": "hip",    "head": [46, 106], "tail": [48, 113]},
  {"name": "tail_2", "parent": "tail_1", "head": [48, 113], "tail": [50, 119]},
  {"name": "tail_3", "parent": "tail_2", "head": [50, 119], "tail": [52, 126]}"#;

/// Path constraints (format version 12), written live to Spine: `rope` lays the tail on a curve
/// the hip carries, stretching each bone to a fixed spacing (chainScale); `reach` lays arm_r and
/// hand_r on a curve the spine carries, part-mixed (chain mode, each bone from the last one's
/// turned tip); `lean` turns the head along a closed loop that `goal` carries (tangent, an offset
/// of 20°, a fixed position).
const PATHS: &str = r#"
  "paths": [
    {"name": "rope", "bones": ["tail_1", "tail_2", "tail_3"], "rotate_mode": "chainScale",
     "spacing_mode": "fixed", "spacing": 8, "position": 0.05,
     "path": {"bone": "hip", "points": [[44, 100], [46, 106], [50, 110], [54, 112], [58, 116], [60, 120],
                                         [60, 122], [62, 128], [64, 134]]}},
    {"name": "reach", "bones": ["arm_r", "hand_r"], "rotate_mode": "chain", "mix_rotate": 0.8,
     "mix_x": 0.6, "mix_y": 0.5,
     "path": {"bone": "spine", "points": [[56, 80], [60, 82], [66, 84], [70, 88], [76, 92], [80, 98]]}},
    {"name": "lean", "bones": ["head"], "rotation": 20, "position_mode": "fixed", "position": 12,
     "spacing_mode": "percent",
     "path": {"bone": "goal", "closed": true, "points": [[60, 66], [60, 72], [60, 78], [66, 84], [72, 84],
                                                          [78, 84], [84, 78], [84, 72], [84, 66], [78, 60],
                                                          [72, 60], [66, 60]]}}],"#;

/// `rope`'s mix keyed; its position (a share of the path) eased along and its spacing stepped
/// (format version 13), and `lean`'s position (pixels along its loop) keyed from 0.1 s.
const PATH_MIX_KEYS: &str = r#", "constraints": [
    {"constraint": "rope", "time": 0.0, "mix": 0.2, "interp": "linear"},
    {"constraint": "rope", "time": 0.5, "mix": 1.0, "interp": [0.25, 0.1, 0.25, 1.0]},
    {"constraint": "rope", "time": 0.9, "mix": 0.6}],
  "paths": [
    {"path": "rope", "time": 0.0, "position": 0.05, "interp": "linear"},
    {"path": "rope", "time": 0.3, "spacing": 6, "interp": "stepped"},
    {"path": "rope", "time": 0.6, "position": 0.3, "spacing": 11, "interp": [0.25, 0.1, 0.25, 1.0]},
    {"path": "rope", "time": 0.9, "position": 0.1},
    {"path": "lean", "time": 0.1, "position": 12, "interp": "bezier"},
    {"path": "lean", "time": 0.8, "position": 40}]}"#;

/// Which project.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// `assets/rigs/kenney_zombie_walk0.json` as bundled (clips `shamble`, `wave`).
    Zombie,
    /// Keys of every interpolation, deform keys; no constraint (clips `keys`, `eased`).
    Keys,
    /// `Keys` plus IK, a spring, a limit, a transform, a look-at and a child-of constraint and keyed
    /// mixes.
    Constrained,
    /// `Keys` plus two look-at constraints (written live to Spine) with keyed mixes.
    LiveIk,
    /// `Keys` plus IK that reaches as Spine's does (format version 8): a stretching, uniform
    /// two-bone chain (spine > head), a soft two-bone chain (arm_r > hand_r) and a one-bone chain
    /// that compresses and stretches (arm_l), and a clip, `reach`, that sweeps their targets in and
    /// out of reach (clips `keys`, `reach`: `eased` scales the chains' parent, which switches them
    /// off and bakes them, and a baked chain that passes full reach turns too fast between samples
    /// for linear keys to stay within 0.01 px).
    IkReach,
    /// `Keys` plus five transform constraints (written live to Spine), one per Spine mode and a
    /// keyed mix: leg_l copying leg_r's rotation, head and scale in part, the head turning with
    /// arm_r under a keyed mix, and the local, relative and local relative modes.
    LiveTransform,
    /// `Keys` plus three physics constraints (written live to Spine) on bones whose ancestors move
    /// but do not scale: leg_l, and the added tail and tuft; two of their mixes keyed in `keys`.
    Physics,
    /// The zombie's bones with every inheritance mode, `keys` and a clip of shear keys under
    /// uneven scale and a mirrored hip, and a look-at (clips `keys`, `shear`).
    Shear,
    /// `Keys` plus a three-bone tail and three path constraints (written live to Spine), the
    /// tail's mix keyed in `keys`; `eased` scales the spine, which switches `reach` and `lean` off.
    Path,
    /// `Keys` plus a transform constraint that scales the spine unevenly toward leg_r's scale
    /// (which `keys` keys), with a two-bone IK chain (arm_r > hand_r) and a look-at (the head)
    /// below it: limber's IK and look-at assume uniform scale above them, Spine's do not.
    ScaledAbove,
}

fn rig_json(kind: Kind) -> String {
    let keys_clip = match kind {
        Kind::Constrained => KEYS_CLIP.trim_end().trim_end_matches('}').to_string() + MIX_KEYS,
        Kind::LiveIk => KEYS_CLIP.trim_end().trim_end_matches('}').to_string() + LIVE_MIX_KEYS,
        Kind::LiveTransform => {
            KEYS_CLIP.trim_end().trim_end_matches('}').to_string() + TRANSFORM_MIX_KEYS
        }
        Kind::Physics => KEYS_CLIP.trim_end().trim_end_matches('}').to_string() + PHYSICS_MIX_KEYS,
        Kind::Path => KEYS_CLIP.trim_end().trim_end_matches('}').to_string() + PATH_MIX_KEYS,
        _ => KEYS_CLIP.to_string(),
    };
    let constraints = match kind {
        Kind::Constrained => CONSTRAINTS,
        Kind::LiveIk => LIVE_CONSTRAINTS,
        Kind::IkReach => REACH_CONSTRAINTS,
        Kind::LiveTransform => LIVE_TRANSFORMS,
        Kind::Physics => PHYSICS,
        Kind::Shear => SHEAR_CONSTRAINTS,
        Kind::Path => PATHS,
        Kind::ScaledAbove => SCALED_ABOVE,
        _ => "",
    };
    let (bones, clips) = match kind {
        Kind::IkReach => (format!("{BONES},{REACH_BONES}"), REACH_CLIP),
        Kind::Shear => (INHERIT_BONES.to_string(), SHEAR_CLIP),
        Kind::LiveTransform | Kind::Physics => (format!("{BONES},{TAIL_BONE}"), EASED_CLIP),
        Kind::Path => (format!("{BONES},{PATH_BONES}"), EASED_CLIP),
        _ => (BONES.to_string(), EASED_CLIP),
    };
    format!("{{\"bones\": [{bones}],{constraints}\n\"clips\": [{keys_clip}, {clips}]}}")
}

/// Makes the project with `limber new` in a fresh folder named after `name`; returns its path.
pub fn make(kind: Kind, name: &str) -> PathBuf {
    let dir = temp_dir(name);
    let rig = match kind {
        Kind::Zombie => {
            Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/rigs/kenney_zombie_walk0.json")
        }
        _ => {
            let path = dir.join("rig.json");
            std::fs::write(&path, rig_json(kind)).expect("rig written");
            path
        }
    };
    let project = dir.join("project.limber");
    let s = |p: &Path| p.to_str().expect("UTF-8 path").to_string();
    limber_ok(&[
        "new",
        &s(&sprite(SPRITE)),
        "--rig",
        &s(&rig),
        "-o",
        &s(&project),
    ]);
    project
}

/// Exports `project` to `out` with `limber export`, plus any extra arguments.
pub fn export(project: &Path, out: &Path, extra: &[&str]) {
    let s = |p: &Path| p.to_str().expect("UTF-8 path").to_string();
    let mut args = vec!["export".to_string(), s(project), "--gltf".into(), s(out)];
    args.extend(extra.iter().map(|a| a.to_string()));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    limber_ok(&args);
}

/// limber's own skinned positions (image pixels, CPU f64, linear blend) of every part at time `t` of
/// `clip`, by part name, with each part's draw order.
pub fn cpu_positions(project: &Project, clip: &str, t: f64) -> Vec<(String, i32, Vec<[f64; 2]>)> {
    let solver = PoseSolver::new(&project.rig.skeleton).expect("valid skeleton");
    let clip = project.clip(clip).expect("clip exists");
    let frame = Frame::sample(project, &solver, Some(clip), t);
    frame
        .parts
        .iter()
        .map(|state| {
            let part = &project.parts[state.part];
            let positions = skin(
                &state.rest,
                &part.binding,
                &frame.palette,
                SkinningMode::LinearBlend,
            );
            (part.name.clone(), state.draw_order, positions)
        })
        .collect()
}
