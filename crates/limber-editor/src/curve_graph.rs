//! The editor's curve graph ([`crate::curves`] holds its model): the current clip's curves of the
//! selected bones' keyed channels, each sampled by the core's own [`Clip::sample`], frame-all, the
//! graph's view and hidden channels, and the selected key.

use glam::DVec2;
use limber_core::animation::Clip;

use crate::curves::{CURVE_SAMPLES, Channel, Curve, CurveKey, CurveKeyId, CurveView, GraphFrame};
use crate::editor::Editor;

impl Editor {
    /// The current clip's curves of the selected bone's keyed channels, hidden ones left out; or
    /// why there are none, in words.
    pub fn curves(&self) -> Result<Vec<Curve>, &'static str> {
        let clip = self
            .current_clip()
            .ok_or("no clip: add one in the timeline")?;
        let bones = &self.document.project.rig.skeleton.bones;
        let selected: Vec<usize> = self
            .selection()
            .bones()
            .iter()
            .copied()
            .filter(|&b| b < bones.len())
            .collect();
        if selected.is_empty() {
            return Err("no bone selected: select one to see its curves");
        }
        // Every selected bone's channels, the primary bone's last (drawn on top).
        Ok(selected
            .into_iter()
            .flat_map(|bone| bone_curves(clip, bone, &bones[bone].name, &self.curves.hidden))
            .collect())
    }

    /// The view that fits every curve shown (keys, samples and the selected key's handles): the
    /// clip's whole time, the values with a margin.
    pub fn frame_all_view(&self) -> Option<CurveView> {
        let clip = self.current_clip()?;
        let curves = self.curves().unwrap_or_default();
        let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
        for curve in &curves {
            for p in &curve.points {
                lo = lo.min(p.y);
                hi = hi.max(p.y);
            }
            if let Some(i) = self.selected_curve_key(curve) {
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

    /// Where the graph was drawn this frame, with its view (`None`: not drawn).
    pub fn set_curve_frame(&mut self, frame: Option<GraphFrame>) {
        self.curves.frame = frame;
    }

    /// What the graph shows (`None`: everything, at its next drawing).
    pub fn set_curve_view(&mut self, view: Option<CurveView>) {
        self.curves.view = view;
    }

    /// Selects the key whose handles show.
    pub fn select_curve_key(&mut self, key: Option<CurveKeyId>) {
        self.curves.selected = key;
    }

    /// Hides a channel from the graph or shows it again.
    pub fn set_curve_channel_hidden(&mut self, channel: Channel, hidden: bool) {
        self.curves.hidden[channel.index()] = hidden;
    }

    /// Frame all: the graph shows every curve shown.
    pub fn frame_all_curves(&mut self) {
        self.curves.view = self.frame_all_view();
    }

    /// The graph is about to be drawn `size` screen points large: when that differs from where it
    /// was last drawn (the panel was resized, or it was not drawn), it frames all again.
    pub fn fit_curves_to(&mut self, size: DVec2) {
        let drawn = self.curves.frame.map(|f| f.max - f.min);
        if drawn.is_none_or(|d| (d - size).abs().max_element() > 0.5) {
            self.frame_all_curves();
        }
    }

    /// The index in `curve` of the selected key, when it is on this curve.
    pub fn selected_curve_key(&self, curve: &Curve) -> Option<usize> {
        let id = self.curves.selected.as_ref()?;
        if id.bone != curve.bone || id.channel != curve.channel {
            return None;
        }
        curve.key_index(id.time)
    }
}

/// The curves of bone `bone` (called `name`) in `clip`: its keyed channels not `hidden`.
fn bone_curves(clip: &Clip, bone: usize, name: &str, hidden: &[bool; 5]) -> Vec<Curve> {
    let record = clip.to_record();
    let mut curves: Vec<Curve> = Channel::ALL
        .iter()
        .filter(|c| !hidden[c.index()])
        .map(|&channel| {
            let mut keys: Vec<CurveKey> = record
                .keys
                .iter()
                .filter(|k| k.bone == name)
                .filter_map(|k| {
                    channel.of_key(k).map(|value| CurveKey {
                        time: k.time,
                        value,
                        interp: k.interp.get(channel.index()),
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
