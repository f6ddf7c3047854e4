//! A figure's head and arms where the outline does not show them apart: the head's round (so that
//! an ear, a bun or a tuft sticking out of a big head is not read as an arm), an arm drawn against
//! the body with no gap in the alpha (placed by the drawing canons along the trunk's side), and an
//! arm's own weight falloff.
//!
//! An arm that lies against the body leaves no tip in the shape: the skeleton search sees only the
//! trunk. The canons say where it is: hanging from the shoulder, the elbow comes to the waist and
//! the wrist to the crotch, the hand's end a little below (Loomis: from the shoulder at about 1⅓
//! heads, elbow at 3, wrist at 4, fingertips near 4¾ in an 8-head figure; the same order holds for
//! a chibi). Such an arm lies along the trunk's outline on its side, about its own half-width in
//! from it, so its path is traced down that outline ([`hanging_arm`]) from the other arm's shoulder
//! height (or the chest's) to past the crotch, or to where the outline steps in below the elbow (a
//! hand in a pocket), and cut at the elbow and wrist like any arm. An arm
//! found as a path can be one too: when its path leaves the trunk far below the other arm's
//! shoulder and its hand hangs nearly below, the path crossed the trunk from a hand showing under
//! the body ([`pressed_arms`]), and the arm is hung the same way down to that hand. A hung arm's
//! weights would walk straight into the body it lies on, so a cut runs along its inner edge from
//! the armpit to past the hand ([`inner_edge_cut`]).

use crate::rig::BoneRecord;

use super::chains::Island;
use super::figure_rig::Rig;
use super::joints::Profile;

/// An end within this many head radii of the head's centre is the head's own (an ear, a bun, a
/// tuft of hair), not a hand: an arm reaches well past its round, even raised beside it.
const HEAD_OWN: f64 = 1.4;
/// …and whose path from the trunk is under this many head radii long.
const HEAD_REACH: f64 = 2.0;
/// A hanging arm's path goes this share of the shoulder-to-crotch drop below the crotch: to the
/// hand's end. The canon's open hand is ¾ of a head (0.28 of the 2⅔ heads from shoulder to
/// wrist); a hand hanging against the body is drawn curled or partly hidden, and with the canon's
/// reach the woman in a dress had a strip of the dress below her hand cut off with the arm, torn
/// away from the dress when the arm was raised in the editor.
const HAND_BELOW: f64 = 0.15;
/// The outline's step in over an arm's width of rows ends a hanging arm's hand only from this share
/// of the shoulder-to-crotch drop below the shoulder on (rows above it are not looked back on): the
/// elbow lies near half of it, and such a step above is the crook of a bent elbow.
const FOREARM_DROP: f64 = 0.5;
/// With no other arm to measure, an arm's half-width is this share of the trunk's half-width at
/// the chest.
const ARM_OF_TRUNK: f64 = 0.25;
/// An arm's shoulder this share of the way from the other's down to the crotch lies against the
/// trunk ([`pressed_arms`]).
const PRESSED_DROP: f64 = 0.3;
/// …and its hand hangs below it, at most this far out (a share of how far down): along the side.
const PRESSED_SLANT: f64 = 0.35;
/// A hanging arm's cut from the trunk starts this many half-widths below its shoulder: the armpit.
const ARMPIT: f64 = 1.0;
/// A hanging arm's cut ends this many cells past the outline under the hand (as a contact's cut
/// does into the open: one ending in the mesh's margin leaves a triangle joining the two sides).
const PAST_OUTLINE: f64 = 4.0;
/// A hanging arm's cut keeps within this many cells of its (smoothed) path when simplified.
const SIMPLIFY: f64 = 0.75;
/// The least falloff given to an arm (px), for a stroke-thin arm.
const ARM_FALLOFF_LEAST: f64 = 4.0;

