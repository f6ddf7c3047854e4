//! The curve editor's graph, read-only: [`Curves`] (built by [`Editor::curves`](crate::editor::Editor::curves))
//! gives the current clip's curves of the selected bones' keyed channels, each sampled by the
//! core's own [`Clip::sample`], the view that frames them all, the selected key, what a press in
//! the graph picks, the channel the inspector's interpolation applies to and a key time snapped to
//! the clip ([`crate::curves`] holds the model, [`crate::curve_edits`] the edits).

use glam::DVec2;
use limber_core::animation::{Channel, Clip, Interpolation, KeyRecord};
use limber_core::skeleton::Bone;

use crate::curve_edits::CurveError;
use crate::curves::{CURVE_SAMPLES, Curve, CurveEditor, CurveHit, CurveKey, CurveKeyId, CurveView};
use crate::editor::Editor;
use crate::selection::KeyId;
use crate::tools::curve_drag::PICK_RADIUS;

/// The current clip's curves of the selected bones and the curve editor's state.
#[derive(Debug, Clone, Copy)]
pub struct Curves<'a> {
    clip: Option<&'a Clip>,
    bones: &'a [Bone],
    selected: &'a [usize],
    key: Option<&'a KeyId>,
    state: &'a CurveEditor,
}

impl Editor {
    /// The current clip's curves of the selected bones, with the curve editor's state. (The
    /// feature's one accessor lives here, not in `editor.rs`.)
    pub fn curves(&self) -> Curves<'_> {
        Curves::new(
            self.current_clip(),
            &self.document.project.rig.skeleton.bones,
            self.selection.bones(),
            self.selection.key(),
            &self.curves,
        )
    }
}

impl<'a> Curves<'a> {
    pub(crate) fn new(
        clip: Option<&'a Clip>,
        bones: &'a [Bone],
        selected: &'a [usize],
        key: Option<&'a KeyId>,
        state: &'a CurveEditor,
    ) -> Self {
        Self {
            clip,
            bones,
            selected,
            key,
            state,
        }
    }

    /// The selected bones' keyed channels, hidden ones left out; or why there are none.
    pub fn shown(&self) -> Result<Vec<Curve>, CurveError> {
        let clip = self.clip.ok_or(CurveError::NoClip)?;
        let selected: Vec<usize> = self
            .selected
            .iter()
            .copied()
            .filter(|&b| b < self.bones.len())
            .collect();
        if selected.is_empty() {
            return Err(CurveError::NoBoneSelected);
        }
        // Every selected bone's channels, the primary bone's last (drawn on top).
        Ok(selected
            .into_iter()
            .flat_map(|bone| bone_curves(clip, bone, &self.bones[bone].name, self.state))
            .collect())
    }

    /// The view that fits every curve shown (keys, samples and the selected key's handles): the
    /// clip's whole time, the values with a margin.
    pub fn frame_all_view(&self) -> Option<CurveView> {
        let clip = self.clip?;
        let curves = self.shown().unwrap_or_default();
        let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
        for curve in &curves {
            for p in &curve.points {
                lo = lo.min(p.y);
                hi = hi.max(p.y);
            }
            if let Some(i) = self.selected_key(curve) {
                for h in curve.handles(i).into_iter().flatten() {
                    lo = lo.min(h.y);
                    hi = hi.max(h.y);
                }
            }
        }
        if !(lo.is_finite() && hi.is_finite()) {
            (lo, hi) = (-1.0, 1.0);
        }
        let margin = ((hi - lo) * 0.1).max(0.5);
        Some(CurveView {
            time: [0.0, clip.duration],
            value: [lo - margin, hi + margin],
        })
    }

    /// The index in `curve` of the selected key, when it is on this curve.
    pub fn selected_key(&self, curve: &Curve) -> Option<usize> {
        let id = self.state.selected.as_ref()?;
        if id.bone != curve.bone || id.channel != curve.channel {
            return None;
        }
        curve.key_index(id.time)
    }

    /// A time for a key of the current clip: on a frame when the clip has a frame rate, else on
    /// 0.01 s, within the clip.
    pub fn snap_time(&self, t: f64) -> f64 {
        let Some(clip) = self.clip else {
            return t;
        };
        let step = clip.fps.map_or(100.0, f64::from);
        ((t * step).round() / step).clamp(0.0, clip.duration)
    }

