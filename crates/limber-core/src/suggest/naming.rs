//! Bone names: each chain named by the way it points from the root (`limb_down_left`, `trunk_up`),
//! numbered when two chains point the same way.

use std::collections::HashMap;

/// The compass word for the way from `from` to `to` (image y points down).
pub fn direction(from: [f64; 2], to: [f64; 2]) -> &'static str {
    let (dx, dy) = (to[0] - from[0], from[1] - to[1]);
    if dx.hypot(dy) < 1e-9 {
        return "centre";
    }
    const WORDS: [&str; 8] = [
        "right",
        "up_right",
        "up",
        "up_left",
        "left",
        "down_left",
        "down",
        "down_right",
    ];
    let turn = dy.atan2(dx).rem_euclid(std::f64::consts::TAU) / std::f64::consts::FRAC_PI_4;
    WORDS[(turn.round() as usize) % 8]
}

/// The chain names given so far, to number repeats.
#[derive(Default)]
pub struct Names {
    used: HashMap<String, usize>,
}

impl Names {
    /// `{prefix}{kind}_{direction}`, with `2`, `3`, … appended to repeats.
    pub fn chain(&mut self, prefix: &str, kind: &str, direction: &str) -> String {
        let base = format!("{prefix}{kind}_{direction}");
        let n = self.used.entry(base.clone()).or_insert(0);
        *n += 1;
        if *n == 1 { base } else { format!("{base}{n}") }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn directions_follow_the_image_axes() {
        assert_eq!(direction([0.0, 0.0], [0.0, -5.0]), "up");
        assert_eq!(direction([0.0, 0.0], [5.0, 5.0]), "down_right");
        assert_eq!(direction([0.0, 0.0], [-5.0, 0.2]), "left");
        let mut names = Names::default();
        assert_eq!(names.chain("", "limb", "up"), "limb_up");
        assert_eq!(names.chain("", "limb", "up"), "limb_up2");
    }
}