/// A cut along a hung arm's inner edge (image pixels), and the arm's bones, from the shoulder on,
/// that it keeps apart from the body.
#[derive(Debug, Clone)]
pub struct ArmCut {
    pub points: Vec<[f64; 2]>,
    pub bones: Vec<String>,
}

impl ArmCut {
    /// Whether one of the arm's bones still runs down past the cut's top (the armpit) among
    /// `bones`: the bone budget may merge the arm's bones into its shoulder (which then runs down
    /// the arm) or drop them, and a cut with no bone of the arm beside it would wall off a part
    /// of the body that moves with nothing. (At a budget so small that the shoulder merges into
    /// the spine too, the bone down the arm bears the spine's name, and the cut goes.)
    pub fn keeps_an_arm(&self, bones: &[BoneRecord]) -> bool {
        let top = self
            .points
            .iter()
            .map(|p| p[1])
            .fold(f64::INFINITY, f64::min);
        bones
            .iter()
            .any(|b| self.bones.contains(&b.name) && b.tail[1] > top)
    }
}

/// The head's round: its centre and radius (px).
#[derive(Debug, Clone, Copy)]
pub(super) struct HeadRound {
    pub centre: [f64; 2],
    pub radius: f64,
}

impl HeadRound {
    /// The head's round along `path` (from the head's end down the body): its largest thickness
    /// within the head's own diameter of the end, so that the shoulders do not count.
    pub fn along(island: &Island, path: &[usize]) -> Self {
        let cell = island.grid.cell as f64;
        let Some(&first) = path.first() else {
            return Self {
                centre: [0.0, 0.0],
                radius: 0.0,
            };
        };
        let start = island.point(first);
        let mut round = Self {
            centre: start,
            radius: island.thickness[first] * cell,
        };
        for &c in path {
            let p = island.point(c);
            if (p[0] - start[0]).hypot(p[1] - start[1]) > 2.0 * round.radius + 2.0 * cell {
                break;
            }
            let radius = island.thickness[c] * cell;
            if radius > round.radius {
                round = Self { centre: p, radius };
            }
        }
        round
    }

    /// Whether an end at `point`, `reach` (px) along its path from where it joins the trunk,
    /// belongs to the head (see [`HEAD_OWN`]): near its round and short (a hand raised to the head
    /// comes a long way).
    pub fn owns(&self, point: [f64; 2], reach: f64) -> bool {
        let (dx, dy) = (point[0] - self.centre[0], point[1] - self.centre[1]);
        dx.hypot(dy) < HEAD_OWN * self.radius && reach < HEAD_REACH * self.radius
    }
}

/// An arm's path from the trunk (a hanging arm's from its shoulder), its profile and the index
/// of its shoulder joint.
pub(super) struct ArmLimb {
    pub path: Vec<usize>,
    pub profile: Profile,
    pub shoulder: usize,
    /// A hanging arm's half-width (px); `None` for an arm found as a path.
    pub hanging: Option<f64>,
    /// The arm found as a path that a hanging one replaces ([`pressed_arms`]): made instead when
    /// not even the hanging one's upper arm keeps over the shape.
    pub replaces: Option<Box<ArmLimb>>,
}

/// What a figure's arms are made from.
pub(super) struct ArmPlan<'a> {
    pub island: &'a Island<'a>,
    /// The central path's profile, from the pelvis up, and the chest's index on it.
    pub trunk: &'a Profile,
    pub chest: usize,
    pub head_round: HeadRound,
    pub crotch_y: f64,
    /// The least spacing between joints (px), and where an arm's elbow and wrist are looked for.
    pub spacing: f64,
    pub places: [(f64, f64, f64); 2],
    /// The least share of a bone over the shape.
    pub over_shape: f64,
}

