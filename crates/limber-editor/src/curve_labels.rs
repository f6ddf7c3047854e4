//! Where the curve editor names its curves: each shown curve gets a label — its bone and channel
//! ("arm_l · rotation") in the channel's colour — at the graph's right edge, beside where the
//! curve leaves the view, so curves of several bones with the same channel colour can be told
//! apart. Labels that would overlap are pushed apart vertically and kept inside the graph.

use glam::DVec2;

use super::curves::{Curve, GraphFrame};

/// A curve's name as the graph and its menus show it: "bone · channel".
pub fn curve_name(bone: &str, channel: limber_core::animation::Channel) -> String {
    format!("{bone} · {}", channel.name())
}

/// One curve's label: its text and the screen point (points) of its right end's vertical centre.
#[derive(Debug, Clone, PartialEq)]
pub struct CurveLabel {
    pub text: String,
    /// Index of the curve in the list it was made from.
    pub curve: usize,
    /// x: the graph's right edge; y: the label's vertical centre.
    pub right_centre: DVec2,
}

/// The labels of `curves` drawn in `frame`, `line_height` screen points tall each: one per curve
/// with a point in the view's time range, just above its last point in that range, moved
/// apart so no two are closer than `line_height`, and inside the graph when it has room for them.
pub fn curve_labels(curves: &[Curve], frame: &GraphFrame, line_height: f64) -> Vec<CurveLabel> {
    let [t0, t1] = frame.view.time;
    let mut labels: Vec<CurveLabel> = curves
        .iter()
        .enumerate()
        .filter_map(|(i, curve)| {
            let last = curve.points.iter().rev().find(|p| p.x >= t0 && p.x <= t1)?;
            // Just above the line, so the line does not run through the text.
            let y = frame.to_screen(*last).y.clamp(frame.min.y, frame.max.y) - line_height / 2.0;
            Some(CurveLabel {
                text: curve_name(&curve.bone, curve.channel),
                curve: i,
                right_centre: DVec2::new(frame.max.x, y),
            })
        })
        .collect();
    labels.sort_by(|a, b| a.right_centre.y.total_cmp(&b.right_centre.y));
    spread(&mut labels, frame, line_height);
    labels
}

/// Pushes sorted labels down until none overlaps the one above, then, if the last one left the
/// graph, back up from the bottom (never above the top while the graph has room for them all).
fn spread(labels: &mut [CurveLabel], frame: &GraphFrame, line_height: f64) {
    let top = frame.min.y + line_height / 2.0;
    let bottom = frame.max.y - line_height / 2.0;
    let mut least = top;
    for label in labels.iter_mut() {
        label.right_centre.y = label.right_centre.y.max(least);
        least = label.right_centre.y + line_height;
    }
    let mut most = bottom;
    for label in labels.iter_mut().rev() {
        label.right_centre.y = label.right_centre.y.min(most).max(top);
        most = label.right_centre.y - line_height;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::curves::CurveView;
    use limber_core::animation::Channel;

    fn curve(bone: &str, channel: Channel, points: &[(f64, f64)]) -> Curve {
        Curve {
            bone: bone.into(),
            channel,
            keys: Vec::new(),
            points: points.iter().map(|&(t, v)| DVec2::new(t, v)).collect(),
        }
    }

    fn frame() -> GraphFrame {
        GraphFrame {
            min: DVec2::new(0.0, 0.0),
            max: DVec2::new(400.0, 100.0),
            view: CurveView {
                time: [0.0, 1.0],
                value: [0.0, 100.0],
            },
        }
    }

    #[test]
    fn each_curve_is_named_by_bone_and_channel_at_its_last_point_in_view() {
        let curves = [
            curve(
                "arm",
                Channel::Rotate,
                &[(0.0, 10.0), (0.5, 80.0), (2.0, 0.0)],
            ),
            curve("leg", Channel::Rotate, &[(0.0, 20.0), (1.0, 20.0)]),
        ];
        let labels = curve_labels(&curves, &frame(), 12.0);
        let arm = labels.iter().find(|l| l.curve == 0).expect("arm labelled");
        assert_eq!(arm.text, "arm · rotation");
        // 80 of 0..100 is 20 points below the top; the label's centre is half a line above it
        // (the point at 2 s is out of view).
        assert_eq!(arm.right_centre, DVec2::new(400.0, 14.0));
        let leg = labels.iter().find(|l| l.curve == 1).expect("leg labelled");
        assert_eq!(leg.text, "leg · rotation");
        assert_eq!(leg.right_centre.y, 74.0);
    }

    #[test]
    fn labels_at_one_height_are_spread_apart_and_stay_in_the_graph() {
        let flat = |bone: &str| curve(bone, Channel::ScaleX, &[(0.0, 0.0), (1.0, 0.0)]);
        let curves = [flat("a"), flat("b"), flat("c")];
        let labels = curve_labels(&curves, &frame(), 12.0);
        assert_eq!(labels.len(), 3);
        let mut ys: Vec<f64> = labels.iter().map(|l| l.right_centre.y).collect();
        ys.sort_by(f64::total_cmp);
        for pair in ys.windows(2) {
            assert!(pair[1] - pair[0] >= 12.0 - 1e-9, "{ys:?} overlap");
        }
        assert!(ys.iter().all(|&y| (6.0..=94.0).contains(&y)), "{ys:?}");
    }

    #[test]
    fn a_curve_with_no_point_in_view_has_no_label() {
        let late = curve("tail", Channel::Rotate, &[(3.0, 0.0), (4.0, 1.0)]);
        assert!(curve_labels(&[late], &frame(), 12.0).is_empty());
    }
}
