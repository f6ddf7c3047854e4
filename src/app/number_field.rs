//! The window's one number field: a drag value whose typed text applies once, when the field is
//! left (Enter, Tab, a click elsewhere), not at each keystroke. A drag still changes the value as
//! the pointer moves. Every number the window shows is built here (an architecture test keeps it
//! so), so no field makes one undo step per key typed, and none reads a half-typed value ("0."
//! while "0.25" is on its way) as what the artist meant.

use eframe::egui;

/// A number field over `value`: egui's drag value that applies typed text when it is committed.
/// Range, speed, prefix and the rest are chained on as for any drag value.
pub fn number_field<Num: egui::emath::Numeric>(value: &mut Num) -> egui::DragValue<'_> {
    egui::DragValue::new(value).update_while_editing(false)
}
