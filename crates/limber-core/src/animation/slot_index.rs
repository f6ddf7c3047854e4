//! A clip's slot keys indexed by channel: where each slot's keys lie, and which of them key an
//! attachment, a colour or a draw order. Sampling one slot at one time is then a few binary
//! searches, not a pass over the slot's keys, so exporting a slot of 10⁶ keys (a sample at every
//! key) stays linear in its keys rather than quadratic.

use std::ops::Range;

use super::slot_keys::{SlotKeyRecord, SlotPose};

/// Slot keys sorted by slot name, then time, with an index per channel.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SlotKeys {
    keys: Vec<SlotKeyRecord>,
    /// Indices into `keys` (ascending) of the keys that set an attachment, a colour, a draw order.
    attachments: Vec<usize>,
    colors: Vec<usize>,
    draw_orders: Vec<usize>,
}

impl SlotKeys {
    /// Indexes `keys`, which are sorted by slot name, then time.
    pub fn new(keys: Vec<SlotKeyRecord>) -> Self {
        let having = |pick: fn(&SlotKeyRecord) -> bool| -> Vec<usize> {
            (0..keys.len()).filter(|&i| pick(&keys[i])).collect()
        };
        Self {
            attachments: having(|k| k.attachment.is_some()),
            colors: having(|k| k.color.is_some()),
            draw_orders: having(|k| k.draw_order.is_some()),
            keys,
        }
    }

    /// Every key, sorted by slot name, then time.
    pub fn all(&self) -> &[SlotKeyRecord] {
        &self.keys
    }

    /// The keys of `slot`, sorted by time.
    pub fn of(&self, slot: &str) -> &[SlotKeyRecord] {
        &self.keys[self.range(slot)]
    }

    fn range(&self, slot: &str) -> Range<usize> {
        let start = self.keys.partition_point(|k| k.slot.as_str() < slot);
        let end = start + self.keys[start..].partition_point(|k| k.slot == slot);
        start..end
    }

    /// `slot`'s state at time `t`: each channel held from its last key at or before `t` (its
    /// first key before that), the colour interpolated toward the next colour key.
    pub fn sample(&self, slot: &str, t: f64) -> SlotPose {
        let range = self.range(slot);
        let within = |index: &[usize]| -> Range<usize> {
            index.partition_point(|&i| i < range.start)..index.partition_point(|&i| i < range.end)
        };
        let held = |index: &[usize]| -> Option<&SlotKeyRecord> {
            let keyed = &index[within(index)];
            let before = keyed.partition_point(|&i| self.keys[i].time <= t);
            let at = match before {
                0 => *keyed.first()?,
                n => keyed[n - 1],
            };
            Some(&self.keys[at])
        };
        SlotPose {
            attachment: held(&self.attachments).and_then(|k| k.attachment.clone()),
            color: self.color(&self.colors[within(&self.colors)], t),
            draw_order: held(&self.draw_orders).and_then(|k| k.draw_order),
        }
    }

    /// The colour at `t` from the colour keys at `keyed` (indices into `keys`, by time).
    fn color(&self, keyed: &[usize], t: f64) -> Option<[f64; 4]> {
        let value = |k: &SlotKeyRecord| k.color.unwrap_or(crate::slots::WHITE);
        let first = &self.keys[*keyed.first()?];
        if t <= first.time {
            return Some(value(first));
        }
        let i = keyed.partition_point(|&k| self.keys[k].time <= t) - 1;
        let from = &self.keys[keyed[i]];
        let Some(&next) = keyed.get(i + 1) else {
            return Some(value(from));
        };
        let next = &self.keys[next];
        let e = from.interp.ease((t - from.time) / (next.time - from.time));
        let (a, b) = (value(from), value(next));
        // A Bézier may overshoot; a colour stays within 0–1.
        Some(std::array::from_fn(|c| {
            (a[c] + (b[c] - a[c]) * e).clamp(0.0, 1.0)
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::animation::Interpolation;

    /// A slot's state by a pass over its keys: what the index must give.
    fn by_scan(keys: &[SlotKeyRecord], slot: &str, t: f64) -> SlotPose {
        let own: Vec<&SlotKeyRecord> = keys.iter().filter(|k| k.slot == slot).collect();
        let held = |pick: &dyn Fn(&SlotKeyRecord) -> bool| {
            own.iter()
                .copied()
                .filter(|k| pick(k))
                .take_while(|k| k.time <= t)
                .last()
                .or_else(|| own.iter().copied().find(|k| pick(k)))
        };
        let colors: Vec<&SlotKeyRecord> =
            own.iter().copied().filter(|k| k.color.is_some()).collect();
        let color = colors.first().map(|first| {
            if t <= first.time {
                return first.color.unwrap_or_default();
            }
            let i = colors.iter().rposition(|k| k.time <= t).unwrap_or(0);
            match colors.get(i + 1) {
                None => colors[i].color.unwrap_or_default(),
                Some(next) => {
                    let (a, b) = (
                        colors[i].color.unwrap_or_default(),
                        next.color.unwrap_or_default(),
                    );
                    let e = colors[i]
                        .interp
                        .ease((t - colors[i].time) / (next.time - colors[i].time));
                    std::array::from_fn(|c| (a[c] + (b[c] - a[c]) * e).clamp(0.0, 1.0))
                }
            }
        });
        SlotPose {
            attachment: held(&|k| k.attachment.is_some()).and_then(|k| k.attachment.clone()),
            color,
            draw_order: held(&|k| k.draw_order.is_some()).and_then(|k| k.draw_order),
        }
    }

    #[test]
    fn the_index_samples_as_a_pass_over_the_keys_does() {
        // Three slots, keys of every kind mixed at irregular times.
        let mut keys = Vec::new();
        for (s, slot) in ["arm", "eyes", "hat"].iter().enumerate() {
            for k in 0..40u32 {
                let n = k as usize + s;
                keys.push(SlotKeyRecord {
                    slot: slot.to_string(),
                    time: f64::from(k) * 0.25 + 0.1 * s as f64,
                    attachment: (n % 3 == 0).then(|| (n % 2 == 0).then(|| format!("a{n}"))),
                    color: (n % 4 != 1).then(|| [1.0, (n % 5) as f64 / 4.0, 0.5, 1.0]),
                    draw_order: (n % 7 == 0).then_some(n as i32),
                    interp: if n % 2 == 0 {
                        Interpolation::LINEAR
                    } else {
                        Interpolation::STEPPED
                    },
                });
            }
        }
        keys.retain(|k| k.attachment.is_some() || k.color.is_some() || k.draw_order.is_some());
        keys.sort_by(|a, b| a.slot.cmp(&b.slot).then(a.time.total_cmp(&b.time)));
        let index = SlotKeys::new(keys.clone());
        for slot in ["arm", "eyes", "hat", "none"] {
            for step in 0..=120 {
                let t = f64::from(step) * 0.09 - 0.5;
                assert_eq!(
                    index.sample(slot, t),
                    by_scan(&keys, slot, t),
                    "{slot} at {t}"
                );
            }
            assert_eq!(
                index.of(slot).len(),
                keys.iter().filter(|k| k.slot == slot).count()
            );
        }
    }
}
