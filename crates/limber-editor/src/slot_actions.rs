//! Slots, as a feature model: a slot's setup attachment, colour and blend mode (keyed at the
//! playhead instead when animating a clip), adding, renaming, reordering and deleting slots, and a
//! part's draw order and pixel-art switch.
//! [`Slots`] (from [`Editor::slots`]) is what the slots panel, the shape panel, the viewport's
//! overlays and the dopesheet read; the actions are functions over the open undo
//! [`Step`](crate::step::Step), each one undo step, returning a [`SlotError`] that
//! [`Editor::run`] shows in the status line. A part's own slot is written out as a slot of its own
//! the first time one of these changes it ([`written_slot_for_part`]), which renders the same.
//! A slot's attachments (rename, delete, a new one from a PNG) are `attachment_actions.rs`, skins
//! `skin_actions.rs`, the shapes (boxes, clipping, points) `attachment_shapes.rs`, moving one to
//! another slot `attachment_move.rs`.

use std::collections::HashSet;

use super::editor::Editor;
use super::part_job::PartError;
use super::shape_state::{Drawing, ShapeState};
use super::step::Step;
use limber_core::animation::Clip;
use limber_core::animation::slot_keys::SlotKeyRecord;
use limber_core::edit::{Edit, EditError};
use limber_core::project::Project;
use limber_core::slots::slot_edits::written_slot_for_part;
use limber_core::slots::{
    AttachmentKind, AttachmentRecord, Blend, DEFAULT_SKIN, SlotFrame, SlotSet, SlotSource,
    sample_slots,
};

/// Why a slot, attachment or shape action did nothing.
#[derive(Debug, thiserror::Error)]
pub enum SlotError {
    #[error("there is no slot {0}")]
    NoSlot(String),
    #[error("slot {slot} has no attachment {attachment}")]
    NoAttachment { slot: String, attachment: String },
    #[error("slot {slot} already has an attachment {attachment}")]
    AttachmentTaken { slot: String, attachment: String },
    #[error("select a slot to add an attachment to")]
    NoSlotSelected,
    #[error("a part is being added: wait for it or cancel it")]
    PartBeingAdded,
    #[error("add a bone first: a {0} follows a bone")]
    NoBone(&'static str),
    #[error(
        "a clipping attachment clips the slots in front of its own: add a slot in front of {0} first"
    )]
    NothingInFront(String),
    #[error("a polygon needs at least {needs} points (it has {has})")]
    TooFewPoints { needs: usize, has: usize },
    #[error("a polygon keeps at least {0} points")]
    KeepsPoints(usize),
    #[error("bone {0} is scaled to nothing here: pose it first")]
    ScaledToNothing(String),
    #[error("{0} is a mesh: it stays in its slot (boxes, points and clippings move)")]
    MeshStays(String),
    #[error(
        "{attachment} of {slot} is keyed in a clip or named by a skin: remove those keys and skin entries first"
    )]
    AttachmentBound { slot: String, attachment: String },
    #[error(transparent)]
    Part(#[from] PartError),
    #[error(transparent)]
    Refused(#[from] EditError),
}

/// What the panel shows of one slot.
#[derive(Debug, Clone, PartialEq)]
pub struct SlotRow {
    pub name: String,
    /// Whether it is a part's own slot (not yet written out).
    pub own: bool,
    /// Its attachments' names (a part's own slot: the part's name).
    pub attachments: Vec<String>,
    /// What it shows now (the setup, or the clip at the playhead when animating).
    pub shown: Option<String>,
    /// Its colour now, straight RGBA 0–1.
    pub color: [f64; 4],
    pub blend: Blend,
    pub draw_order: i32,
}

/// The slots, skins and shapes as the panels read them, read-only.
#[derive(Debug, Clone, Copy)]
pub struct Slots<'a> {
    pub(crate) project: &'a Project,
    clip: Option<&'a Clip>,
    keyed: bool,
    playhead: f64,
    selected: Option<&'a str>,
    pub(crate) shapes: &'a ShapeState,
}

impl Editor {
    /// The slots, skins and attachment shapes as the panels read them. (The feature's one
    /// accessor lives here, not in `editor.rs`, so the coordinator imports no feature module.)
    pub fn slots(&self) -> Slots<'_> {
        Slots::new(
            &self.document.project,
            self.current_clip(),
            self.tools.mode() == super::editor::Mode::Animate,
            self.animation().playhead(),
            self.selection.slot(),
            self.tools.shapes(),
        )
    }
}

