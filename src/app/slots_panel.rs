//! The slots panel (the left panel's second section, under the character's tree, which holds the
//! skins; the panel scrolls as one): every slot front-most first — its draw order (and, for a part's own
//! slot, the part's vertex count and pixel-art switch), what
//! it shows among its attachments (choose, rename, delete, add from a PNG), its colour and blend,
//! and its bounding-box, point and clipping shapes (`shape_panel.rs`; clicking one edits it).
//! In Animate mode, choosing an attachment or a colour keys it at the playhead. Every change is one
//! undo step (a colour picked while its picker is open is one step when the picker closes).

use crate::app::number_field::number_field;
use eframe::egui;

use super::commit_field::commit_field;

use super::drag_edit::drag_edit;
use crate::core::slots::Blend;
use limber_editor::commands::{Command, Purpose, SkinCommand, SlotCommand, WindowRequest};
use limber_editor::editor::Editor;
use limber_editor::slot_actions::SlotRow;
use limber_editor::tools::WidgetDrag;

/// The width of the panel's name fields (points), narrow enough for the panel's default width.
const FIELD_WIDTH: f32 = 110.0;

/// Up to this many slots, every slot's section starts open.
const OPEN_SLOTS: usize = 3;

/// The slots' details (the skins are above the character's tree). Returns the window request of "+ attachment".
pub fn show(ui: &mut egui::Ui, editor: &mut Editor) -> Option<WindowRequest> {
    ui.horizontal_wrapped(|ui| {
        ui.strong("Slots");
        if ui
            .button("+ slot")
            .on_hover_text("a new empty slot in front of the others")
            .clicked()
        {
            editor.run(Command::Slot(SlotCommand::Add));
        }
    });
    if editor.slots().keyed() {
        // One short line (the panel is narrow): the whole sentence on hover.
        ui.weak("animating: keys at the playhead")
            .on_hover_text("animating: the choices below key the clip at the playhead");
    }
    let mut request = None;
    let rows = editor.slots().rows();
    // The slot of a shape just selected (drawn, moved to it, clicked) opens, showing its controls.
    let selected = editor.slots().selected_shape().map(|(shape, _)| shape.slot);
    let last_id = egui::Id::unique("limber slot of the selected shape");
    let last = ui.data(|d| d.get_temp::<Option<String>>(last_id)).flatten();
    let newly = selected.clone().filter(|s| Some(s) != last.as_ref());
    ui.data_mut(|d| d.insert_temp(last_id, selected));
    // A few slots show open; a character of many starts folded.
    let open = rows.len() <= OPEN_SLOTS;
    for row in rows {
        let title = match &row.shown {
            Some(shown) if *shown != row.name => format!("{} ({shown})", row.name),
            Some(_) => row.name.clone(),
            None => format!("{} (none)", row.name),
        };
        let mut outcome = Outcome::default();
        let reopen = ui.data(|d| d.get_temp::<String>(reopen_id())) == Some(row.name.clone());
        if reopen {
            ui.data_mut(|d| d.remove::<String>(reopen_id()));
        }
        let reveal = ui.data(|d| d.get_temp::<String>(reveal_id())) == Some(row.name.clone());
        egui::CollapsingHeader::new(one_line(ui, &title))
            .id_salt(("slot", row.name.as_str()))
            .default_open(open)
            .open((reopen || reveal || newly.as_ref() == Some(&row.name)).then_some(true))
            .show(ui, |ui| outcome = slot_body(ui, editor, &row))
            .header_response
            .on_hover_text(&title);
        if reveal {
            ui.data_mut(|d| d.remove::<String>(reveal_id()));
        }
        if outcome.add {
            request = Some(WindowRequest::Ask(Purpose::AddAttachment));
        }
        if let Some(renamed) = outcome.renamed {
            // The renamed slot's section stays open under its new name.
            ui.data_mut(|d| d.insert_temp(reopen_id(), renamed));
        }
    }
    request
}

/// Where a slot to open again next frame (renamed) is remembered.
fn reopen_id() -> egui::Id {
    egui::Id::unique("limber reopen slot")
}

