//! How a path constraint moves its bones, computed as spine-core 4.2's `PathConstraint.update`
//! does, in Spine's frame ([`super::spine_world`]):
//!
//! 1. Each bone's *space* — how far along the path it sits after the one before — from the spacing
//!    mode and the bones' lengths as posed (a bone's setup length times its world scale).
//! 2. The places on the path ([`super::path_curve`]), the path's points moved with its bone.
//! 3. Each bone in list order: its head moves toward its place by the x and y mixes; with
//!    `chainScale` it stretches toward the next place; it turns toward the next place (`chain`) or
//!    along the curve (`tangent`), plus the rotation offset, by the rotate mix. In `chain` mode
//!    without an offset, the next bone starts at this one's turned tip (so the chain keeps its
//!    lengths).
//!
//! All bones are moved from where they were before the constraint (the runtime does not update a
//! constrained bone from its constrained parent), and each result is written back as the bone's
//! own offsets, parents first, so their children follow — shear included where a stretched parent
//! makes one, so each bone reaches its place exactly.

use glam::{DAffine2, DVec2};

use super::clip::Clip;
use super::path::{PathConstraint, RotateMode, SpacingMode};
use super::path_curve::{Walk, places};
use super::path_keys::PathChannel;
use super::spine_world::{SpineWorld, from_spine, offset_reaching_exactly, to_spine};
use crate::pose::{Pose, PoseSolver};
use crate::skeleton::Skeleton;

/// spine-core's π (written to eight digits), which its angle wrap and degree conversion use.
#[allow(clippy::approx_constant)] // Spine's rounded π on purpose, not std's.
const SPINE_PI: f64 = 3.1415927;
/// Bones shorter than this have no length to space by (the runtime's epsilon).
const EPSILON: f64 = 0.00001;

/// Every path constraint in list order, each one's three mixes scaled by the mix `keyed(name)`
/// gives (a clip's mix key), when it gives one.
pub fn apply_paths(
    solver: &PoseSolver,
    skeleton: &Skeleton,
    pose: &mut Pose,
    paths: &[PathConstraint],
    keyed: impl Fn(&str) -> KeyedPath,
) {
    for path in paths {
        apply_path(solver, skeleton, pose, path, keyed(&path.name));
    }
}

/// What a clip keys of one path constraint at one time: the mix that scales its three (1 when
/// unkeyed), and a position and a spacing that replace its own.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct KeyedPath {
    pub mix: f64,
    pub position: Option<f64>,
    pub spacing: Option<f64>,
}

impl Default for KeyedPath {
    fn default() -> Self {
        Self {
            mix: 1.0,
            position: None,
            spacing: None,
        }
    }
}

/// What `clip` keys of each path constraint at `t`, for [`apply_paths`].
pub fn keyed_path_values(clip: &Clip, t: f64) -> impl Fn(&str) -> KeyedPath + '_ {
    move |name| KeyedPath {
        mix: clip.sample_mix(name, t).unwrap_or(1.0),
        position: clip.sample_path(name, PathChannel::Position, t),
        spacing: clip.sample_path(name, PathChannel::Spacing, t),
    }
}

/// The world points of the path (Spine's frame): its rest points moved with its bone.
pub fn path_points_in_world(
    solver: &PoseSolver,
    world: &[DAffine2],
    path: &PathConstraint,
) -> Vec<[f64; 2]> {
    let moved = solver
        .palette_of(world, path.path_bone)
        .unwrap_or(DAffine2::IDENTITY);
    path.points
        .iter()
        .map(|p| {
            let w = moved.transform_point2(DVec2::from(*p));
            [w.x, -w.y]
        })
        .collect()
}

