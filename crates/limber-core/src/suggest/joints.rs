//! Where a chain bends or narrows: along a path of cells, the shape's width (twice the distance to
//! the outline, smoothed) and the turn of the path's direction, scored so that a knee, an elbow, a
//! wrist or a neck stands out; then joints picked at the strongest places, no two nearer than a
//! shortest bone, or one near an expected place (a figure's limb proportions).

/// A path of cells seen as a curve: its points, arc length and thickness at each cell (px).
pub struct Profile {
    pub points: Vec<[f64; 2]>,
    /// Arc length from the first point (px).
    pub arc: Vec<f64>,
    /// Distance to the outline (px), smoothed along the path over about its own size.
    pub thickness: Vec<f64>,
    /// How much the path bends or narrows at each point (0: straight and even; about 1: a 45° turn
    /// or a neck a quarter narrower than both sides).
    pub score: Vec<f64>,
}

/// A turn of this angle (radians) scores 1.
const TURN_UNIT: f64 = std::f64::consts::FRAC_PI_4;
/// A narrowing of this fraction of the wider side scores 1.
const NARROW_UNIT: f64 = 0.25;
/// Places scoring under this are not joints of their own.
pub const MIN_SCORE: f64 = 0.6;

impl Profile {
    /// The profile of `points` whose distances to the outline are `raw` (px).
    pub fn new(points: Vec<[f64; 2]>, raw: &[f64]) -> Self {
        let n = points.len();
        let mut arc = vec![0.0; n];
        for k in 1..n {
            let (a, b) = (points[k - 1], points[k]);
            arc[k] = arc[k - 1] + (b[0] - a[0]).hypot(b[1] - a[1]);
        }
        // Smooth the thickness over half its own size either side.
        let thickness: Vec<f64> = (0..n)
            .map(|k| {
                let reach = (0.5 * raw[k]).max(1.0);
                let (lo, hi) = (
                    lower(&arc, arc[k] - reach),
                    upper(&arc, arc[k] + reach).max(k),
                );
                raw[lo..=hi].iter().sum::<f64>() / (hi + 1 - lo) as f64
            })
            .collect();
        let total = arc.last().copied().unwrap_or(0.0);
        let score = (0..n)
            .map(|k| {
                // The turn, seen over about twice the limb's thickness either side.
                let reach = (2.0 * thickness[k]).max(0.04 * total).max(2.0);
                let (lo, hi) = (lower(&arc, arc[k] - reach), upper(&arc, arc[k] + reach));
                let turn = if lo < k && hi > k {
                    angle(points[lo], points[k], points[hi])
                } else {
                    0.0
                };
                // The narrowing: how much thinner than the widest within three thicknesses on
                // each side, the thinner of the two sides counting.
                let wide = (3.0 * thickness[k]).max(2.0);
                let (lo, hi) = (lower(&arc, arc[k] - wide), upper(&arc, arc[k] + wide));
                let before = thickness[lo..=k].iter().copied().fold(0.0, f64::max);
                let after = thickness[k..=hi].iter().copied().fold(0.0, f64::max);
                let narrow = if lo < k && hi > k {
                    (1.0 - thickness[k] / before.min(after).max(1e-9)).max(0.0)
                } else {
                    0.0
                };
                turn / TURN_UNIT + narrow / NARROW_UNIT
            })
            .collect();
        Self {
            points,
            arc,
            thickness,
            score,
        }
    }

    pub fn len(&self) -> f64 {
        self.arc.last().copied().unwrap_or(0.0)
    }

    /// The index whose arc length is nearest `s`.
    pub fn at(&self, s: f64) -> usize {
        let k = lower(&self.arc, s);
        if k + 1 < self.arc.len() && (self.arc[k + 1] - s).abs() < (s - self.arc[k]).abs() {
            k + 1
        } else {
            k
        }
    }

