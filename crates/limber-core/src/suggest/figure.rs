//! A shape that reads as a figure gets a figure's rig: `hip` where the legs part, `spine` up to
//! where the arms branch, `neck` and `head`, `arm_upper_*`, `arm_lower_*`, `hand_*`,
//! `leg_upper_*`, `leg_lower_*`, `foot_*`.
//!
//! The rules, on the island's tree of centred paths (root at the thickest point, one path to each
//! tip): the two lowest ends in the bottom 30% of the island are the feet, and where their paths
//! meet is the pelvis (legs drawn together, whose low ends lie side by side, are one column: the
//! pelvis is placed on it by the drawing canons, legs a fifth of a 2.5-head chibi's height and half
//! of a 7-head adult's or taller, from the head's measured height); the topmost end in the top
//! 40% above the pelvis whose end is round (at least [`HEAD_ROUND`] of the island's largest thickness; the root
//! itself when it is an end) is the head. The rig itself follows paths routed again from the
//! pelvis, so that an arm's path climbs the trunk and leaves it at the shoulder (from the thickest
//! point, often inside a big head, it would cut across the chest or leave through the head); when
//! those bones would leave the shape, the paths from the thickest point are used. Of the other ends
//! whose paths join the pelvis–head path, the longest on each side is an arm (one hanging below the
//! pelvis only when its path leaves the trunk above it; not a short one ending within the head's
//! round, an ear). A side with no arm, or with one lying against the trunk, gets one hung along
//! the trunk's side by the canons, with a cut along its inner edge ([`super::figure_arms`]).
//! Joints: knees (placed along the whole leg
//! from the pelvis) and elbows, ankles and wrists where the limb bends or narrows most near a
//! figure's proportions ([`super::joints`]); the shoulder where the arm's path leaves the trunk
//! (its width drops to near the arm's own), placed at about the trunk's half-width from the
//! spine's axis; the neck at the narrowest place between the shoulders and the head. Legs together
//! get one `leg_upper`, `leg_lower`, `foot` chain without a side. Other ends joining the head, or
//! the neck and ending above its base, are hair (`hair_l`, `hair_l_2`, …; `hair_l2` for a second
//! lock on that side); the rest get chains named by direction; all are cut where they bend, narrow
//! or would leave the shape. A shape wider than tall, without feet and a head, or whose figure
//! bones would leave it (but for a hung arm's, which are left out instead), is not a figure and
//! gets the generic chains.
//!
//! `_l` and `_r` are the character's own left and right, as for a figure facing the viewer: `_l`
//! is on the image's right.

use std::collections::HashMap;

use crate::rig::BoneRecord;

use super::cell_tree::CellTree;
use super::chains::{Island, MIN_BONE, MIN_JOINT_SPACING};
use super::figure_arms::{self, ArmCut, ArmLimb, ArmPlan, HeadRound};
use super::figure_rig::Rig;
use super::joints::Profile;
use super::naming::{Names, direction};
use super::paths;
use super::tree;

