//! The inspector's key button: a filled diamond when a value is keyed at the playhead (a click
//! removes the key), hollow when it is interpolated or unkeyed (a click keys it). Named for
//! assistive tools after what a click does. Shared by the bone key fields and the path
//! constraint's keyed position and spacing.

use eframe::egui;

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
