//! Body-part names for a shape that is not a figure: a creature's `head`, `neck`, `spine`, `tail`,
//! legs, wings and antennae, read from its tree of limbs (root at the thickest point, the body).
//!
//! The rules, on the island's segments (one path from the root to each tip):
//! - **Tail**: the limb [`super::chains`] reads as one (clearly the longest, and thin).
//! - **Head**: of the other limbs, the thickest along its far half (a head on its neck; with a
//!   tail, only limbs whose tip lies ahead of the root, away from the tail's tip).
//! - **Heading**: from the tail's tip through the root; without a tail, from the root to the head.
//! - **The body** is the path from the tail's tip to the head's: its stems are the `neck` where
//!   only the head (and its antennae) lies beyond them, the `spine` elsewhere. When the head's own
//!   end is too short for a bone, the neck's last bone is the `head`.
//! - **Appendages** are what hangs off the body, each with its branches (toes, fingers); a stem
//!   shorter than [`PARTS_AT`] of its branches (two legs from one hip) is body, its branches
//!   appendages of their own. Each is:
//!   - more of the **head**: a thick end beside the head's own;
//!   - an **antenna** (a **jaw** when it points down in a side view): thin (under [`THIN`] of the
//!     head's thickness), sprouting where the head begins and pointing ahead;
//!   - a **wing**: with a heading across the image (a side view), pointing within [`UP_WINGS`] of
//!     straight up;
//!   - a **leg**, otherwise. Legs are ranked by how far ahead along the heading their middle
//!     lies: the foremost half are `front`, the rest `back`. `_l`/`_r` is the creature's own side
//!     of its heading (seen from above, or the side it is drawn on); when both legs of a pair lie on
//!     one side, the one further ahead is `_l`. A leg's bones are `upper`, `lower`, `foot`, then
//!     `toe`; its branches are toes.
//!
//! Only a shape with a clear tail, or one whose limbs reach at least as wide as tall, is read as a
//! creature: an upright shape that did not read as a figure (a dancer mid-leap, a boy running
//! bent over) would get a tail for a leg, so it keeps the names by direction, as do shapes with
//! fewer than two limbs or no limb that could be the head (a tail is still named).

use std::collections::HashMap;

use super::tree::Segment;

/// What the names read of an island's shape (the island of the chains implements it).
pub trait Body {
    /// A grid cell's centre (px).
    fn point(&self, cell: usize) -> [f64; 2];
    /// The length (px) of a path of cells.
    fn length(&self, cells: &[usize]) -> f64;
    /// A cell's distance to the outline (px).
    fn thickness(&self, cell: usize) -> f64;
    /// The root cell (the thickest point) and its thickness (px).
    fn root(&self) -> usize;
    fn radius(&self) -> f64;
    /// The shortest limb (px) that gets bones.
    fn shortest_limb(&self) -> f64;
}

/// An appendage thinner than this share of the head's thickness, sprouting where the head begins,
/// is an antenna.
const THIN: f64 = 0.5;
/// Wings point within this angle (radians) of straight up.
const UP_WINGS: f64 = 0.8;
/// A thin appendage at the head pointing down this much (the image-y share of its direction) is a
/// jaw, seen from the side.
const DOWN_JAW: f64 = 0.3;
/// A limb read as a tail without a clear one points away from the head: the cosine of its angle
/// to the head's way is below this.
const OPPOSITE: f64 = -0.5;
/// A bone of the head's chain at least this share as thick as the chain's thickest is the head's;
/// thinner bones before it are the neck.
const HEAD_SHARE: f64 = 0.6;
/// A stem shorter than this share of its shortest branch parts into limbs of their own.
const PARTS_AT: f64 = 0.5;
/// Front and back legs leave the body at least this many root radii apart along the heading.
const PAIRS_APART: f64 = 0.5;

/// What a segment is, for its bones' names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Role {
    Head,
    Neck,
    /// The neck whose last bone is the head: the head's own end is too short for a bone.
    NeckToHead,
    Spine,
    Tail,
    /// A segment of a leg's main chain; the leg's name without its bone word (`leg_front_l`).
    Leg(String),
    /// A branch of a leg: its bones are the leg's toes.
    Toe(String),
    /// A chain whose bones are numbered: `wing_l`, `antenna_r`.
    Chain(String),
}

