//! One text field that commits on Enter or when it loses the keyboard: what the window uses for
//! every name (bone, slot, attachment, skin, clip, event). While it has the keyboard it keeps the
//! text typed in egui's memory (not the document), so typing is no edit at all; leaving it runs the
//! commit once with the trimmed text, unless that is empty (refused: the field shows the name it
//! had again) or unchanged. Esc leaves it without committing. [`commit_text`] is the same field for
//! free text, where empty is a value.

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
    ui.horizontal(|ui| {
        let label = ui.label(label);
        committed(ui, salt, current, width, |field| {
            field.labelled_by(label.id)
        })
    })
    .inner
    .map(|typed| typed.trim().to_string())
    .filter(|typed| !typed.is_empty() && typed != current)
}

/// The same field for free text (an event's string, which may be empty or keep its spaces), with
/// no label shown: `name` names it for screen readers and tests. Returns the text as typed when the
/// edit is committed and differs from `current`.
pub fn commit_text(
    ui: &mut egui::Ui,
    salt: impl std::hash::Hash + std::fmt::Debug,
    name: &str,
    current: &str,
    width: Option<f32>,
) -> Option<String> {
    committed(ui, salt, current, width, |field| {
        field.accessible_name(name)
    })
}

/// The field itself, its response passed through `name` (which labels it); the text as typed when
/// it is committed (Enter or the keyboard leaving it, not Esc) and differs from `current`.
fn committed(
    ui: &mut egui::Ui,
    salt: impl std::hash::Hash + std::fmt::Debug,
    current: &str,
    width: Option<f32>,
    name: impl FnOnce(egui::Response) -> egui::Response,
) -> Option<String> {
    let id = ui.make_persistent_id(salt);
    let mut text = ui
        .data_mut(|d| d.get_temp::<String>(id))
        .unwrap_or_else(|| current.to_string());
    let mut edit = egui::TextEdit::singleline(&mut text);
    if let Some(width) = width {
        edit = edit.desired_width(width);
    }
    let field = name(ui.add(edit));
    let escaped = ui.input(|i| i.key_pressed(egui::Key::Escape));
    if field.lost_focus() {
        ui.data_mut(|d| d.remove::<String>(id));
        return (!escaped && text != current).then_some(text);
    }
    if field.has_focus() {
        ui.data_mut(|d| d.insert_temp(id, text));
    } else {
        ui.data_mut(|d| d.remove::<String>(id));
    }
    None
}