    /// What is under screen point `at` in the graph as last drawn: a handle of the selected key
    /// first, then the nearest key point within [`PICK_RADIUS`].
    pub fn hit(&self, at: DVec2) -> Option<CurveHit> {
        let frame = self.state.frame?;
        let curves = self.shown().ok()?;
        let near = |p: DVec2| {
            let d = frame.to_screen(p).distance(at);
            (d <= PICK_RADIUS).then_some(d)
        };
        for curve in &curves {
            if let Some(i) = self.selected_key(curve)
                && let Some(handles) = curve.handles(i)
            {
                for (which, h) in handles.iter().enumerate() {
                    if near(*h).is_some() {
                        return Some(CurveHit::Handle(id(curve, curve.keys[i].time), which));
                    }
                }
            }
        }
        curves
            .iter()
            .flat_map(|c| c.keys.iter().map(move |k| (c, k)))
            .filter_map(|(c, k)| near(DVec2::new(k.time, k.value)).map(|d| (d, id(c, k.time))))
            .min_by(|a, b| a.0.total_cmp(&b.0))
            .map(|(_, key)| CurveHit::Key(key))
    }

    /// The graph point of what `hit` picked, now.
    pub fn hit_point(&self, hit: &CurveHit) -> Option<DVec2> {
        let curves = self.shown().ok()?;
        let (key, handle) = match hit {
            CurveHit::Key(key) => (key, None),
            CurveHit::Handle(key, which) => (key, Some(*which)),
        };
        let curve = curves
            .iter()
            .find(|c| c.bone == key.bone && c.channel == key.channel)?;
        let i = curve.key_index(key.time)?;
        match handle {
            None => Some(DVec2::new(key.time, curve.keys[i].value)),
            Some(which) => curve.handles(i).map(|h| h[which]),
        }
    }

    /// The channel the inspector's interpolation choice applies to: the one whose key the curve
    /// editor (open) has selected, when that is the inspector's selected key; `None`: every
    /// channel of the key.
    pub fn interp_channel(&self) -> Option<Channel> {
        let picked = self.state.selected.as_ref().filter(|_| self.state.open)?;
        let (bone, time) = self.key?;
        (picked.bone == *bone && picked.time == *time).then_some(picked.channel)
    }

    /// The interpolation the inspector shows for `key`: that of the channel it applies to
    /// ([`Curves::interp_channel`]), else the one the key's keyed channels share; `None` when
    /// they differ.
    pub fn interpolation_shown(&self, key: &KeyRecord) -> Option<Interpolation> {
        if let Some(channel) = self.interp_channel() {
            return Some(key.interp[channel]);
        }
        let mut keyed = Channel::ALL
            .into_iter()
            .filter(|c| c.of_key(key).is_some())
            .map(|c| key.interp[c]);
        let first = keyed.next().unwrap_or(key.interp.rotate);
        keyed.all(|i| i == first).then_some(first)
    }
}

fn id(curve: &Curve, time: f64) -> CurveKeyId {
    CurveKeyId {
        bone: curve.bone.clone(),
        time,
        channel: curve.channel,
    }
}

/// The curves of bone `bone` (called `name`) in `clip`: its keyed channels not hidden in `state`.
fn bone_curves(clip: &Clip, bone: usize, name: &str, state: &CurveEditor) -> Vec<Curve> {
    let record = clip.to_record();
    let mut curves: Vec<Curve> = Channel::ALL
        .iter()
        .filter(|&&c| !state.is_hidden(c))
        .map(|&channel| {
            let mut keys: Vec<CurveKey> = record
                .keys
                .iter()
                .filter(|k| k.bone == name)
                .filter_map(|k| {
                    channel.of_key(k).map(|value| CurveKey {
                        time: k.time,
                        value,
                        interp: k.interp[channel],
                    })
                })
                .collect();
            keys.sort_by(|a, b| a.time.total_cmp(&b.time));
            Curve {
                bone: name.to_string(),
                channel,
                keys,
                points: Vec::new(),
            }
        })
        .filter(|c| !c.keys.is_empty())
        .collect();
    if curves.is_empty() {
        return curves;
    }
    for t in sample_times(clip, &curves) {
        let pose = clip.sample(t);
        let Some(bone_pose) = pose.bones.get(bone) else {
            continue;
        };
        for curve in &mut curves {
            curve
                .points
                .push(DVec2::new(t, curve.channel.of_pose(bone_pose)));
        }
    }
    curves
}

/// Where the curves are sampled: evenly over the clip and at every key. A looping clip's end is its
/// start again, so its last sample is just before the end.
fn sample_times(clip: &Clip, curves: &[Curve]) -> Vec<f64> {
    let end = if clip.looping {
        clip.duration * (1.0 - 1e-9)
    } else {
        clip.duration
    };
    let mut times: Vec<f64> = (0..=CURVE_SAMPLES)
        .map(|i| end * i as f64 / CURVE_SAMPLES as f64)
        .chain(
            curves
                .iter()
                .flat_map(|c| c.keys.iter().map(|k| k.time))
                .filter(|&t| t <= end),
        )
        .collect();
    times.sort_by(f64::total_cmp);
    times.dedup();
    times
}