/// Where a slot to open next frame (clicked in the tree) is remembered.
fn reveal_id() -> egui::Id {
    egui::Id::unique("limber reveal slot")
}

/// Opens slot `name`'s details when the panel is next drawn (without scrolling: the tree the click
/// came from stays under the pointer).
pub(crate) fn reveal(ctx: &egui::Context, name: &str) {
    ctx.data_mut(|d| d.insert_temp(reveal_id(), name.to_string()));
}

/// `text` on one line as wide as a slot's header has room for, ending in an ellipsis past it (the
/// header shows the whole on hover).
fn one_line(ui: &egui::Ui, text: &str) -> egui::WidgetText {
    let room = ui.available_width() - ui.spacing().indent - ui.spacing().button_padding.x * 2.0;
    let mut job = egui::text::LayoutJob::single_section(
        text.to_string(),
        egui::TextFormat::simple(
            egui::TextStyle::Button.resolve(ui.style()),
            // The header paints it in its own colour (hovered, open).
            egui::Color32::PLACEHOLDER,
        ),
    );
    job.wrap = egui::text::TextWrapping::truncate_at_width(room.max(20.0));
    // A laid-out galley keeps its own wrapping (text would be laid out again on one long line).
    egui::WidgetText::Galley(ui.fonts_mut(|f| f.layout_job(job)))
}

/// The active skin and the skin actions.
pub(crate) fn skins(ui: &mut egui::Ui, editor: &mut Editor) {
    let active = editor.slots().active_skin();
    ui.horizontal_wrapped(|ui| {
        let label = ui.label("Skin");
        let mut chosen = active.clone();
        egui::ComboBox::from_id_salt("active skin")
            .selected_text(&active)
            .show_ui(ui, |ui| {
                for name in editor.slots().skin_names() {
                    ui.selectable_value(&mut chosen, name.clone(), name);
                }
            })
            .response
            .labelled_by(label.id);
        if chosen != active {
            editor.run(Command::Skin(SkinCommand::SetActive { skin: chosen }));
        }
    });
    ui.horizontal_wrapped(|ui| {
        if ui
            .button("+ skin")
            .on_hover_text("a new skin, made active: attachments added next belong to it")
            .clicked()
        {
            editor.run(Command::Skin(SkinCommand::Add));
        }
        if ui.button("Duplicate skin").clicked() {
            editor.run(Command::Skin(SkinCommand::Duplicate {
                skin: active.clone(),
            }));
        }
        if active != crate::core::slots::DEFAULT_SKIN && ui.button("Delete skin").clicked() {
            editor.run(Command::Skin(SkinCommand::Delete {
                skin: active.clone(),
            }));
        }
    });
    if active != crate::core::slots::DEFAULT_SKIN {
        rename_field(
            ui,
            ("skin name", active.as_str()),
            "Skin name",
            &active,
            |to| {
                editor.run(Command::Skin(SkinCommand::Rename {
                    skin: active.clone(),
                    to: to.to_string(),
                }));
            },
        );
    }
}

/// What a slot's section asks of the panel.
#[derive(Default)]
struct Outcome {
    /// "+ attachment" was pressed.
    add: bool,
    /// The slot's new name.
    renamed: Option<String>,
}

