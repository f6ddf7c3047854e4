//! A figure's bones as they are made ([`Rig`]): each bone along a stretch of a centred path (or
//! between two free points), named with the island's prefix, dropped when shorter than the
//! shortest bone, and every path cell it covers remembered as its own so that other chains can
//! hang from it; a limb of three bones with its inner joints near a figure's proportions.

use std::collections::HashMap;

use crate::rig::BoneRecord;

use super::chains::{Island, MIN_BONE};
use super::joints::Profile;

/// A hand or a foot is a bone of its own from this share of the joint spacing: they are short.
const END_SHARE: f64 = 0.6;

/// The bones made so far and which bone each path cell belongs to.
pub(super) struct Rig<'a> {
    island: &'a Island<'a>,
    pub(super) bones: Vec<BoneRecord>,
    /// The bone each path cell belongs to.
    pub(super) owner: HashMap<usize, String>,
}

impl<'a> Rig<'a> {
    pub(super) fn new(island: &'a Island<'a>) -> Self {
        Self {
            island,
            bones: Vec::new(),
            owner: HashMap::new(),
        }
    }

    /// A bone along `cells[from..=to]` (indices into `profile` too); returns the name children
    /// hang from: this bone's, or `parent` when the stretch is too short for a bone.
    pub(super) fn bone(
        &mut self,
        name: &str,
        parent: Option<String>,
        profile: &Profile,
        from: usize,
        to: usize,
        cells: &[usize],
    ) -> Option<String> {
        let made = self.free_bone(
            name,
            parent.clone(),
            profile.points[from],
            profile.points[to],
        );
        let owner = made.clone().or(parent.clone());
        if let Some(owner) = &owner {
            for &c in &cells[from.min(to)..=to.max(from)] {
                self.owner.entry(c).or_insert_with(|| owner.clone());
            }
        }
        owner
    }

    /// A bone from `head` to `tail` when it is long enough; see [`Rig::bone`].
    pub(super) fn free_bone(
        &mut self,
        name: &str,
        parent: Option<String>,
        head: [f64; 2],
        tail: [f64; 2],
    ) -> Option<String> {
        let length = (tail[0] - head[0]).hypot(tail[1] - head[1]);
        if length < MIN_BONE * self.island.longer {
            return parent;
        }
        let name = format!("{}{name}", self.island.prefix);
        self.bones.push(BoneRecord {
            name: name.clone(),
            parent,
            head,
            tail,
            smoothness: None,
            deform: true,
            inherit: Default::default(),
        });
        Some(name)
    }

    /// Leaves out the bones from index `first` on, and the path cells they owned.
    pub(super) fn drop_from(&mut self, first: usize) {
        let dropped: Vec<String> = self.bones.drain(first..).map(|b| b.name).collect();
        self.owner.retain(|_, name| !dropped.contains(name));
    }

    /// A limb of three bones from `start` along `profile`: its two inner joints near their
    /// expected places (fractions of the limb's length from `measured_from`, at least a joint
    /// spacing past `start`), fewer bones when the limb is too short for three.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn limb(
        &mut self,
        names: [&str; 3],
        suffix: &str,
        parent: Option<String>,
        profile: &Profile,
        cells: &[usize],
        start: usize,
        measured_from: usize,
        places: [(f64, f64, f64); 2],
        spacing: f64,
    ) {
        let last = cells.len() - 1;
        let s0 = profile.arc[measured_from.min(start)];
        let length = profile.len() - s0;
        let own = profile.len() - profile.arc[start];
        let floor = profile.arc[start] + spacing;
        let pick = |(lo, mid, hi): (f64, f64, f64)| {
            let (lo, hi) = ((s0 + lo * length).max(floor), (s0 + hi * length).max(floor));
            profile.best_near(lo, hi, (s0 + mid * length).clamp(lo, hi))
        };
        let mut joints = vec![start];
        if own >= 3.0 * spacing {
            let first = pick(places[0]);
            let second = pick(places[1]);
            joints.push(first);
            if profile.arc[second] - profile.arc[first] >= spacing
                && profile.len() - profile.arc[second] >= END_SHARE * spacing
            {
                joints.push(second);
            }
        } else if own >= 2.0 * spacing {
            joints.push(pick(places[0]));
        }
        joints.push(last);
        joints.dedup();
        let mut parent = parent;
        for (k, pair) in joints.windows(2).enumerate() {
            let name = if suffix.is_empty() {
                names[k.min(2)].to_string()
            } else {
                format!("{}_{suffix}", names[k.min(2)])
            };
            parent = self.bone(&name, parent, profile, pair[0], pair[1], cells);
        }
    }
}
