//! Tree segments → chains of bones: the root bone at the thickest point, then each segment cut into
//! bones where it bends or narrows ([`super::joints`]), with more cuts at even spacing where a long
//! segment has too few (2–4 on a limb, 1–3 on the trunk by its length), a bone cut again where its
//! straight line would leave the shape; each chain named by the way it points from the root, the
//! longest limb `tail` when it is clearly the longest ([`super::naming`]).

use crate::mask_bits::MaskBits;
use crate::rig::BoneRecord;

use super::grid::Grid;
use super::joints::Profile;
use super::naming::{Names, direction};
use super::tree::Segment;

/// What the chains of one island need to know.
pub struct Island<'a> {
    pub grid: &'a Grid,
    pub image_size: (usize, usize),
    /// The image's longer side (px): bone lengths are fractions of it.
    pub longer: f64,
    /// The root cell (the thickest point) and its distance to the outline (px).
    pub root: usize,
    pub radius: f64,
    /// Prepended to every bone name ("" on the main island).
    pub prefix: String,
    /// The bone the island's root hangs from (`None` on the main island).
    pub attach_to: Option<String>,
    /// How finely limbs and trunk are cut.
    pub detail: Detail,
    /// The full-resolution mask, which bones must lie over.
    pub mask: &'a MaskBits,
    /// Each cell's distance to the outline (cells), from [`super::edt`].
    pub thickness: &'a [f64],
}

/// The share of a bone's length that may miss the mask (antialiased corners).
const MAY_MISS: f64 = 0.02;

/// How many bones a segment gets: its length over a unit (a fraction of the longer side), within
/// bounds.
#[derive(Debug, Clone, Copy)]
pub struct Detail {
    pub limb_unit: f64,
    pub limb_least: usize,
    pub limb_most: usize,
    pub trunk_unit: f64,
    pub trunk_most: usize,
}

impl Detail {
    /// From the richest to the leanest: the suggestion takes the first within its bone budget.
    pub const LEVELS: [Detail; 4] = [
        Detail {
            limb_unit: 0.15,
            limb_least: 2,
            limb_most: 4,
            trunk_unit: 0.2,
            trunk_most: 2,
        },
        Detail {
            limb_unit: 0.2,
            limb_least: 2,
            limb_most: 3,
            trunk_unit: 0.3,
            trunk_most: 1,
        },
        Detail {
            limb_unit: 0.3,
            limb_least: 1,
            limb_most: 2,
            trunk_unit: 1.0,
            trunk_most: 1,
        },
        Detail {
            limb_unit: 1.0,
            limb_least: 1,
            limb_most: 1,
            trunk_unit: 1.0,
            trunk_most: 1,
        },
    ];

    /// This level with at most `most` bones a limb.
    pub fn capped(self, most: usize) -> Self {
        Self {
            limb_least: self.limb_least.min(most),
            limb_most: self.limb_most.min(most),
            ..self
        }
    }
}

/// Limbs shorter than this (a fraction of the longer side) get no bones: the joint they hang from
/// is a bone end near enough to their tip.
const MIN_LIMB: f64 = 0.07;

/// Shortest bone made, as a fraction of the image's longer side.
pub const MIN_BONE: f64 = 0.011;

/// Joints found where a chain bends or narrows lie at least this far (a fraction of the longer
/// side) from each other and from the chain's ends.
pub const MIN_JOINT_SPACING: f64 = 0.04;