    /// Joints where the path bends or narrows most: local peaks of the score at or above
    /// [`MIN_SCORE`], strongest first, each at least `min_len` along the path from the ends and from
    /// those kept, at most `most`; in order along the path.
    pub fn natural_joints(&self, min_len: f64, most: usize) -> Vec<usize> {
        let n = self.points.len();
        let total = self.len();
        let mut peaks: Vec<usize> = (1..n.saturating_sub(1))
            .filter(|&k| {
                self.score[k] >= MIN_SCORE
                    && self.score[k] >= self.score[k - 1]
                    && self.score[k] >= self.score[k + 1]
            })
            .collect();
        peaks.sort_by(|&a, &b| self.score[b].total_cmp(&self.score[a]).then(a.cmp(&b)));
        let mut kept: Vec<usize> = Vec::new();
        for k in peaks {
            if kept.len() >= most {
                break;
            }
            let s = self.arc[k];
            if s < min_len || total - s < min_len {
                continue;
            }
            if kept.iter().all(|&j| (self.arc[j] - s).abs() >= min_len) {
                kept.push(k);
            }
        }
        kept.sort_unstable();
        kept
    }

    /// The best joint between arc lengths `from` and `to`: the highest score, less a penalty for
    /// the distance from `expected` (all px), so that with nothing standing out the joint falls at
    /// the expected place.
    pub fn best_near(&self, from: f64, to: f64, expected: f64) -> usize {
        let (lo, hi) = (lower(&self.arc, from), upper(&self.arc, to));
        let span = (to - from).max(1e-9);
        let value = |k: usize| self.score[k] - 2.0 * (self.arc[k] - expected).abs() / span;
        (lo..=hi)
            .max_by(|&a, &b| value(a).total_cmp(&value(b)).then(b.cmp(&a)))
            .unwrap_or(lo)
    }
}

/// The first index whose arc length is at least `s` (clamped to the path).
fn lower(arc: &[f64], s: f64) -> usize {
    arc.partition_point(|&a| a < s)
        .min(arc.len().saturating_sub(1))
}

/// The last index whose arc length is at most `s` (clamped to the path).
fn upper(arc: &[f64], s: f64) -> usize {
    arc.partition_point(|&a| a <= s).saturating_sub(1)
}

/// The turn at `b` between the directions a→b and b→c (radians, 0 when straight).
fn angle(a: [f64; 2], b: [f64; 2], c: [f64; 2]) -> f64 {
    let (u, v) = ([b[0] - a[0], b[1] - a[1]], [c[0] - b[0], c[1] - b[1]]);
    let (lu, lv) = (u[0].hypot(u[1]), v[0].hypot(v[1]));
    if lu < 1e-9 || lv < 1e-9 {
        return 0.0;
    }
    ((u[0] * v[0] + u[1] * v[1]) / (lu * lv))
        .clamp(-1.0, 1.0)
        .acos()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bent_even_limb_has_its_joint_at_the_bend() {
        // 40 px right, then 40 px down; 4 px thick all along.
        let mut points: Vec<[f64; 2]> = (0..=40).map(|x| [x as f64, 0.0]).collect();
        points.extend((1..=40).map(|y| [40.0, y as f64]));
        let raw = vec![4.0; points.len()];
        let profile = Profile::new(points, &raw);
        assert_eq!(profile.natural_joints(10.0, 3), vec![40]);
        // Nothing stands out on a straight limb: the expected place wins.
        let straight = Profile::new((0..=80).map(|x| [x as f64, 0.0]).collect(), &raw);
        assert!(straight.natural_joints(10.0, 3).is_empty());
        assert_eq!(straight.best_near(20.0, 60.0, 30.0), 30);
    }

    #[test]
    fn a_straight_limb_narrowing_midway_has_its_joint_there() {
        let points: Vec<[f64; 2]> = (0..=100).map(|x| [x as f64, 0.0]).collect();
        let raw: Vec<f64> = (0..=100)
            .map(|x| 3.0 + (x as f64 - 60.0).abs() * 0.15)
            .collect();
        let profile = Profile::new(points, &raw);
        let joints = profile.natural_joints(10.0, 3);
        assert_eq!(joints.len(), 1, "{joints:?}");
        assert!((joints[0] as i64 - 60).abs() <= 2, "{joints:?}");
        assert!((profile.best_near(20.0, 90.0, 40.0) as i64 - 60).abs() <= 2);
    }
}
