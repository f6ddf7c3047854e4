//! The slots panel's commands: a slot's attachments, colour, blend and draw order, its shapes
//! (bounding boxes, points, clipping) and a part's own slot's pixel-art switch. Carried out by
//! `slot_actions.rs`, `attachment_shapes.rs` and `parts.rs`.

use limber_core::slots::{AttachmentKind, Blend};

use crate::editor::Editor;

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
            Self::CloseShape => "close shape",
            Self::CancelShape => "cancel shape",
            Self::SetDrawingEnd { .. } => "set clipping end",
            Self::SetClipEnd { .. } => "set clipping end",
            Self::KeyDrawOrder { .. } => "key draw order",
            Self::SetPixelArt { .. } => "set pixel art",
        }
    }

    /// Carries the edit out; whether anything changed.
    pub(crate) fn run(self, editor: &mut Editor) -> bool {
        match self {
            Self::Add => editor.add_slot(),
            Self::Delete { slot } => editor.delete_slot(&slot),
            Self::Rename { slot, to } => editor.rename_slot(&slot, &to),
            Self::Move { slot, toward_front } => editor.move_slot(&slot, toward_front),
            Self::Select { slot } => {
                editor.select_slot(slot.as_deref());
                true
            }
            Self::SetColor { slot, color } => editor.set_slot_color(&slot, color),
            Self::SetBlend { slot, blend } => editor.set_slot_blend(&slot, blend),
            Self::Show { slot, attachment } => editor.show_attachment(&slot, attachment.as_deref()),
            Self::RenameAttachment {
                slot,
                attachment,
                to,
            } => editor.rename_attachment(&slot, &attachment, &to),
            Self::DeleteAttachment { slot, attachment } => {
                editor.delete_attachment(&slot, &attachment)
            }
            Self::SelectShape { slot, attachment } => {
                editor.select_shape(&slot, attachment.as_deref());
                true
            }
            Self::StartShape { slot, kind } => editor.start_shape(&slot, kind),
            Self::CloseShape => editor.close_shape(),
            Self::CancelShape => editor.cancel_shape(),
            Self::SetDrawingEnd { end } => {
                editor.set_drawing_end(&end);
                true
            }
            Self::SetClipEnd {
                slot,
                attachment,
                end,
            } => editor.set_clip_end(&slot, &attachment, &end),
            Self::KeyDrawOrder { part, order } => editor.key_draw_order(part, order),
            Self::SetPixelArt { part, on } => editor.set_pixel_art(part, on),
        }
    }
}
