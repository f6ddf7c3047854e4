//! The inspector's key button: a filled diamond when a value is keyed at the playhead (a click
//! removes the key), hollow when it is interpolated or unkeyed (a click keys it). Named for
//! assistive tools after what a click does. Shared by the bone key fields, and, beside a slider
//! ([`keyed_slider`]), by constraints' keyed mixes and paths' keyed position and spacing.

use eframe::egui;
use limber_editor::commands::Command;
use limber_editor::editor::Editor;

use super::drag_edit::drag_edit;

/// A value keyed at the playhead, as its inspector row shows it.
pub struct KeyedValue<'a> {
    /// What it is ("physics mix", "position"): the slider's and the key button's names.
    pub what: &'a str,
    /// Its value at the playhead (keyed there, or the constraint's own).
    pub value: f64,
    pub range: std::ops::RangeInclusive<f64>,
    /// Whether a key holds it at the playhead.
    pub keyed: bool,
}

/// A row of the key button and a slider for `shown`: a change of the slider (a drag is one undo
/// step) or a click of a hollow diamond runs `key(value)`, a click of a filled one `unkey`.
pub fn keyed_slider(
    ui: &mut egui::Ui,
    editor: &mut Editor,
    shown: KeyedValue<'_>,
    key: impl Fn(f64) -> Command,
    unkey: impl FnOnce() -> Command,
) {
    let KeyedValue {
        what,
        mut value,
        range,
        keyed,
    } = shown;
    ui.horizontal(|ui| {
        if key_diamond(ui, keyed, what).clicked() {
            editor.run(if keyed { unkey() } else { key(value) });
        }
        let response = ui.add(
            egui::Slider::new(&mut value, range)
                .clamping(egui::SliderClamping::Edits)
                .text(format!("{what} (keyed at playhead)")),
        );
        drag_edit(ui, editor, &response, |editor| {
            editor.run(key(value));
        });
    });
}

/// Draws the button for the value called `what` (a channel or a mix), named "Remove WHAT key" or
/// "Key WHAT" after what a click does, with a hover text that says so.
pub fn key_diamond(ui: &mut egui::Ui, keyed: bool, what: &str) -> egui::Response {
    let (label, hover) = if keyed {
        (
            format!("Remove {what} key"),
            format!("◆ keyed at the playhead: click to remove the {what} key"),
        )
    } else {
        (
            format!("Key {what}"),
            format!("◇ not keyed at the playhead: click to key the {what} shown"),
        )
    };
    let side = ui.spacing().interact_size.y;
    let (rect, response) = ui.allocate_exact_size(egui::vec2(side, side), egui::Sense::click());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &label));
    let response = response.on_hover_text(hover);
    if ui.is_rect_visible(rect) {
        let visuals = ui.style().interact(&response);
        let c = rect.center();
        let r = side * 0.3;
        let points = vec![
            c + egui::vec2(0.0, -r),
            c + egui::vec2(r, 0.0),
            c + egui::vec2(0.0, r),
            c + egui::vec2(-r, 0.0),
        ];
        let stroke = egui::Stroke::new(1.5, visuals.fg_stroke.color);
        let fill = if keyed {
            visuals.fg_stroke.color
        } else {
            egui::Color32::TRANSPARENT
        };
        ui.painter()
            .add(egui::Shape::convex_polygon(points, fill, stroke));
    }
    response
}