/// Hangs an arm along the trunk's side where none was found on a side, or where the one found lies
/// against the trunk ([`pressed_arms`]; the one found is kept to fall back on), from the other's
/// shoulder height (the chest's when there is no other), not from within the head's round (a
/// chibi's big head reaches past its chest).
pub(super) fn hang_unseen(plan: &ArmPlan, arms: &mut [Option<ArmLimb>; 2]) {
    let hand_ys = pressed_arms(arms, plan.crotch_y);
    for side in 0..2 {
        if arms[side].is_some() && hand_ys[side].is_none() {
            continue;
        }
        let other = arms[1 - side].as_ref();
        let chest_y = plan.trunk.points[plan.chest][1];
        let shoulder_y = other.map_or(chest_y, |a| a.profile.points[a.shoulder][1]);
        if shoulder_y <= plan.head_round.centre[1] + plan.head_round.radius {
            continue;
        }
        let hanging = Hanging {
            side,
            shoulder_y,
            crotch_y: plan.crotch_y,
            hand_y: hand_ys[side],
            half_width: other.and_then(|a| arm_half_width(&a.profile, a.shoulder)),
            trunk_half_width: plan.trunk.thickness[plan.chest],
        };
        if let Some(path) = hanging_arm(plan.island, &hanging) {
            let profile = plan.island.profile(&path);
            let replaces = arms[side].take().map(Box::new);
            arms[side] = Some(ArmLimb {
                path,
                profile,
                shoulder: 0,
                hanging: Some(hanging.half_width()),
                replaces,
            });
        }
    }
}

/// Makes both arms' bones from `spine` (`shoulder_*`, `arm_upper_*`, `arm_lower_*`, `hand_*`, the
/// bones past the shoulder with the arm's own falloff); returns the cuts along the hanging arms'
/// inner edges.
pub(super) fn make_arms(
    plan: &ArmPlan,
    rig: &mut Rig,
    spine: &Option<String>,
    arms: [Option<ArmLimb>; 2],
) -> Vec<ArmCut> {
    let mut cuts = Vec::new();
    for (side, arm) in arms.into_iter().enumerate() {
        if let Some(arm) = arm {
            cuts.extend(make_arm(plan, rig, spine, side, arm));
        }
    }
    cuts
}

/// One arm's bones. A hanging arm is a guess: where its bones would leave the shape they are left
/// out (the figure kept), and when not even its upper arm is left, the arm it replaces is made
/// instead. Returns a hanging arm's cut.
fn make_arm(
    plan: &ArmPlan,
    rig: &mut Rig,
    spine: &Option<String>,
    side: usize,
    arm: ArmLimb,
) -> Option<ArmCut> {
    let (island, profile, shoulder) = (plan.island, &arm.profile, arm.shoulder);
    let suffix = if side == 0 { "r" } else { "l" };
    let name = format!("shoulder_{suffix}");
    let first_bone = rig.bones.len();
    let parent = if arm.hanging.is_some() {
        let chest = plan.trunk.points[plan.chest];
        rig.free_bone(&name, spine.clone(), chest, profile.points[0])
    } else if profile.arc[shoulder] >= plan.spacing {
        rig.bone(&name, spine.clone(), profile, 0, shoulder, &arm.path)
    } else {
        spine.clone()
    };
    let first_arm_bone = rig.bones.len();
    rig.limb(
        ["arm_upper", "arm_lower", "hand"],
        suffix,
        parent,
        profile,
        &arm.path,
        shoulder,
        shoulder,
        plan.places,
        plan.spacing,
    );
    let mut cut = None;
    if let Some(half_width) = arm.hanging {
        let inside = |b: &BoneRecord| island.share_inside(b.head, b.tail) >= plan.over_shape;
        if let Some(k) = rig.bones[first_bone..].iter().position(|b| !inside(b)) {
            rig.drop_from(first_bone + k);
        }
        if rig.bones.len() <= first_arm_bone {
            rig.drop_from(first_bone);
            return arm
                .replaces
                .and_then(|found| make_arm(plan, rig, spine, side, *found));
        }
        // The arm lies on the body: a cut along its inner edge keeps its weights off it.
        let end_y = rig.bones.last().map_or(profile.points[0][1], |b| b.tail[1]);
        cut = inner_edge_cut(island, &arm.path, side, half_width, end_y).map(|points| ArmCut {
            points,
            bones: rig.bones[first_bone..]
                .iter()
                .map(|b| b.name.clone())
                .collect(),
        });
    }
    let falloff = arm_falloff(profile, shoulder, island.longer);
    for bone in &mut rig.bones[first_arm_bone..] {
        bone.smoothness = falloff;
    }
    cut
}