impl<'a> Slots<'a> {
    pub(crate) fn new(
        project: &'a Project,
        clip: Option<&'a Clip>,
        keyed: bool,
        playhead: f64,
        selected: Option<&'a str>,
        shapes: &'a ShapeState,
    ) -> Self {
        Self {
            project,
            clip,
            keyed,
            playhead,
            selected,
            shapes,
        }
    }

    /// Whether slot actions key the clip at the playhead (Animate mode; the first key without a
    /// clip makes one) rather than change the setup.
    pub fn keyed(&self) -> bool {
        self.keyed
    }

    /// The selected slot (where "+ attachment" adds).
    pub fn selected(&self) -> Option<&'a str> {
        self.selected
    }

    /// Every slot, front-most first, as it is now (at the playhead when animating a clip).
    pub fn rows(&self) -> Vec<SlotRow> {
        let project = self.project;
        let clip = self.clip.filter(|_| self.keyed);
        let frames = sample_slots(project, &[], clip, self.playhead);
        let views = project.slots();
        let mut rows: Vec<(usize, SlotRow)> = views
            .iter()
            .zip(&frames)
            .enumerate()
            .map(|(i, (view, frame))| (i, row(view, frame)))
            .collect();
        rows.sort_by(|(ia, a), (ib, b)| b.draw_order.cmp(&a.draw_order).then(ib.cmp(ia)));
        rows.into_iter().map(|(_, r)| r).collect()
    }

    /// Every skin's name, `default` first.
    pub fn skin_names(&self) -> Vec<String> {
        let set = &self.project.rig.slots;
        set.skin_names().into_iter().map(str::to_string).collect()
    }

    /// The active skin's name (`default` when none is set).
    pub fn active_skin(&self) -> String {
        let set = &self.project.rig.slots;
        set.active_skin
            .clone()
            .unwrap_or_else(|| DEFAULT_SKIN.to_string())
    }

    /// The attachment being drawn, if any.
    pub fn drawing(&self) -> Option<&'a Drawing> {
        self.shapes.drawing()
    }

    /// The names of the slots that have keys in the current clip: the project's slots in order,
    /// then any other name the keys use. The dopesheet shows a row for each.
    pub fn keyed_slots(&self) -> Vec<String> {
        let Some(clip) = self.clip else {
            return Vec::new();
        };
        let slots = self.project.slots();
        crate::key_selection::keyed_tracks(clip.slot_keys(), slots.iter().map(|s| s.name))
    }
}

/// The written slots with slot `name` written out if it is a part's own, and its index there.
pub(crate) fn writable_slots(project: &Project, name: &str) -> Option<(SlotSet, usize)> {
    let mut set = project.rig.slots.clone();
    if let Some(i) = set.slots.iter().position(|s| s.name == name) {
        return Some((set, i));
    }
    let view = project.slots().into_iter().find(|v| v.name == name)?;
    let SlotSource::Part(part) = view.source else {
        return None;
    };
    set.slots.push(written_slot_for_part(&project.parts[part]));
    let index = set.slots.len() - 1;
    Some((set, index))
}

/// [`writable_slots`] or [`SlotError::NoSlot`].
pub(crate) fn writable(project: &Project, name: &str) -> Result<(SlotSet, usize), SlotError> {
    writable_slots(project, name).ok_or_else(|| SlotError::NoSlot(name.to_string()))
}

/// Applies `set` as one undo step, saying `done` in the status.
pub(crate) fn apply_slots(mut step: Step, set: SlotSet, done: String) -> Result<(), SlotError> {
    step.document.apply(Edit::SetSlots(Box::new(set)))?;
    step.status = done;
    step.commit();
    Ok(())
}

/// Keys `key` in the current clip, or in a clip made for it (one undo step); `false` when no clip
/// could be made (the status says why).
fn key_slot(mut step: Step, key: SlotKeyRecord, done: String) -> Result<bool, SlotError> {
    let Some(clip) = step.clip_to_key() else {
        return Ok(false);
    };
    step.document.apply(Edit::SetSlotKey { clip, key })?;
    step.status = done;
    step.commit();
    Ok(true)
}

fn slot_key(step: &Step, slot: &str) -> SlotKeyRecord {
    SlotKeyRecord {
        slot: slot.to_string(),
        time: step.animation().playhead(),
        attachment: None,
        color: None,
        draw_order: None,
        interp: Default::default(),
    }
}

