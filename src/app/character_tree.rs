//! The character's tree in the left panel, as artists know it from Spine: the skin chooser above
//! it, then every bone in hierarchy order (with its deform and lock toggles), under each bone the
//! slots it carries and, unfolded, each slot's attachments (`limber_editor::character_tree` says
//! which bone carries a slot). A click on a bone selects it (Shift or Ctrl + click adds or takes
//! out); on a slot selects the slot and its bone (Shift or Ctrl: adds the bone) and opens the
//! slot's details below; on an
//! attachment shows it (keyed at the playhead when animating) and selects a box, point or clip for
//! editing in the view; right-click an attachment for its menu. Everything acts through commands.

use eframe::egui;

use limber_editor::character_tree::{TreeAttachment, TreeSlot};
use limber_editor::commands::{BoneCommand, Command, SlotCommand};
use limber_editor::editor::{Editor, Mode};

/// What the two checkboxes before each bone's name do (their header's and their own tooltips).
const DEFORM_HOVER: &str =
    "Deform: the bone moves vertices and takes weight (one undo step, weights recomputed)";
const LOCK_HOVER: &str = "Lock: the brush, automatic weights and smoothness keep this bone's weights (not saved, not an undo step)";
/// The width of a checkbox column (points).
const FLAG_WIDTH: f32 = 34.0;
/// Indentation per level of the tree (points).
const INDENT: f32 = 12.0;
/// How far a slot's row starts in from the panel's edge, before its bone's depth (points).
const SLOT_INDENT: f32 = 20.0;

/// How far a row at `depth` in the hierarchy is indented (points): a full step for each of the
/// first levels, then a small one, so a long chain (a tail of 12 bones) keeps room for its names.
fn depth_indent(depth: usize) -> f32 {
    const FULL_LEVELS: usize = 4;
    const SMALL: f32 = 3.0;
    let full = depth.min(FULL_LEVELS) as f32 * INDENT;
    full + depth.saturating_sub(FULL_LEVELS) as f32 * SMALL
}

/// The skins, Suggest bones (Bones mode) and the tree.
pub fn show(ui: &mut egui::Ui, editor: &mut Editor) {
    super::slots_panel::skins(ui, editor);
    if editor.document().project.rig.skeleton.bones.is_empty() {
        ui.label(if editor.tools().mode() == Mode::Bones {
            "No bones yet: drag in the view to draw one, or Suggest bones."
        } else {
            "No bones yet: choose Bones mode and drag in the view."
        });
    }
    if editor.tools().mode() == Mode::Bones {
        let suggest = Command::SuggestBones;
        let button = ui
            .add_enabled(editor.can_run(&suggest), egui::Button::new("Suggest bones"))
            .on_hover_text("A skeleton from the sprite's shape, on a rig without bones");
        if button.clicked() {
            editor.run(suggest);
        }
    }
    let tree = editor.slots().tree();
    if !tree.bones.is_empty() {
        flags_header(ui);
    }
    for slot in &tree.unboned {
        slot_row(ui, editor, slot, None, 0.0);
    }
    for bone in &tree.bones {
        ui.horizontal(|ui| {
            bone_flags(ui, editor, bone.bone, &bone.name);
            ui.add_space(depth_indent(bone.depth));
            bone_name(ui, editor, bone.bone, &bone.name);
        });
        // Right under the bone's row, nested by the bone's depth but not past the toggles'
        // columns (a slot has none): its name keeps room for reading in a narrow panel.
        let indent = SLOT_INDENT + depth_indent(bone.depth);
        for slot in &bone.slots {
            slot_row(ui, editor, slot, Some(bone.bone), indent);
        }
    }
}

/// What the checkboxes before each bone's name are.
fn flags_header(ui: &mut egui::Ui) {
    ui.horizontal(|ui| {
        for (text, hover) in [("deform", DEFORM_HOVER), ("lock", LOCK_HOVER)] {
            ui.add_sized(
                [FLAG_WIDTH, 14.0],
                egui::Label::new(egui::RichText::new(text).small()),
            )
            .on_hover_text(hover);
        }
        ui.label(egui::RichText::new("bone").small())
            .on_hover_text("each bone, and under it (in italics) the slots it carries");
    });
}

/// A bone's name: a click selects it, Shift or Ctrl + click adds it or takes it out.
fn bone_name(ui: &mut egui::Ui, editor: &mut Editor, bone: usize, name: &str) {
    let selected = editor.selection().has_bone(bone);
    // A name too long for the panel ends in an ellipsis; the whole shows on hover.
    let button = egui::Button::selectable(selected, one_line(ui, name.into()));
    if ui.add(button).on_hover_text(name).clicked() {
        let (shift, command) = ui.input(|i| (i.modifiers.shift, i.modifiers.command));
        if shift || command {
            editor.run(Command::Bone(BoneCommand::ToggleSelected { bone }));
        } else {
            editor.run(Command::Bone(BoneCommand::Select { bone: Some(bone) }));
        }
    }
}