/// Arms found as paths that lie against the trunk: by side, the height of the hand's end (px) of
/// an arm whose shoulder (where its path leaves the trunk) is more than [`PRESSED_DROP`] of the
/// way from the other arm's shoulder down to the crotch, its hand lower still and nearly below it
/// ([`PRESSED_SLANT`]). Shoulders are level; such a path crossed the trunk from a hand that shows
/// below the body, and the arm is rather hung along the trunk's side from the other's shoulder
/// height to that hand.
pub(super) fn pressed_arms(arms: &[Option<ArmLimb>; 2], crotch_y: f64) -> [Option<f64>; 2] {
    let shoulder_y = |a: &ArmLimb| a.profile.points[a.shoulder][1];
    let mut hands = [None, None];
    for (side, hand) in hands.iter_mut().enumerate() {
        let (Some(arm), Some(other)) = (&arms[side], &arms[1 - side]) else {
            continue;
        };
        let (own, level) = (shoulder_y(arm), shoulder_y(other));
        if crotch_y <= level {
            continue;
        }
        let shoulder = arm.profile.points[arm.shoulder];
        let end = arm.profile.points.last().copied().unwrap_or(shoulder);
        let hangs = end[1] > own && (end[0] - shoulder[0]).abs() < PRESSED_SLANT * (end[1] - own);
        if own - level > PRESSED_DROP * (crotch_y - level) && hangs {
            *hand = Some(end[1]);
        }
    }
    hands
}

/// Where an arm drawn against the body goes, for [`hanging_arm`].
pub(super) struct Hanging {
    /// 0: the image's left (the character's right), 1: the image's right.
    pub side: usize,
    /// The shoulder's and the crotch's heights (px).
    pub shoulder_y: f64,
    pub crotch_y: f64,
    /// Where its hand ends when that shows (px); at least [`HAND_BELOW`] past the crotch.
    pub hand_y: Option<f64>,
    /// The arm's half-width (px), or `None` to take [`ARM_OF_TRUNK`] of `trunk_half_width`.
    pub half_width: Option<f64>,
    pub trunk_half_width: f64,
}

impl Hanging {
    /// The arm's half-width (px).
    pub fn half_width(&self) -> f64 {
        self.half_width
            .unwrap_or(ARM_OF_TRUNK * self.trunk_half_width)
    }
}

