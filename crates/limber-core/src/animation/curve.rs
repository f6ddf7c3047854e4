//! Interpolation between two keys: stepped, linear, or a cubic Bézier easing curve.
//!
//! A Bézier curve is given as curve editors show it: two handles (x1, y1) and (x2, y2) in normalised
//! time/value, the curve running from (0, 0) to (1, 1). Time handles are clamped to [0, 1] so the
//! curve is a function of time; value handles may overshoot. Easing maps normalised time u to
//! normalised value, with ease(0) = 0 and ease(1) = 1 exactly, so a key's own time gives exactly the
//! key's value.
//!
//! A bone channel may also carry handles whose values are offsets in the channel's own units
//! ([`Interpolation::Handles`], version 7), as a curve editor draws them: the first control point
//! sits `dv1` from the start key's value, the second `dv2` from the end key's. Unlike normalised
//! handles these shape a segment between two equal values too (a bump or a dip on a flat line),
//! and a key moved in value carries its handles with it. They need the segment's values, so only
//! bone channels take them ([`Interpolation::is_valid_eased`] refuses them elsewhere).
//!
//! A bone key carries one interpolation per channel ([`KeyCurves`]: rotate, translate x/y, scale
//! x/y, shear x/y, as Spine 4 does), so shaping one channel's curve leaves the others alone. In the file a key
//! whose channels share one curve writes it once, as every version before 6 did for the whole key.

use serde::{Deserialize, Serialize};

use std::ops::{Index, IndexMut};

use super::channel::Channel;

/// How a value moves from one key to the next (set on the earlier key).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Interpolation {
    /// A name: "stepped", "linear" or "bezier" (ease in-out).
    Named(InterpolationName),
    /// Bézier handles [x1, y1, x2, y2].
    Bezier([f64; 4]),
    /// Bézier handles `[x1, dv1, x2, dv2]`: times normalised as in `Bezier`, values as offsets in the
    /// channel's units from the start key's value (dv1) and the end key's value (dv2). Written
    /// `{"handles": [x1, dv1, x2, dv2]}` (version 7); bone channels only.
    Handles { handles: [f64; 4] },
}

impl Default for Interpolation {
    fn default() -> Self {
        Self::LINEAR
    }
}

/// The named interpolations.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum InterpolationName {
    Stepped,
    Linear,
    /// Ease in and out: handles [0.42, 0, 0.58, 1].
    Bezier,
}

/// Largest |y1|, |y2| of Bézier handles: the curve then stays within about ±[`MAX_HANDLE_VALUE`]
/// (an overshoot far beyond any easing in use), so values eased between valid keys stay finite.
pub const MAX_HANDLE_VALUE: f64 = 10.0;

/// Largest |dv1|, |dv2| of [`Interpolation::Handles`], in the channel's units: the bound on
/// translations, so an eased value stays finite.
pub const MAX_HANDLE_OFFSET: f64 = 1e7;

/// The handles of the named "bezier" (ease in-out).
pub const EASE_IN_OUT: [f64; 4] = [0.42, 0.0, 0.58, 1.0];

impl Interpolation {
    pub const STEPPED: Self = Self::Named(InterpolationName::Stepped);
    pub const LINEAR: Self = Self::Named(InterpolationName::Linear);

    /// Whether every number in it is finite and the handles' values (y1, y2) are within
    /// ±[`MAX_HANDLE_VALUE`], so that an eased value stays within a bounded overshoot.
    pub fn is_valid(&self) -> bool {
        match self {
            Self::Bezier([x1, y1, x2, y2]) => {
                [x1, x2].iter().all(|x| x.is_finite())
                    && [y1, y2].iter().all(|y| y.abs() <= MAX_HANDLE_VALUE)
            }
            Self::Handles {
                handles: [x1, dv1, x2, dv2],
            } => {
                [x1, x2].iter().all(|x| x.is_finite())
                    && [dv1, dv2].iter().all(|v| v.abs() <= MAX_HANDLE_OFFSET)
            }
            _ => true,
        }
    }

