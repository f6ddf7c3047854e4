//! The dopesheet's ruler: time labels in seconds at a step chosen so labels do not overlap at any
//! width (0.01 s to minutes), minor ticks between them, and, when the clip has a frame rate, frame
//! numbers below. The labels are real egui labels, so tests and screen readers find them.

use eframe::egui::{self, Color32, Pos2, Rect, Stroke};

use super::Mapping;

/// The ruler's height (points): seconds above the ticks, frame numbers below them.
pub const HEIGHT: f32 = 38.0;
/// The least distance between two labels (points).
const LABEL_SPACING: f32 = 56.0;
/// The steps labels may take, in seconds.
const STEPS: [f64; 14] = [
    0.01, 0.02, 0.05, 0.1, 0.2, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 15.0, 30.0, 60.0,
];
/// The steps frame labels may take, in frames.
const FRAME_STEPS: [u32; 9] = [1, 2, 5, 10, 20, 50, 100, 200, 500];

/// The labelling step (seconds) for `points_per_second`: the smallest whose labels sit at least
/// [`LABEL_SPACING`] apart.
pub fn label_step(points_per_second: f32) -> f64 {
    STEPS
        .into_iter()
        .find(|s| *s as f32 * points_per_second >= LABEL_SPACING)
        .unwrap_or(STEPS[STEPS.len() - 1])
}

/// A time as the ruler writes it for labels `step` seconds apart: "0.5 s", "1 s", "0.25 s".
pub fn time_label(t: f64, step: f64) -> String {
    let decimals = if step >= 1.0 {
        0
    } else if step >= 0.1 && (step * 10.0).fract().abs() < 1e-9 {
        1
    } else {
        2
    };
    format!("{t:.decimals$} s")
}

/// The step (frames) between frame labels for `points_per_frame`.
fn frame_step(points_per_frame: f32) -> u32 {
    FRAME_STEPS
        .into_iter()
        .find(|s| *s as f32 * points_per_frame >= LABEL_SPACING * 0.6)
        .unwrap_or(FRAME_STEPS[FRAME_STEPS.len() - 1])
}

/// Draws the ruler in `rect` (its track part given by `map`).
pub fn draw(ui: &mut egui::Ui, rect: Rect, map: &Mapping, fps: Option<u32>) {
    let painter = ui.painter_at(rect);
    let stroke = Stroke::new(1.0, Color32::GRAY);
    let step = label_step(map.points_per_second());
    let minor = step / 5.0;
    let labels = (map.duration / step + 1e-6).floor() as usize;
    let minors = (map.duration / minor + 1e-6).floor() as usize;
    let tick_top = rect.top() + 16.0;
    for i in 0..=minors {
        let x = map.x_of(i as f64 * minor);
        painter.line_segment(
            [Pos2::new(x, tick_top + 4.0), Pos2::new(x, tick_top + 7.0)],
            stroke,
        );
    }
    for i in 0..=labels {
        let t = i as f64 * step;
        let x = map.x_of(t);
        painter.line_segment(
            [Pos2::new(x, tick_top), Pos2::new(x, tick_top + 7.0)],
            stroke,
        );
        label(ui, Pos2::new(x, rect.top()), &time_label(t, step), 12.0);
    }
    // The clip's end: a brighter line below the labels.
    let end = map.x_of(map.duration);
    painter.line_segment(
        [Pos2::new(end, tick_top), Pos2::new(end, rect.bottom())],
        Stroke::new(1.5, Color32::LIGHT_GRAY),
    );
    if let Some(fps) = fps {
        let per_frame = map.points_per_second() / fps as f32;
        let frames = (map.duration * f64::from(fps) + 1e-6).floor() as u32;
        if per_frame >= 4.0 {
            for f in 0..=frames {
                let x = map.x_of(f64::from(f) / f64::from(fps));
                painter.circle_filled(Pos2::new(x, tick_top + 9.0), 1.0, Color32::LIGHT_GRAY);
            }
        }
        let every = frame_step(per_frame);
        for f in (0..=frames).step_by(every as usize) {
            let x = map.x_of(f64::from(f) / f64::from(fps));
            label(ui, Pos2::new(x, tick_top + 10.0), &f.to_string(), 9.5);
        }
    }
}

/// A small label centred on `top` (its top edge there).
fn label(ui: &mut egui::Ui, top: Pos2, text: &str, size: f32) {
    let rich = egui::RichText::new(text)
        .size(size)
        .color(ui.visuals().weak_text_color());
    let rect = Rect::from_center_size(
        Pos2::new(top.x, top.y + size * 0.6),
        egui::vec2(LABEL_SPACING, size * 1.3),
    );
    ui.put(
        rect,
        egui::Label::new(rich)
            .selectable(false)
            .wrap_mode(egui::TextWrapMode::Extend),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_keep_labels_apart_and_read_as_seconds() {
        assert_eq!(label_step(1000.0), 0.1);
        assert_eq!(label_step(300.0), 0.2);
        assert_eq!(label_step(100.0), 1.0);
        assert_eq!(label_step(10.0), 10.0);
        for pps in [3.0, 20.0, 77.0, 500.0, 6000.0] {
            let step = label_step(pps);
            assert!(
                step as f32 * pps >= LABEL_SPACING || step == 60.0,
                "{pps}: {step}"
            );
        }
        assert_eq!(time_label(0.5, 0.5), "0.5 s");
        assert_eq!(time_label(1.0, 1.0), "1 s");
        assert_eq!(time_label(0.75, 0.25), "0.75 s");
        assert_eq!(time_label(0.2, 0.1), "0.2 s");
        assert_eq!(frame_step(3.0), 20);
        assert_eq!(frame_step(40.0), 1);
    }
}