/// Each segment's role (`None`: the generic name), given the tail [`super::chains`] found.
pub fn roles(island: &dyn Body, segments: &[Segment], tail: Option<usize>) -> Vec<Option<Role>> {
    let mut roles = vec![None; segments.len()];
    if let Some(t) = tail {
        roles[t] = Some(Role::Tail);
    }
    let tree = Tree { island, segments };
    let leaves: Vec<usize> = (0..segments.len()).filter(|&s| segments[s].leaf).collect();
    if leaves.len() < 2 || !(tail.is_some() || tree.wider_than_tall()) {
        return roles;
    }
    let root = island.point(island.root());
    let ahead_of_tail =
        |s: usize| tail.is_none_or(|t| dot(sub(tree.tip(s), root), sub(tree.tip(t), root)) < 0.0);
    let Some(head) = leaves
        .iter()
        .copied()
        .filter(|&s| Some(s) != tail && ahead_of_tail(s))
        .max_by(|&a, &b| tree.end_width(a).total_cmp(&tree.end_width(b)))
    else {
        return roles;
    };
    roles[head] = Some(Role::Head);
    // Without a clear tail, the longest thin limb pointing away from the head is one.
    let tail = tail.or_else(|| {
        let away = unit(sub(tree.tip(head), root))?;
        leaves
            .iter()
            .copied()
            .filter(|&s| s != head && tree.thin(s))
            .filter(|&s| unit(sub(tree.tip(s), root)).is_some_and(|w| dot(w, away) < OPPOSITE))
            .max_by(|&a, &b| tree.reach(a).total_cmp(&tree.reach(b)))
    });
    if let Some(t) = tail {
        roles[t] = Some(Role::Tail);
    }
    let Some(heading) = unit(match tail {
        Some(t) => sub(root, tree.tip(t)),
        None => sub(tree.tip(head), root),
    }) else {
        return roles;
    };
    let head_path = tree.path_to(head);
    let mut body = head_path.clone();
    // (Stems of the body are named last, below.)
    if let Some(t) = tail {
        body.extend(tree.path_to(t));
    }
    // The creature's own left, seen from above with the image's y pointing down.
    let left = [heading[1], -heading[0]];
    let side_view = heading[0].abs() > heading[1].abs();
    let head_start = island.point(segments[head].cells[0]);
    let head_width = tree.end_width(head);
    let mut legs: Vec<Leg> = Vec::new();
    let mut at_head = Vec::new();
    // What hangs off the body; a short stem that parts into long limbs (a pair of legs from one
    // hip) is body, and each limb an appendage of its own.
    let mut tops: Vec<usize> = (0..segments.len())
        .filter(|&s| !body.contains(&s) && segments[s].parent.is_none_or(|p| body.contains(&p)))
        .collect();
    let mut appendages = Vec::new();
    while let Some(top) = tops.pop() {
        let children: Vec<usize> = (0..segments.len())
            .filter(|&c| segments[c].parent == Some(top))
            .collect();
        let shortest_branch = children
            .iter()
            .map(|&c| tree.reach(c) - tree.reach(top))
            .fold(f64::INFINITY, f64::min);
        let stem = island.length(&segments[top].cells);
        if children.len() >= 2 && stem < PARTS_AT * shortest_branch {
            body.push(top);
            tops.extend(children);
        } else {
            appendages.push(top);
        }
    }
    appendages.sort_unstable();
    for top in appendages {
        let members = tree.subtree(top);
        let main = tree.main_chain(top, &members);
        let base = island.point(segments[top].cells[0]);
        let end = tree.tip(*main.last().unwrap_or(&top));
        let side = if dot(sub(end, root), left) > 0.0 {
            "l"
        } else {
            "r"
        };
        let sprouts_at_head = segments[top].parent.is_some_and(|p| head_path.contains(&p))
            && distance(base, head_start) <= 2.0 * head_width;
        let up = unit(sub(end, base)).is_some_and(|w| (-w[1]).clamp(-1.0, 1.0).acos() < UP_WINGS);
        let forward = dot(sub(end, head_start), heading) > 0.0;
        let down = unit(sub(end, base)).is_some_and(|w| w[1] > DOWN_JAW);
        let chain = if sprouts_at_head && forward && tree.middle(top) < THIN * tree.end_width(head)
        {
            at_head.push(top);
            Some(if side_view && down {
                "jaw".to_string()
            } else {
                format!("antenna_{side}")
            })
        } else if sprouts_at_head
            && forward
            && segments[top].parent == segments[head].parent
            && distance(end, tree.tip(head)) <= 2.0 * head_width
        {
            // Another end of the head itself, beside the head's own.
            at_head.push(top);
            Some("head".to_string())
        } else if side_view && up {
            Some(format!("wing_{side}"))
        } else {
            let cells = tree.cells_of(&main);
            let middle = cells
                .get(cells.len() / 2)
                .map_or(base, |&c| island.point(c));
            legs.push(Leg {
                main,
                members: members.clone(),
                attached: dot(sub(base, root), heading),
                middle: dot(sub(middle, root), heading),
                across: dot(sub(end, root), left),
            });
            None
        };
        if let Some(name) = chain {
            for s in members {
                roles[s] = Some(Role::Chain(name.clone()));
            }
        }
    }
    name_legs(&mut roles, legs, island.radius());
    // Stems of the body: the neck where only the head and its antennae lie beyond.
    for &s in body.iter().filter(|&&s| !segments[s].leaf) {
        let beyond_head_only = (0..segments.len())
            .filter(|&l| segments[l].leaf && tree.path_to(l).contains(&s))
            .all(|l| l == head || at_head.iter().any(|&a| tree.path_to(l).contains(&a)));
        roles[s] = Some(if beyond_head_only {
            Role::Neck
        } else {
            Role::Spine
        });
    }
    let head_too_short = island.length(&segments[head].cells) < island.shortest_limb();
    if let Some(p) = segments[head].parent
        && head_too_short
        && roles[p] == Some(Role::Neck)
    {
        roles[p] = Some(Role::NeckToHead);
    }
    roles
}

