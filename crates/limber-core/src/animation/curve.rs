//! Interpolation between two keys: stepped, linear, or a cubic Bézier easing curve.
//!
//! A Bézier curve is given as curve editors show it: two handles (x1, y1) and (x2, y2) in normalised
//! time/value, the curve running from (0, 0) to (1, 1). Time handles are clamped to [0, 1] so the
//! curve is a function of time; value handles may overshoot. Easing maps normalised time u to
//! normalised value, with ease(0) = 0 and ease(1) = 1 exactly, so a key's own time gives exactly the
//! key's value.
//!
//! A bone key carries one interpolation per channel ([`KeyCurves`]: rotate, translate x/y, scale
//! x/y, as Spine 4 does), so shaping one channel's curve leaves the others alone. In the file a key
//! whose channels share one curve writes it once, as every version before 6 did for the whole key.

use serde::{Deserialize, Serialize};

/// How a value moves from one key to the next (set on the earlier key).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Interpolation {
    /// A name: "stepped", "linear" or "bezier" (ease in-out).
    Named(InterpolationName),
    /// Bézier handles [x1, y1, x2, y2].
    Bezier([f64; 4]),
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
            _ => true,
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
        }
    }
}

/// How many channels a bone key has: rotate, translate x, translate y, scale x, scale y.
pub const KEY_CHANNELS: usize = 5;

/// The interpolation of each channel of a bone key, towards that channel's next key (format
/// version 6). Written as one interpolation when all five are the same (the form older versions
/// wrote for the whole key, which reads as that curve on every channel), else as
/// `{"rotate": i, "translate": [i, i], "scale": [i, i]}` (a missing field is linear).
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
#[serde(from = "KeyCurvesFile", into = "KeyCurvesFile")]
pub struct KeyCurves {
    pub rotate: Interpolation,
    pub translate: [Interpolation; 2],
    pub scale: [Interpolation; 2],
}

impl KeyCurves {
    /// The same interpolation on every channel.
    pub const fn all(interp: Interpolation) -> Self {
        Self {
            rotate: interp,
            translate: [interp; 2],
            scale: [interp; 2],
        }
    }

    /// The five curves in channel order (rotate, translate x, y, scale x, y).
    pub fn to_array(self) -> [Interpolation; KEY_CHANNELS] {
        let [tx, ty] = self.translate;
        let [sx, sy] = self.scale;
        [self.rotate, tx, ty, sx, sy]
    }

    /// From five curves in channel order.
    pub fn from_array([rotate, tx, ty, sx, sy]: [Interpolation; KEY_CHANNELS]) -> Self {
        Self {
            rotate,
            translate: [tx, ty],
            scale: [sx, sy],
        }
    }

    /// The curve of channel `channel` (0–4 in channel order; linear past the end).
    pub fn get(&self, channel: usize) -> Interpolation {
        self.to_array().get(channel).copied().unwrap_or_default()
    }

    /// This with channel `channel`'s curve (0–4 in channel order) set to `interp`.
    pub fn with(self, channel: usize, interp: Interpolation) -> Self {
        let mut all = self.to_array();
        if let Some(slot) = all.get_mut(channel) {
            *slot = interp;
        }
        Self::from_array(all)
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
    Each(EachCurve),
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
}

impl From<KeyCurvesFile> for KeyCurves {
    fn from(file: KeyCurvesFile) -> Self {
        match file {
            KeyCurvesFile::Same(interp) => Self::all(interp),
            KeyCurvesFile::Each(each) => Self {
                rotate: each.rotate,
                translate: each.translate,
                scale: each.scale,
            },
        }
    }
}

impl From<KeyCurves> for KeyCurvesFile {
    fn from(curves: KeyCurves) -> Self {
        match curves.uniform() {
            Some(interp) => Self::Same(interp),
            None => Self::Each(EachCurve {
                rotate: curves.rotate,
                translate: curves.translate,
                scale: curves.scale,
            }),
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

/// Solves x(s) = u for the curve parameter (x is monotone once its handles are in [0, 1]) with Newton
/// steps kept inside a shrinking bracket, so it always converges, then returns y(s).
fn bezier_ease([x1, y1, x2, y2]: [f64; 4], u: f64) -> f64 {
    if u <= 0.0 {
        return 0.0;
    }
    if u >= 1.0 {
        return 1.0;
    }
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
    cubic(y1, y2, s)
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
        let each = old.with(4, Interpolation::STEPPED);
        assert_eq!(each.get(4), Interpolation::STEPPED);
        assert_eq!(each.get(3), handles);
        assert_eq!(each.uniform(), None);
        let text = serde_json::to_string(&each).unwrap();
        assert_eq!(
            text,
            r#"{"rotate":[0.1,0.2,0.3,0.4],"translate":[[0.1,0.2,0.3,0.4],[0.1,0.2,0.3,0.4]],"scale":[[0.1,0.2,0.3,0.4],"stepped"]}"#
        );
        assert_eq!(serde_json::from_str::<KeyCurves>(&text).unwrap(), each);
        // Missing fields are linear; unknown fields and bad curves are refused.
        let partial: KeyCurves = serde_json::from_str(r#"{"rotate":"stepped"}"#).unwrap();
        assert_eq!(partial.rotate, Interpolation::STEPPED);
        assert_eq!(partial.scale, [Interpolation::LINEAR; 2]);
        assert!(serde_json::from_str::<KeyCurves>(r#"{"wobble":"linear"}"#).is_err());
        assert!(serde_json::from_str::<KeyCurves>(r#"{"rotate":"wobbly"}"#).is_err());
        assert!(
            !KeyCurves::all(Interpolation::LINEAR)
                .with(1, Interpolation::Bezier([0.1, 11.0, 0.3, 0.4]))
                .is_valid()
        );
    }
}