/// A head's end is at least this fraction of the island's largest thickness (a hand's is less).
const HEAD_ROUND: f64 = 0.4;
/// Feet lie in this bottom fraction of the island; the head in the top [`HEAD_ZONE`].
const FOOT_ZONE: f64 = 0.3;
const HEAD_ZONE: f64 = 0.4;
/// Where a limb's two inner joints fall with nothing standing out (fractions of its length from
/// the shoulder or the pelvis), and how far either way they are looked for.
const KNEE: (f64, f64, f64) = (0.3, 0.47, 0.65);
const ANKLE: (f64, f64, f64) = (0.72, 0.86, 0.95);
const ELBOW: (f64, f64, f64) = (0.3, 0.45, 0.62);
const WRIST: (f64, f64, f64) = (0.66, 0.8, 0.93);
/// An arm's path has left the trunk where its thickness is within this factor of the arm's own.
const SHOULDER_WIDTH: f64 = 1.3;
/// The shoulder joint lies this share of the trunk's half-width (its distance to the outline where
/// the arm's path joins it) from the spine's axis: inside the shoulder's round, short of its side
/// (see [`arm_shoulder`]).
const SHOULDER_REACH: f64 = 0.925;
/// A figure's island is at least this many times as tall as it is wide.
pub(super) const UPRIGHT: f64 = 1.1;
/// Every bone of a figure lies at least this share of its length over the shape, else the shape
/// gets the generic chains.
const OVER_SHAPE: f64 = 0.95;
/// Legs drawn together end in the bottom zone within this fraction of the height side by side.
const TOGETHER_SPAN: f64 = 0.2;
/// Figures this many heads tall have legs this share of their height (crotch to sole). The crotch
/// is at mid-height from a realistic adult's 7 to 7½ heads up to a heroic 8; a head measured with
/// its hair or a cap makes a drawn adult read a head or so shorter, and with 8 here the legs of the
/// woman in a dress and the nurse came out a tenth of the height short (their elbows, which hang
/// to the waist, with them).
const CHIBI_HEADS: f64 = 2.5;
const CHIBI_LEGS: f64 = 0.2;
const ADULT_HEADS: f64 = 7.0;
const ADULT_LEGS: f64 = 0.5;
/// Legs are at least this fraction of the island's height.
const LEG_LEAST: f64 = 0.15;

/// The figure's bones, or `None` when the shape does not read as a figure. `parent` are the
/// centred paths' predecessors towards `root`; `tips` the island's tips (grid cells of the crop).
pub fn bones(
    island: &Island,
    parent: &[usize],
    root: usize,
    tips: &[usize],
    cells: &[usize],
) -> Option<FigureRig> {
    let tree = CellTree::new(parent, root, tips);
    let (top, bottom) = cells.iter().fold((f64::INFINITY, 0.0f64), |(t, b), &c| {
        let y = island.point(c)[1];
        (t.min(y), b.max(y))
    });
    let height = (bottom - top).max(1.0);
    let (left, right) = cells.iter().fold((f64::INFINITY, 0.0f64), |(l, r), &c| {
        let x = island.point(c)[0];
        (l.min(x), r.max(x))
    });
    // A figure stands: taller than wide (a lizard seen from above or a dragon is not one).
    if height < UPRIGHT * (right - left) {
        return None;
    }
    let largest = island.thickness[root];
    let y = |c: usize| island.point(c)[1];
    let mut ends = tree.ends.clone();
    ends.sort_by(|&a, &b| y(b).total_cmp(&y(a)).then(a.cmp(&b)));
    // Feet: the lowest pair of ends in the bottom zone whose paths meet well above both (two
    // corners of one broad foot meet just above it).
    let low: Vec<usize> = ends
        .iter()
        .copied()
        .filter(|&e| y(e) >= bottom - FOOT_ZONE * height)
        .collect();
    let apart = low
        .iter()
        .enumerate()
        .flat_map(|(i, &a)| low[i + 1..].iter().map(move |&b| (a, b)))
        .map(|(a, b)| (a, b, tree.meet(a, b)))
        .find(|&(a, b, m)| y(m) < y(a).min(y(b)) - LEG_LEAST * height);
    let round = |e: usize| tree.end_thickness(island, e) >= HEAD_ROUND * largest;
    let in_head_zone = |e: usize| y(e) <= top + HEAD_ZONE * height;
    // The head: the topmost round end (not a foot) that is `high`, else the thickest point itself
    // when it may be and lies there (a big head, whose outline's bumps are no limbs).
    let head_end_of = |feet: &[usize], high: &dyn Fn(usize) -> bool, root_may: bool| {
        ends.iter()
            .rev()
            .copied()
            .filter(|e| !feet.contains(e))
            .find(|&e| high(e) && round(e))
            .or_else(|| (root_may && high(root)).then_some(root))
    };
    let (feet, pelvis, head) = match apart {
        Some((f1, f2, pelvis)) => {
            // The head lies well above the pelvis.
            let high = |e: usize| in_head_zone(e) && y(e) < y(pelvis) - 0.15 * height;
            let head = head_end_of(&[f1, f2], &high, root != pelvis)?;
            (Feet::Apart([f1, f2]), pelvis, head)
        }
        None => {
            // Legs drawn together (a skirt, a standing silhouette): one column down to the
            // lowest end, the pelvis placed on it by the figure's proportions.
            let foot = *low.first()?;
            let x = |c: usize| island.point(c)[0];
            let (left, right) = low
                .iter()
                .fold((f64::INFINITY, f64::NEG_INFINITY), |(l, r), &e| {
                    (l.min(x(e)), r.max(x(e)))
                });
            if right - left > TOGETHER_SPAN * height {
                return None;
            }
            let head = head_end_of(&[foot], &in_head_zone, true)?;
            let column = tree.path(head, foot);
            let head_height = 2.0 * HeadRound::along(island, &column).radius;
            let crotch = bottom - leg_share(height / head_height.max(1.0)) * height;
            let pelvis = column.into_iter().rev().find(|&c| y(c) <= crotch)?;
            (Feet::Together(foot), pelvis, head)
        }
    };
    let head_tail = head_end(island, &tree, head, &tree.path(pelvis, head));
    let head_round = HeadRound::along(island, &tree.path(head, pelvis));
    let found = Found {
        ends: &ends,
        feet,
        pelvis,
        head,
        head_tail,
        head_round,
        largest,
        height,
    };
    // The rig hangs from the pelvis: paths routed from there climb the trunk and leave it where
    // each limb does (from the thickest point, often inside a big head, an arm's path would cut
    // across the chest or leave through the head). When those bones leave the shape, the paths
    // from the thickest point are tried.
    let ends_from_pelvis: Vec<usize> = ends.iter().copied().filter(|&e| e != pelvis).collect();
    let mut from_pelvis = paths::centred(island.grid, pelvis, island.thickness);
    tree::merge_side_by_side(
        island.grid,
        &mut from_pelvis,
        island.thickness,
        pelvis,
        &ends_from_pelvis,
    );
    let pelvis_tree = CellTree::new(&from_pelvis.parent, pelvis, &ends_from_pelvis);
    rig(island, &pelvis_tree, &found).or_else(|| rig(island, &tree, &found))
}