/// The cut between an arm hanging against the trunk (`path`, one cell a row from the shoulder)
/// and the trunk, so that the arm's weights do not walk into the body it lies on: along the arm's
/// inner edge (its half-width from the path, towards the body), from the armpit ([`ARMPIT`]
/// half-widths below the shoulder) to a half-width past `end_y` (the arm's last bone's end), then
/// out under the hand to past the outline; image pixels, simplified. `None` when it is under two
/// half-widths long.
pub(super) fn inner_edge_cut(
    island: &Island,
    path: &[usize],
    side: usize,
    half_width: f64,
    end_y: f64,
) -> Option<Vec<[f64; 2]>> {
    let grid = island.grid;
    let cell = grid.cell as f64;
    let &shoulder = path.first()?;
    let top = island.point(shoulder)[1] + ARMPIT * half_width;
    let bottom = end_y + half_width;
    let inward = if side == 0 { 1.0 } else { -1.0 } * half_width / cell;
    let mut points: Vec<[f64; 2]> = path
        .iter()
        .filter(|&&c| (top..=end_y).contains(&island.point(c)[1]))
        .map(|&c| [(c % grid.width) as f64 + inward, (c / grid.width) as f64])
        .collect();
    smooth_columns(&mut points, (half_width / cell).round().max(1.0) as usize);
    // On past the arm's end, straight down, then out under the hand past the outline: the hand
    // comes away from the body too, and no triangle hinges the arm's end to it.
    if let Some(&[x, y]) = points.last() {
        let below = y + (bottom - end_y) / cell;
        points.push([x, below]);
        let row = (below.round().max(0.0) as usize).min(grid.height - 1);
        // (Below a hand that shows under the body, the row's outermost cell may lie inward, or
        // the row be empty: the cut is in the open already.)
        if let Some(outer) = outermost(island, row, side).map(|c| c as f64) {
            let past = if side == 0 {
                (outer - PAST_OUTLINE).min(x)
            } else {
                (outer + PAST_OUTLINE).max(x)
            };
            if past != x {
                points.push([past, below]);
            }
        }
    }
    let length: f64 = points
        .windows(2)
        .map(|w| (w[1][0] - w[0][0]).hypot(w[1][1] - w[0][1]) * cell)
        .sum();
    (length >= 2.0 * half_width).then(|| {
        super::contact_cut::simplified_within(&points, SIMPLIFY)
            .into_iter()
            .map(|p| grid.at_cell_point(p))
            .collect()
    })
}

/// Each point's column the mean of those within `reach` rows of it: a path stepping a cell a row
/// would give a cut of sharp little corners, which leave slivers when the mesh is split along it.
fn smooth_columns(points: &mut [[f64; 2]], reach: usize) {
    let columns: Vec<f64> = points.iter().map(|p| p[0]).collect();
    for (k, point) in points.iter_mut().enumerate() {
        let near = &columns[k.saturating_sub(reach)..(k + reach + 1).min(columns.len())];
        point[0] = near.iter().sum::<f64>() / near.len() as f64;
    }
}

/// The cells of an arm that hangs against the trunk's side: one a row from the shoulder's height
/// to its hand's end, each the arm's half-width in from the island's outermost cell on that side;
/// `None` when the island has no rows there or the path is too short for an arm. The hand ends
/// [`HAND_BELOW`] past the crotch (or at the hand found), or sooner where the outline steps in: by
/// more than the arm's width from one row to the next, or, past [`FOREARM_DROP`], by more than its
/// half-width over a width's rows (the nurse's hand in her pocket ended 60 px too low, and her
/// elbow with it).
pub(super) fn hanging_arm(island: &Island, hanging: &Hanging) -> Option<Vec<usize>> {
    let grid = island.grid;
    let cell = grid.cell as f64;
    let row_of = |y: f64| {
        let row = (y / cell - 0.5).round() - grid.origin[1] as f64;
        row.clamp(0.0, (grid.height - 1) as f64) as usize
    };
    let drop = hanging.crotch_y - hanging.shoulder_y;
    if drop <= 0.0 {
        return None;
    }
    let (first, last) = (
        row_of(hanging.shoulder_y),
        // A pressed arm's tip may be only a bump on it (its elbow): the canon's reach at least.
        row_of(
            hanging
                .hand_y
                .unwrap_or(f64::NEG_INFINITY)
                .max(hanging.crotch_y + HAND_BELOW * drop),
        ),
    );
    let half_width = hanging.half_width();
    let inset = (half_width / cell).round().max(0.0) as usize;
    let forearm_row = row_of(hanging.shoulder_y + FOREARM_DROP * drop);
    let mut path = Vec::new();
    let mut outers: Vec<usize> = Vec::new();
    for row in first..=last {
        let Some(outer) = outermost(island, row, hanging.side) else {
            break;
        };
        // Where the outline steps in by more than the arm's width the arm has ended: below it
        // lies a leg or the hip, and a bone reaching across the step would leave the shape.
        if outers.last().is_some_and(|&p| {
            p.abs_diff(outer) > 2 * inset.max(1) && stepped_in(p, outer, hanging.side)
        }) {
            break;
        }
        // Past the elbow, the outline stepping in by more than the arm's half-width over a
        // width's rows is the hand's end (a hand in a pocket or on the hip): the body below is
        // not the arm. Above it such a step is the crook of a bent elbow, so the rows looked back
        // on start there too.
        let since = outers
            .len()
            .saturating_sub(2 * inset.max(1))
            .max(forearm_row.saturating_sub(first));
        let recent = &outers[since.min(outers.len())..];
        if row >= forearm_row && stepped_in_by(recent, outer, hanging.side) > inset.max(1) {
            break;
        }
        outers.push(outer);
        path.push(inset_cell(island, row, outer, inset, hanging.side));
    }
    (path.len() >= 3).then_some(path)
}

