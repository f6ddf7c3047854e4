//! Editing in the curve editor: moving a key of a channel in time and value, setting a key's
//! Bézier handles or its interpolation — each one undo step alone ([`Edit::ReplaceClip`] of the
//! current clip) and usable inside a drag's open step — and the graph's drag: a press on a key point
//! or a handle opens an undo step, moves edit inside it, the release commits it and Esc cancels it,
//! putting the document back exactly. A key's interpolation and time belong to its whole key record
//! (every channel of the bone at that time), as in the core.

use glam::DVec2;
use limber_core::animation::curve::{EASE_IN_OUT, MAX_HANDLE_VALUE};
use limber_core::animation::{ClipRecord, Interpolation};
use limber_core::edit::Edit;

use crate::curves::{CurveKeyId, bezier_handles};
use crate::editor::Editor;

/// How far from a key point or handle a press still picks it (screen points).
pub const PICK_RADIUS: f64 = 7.0;

/// The interpolations the key's context menu offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InterpChoice {
    Stepped,
    Linear,
    EaseInOut,
    EaseIn,
    EaseOut,
    /// Explicit handles (the current curve's, to drag).
    Custom,
}

impl InterpChoice {
    pub const ALL: [InterpChoice; 6] = [
        InterpChoice::Stepped,
        InterpChoice::Linear,
        InterpChoice::EaseInOut,
        InterpChoice::EaseIn,
        InterpChoice::EaseOut,
        InterpChoice::Custom,
    ];

    pub fn name(self) -> &'static str {
        match self {
            InterpChoice::Stepped => "Stepped",
            InterpChoice::Linear => "Linear",
            InterpChoice::EaseInOut => "Ease in-out",
            InterpChoice::EaseIn => "Ease in",
            InterpChoice::EaseOut => "Ease out",
            InterpChoice::Custom => "Custom Bezier",
        }
    }

    /// The interpolation it gives a key that has `current`.
    pub fn interp(self, current: Interpolation) -> Interpolation {
        match self {
            InterpChoice::Stepped => Interpolation::STEPPED,
            InterpChoice::Linear => Interpolation::LINEAR,
            InterpChoice::EaseInOut => Interpolation::Bezier(EASE_IN_OUT),
            InterpChoice::EaseIn => Interpolation::Bezier([0.42, 0.0, 1.0, 1.0]),
            InterpChoice::EaseOut => Interpolation::Bezier([0.0, 0.0, 0.58, 1.0]),
            InterpChoice::Custom => Interpolation::Bezier(bezier_handles(current).unwrap_or([
                1.0 / 3.0,
                1.0 / 3.0,
                2.0 / 3.0,
                2.0 / 3.0,
            ])),
        }
    }
}

/// What a press in the graph picked.
#[derive(Debug, Clone, PartialEq)]
pub enum CurveHit {
    Key(CurveKeyId),
    /// Handle 0 (x1, y1) or 1 (x2, y2) of the segment after the key.
    Handle(CurveKeyId, usize),
}

/// The graph's drag in progress.
#[derive(Debug, Clone, PartialEq)]
pub struct CurveDrag {
    pub hit: CurveHit,
    /// The key where it is now (its time moves with a key drag).
    key: CurveKeyId,
    /// Where the press was, in graph (time, value).
    from: DVec2,
    /// The dragged point's graph position at the press.
    start: DVec2,
}

impl Editor {
    /// The current clip as written, with its name.
    fn clip_record(&self) -> Option<ClipRecord> {
        self.current_clip().map(|c| c.to_record())
    }

    /// A time for a key of the current clip: on a frame when the clip has a frame rate, else on
    /// 0.01 s, within the clip.
    pub fn snap_curve_time(&self, t: f64) -> f64 {
        let Some(clip) = self.current_clip() else {
            return t;
        };
        let step = clip.fps.map_or(100.0, f64::from);
        ((t * step).round() / step).clamp(0.0, clip.duration)
    }

    /// Moves a key of a channel to `time` (snapped; the whole key record moves, every channel of
    /// the bone at that time) and `value` (that channel only). A time where the bone has another
    /// key keeps the key's time. Returns where the key is afterwards, `None` when refused.
    pub fn move_curve_key(
        &mut self,
        key: &CurveKeyId,
        time: f64,
        value: f64,
    ) -> Option<CurveKeyId> {
        let mut record = self.clip_record()?;
        let time = self.snap_curve_time(time);
        let taken = record
            .keys
            .iter()
            .any(|k| k.bone == key.bone && k.time == time && k.time != key.time);
        let time = if taken { key.time } else { time };
        let k = record
            .keys
            .iter_mut()
            .find(|k| k.bone == key.bone && k.time == key.time)?;
        if !key.channel.set(k, value) {
            return None;
        }
        k.time = time;
        let name = record.name.clone();
        self.apply(Edit::ReplaceClip { name, clip: record })
            .then(|| CurveKeyId {
                time,
                ..key.clone()
            })
    }

    /// Sets the Bézier handles of `key` (the segment after it; every channel of its key record).
    /// Handle times are clamped to 0–1 and values to ±[`MAX_HANDLE_VALUE`].
    pub fn set_curve_handles(&mut self, key: &CurveKeyId, [x1, y1, x2, y2]: [f64; 4]) -> bool {
        let h = |y: f64| y.clamp(-MAX_HANDLE_VALUE, MAX_HANDLE_VALUE);
        let handles = [x1.clamp(0.0, 1.0), h(y1), x2.clamp(0.0, 1.0), h(y2)];
        self.set_curve_interp(key, Interpolation::Bezier(handles))
    }

