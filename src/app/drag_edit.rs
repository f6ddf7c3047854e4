//! Edit while dragging: how a widget (slider, drag value, colour picker) tells the editor its drag
//! began and ended. The drag itself is the editor's ([`Editor::press_widget`], then
//! [`Editor::release`], or [`Editor::cancel_drag`] on Esc), so the commands the widget runs
//! meanwhile are one undo step — begun when the drag starts, committed when it stops — and Esc puts
//! the document back as it was when the drag began; the rest of that drag then changes nothing.
//! Typing into a field (a drag value's text, arrow keys while it has the keyboard) is handled the
//! same way: the first change opens the widget's step and leaving the field (Enter, Tab, a click
//! elsewhere) commits it, so a typed value is one undo step, not one per keystroke. A change
//! without either (a click on a slider's track) is a step of its own.
//!
//! Viewport drags are the tools' business ([`limber_editor::tools`]), through the same dispatch.

use eframe::egui;

use limber_editor::editor::Editor;
use limber_editor::tools::WidgetDrag;

/// For one widget: runs `edit` when `response` reports a change, inside the undo step of the drag
/// in progress (see [`drag_edit_group`]). Returns whether `edit` ran.
pub fn drag_edit(
    ui: &egui::Ui,
    editor: &mut Editor,
    response: &egui::Response,
    edit: impl FnOnce(&mut Editor),
) -> bool {
    drag_edit_group(
        ui,
        editor,
        response.id,
        std::slice::from_ref(response),
        edit,
    )
}

/// For a group of widgets that edit one thing together (a part's mesh sliders), known by `id`:
/// runs `edit` when any of `responses` reports a change. A drag of any of them is the editor's
/// widget drag for `id`, one undo step; it ends once none is dragged and the button is up (which
/// covers a widget disabled mid-drag, one that never reports a stop). An undo during the drag
/// closes its step; the drag's next move opens another. Esc (the `Cancel` command) puts the
/// document back, and the rest of that drag changes nothing. Returns whether `edit` ran.
pub fn drag_edit_group(
    ui: &egui::Ui,
    editor: &mut Editor,
    id: egui::Id,
    responses: &[egui::Response],
    edit: impl FnOnce(&mut Editor),
) -> bool {
    let id = id.value();
    let started = responses.iter().any(egui::Response::drag_started);
    let dragging = responses.iter().any(egui::Response::dragged);
    let changed = responses.iter().any(egui::Response::changed);
    let typing = responses.iter().any(egui::Response::has_focus);
    let held = ui.input(|i| i.pointer.any_down());
    // A drag starts the editor's; one going on after an undo closed its step opens another; so
    // does the first typed change.
    let open = editor.document().in_transaction();
    if started || (dragging && !open) || (typing && changed && !open) {
        editor.press_widget(id);
    }
    let state = editor.widget_drag(id);
    let edited = changed && state != Some(WidgetDrag::Cancelled);
    if edited {
        edit(editor);
    }
    if state.is_some() && !dragging && !held && !typing {
        editor.release();
    }
    edited
}
