//! Skins, as part of the slots feature: add, rename, duplicate, delete and make active, each one
//! undo step over the open [`Step`], returning a [`SkinError`] that
//! [`Editor::run`](crate::editor::Editor::run) shows in the status line. A skin maps a slot's
//! attachment name (its placeholder) to the attachment shown in that skin; an attachment added
//! while a skin is active joins that skin (`slot_actions.rs`). The skins' names and the active one
//! are read from [`Slots`](crate::slot_actions::Slots).

use std::collections::HashSet;

use super::slot_actions::unused;
use super::step::Step;
use limber_core::edit::{Edit, EditError};
use limber_core::slots::{DEFAULT_SKIN, SkinRecord, SlotSet};

/// Why a skin action did nothing.
#[derive(Debug, thiserror::Error)]
pub enum SkinError {
    #[error("there is no skin {0}")]
    NoSkin(String),
    #[error("a skin is already called {0}")]
    Taken(String),
    #[error("the default skin keeps its name")]
    Default,
    #[error(transparent)]
    Unknown(#[from] limber_core::slots::SlotError),
    #[error(transparent)]
    Refused(#[from] EditError),
}

fn apply_skins(mut step: Step, set: SlotSet, done: String) -> Result<(), SkinError> {
    step.document.apply(Edit::SetSlots(Box::new(set)))?;
    step.status = done;
    step.commit();
    Ok(())
}

fn taken_skin_names(step: &Step) -> HashSet<String> {
    step.slots().skin_names().into_iter().collect()
}

/// Adds an empty skin ("skin", "skin 2", …) and makes it active, so attachments added next
/// belong to it. One undo step.
pub(crate) fn add(step: Step) -> Result<(), SkinError> {
    let name = unused(&taken_skin_names(&step), "skin");
    let mut set = step.document.project.rig.slots.clone();
    set.skins.push(SkinRecord {
        name: name.clone(),
        slots: Default::default(),
    });
    set.active_skin = Some(name.clone());
    apply_skins(step, set, format!("added skin {name} (active)"))
}

/// Duplicates skin `name` (with its entries) as "NAME copy" and makes the copy active. One undo
/// step.
pub(crate) fn duplicate(step: Step, name: &str) -> Result<(), SkinError> {
    let mut set = step.document.project.rig.slots.clone();
    let slots = match set.skin(name) {
        Some(skin) => skin.slots.clone(),
        None if name == DEFAULT_SKIN => Default::default(),
        None => return Err(SkinError::NoSkin(name.to_string())),
    };
    let copy = unused(&taken_skin_names(&step), &format!("{name} copy"));
    set.skins.push(SkinRecord {
        name: copy.clone(),
        slots,
    });
    set.active_skin = Some(copy.clone());
    apply_skins(step, set, format!("duplicated skin {name} as {copy}"))
}

/// Renames skin `from` (the default skin keeps its name). One undo step; `false` when `to` is
/// empty or the same.
pub(crate) fn rename(step: Step, from: &str, to: &str) -> Result<bool, SkinError> {
    let to = to.trim();
    if to.is_empty() || to == from {
        return Ok(false);
    }
    if from == DEFAULT_SKIN {
        return Err(SkinError::Default);
    }
    if taken_skin_names(&step).contains(to) {
        return Err(SkinError::Taken(to.to_string()));
    }
    let mut set = step.document.project.rig.slots.clone();
    let skin = set
        .skins
        .iter_mut()
        .find(|s| s.name == from)
        .ok_or_else(|| SkinError::NoSkin(from.to_string()))?;
    skin.name = to.to_string();
    if set.active_skin.as_deref() == Some(from) {
        set.active_skin = Some(to.to_string());
    }
    apply_skins(step, set, format!("renamed skin {from} to {to}"))?;
    Ok(true)
}

/// Deletes skin `name` (not the default); the default skin becomes active if it was. The
/// attachments stay in their slots. One undo step.
pub(crate) fn delete(step: Step, name: &str) -> Result<(), SkinError> {
    let mut set = step.document.project.rig.slots.clone();
    let before = set.skins.len();
    set.skins.retain(|s| s.name != name);
    if set.skins.len() == before {
        return Err(SkinError::NoSkin(name.to_string()));
    }
    if set.active_skin.as_deref() == Some(name) {
        set.active_skin = None;
    }
    apply_skins(step, set, format!("deleted skin {name}"))
}

/// Makes skin `name` the active one (what the view, renders and exports show). One undo step;
/// `false` when it already is.
pub(crate) fn set_active(step: Step, name: &str) -> Result<bool, SkinError> {
    if step.slots().active_skin() == name {
        return Ok(false);
    }
    let mut set = step.document.project.rig.slots.clone();
    set.set_active_skin(name)?;
    apply_skins(step, set, format!("skin {name} is active"))?;
    Ok(true)
}
