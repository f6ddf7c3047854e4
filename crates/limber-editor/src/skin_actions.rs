//! The skins list's actions: add, rename, duplicate, delete and make active. A skin maps a slot's
//! attachment name (its placeholder) to the attachment shown in that skin; an attachment added
//! while a skin is active joins that skin (`slot_actions.rs`). Each action is one undo step.

use std::collections::HashSet;

use super::editor::Editor;
use super::slot_actions::unused;
use limber_core::edit::Edit;
use limber_core::slots::{DEFAULT_SKIN, SkinRecord, SlotSet};

impl Editor {
    /// Every skin's name, `default` first.
    pub fn skin_names(&self) -> Vec<String> {
        let set = &self.document.project.rig.slots;
        set.skin_names().into_iter().map(str::to_string).collect()
    }

    /// The active skin's name (`default` when none is set).
    pub fn active_skin(&self) -> String {
        let set = &self.document.project.rig.slots;
        set.active_skin
            .clone()
            .unwrap_or_else(|| DEFAULT_SKIN.to_string())
    }

    fn apply_skins(&mut self, set: SlotSet, done: String) -> bool {
        let applied = self.apply(Edit::SetSlots(Box::new(set)));
        if applied {
            self.status = done;
        }
        applied
    }

    fn taken_skin_names(&self) -> HashSet<String> {
        self.skin_names().into_iter().collect()
    }

    /// Adds an empty skin ("skin", "skin 2", …) and makes it active, so attachments added next
    /// belong to it. One undo step.
    pub fn add_skin(&mut self) -> bool {
        let name = unused(&self.taken_skin_names(), "skin");
        let mut set = self.document.project.rig.slots.clone();
        set.skins.push(SkinRecord {
            name: name.clone(),
            slots: Default::default(),
        });
        set.active_skin = Some(name.clone());
        self.apply_skins(set, format!("added skin {name} (active)"))
    }

    /// Duplicates skin `name` (with its entries) as "NAME copy" and makes the copy active. One undo
    /// step.
    pub fn duplicate_skin(&mut self, name: &str) -> bool {
        let mut set = self.document.project.rig.slots.clone();
        let slots = match set.skin(name) {
            Some(skin) => skin.slots.clone(),
            None if name == DEFAULT_SKIN => Default::default(),
            None => return false,
        };
        let copy = unused(&self.taken_skin_names(), &format!("{name} copy"));
        set.skins.push(SkinRecord {
            name: copy.clone(),
            slots,
        });
        set.active_skin = Some(copy.clone());
        self.apply_skins(set, format!("duplicated skin {name} as {copy}"))
    }

    /// Renames skin `from` (the default skin keeps its name). One undo step.
    pub fn rename_skin(&mut self, from: &str, to: &str) -> bool {
        let to = to.trim();
        if to.is_empty() || to == from || from == DEFAULT_SKIN {
            return false;
        }
        if self.taken_skin_names().contains(to) {
            self.status = format!("a skin is already called {to}");
            return false;
        }
        let mut set = self.document.project.rig.slots.clone();
        let Some(skin) = set.skins.iter_mut().find(|s| s.name == from) else {
            return false;
        };
        skin.name = to.to_string();
        if set.active_skin.as_deref() == Some(from) {
            set.active_skin = Some(to.to_string());
        }
        self.apply_skins(set, format!("renamed skin {from} to {to}"))
    }

    /// Deletes skin `name` (not the default); the default skin becomes active if it was. The
    /// attachments stay in their slots. One undo step.
    pub fn delete_skin(&mut self, name: &str) -> bool {
        let mut set = self.document.project.rig.slots.clone();
        let before = set.skins.len();
        set.skins.retain(|s| s.name != name);
        if set.skins.len() == before {
            return false;
        }
        if set.active_skin.as_deref() == Some(name) {
            set.active_skin = None;
        }
        self.apply_skins(set, format!("deleted skin {name}"))
    }

    /// Makes skin `name` the active one (what the view, renders and exports show). One undo step.
    pub fn set_active_skin(&mut self, name: &str) -> bool {
        if self.active_skin() == name {
            return false;
        }
        let mut set = self.document.project.rig.slots.clone();
        if let Err(e) = set.set_active_skin(name) {
            self.status = e.to_string();
            return false;
        }
        self.apply_skins(set, format!("skin {name} is active"))
    }
}
