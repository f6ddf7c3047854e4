//! Secondary motion and transitions, both pure functions of time.
//!
//! - A spring makes a bone's world rotation follow the rotation the clip gives it through a damped
//!   spring (frequency in Hz, damping ratio: 1 = no overshoot). Its state at t is simulated at a
//!   fixed step over a warm-up window before t, long enough for where it started to be forgotten
//!   (five time constants of the spring's slowest decay, at most 10 s), starting at rest: for a
//!   looping clip the motion runs on across the loop point; a one-shot clip starts at its beginning
//!   while t is within the window of it. So a sample costs the same late in a long clip as early.
//!   All of a rig's springs share one simulation (the longest window, the finest step), so a sample
//!   costs O(steps × (bones + springs)) however many springs there are.
//!   Nothing is carried between calls: sampling t twice gives the same pose bit for bit, in any
//!   order.
//! - A crossfade blends two clips' poses over a duration, for previewing a transition.

use glam::DVec2;
use serde::{Deserialize, Serialize};

use super::clip::Clip;
use super::constraint_error::ConstraintError;
use crate::pose::{BonePose, Pose, PoseSolver};
use crate::skeleton::Skeleton;

/// A spring as written.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SpringRecord {
    pub bone: String,
    /// Hz, 0.05–60.
    pub frequency: f64,
    /// Damping ratio, 0.01–10.
    pub damping: f64,
    /// How much of the spring's lag reaches the bone, 0–1 (written only when not 1).
    #[serde(default = "full_mix", skip_serializing_if = "is_full_mix")]
    pub mix: f64,
}

fn full_mix() -> f64 {
    1.0
}

fn is_full_mix(mix: &f64) -> bool {
    *mix == 1.0
}

/// A validated spring.
#[derive(Debug, Clone, PartialEq)]
pub struct Spring {
    pub bone: usize,
    pub frequency: f64,
    pub damping: f64,
    pub mix: f64,
}

impl Spring {
    pub fn from_record(
        record: &SpringRecord,
        skeleton: &Skeleton,
    ) -> Result<Self, ConstraintError> {
        let bone = skeleton
            .index_of(&record.bone)
            .ok_or_else(|| ConstraintError::UnknownBone {
                owner: "a spring".into(),
                bone: record.bone.clone(),
            })?;
        if !(0.05..=60.0).contains(&record.frequency)
            || !(0.01..=10.0).contains(&record.damping)
            || !(0.0..=1.0).contains(&record.mix)
        {
            return Err(ConstraintError::BadSpring {
                bone: record.bone.clone(),
            });
        }
        Ok(Self {
            bone,
            frequency: record.frequency,
            damping: record.damping,
            mix: record.mix,
        })
    }

    pub fn to_record(&self, skeleton: &Skeleton) -> SpringRecord {
        SpringRecord {
            bone: skeleton.bones[self.bone].name.clone(),
            frequency: self.frequency,
            damping: self.damping,
            mix: self.mix,
        }
    }

    fn omega(&self) -> f64 {
        std::f64::consts::TAU * self.frequency
    }

    /// Simulation step: small against the spring's period.
    fn step(&self) -> f64 {
        (1.0 / 240.0f64).min(0.25 / self.omega())
    }

    /// How long before t the simulation starts: five time constants of the slowest decay (the
    /// start is then forgotten to e⁻⁵ ≈ 0.7 %), at most 10 s. An over-damped spring's slow mode
    /// decays at ω(ζ − √(ζ² − 1)), slower than ω.
    fn warm_up(&self) -> f64 {
        let zeta = self.damping;
        let decay = if zeta <= 1.0 {
            zeta * self.omega()
        } else {
            self.omega() * (zeta - (zeta * zeta - 1.0).sqrt())
        };
        (5.0 / decay).min(10.0)
    }

    /// The clip-time window the spring is simulated over to sample time `t`.
    fn window(&self, clip: &Clip, t: f64) -> (f64, f64) {
        let end = clip.local_time(t);
        let start = end - self.warm_up();
        if clip.looping {
            (start, end)
        } else {
            (start.max(0.0), end)
        }
    }
}