/// One path constraint, its three mixes scaled by the keyed mix and its position and spacing
/// replaced by keyed ones ([`KeyedPath::default`]: its own settings).
pub fn apply_path(
    solver: &PoseSolver,
    skeleton: &Skeleton,
    pose: &mut Pose,
    path: &PathConstraint,
    keyed: KeyedPath,
) {
    let mut settings = path.settings;
    settings.mix_rotate *= keyed.mix;
    settings.mix_x *= keyed.mix;
    settings.mix_y *= keyed.mix;
    settings.position = keyed.position.unwrap_or(settings.position);
    settings.spacing = keyed.spacing.unwrap_or(settings.spacing);
    let s = &settings;
    if s.mix_rotate == 0.0 && s.mix_x == 0.0 && s.mix_y == 0.0 {
        return;
    }
    let world = solver.world(pose);
    let mut bones: Vec<SpineWorld> = path.bones.iter().map(|&b| to_spine(&world[b])).collect();
    let setup: Vec<f64> = path
        .bones
        .iter()
        .map(|&b| skeleton.bones[b].length())
        .collect();
    let tangents = s.rotate_mode == RotateMode::Tangent;
    let scale = s.rotate_mode == RotateMode::ChainScale;
    let count = bones.len();
    let spaces_count = if tangents { count } else { count + 1 };
    let mut spaces = vec![0.0; spaces_count];
    let mut lengths = vec![0.0; count];
    let posed = |i: usize| {
        let (x, y) = (setup[i] * bones[i].a, setup[i] * bones[i].c);
        (x * x + y * y).sqrt()
    };
    match s.spacing_mode {
        SpacingMode::Percent => {
            for i in 0..spaces_count - 1 {
                if scale {
                    lengths[i] = posed(i);
                }
                spaces[i + 1] = s.spacing;
            }
        }
        SpacingMode::Proportional => {
            let mut sum = 0.0;
            for i in 0..spaces_count - 1 {
                if setup[i] < EPSILON {
                    spaces[i + 1] = s.spacing;
                } else {
                    let length = posed(i);
                    lengths[i] = length;
                    spaces[i + 1] = length;
                    sum += length;
                }
            }
            if sum > 0.0 {
                let share = spaces_count as f64 / sum * s.spacing;
                spaces.iter_mut().skip(1).for_each(|v| *v *= share);
            }
        }
        SpacingMode::Length | SpacingMode::Fixed => {
            for i in 0..spaces_count - 1 {
                if setup[i] < EPSILON {
                    spaces[i + 1] = s.spacing;
                } else {
                    let length = posed(i);
                    lengths[i] = length;
                    let own = if s.spacing_mode == SpacingMode::Length {
                        setup[i] + s.spacing
                    } else {
                        s.spacing
                    };
                    spaces[i + 1] = own * length / setup[i];
                }
            }
        }
    }
    let points = path_points_in_world(solver, &world, path);
    let walk = Walk {
        spaces: &spaces,
        position: s.position,
        position_mode: s.position_mode,
        spacing_mode: s.spacing_mode,
        tangents,
    };
    let placed = places(&points, path.closed, &walk);
    let (mut tip, mut offset_rotation) = (false, s.rotation);
    if offset_rotation == 0.0 {
        tip = s.rotate_mode == RotateMode::Chain;
    } else {
        let carrier = to_spine(&world[path.path_bone]);
        let mirrored = carrier.a * carrier.d - carrier.b * carrier.c <= 0.0;
        offset_rotation *= SPINE_PI / 180.0 * if mirrored { -1.0 } else { 1.0 };
    }
    let (mut bone_x, mut bone_y) = (placed[0].x, placed[0].y);
    for i in 0..count {
        let bone = &mut bones[i];
        bone.x += (bone_x - bone.x) * s.mix_x;
        bone.y += (bone_y - bone.y) * s.mix_y;
        // In tangent mode there is no place after the last bone: nothing reads it.
        let next = placed.get(i + 1).copied().unwrap_or_default();
        let (dx, dy) = (next.x - bone_x, next.y - bone_y);
        if scale && lengths[i] != 0.0 {
            let stretch = ((dx * dx + dy * dy).sqrt() / lengths[i] - 1.0) * s.mix_rotate + 1.0;
            bone.a *= stretch;
            bone.c *= stretch;
        }
        bone_x = next.x;
        bone_y = next.y;
        if s.mix_rotate > 0.0 {
            let (a, b, c, d) = (bone.a, bone.b, bone.c, bone.d);
            let mut r = if tangents {
                placed[i].angle
            } else if spaces[i + 1] == 0.0 {
                next.angle
            } else {
                dy.atan2(dx)
            };
            r -= c.atan2(a);
            if tip {
                let (sin, cos) = r.sin_cos();
                let length = setup[i];
                bone_x += (length * (cos * a - sin * c) - dx) * s.mix_rotate;
                bone_y += (length * (sin * a + cos * c) - dy) * s.mix_rotate;
            } else {
                r += offset_rotation;
            }
            if r > SPINE_PI {
                r -= SPINE_PI * 2.0;
            } else if r < -SPINE_PI {
                r += SPINE_PI * 2.0;
            }
            r *= s.mix_rotate;
            let (sin, cos) = r.sin_cos();
            bone.a = cos * a - sin * c;
            bone.b = cos * b - sin * d;
            bone.c = sin * a + cos * c;
            bone.d = sin * b + cos * d;
        }
    }
    let mut target: Vec<Option<DAffine2>> = vec![None; skeleton.bones.len()];
    for (&b, moved) in path.bones.iter().zip(&bones) {
        target[b] = Some(from_spine(moved));
    }
    solver.world_adjusting(pose, |bone, world, offset| {
        let (Some(Some(goal)), Some(rest)) = (target.get(bone), solver.local_rest(bone)) else {
            return false;
        };
        match offset_reaching_exactly(rest, world, *offset, goal) {
            Some(reached) => {
                *offset = reached;
                true
            }
            None => false,
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::animation::path::{PathSettings, PositionMode, smooth_path_points};
    use crate::skeleton::Bone;

    /// A root, and a chain of three 20 px bones along +x from (0, 0).
    fn skeleton() -> Skeleton {
        Skeleton::new(vec![
            Bone::new("root", None, [-10.0, 0.0], [0.0, 0.0]),
            Bone::new("a", Some(0), [0.0, 0.0], [20.0, 0.0]),
            Bone::new("b", Some(1), [20.0, 0.0], [40.0, 0.0]),
            Bone::new("c", Some(2), [40.0, 0.0], [60.0, 0.0]),
        ])
        .unwrap()
    }

    fn constraint(anchors: &[[f64; 2]], settings: PathSettings) -> PathConstraint {
        PathConstraint {
            name: "p".into(),
            bones: vec![1, 2, 3],
            path_bone: 0,
            points: smooth_path_points(anchors),
            closed: false,
            settings,
        }
    }

    fn solve(c: &PathConstraint) -> Vec<DAffine2> {
        let sk = skeleton();
        let solver = PoseSolver::new(&sk).unwrap();
        let mut pose = Pose::rest(&sk);
        apply_path(&solver, &sk, &mut pose, c, KeyedPath::default());
        solver.world(&pose)
    }

    #[test]
    fn a_chain_laid_on_a_straight_drop_hangs_down_it() {
        // A path straight down (+y on screen) from (5, 0): the chain turns to follow it.
        let c = constraint(
            &[[5.0, 0.0], [5.0, 100.0]],
            PathSettings {
                rotate_mode: RotateMode::Chain,
                ..PathSettings::default()
            },
        );
        let world = solve(&c);
        for (k, &b) in [1usize, 2, 3].iter().enumerate() {
            let head = world[b].translation;
            assert!((head.x - 5.0).abs() < 1e-6, "bone {b}: {head}");
            assert!((head.y - 20.0 * k as f64).abs() < 0.05, "bone {b}: {head}");
            // Each bone's x axis points down the screen.
            let axis = world[b].matrix2.x_axis.normalize();
            assert!((axis - DVec2::Y).length() < 1e-6, "bone {b}: {axis}");
        }
    }

    #[test]
    fn mixes_and_position_move_part_way() {
        let straight = [[0.0, 30.0], [100.0, 30.0]];
        let half = constraint(
            &straight,
            PathSettings {
                mix_x: 0.5,
                mix_y: 0.5,
                mix_rotate: 0.0,
                position_mode: PositionMode::Fixed,
                position: 10.0,
                ..PathSettings::default()
            },
        );
        let world = solve(&half);
        let head = world[1].translation;
        assert!(
            (head.x - 5.0).abs() < 1e-6 && (head.y - 15.0).abs() < 1e-6,
            "{head}"
        );
        let off = constraint(
            &straight,
            PathSettings {
                mix_x: 0.0,
                mix_y: 0.0,
                mix_rotate: 0.0,
                ..PathSettings::default()
            },
        );
        let rest = solve(&off);
        assert_eq!(
            rest[3],
            PoseSolver::new(&skeleton())
                .unwrap()
                .world(&Pose::rest(&skeleton()))[3]
        );
    }

    #[test]
    fn chain_scale_stretches_to_the_spacing() {
        // Fixed spacing of 30 px on a straight path: each 20 px bone stretches to 30.
        let c = constraint(
            &[[0.0, 0.0], [200.0, 0.0]],
            PathSettings {
                rotate_mode: RotateMode::ChainScale,
                spacing_mode: SpacingMode::Fixed,
                spacing: 30.0,
                ..PathSettings::default()
            },
        );
        let world = solve(&c);
        for (b, bone) in world.iter().enumerate().skip(1) {
            let stretch = bone.matrix2.x_axis.length();
            assert!((stretch - 1.5).abs() < 1e-3, "bone {b}: {stretch}");
        }
        assert!(
            (world[3].translation.x - 60.0).abs() < 0.05,
            "{}",
            world[3].translation
        );
    }
}
