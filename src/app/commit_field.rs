//! One text field that commits on Enter or when it loses the keyboard: what the window uses for
//! every name (bone, slot, attachment, skin, clip, event). While it has the keyboard it keeps the
//! text typed in egui's memory (not the document), so typing is no edit at all; leaving it runs the
//! commit once with the trimmed text, unless that is empty (refused: the field shows the name it
//! had again) or unchanged. Esc leaves it without committing.

use eframe::egui;

/// A single-line field labelled `label`, showing `current`, `width` points wide (`None`: egui's
/// default). Returns the trimmed new text when the edit is committed with a non-empty name that
/// differs from `current`.
pub fn commit_field(
    ui: &mut egui::Ui,
    salt: impl std::hash::Hash + std::fmt::Debug,
    label: &str,
    current: &str,
    width: Option<f32>,
) -> Option<String> {
    let id = ui.make_persistent_id(salt);
    let mut text = ui
        .data_mut(|d| d.get_temp::<String>(id))
        .unwrap_or_else(|| current.to_string());
    let field = ui
        .horizontal(|ui| {
            let label = ui.label(label);
            let mut edit = egui::TextEdit::singleline(&mut text);
            if let Some(width) = width {
                edit = edit.desired_width(width);
            }
            ui.add(edit).labelled_by(label.id)
        })
        .inner;
    let escaped = ui.input(|i| i.key_pressed(egui::Key::Escape));
    if field.lost_focus() {
        ui.data_mut(|d| d.remove::<String>(id));
        let typed = text.trim();
        return (!escaped && !typed.is_empty() && typed != current).then(|| typed.to_string());
    }
    if field.has_focus() {
        ui.data_mut(|d| d.insert_temp(id, text));
    } else {
        ui.data_mut(|d| d.remove::<String>(id));
    }
    None
}