/// A figure's bones, and the cuts that go with them: along the inner edge of an arm drawn against
/// the body.
#[derive(Debug, Clone)]
pub struct FigureRig {
    pub bones: Vec<BoneRecord>,
    pub cuts: Vec<ArmCut>,
}

/// What the figure's reading found: its ends (lowest first), feet, pelvis and head cells, where
/// the head bone ends, the largest thickness (cells) and the island's height (px).
struct Found<'a> {
    ends: &'a [usize],
    feet: Feet,
    pelvis: usize,
    head: usize,
    head_tail: [f64; 2],
    head_round: HeadRound,
    largest: f64,
    height: f64,
}

/// The feet found: two apart (each leg its own chain) or one column of legs drawn together.
#[derive(Clone, Copy)]
enum Feet {
    Apart([usize; 2]),
    Together(usize),
}

impl Feet {
    fn ends(&self) -> Vec<usize> {
        match *self {
            Self::Apart(feet) => feet.to_vec(),
            Self::Together(foot) => vec![foot],
        }
    }
}

/// The share of a figure's height below the crotch, from its height in heads: a fifth for a
/// chibi's [`CHIBI_HEADS`], half for an adult's [`ADULT_HEADS`] (the drawing canons), in between
/// linearly.
fn leg_share(heads: f64) -> f64 {
    let t = ((heads - CHIBI_HEADS) / (ADULT_HEADS - CHIBI_HEADS)).clamp(0.0, 1.0);
    CHIBI_LEGS + t * (ADULT_LEGS - CHIBI_LEGS)
}