/// The pose of `clip` at `t` with `springs` applied. All springs are simulated together over one
/// window (the longest warm-up of any of them) at one step (the finest of any), so each step samples
/// the clip and solves the skeleton once for every spring: a sample costs O(steps × (bones +
/// springs)), not O(springs × steps × bones). The lags are then applied in one pass parents first,
/// so a spring's bone is corrected after the springs of its ancestors.
pub fn sample_with_springs(solver: &PoseSolver, clip: &Clip, springs: &[Spring], t: f64) -> Pose {
    let mut pose = clip.sample(t);
    let active: Vec<&Spring> = springs.iter().filter(|s| s.mix > 0.0).collect();
    // The window of the spring that needs the longest, at the finest step of any.
    let Some(longest) = active
        .iter()
        .max_by(|a, b| a.warm_up().total_cmp(&b.warm_up()))
    else {
        return pose;
    };
    let step = active.iter().map(|s| s.step()).fold(f64::MAX, f64::min);
    let (start, end) = longest.window(clip, t);
    let steps = ((end - start) / step).ceil().max(0.0) as usize;
    let dt = if steps > 0 {
        (end - start) / steps as f64
    } else {
        0.0
    };
    let angle = |m: &glam::DAffine2| m.matrix2.x_axis.y.atan2(m.matrix2.x_axis.x);
    let world_angles = |s: f64, out: &mut Vec<f64>| {
        let world = solver.world(&clip.sample(s));
        out.clear();
        out.extend(active.iter().map(|spring| angle(&world[spring.bone])));
    };
    let mut targets = Vec::with_capacity(active.len());
    world_angles(start, &mut targets);
    let mut x = targets.clone();
    let mut v = vec![0.0; active.len()];
    for k in 1..=steps {
        world_angles(start + k as f64 * dt, &mut targets);
        for (i, spring) in active.iter().enumerate() {
            let (omega, zeta) = (spring.omega(), spring.damping);
            let error = wrap(targets[i] - x[i]);
            v[i] += (omega * omega * error - 2.0 * zeta * omega * v[i]) * dt;
            x[i] += v[i] * dt;
        }
    }
    // Springs by bone, in their written order on each bone.
    let mut on_bone: std::collections::HashMap<usize, Vec<usize>> = Default::default();
    for (i, spring) in active.iter().enumerate() {
        on_bone.entry(spring.bone).or_default().push(i);
    }
    solver.world_adjusting(&mut pose, |bone, world, offset| {
        let Some(list) = on_bone.get(&bone) else {
            return false;
        };
        // Each spring on the bone pulls its world angle towards the spring's; the world angle moves
        // with the bone's rotation, so the corrections add up as they did one by one.
        let mut current = angle(world);
        for &i in list {
            let lag = wrap(x[i] - current);
            offset.rotate -= lag * active[i].mix;
            current -= lag * active[i].mix;
        }
        true
    });
    pose
}

fn wrap(angle: f64) -> f64 {
    let a = (angle + std::f64::consts::PI).rem_euclid(std::f64::consts::TAU) - std::f64::consts::PI;
    if a == -std::f64::consts::PI {
        std::f64::consts::PI
    } else {
        a
    }
}

/// Blends two poses: weight 0 gives `a`, 1 gives `b`; rotations take the shorter way.
pub fn blend_poses(a: &Pose, b: &Pose, weight: f64) -> Pose {
    let w = weight.clamp(0.0, 1.0);
    let n = a.bones.len().max(b.bones.len());
    let bones = (0..n)
        .map(|i| {
            let (pa, pb) = (
                a.bones.get(i).copied().unwrap_or_default(),
                b.bones.get(i).copied().unwrap_or_default(),
            );
            let lerp = |x: [f64; 2], y: [f64; 2]| {
                (DVec2::from(x) + (DVec2::from(y) - DVec2::from(x)) * w).to_array()
            };
            BonePose {
                rotate: pa.rotate + wrap(pb.rotate - pa.rotate) * w,
                translate: lerp(pa.translate, pb.translate),
                scale: lerp(pa.scale, pb.scale),
                shear: lerp(pa.shear, pb.shear),
                // A mode cannot be blended: the pose weighted more gives it.
                inherit: if w < 0.5 { pa.inherit } else { pb.inherit },
            }
        })
        .collect();
    Pose { bones }
}

/// A transition from one clip to another: `to` starts at `start` (seconds) and takes over
/// completely after `duration`.
#[derive(Debug, Clone, Copy)]
pub struct Crossfade<'a> {
    pub from: &'a Clip,
    pub to: &'a Clip,
    pub start: f64,
    pub duration: f64,
}