    /// Whether it is valid for a channel eased as one progress from 0 to 1 (colour, deform, mix):
    /// valid and not [`Interpolation::Handles`], whose offsets belong to one bone channel's values.
    pub fn is_valid_eased(&self) -> bool {
        self.is_valid() && !matches!(self, Self::Handles { .. })
    }

    /// The value at normalised time `u` in [0, 1] of a segment from value `a` to value `b`: exactly
    /// `a` at 0 and `b` at 1.
    pub fn interpolate(&self, a: f64, b: f64, u: f64) -> f64 {
        let Self::Handles {
            handles: [x1, dv1, x2, dv2],
        } = *self
        else {
            return a + (b - a) * self.ease(u);
        };
        if u <= 0.0 {
            a
        } else if u >= 1.0 {
            b
        } else {
            bernstein([a, a + dv1, b + dv2, b], solve_parameter([x1, x2], u))
        }
    }

    /// The segment from `a` to `b` as a cubic Bézier: its two inner time handles (normalised,
    /// clamped to 0–1) and its four control values (`a`, two inner ones, `b`). Linear is the
    /// straight curve (handles at the thirds); stepped has none.
    pub fn bezier_controls(&self, a: f64, b: f64) -> Option<([f64; 2], [f64; 4])> {
        let d = b - a;
        let ([x1, x2], [v1, v2]) = match *self {
            Self::Named(InterpolationName::Stepped) => return None,
            Self::Named(InterpolationName::Linear) => {
                ([1.0 / 3.0, 2.0 / 3.0], [a + d / 3.0, a + 2.0 * d / 3.0])
            }
            Self::Named(InterpolationName::Bezier) => {
                let [x1, y1, x2, y2] = EASE_IN_OUT;
                ([x1, x2], [a + d * y1, a + d * y2])
            }
            Self::Bezier([x1, y1, x2, y2]) => ([x1, x2], [a + d * y1, a + d * y2]),
            Self::Handles {
                handles: [x1, dv1, x2, dv2],
            } => ([x1, x2], [a + dv1, b + dv2]),
        };
        Some(([x1.clamp(0.0, 1.0), x2.clamp(0.0, 1.0)], [a, v1, v2, b]))
    }

    /// The same curve for the channel read with its sign flipped (v as −v, as Spine's y axis reads
    /// limber's): offsets flip with it, a normalised curve is unchanged.
    pub fn negated(self) -> Self {
        match self {
            Self::Handles {
                handles: [x1, dv1, x2, dv2],
            } => Self::Handles {
                handles: [x1, -dv1, x2, -dv2],
            },
            other => other,
        }
    }

    /// Handles in value offsets for a segment from `a` to `b` with time handles `xs` (clamped to
    /// 0–1) and inner control values `v1`, `v2` (offsets clamped to ±[`MAX_HANDLE_OFFSET`]).
    pub fn handles_through(a: f64, b: f64, [x1, x2]: [f64; 2], [v1, v2]: [f64; 2]) -> Self {
        let offset = |v: f64| {
            if v.is_finite() {
                v.clamp(-MAX_HANDLE_OFFSET, MAX_HANDLE_OFFSET)
            } else {
                0.0
            }
        };
        let time = |x: f64| {
            if x.is_finite() {
                x.clamp(0.0, 1.0)
            } else {
                0.5
            }
        };
        Self::Handles {
            handles: [time(x1), offset(v1 - a), time(x2), offset(v2 - b)],
        }
    }

    /// Normalised value at normalised time `u` in [0, 1].
    pub fn ease(&self, u: f64) -> f64 {
        match self {
            Self::Named(InterpolationName::Stepped) => {
                if u >= 1.0 {
                    1.0
                } else {
                    0.0
                }
            }
            Self::Named(InterpolationName::Linear) => u,
            Self::Named(InterpolationName::Bezier) => bezier_ease(EASE_IN_OUT, u),
            Self::Bezier(handles) => bezier_ease(*handles, u),
            // Offsets over a unit span: only reached where a caller eases a progress, which
            // validation keeps Handles out of.
            Self::Handles { .. } => self.interpolate(0.0, 1.0, u),
        }
    }
}