/// The figure's bones along `tree`'s paths and a hung arm's cuts, or `None` when a bone would
/// leave the shape (a hung arm's are left out instead).
fn rig(island: &Island, tree: &CellTree, found: &Found) -> Option<FigureRig> {
    let Found {
        ends,
        feet,
        pelvis,
        head,
        head_tail,
        head_round,
        largest,
        height,
    } = *found;
    let foot_ends = feet.ends();
    let cell = island.grid.cell as f64;
    let y = |c: usize| island.point(c)[1];
    let central = tree.path(pelvis, head);
    let on_central: HashMap<usize, usize> =
        central.iter().enumerate().map(|(k, &c)| (c, k)).collect();
    // Arms: the longest other end on each side whose path joins the central path.
    let mut arms: [Option<(usize, usize, f64)>; 2] = [None, None];
    let mut extras = Vec::new();
    for &e in ends {
        if foot_ends.contains(&e) || e == head {
            continue;
        }
        let Some(join) = tree.first_on(e, &on_central) else {
            extras.push(e);
            continue;
        };
        let at = central[on_central[&join]];
        let side = usize::from(island.point(e)[0] > island.point(at)[0]);
        let reach = island.length(&tree.path(join, e));
        // An end far below the pelvis is a tail or a hem unless its path leaves the trunk well
        // above the pelvis (a hand hanging by the hips).
        let below = y(e) > y(pelvis) + 0.25 * height && y(join) > y(pelvis) - 0.05 * height;
        // A path that joins at the head itself is the head's (hair, a helmet's rim), not an arm.
        let (pj, ph) = (island.point(join), island.point(head));
        let at_head = (pj[0] - ph[0]).hypot(pj[1] - ph[1]) < 0.8 * largest * cell
            || head_round.owns(island.point(e), reach);
        if below || at_head || reach < MIN_JOINT_SPACING * island.longer * 2.0 {
            extras.push(e);
            continue;
        }
        match arms[side] {
            Some((_, _, r)) if r >= reach => extras.push(e),
            Some((other, _, _)) => {
                extras.push(other);
                arms[side] = Some((e, join, reach));
            }
            None => arms[side] = Some((e, join, reach)),
        }
    }
    let inside = |b: &BoneRecord| island.share_inside(b.head, b.tail) >= OVER_SHAPE;
    let mut rig = Rig::new(island);
    let min_len = MIN_BONE * island.longer;
    let spacing = (MIN_JOINT_SPACING * island.longer).max(min_len);
    let trunk = island.profile(&central);
    let total = trunk.len();
    // The chest: where the arms branch nearest the head, else 60% of the way up.
    let chest = arms
        .iter()
        .flatten()
        .map(|&(_, join, _)| on_central[&join])
        .max()
        .unwrap_or_else(|| trunk.at(0.6 * total));
    let chest = chest.clamp(
        trunk.at(2.0 * spacing.min(0.3 * total)),
        trunk.at((total - spacing).max(0.0)),
    );
    // The legs leave the trunk where their width drops to their own; the hip joint lies between.
    let mut legs: Vec<(usize, Vec<usize>, Profile, usize)> = foot_ends
        .iter()
        .map(|&end| {
            let path = tree.path(pelvis, end);
            let profile = island.profile(&path);
            // Legs together have no trunk to leave: the column is the legs from the pelvis.
            let exit = match feet {
                Feet::Apart(_) => shoulder(&profile),
                Feet::Together(_) => 0,
            };
            (end, path, profile, exit)
        })
        .collect();
    legs.sort_by(|a, b| island.point(a.0)[0].total_cmp(&island.point(b.0)[0]));
    let exits = legs
        .iter()
        .map(|(_, _, p, k)| p.points[*k])
        .collect::<Vec<_>>();
    let n = exits.len().max(1) as f64;
    let hip_head = [
        exits.iter().map(|p| p[0]).sum::<f64>() / n,
        exits.iter().map(|p| p[1]).sum::<f64>() / n,
    ];
    let hip_tail = trunk.at((0.25 * trunk.arc[chest]).max(min_len));
    // Between legs that leave the trunk low the middle of their exits is the gap between them:
    // the hip then starts where their paths part.
    let hip_head = if island.share_inside(hip_head, trunk.points[hip_tail]) >= OVER_SHAPE {
        hip_head
    } else {
        island.point(pelvis)
    };
    let hip = rig.free_bone(
        "hip",
        island.attach_to.clone(),
        hip_head,
        trunk.points[hip_tail],
    );
    if hip == island.attach_to {
        return None;
    }
    for &c in &central[..=hip_tail] {
        rig.owner.insert(c, hip.clone().unwrap_or_default());
    }
    let spine = rig.bone("spine", hip.clone(), &trunk, hip_tail, chest, &central);
    // Neck and head: the narrowest place between the chest and the head's end.
    let rest = total - trunk.arc[chest];
    let (head_parent, head_from) = if rest >= 2.0 * spacing {
        let from = trunk.arc[chest];
        let neck_at = narrowest(&trunk, from + 0.15 * rest, from + 0.75 * rest);
        let neck = rig.bone("neck", spine.clone(), &trunk, chest, neck_at, &central);
        (neck, neck_at)
    } else {
        (spine.clone(), chest)
    };
    let last = central.len() - 1;
    if rig
        .bone("head", head_parent, &trunk, head_from, last, &central)
        .is_some()
        && let Some(bone) = rig.bones.last_mut()
        && bone.name.ends_with("head")
    {
        bone.tail = head_tail;
    }
    // Arms from the spine, legs from the hip. An arm found as a path leaves the trunk at its
    // shoulder; an arm with no tip on its side (drawn against the body) hangs along the trunk's
    // side from the other's shoulder height (see `figure_arms`).
    let mut arm_limbs: [Option<ArmLimb>; 2] = [None, None];
    for (side, arm) in arms.iter().enumerate() {
        let Some((end, join, _)) = *arm else { continue };
        let path = tree.path(join, end);
        let profile = island.profile(&path);
        let mut shoulder = arm_shoulder(&profile, trunk.thickness[on_central[&join]]);
        if shoulder == 0 {
            // No trunk to leave (a stick figure): the shoulder is where the path turns early.
            let at = profile.best_near(spacing, 0.35 * profile.len(), spacing);
            if profile.score[at] >= super::joints::MIN_SCORE {
                shoulder = at;
            }
        }
        arm_limbs[side] = Some(ArmLimb {
            path,
            profile,
            shoulder,
            hanging: None,
            replaces: None,
        });
    }
    let plan = ArmPlan {
        island,
        trunk: &trunk,
        chest,
        head_round,
        // Where the legs leave the trunk (the hip bone's head): the paths to the feet of a chibi
        // in a stride may meet well above it.
        crotch_y: hip_head[1].max(y(pelvis)),
        spacing,
        places: [ELBOW, WRIST],
        over_shape: OVER_SHAPE,
    };
    figure_arms::hang_unseen(&plan, &mut arm_limbs);
    let cuts = figure_arms::make_arms(&plan, &mut rig, &spine, arm_limbs);
    for (side, (_, path, profile, exit)) in legs.iter().enumerate() {
        let suffix = match (&feet, side) {
            (Feet::Together(_), _) => "",
            (Feet::Apart(_), 0) => "r",
            (Feet::Apart(_), _) => "l",
        };
        rig.limb(
            ["leg_upper", "leg_lower", "foot"],
            suffix,
            hip.clone(),
            profile,
            path,
            *exit,
            0,
            [KNEE, ANKLE],
            spacing,
        );
    }
    // Anything else: a chain by direction from where it joins the bones made so far.
    let mut names = Names::default();
    let pelvis_point = island.point(pelvis);
    for e in extras {
        let Some(join) = tree.first_on(e, &rig.owner) else {
            continue;
        };
        let attach = rig.owner[&join].clone();
        let path = tree.path(join, e);
        let profile = island.profile(&path);
        if profile.len() < 2.0 * spacing {
            continue;
        }
        // Where it bends or narrows, and wherever a straight bone would leave the shape.
        let cuts = island.cuts(&path, 1, 3);
        // A chain from the head or the neck is hair (or ears, antennae): `hair_l`, `hair_l2`, …
        // on the character's own side.
        let neck_base = rig
            .bones
            .iter()
            .find(|b| b.name == "neck")
            .map(|b| b.head[1]);
        let above_neck = neck_base.is_some_and(|y| island.point(e)[1] < y);
        let from_head = attach == "head" || attach == "neck" && above_neck;
        let base = if from_head {
            let side = if island.point(e)[0] > island.point(join)[0] {
                "l"
            } else {
                "r"
            };
            names.chain("", "hair", side)
        } else {
            names.chain("", "limb", direction(pelvis_point, island.point(e)))
        };
        let mut parent = Some(attach);
        for (k, pair) in cuts.windows(2).enumerate() {
            let name = if from_head {
                if k == 0 {
                    base.clone()
                } else {
                    format!("{base}_{}", k + 1)
                }
            } else {
                format!("{base}_{}", char::from(b'a' + k.min(25) as u8))
            };
            parent = rig.bone(&name, parent, &profile, pair[0], pair[1], &path);
        }
    }
    rig.bones.iter().all(inside).then_some(FigureRig {
        bones: rig.bones,
        cuts,
    })
}