/// One slot's controls.
fn slot_body(ui: &mut egui::Ui, editor: &mut Editor, row: &SlotRow) -> Outcome {
    let mut outcome = Outcome::default();
    rename_field(
        ui,
        ("slot name", row.name.as_str()),
        "Name",
        &row.name,
        |to| {
            let rename = SlotCommand::Rename {
                slot: row.name.clone(),
                to: to.to_string(),
            };
            if editor.run(Command::Slot(rename)).is_done() {
                outcome.renamed = Some(to.to_string());
            }
        },
    );
    // One row right under the name, above everything an added attachment changes (the list
    // grows, a part's own controls go): nothing moves under the pointer, Delete slot least of all.
    ui.horizontal_wrapped(|ui| {
        if ui
            .small_button("+ attachment")
            .on_hover_text("a PNG as a new attachment of this slot, meshed and weighted")
            .clicked()
        {
            editor.run(Command::Slot(SlotCommand::Select {
                slot: Some(row.name.clone()),
            }));
            outcome.add = true;
        }
        if ui.small_button("Delete slot").clicked() {
            editor.run(Command::Slot(SlotCommand::Delete {
                slot: row.name.clone(),
            }));
        }
    });
    order_row(ui, editor, row);
    ui.label("Shows");
    // Animating, a click on what already shows keys it at the playhead (so the first swap key
    // does not change what shows before it); in the setup it changes nothing.
    let keyed = editor.slots().keyed();
    let none = row.shown.is_none();
    if ui.radio(none, "(none)").clicked() && (!none || keyed) {
        editor.run(Command::Slot(SlotCommand::Show {
            slot: row.name.clone(),
            attachment: None,
        }));
    }
    for attachment in &row.attachments {
        let on = row.shown.as_deref() == Some(attachment.as_str());
        let response = ui.radio(on, attachment.as_str());
        if response.clicked() && (!on || keyed) {
            editor.run(Command::Slot(SlotCommand::Show {
                slot: row.name.clone(),
                attachment: Some(attachment.clone()),
            }));
        }
        if response.clicked() {
            // A bounding box, clip or point clicked is selected for editing (anything else clears it).
            editor.run(Command::Slot(SlotCommand::SelectShape {
                slot: row.name.clone(),
                attachment: Some(attachment.clone()),
            }));
        }
        if !row.own {
            response.context_menu(|ui| attachment_menu(ui, editor, &row.name, attachment));
        }
    }
    color_row(ui, editor, row);
    ui.horizontal_wrapped(|ui| {
        let label = ui.label("Blend");
        let mut blend = row.blend;
        egui::ComboBox::from_id_salt(("blend", row.name.as_str()))
            .selected_text(blend.name())
            .show_ui(ui, |ui| {
                for mode in [
                    Blend::Normal,
                    Blend::Additive,
                    Blend::Multiply,
                    Blend::Screen,
                ] {
                    ui.selectable_value(&mut blend, mode, mode.name());
                }
            })
            .response
            .labelled_by(label.id);
        if blend != row.blend {
            editor.run(Command::Slot(SlotCommand::SetBlend {
                slot: row.name.clone(),
                blend,
            }));
        }
    });
    super::shape_panel::show(ui, editor, &row.name);
    outcome
}

/// An attachment's right-click menu: rename, move to another slot (a box, point or clipping),
/// delete.
pub(crate) fn attachment_menu(
    ui: &mut egui::Ui,
    editor: &mut Editor,
    slot: &str,
    attachment: &str,
) {
    rename_field(
        ui,
        ("attachment name", slot, attachment),
        "Rename",
        attachment,
        |to| {
            editor.run(Command::Slot(SlotCommand::RenameAttachment {
                slot: slot.to_string(),
                attachment: attachment.to_string(),
                to: to.to_string(),
            }));
        },
    );
    let targets = editor.slots().move_targets(slot, attachment);
    if !targets.is_empty() {
        ui.menu_button("Move to slot", |ui| {
            for to in targets {
                if ui.button(&to).clicked() {
                    editor.run(Command::Slot(SlotCommand::MoveAttachment {
                        slot: slot.to_string(),
                        attachment: attachment.to_string(),
                        to,
                    }));
                    ui.close();
                }
            }
        });
    }
    if ui.button("Delete attachment").clicked() {
        editor.run(Command::Slot(SlotCommand::DeleteAttachment {
            slot: slot.to_string(),
            attachment: attachment.to_string(),
        }));
        ui.close();
    }
}

/// The colour: a picker (one undo step while it is open) and R, G, B, A fields (0–1).
fn color_row(ui: &mut egui::Ui, editor: &mut Editor, row: &SlotRow) {
    ui.horizontal_wrapped(|ui| {
        ui.label("Colour");
        let mut rgba = row.color.map(|c| c as f32);
        let popup = ui.auto_id_with("popup");
        let response = ui.color_edit_button_rgba_unmultiplied(&mut rgba);
        picker_step(
            ui,
            editor,
            popup,
            &response,
            || rgba.map(f64::from),
            &row.name,
        );
    });
    ui.horizontal_wrapped(|ui| {
        for (channel, label) in ["R", "G", "B", "A"].into_iter().enumerate() {
            let mut value = row.color[channel];
            let response = ui.add(
                number_field(&mut value)
                    .range(0.0..=1.0)
                    .speed(0.01)
                    .max_decimals(3)
                    .prefix(format!("{label} ")),
            );
            drag_edit(ui, editor, &response, |editor| {
                let mut color = row.color;
                color[channel] = value;
                editor.run(Command::Slot(SlotCommand::SetColor {
                    slot: row.name.clone(),
                    color,
                }));
            });
        }
    });
}