/// A slot under its bone, `indent` points in: its name (a click selects it and its bone, unfolds
/// it here and opens its details below) and, unfolded, its attachments.
fn slot_row(
    ui: &mut egui::Ui,
    editor: &mut Editor,
    slot: &TreeSlot,
    bone: Option<usize>,
    indent: f32,
) {
    let id = ui.make_persistent_id(("tree slot", slot.name.as_str()));
    let mut state =
        egui::collapsing_header::CollapsingState::load_with_default_open(ui.ctx(), id, false);
    ui.horizontal(|ui| {
        ui.add_space(indent);
        ui.vertical(|ui| {
            let mut clicked = false;
            let header = state.clone().show_header(ui, |ui| {
                let selected = editor.slots().selected() == Some(slot.name.as_str());
                let text = egui::RichText::new(slot.name.as_str()).italics();
                let button = egui::Button::selectable(selected, one_line(ui, text));
                let shown = slot.shown.as_deref().unwrap_or("nothing");
                let hover = format!("slot {}: shows {shown}", slot.name);
                clicked = ui.add(button).on_hover_text(hover).clicked();
            });
            header.body(|ui| {
                for attachment in &slot.attachments {
                    attachment_row(ui, editor, slot, attachment);
                }
            });
            if clicked {
                editor.run(Command::Slot(SlotCommand::Select {
                    slot: Some(slot.name.clone()),
                }));
                // As on a bone's name: Shift or Ctrl + click adds the slot's bone to the selection
                // (or takes it out), a plain click selects it alone.
                let (shift, command) = ui.input(|i| (i.modifiers.shift, i.modifiers.command));
                let bone_command = match bone {
                    Some(bone) if shift || command => BoneCommand::ToggleSelected { bone },
                    Some(bone) => BoneCommand::Select { bone: Some(bone) },
                    None => BoneCommand::Select { bone: None },
                };
                if bone.is_some() || !(shift || command) {
                    editor.run(Command::Bone(bone_command));
                }
                state.set_open(true);
                state.store(ui.ctx());
                super::slots_panel::reveal(ui.ctx(), &slot.name);
            }
        });
    });
}

/// One attachment: its kind, then its name (selected when shown).
fn attachment_row(ui: &mut egui::Ui, editor: &mut Editor, slot: &TreeSlot, item: &TreeAttachment) {
    ui.horizontal(|ui| {
        ui.label(egui::RichText::new(item.kind.label()).small().weak());
        let text = egui::RichText::new(item.name.as_str());
        let button = egui::Button::selectable(item.shown, one_line(ui, text));
        let response = ui.add(button).on_hover_text(format!(
            "{} {} of slot {}: click to show it (animating: keyed at the playhead)",
            item.kind.label(),
            item.name,
            slot.name
        ));
        if response.clicked() {
            // As the slot's details do: a choice of what already shows keys it when animating.
            if !item.shown || editor.slots().keyed() {
                editor.run(Command::Slot(SlotCommand::Show {
                    slot: slot.name.clone(),
                    attachment: Some(item.name.clone()),
                }));
            }
            editor.run(Command::Slot(SlotCommand::SelectShape {
                slot: slot.name.clone(),
                attachment: Some(item.name.clone()),
            }));
        }
        if !slot.own {
            response.context_menu(|ui| {
                super::slots_panel::attachment_menu(ui, editor, &slot.name, &item.name)
            });
        }
    });
}

/// `text` on one line ending in an ellipsis where the panel's room ends, whole on hover where it is
/// used. The room is the layout's width, but never past the visible part (the clip, less the
/// frame's margin it includes): under a scroll bar the layout runs wider than what shows, and text
/// reaching into the margin would widen the panel a little every frame.
fn one_line(ui: &egui::Ui, text: egui::RichText) -> egui::WidgetText {
    let margin = ui.spacing().window_margin.rightf();
    let right = ui.max_rect().right().min(ui.clip_rect().right() - margin);
    let room = right - ui.cursor().left() - 2.0 * ui.spacing().button_padding.x;
    let mut job = egui::text::LayoutJob::default();
    text.append_to(
        &mut job,
        ui.style(),
        egui::FontSelection::Style(egui::TextStyle::Button),
        egui::Align::Center,
    );
    job.wrap = egui::text::TextWrapping::truncate_at_width(room.max(20.0));
    // A laid-out galley keeps its own wrapping (text would be laid out again on one long line).
    egui::WidgetText::Galley(ui.fonts_mut(|f| f.layout_job(job)))
}

/// A bone's row toggles, under the "deform" and "lock" header: deform (a document edit, one undo
/// step with the weights) and lock (editor state). Screen readers and tests know them as
/// "deform NAME" and "lock NAME".
fn bone_flags(ui: &mut egui::Ui, editor: &mut Editor, bone: usize, name: &str) {
    let deform = editor
        .document()
        .project
        .rig
        .skeleton
        .bones
        .get(bone)
        .is_some_and(|b| b.deform);
    if flag(ui, deform, &format!("deform {name}"), DEFORM_HOVER) {
        editor.run(Command::Bone(BoneCommand::SetDeform { bone, on: !deform }));
    }
    let locked = editor.tools().is_locked(bone);
    if flag(ui, locked, &format!("lock {name}"), LOCK_HOVER) {
        editor.run(Command::Bone(BoneCommand::SetLocked { bone, on: !locked }));
    }
}

/// A small checkbox without visible text, named `label` for screen readers; returns whether it was
/// clicked.
fn flag(ui: &mut egui::Ui, on: bool, label: &str, hover: &str) -> bool {
    let mut value = on;
    let response = ui.add_sized([FLAG_WIDTH, 18.0], egui::Checkbox::without_text(&mut value));
    let label = label.to_string();
    response.widget_info(|| {
        egui::WidgetInfo::selected(egui::Role::CheckBox, true, value, label.clone())
    });
    response.on_hover_text(hover).changed()
}