/// A leg found, before it is named.
struct Leg {
    /// Its chain from the body to its farthest tip, and all its segments (branches too).
    main: Vec<usize>,
    members: Vec<usize>,
    /// How far ahead of the root (px, along the heading) it leaves the body, and its middle lies.
    attached: f64,
    middle: f64,
    /// How far on the creature's left its tip lies (px; negative: on its right).
    across: f64,
}

/// Names the legs: `front` and `back` split where the places they leave the body are farthest
/// apart along the heading (at least [`PAIRS_APART`] of the root's radius), else the foremost
/// half by their middles; then each pair's sides.
fn name_legs(roles: &mut [Option<Role>], mut legs: Vec<Leg>, radius: f64) {
    legs.sort_by(|a, b| b.attached.total_cmp(&a.attached));
    let widest = legs
        .windows(2)
        .enumerate()
        .map(|(k, w)| (w[0].attached - w[1].attached, k + 1))
        .max_by(|a, b| a.0.total_cmp(&b.0));
    let front = match widest {
        Some((gap, at)) if gap >= PAIRS_APART * radius => at,
        _ => {
            legs.sort_by(|a, b| b.middle.total_cmp(&a.middle));
            legs.len().div_ceil(2)
        }
    };
    for (place, pair) in [("front", &legs[..front]), ("back", &legs[front..])] {
        let both_sides =
            pair.iter().any(|l| l.across > 0.0) && pair.iter().any(|l| l.across <= 0.0);
        let mut ahead: Vec<&Leg> = pair.iter().collect();
        ahead.sort_by(|a, b| b.middle.total_cmp(&a.middle));
        for leg in pair {
            let left = if both_sides || pair.len() == 1 {
                leg.across > 0.0
            } else {
                std::ptr::eq(ahead[0], leg)
            };
            let name = format!("leg_{place}_{}", if left { "l" } else { "r" });
            for &s in &leg.members {
                roles[s] = Some(if leg.main.contains(&s) {
                    Role::Leg(name.clone())
                } else {
                    Role::Toe(name.clone())
                });
            }
        }
    }
}

/// Names bones chain by chain: numbered repeats, and each leg's bones in order down its chain.
#[derive(Default)]
pub struct BoneNames {
    /// How often each name was given.
    given: HashMap<String, usize>,
    /// Per leg, how many bones of its main chain are named.
    leg_bones: HashMap<String, usize>,
}

impl BoneNames {
    /// `base`, then `base2`, `base3`, …
    fn numbered(&mut self, base: &str) -> String {
        let n = self.given.entry(base.to_string()).or_insert(0);
        *n += 1;
        if *n == 1 {
            base.to_string()
        } else {
            format!("{base}{n}")
        }
    }

    /// The names of a chain of bones in `role`, given each bone's greatest thickness along it
    /// (call parents' chains first).
    pub fn chain(&mut self, role: &Role, widths: &[f64]) -> Vec<String> {
        let count = widths.len();
        let base = match role {
            Role::Head => {
                // A head chain that starts at the body runs up the neck first: its bones before
                // the first as thick as [`HEAD_SHARE`] of the thickest are the neck.
                let thickest = widths.iter().copied().fold(0.0, f64::max);
                let neck = widths
                    .iter()
                    .take(count.saturating_sub(1))
                    .take_while(|&&w| w < HEAD_SHARE * thickest)
                    .count();
                return (0..count)
                    .map(|k| self.numbered(if k < neck { "neck" } else { "head" }))
                    .collect();
            }
            Role::Neck => "neck".to_string(),
            Role::NeckToHead => {
                let mut names: Vec<String> = (1..count).map(|_| self.numbered("neck")).collect();
                if count > 0 {
                    names.push(self.numbered("head"));
                }
                return names;
            }
            Role::Spine => "spine".to_string(),
            Role::Tail => "tail".to_string(),
            Role::Chain(base) => base.clone(),
            Role::Toe(leg) => format!("{leg}_toe"),
            Role::Leg(leg) => {
                return (0..count)
                    .map(|_| {
                        let k = self.leg_bones.entry(leg.clone()).or_insert(0);
                        *k += 1;
                        match *k {
                            1 => format!("{leg}_upper"),
                            2 => format!("{leg}_lower"),
                            3 => format!("{leg}_foot"),
                            _ => self.numbered(&format!("{leg}_toe")),
                        }
                    })
                    .collect();
            }
        };
        (0..count).map(|_| self.numbered(&base)).collect()
    }
}

