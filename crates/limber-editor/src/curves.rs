//! The curve editor's model (no UI toolkit): every selected bone's keyed channels — rotation,
//! translate x/y, scale x/y — as curves over the current clip's time, the graph's view (which times
//! and values it shows, where it was drawn on screen) and frame-all. Each curve has its keys (time,
//! value, interpolation) and a polyline sampled by the core's own `Clip::sample`, so the graph
//! draws exactly what sampling gives; interpolation is never re-implemented here. Each key's
//! interpolation is its channel's own (a key's channels each have one). Editing the curves (moving
//! keys, Bézier handles, interpolation) is `curve_edits.rs`, the graph's drag `tools/curve_drag.rs`
//! (its state, [`CurveDrag`], is here), the editor's curves of its selected bones
//! `curve_graph.rs`, the panel's changes of the graph's state the curve command
//! (`actions/curve.rs`). The channels are the core's [`Channel`].

use glam::DVec2;
use limber_core::animation::curve::{EASE_IN_OUT, InterpolationName};
use limber_core::animation::{Channel, Interpolation};

/// Evenly spaced samples per curve (the keys' own times are sampled too).
pub const CURVE_SAMPLES: usize = 240;

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
    /// (time, value) as [`Clip::sample`](limber_core::animation::Clip::sample) gives it, sorted by time.
    pub points: Vec<DVec2>,
}

impl Curve {
    /// The Bézier handles of the segment after key `i` as graph points (time, value): the curve's
    /// two inner control points. `None` for the last key and a stepped one.
    pub fn handles(&self, i: usize) -> Option<[DVec2; 2]> {
        let (a, b) = (self.keys.get(i)?, self.keys.get(i + 1)?);
        let dt = b.time - a.time;
        let ([x1, x2], [_, v1, v2, _]) = a
            .interp
            .bezier_controls(a.value, a.value + self.channel.delta(a.value, b.value))?;
        Some([
            DVec2::new(a.time + x1 * dt, v1),
            DVec2::new(a.time + x2 * dt, v2),
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

/// An interpolation as explicit normalised Bézier handles: linear is the straight curve, the named
/// ease its handles; stepped and handles in value offsets have none.
pub fn bezier_handles(interp: Interpolation) -> Option<[f64; 4]> {
    match interp {
        Interpolation::Named(InterpolationName::Stepped) => None,
        Interpolation::Named(InterpolationName::Linear) => {
            Some([1.0 / 3.0, 1.0 / 3.0, 2.0 / 3.0, 2.0 / 3.0])
        }
        Interpolation::Named(InterpolationName::Bezier) => Some(EASE_IN_OUT),
        Interpolation::Bezier(handles) => Some(handles),
        // Offsets have no normalised form on a flat segment.
        Interpolation::Handles { .. } => None,
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
    /// Channels hidden from the graph.
    pub hidden: Vec<Channel>,
    /// What the graph shows; `None`: everything (frame all) at its next drawing.
    pub view: Option<CurveView>,
    /// Where the graph was last drawn, with its view.
    pub frame: Option<GraphFrame>,
    /// The key whose handles show.
    pub selected: Option<CurveKeyId>,
}

impl CurveEditor {
    /// Whether `channel` is hidden from the graph.
    pub fn is_hidden(&self, channel: Channel) -> bool {
        self.hidden.contains(&channel)
    }

    /// Hides a channel from the graph or shows it again.
    pub fn set_hidden(&mut self, channel: Channel, hidden: bool) {
        self.hidden.retain(|&c| c != channel);
        if hidden {
            self.hidden.push(channel);
        }
    }

    /// Sets the view and the drawn frame's view with it (so picks this frame use the new mapping).
    pub fn set_view_drawn(&mut self, view: CurveView) {
        self.view = Some(view);
        if let Some(frame) = self.frame.as_mut() {
            frame.view = view;
        }
    }

    /// Whether the graph, about to be drawn `size` screen points large, was last drawn another
    /// size (the panel was resized) or not drawn: then it frames all again.
    pub fn resized(&self, size: DVec2) -> bool {
        let drawn = self.frame.map(|f| f.max - f.min);
        drawn.is_none_or(|d| (d - size).abs().max_element() > 0.5)
    }
}

/// What a press in the graph picked.
#[derive(Debug, Clone, PartialEq)]
pub enum CurveHit {
    Key(CurveKeyId),
    /// Handle 0 (x1, y1) or 1 (x2, y2) of the segment after the key, on the key's channel.
    Handle(CurveKeyId, usize),
}

impl CurveHit {
    /// The key picked (or whose handle was).
    pub fn key(&self) -> &CurveKeyId {
        match self {
            CurveHit::Key(key) | CurveHit::Handle(key, _) => key,
        }
    }
}

/// The graph's drag in progress (its tool: `tools/curve_drag.rs`).
#[derive(Debug, Clone, PartialEq)]
pub struct CurveDrag {
    pub hit: CurveHit,
    /// The key where it is now (its time moves with a key drag).
    pub(crate) key: CurveKeyId,
    /// Where the press was, in graph (time, value).
    pub(crate) from: DVec2,
    /// The dragged point's graph position at the press.
    pub(crate) start: DVec2,
}