/// Where the head bone ends: the head's tip, or, when the head's end is the root (the thickest
/// point, inside the head), beyond it towards the top of the head, still inside the shape.
fn head_end(island: &Island, tree: &CellTree, head: usize, central: &[usize]) -> [f64; 2] {
    let end = island.point(head);
    if tree.tips_set.contains(&head) || central.len() < 2 {
        return end;
    }
    let from = island.point(central[central.len().saturating_sub(4).min(central.len() - 2)]);
    let (dx, dy) = (end[0] - from[0], end[1] - from[1]);
    let len = dx.hypot(dy).max(1e-9);
    let reach = 0.7 * island.thickness[head] * island.grid.cell as f64;
    [end[0] + dx / len * reach, end[1] + dy / len * reach]
}

/// The index between arc lengths `from` and `to` where the path is thinnest.
fn narrowest(profile: &Profile, from: f64, to: f64) -> usize {
    let (lo, hi) = (profile.at(from), profile.at(to).max(profile.at(from)));
    (lo..=hi)
        .min_by(|&a, &b| {
            profile.thickness[a]
                .total_cmp(&profile.thickness[b])
                .then(a.cmp(&b))
        })
        .unwrap_or(lo)
}

/// Where an arm's path has left the trunk: the first index from which its thickness stays within
/// [`SHOULDER_WIDTH`] of the thickness along its outer 60%, kept within its first half.
fn shoulder(profile: &Profile) -> usize {
    let n = profile.thickness.len();
    let outer = profile.at(0.4 * profile.len());
    let mut own: Vec<f64> = profile.thickness[outer..].to_vec();
    own.sort_by(f64::total_cmp);
    let Some(&median) = own.get(own.len() / 2) else {
        return 0;
    };
    let half = profile.at(0.5 * profile.len());
    let mut at = half.min(n - 1);
    while at > 0 && profile.thickness[at - 1] <= SHOULDER_WIDTH * median {
        at -= 1;
    }
    at
}