/// Shows `attachment` (or nothing) in slot `slot`: keyed at the playhead when animating a clip,
/// else as the slot's setup. One undo step.
pub(crate) fn show_attachment(
    step: Step,
    slot: &str,
    attachment: Option<&str>,
) -> Result<bool, SlotError> {
    let what = attachment.unwrap_or("nothing");
    if step.slots().keyed() {
        let key = SlotKeyRecord {
            attachment: Some(attachment.map(str::to_string)),
            ..slot_key(&step, slot)
        };
        let time = key.time;
        return key_slot(
            step,
            key,
            format!("keyed {slot} to show {what} at {time:.2} s"),
        );
    }
    let (mut set, i) = writable(&step.document.project, slot)?;
    set.slots[i].setup = attachment.map(str::to_string);
    apply_slots(step, set, format!("{slot} shows {what} at setup"))?;
    Ok(true)
}

/// Sets slot `slot`'s colour (straight RGBA 0–1): keyed at the playhead when animating a clip,
/// else its setup colour. One undo step.
pub(crate) fn set_color(step: Step, slot: &str, color: [f64; 4]) -> Result<bool, SlotError> {
    let color = color.map(|c| c.clamp(0.0, 1.0));
    if step.slots().keyed() {
        let key = SlotKeyRecord {
            color: Some(color),
            ..slot_key(&step, slot)
        };
        let time = key.time;
        return key_slot(step, key, format!("keyed {slot}'s colour at {time:.2} s"));
    }
    let (mut set, i) = writable(&step.document.project, slot)?;
    set.slots[i].color = color;
    apply_slots(step, set, format!("{slot}'s setup colour set"))?;
    Ok(true)
}

/// Sets slot `slot`'s blend mode. One undo step.
pub(crate) fn set_blend(step: Step, slot: &str, blend: Blend) -> Result<(), SlotError> {
    let (mut set, i) = writable(&step.document.project, slot)?;
    set.slots[i].blend = blend;
    apply_slots(step, set, format!("{slot} blends {}", blend.name()))
}

/// A new empty slot in front of every other ("slot", "slot 2", …). One undo step.
pub(crate) fn add(step: Step) -> Result<(), SlotError> {
    let rows = step.slots().rows();
    let taken: HashSet<String> = rows.iter().map(|r| r.name.clone()).collect();
    let name = unused(&taken, "slot");
    let front = rows.first().map_or(0, |r| r.draw_order + 1);
    let mut set = step.document.project.rig.slots.clone();
    set.slots.push(limber_core::slots::SlotRecord {
        name: name.clone(),
        draw_order: front,
        attachments: Vec::new(),
        setup: None,
        color: limber_core::slots::WHITE,
        blend: Blend::Normal,
    });
    apply_slots(step, set, format!("added slot {name}"))
}

/// Renames slot `from` (its keys and skin entries follow). One undo step; `false` when `to` is
/// empty or the same.
pub(crate) fn rename(mut step: Step, from: &str, to: &str) -> Result<bool, SlotError> {
    let to = to.trim();
    if to.is_empty() || to == from {
        return Ok(false);
    }
    step.document.apply(Edit::RenameSlot {
        from: from.to_string(),
        to: to.to_string(),
    })?;
    step.status = format!("renamed slot {from} to {to}");
    step.commit();
    Ok(true)
}

/// Moves slot `slot` one place toward the front (or the back) of the draw order, swapping orders
/// with its neighbour. One undo step; `false` when it is already at that end.
pub(crate) fn move_slot(mut step: Step, slot: &str, toward_front: bool) -> Result<bool, SlotError> {
    let rows = step.slots().rows();
    let Some(at) = rows.iter().position(|r| r.name == slot) else {
        return Err(SlotError::NoSlot(slot.to_string()));
    };
    let other = if toward_front {
        at.checked_sub(1)
    } else {
        Some(at + 1).filter(|&i| i < rows.len())
    };
    let Some(other) = other else {
        return Ok(false);
    };
    let (mine, theirs) = (rows[at].draw_order, rows[other].draw_order);
    let (new_mine, new_theirs) = if mine == theirs {
        let step = if toward_front { 1 } else { -1 };
        (mine + step, theirs)
    } else {
        (theirs, mine)
    };
    set_slot_order(&mut step, slot, new_mine)?;
    set_slot_order(&mut step, &rows[other].name, new_theirs)?;
    step.status = format!(
        "moved {slot} {}",
        if toward_front { "forward" } else { "back" }
    );
    step.commit();
    Ok(true)
}

