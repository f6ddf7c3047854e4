//! One keyed channel sampled at a time: the value of the last key at or before it eased toward the
//! next key by that key's curve, the first key's value before it and the last key's after it.
//! Shared by a clip's bone channels and mix keys ([`super::clip`]) and its path keys
//! ([`super::path_keys`]), which sit beside the clip, not below it.

use super::curve::Interpolation;

/// A key of one channel: time, value, interpolation to the next key (one per component for x/y
/// pairs).
pub type ChannelKey<T, I = Interpolation> = (f64, T, I);

/// The channel's value at `t`, or `None` if it has no keys. `lerp(a, b, u, interp)` eases from a
/// to b at normalised time u by the earlier key's interpolation.
pub fn sample_channel<T: Copy, I: Copy>(
    keys: &[ChannelKey<T, I>],
    t: f64,
    lerp: impl Fn(T, T, f64, I) -> T,
) -> Option<T> {
    let first = keys.first()?;
    if t <= first.0 {
        return Some(first.1);
    }
    // The last key at or before t.
    let i = keys.partition_point(|k| k.0 <= t) - 1;
    let (t0, v0, interp) = keys[i];
    let Some(&(t1, v1, _)) = keys.get(i + 1) else {
        return Some(v0);
    };
    let u = (t - t0) / (t1 - t0);
    Some(lerp(v0, v1, u, interp))
}