/// The island's tree, read for names.
struct Tree<'a> {
    island: &'a dyn Body,
    segments: &'a [Segment],
}

impl Tree<'_> {
    fn tip(&self, s: usize) -> [f64; 2] {
        let cells = &self.segments[s].cells;
        self.island
            .point(cells.last().copied().unwrap_or(self.island.root()))
    }

    /// The thickness (px) half way along segment `s`.
    fn middle(&self, s: usize) -> f64 {
        let cells = &self.segments[s].cells;
        cells
            .get(cells.len() / 2)
            .map_or(0.0, |&c| self.island.thickness(c))
    }

    /// Whether the tree's reach is at least as wide as it is tall.
    fn wider_than_tall(&self) -> bool {
        let points = self
            .segments
            .iter()
            .flat_map(|s| s.cells.iter())
            .map(|&c| self.island.point(c));
        let (mut low, mut high) = ([f64::INFINITY; 2], [f64::NEG_INFINITY; 2]);
        for p in points {
            for k in 0..2 {
                low[k] = low[k].min(p[k]);
                high[k] = high[k].max(p[k]);
            }
        }
        high[0] - low[0] >= high[1] - low[1]
    }

    /// The largest thickness (px) along the far half of segment `s`: a head's on its neck.
    fn end_width(&self, s: usize) -> f64 {
        let cells = &self.segments[s].cells;
        cells[cells.len() / 2..]
            .iter()
            .map(|&c| self.island.thickness(c))
            .fold(0.0, f64::max)
    }

    /// Whether segment `s` is thin at its middle: under half the root's radius.
    fn thin(&self, s: usize) -> bool {
        self.middle(s) < 0.5 * self.island.radius()
    }

    /// The length (px) from the root to the tip of segment `s`.
    fn reach(&self, s: usize) -> f64 {
        self.path_to(s)
            .iter()
            .map(|&p| self.island.length(&self.segments[p].cells))
            .sum()
    }

    /// `s` and the segments above it, up to the root.
    fn path_to(&self, mut s: usize) -> Vec<usize> {
        let mut path = vec![s];
        while let Some(p) = self.segments[s].parent {
            path.push(p);
            s = p;
        }
        path
    }

    /// `top` and every segment below it.
    fn subtree(&self, top: usize) -> Vec<usize> {
        (0..self.segments.len())
            .filter(|&s| self.path_to(s).contains(&top))
            .collect()
    }

    /// From `top` down to the tip of `members` farthest along the segments.
    fn main_chain(&self, top: usize, members: &[usize]) -> Vec<usize> {
        let reach = |s: usize| -> f64 {
            self.path_to(s)
                .iter()
                .take_while(|&&p| p != top)
                .chain(std::iter::once(&top))
                .map(|&p| self.island.length(&self.segments[p].cells))
                .sum()
        };
        let farthest = members
            .iter()
            .copied()
            .filter(|&s| self.segments[s].leaf)
            .max_by(|&a, &b| reach(a).total_cmp(&reach(b)))
            .unwrap_or(top);
        let mut chain: Vec<usize> = self
            .path_to(farthest)
            .into_iter()
            .take_while(|&p| p != top)
            .collect();
        chain.push(top);
        chain.reverse();
        chain
    }

    /// The cells of `chain`'s segments, in order.
    fn cells_of(&self, chain: &[usize]) -> Vec<usize> {
        chain
            .iter()
            .flat_map(|&s| self.segments[s].cells.iter().copied())
            .collect()
    }
}

fn sub(a: [f64; 2], b: [f64; 2]) -> [f64; 2] {
    [a[0] - b[0], a[1] - b[1]]
}

fn dot(a: [f64; 2], b: [f64; 2]) -> f64 {
    a[0] * b[0] + a[1] * b[1]
}

fn distance(a: [f64; 2], b: [f64; 2]) -> f64 {
    (a[0] - b[0]).hypot(a[1] - b[1])
}

fn unit(v: [f64; 2]) -> Option<[f64; 2]> {
    let length = v[0].hypot(v[1]);
    (length > 1e-9).then(|| [v[0] / length, v[1] / length])
}