/// Sets a slot's setup draw order (a part's own slot: its part's), within the open step.
fn set_slot_order(step: &mut Step, slot: &str, order: i32) -> Result<(), SlotError> {
    let project = &step.document.project;
    if let Some(part) = project
        .slots()
        .iter()
        .find(|v| v.name == slot && v.record.is_none())
        .and_then(|v| match v.source {
            SlotSource::Part(p) => Some(p),
            SlotSource::Written(_) => None,
        })
    {
        if project.parts[part].draw_order != order {
            step.document.apply(Edit::SetDrawOrder {
                part,
                draw_order: order,
            })?;
        }
        return Ok(());
    }
    let (mut set, i) = writable(project, slot)?;
    if set.slots[i].draw_order == order {
        return Ok(());
    }
    set.slots[i].draw_order = order;
    step.document.apply(Edit::SetSlots(Box::new(set)))?;
    Ok(())
}

/// Deletes slot `slot` with its attachments, the parts only they showed, its keys and skin
/// entries. One undo step.
pub(crate) fn delete(mut step: Step, slot: &str) -> Result<(), SlotError> {
    let (mut set, i) = writable(&step.document.project, slot)?;
    let removed = set.slots.remove(i);
    let parts = unshown_parts(&step.document.project, &removed.attachments, &set);
    step.document.apply(Edit::SetSlots(Box::new(set)))?;
    if !parts.is_empty() {
        step.document.apply(Edit::RemoveParts { parts })?;
    }
    step.select_refs(Vec::new());
    step.selection.set_vertex(None);
    step.weights.clear();
    step.status = format!("deleted slot {slot}");
    step.commit();
    Ok(())
}

/// Sets part `part`'s draw order (its own slot's). One undo step.
pub(crate) fn set_draw_order(
    mut step: Step,
    part: usize,
    draw_order: i32,
) -> Result<(), SlotError> {
    step.document
        .apply(Edit::SetDrawOrder { part, draw_order })?;
    step.commit();
    Ok(())
}

/// Draws (and renders) part `part` with sharp pixels, or smoothly. One undo step.
pub(crate) fn set_pixel_art(mut step: Step, part: usize, pixel_art: bool) -> Result<(), SlotError> {
    step.document.apply(Edit::SetPixelArt { part, pixel_art })?;
    step.commit();
    Ok(())
}

/// Pixel art on for every part, or off for all when every part has it. One undo step.
pub(crate) fn toggle_pixel_art(mut step: Step) -> Result<(), SlotError> {
    let parts = &step.document.project.parts;
    let on = !parts.iter().all(|p| p.pixel_art);
    let changed: Vec<usize> = (0..parts.len())
        .filter(|&i| parts[i].pixel_art != on)
        .collect();
    for part in changed {
        step.document.apply(Edit::SetPixelArt {
            part,
            pixel_art: on,
        })?;
    }
    step.status = if on {
        "pixel art: sharp pixels".into()
    } else {
        "pixel art off: smooth".into()
    };
    step.commit();
    Ok(())
}

/// The parts shown by `attachments` that no slot of `set` shows.
pub(crate) fn unshown_parts(
    project: &Project,
    attachments: &[AttachmentRecord],
    set: &SlotSet,
) -> Vec<usize> {
    let still: HashSet<&str> = set
        .slots
        .iter()
        .flat_map(|s| &s.attachments)
        .filter_map(|a| a.part())
        .collect();
    let parts = &project.parts;
    attachments
        .iter()
        .filter(|a| a.kind() == AttachmentKind::Mesh)
        .filter_map(|a| a.part())
        .filter(|p| !still.contains(p))
        .filter_map(|p| parts.iter().position(|x| x.name == p))
        .collect()
}

/// `stem` if `taken` lacks it, else `stem 2`, `stem 3`, …
pub(crate) fn unused(taken: &HashSet<String>, stem: &str) -> String {
    if !taken.contains(stem) {
        return stem.to_string();
    }
    (2..)
        .map(|i| format!("{stem} {i}"))
        .find(|name| !taken.contains(name))
        .unwrap_or_else(|| stem.to_string())
}

fn row(view: &limber_core::slots::SlotView<'_>, frame: &SlotFrame) -> SlotRow {
    let shown = frame.shown.and_then(|shown| match shown {
        limber_core::slots::Shown::Part(_) => Some(view.name.to_string()),
        limber_core::slots::Shown::Attachment(a) => view.attachment(a).map(|a| a.name().to_owned()),
    });
    SlotRow {
        name: view.name.to_string(),
        own: view.record.is_none(),
        attachments: view
            .attachment_names()
            .into_iter()
            .map(str::to_string)
            .collect(),
        shown,
        color: frame.color,
        blend: view.blend(),
        draw_order: frame.draw_order,
    }
}
