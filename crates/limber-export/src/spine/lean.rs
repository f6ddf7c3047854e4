//! Lean numbers for the Spine JSON: each written with the precision the runtime reads, no more.
//!
//! - Positions (mesh bind positions, deform offsets) to [`POSITION_STEP`] px.
//! - Texture coordinates to 1/256 of a texel of their region ([`uv_step`]): the sub-texel
//!   precision GPUs filter with, so a rounded UV samples the same texels.
//! - Weights pruned under a threshold ([`prune`]), renormalised, then rounded to
//!   [`WEIGHT_DECIMALS`] decimals that still sum to exactly 1 ([`round_weights`]): Spine does not
//!   renormalise, and a vertex whose weights sum to 0.9999 shrinks towards the origin.
//! - Every other number (angles, scales, times, curves) as the shortest decimal that reads back as
//!   the same 32-bit float ([`lean_numbers`]) — the runtimes keep them as `float` — and whole
//!   numbers without a fraction.

use serde_json::{Number, Value};

/// Mesh bind positions and deform offsets are written to this many pixels.
pub const POSITION_STEP: f64 = 1e-4;
/// Weights are written with this many decimals.
pub const WEIGHT_DECIMALS: u32 = 5;
/// Influences under this weight are dropped unless asked otherwise (`--min-weight`).
pub const DEFAULT_MIN_WEIGHT: f64 = 0.01;
/// The thresholds `--min-weight` takes: up to 0.5, so the strongest influence always stays.
pub const MIN_WEIGHT_RANGE: (f64, f64) = (0.0, 0.5);

/// `x` rounded to a multiple of `step`, as the shortest decimal of that multiple.
pub fn round_to(x: f64, step: f64) -> f64 {
    let units = (x / step).round();
    if !units.is_finite() || units.abs() >= 2f64.powi(53) {
        return x;
    }
    // Dividing by the reciprocal's decimal power gives the shortest decimal (0.1235, not
    // 0.12350000000000001).
    let decimals = (-step.log10()).round();
    if decimals > 0.0 && (10f64.powf(-decimals) - step).abs() < step * 1e-9 {
        units / 10f64.powf(decimals)
    } else {
        units * step
    }
}

/// The step a texture coordinate of a region `size` pixels wide is written to: 1/256 of a texel
/// as a power of ten (at least 1e-4).
pub fn uv_step(size: u32) -> f64 {
    let texels = f64::from(size.max(1)) * 256.0;
    let decimals = texels.log10().ceil().max(4.0);
    10f64.powf(-decimals)
}

/// `influences` without those under `min_weight` (the strongest always stays), renormalised to sum
/// to 1; with how many were dropped.
pub fn prune(influences: &[(usize, f64)], min_weight: f64) -> (Vec<(usize, f64)>, usize) {
    let strongest = influences
        .iter()
        .map(|&(_, w)| w)
        .fold(f64::NEG_INFINITY, f64::max);
    let kept: Vec<(usize, f64)> = influences
        .iter()
        .copied()
        .filter(|&(_, w)| w >= min_weight || w == strongest)
        .collect();
    let dropped = influences.len() - kept.len();
    let total: f64 = kept.iter().map(|&(_, w)| w).sum();
    if !(total > 0.0 && total.is_finite()) {
        return (kept, dropped);
    }
    (
        kept.into_iter().map(|(b, w)| (b, w / total)).collect(),
        dropped,
    )
}

/// Weights summing to 1, rounded to [`WEIGHT_DECIMALS`] decimals whose sum is exactly 1: each
/// gets its share of whole units, and the units left over go to the largest remainders. Weights
/// not summing to a positive total come back as they are.
pub fn round_weights(weights: &[f64]) -> Vec<f64> {
    let scale = 10f64.powi(WEIGHT_DECIMALS as i32);
    let total: f64 = weights.iter().sum();
    if !(total > 0.0 && total.is_finite()) || weights.iter().any(|w| w.is_nan() || *w < 0.0) {
        return weights.to_vec();
    }
    let exact: Vec<f64> = weights.iter().map(|w| w / total * scale).collect();
    let mut units: Vec<u64> = exact.iter().map(|e| e.floor() as u64).collect();
    let whole = scale as u64;
    let given: u64 = units.iter().sum();
    let mut by_remainder: Vec<usize> = (0..exact.len()).collect();
    by_remainder.sort_by(|&a, &b| {
        let (ra, rb) = (exact[a] - exact[a].floor(), exact[b] - exact[b].floor());
        rb.total_cmp(&ra).then(a.cmp(&b))
    });
    for &i in by_remainder
        .iter()
        .cycle()
        .take(whole.saturating_sub(given) as usize)
    {
        units[i] += 1;
    }
    units.iter().map(|&u| u as f64 / scale).collect()
}