impl Crossfade<'_> {
    pub fn sample(&self, t: f64) -> Pose {
        let weight = if self.duration > 0.0 {
            (t - self.start) / self.duration
        } else if t >= self.start {
            1.0
        } else {
            0.0
        };
        blend_poses(
            &self.from.sample(t),
            &self.to.sample(t - self.start),
            weight,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::animation::{ClipRecord, Interpolation, KeyRecord};
    use crate::skeleton::Bone;

    /// A chain of `n` bones swinging, with a spring on each of the last `springs`.
    fn chain(n: usize, springs: usize) -> (Skeleton, Clip, Vec<Spring>) {
        let bones = (0..n)
            .map(|i| {
                let x = i as f64 * 10.0;
                Bone::new(
                    &format!("b{i}"),
                    i.checked_sub(1),
                    [x, 0.0],
                    [x + 10.0, 0.0],
                )
            })
            .collect();
        let skeleton = Skeleton::new(bones).unwrap();
        let key = |time: f64, rotate: f64| KeyRecord {
            shear: None,
            inherit: None,
            bone: "b0".into(),
            time,
            rotate: Some(rotate),
            translate: None,
            scale: None,
            interp: Interpolation::LINEAR.into(),
        };
        let record = ClipRecord {
            name: "swing".into(),
            duration: 2.0,
            looping: true,
            keys: vec![key(0.0, 0.0), key(1.0, 40.0)],
            parts: vec![],
            slots: Vec::new(),
            constraints: vec![],
            paths: Vec::new(),
            fps: None,
            events: vec![],
        };
        let clip = Clip::from_record(&record, &skeleton).unwrap();
        let springs = (n - springs..n)
            .map(|i| {
                let record = SpringRecord {
                    bone: format!("b{i}"),
                    frequency: 2.0,
                    damping: 0.5,
                    mix: 1.0,
                };
                Spring::from_record(&record, &skeleton).unwrap()
            })
            .collect();
        (skeleton, clip, springs)
    }

    #[test]
    fn many_springs_cost_about_what_one_does() {
        // Every spring shares one simulation: 200 springs on a 200-bone chain cost little more than
        // one (one by one they cost 200 times as much). Best of several runs, with a wide margin.
        let time = |springs: usize| {
            let (skeleton, clip, springs) = chain(200, springs);
            let solver = PoseSolver::new(&skeleton).unwrap();
            (0..5)
                .map(|_| {
                    let started = std::time::Instant::now();
                    std::hint::black_box(sample_with_springs(&solver, &clip, &springs, 1.3));
                    started.elapsed().as_secs_f64()
                })
                .fold(f64::MAX, f64::min)
        };
        let (one, all) = (time(1), time(200));
        assert!(all < one * 20.0, "1 spring {one} s, 200 springs {all} s");
    }

    fn rig() -> Skeleton {
        Skeleton::new(vec![
            Bone::new("body", None, [0.0, 0.0], [10.0, 0.0]),
            Bone::new("tail", Some(0), [10.0, 0.0], [30.0, 0.0]),
        ])
        .unwrap()
    }

    fn swing(looping: bool) -> Clip {
        let key = |time: f64, rotate: f64| KeyRecord {
            shear: None,
            inherit: None,
            bone: "body".into(),
            time,
            rotate: Some(rotate),
            translate: None,
            scale: None,
            interp: Interpolation::STEPPED.into(),
        };
        let record = ClipRecord {
            name: "swing".into(),
            duration: 2.0,
            looping,
            keys: vec![key(0.0, 0.0), key(0.5, 60.0)],
            parts: vec![],
            slots: Vec::new(),
            constraints: vec![],
            paths: Vec::new(),
            fps: None,
            events: vec![],
        };
        Clip::from_record(&record, &rig()).unwrap()
    }

    #[test]
    fn a_spring_lags_settles_and_replays_exactly() {
        let skeleton = rig();
        let solver = PoseSolver::new(&skeleton).unwrap();
        let clip = swing(false);
        let spring = Spring::from_record(
            &SpringRecord {
                bone: "tail".into(),
                frequency: 2.0,
                damping: 0.3,
                mix: 1.0,
            },
            &skeleton,
        )
        .unwrap();
        let tail_angle = |t: f64| {
            let pose = sample_with_springs(&solver, &clip, std::slice::from_ref(&spring), t);
            let axis = solver.world(&pose)[1].matrix2.x_axis;
            -axis.y.atan2(axis.x).to_degrees() // counter-clockwise on screen
        };
        // Just after the body snaps to 60°, the tail still points nearly where it was.
        assert!(tail_angle(0.52) < 20.0, "{}", tail_angle(0.52));
        // An under-damped spring overshoots, then settles on the body's angle.
        let peak = (0..100)
            .map(|k| tail_angle(0.5 + k as f64 * 0.01))
            .fold(f64::MIN, f64::max);
        assert!(peak > 65.0, "peak {peak}");
        assert!((tail_angle(2.0) - 60.0).abs() < 1.0);
        // Pure: the same t gives the same bits, whatever was sampled before.
        let once = sample_with_springs(&solver, &clip, std::slice::from_ref(&spring), 0.8);
        let _ = sample_with_springs(&solver, &clip, std::slice::from_ref(&spring), 1.9);
        assert_eq!(once, sample_with_springs(&solver, &clip, &[spring], 0.8));
    }

    /// A one-shot clip of `seconds` in which the body swings between 0° and 40° every half second.
    fn long_swing(seconds: f64) -> Clip {
        let keys = (0..(seconds * 2.0) as usize)
            .map(|k| KeyRecord {
                shear: None,
                inherit: None,
                bone: "body".into(),
                time: k as f64 * 0.5,
                rotate: Some(if k % 2 == 0 { 0.0 } else { 40.0 }),
                translate: None,
                scale: None,
                interp: Interpolation::LINEAR.into(),
            })
            .collect();
        let record = ClipRecord {
            name: "long".into(),
            duration: seconds,
            looping: false,
            keys,
            parts: vec![],
            slots: Vec::new(),
            constraints: vec![],
            paths: Vec::new(),
            fps: None,
            events: vec![],
        };
        Clip::from_record(&record, &rig()).unwrap()
    }

    #[test]
    fn late_in_a_long_one_shot_clip_a_spring_is_simulated_over_a_bounded_window_and_agrees_with_the_whole_history()
     {
        let skeleton = rig();
        let solver = PoseSolver::new(&skeleton).unwrap();
        let clip = long_swing(60.0);
        let spring = Spring::from_record(
            &SpringRecord {
                bone: "tail".into(),
                frequency: 1.5,
                damping: 0.4,
                mix: 1.0,
            },
            &skeleton,
        )
        .unwrap();
        // The window stays bounded however late t is; early on it starts at the clip's start.
        let (start, end) = spring.window(&clip, 55.0);
        assert!(end - start <= 10.0 && end == 55.0, "{start}..{end}");
        assert_eq!(spring.window(&clip, 0.5).0, 0.0);
        // The same spring simulated over the whole history from 0, at the same step.
        let world_angle = |s: f64| {
            let axis = solver.world(&clip.sample(s))[1].matrix2.x_axis;
            axis.y.atan2(axis.x)
        };
        let t = 55.25;
        let steps = (t / spring.step()).ceil() as usize;
        let dt = t / steps as f64;
        let (omega, zeta) = (spring.omega(), spring.damping);
        let (mut x, mut v) = (world_angle(0.0), 0.0);
        for k in 1..=steps {
            let error = wrap(world_angle(k as f64 * dt) - x);
            v += (omega * omega * error - 2.0 * zeta * omega * v) * dt;
            x += v * dt;
        }
        let pose = sample_with_springs(&solver, &clip, std::slice::from_ref(&spring), t);
        let axis = solver.world(&pose)[1].matrix2.x_axis;
        let windowed = axis.y.atan2(axis.x);
        // The spring lags the swing by degrees here; the forgotten start is worth e⁻⁵ of that.
        let lag = wrap(x - world_angle(t)).to_degrees().abs();
        let gap = wrap(windowed - x).to_degrees().abs();
        assert!(lag > 2.0, "the spring should lag the swing: {lag}°");
        assert!(
            gap < 0.02 * lag.max(1.0),
            "windowed vs whole history: {gap}° (lag {lag}°)"
        );
    }

    #[test]
    fn an_over_damped_spring_warms_up_for_its_slow_decay() {
        let skeleton = rig();
        let spring = |frequency: f64, damping: f64| {
            Spring::from_record(
                &SpringRecord {
                    bone: "tail".into(),
                    frequency,
                    damping,
                    mix: 1.0,
                },
                &skeleton,
            )
            .unwrap()
        };
        // ζ = 4: the slow mode decays at ω(4 − √15) ≈ 0.127 ω, so five time constants are
        // ~7.9× those of a critically damped spring.
        let ratio = spring(2.0, 4.0).warm_up() / spring(2.0, 1.0).warm_up();
        assert!((ratio - 1.0 / (4.0 - 15f64.sqrt())).abs() < 1e-9, "{ratio}");
        assert_eq!(spring(0.5, 10.0).warm_up(), 10.0, "at most 10 s");
    }

    #[test]
    fn a_crossfade_blends_from_one_clip_to_the_other() {
        let a = swing(true);
        let b = swing(false);
        let fade = Crossfade {
            from: &a,
            to: &b,
            start: 1.0,
            duration: 0.5,
        };
        assert_eq!(fade.sample(0.9), a.sample(0.9));
        assert_eq!(fade.sample(1.6), b.sample(0.6));
        let mid = fade.sample(1.25).bones[0].rotate.to_degrees();
        // a at 1.25 s is at 60°, b at 0.25 s at 0°: half way is 30°.
        assert!((mid - 30.0).abs() < 1e-9, "{mid}");
    }
}