/// How many channels a bone key has: rotate, translate x, translate y, scale x, scale y, shear x,
/// shear y ([`Channel::ALL`]).
pub const KEY_CHANNELS: usize = Channel::ALL.len();

/// The interpolation of each channel of a bone key (indexed by [`Channel`]), towards that channel's next key (format
/// version 6). Written as one interpolation when all are the same (the form older versions
/// wrote for the whole key, which reads as that curve on every channel), else as
/// `{"rotate": i, "translate": [i, i], "scale": [i, i], "shear": [i, i]}` (a missing field is
/// linear; `shear` is written only when it is not linear, so files without shear read as before).
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
#[serde(from = "KeyCurvesFile", into = "KeyCurvesFile")]
pub struct KeyCurves {
    pub rotate: Interpolation,
    pub translate: [Interpolation; 2],
    pub scale: [Interpolation; 2],
    pub shear: [Interpolation; 2],
}

impl KeyCurves {
    /// The same interpolation on every channel.
    pub const fn all(interp: Interpolation) -> Self {
        Self {
            rotate: interp,
            translate: [interp; 2],
            scale: [interp; 2],
            shear: [interp; 2],
        }
    }

    /// The curves in channel order (rotate, translate x, y, scale x, y, shear x, y).
    pub fn to_array(self) -> [Interpolation; KEY_CHANNELS] {
        let [tx, ty] = self.translate;
        let [sx, sy] = self.scale;
        let [hx, hy] = self.shear;
        [self.rotate, tx, ty, sx, sy, hx, hy]
    }

    /// From the curves in channel order.
    pub fn from_array([rotate, tx, ty, sx, sy, hx, hy]: [Interpolation; KEY_CHANNELS]) -> Self {
        Self {
            rotate,
            translate: [tx, ty],
            scale: [sx, sy],
            shear: [hx, hy],
        }
    }

    /// This with `channel`'s curve set to `interp`.
    pub fn with(mut self, channel: Channel, interp: Interpolation) -> Self {
        self[channel] = interp;
        self
    }

    /// The one curve every channel shares, if they do.
    pub fn uniform(&self) -> Option<Interpolation> {
        let all = self.to_array();
        all.iter().all(|i| *i == all[0]).then_some(all[0])
    }

    /// Whether every curve is valid ([`Interpolation::is_valid`]).
    pub fn is_valid(&self) -> bool {
        self.to_array().iter().all(Interpolation::is_valid)
    }
}

impl From<Interpolation> for KeyCurves {
    fn from(interp: Interpolation) -> Self {
        Self::all(interp)
    }
}

/// [`KeyCurves`] as written: one shared curve, or one per channel.
#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum KeyCurvesFile {
    Same(Interpolation),
    Each(Box<EachCurve>),
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct EachCurve {
    #[serde(default)]
    rotate: Interpolation,
    #[serde(default)]
    translate: [Interpolation; 2],
    #[serde(default)]
    scale: [Interpolation; 2],
    #[serde(default, skip_serializing_if = "all_linear")]
    shear: [Interpolation; 2],
}

fn all_linear(curves: &[Interpolation; 2]) -> bool {
    curves.iter().all(|c| *c == Interpolation::LINEAR)
}

impl From<KeyCurvesFile> for KeyCurves {
    fn from(file: KeyCurvesFile) -> Self {
        match file {
            KeyCurvesFile::Same(interp) => Self::all(interp),
            KeyCurvesFile::Each(each) => Self {
                rotate: each.rotate,
                translate: each.translate,
                scale: each.scale,
                shear: each.shear,
            },
        }
    }
}

impl From<KeyCurves> for KeyCurvesFile {
    fn from(curves: KeyCurves) -> Self {
        match curves.uniform() {
            Some(interp) => Self::Same(interp),
            None => Self::Each(Box::new(EachCurve {
                rotate: curves.rotate,
                translate: curves.translate,
                scale: curves.scale,
                shear: curves.shear,
            })),
        }
    }
}