/// How far (cells) `after` lies in from the outermost of the columns `before`, towards the body on
/// `side`; 0 when it is not in from that one (or `before` is empty).
fn stepped_in_by(before: &[usize], after: usize, side: usize) -> usize {
    let extreme = if side == 0 {
        before.iter().min()
    } else {
        before.iter().max()
    };
    extreme.map_or(0, |&e| {
        if stepped_in(e, after, side) {
            e.abs_diff(after)
        } else {
            0
        }
    })
}

/// Whether the outermost column went from `before` to `after` towards the body on `side`.
fn stepped_in(before: usize, after: usize, side: usize) -> bool {
    if side == 0 {
        after > before
    } else {
        after < before
    }
}

/// The column of the island's outermost cell in `row` on `side` (0: left, 1: right).
fn outermost(island: &Island, row: usize, side: usize) -> Option<usize> {
    let grid = island.grid;
    let inside = |x: usize| grid.inside[row * grid.width + x];
    if side == 0 {
        (0..grid.width).find(|&x| inside(x))
    } else {
        (0..grid.width).rev().find(|&x| inside(x))
    }
}

/// The cell `inset` columns in from the outermost column `outer` of `row`, or the farthest inside
/// cell short of it.
fn inset_cell(island: &Island, row: usize, outer: usize, inset: usize, side: usize) -> usize {
    let grid = island.grid;
    let mut best = row * grid.width + outer;
    for step in 1..=inset {
        let x = if side == 0 {
            outer + step
        } else {
            match outer.checked_sub(step) {
                Some(x) => x,
                None => break,
            }
        };
        if x >= grid.width || !grid.inside[row * grid.width + x] {
            break;
        }
        best = row * grid.width + x;
    }
    best
}

/// An arm's own weight falloff (px): the arm's half-width, its median distance to the outline along
/// the path past the shoulder, when that is under the image's automatic smoothness (a twentieth of
/// its longer side, [`crate::weights::auto_smoothness`]); `None` (the global smoothness) otherwise.
/// An arm's weight then fades within a few of its own half-widths of its bones (5 % at three), so
/// the elbow and the shoulder blend over about the arm's width: with the global falloff an arm that
/// rests on the hip still moved the hip's pixels by 2 to 6 px through the shoulder, about 100 px
/// away, once the contact was cut (`tests/contact_bleed.rs`).
pub(super) fn arm_falloff(profile: &Profile, shoulder: usize, longer: f64) -> Option<f64> {
    let median = arm_half_width(profile, shoulder)?;
    let global = crate::weights::auto_smoothness(longer as u32, 0);
    (median > 0.0 && median < global).then(|| median.max(ARM_FALLOFF_LEAST))
}

/// An arm's half-width (px): its median distance to the outline along its path past the shoulder.
pub(super) fn arm_half_width(profile: &Profile, shoulder: usize) -> Option<f64> {
    let mut widths: Vec<f64> = profile.thickness[shoulder.min(profile.thickness.len())..].to_vec();
    widths.sort_by(f64::total_cmp);
    widths.get(widths.len() / 2).copied()
}