/// Where an arm's shoulder joint lies along its path from the spine (`profile`), the trunk being
/// `half_width` (px) from its axis to its outline where the path joins it; 0 when the path has no
/// trunk to leave (a stick figure's arm is as thin from the start).
///
/// Where the path's width drops to the arm's own ([`shoulder`]) says that it leaves a trunk, but
/// not well where: a sleeve or a raised arm's armpit keeps it wide past the joint, an arm drawn
/// over the body makes it thin before. The joint sits at the trunk's side, inside the shoulder's
/// round: [`SHOULDER_REACH`] of the trunk's half-width from the spine's axis. On the marked figures
/// of `tests/suggest_joints.rs` any share from 0.9 to 0.95 holds them all (the middle is taken);
/// 0.875 puts a shoulder past 6 %, and so does 1.
fn arm_shoulder(profile: &Profile, half_width: f64) -> usize {
    if shoulder(profile) == 0 {
        return 0;
    }
    beyond(profile, SHOULDER_REACH * half_width)
}

/// The first index of `profile`, within its first half, at least `reach` (px) in a straight line
/// from its first point; the half's end when none is.
fn beyond(profile: &Profile, reach: f64) -> usize {
    let half = profile.at(0.5 * profile.len());
    let Some(&start) = profile.points.first() else {
        return 0;
    };
    (0..=half.min(profile.points.len() - 1))
        .find(|&k| {
            let p = profile.points[k];
            (p[0] - start[0]).hypot(p[1] - start[1]) >= reach
        })
        .unwrap_or(half)
}
