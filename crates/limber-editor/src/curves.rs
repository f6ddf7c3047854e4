//! The curve editor's model (no UI toolkit): every selected bone's keyed channels — rotation,
//! translate x/y, scale x/y — as curves over the current clip's time, the graph's view (which times
//! and values it shows, where it was drawn on screen) and frame-all. Each curve has its keys (time,
//! value, interpolation) and a polyline sampled by the core's own [`Clip::sample`], so the graph
//! draws exactly what sampling gives; interpolation is never re-implemented here. Each key's
//! interpolation is its channel's own (a key's channels each have one). Editing the curves (moving
//! keys, Bézier handles, interpolation) is `curve_edits.rs`, the graph's drag `tools/curve_drag.rs`.

use glam::DVec2;
use limber_core::animation::curve::{EASE_IN_OUT, InterpolationName};
use limber_core::animation::{Clip, Interpolation, KeyRecord};
use limber_core::pose::BonePose;

use crate::editor::Editor;

/// Evenly spaced samples per curve (the keys' own times are sampled too).
pub const CURVE_SAMPLES: usize = 240;

/// A keyable channel of a bone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Channel {
    /// Degrees, counter-clockwise on screen.
    Rotate,
    TranslateX,
    TranslateY,
    ScaleX,
    ScaleY,
}

impl Channel {
    pub const ALL: [Channel; 5] = [
        Channel::Rotate,
        Channel::TranslateX,
        Channel::TranslateY,
        Channel::ScaleX,
        Channel::ScaleY,
    ];

    /// Its place in [`Channel::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// As the legend names it.
    pub fn name(self) -> &'static str {
        match self {
            Channel::Rotate => "rotation",
            Channel::TranslateX => "translate x",
            Channel::TranslateY => "translate y",
            Channel::ScaleX => "scale x",
            Channel::ScaleY => "scale y",
        }
    }

    /// The channel's value in a key, if the key has the channel.
    pub fn of_key(self, key: &KeyRecord) -> Option<f64> {
        match self {
            Channel::Rotate => key.rotate,
            Channel::TranslateX => key.translate.map(|v| v[0]),
            Channel::TranslateY => key.translate.map(|v| v[1]),
            Channel::ScaleX => key.scale.map(|v| v[0]),
            Channel::ScaleY => key.scale.map(|v| v[1]),
        }
    }

    /// Sets the channel's value in a key that has the channel; returns whether it had it.
    pub fn set(self, key: &mut KeyRecord, value: f64) -> bool {
        let slot = match self {
            Channel::Rotate => key.rotate.as_mut(),
            Channel::TranslateX => key.translate.as_mut().map(|v| &mut v[0]),
            Channel::TranslateY => key.translate.as_mut().map(|v| &mut v[1]),
            Channel::ScaleX => key.scale.as_mut().map(|v| &mut v[0]),
            Channel::ScaleY => key.scale.as_mut().map(|v| &mut v[1]),
        };
        match slot {
            Some(slot) => {
                *slot = value;
                true
            }
            None => false,
        }
    }

    /// The channel's value in a sampled bone pose (rotation back in degrees).
    pub fn of_pose(self, pose: &BonePose) -> f64 {
        match self {
            Channel::Rotate => pose.rotate.to_degrees(),
            Channel::TranslateX => pose.translate[0],
            Channel::TranslateY => pose.translate[1],
            Channel::ScaleX => pose.scale[0],
            Channel::ScaleY => pose.scale[1],
        }
    }

    /// The change from `from` to `to` that sampling makes (rotation goes the shorter way round).
    pub fn delta(self, from: f64, to: f64) -> f64 {
        if self != Channel::Rotate {
            return to - from;
        }
        let d = (to - from).rem_euclid(360.0);
        if d > 180.0 { d - 360.0 } else { d }
    }
}

/// A key of one channel.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CurveKey {
    pub time: f64,
    pub value: f64,
    /// Towards the channel's next key.
    pub interp: Interpolation,
}