/// One coordinate of a cubic Bézier from 0 to 1 with inner control values a and b, at parameter s.
fn cubic(a: f64, b: f64, s: f64) -> f64 {
    let r = 1.0 - s;
    3.0 * r * r * s * a + 3.0 * r * s * s * b + s * s * s
}

fn cubic_slope(a: f64, b: f64, s: f64) -> f64 {
    let r = 1.0 - s;
    3.0 * r * r * a + 6.0 * r * s * (b - a) + 3.0 * s * s * (1.0 - b)
}

/// A cubic Bézier coordinate with control values `p` at parameter s.
pub fn bernstein(p: [f64; 4], s: f64) -> f64 {
    let r = 1.0 - s;
    r * r * r * p[0] + 3.0 * r * r * s * p[1] + 3.0 * r * s * s * p[2] + s * s * s * p[3]
}

/// Eases `u` by normalised handles: y(s) where x(s) = u.
fn bezier_ease([x1, y1, x2, y2]: [f64; 4], u: f64) -> f64 {
    if u <= 0.0 {
        return 0.0;
    }
    if u >= 1.0 {
        return 1.0;
    }
    cubic(y1, y2, solve_parameter([x1, x2], u))
}

/// Solves x(s) = u for the curve parameter (x is monotone once its handles are in [0, 1]) with Newton
/// steps kept inside a shrinking bracket, so it always converges.
fn solve_parameter([x1, x2]: [f64; 2], u: f64) -> f64 {
    let (x1, x2) = (x1.clamp(0.0, 1.0), x2.clamp(0.0, 1.0));
    let (mut lo, mut hi) = (0.0f64, 1.0f64);
    let mut s = u;
    for _ in 0..64 {
        let x = cubic(x1, x2, s) - u;
        if x.abs() < 1e-14 {
            break;
        }
        if x > 0.0 {
            hi = s;
        } else {
            lo = s;
        }
        let slope = cubic_slope(x1, x2, s);
        let newton = s - x / slope;
        s = if slope.abs() > 1e-12 && newton > lo && newton < hi {
            newton
        } else {
            (lo + hi) / 2.0
        };
    }
    s
}

/// A key's curve of one channel.
impl Index<Channel> for KeyCurves {
    type Output = Interpolation;

    fn index(&self, channel: Channel) -> &Interpolation {
        match channel {
            Channel::Rotate => &self.rotate,
            Channel::TranslateX => &self.translate[0],
            Channel::TranslateY => &self.translate[1],
            Channel::ScaleX => &self.scale[0],
            Channel::ScaleY => &self.scale[1],
            Channel::ShearX => &self.shear[0],
            Channel::ShearY => &self.shear[1],
        }
    }
}