/// Every number of `value` as the shortest decimal that reads back as the same 32-bit float,
/// whole numbers (below 2^53) written without a fraction.
pub fn lean_numbers(value: &mut Value) {
    match value {
        Value::Number(n) => {
            if let Some(lean) = n.as_f64().filter(|_| n.is_f64()).and_then(lean_number) {
                *n = lean;
            }
        }
        Value::Array(items) => items.iter_mut().for_each(lean_numbers),
        Value::Object(fields) => fields.values_mut().for_each(lean_numbers),
        _ => {}
    }
}

fn lean_number(x: f64) -> Option<Number> {
    if !x.is_finite() {
        return None;
    }
    if x.fract() == 0.0 && x.abs() < 2f64.powi(53) {
        return Some(Number::from(x as i64));
    }
    let single = x as f32;
    if !single.is_finite() {
        return Number::from_f64(x);
    }
    // Rust writes a float as the shortest decimal that reads back as it.
    let shortest: f64 = single.to_string().parse().ok()?;
    if shortest.fract() == 0.0 && shortest.abs() < 2f64.powi(53) {
        return Some(Number::from(shortest as i64));
    }
    Number::from_f64(shortest)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn rounded_weights_sum_to_exactly_one_in_decimals() {
        let weights = [1.0 / 3.0, 1.0 / 3.0, 1.0 / 3.0];
        let rounded = round_weights(&weights);
        let units: u64 = rounded.iter().map(|w| (w * 1e5).round() as u64).sum();
        assert_eq!(units, 100_000);
        assert!((rounded.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        assert_eq!(rounded, vec![0.33334, 0.33333, 0.33333]);
        // Each is within one unit of what it was.
        for (r, w) in rounded.iter().zip(weights) {
            assert!((r - w).abs() <= 1e-5, "{r} vs {w}");
        }
        let uneven = round_weights(&[0.123456, 0.876544]);
        assert_eq!(uneven, vec![0.12346, 0.87654]);
    }

    #[test]
    fn pruning_drops_weak_influences_and_renormalises() {
        let (kept, dropped) = prune(&[(0, 0.7), (1, 0.295), (2, 0.005)], 0.01);
        assert_eq!(dropped, 1);
        assert_eq!(kept.len(), 2);
        assert!((kept[0].1 - 0.7 / 0.995).abs() < 1e-15);
        assert!((kept.iter().map(|k| k.1).sum::<f64>() - 1.0).abs() < 1e-15);
        // The strongest stays even under the threshold.
        let (kept, dropped) = prune(&[(0, 0.004), (1, 0.003)], 0.01);
        assert_eq!((kept.len(), dropped), (1, 1));
        assert_eq!(kept[0], (0, 1.0));
        // A threshold of 0 keeps every influence.
        let (kept, dropped) = prune(&[(0, 0.9), (1, 1e-9)], 0.0);
        assert_eq!((kept.len(), dropped), (2, 0));
    }

    #[test]
    fn numbers_are_written_as_the_runtime_reads_them() {
        let mut value = json!({"a": 0.1f64 + 0.2f64, "b": 2.0, "c": [1.0f64 / 3.0, -45.000001],
            "d": "text", "e": 7});
        lean_numbers(&mut value);
        assert_eq!(
            value.to_string(),
            r#"{"a":0.3,"b":2,"c":[0.33333334,-45],"d":"text","e":7}"#
        );
    }

    #[test]
    fn positions_round_to_their_step_as_short_decimals() {
        assert_eq!(round_to(12.345678901, POSITION_STEP).to_string(), "12.3457");
        assert_eq!(round_to(-0.00004, POSITION_STEP), 0.0);
        assert_eq!(uv_step(96), 1e-5);
        assert_eq!(uv_step(2560), 1e-6);
        assert_eq!(uv_step(1), 1e-4);
    }
}
