//! Edit while dragging: how a widget (slider, drag value, colour picker) tells the editor its drag
//! began and ended. The drag itself is the editor's ([`Editor::press_widget`], then
//! [`Editor::release`], or [`Editor::cancel_drag`] on Esc), so the commands the widget runs
//! meanwhile are one undo step — begun when the drag starts, committed when it stops — and Esc puts
//! the document back as it was when the drag began; the rest of that drag then changes nothing. A
//! change without a drag (a click on a slider's track, typed text, arrow keys) is a step of its own.
//!
//! Viewport drags are the tools' business ([`limber_editor::tools`]), through the same dispatch.

use eframe::egui;

use limber_editor::editor::Editor;

/// What a group of widgets was doing at the last frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct DragState {
    dragging: bool,
    /// Esc cancelled the drag in progress: ignore it until it ends.
    cancelled: bool,
}

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
/// runs `edit` when any of `responses` reports a change. A drag of any of them is one undo step;
/// it ends when none is dragged any more (which covers a widget disabled mid-drag, one that never
/// reports a stop). An undo during the drag closes its step; the drag's next move opens another.
/// Esc during the drag cancels it. Returns whether `edit` ran.
pub fn drag_edit_group(
    ui: &egui::Ui,
    editor: &mut Editor,
    id: egui::Id,
    responses: &[egui::Response],
    edit: impl FnOnce(&mut Editor),
) -> bool {
    let key = id.with("limber drag edit");
    let was = ui
        .data(|d| d.get_temp::<DragState>(key))
        .unwrap_or_default();
    let started = responses.iter().any(egui::Response::drag_started);
    let dragging = responses.iter().any(egui::Response::dragged);
    let changed = responses.iter().any(egui::Response::changed);
    let escape = ui.input(|i| i.key_pressed(egui::Key::Escape));
    let mut cancelled = was.cancelled && !started;
    // egui itself ends a drag when Esc is pressed: the widget may already report no drag.
    if escape && (dragging || was.dragging) && !cancelled {
        if !editor.cancel_drag() {
            editor.set_status("drag cancelled");
        }
        cancelled = true;
    }
    let mut edited = false;
    if !cancelled {
        // (Re)open the step when a drag starts, or goes on after an undo closed it mid-drag.
        if started || (dragging && !editor.document().in_transaction()) {
            editor.press_widget();
        }
        if changed {
            edit(editor);
            edited = true;
        }
        if (was.dragging || started) && !dragging {
            editor.release();
        }
    }
    let now = DragState {
        dragging,
        cancelled: cancelled && dragging,
    };
    if now != was {
        ui.data_mut(|d| d.insert_temp(key, now));
    }
    edited
}