impl Island<'_> {
    pub fn point(&self, cell: usize) -> [f64; 2] {
        self.grid.centre(cell, self.image_size.0, self.image_size.1)
    }

    pub fn length(&self, cells: &[usize]) -> f64 {
        cells
            .windows(2)
            .map(|w| {
                let (a, b) = (self.point(w[0]), self.point(w[1]));
                (a[0] - b[0]).hypot(a[1] - b[1])
            })
            .sum()
    }

    /// Whether the straight line between two cells' centres lies over the mask's pixels.
    fn straight_inside(&self, a: usize, b: usize) -> bool {
        1.0 - self.share_inside(self.point(a), self.point(b)) <= MAY_MISS
    }

    /// The share of the straight line from `pa` to `pb` that lies over the mask's pixels.
    pub fn share_inside(&self, pa: [f64; 2], pb: [f64; 2]) -> f64 {
        let steps = ((pb[0] - pa[0]).hypot(pb[1] - pa[1]) * 2.0).ceil().max(1.0) as usize;
        let (w, h) = (self.mask.width as f64, self.mask.height as f64);
        let missed = (0..=steps)
            .filter(|&s| {
                let t = s as f64 / steps as f64;
                let (x, y) = (pa[0] + (pb[0] - pa[0]) * t, pa[1] + (pb[1] - pa[1]) * t);
                !(x >= 0.0 && y >= 0.0 && x < w && y < h && self.mask.get(x as usize, y as usize))
            })
            .count();
        1.0 - missed as f64 / (steps + 1) as f64
    }

    /// The path's profile (points, arc length, thickness in px).
    pub fn profile(&self, cells: &[usize]) -> Profile {
        let points = cells.iter().map(|&c| self.point(c)).collect();
        let raw: Vec<f64> = cells
            .iter()
            .map(|&c| self.thickness[c] * self.grid.cell as f64)
            .collect();
        Profile::new(points, &raw)
    }

    /// Cut points (indices into `cells`) for about `n` bones (at most `most` at natural joints): the places where the path bends or
    /// narrows, then even cuts of the longest pieces while there are fewer than `n` bones, then
    /// more cuts where a bone would leave the shape (while both halves stay long enough).
    pub fn cuts(&self, cells: &[usize], n: usize, most: usize) -> Vec<usize> {
        let profile = self.profile(cells);
        let arc = &profile.arc;
        let spacing = (MIN_JOINT_SPACING * self.longer).max(MIN_BONE * self.longer);
        let mut cuts = vec![0];
        cuts.extend(profile.natural_joints(spacing, most.max(n).saturating_sub(1)));
        cuts.push(cells.len() - 1);
        while cuts.len() < n + 1 {
            // The longest piece, cut at its best place around its middle.
            let Some(k) = (0..cuts.len() - 1).max_by(|&a, &b| {
                let la = arc[cuts[a + 1]] - arc[cuts[a]];
                let lb = arc[cuts[b + 1]] - arc[cuts[b]];
                la.total_cmp(&lb).then(b.cmp(&a))
            }) else {
                break;
            };
            let (a, b) = (arc[cuts[k]], arc[cuts[k + 1]]);
            if b - a < 2.0 * MIN_BONE * self.longer {
                break;
            }
            let third = (b - a) / 3.0;
            let at = profile.best_near(a + third, b - third, (a + b) / 2.0);
            if at <= cuts[k] || at >= cuts[k + 1] {
                break;
            }
            cuts.insert(k + 1, at);
        }
        cuts.dedup();
        let min_len = MIN_BONE * self.longer;
        let mut k = 0;
        while k + 1 < cuts.len() {
            let (i, j) = (cuts[k], cuts[k + 1]);
            if self.straight_inside(cells[i], cells[j]) {
                k += 1;
                continue;
            }
            // Cut at the cell farthest from the straight line, when both halves stay long enough.
            let (a, b) = (self.point(cells[i]), self.point(cells[j]));
            let far = (i + 1..j).max_by(|&p, &q| {
                let dp = off_line(self.point(cells[p]), a, b);
                let dq = off_line(self.point(cells[q]), a, b);
                dp.total_cmp(&dq)
            });
            match far {
                Some(m) if arc[m] - arc[i] >= min_len && arc[j] - arc[m] >= min_len => {
                    cuts.insert(k + 1, m);
                }
                _ => k += 1,
            }
        }
        cuts
    }

    /// The island's bones: the root bone, then each segment's chain, parents before children.
    pub fn bones(&self, segments: &[Segment]) -> Vec<BoneRecord> {
        let min_len = MIN_BONE * self.longer;
        let mut names = Names::default();
        let root_name = format!("{}root", self.prefix);
        let root_point = self.point(self.root);
        let mut bones = Vec::new();
        // The root bone is the first stretch of the top segment with the most tips below it.
        let leaves_below = leaves_below(segments);
        let trunk = (0..segments.len())
            .filter(|&s| segments[s].parent.is_none())
            .max_by_key(|&s| (leaves_below[s], std::cmp::Reverse(s)));
        // Where each segment's bones begin (the root bone takes the trunk's first stretch).
        let mut start = vec![0; segments.len()];
        let mut root_tail = [
            root_point[0],
            root_point[1] - (0.5 * self.radius).max(min_len),
        ];
        if let Some(s) = trunk {
            let cells = &segments[s].cells;
            let total = self.length(cells);
            let wanted = self
                .radius
                .max(0.03 * self.longer)
                .min(0.5 * total)
                .max(min_len);
            let mut at = 0;
            while at + 1 < cells.len() && self.length(&cells[..=at]) < wanted {
                at += 1;
            }
            root_tail = self.point(cells[at]);
            start[s] = at;
        }
        bones.push(BoneRecord {
            name: root_name.clone(),
            parent: self.attach_to.clone(),
            head: root_point,
            tail: root_tail,
            smoothness: None,
            deform: true,
            inherit: Default::default(),
        });
        // Parents first: order the segments by depth.
        let depth = |mut s: usize| {
            let mut d = 0;
            while let Some(p) = segments[s].parent {
                s = p;
                d += 1;
            }
            d
        };
        let mut order: Vec<usize> = (0..segments.len()).collect();
        order.sort_by_key(|&s| (depth(s), s));
        let mut attach: Vec<String> = vec![root_name.clone(); segments.len()];
        let tail = self.tail(segments);
        let roles = super::creature::roles(self, segments, tail);
        let mut role_names = super::creature::BoneNames::default();
        for s in order {
            let seg = &segments[s];
            let cells = &seg.cells[start[s]..];
            let parent_name = seg
                .parent
                .map_or_else(|| root_name.clone(), |p| attach[p].clone());
            attach[s] = parent_name.clone();
            if cells.len() < 2 {
                continue;
            }
            let length = self.length(cells);
            if length < min_len {
                continue;
            }
            if seg.leaf && length < MIN_LIMB * self.longer {
                continue;
            }
            let d = self.detail;
            let (unit, least, most) = if seg.leaf {
                (d.limb_unit, d.limb_least, d.limb_most)
            } else {
                (d.trunk_unit, 1, d.trunk_most)
            };
            let by_size = (length / (unit * self.longer)).round() as usize;
            let fit = (length / min_len).floor() as usize;
            let n = by_size.clamp(least, most.max(least)).min(fit).max(1);
            let cuts = self.cuts(cells, n, most.max(least));
            let end = self.point(cells[cells.len() - 1]);
            let dir = direction(root_point, end);
            let base = names.chain(&self.prefix, if seg.leaf { "limb" } else { "trunk" }, dir);
            let by_role = roles[s].as_ref().map(|role| {
                // Each bone's greatest thickness, for a head chain that begins with the neck.
                let widths: Vec<f64> = cuts
                    .windows(2)
                    .map(|pair| {
                        cells[pair[0]..=pair[1]]
                            .iter()
                            .map(|&c| self.thickness[c])
                            .fold(0.0, f64::max)
                    })
                    .collect();
                role_names.chain(role, &widths)
            });
            let mut parent = parent_name;
            for (k, pair) in cuts.windows(2).enumerate() {
                let name = match &by_role {
                    Some(names) => format!("{}{}", self.prefix, names[k]),
                    None => format!("{base}_{}", letter(k)),
                };
                bones.push(BoneRecord {
                    name: name.clone(),
                    parent: Some(parent),
                    head: self.point(cells[pair[0]]),
                    tail: self.point(cells[pair[1]]),
                    smoothness: None,
                    deform: true,
                    inherit: Default::default(),
                });
                parent = name;
            }
            attach[s] = parent;
        }
        bones
    }
}