impl IndexMut<Channel> for KeyCurves {
    fn index_mut(&mut self, channel: Channel) -> &mut Interpolation {
        match channel {
            Channel::Rotate => &mut self.rotate,
            Channel::TranslateX => &mut self.translate[0],
            Channel::TranslateY => &mut self.translate[1],
            Channel::ScaleX => &mut self.scale[0],
            Channel::ScaleY => &mut self.scale[1],
            Channel::ShearX => &mut self.shear[0],
            Channel::ShearY => &mut self.shear[1],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ends_are_exact_and_stepped_holds() {
        for interp in [
            Interpolation::STEPPED,
            Interpolation::LINEAR,
            Interpolation::Named(InterpolationName::Bezier),
            Interpolation::Bezier([0.9, -0.5, 0.1, 1.5]),
        ] {
            assert_eq!(interp.ease(0.0), 0.0, "{interp:?}");
            assert_eq!(interp.ease(1.0), 1.0, "{interp:?}");
        }
        assert_eq!(Interpolation::STEPPED.ease(0.999), 0.0);
    }

    #[test]
    fn straight_handles_are_linear_and_ease_in_out_is_symmetric() {
        let straight = Interpolation::Bezier([0.25, 0.25, 0.75, 0.75]);
        for k in 0..=100 {
            let u = k as f64 / 100.0;
            assert!((straight.ease(u) - u).abs() < 1e-12, "{u}");
        }
        let ease = Interpolation::Named(InterpolationName::Bezier);
        assert!((ease.ease(0.5) - 0.5).abs() < 1e-12);
        assert!(ease.ease(0.1) < 0.1 && ease.ease(0.9) > 0.9);
        // Steep handles (a near-vertical start) still solve.
        let steep = Interpolation::Bezier([0.0, 1.0, 0.0, 1.0]);
        assert!(steep.ease(0.01) > 0.2);
    }

    #[test]
    fn parses_names_and_handles() {
        let named: Interpolation = serde_json::from_str("\"stepped\"").unwrap();
        assert_eq!(named, Interpolation::STEPPED);
        let handles: Interpolation = serde_json::from_str("[0.1, 0.2, 0.3, 0.4]").unwrap();
        assert_eq!(handles, Interpolation::Bezier([0.1, 0.2, 0.3, 0.4]));
        assert!(serde_json::from_str::<Interpolation>("\"wobbly\"").is_err());
    }

    #[test]
    fn key_curves_read_the_old_one_curve_form_and_write_it_when_shared() {
        // Versions before 6: one curve for the whole key becomes that curve on every channel.
        let old: KeyCurves = serde_json::from_str("[0.1, 0.2, 0.3, 0.4]").unwrap();
        let handles = Interpolation::Bezier([0.1, 0.2, 0.3, 0.4]);
        assert_eq!(old.to_array(), [handles; KEY_CHANNELS]);
        assert_eq!(serde_json::to_string(&old).unwrap(), "[0.1,0.2,0.3,0.4]");
        // One channel changed: every channel written, and read back the same.
        let each = old.with(Channel::ScaleY, Interpolation::STEPPED);
        assert_eq!(each[Channel::ScaleY], Interpolation::STEPPED);
        assert_eq!(each[Channel::ScaleX], handles);
        assert_eq!(each.uniform(), None);
        let text = serde_json::to_string(&each).unwrap();
        assert_eq!(
            text,
            r#"{"rotate":[0.1,0.2,0.3,0.4],"translate":[[0.1,0.2,0.3,0.4],[0.1,0.2,0.3,0.4]],"scale":[[0.1,0.2,0.3,0.4],"stepped"],"shear":[[0.1,0.2,0.3,0.4],[0.1,0.2,0.3,0.4]]}"#
        );
        assert_eq!(serde_json::from_str::<KeyCurves>(&text).unwrap(), each);
        // Linear shear curves are left out, so a file without shear reads as before.
        let plain = KeyCurves::default().with(Channel::Rotate, Interpolation::STEPPED);
        let text = serde_json::to_string(&plain).unwrap();
        assert_eq!(
            text,
            r#"{"rotate":"stepped","translate":["linear","linear"],"scale":["linear","linear"]}"#
        );
        assert_eq!(serde_json::from_str::<KeyCurves>(&text).unwrap(), plain);
        // Missing fields are linear; unknown fields and bad curves are refused.
        let partial: KeyCurves = serde_json::from_str(r#"{"rotate":"stepped"}"#).unwrap();
        assert_eq!(partial.rotate, Interpolation::STEPPED);
        assert_eq!(partial.scale, [Interpolation::LINEAR; 2]);
        assert!(serde_json::from_str::<KeyCurves>(r#"{"wobble":"linear"}"#).is_err());
        assert!(serde_json::from_str::<KeyCurves>(r#"{"rotate":"wobbly"}"#).is_err());
        assert!(
            !KeyCurves::all(Interpolation::LINEAR)
                .with(
                    Channel::TranslateX,
                    Interpolation::Bezier([0.1, 11.0, 0.3, 0.4])
                )
                .is_valid()
        );
    }

    #[test]
    fn offset_handles_match_normalised_ones_and_shape_a_flat_segment() {
        // The same curve both ways: normalised [x1, y1, x2, y2] over a to b is offsets
        // dv1 = y1 (b - a), dv2 = (y2 - 1) (b - a).
        let (a, b) = (20.0, -40.0);
        let normalised = Interpolation::Bezier([0.3, 1.4, 0.7, -0.2]);
        let offsets = Interpolation::Handles {
            handles: [0.3, 1.4 * (b - a), 0.7, -1.2 * (b - a)],
        };
        for k in 0..=50 {
            let u = k as f64 / 50.0;
            let (n, o) = (
                normalised.interpolate(a, b, u),
                offsets.interpolate(a, b, u),
            );
            assert!((n - o).abs() < 1e-12, "{u}: {n} vs {o}");
        }
        // Between two equal values a normalised curve stays flat; offsets make a bump that ends
        // exactly on the keys.
        let bump = Interpolation::Handles {
            handles: [1.0 / 3.0, 0.5, 2.0 / 3.0, 0.5],
        };
        assert_eq!(bump.interpolate(1.0, 1.0, 0.0), 1.0);
        assert_eq!(bump.interpolate(1.0, 1.0, 1.0), 1.0);
        let middle = bump.interpolate(1.0, 1.0, 0.5);
        assert!((middle - 1.375).abs() < 1e-12, "{middle}");
        assert_eq!(normalised.interpolate(1.0, 1.0, 0.5), 1.0);
        // Controls: what the curve editor draws as handles.
        let (xs, ys) = bump.bezier_controls(1.0, 1.0).unwrap();
        assert_eq!(xs, [1.0 / 3.0, 2.0 / 3.0]);
        assert_eq!(ys, [1.0, 1.5, 1.5, 1.0]);
        assert_eq!(
            Interpolation::handles_through(1.0, 1.0, xs, [ys[1], ys[2]]),
            bump
        );
        assert_eq!(Interpolation::STEPPED.bezier_controls(0.0, 1.0), None);
        // Read with the sign flipped, the curve is the mirror image.
        let flipped = bump.negated();
        for u in [0.1, 0.5, 0.8] {
            let (v, w) = (
                bump.interpolate(1.0, 1.0, u),
                flipped.interpolate(-1.0, -1.0, u),
            );
            assert!((v + w).abs() < 1e-12, "{u}");
        }
        assert_eq!(normalised.negated(), normalised);
    }

    #[test]
    fn offset_handles_are_written_as_an_object_bounded_and_kept_to_bone_channels() {
        let bump = Interpolation::Handles {
            handles: [0.25, 3.0, 0.75, -2.0],
        };
        let text = serde_json::to_string(&bump).unwrap();
        assert_eq!(text, r#"{"handles":[0.25,3.0,0.75,-2.0]}"#);
        assert_eq!(serde_json::from_str::<Interpolation>(&text).unwrap(), bump);
        let each = KeyCurves::all(Interpolation::LINEAR).with(Channel::ScaleY, bump);
        let written = serde_json::to_string(&each).unwrap();
        assert_eq!(serde_json::from_str::<KeyCurves>(&written).unwrap(), each);
        assert!(bump.is_valid() && !bump.is_valid_eased());
        let far = Interpolation::Handles {
            handles: [0.25, MAX_HANDLE_OFFSET * 2.0, 0.75, 0.0],
        };
        assert!(!far.is_valid());
        let nan = Interpolation::Handles {
            handles: [f64::NAN, 0.0, 0.75, 0.0],
        };
        assert!(!nan.is_valid());
        // Built from a drag: offsets clamped, a non-finite value gives a flat handle.
        let dragged = Interpolation::handles_through(0.0, 0.0, [2.0, -1.0], [1e9, f64::NAN]);
        assert_eq!(
            dragged,
            Interpolation::Handles {
                handles: [1.0, MAX_HANDLE_OFFSET, 0.0, 0.0]
            }
        );
    }
}
