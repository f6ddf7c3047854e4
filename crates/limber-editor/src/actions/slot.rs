//! The slots panel's commands: a slot's attachments, colour, blend and draw order, its shapes
//! (bounding boxes, points, clipping) and a part's own slot's pixel-art switch. Carried out by
//! `slot_actions.rs` and `attachment_shapes.rs`, which say why not with a [`SlotError`].

use limber_core::slots::{AttachmentKind, Blend};

use crate::editor::Editor;
use crate::slot_actions::{self, SlotError};
use crate::{attachment_actions, attachment_move, attachment_shapes};

/// One edit of a slot, its attachments or its shapes.
#[derive(Debug, Clone, PartialEq)]
pub enum SlotCommand {
    /// A new empty slot in front of the others.
    Add,
    Delete {
        slot: String,
    },
    Rename {
        slot: String,
        to: String,
    },
    /// One place toward the front (or the back) of the draw order.
    Move {
        slot: String,
        toward_front: bool,
    },
    /// The slot that "+ attachment" and the shapes act on.
    Select {
        slot: Option<String>,
    },
    /// Straight RGBA 0–1; keyed at the playhead when animating.
    SetColor {
        slot: String,
        color: [f64; 4],
    },
    SetBlend {
        slot: String,
        blend: Blend,
    },
    /// What the slot shows (`None`: nothing); keyed at the playhead when animating.
    Show {
        slot: String,
        attachment: Option<String>,
    },
    RenameAttachment {
        slot: String,
        attachment: String,
        to: String,
    },
    DeleteAttachment {
        slot: String,
        attachment: String,
    },
    /// A bounding box, point or clipping attachment picked for editing (`None` clears it).
    SelectShape {
        slot: String,
        attachment: Option<String>,
    },
    /// Starts drawing a new shape of `kind` in `slot`.
    StartShape {
        slot: String,
        kind: AttachmentKind,
    },
    /// Closes the shape being drawn (one undo step).
    CloseShape,
    CancelShape,
    /// Moves a bounding box, point or clipping attachment of `slot` into slot `to`.
    MoveAttachment {
        slot: String,
        attachment: String,
        to: String,
    },
    /// The slot a clipping shape being drawn clips up to.
    SetDrawingEnd {
        end: String,
    },
    /// The slot a clipping attachment clips up to.
    SetClipEnd {
        slot: String,
        attachment: String,
        end: String,
    },
    /// A part's setup draw order (its own slot's).
    SetDrawOrder {
        part: usize,
        order: i32,
    },
    /// A part's draw order keyed at the playhead.
    KeyDrawOrder {
        part: usize,
        order: i32,
    },
    /// Sharp pixels (nearest-neighbour) for one part.
    SetPixelArt {
        part: usize,
        on: bool,
    },
}

impl SlotCommand {
    /// What it does, in a few words.
    pub fn name(&self) -> &'static str {
        match self {
            Self::Add => "add slot",
            Self::Delete { .. } => "delete slot",
            Self::Rename { .. } => "rename slot",
            Self::Move { .. } => "move slot in the draw order",
            Self::Select { .. } => "select slot",
            Self::SetColor { .. } => "set slot colour",
            Self::SetBlend { .. } => "set slot blend",
            Self::Show { .. } => "show attachment",
            Self::RenameAttachment { .. } => "rename attachment",
            Self::DeleteAttachment { .. } => "delete attachment",
            Self::SelectShape { .. } => "select shape",
            Self::StartShape { .. } => "draw shape",
            Self::MoveAttachment { .. } => "move attachment to slot",
            Self::CloseShape => "close shape",
            Self::CancelShape => "cancel shape",
            Self::SetDrawingEnd { .. } => "set clipping end",
            Self::SetClipEnd { .. } => "set clipping end",
            Self::SetDrawOrder { .. } => "set draw order",
            Self::KeyDrawOrder { .. } => "key draw order",
            Self::SetPixelArt { .. } => "set pixel art",
        }
    }

    /// Carries the edit out; whether anything changed, or why not.
    pub(crate) fn run(self, editor: &mut Editor) -> Result<bool, SlotError> {
        match self {
            Self::Add => slot_actions::add(editor.step())?,
            Self::Delete { slot } => slot_actions::delete(editor.step(), &slot)?,
            Self::Rename { slot, to } => return slot_actions::rename(editor.step(), &slot, &to),
            Self::Move { slot, toward_front } => {
                return slot_actions::move_slot(editor.step(), &slot, toward_front);
            }
            Self::Select { slot } => editor.selection.set_slot(slot),
            Self::SetColor { slot, color } => {
                return slot_actions::set_color(editor.step(), &slot, color);
            }
            Self::SetBlend { slot, blend } => slot_actions::set_blend(editor.step(), &slot, blend)?,
            Self::Show { slot, attachment } => {
                return slot_actions::show_attachment(editor.step(), &slot, attachment.as_deref());
            }
            Self::RenameAttachment {
                slot,
                attachment,
                to,
            } => {
                return attachment_actions::rename_attachment(
                    editor.step(),
                    &slot,
                    &attachment,
                    &to,
                );
            }
            Self::DeleteAttachment { slot, attachment } => {
                attachment_actions::delete_attachment(editor.step(), &slot, &attachment)?
            }
            Self::SelectShape { slot, attachment } => {
                attachment_shapes::select(editor, &slot, attachment.as_deref())
            }
            Self::StartShape { slot, kind } => {
                return attachment_shapes::start(editor, &slot, kind);
            }
            Self::CloseShape => return attachment_shapes::close(editor),
            Self::MoveAttachment {
                slot,
                attachment,
                to,
            } => return attachment_move::move_attachment(editor.step(), &slot, &attachment, &to),
            Self::CancelShape => return Ok(attachment_shapes::cancel(editor)),
            Self::SetDrawingEnd { end } => editor.tools.shapes_mut().set_drawing_end(&end),
            Self::SetClipEnd {
                slot,
                attachment,
                end,
            } => return attachment_shapes::set_clip_end(editor.step(), &slot, &attachment, &end),
            Self::SetDrawOrder { part, order } => {
                slot_actions::set_draw_order(editor.step(), part, order)?
            }
            Self::KeyDrawOrder { part, order } => return Ok(editor.key_draw_order(part, order)),
            Self::SetPixelArt { part, on } => slot_actions::set_pixel_art(editor.step(), part, on)?,
        }
        Ok(true)
    }
}