    /// Sets the interpolation of `key` (towards the next key; every channel of its key record).
    pub fn set_curve_interp(&mut self, key: &CurveKeyId, interp: Interpolation) -> bool {
        let Some(mut record) = self.clip_record() else {
            return false;
        };
        let Some(k) = record
            .keys
            .iter_mut()
            .find(|k| k.bone == key.bone && k.time == key.time)
        else {
            return false;
        };
        if k.interp == interp {
            return false;
        }
        k.interp = interp;
        let name = record.name.clone();
        self.apply(Edit::ReplaceClip { name, clip: record })
    }

    /// What is under screen point `at` in the graph as last drawn: a handle of the selected key
    /// first, then the nearest key point within [`PICK_RADIUS`].
    pub fn curve_hit(&self, at: DVec2) -> Option<CurveHit> {
        let frame = self.curves.frame?;
        let curves = self.curves().ok()?;
        let near = |p: DVec2| {
            let d = frame.to_screen(p).distance(at);
            (d <= PICK_RADIUS).then_some(d)
        };
        for curve in &curves {
            if let Some(i) = self.selected_curve_key(curve)
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

    /// A press at screen point `at` in the graph: picks a key point (selecting it) or a handle and
    /// starts its drag in a new undo step. Returns whether a drag started.
    pub fn press_curve(&mut self, at: DVec2) -> bool {
        self.cancel_curve_drag();
        let (Some(frame), Some(hit)) = (self.curves.frame, self.curve_hit(at)) else {
            return false;
        };
        let key = match &hit {
            CurveHit::Key(key) | CurveHit::Handle(key, _) => key.clone(),
        };
        let Some(start) = self.hit_point(&hit) else {
            return false;
        };
        self.curves.selected = Some(key.clone());
        self.document.begin();
        self.curves.drag = Some(CurveDrag {
            hit,
            key,
            from: frame.to_graph(at),
            start,
        });
        true
    }

    /// The graph point of what `hit` picked, now.
    fn hit_point(&self, hit: &CurveHit) -> Option<DVec2> {
        let curves = self.curves().ok()?;
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

    /// The pointer moved to screen point `at` during the graph's drag.
    pub fn drag_curve_to(&mut self, at: DVec2) {
        let (Some(mut drag), Some(frame)) = (self.curves.drag.take(), self.curves.frame) else {
            return;
        };
        // An undo during the drag closed its step: the rest of the drag is a step again.
        if !self.document.in_transaction() {
            self.document.begin();
        }
        let to = drag.start + (frame.to_graph(at) - drag.from);
        match drag.hit {
            CurveHit::Key(_) => {
                if let Some(moved) = self.move_curve_key(&drag.key, to.x, to.y) {
                    self.curves.selected = Some(moved.clone());
                    drag.key = moved;
                }
            }
            CurveHit::Handle(_, which) => self.drag_handle(&drag.key, which, to),
        }
        self.curves.drag = Some(drag);
    }

    /// Puts handle `which` of `key`'s segment at graph point `to` (a named interpolation becomes
    /// explicit handles).
    fn drag_handle(&mut self, key: &CurveKeyId, which: usize, to: DVec2) {
        let Ok(curves) = self.curves() else {
            return;
        };
        let Some(curve) = curves
            .iter()
            .find(|c| c.bone == key.bone && c.channel == key.channel)
        else {
            return;
        };
        let Some(i) = curve.key_index(key.time) else {
            return;
        };
        let (Some(a), Some(b)) = (curve.keys.get(i), curve.keys.get(i + 1)) else {
            return;
        };
        let Some(mut handles) = bezier_handles(a.interp) else {
            return;
        };
        let (dt, dv) = (b.time - a.time, key.channel.delta(a.value, b.value));
        handles[2 * which] = (to.x - a.time) / dt;
        // A flat segment's handle has no value scale: its value stays.
        if dv.abs() > 1e-12 {
            handles[2 * which + 1] = (to.y - a.value) / dv;
        }
        self.set_curve_handles(key, handles);
    }

    /// The release: the graph's drag ends as one undo step.
    pub fn release_curve(&mut self) {
        if self.curves.drag.take().is_some() && self.document.in_transaction() {
            self.document.commit();
        }
    }

    /// Esc during the graph's drag: the document goes back to what it was at the press, with no
    /// undo step left. Returns whether a drag was cancelled.
    pub fn cancel_curve_drag(&mut self) -> bool {
        let Some(drag) = self.curves.drag.take() else {
            return false;
        };
        if self.document.in_transaction() {
            self.document.cancel();
        }
        let key = match drag.hit {
            CurveHit::Key(key) | CurveHit::Handle(key, _) => key,
        };
        self.curves.selected = Some(key);
        self.status = "drag cancelled".into();
        true
    }
}

fn id(curve: &crate::curves::Curve, time: f64) -> CurveKeyId {
    CurveKeyId {
        bone: curve.bone.clone(),
        time,
        channel: curve.channel,
    }
}