/// One channel of one bone over the clip.
#[derive(Debug, Clone, PartialEq)]
pub struct Curve {
    pub bone: String,
    pub channel: Channel,
    /// Sorted by time.
    pub keys: Vec<CurveKey>,
    /// (time, value) as [`Clip::sample`] gives it, sorted by time.
    pub points: Vec<DVec2>,
}

impl Curve {
    /// The Bézier handles of the segment after key `i` as graph points (time, value): the curve's
    /// two inner control points. `None` for the last key and a stepped one.
    pub fn handles(&self, i: usize) -> Option<[DVec2; 2]> {
        let (a, b) = (self.keys.get(i)?, self.keys.get(i + 1)?);
        let [x1, y1, x2, y2] = bezier_handles(a.interp)?;
        let (dt, dv) = (b.time - a.time, self.channel.delta(a.value, b.value));
        Some([
            DVec2::new(a.time + x1 * dt, a.value + y1 * dv),
            DVec2::new(a.time + x2 * dt, a.value + y2 * dv),
        ])
    }

    /// The index of the key at `time`.
    pub fn key_index(&self, time: f64) -> Option<usize> {
        self.keys.iter().position(|k| k.time == time)
    }

    /// The drawn point at exactly `time`, if the polyline has one there.
    pub fn point_at(&self, time: f64) -> Option<DVec2> {
        self.points.iter().copied().find(|p| p.x == time)
    }
}

/// An interpolation as explicit Bézier handles: linear is the straight curve, the named ease its
/// handles; stepped has none.
pub fn bezier_handles(interp: Interpolation) -> Option<[f64; 4]> {
    match interp {
        Interpolation::Named(InterpolationName::Stepped) => None,
        Interpolation::Named(InterpolationName::Linear) => {
            Some([1.0 / 3.0, 1.0 / 3.0, 2.0 / 3.0, 2.0 / 3.0])
        }
        Interpolation::Named(InterpolationName::Bezier) => Some(EASE_IN_OUT),
        Interpolation::Bezier(handles) => Some(handles),
    }
}

/// A key of a channel of a bone: what the graph selects and drags.
#[derive(Debug, Clone, PartialEq)]
pub struct CurveKeyId {
    pub bone: String,
    pub time: f64,
    pub channel: Channel,
}

/// The times and values the graph shows.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CurveView {
    pub time: [f64; 2],
    pub value: [f64; 2],
}

/// The graph's place on screen (points) and its view: the mapping between the two.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GraphFrame {
    pub min: DVec2,
    pub max: DVec2,
    pub view: CurveView,
}

impl GraphFrame {
    /// The screen point of graph point (time, value).
    pub fn to_screen(&self, p: DVec2) -> DVec2 {
        let [t0, t1] = self.view.time;
        let [v0, v1] = self.view.value;
        DVec2::new(
            self.min.x + (p.x - t0) / (t1 - t0) * (self.max.x - self.min.x),
            self.max.y - (p.y - v0) / (v1 - v0) * (self.max.y - self.min.y),
        )
    }

    /// The graph point (time, value) under screen point `s`.
    pub fn to_graph(&self, s: DVec2) -> DVec2 {
        let [t0, t1] = self.view.time;
        let [v0, v1] = self.view.value;
        DVec2::new(
            t0 + (s.x - self.min.x) / (self.max.x - self.min.x) * (t1 - t0),
            v0 + (self.max.y - s.y) / (self.max.y - self.min.y) * (v1 - v0),
        )
    }
}

/// The curve editor's state (not saved).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CurveEditor {
    /// Whether the graph panel shows.
    pub open: bool,
    /// Channels hidden from the graph, by [`Channel::index`].
    pub hidden: [bool; 5],
    /// What the graph shows; `None`: everything (frame all) at its next drawing.
    pub view: Option<CurveView>,
    /// Where the graph was last drawn, with its view.
    pub frame: Option<GraphFrame>,
    /// The key whose handles show.
    pub selected: Option<CurveKeyId>,
    /// The drag in progress (`tools/curve_drag.rs`).
    pub drag: Option<crate::tools::curve_drag::CurveDrag>,
}

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