impl Island<'_> {
    /// The limb read as a tail: with three limbs or more, the longest from the root to its tip when
    /// it is at least [`TAIL_RATIO`] times as long as any other and thinner than the root's radius.
    fn tail(&self, segments: &[Segment]) -> Option<usize> {
        let reach = |mut s: usize| {
            let mut length = self.length(&segments[s].cells);
            while let Some(p) = segments[s].parent {
                s = p;
                length += self.length(&segments[s].cells);
            }
            length
        };
        let mut limbs: Vec<(f64, usize)> = (0..segments.len())
            .filter(|&s| segments[s].leaf)
            .map(|s| (reach(s), s))
            .collect();
        if limbs.len() < 3 {
            return None;
        }
        limbs.sort_by(|a, b| b.0.total_cmp(&a.0));
        let (longest, s) = limbs[0];
        let cells = &segments[s].cells;
        let middle = cells[cells.len() / 2];
        let thin = self.thickness[middle] * (self.grid.cell as f64) < 0.5 * self.radius;
        (longest >= TAIL_RATIO * limbs[1].0 && thin).then_some(s)
    }
}

impl super::creature::Body for Island<'_> {
    fn point(&self, cell: usize) -> [f64; 2] {
        Island::point(self, cell)
    }

    fn length(&self, cells: &[usize]) -> f64 {
        Island::length(self, cells)
    }

    fn thickness(&self, cell: usize) -> f64 {
        self.thickness[cell] * self.grid.cell as f64
    }

    fn root(&self) -> usize {
        self.root
    }

    fn radius(&self) -> f64 {
        self.radius
    }

    fn shortest_limb(&self) -> f64 {
        MIN_LIMB * self.longer
    }
}

/// How much longer than every other limb a tail is.
const TAIL_RATIO: f64 = 1.4;

/// How many tips lie at or below each segment.
fn leaves_below(segments: &[Segment]) -> Vec<usize> {
    let mut below = vec![0; segments.len()];
    for (s, seg) in segments.iter().enumerate() {
        if seg.leaf {
            let mut at = Some(s);
            while let Some(k) = at {
                below[k] += 1;
                at = segments[k].parent;
            }
        }
    }
    below
}

/// Distance from `p` to the line through `a` and `b`.
fn off_line(p: [f64; 2], a: [f64; 2], b: [f64; 2]) -> f64 {
    let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
    let len = dx.hypot(dy);
    if len < 1e-12 {
        return (p[0] - a[0]).hypot(p[1] - a[1]);
    }
    ((p[0] - a[0]) * dy - (p[1] - a[1]) * dx).abs() / len
}

/// `a`, `b`, … `z`, then `z1`, `z2`, … for a chain's bones.
fn letter(k: usize) -> String {
    if k < 26 {
        char::from(b'a' + k as u8).to_string()
    } else {
        format!("z{}", k - 25)
    }
}