/// Applies the picker's colour while it is open, inside one undo step (the editor's drag of the
/// picker, known by its popup's id) that ends when it closes; Esc puts the colour back.
fn picker_step(
    ui: &egui::Ui,
    editor: &mut Editor,
    popup: egui::Id,
    response: &egui::Response,
    color: impl FnOnce() -> [f64; 4],
    slot: &str,
) {
    let picker = popup.value();
    if response.changed() {
        editor.press_widget(picker);
        if editor.widget_drag(picker) == Some(WidgetDrag::Editing) {
            editor.run(Command::Slot(SlotCommand::SetColor {
                slot: slot.to_string(),
                color: color(),
            }));
        }
    } else if editor.widget_drag(picker).is_some() && !egui::Popup::is_id_open(ui.ctx(), popup) {
        editor.release();
    }
}

/// The draw order (keyed at the playhead for a part's own slot when animating) and the move
/// buttons.
fn order_row(ui: &mut egui::Ui, editor: &mut Editor, row: &SlotRow) {
    ui.horizontal_wrapped(|ui| {
        if ui
            .small_button("Forward")
            .on_hover_text("draw in front of the slot above")
            .clicked()
        {
            editor.run(Command::Slot(SlotCommand::Move {
                slot: row.name.clone(),
                toward_front: true,
            }));
        }
        if ui
            .small_button("Back")
            .on_hover_text("draw behind the slot below")
            .clicked()
        {
            editor.run(Command::Slot(SlotCommand::Move {
                slot: row.name.clone(),
                toward_front: false,
            }));
        }
        ui.weak(format!("order {}", row.draw_order));
    });
    ui.horizontal_wrapped(|ui| {
        if let Some(part) = row
            .own
            .then(|| {
                editor
                    .document()
                    .project
                    .parts
                    .iter()
                    .position(|p| p.name == row.name)
            })
            .flatten()
        {
            part_controls(ui, editor, part);
        }
    });
}

/// A part's own slot: its keyed draw order when animating, pixel art (its vertex count is the
/// Mesh inspector's).
fn part_controls(ui: &mut egui::Ui, editor: &mut Editor, index: usize) {
    let keyed = editor.slots().keyed();
    if keyed {
        let mut order = editor
            .animation()
            .draw_order_at_playhead(index)
            .unwrap_or(editor.document().project.parts[index].draw_order);
        let response = ui.add(
            number_field(&mut order)
                .range(-1000..=1000)
                .prefix("order at playhead "),
        );
        let key = Command::Slot(SlotCommand::KeyDrawOrder { part: index, order });
        drag_edit(ui, editor, &response, |editor| {
            editor.run(key.clone());
        });
        if ui.button("Key order").clicked() {
            editor.run(key);
        }
    }
    let mut pixel_art = editor.document().project.parts[index].pixel_art;
    if ui
        .checkbox(&mut pixel_art, "pixels")
        .on_hover_text(
            "pixel art: sharp pixels (nearest-neighbour), in the view and in rendered exports",
        )
        .changed()
    {
        editor.run(Command::Slot(SlotCommand::SetPixelArt {
            part: index,
            on: pixel_art,
        }));
    }
}

/// The name field labelled `label` showing `current` ([`commit_field`]): `rename` runs with the
/// new name when one is committed.
fn rename_field(
    ui: &mut egui::Ui,
    salt: impl std::hash::Hash + std::fmt::Debug,
    label: &str,
    current: &str,
    rename: impl FnOnce(&str),
) {
    if let Some(to) = commit_field(ui, salt, label, current, Some(FIELD_WIDTH)) {
        rename(&to);
    }
}
